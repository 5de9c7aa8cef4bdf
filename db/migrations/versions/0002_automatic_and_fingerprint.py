"""Schema 2: automatic actions (skipped by undo) and a state-layout fingerprint on snapshots.

A snapshot whose fingerprint differs from the running app's is ignored and the log replayed instead,
so a snapshot written for an older layout of the engine state can never be loaded wrongly. Snapshots
from schema 1 get an empty fingerprint and are therefore rebuilt from the log on first open.

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("actions") as batch:
        batch.add_column(sa.Column("automatic", sa.Boolean(), nullable=False, server_default="0"))
    with op.batch_alter_table("snapshots") as batch:
        batch.add_column(sa.Column("fingerprint", sa.String(64), nullable=False, server_default=""))
    op.execute("UPDATE meta SET value = '2' WHERE key = 'schema'")


def downgrade() -> None:
    with op.batch_alter_table("snapshots") as batch:
        batch.drop_column("fingerprint")
    with op.batch_alter_table("actions") as batch:
        batch.drop_column("automatic")
    op.execute("UPDATE meta SET value = '1' WHERE key = 'schema'")
