"""Schema 3: each action records the station that entered it and its operator.

Several stations may write one tournament (a cashier desk, the floor, the director); the history and
the audit show who entered what. Both are empty text on a single laptop, and for every action of an
older file, which was written by one laptop.

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("actions") as batch:
        batch.add_column(sa.Column("station", sa.String(64), nullable=False, server_default=""))
        batch.add_column(sa.Column("operator", sa.String(64), nullable=False, server_default=""))
    op.execute("UPDATE meta SET value = '3' WHERE key = 'schema'")


def downgrade() -> None:
    with op.batch_alter_table("actions") as batch:
        batch.drop_column("operator")
        batch.drop_column("station")
    op.execute("UPDATE meta SET value = '2' WHERE key = 'schema'")
