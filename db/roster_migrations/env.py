"""Alembic environment of the player roster (its own chain, beside the tournament file's).

Always run on the connection :meth:`db.roster.Roster.open` hands over, never from a URL.
"""

from __future__ import annotations

from alembic import context

from db.roster import RosterBase

config = context.config
connection = config.attributes.get("connection")
if connection is None:
    raise RuntimeError("Floorman runs the roster's migrations through db.roster.Roster.open(), "
                       "with an open connection.")

context.configure(connection=connection, target_metadata=RosterBase.metadata, render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()
