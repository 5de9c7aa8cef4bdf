"""Undo and redo over the engine's event log, in pure Python.

Every command the director runs becomes one *action*: the command, the events it emitted, a label in
words ("bust-out of Ann Lee") and its time. Undo and redo are actions too (kind ``undo``/``redo``
with a ``target``), so the history keeps everything that was ever done. The tournament's state is
always the fold of the events of the ``do`` actions that are not currently undone, in order.

* ``undo()`` undoes the latest director action still in force. Automatic actions (what time made due:
  the end once late registration closed with one player left, a satellite's seats) are never undo
  targets; those after the undone action go with it, since they were judged on the field it left, and
  the engine judges again, before the next command, whether they are still due.
* ``redo()`` puts back the action undone most recently, with the very same events. Any new action (a
  director's, or one time made due) clears what could be redone: its events were judged without it.
* The state is rebuilt from the nearest earlier snapshot (the state as bytes, kept in memory every
  ``snapshot_every`` actions) plus the events after it, so undo stays fast in a long tournament.

:class:`History` only computes; persisting actions is the store's job (:mod:`db.store`). The store
calls :meth:`History.discard` if writing an action fails, which puts the state back as it was.
"""

from __future__ import annotations

import time as _time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from app.commands import Command, declaration
from app.commands.roles import allowed, check_role
from app.core.context import apply_event
from app.core.events import Event
from app.core.randomness import RandomSource
from app.core.state import TournamentState
from app.core.timesource import TimeSource
from app.engine import Tournament, named_time
from app.errors import RuleError
from app.i18n import N_, _, language, use_language
from app.i18n.languages import ENGLISH
from app.log.history_labels import label_for
from app.log.lazylog import LazyLog, events_from_json
from app.log.snapshots import dump_state, load_state

CREATE, DO, UNDO, REDO = "create", "do", "undo", "redo"
CREATED = N_("creation of the tournament")  # the first action's words, as the log keeps them


class Action:
    """One entry of the history. ``events`` may be given as JSON text, parsed on first use."""

    __slots__ = ("seq", "kind", "at", "label", "command", "target", "automatic", "station", "operator", "_events",
                 "_raw")

    def __init__(self, seq: int, kind: str, at: float, label: str, command: dict[str, Any] | None = None,
                 events: list[Event] | None = None, target: int | None = None, automatic: bool = False,
                 *, raw_events: str | None = None, station: str = "", operator: str = "") -> None:
        self.seq, self.kind, self.at, self.label = seq, kind, at, label
        self.command = command if command is not None else {}
        self.target, self.automatic = target, automatic
        # Which station entered it and who was at it ("Floor 2", "Ann"); empty on a single laptop.
        self.station, self.operator = station, operator
        self._events = events if events is not None or raw_events is not None else []
        self._raw = raw_events

    @property
    def events(self) -> list[Event]:
        if self._events is None:
            self._events = events_from_json(self._raw or "[]")
            self._raw = None
        return self._events

    def __repr__(self) -> str:
        return f"Action({self.seq}, {self.kind!r}, {self.label!r})"


@dataclass(frozen=True)
class HistoryItem:
    """One line of the History tab."""

    seq: int
    at: float
    label: str
    kind: str
    undone: bool
    automatic: bool
    station: str = ""  # the station that entered it ("" on a single laptop)
    operator: str = ""  # who was at that station

    def who(self) -> str:
        """Who entered it, in words: "Floor 2 (Lou)", "Floor 2", or "" on a single laptop."""
        if self.station and self.operator:
            return f"{self.station} ({self.operator})"
        return self.station or self.operator


class History:
    def __init__(self, tournament: Tournament, actions: Iterable[Action] = (), *, snapshot_every: int = 100) -> None:
        self.tournament = tournament
        self.snapshot_every = max(1, snapshot_every)
        self.keep_snapshots = 6
        self.actions: list[Action] = []
        self._do: list[Action] = []  # create + do actions, in order
        self._pos: dict[int, int] = {}  # seq of a create/do action -> index in _do
        self.undone: set[int] = set()
        self._redo: list[int] = []
        self._snaps: dict[int, bytes] = {}  # index in _do -> state after it
        self._shown: dict[tuple[int, str], str] = {}  # (seq, language) -> the words shown for it
        for action in actions:
            self._add(action)
        if not self.actions:
            self._add(Action(1, CREATE, tournament.log[0].at, CREATED, {}, list(tournament.log)))

    # -- bookkeeping --------------------------------------------------------------------------
    def _add(self, action: Action) -> None:
        self.actions.append(action)
        if action.kind in (CREATE, DO):
            self._pos[action.seq] = len(self._do)
            self._do.append(action)
            if action.kind == DO:  # anything done since an undo, even what time made due, ends its redo
                self._redo.clear()
        elif action.kind == UNDO:
            assert action.target is not None
            self.undone.add(action.target)
            self._redo.append(action.target)
            # What time made due after it (the end once late registration closed, a satellite's seats)
            # was judged on the field it left: it goes with it, and is judged again when next due.
            for later in self._do[self._pos[action.target] + 1:]:
                if later.automatic:
                    self.undone.add(later.seq)
        elif action.kind == REDO:
            assert action.target is not None
            self.undone.discard(action.target)
            if self._redo and self._redo[-1] == action.target:
                self._redo.pop()

    @property
    def next_seq(self) -> int:
        return self.actions[-1].seq + 1 if self.actions else 1

    def effective_events(self) -> list[Event]:
        out: list[Event] = []
        for a in self._do:
            if a.seq not in self.undone:
                out.extend(a.events)
        return out

    def in_force(self) -> list[Action]:
        """The create and do actions not undone, in order: those whose events make the state."""
        return [a for a in self._do if a.seq not in self.undone]

    def lazy_log(self, count: int) -> LazyLog:
        """The effective events as a log that parses them only when read (``count`` = how many)."""
        acts = [a for a in self._do if a.seq not in self.undone]
        return LazyLog(lambda: [ev for a in acts for ev in a.events], count)

    def items(self) -> list[HistoryItem]:
        """The History tab's lines, each in the reader's language (:meth:`shown_label`)."""
        return [HistoryItem(a.seq, a.at, self.shown_label(a), a.kind, a.seq in self.undone, a.automatic, a.station,
                            a.operator) for a in self.actions]

    def shown_label(self, action: Action) -> str:
        """An action's words in the reader's language. The log keeps them in English as they were written
        (they stay so in English); another language builds them again from the action's facts: its
        command, or the action it undid or redid."""
        reader = language()
        if reader == ENGLISH:
            return action.label
        key = (action.seq, reader)
        shown = self._shown.get(key)
        if shown is None:
            shown = self._shown[key] = self._build_label(action)
        return shown

    def target_label(self, action: Action) -> str:
        """The words of what an undo or a redo stepped (its target), in the reader's language: what the
        window says it undid ("bust-out of Ann Lee")."""
        index = self._pos.get(action.target) if action.target is not None else None
        if index is None:
            return action.label.removeprefix("Undo: ").removeprefix("Redo: ")
        return self.shown_label(self._do[index])

    def _build_label(self, action: Action) -> str:
        if action.kind == CREATE:
            return _(CREATED)
        if action.kind in (UNDO, REDO):
            index = self._pos.get(action.target) if action.target is not None else None
            target = self.shown_label(self._do[index]) if index is not None else action.label
            return _("Undo: {label}", label=target) if action.kind == UNDO else _("Redo: {label}", label=target)
        if not action.command:
            return action.label
        return label_for(action.command, self.tournament.state)

    # -- running commands ---------------------------------------------------------------------
    def run_due(self, before: Command | dict[str, Any] | None = None, *, station: str = "",
                operator: str = "") -> Action | None:
        """Run and record, as an automatic action, what time passing made due before ``before`` (ELIM-6:
        the end once late registration closed with one player left); None when nothing is due. It is
        recorded with the ``station`` and ``operator`` whose command found it due, so the log says where
        it happened."""
        name, at = named_time(before)
        due = self.tournament.due_command(at)
        if due is None or name == due.name():
            return None
        return self.run(due, automatic=True, station=station, operator=operator)

    def permit(self, command: Command | dict[str, Any], role: str | None) -> None:
        """RuleError ROLE_FORBIDDEN, in words, when a station of ``role`` may not enter ``command``
        (app.commands.roles; None is the director). Nothing runs, not even what is due."""
        decl = declaration(command)
        if not allowed(role, decl):
            check_role(role, decl, label_for(decl.to_dict(), self.tournament.state))

    def run(
        self, command: Command | dict[str, Any], *, automatic: bool = False, label: str | None = None,
        nothing_due: bool = False, role: str | None = None, station: str = "", operator: str = "",
    ) -> Action:
        """Run one command on the engine and record it (after anything due, as its own action). RuleError:
        nothing changes, beyond the due action. ``nothing_due``: the caller has just run :meth:`run_due`
        and nothing was due, so neither this nor the engine looks again. ``role``: the role of the
        station entering it, checked before anything (see :meth:`permit`); ``station`` and ``operator``
        are recorded with the action."""
        self.permit(command, role)
        if not automatic and not nothing_due:
            nothing_due = self.run_due(command, station=station, operator=operator) is None
        t = self.tournament
        decl = declaration(command)
        written = decl.to_dict()
        with use_language(ENGLISH):  # the log keeps the history's words in English
            text = label or label_for(written, t.state)
        what = text if label or language() == ENGLISH else label_for(written, t.state)
        events = t.execute(decl, nothing_due=nothing_due, role=role, what=what)
        at = events[0].at if events else self._now()
        action = Action(self.next_seq, DO, at, text, written, list(events), None, automatic,
                        station=station, operator=operator)
        self._add(action)
        return action

    def _now(self) -> float:
        try:
            return float(self.tournament.time.now())
        except Exception:  # a time source that cannot answer is no reason to refuse an undo
            return _time.time()

    def undo_target(self) -> Action | None:
        for a in reversed(self._do):
            if a.kind == DO and not a.automatic and a.seq not in self.undone:
                return a
        return None

    def redo_target(self) -> Action | None:
        return self._do[self._pos[self._redo[-1]]] if self._redo else None

    # "Undo: " and "Redo: " stay as written: the window's menu takes them off and says its own verb.
    def undo_label(self) -> str | None:
        a = self.undo_target()
        return f"Undo: {self.shown_label(a)}" if a else None

    def redo_label(self) -> str | None:
        a = self.redo_target()
        return f"Redo: {self.shown_label(a)}" if a else None

    def undo(self, *, role: str | None = None, station: str = "", operator: str = "") -> Action:
        """Undo the latest action still in force. ``role``: a station may undo only what it may enter
        (ROLE_FORBIDDEN otherwise); whose action it was is :meth:`undo_target`'s ``station``, for the
        station to ask about before undoing another's."""
        target = self.undo_target()
        if target is None:
            raise RuleError("NOTHING_TO_UNDO", _("There is nothing to undo."))
        check_role(role, str(target.command.get("cmd", "")), self.shown_label(target), doing="undo")
        return self._toggle(target, UNDO, station, operator)

    def redo(self, *, role: str | None = None, station: str = "", operator: str = "") -> Action:
        target = self.redo_target()
        if target is None:
            raise RuleError("NOTHING_TO_REDO", _("There is nothing to redo."))
        check_role(role, str(target.command.get("cmd", "")), self.shown_label(target), doing="redo")
        return self._toggle(target, REDO, station, operator)

    def _toggle(self, target: Action, kind: str, station: str = "", operator: str = "") -> Action:
        word = "Undo" if kind == UNDO else "Redo"
        action = Action(self.next_seq, kind, self._now(), f"{word}: {target.label}", {}, [], target.seq,
                        station=station, operator=operator)
        index = self._pos[target.seq]
        if kind == REDO and index == len(self._do) - 1:
            # A snapshot taken since the undo describes the state without the target: it goes.
            self._snaps.pop(index, None)
            for ev in target.events:  # the common case: nothing happened since the undo
                apply_event(self.tournament.state, ev)
            self.tournament.log.extend(target.events)
            self._add(action)
            return action
        self._add(action)
        try:
            self._rebuild(index)
        except Exception as exc:
            self.discard(action)
            shown = self.shown_label(target)
            raise RuleError(
                "NOTHING_TO_UNDO" if kind == UNDO else "NOTHING_TO_REDO",
                _("Undo of {label} is not possible: what happened after it depends on it.", label=shown) if kind == UNDO
                else _("Redo of {label} is not possible: what happened after it depends on it.", label=shown),
            ) from exc
        return action

    def receive(self, action: Action) -> None:
        """Fold in an action decided elsewhere (another station on a shared tournament), next in the log.

        Its events are applied as they were recorded, never decided again: a ``do`` adds them to the
        state; an undo or redo rebuilds the state from its target on, as :meth:`undo` and :meth:`redo` do.
        """
        if action.seq != self.next_seq:
            raise ValueError(f"action {action.seq} is not the next one ({self.next_seq})")
        if action.kind in (CREATE, DO):
            for ev in action.events:
                apply_event(self.tournament.state, ev)
            self.tournament.log.extend(action.events)
            self._add(action)
            return
        if action.target not in self._pos:
            raise ValueError(f"action {action.seq} undoes or redoes action {action.target}, which is not in the log")
        self._add(action)
        self._rebuild(self._pos[action.target])

    def discard(self, action: Action) -> None:
        """Forget the last action (it could not be saved) and put the state back as it was."""
        if not self.actions or self.actions[-1] is not action:
            raise ValueError("only the last action can be discarded")
        self.actions.pop()
        index = 0
        if action.kind in (CREATE, DO):
            self._do.pop()
            del self._pos[action.seq]
            index = len(self._do)
        else:
            assert action.target is not None
            index = self._pos[action.target]
        self._recount()
        self._rebuild(index)

    def _recount(self) -> None:
        self._shown.clear()  # a discarded action's number will be another's
        actions = self.actions
        self.actions, self._do, self._pos, self.undone, self._redo = [], [], {}, set(), []
        for a in actions:
            self._add(a)

    # -- state rebuilding and snapshots -------------------------------------------------------
    def _rebuild(self, changed: int) -> None:
        """Recompute the state: everything from index ``changed`` of the do-list may differ."""
        for k in [k for k in self._snaps if k >= changed]:
            del self._snaps[k]
        base = max((k for k in self._snaps if k < changed), default=-1)
        state = load_state(self._snaps[base]) if base >= 0 else TournamentState()
        for a in self._do[base + 1 :]:
            if a.seq not in self.undone:
                for ev in a.events:
                    apply_event(state, ev)
        self.tournament.state = state
        self.tournament.log = self.lazy_log(state.seq)

    def remember(self, blob: bytes, seq: int | None = None) -> None:
        """Keep a state snapshot as the state after action ``seq`` (default: the latest)."""
        index = self._pos[seq] if seq is not None else len(self._do) - 1
        self._snaps[index] = blob
        for k in sorted(self._snaps)[: -self.keep_snapshots]:
            del self._snaps[k]

    def due_snapshot(self) -> bytes | None:
        """A state snapshot every ``snapshot_every`` create/do actions (None in between)."""
        index = len(self._do) - 1
        if index == 0 or index % self.snapshot_every or index in self._snaps:
            return None
        blob = dump_state(self.tournament.state)
        self.remember(blob)
        return blob

    def state_valid_at(self, seq: int) -> bool:
        """Would a snapshot taken right after action ``seq`` still describe the state now?"""
        return not any(a.kind in (UNDO, REDO) and a.seq > seq and (a.target or 0) <= seq for a in self.actions)


Chooser = Callable[[History], tuple[int, TournamentState] | None]


def replay_history(
    actions: list[Action],
    *,
    choose_snapshot: Chooser | None = None,
    time: TimeSource | None = None,
    snapshot_every: int = 100,
) -> History:
    """Rebuild a tournament from its actions.

    ``choose_snapshot(history)`` may return ``(seq, state)``: the state right after action ``seq``
    (check it with :meth:`History.state_valid_at`); only the events after it are then replayed.
    """
    history = History(Tournament(time=time), actions, snapshot_every=snapshot_every)
    snapshot = choose_snapshot(history) if choose_snapshot is not None else None
    if snapshot is None:
        history.tournament = Tournament.replay(history.effective_events(), time=time)
        return history
    seq, state = snapshot
    for a in history._do:
        if a.seq > seq and a.seq not in history.undone:
            for ev in a.events:
                apply_event(state, ev)
    t = history.tournament
    t.state = state
    t.log = history.lazy_log(state.seq)
    t.rng = RandomSource(state.seed * 1_000_003 + state.seq)  # as Tournament.replay: seed and log length
    return history
