"""Opening a tournament file into a session: read-write, or read-only when another copy holds it or Floorman
cannot write to it. Kept apart from the windows (``ui.start``) so a window may open another tournament (an
event's Day 2) without importing the module that builds windows."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from app.i18n import _
from ui.recent import remember
from ui.session import Session

if TYPE_CHECKING:
    from app.api import Profile


def store_session(path: str | Path, profile: Profile | None = None, name: str = "") -> Session:
    """Open (or create, given a profile) a tournament file. Imports the store only now (it is slow).

    A file another copy of Floorman is changing opens read-only; ``Session.read_only_reason`` says why.
    """
    from db.errors import FileLocked, StoreError
    from db.store import TournamentStore

    reason = ""
    if profile is not None:
        store = TournamentStore.create(path, profile, name)
    else:
        try:
            store = TournamentStore.open(path)
        except FileLocked as exc:
            try:
                store = TournamentStore.open(path, read_only=True)
            except StoreError:  # e.g. through a hard link the writer's -wal has another name
                raise exc from None
            reason = (_("Read-only: {file} is open in {holder}. You can look at everything here, but only that window "
                        "can change the tournament.", file=Path(path).name, holder=exc.holder) if exc.holder
                      else _("Read-only: {file} is open in another copy of Floorman. You can look at everything here, "
                             "but only that window can change the tournament.", file=Path(path).name))
    remember(path)
    session = Session(store, str(path))
    session.read_only_reason = reason
    return session


def read_only_session(path: str | Path) -> Session:
    """Open a tournament file read-only, on purpose: the director chose "Open it read-only" when
    Floorman could not write to the file or its folder. ``Session.read_only_reason`` says so."""
    from db.store import TournamentStore

    store = TournamentStore.open(path, read_only=True)
    remember(path)
    session = Session(store, str(path))
    session.read_only_reason = _("Read-only: Floorman cannot write to {file} or its folder. You can look at "
                                 "everything and print, but nothing can be changed here.", file=Path(path).name)
    return session
