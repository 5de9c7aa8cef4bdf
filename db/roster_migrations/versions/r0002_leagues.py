"""Roster schema 2: leagues, seasons, the events that joined them and their results; merged players.

``players.merged_into``: a roster entry found to be the same person as another points to it (the
entry and its history are kept; ``merges`` logs every merge and its undoing).

Revision ID: r0002
Revises: r0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "r0002"
down_revision = "r0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("players") as batch:
        batch.add_column(sa.Column("merged_into", sa.Integer(), nullable=True))
        batch.add_column(sa.Column("merged_at", sa.Float(), nullable=True))
    op.create_table(
        "merges",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("from_id", sa.Integer(), nullable=False),
        sa.Column("into_id", sa.Integer(), nullable=False),
        sa.Column("at", sa.Float(), nullable=False),
        sa.Column("undone_at", sa.Float(), nullable=True),
    )
    op.create_table(
        "leagues",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("name", sa.Text(), nullable=False, unique=True),
        sa.Column("rules", sa.Text(), nullable=False),
        sa.Column("created_at", sa.Float(), nullable=False),
    )
    op.create_table(
        "seasons",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("league_id", sa.Integer(), sa.ForeignKey("leagues.id"), nullable=False),
        sa.Column("name", sa.Text(), nullable=False),
        sa.Column("created_at", sa.Float(), nullable=False),
        sa.UniqueConstraint("league_id", "name", name="uq_seasons_league_name"),
    )
    op.create_table(
        "league_events",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("key", sa.Text(), nullable=False, unique=True),
        sa.Column("name", sa.Text(), nullable=False),
        sa.Column("played_on", sa.String(10), nullable=False),
        sa.Column("entries", sa.Integer(), nullable=False),
        sa.Column("buy_in_cents", sa.Integer(), nullable=False),
        sa.Column("currency", sa.String(8), nullable=False),
        sa.Column("finished", sa.Boolean(), nullable=False),
        sa.Column("updated_at", sa.Float(), nullable=False),
    )
    op.create_table(
        "season_events",
        sa.Column("season_id", sa.Integer(), sa.ForeignKey("seasons.id"), primary_key=True),
        sa.Column("event_id", sa.Integer(), sa.ForeignKey("league_events.id"), primary_key=True),
        sa.Column("counts", sa.Boolean(), nullable=False),
    )
    op.create_table(
        "league_results",
        sa.Column("event_id", sa.Integer(), sa.ForeignKey("league_events.id"), primary_key=True),
        sa.Column("player_id", sa.Integer(), sa.ForeignKey("players.id"), primary_key=True),
        sa.Column("place", sa.Integer(), nullable=False),
        sa.Column("knockouts", sa.Integer(), nullable=False),
        sa.Column("prize_cents", sa.Integer(), nullable=False),
    )
    op.execute("UPDATE meta SET value = '2' WHERE key = 'schema'")


def downgrade() -> None:
    for name in ("league_results", "season_events", "league_events", "seasons", "leagues", "merges"):
        op.drop_table(name)
    with op.batch_alter_table("players") as batch:
        batch.drop_column("merged_at")
        batch.drop_column("merged_into")
    op.execute("UPDATE meta SET value = '1' WHERE key = 'schema'")
