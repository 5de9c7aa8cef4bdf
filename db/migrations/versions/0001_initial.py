"""Schema 1: meta, the action log and engine snapshots.

Revision ID: 0001
Revises:
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "meta",
        sa.Column("key", sa.String(64), primary_key=True),
        sa.Column("value", sa.Text(), nullable=False),
    )
    op.create_table(
        "actions",
        sa.Column("seq", sa.Integer(), primary_key=True, autoincrement=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("at", sa.Float(), nullable=False),
        sa.Column("label", sa.Text(), nullable=False),
        sa.Column("command", sa.Text(), nullable=False),
        sa.Column("events", sa.Text(), nullable=False),
        sa.Column("target", sa.Integer(), sa.ForeignKey("actions.seq"), nullable=True),
    )
    op.create_table(
        "snapshots",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("action_seq", sa.Integer(), sa.ForeignKey("actions.seq"), nullable=False),
        sa.Column("state", sa.LargeBinary(), nullable=False),
    )
    op.create_index("ix_snapshots_action_seq", "snapshots", ["action_seq"])


def downgrade() -> None:
    op.drop_index("ix_snapshots_action_seq", "snapshots")
    op.drop_table("snapshots")
    op.drop_table("actions")
    op.drop_table("meta")
