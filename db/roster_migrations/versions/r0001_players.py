"""Roster schema 1: meta and players (as the roster was made before it had migrations).

A roster made before then has these tables already and no version: they are kept as they are.

Revision ID: r0001
Revises:
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "r0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    tables = set(sa.inspect(op.get_bind()).get_table_names())
    if "meta" not in tables:
        op.create_table(
            "meta",
            sa.Column("key", sa.String(64), primary_key=True),
            sa.Column("value", sa.Text(), nullable=False),
        )
    if "players" not in tables:
        op.create_table(
            "players",
            sa.Column("id", sa.Integer(), primary_key=True),
            sa.Column("name", sa.Text(), nullable=False),
            sa.Column("nickname", sa.Text(), nullable=True),
            sa.Column("contact", sa.Text(), nullable=True),
            sa.Column("search_key", sa.Text(), nullable=False),
            sa.Column("created_at", sa.Float(), nullable=False),
            sa.Column("updated_at", sa.Float(), nullable=False),
        )
        op.create_index("ix_players_search_key", "players", ["search_key"])


def downgrade() -> None:
    op.drop_index("ix_players_search_key", "players")
    op.drop_table("players")
    op.drop_table("meta")
