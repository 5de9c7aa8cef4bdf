"""The tables of a tournament file (typed SQLAlchemy 2 models).

A tournament file holds:

* ``meta``: key/value facts about the file (``format``, ``schema``, the app version that wrote it,
  the tournament's name). ``format`` is what tells a Floorman file from any other SQLite database.
* ``actions``: the log, the source of truth. One row per director action (or automatic action such
  as a clock tick), in order, with every event the engine emitted for it as one JSON array. Undo and
  redo are rows too (``kind`` = ``undo``/``redo``, ``target`` = the ``seq`` they act on), so the
  audit trail keeps everything that was ever done. ``station`` and ``operator`` say who entered it
  (empty on a single laptop).
* ``snapshots``: the engine state after the action ``action_seq`` (``app/log/snapshots.py``: MessagePack
  data with a format tag), so opening a large
  tournament loads one snapshot and replays only the tail of the log.

These models define the schema (Alembic's migrations are made from them). Opening an up-to-date
file reads the same tables through plain ``sqlite3`` with the column names of ``db/fileformat.py``.
"""

from __future__ import annotations

from sqlalchemy import Boolean, Float, ForeignKey, Integer, LargeBinary, String, Text
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

from db.fileformat import FORMAT, KIND_CREATE, KIND_DO, KIND_REDO, KIND_UNDO, REVISIONS, SCHEMA_VERSION

__all__ = ["FORMAT", "KIND_CREATE", "KIND_DO", "KIND_REDO", "KIND_UNDO", "REVISIONS", "SCHEMA_VERSION",
           "ActionRow", "Base", "Meta", "SnapshotRow"]


class Base(DeclarativeBase):
    pass


class Meta(Base):
    __tablename__ = "meta"

    key: Mapped[str] = mapped_column(String(64), primary_key=True)
    value: Mapped[str] = mapped_column(Text)


class ActionRow(Base):
    __tablename__ = "actions"

    seq: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    kind: Mapped[str] = mapped_column(String(16))
    at: Mapped[float] = mapped_column(Float)
    label: Mapped[str] = mapped_column(Text)
    command: Mapped[str] = mapped_column(Text)  # JSON object ("{}" for undo/redo)
    events: Mapped[str] = mapped_column(Text)  # JSON array of Event.to_dict()
    target: Mapped[int | None] = mapped_column(Integer, ForeignKey("actions.seq"), nullable=True)
    automatic: Mapped[bool] = mapped_column(Boolean, default=False, server_default="0")
    station: Mapped[str] = mapped_column(String(64), default="", server_default="")  # "" on a single laptop
    operator: Mapped[str] = mapped_column(String(64), default="", server_default="")


class SnapshotRow(Base):
    __tablename__ = "snapshots"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    action_seq: Mapped[int] = mapped_column(Integer, ForeignKey("actions.seq"), index=True)
    fingerprint: Mapped[str] = mapped_column(String(64), default="", server_default="")
    state: Mapped[bytes] = mapped_column(LargeBinary)
