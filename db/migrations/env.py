"""Alembic environment: always run on the connection the store hands over (never from a URL)."""

from __future__ import annotations

from alembic import context

from db.models import Base

config = context.config
connection = config.attributes.get("connection")
if connection is None:
    raise RuntimeError("Floorman runs its migrations through db.schema.migrate(), with an open connection.")

context.configure(connection=connection, target_metadata=Base.metadata, render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()
