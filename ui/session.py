"""The one door from the screen to the tournament: every change is a named engine command.

A :class:`Session` wraps a backend with the store's API (``execute``, ``undo``, ``redo``,
``undo_label``, ``redo_label``, ``tournament``, ``history``, ``close``). The backend is either the
SQLite store (``db.store.TournamentStore``) or :class:`MemoryBackend`, a tournament kept in memory
(the demo, tests, and a tournament not saved yet). Undo and redo always belong to the backend.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any, Protocol

from PySide6.QtCore import QObject, Signal

from app.api import Event, History, HistoryItem, Tournament, TournamentState
from app.commands import Command


class Backend(Protocol):
    @property
    def tournament(self) -> Tournament: ...

    def execute(self, cmd: Command | dict[str, Any]) -> list[Event]: ...

    def undo(self) -> str: ...

    def redo(self) -> str: ...

    def undo_label(self) -> str | None: ...

    def redo_label(self) -> str | None: ...

    def close(self) -> None: ...


class MemoryBackend:
    """A tournament in memory, with the engine's own undo and redo (:class:`app.log.history.History`)."""

    def __init__(self, tournament: Tournament) -> None:
        self._history = History(tournament)

    @property
    def tournament(self) -> Tournament:
        return self._history.tournament

    def execute(self, cmd: Command | dict[str, Any]) -> list[Event]:
        return list(self._history.run(cmd).events)

    def undo(self) -> str:
        return _bare(self._history.undo().label) or ""

    def redo(self) -> str:
        return _bare(self._history.redo().label) or ""

    def undo_label(self) -> str | None:
        return self._history.undo_label()

    def redo_label(self) -> str | None:
        return self._history.redo_label()

    def history(self) -> list[HistoryItem]:
        return self._history.items()

    def close(self) -> None:
        return None


def _bare(label: str | None) -> str | None:
    """ "Undo: bust-out of Ann Lee" -> "bust-out of Ann Lee" (the menu adds its own verb)."""
    if label is None:
        return None
    for prefix in ("Undo: ", "Redo: "):
        if label.startswith(prefix):
            return label[len(prefix):]
    return label


class Session(QObject):
    """The tournament the window shows, and the commands that change it.

    Signals:
        changed(object): after a command, an undo or a redo; carries the list of new events
            (empty after an undo or redo, when the views rebuild from the state).
        undo_changed(): the undo or redo label changed.
    """

    changed = Signal(object)
    undo_changed = Signal()

    def __init__(self, backend: Backend, path: str | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.backend = backend
        self.path = path
        self.read_only_reason = ""  # set when the file is open read-only: why, in words for the director
        self.venue = ""  # where the event is played (printed on the sheets); from an event template
        self.notices: list[str] = []  # said once when the window opens (e.g. the league season joined)
        self.on_close: list[Callable[[], None]] = []  # run first when the session closes (a shared one's polling)

    @classmethod
    def in_memory(cls, tournament: Tournament) -> Session:
        return cls(MemoryBackend(tournament))

    @property
    def tournament(self) -> Tournament:
        return self.backend.tournament

    @property
    def state(self) -> TournamentState:
        return self.backend.tournament.state

    def now(self) -> float:
        t = self.backend.tournament.time
        return float(t.now()) if t is not None else time.time()

    def execute(self, cmd: Command | dict[str, Any]) -> list[Event]:
        """Run one command. Raises RuleError (nothing changed) or returns the events."""
        events = self.backend.execute(cmd)
        self.changed.emit(events)
        self.undo_changed.emit()
        return events

    def undo(self) -> str:
        label = _bare(self.backend.undo()) or ""
        self.changed.emit([])
        self.undo_changed.emit()
        return label

    def redo(self) -> str:
        label = _bare(self.backend.redo()) or ""
        self.changed.emit([])
        self.undo_changed.emit()
        return label

    def undo_label(self) -> str | None:
        return _bare(self.backend.undo_label())

    def redo_label(self) -> str | None:
        return _bare(self.backend.redo_label())

    def entered_elsewhere(self, undo: bool) -> str | None:
        """Who entered the action Undo (``undo``) or Redo would touch, in words ("Floor 2 (Lou)"), when
        it was another station of a shared tournament; None when it was this one, or a single laptop."""
        found = self._entered(undo)
        if found is None:
            return None
        station, operator, _at = found
        return f"{station} ({operator})" if operator else station

    def entered_at(self, undo: bool) -> float | None:
        """When the action Undo (``undo``) or Redo would touch was entered, when another station entered it."""
        found = self._entered(undo)
        return found[2] if found is not None else None

    def _entered(self, undo: bool) -> tuple[str, str, float] | None:
        """(station, operator, time) of the action Undo or Redo would touch, when another station entered it."""
        if (self.undo_label() if undo else self.redo_label()) is None:  # nothing this station may step
            return None
        ask = getattr(self.backend, "entered", None)
        found = ask(undo=undo) if callable(ask) else None
        if not found or not found[0]:
            return None
        station, operator, at = found
        mine = getattr(self.backend, "station", None)
        if station == (mine if isinstance(mine, str) else getattr(mine, "name", "")):
            return None
        return str(station), str(operator), float(at)

    @property
    def role(self) -> str | None:
        """The station's role on a shared tournament (``app.commands.roles``: what it may enter), or None on
        a single laptop (the director's). A shared store's role is the one the server gives its login."""
        role = getattr(self.backend, "role", None)
        if isinstance(role, str):
            return role
        role = getattr(getattr(self.backend, "station", None), "role", None)
        return role if isinstance(role, str) else None

    def switch_to(self, backend: Backend) -> Backend:
        """Carry on with the same tournament in another store (shared with other stations); everything is
        drawn again from the new one. Returns the store it was in, still open (the caller closes it)."""
        old, self.backend = self.backend, backend
        self.changed.emit([])
        self.undo_changed.emit()
        return old

    def history(self) -> list[HistoryItem]:
        """Every action with its time and words, oldest first (undone ones marked)."""
        items = getattr(self.backend, "history", None)
        return list(items()) if callable(items) else []

    def save_as(self, path: str) -> str:
        """Save the whole tournament to a new file and carry on there (a store backend only)."""
        saved = str(self.backend.save_as(path))  # type: ignore[attr-defined]
        if not getattr(self.backend, "read_only", False):  # a read-only store only wrote a copy
            self.path = saved
        return saved

    def close(self) -> None:
        for stop in self.on_close:
            stop()
        self.backend.close()
