"""What the window and the command line ask of a tournament store, whichever home the tournament has.

Two stores meet it: :class:`db.store.TournamentStore` (the tournament in its SQLite file, the default)
and :class:`db.shared_store.SharedStore` (the tournament in a PostgreSQL database, shared by several
stations). The engine is the same object behind both (``store.tournament``); it does not know which
store it is on. mypy checks both classes against :class:`TournamentLog` (the functions at the end).
"""

from __future__ import annotations

from types import TracebackType
from typing import TYPE_CHECKING, Any, Protocol, Self

from app.commands import Command
from app.core.events import Event
from app.engine import Tournament
from app.log.history import History, HistoryItem
from app.log.recorded_by import recorded_by

if TYPE_CHECKING:
    from db.shared_store import SharedStore
    from db.store import TournamentStore


class FoldsHistory:
    """What both stores read straight from the history they fold their log into."""

    _history: History

    @property
    def tournament(self) -> Tournament:
        return self._history.tournament

    @property
    def last_seq(self) -> int:
        return self._history.actions[-1].seq

    def entered(self, *, undo: bool) -> tuple[str, str, float] | None:
        """The station, operator and time of the action Undo (``undo``) or Redo would touch (``""`` for the
        station and operator of one entered on a single laptop); None when there is nothing to touch. The
        window asks before undoing another station's action."""
        target = self._history.undo_target() if undo else self._history.redo_target()
        return (target.station, target.operator, target.at) if target is not None else None

    def money_authors(self) -> list[tuple[str, str]]:
        """The station and operator that recorded each row of the money log, for the sheets; ``[]`` when no
        action names a station (a single laptop's tournament): app.log.recorded_by."""
        return recorded_by(self._history)


class TournamentLog(Protocol):
    """A tournament's log of actions, durable before each call returns, with undo and redo as actions."""

    @property
    def tournament(self) -> Tournament:
        """The engine, folded to the last action this store has seen."""
        ...

    @property
    def last_seq(self) -> int:
        """The sequence number of the last action this store has seen."""
        ...

    def execute(self, command: Command | dict[str, Any], *, automatic: bool = False,
                label: str | None = None) -> list[Event]:
        """Run one command and record it; RuleError or StoreError: nothing changed."""
        ...

    def undo(self) -> str:
        """Undo the latest action in force; returns its label."""
        ...

    def redo(self) -> str:
        """Redo the action undone most recently; returns its label."""
        ...

    def undo_label(self) -> str | None:
        ...

    def redo_label(self) -> str | None:
        ...

    def history(self) -> list[HistoryItem]:
        """Every action, oldest first (undone ones marked)."""
        ...

    def close(self) -> None:
        ...

    def __enter__(self) -> Self:
        ...

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        ...


if TYPE_CHECKING:
    # mypy holds both stores to the interface: a method missing or typed otherwise is an error here.
    def _sqlite_store(store: TournamentStore) -> TournamentLog:
        return store

    def _shared_store(store: SharedStore) -> TournamentLog:
        return store
