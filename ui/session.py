"""The one door from the screen to the tournament: every change is a named engine command.

A :class:`Session` wraps a backend with the store's API (``execute``, ``undo``, ``redo``,
``undo_label``, ``redo_label``, ``tournament``, ``history``, ``close``). The backend is either the
SQLite store (``db.store.TournamentStore``) or :class:`MemoryBackend`, a tournament kept in memory
(the demo, tests, and a tournament not saved yet). Undo and redo always belong to the backend.
"""

from __future__ import annotations

import time
from typing import Any, Protocol

from PySide6.QtCore import QObject, Signal

from app.engine import Tournament, apply_event
from app.errors import RuleError
from app.events import Event
from app.state import TournamentState
from ui.texts import command_label


class Backend(Protocol):
    @property
    def tournament(self) -> Tournament: ...

    def execute(self, cmd: dict[str, Any]) -> list[Event]: ...

    def undo(self) -> str: ...

    def redo(self) -> str: ...

    def undo_label(self) -> str | None: ...

    def redo_label(self) -> str | None: ...

    def close(self) -> None: ...


class MemoryBackend:
    """A tournament in memory. Undo replays the log without the last command's events."""

    def __init__(self, tournament: Tournament) -> None:
        self._t = tournament
        self._done: list[tuple[str, int]] = []  # (label, events) per command, oldest first
        self._undone: list[tuple[str, list[Event]]] = []

    @property
    def tournament(self) -> Tournament:
        return self._t

    def execute(self, cmd: dict[str, Any]) -> list[Event]:
        label = command_label(cmd, self._t.state)
        events = self._t.execute(cmd)
        if events:
            self._done.append((label, len(events)))
            self._undone.clear()
        return events

    def undo(self) -> str:
        if not self._done:
            raise RuleError("NOTHING_TO_UNDO", "There is nothing to undo.")
        label, count = self._done.pop()
        t = self._t
        removed = t.log[-count:]
        kept = t.log[:-count]
        fresh = Tournament.replay(kept, time=t.time, rng=t.rng)
        t.state, t.log = fresh.state, fresh.log
        self._undone.append((label, removed))
        return label

    def redo(self) -> str:
        if not self._undone:
            raise RuleError("NOTHING_TO_REDO", "There is nothing to redo.")
        label, events = self._undone.pop()
        for ev in events:
            apply_event(self._t.state, ev)
            self._t.log.append(ev)
        self._done.append((label, len(events)))
        return label

    def undo_label(self) -> str | None:
        return self._done[-1][0] if self._done else None

    def redo_label(self) -> str | None:
        return self._undone[-1][0] if self._undone else None

    def close(self) -> None:
        return None


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

    def execute(self, cmd: dict[str, Any]) -> list[Event]:
        """Run one command. Raises RuleError (nothing changed) or returns the events."""
        events = self.backend.execute(cmd)
        self.changed.emit(events)
        self.undo_changed.emit()
        return events

    def undo(self) -> str:
        label = self.backend.undo()
        self.changed.emit([])
        self.undo_changed.emit()
        return label

    def redo(self) -> str:
        label = self.backend.redo()
        self.changed.emit([])
        self.undo_changed.emit()
        return label

    def undo_label(self) -> str | None:
        return self.backend.undo_label()

    def redo_label(self) -> str | None:
        return self.backend.redo_label()

    def close(self) -> None:
        self.backend.close()
