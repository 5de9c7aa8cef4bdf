"""Roster revision 3: the search keys folded again, with the letters Unicode does not decompose.

``players.search_key`` holds the folded name, nickname and contact (``app.names.fold_key``). The fold
now spells out ø, ł, æ, œ, ß, đ, ð, þ, ı and the like ("Søren" is "soren"), so the keys written before
are made again: a player typed "soren" or "lukasz" finds Søren and Łukasz, and the league does not
make them new people. Only the keys change; names and everything else stay as they were.

Revision ID: r0003
Revises: r0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from app.names import fold_key

revision = "r0003"
down_revision = "r0002"
branch_labels = None
depends_on = None


def _key(*parts: str | None) -> str:
    return " | ".join(fold_key(x or "") for x in parts)


def upgrade() -> None:
    conn = op.get_bind()
    rows = conn.execute(sa.text("SELECT id, name, nickname, contact, search_key FROM players")).all()
    changed = [{"id": pid, "key": _key(name, nickname, contact)} for pid, name, nickname, contact, key in rows
               if _key(name, nickname, contact) != key]
    if changed:
        conn.execute(sa.text("UPDATE players SET search_key = :key WHERE id = :id"), changed)


def downgrade() -> None:
    pass  # the older keys were a looser fold of the same text; the newer ones serve it as well
