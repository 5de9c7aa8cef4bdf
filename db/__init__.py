"""The tournament store: SQLite through SQLAlchemy, the event log, snapshots, undo, backups."""
