"""The kernel's typed contract: each command is described once (its declaration), each handler and
applier says by its signature what it takes, and the engine says what every action changed."""

from __future__ import annotations

from typing import Any

import pytest

from app.commands import catalogue
from app.commands.clock import PauseClock
from app.commands.eliminations import Bust
from app.commands.tournament import Note
from app.core.context import Context
from app.core.registry import APPLIERS, COMMANDS, DECLARED, applies, command
from app.core.state import TournamentState
from app.events.base import EVENT_TYPES, what_changed
from app.events.tournament import NoteWritten
from tests.app.money_kit import begin, enter, make


def test_every_declared_command_has_one_handler_that_takes_that_declaration():
    declared = {decl.name(): decl for decl in catalogue()}
    assert DECLARED == declared
    assert set(COMMANDS) == set(declared)


def test_every_event_class_has_its_applier_and_no_applier_is_registered_by_text():
    assert set(APPLIERS) == set(EVENT_TYPES)


def test_a_handler_that_does_not_name_its_declaration_is_refused_at_registration():
    def loose(ctx: Context, cmd: dict[str, Any]) -> None:
        return None

    with pytest.raises(TypeError, match="loose"):
        command(loose)
    assert "loose" not in COMMANDS


def test_an_applier_that_does_not_name_its_event_class_is_refused_at_registration():
    def loose(state: TournamentState, ev: dict[str, Any]) -> None:
        return None

    with pytest.raises(TypeError, match="loose"):
        applies(loose)


def test_a_declaration_and_the_same_command_as_a_dict_give_the_same_events():
    by_dict, by_decl = make("tda"), make("tda")
    for t in (by_dict, by_decl):
        enter(t, "Ann", "Bob", "Cat")
        begin(t)
    a = by_dict.execute({"cmd": "bust", "player": "Ann"})
    b = by_decl.execute(Bust(player="Ann"))
    assert [e.to_dict() | {"at": 0} for e in a] == [e.to_dict() | {"at": 0} for e in b]
    assert by_dict.view("players") == by_decl.view("players")


def test_a_bust_reports_its_player_and_table_and_a_pause_no_player_or_table():
    t = make("tda")
    enter(t, "Ann", "Bob", "Cat")
    begin(t)
    ann = t.state.players[t.state.by_name["ann"]]
    table = ann.table
    changed = what_changed(t.execute(Bust(player="Ann")))
    assert changed.players == {ann.id} and changed.tables == {table}
    assert {"players", "tables", "money"} <= changed.aspects
    paused = what_changed(t.execute(PauseClock()))
    assert paused.aspects == {"clock"} and paused.players == frozenset() and paused.tables == frozenset()
    note = what_changed(t.execute(Note(text="dealer change at 3")))
    assert note.players == frozenset() and "players" not in note.aspects
    assert what_changed([]).aspects == frozenset()


def test_events_are_typed_in_memory_and_written_in_the_files_shape():
    t = make("tda")
    [ev] = t.execute(Note(text="late start"))
    assert isinstance(ev, NoteWritten) and ev.text == "late start"
    assert ev.to_dict() == {"type": "note", "data": {"text": "late start"}, "at": ev.at}
