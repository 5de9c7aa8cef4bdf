"""Alembic migrations of the tournament file, shipped inside the package (see db.schema)."""
