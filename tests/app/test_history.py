"""Undo and redo: undoing k actions gives exactly the state of never having taken them."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from app.core.timesource import FakeClock
from app.engine import Tournament
from app.errors import RuleError
from app.levels.timeline import current_level
from app.log.history import History, replay_history
from app.log.history_labels import label_for
from app.profiles.profile import load_profile
from tests.db.driver import next_command


def _commands(seed: int, n: int, players: int = 12, profile: str = "tda") -> list[dict]:
    """``n`` legal commands of one tournament, found by playing it once."""
    t = Tournament.create(load_profile(profile), time=FakeClock(), seed=seed)
    rng = random.Random(seed)
    out: list[dict] = []
    while len(out) < n and (cmd := next_command(t.state, rng, players)) is not None:
        t.execute(cmd)
        out.append(cmd)
    return out


def _play(commands: list[dict], seed: int, profile: str = "tda", snapshot_every: int = 3) -> History:
    clock = FakeClock()
    h = History(Tournament.create(load_profile(profile), time=clock, seed=seed), snapshot_every=snapshot_every)
    for cmd in commands:
        clock.advance(7)
        h.run(cmd)
        h.due_snapshot()
    return h


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10_000), n=st.integers(1, 40), data=st.data())
def test_undo_k_equals_never_taking_them(seed, n, data):
    commands = _commands(seed, n)
    k = data.draw(st.integers(0, len(commands)))
    history = _play(commands, seed)
    for _ in range(k):
        history.undo()
    expected = _play(commands[: len(commands) - k], seed).tournament
    assert history.tournament.state == expected.state
    assert history.tournament.log == expected.log


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10_000), n=st.integers(1, 30), data=st.data())
def test_redo_puts_back_exactly(seed, n, data):
    commands = _commands(seed, n)
    k = data.draw(st.integers(0, len(commands)))
    j = data.draw(st.integers(0, k))
    history = _play(commands, seed)
    for _ in range(k):
        history.undo()
    for _ in range(j):
        history.redo()
    expected = _play(commands[: len(commands) - k + j], seed).tournament
    assert history.tournament.state == expected.state
    # The whole story is kept: every do, undo and redo is an entry of its own.
    assert len(history.actions) == 1 + len(commands) + k + j
    again = replay_history(history.actions)
    assert again.tournament.state == history.tournament.state


def test_labels_name_the_player():
    commands = _commands(3, 16, players=12)
    h = _play(commands, 3)
    busts = [a for a in h.actions if a.command.get("cmd") == "bust"]
    assert busts
    for a in busts:
        assert a.label == f"bust-out of {h.tournament.state.players[a.command['player']].name}"
    assert h.actions[1].label == "registration of Player 00001"
    last = h.undo_target()
    assert last is not None
    assert h.undo_label() == f"Undo: {last.label}"
    undone = h.undo()
    assert undone.label == f"Undo: {last.label}"
    assert h.redo_label() == f"Redo: {last.label}"
    assert [i.undone for i in h.items() if i.seq == last.seq] == [True]


def test_a_new_action_clears_redo():
    h = _play(_commands(1, 13), 1)
    h.undo()
    assert h.redo_label() is not None
    h.run({"cmd": "note", "text": "new"})
    assert h.redo_label() is None
    with pytest.raises(RuleError) as err:
        h.redo()
    assert err.value.code == "NOTHING_TO_REDO"


def test_nothing_to_undo_after_creation():
    h = History(Tournament.create(load_profile("tda"), time=FakeClock()))
    assert h.undo_label() is None
    with pytest.raises(RuleError) as err:
        h.undo()
    assert err.value.code == "NOTHING_TO_UNDO"


def _cat_left_while_late_registration_is_open(clock: FakeClock) -> History:
    """Three players, Ann and Bob out: Cat is the last one holding chips, but an entry may still come."""
    h = History(Tournament.create(load_profile("tda"), name="Ends", time=clock, seed=1))
    for name in ("Ann", "Bob", "Cat"):
        h.run({"cmd": "register", "name": name})
    h.run({"cmd": "seat_all"})
    h.run({"cmd": "start_clock"})
    h.run({"cmd": "bust", "player": "Ann"})
    h.run({"cmd": "bust", "player": "Bob"})
    return h


def test_elim_6_undo_of_a_bust_takes_the_automatic_end_after_it_along():
    """The end that time made due (late registration closed with one player left) was judged on the field
    the last bust left: undoing that bust undoes the end too, and the engine judges it again when next due.
    Found by an undo fuzz: the end used to stay in force, leaving a gap in the places and a winner with two
    players still in."""
    from app.invariants import all_problems

    clock = FakeClock(1_800_000_000.0)
    h = _cat_left_while_late_registration_is_open(clock)
    assert not h.tournament.state.ended  # late registration is open: an entry may still come
    clock.advance(6 * 3600)  # far past the last level of late registration
    due = h.run_due({"cmd": "note", "text": "later"})
    assert due is not None and due.automatic and h.tournament.state.ended
    assert h.undo_label() == "Undo: bust-out of Bob"
    h.undo()
    state = h.tournament.state
    assert not state.ended and state.players[state.by_name["bob"]].status == "seated"
    assert all_problems(state) == []
    again = h.run_due({"cmd": "note", "text": "still later"})
    assert again is None  # two players still in: nothing is due
    h.redo()
    assert h.tournament.state.players[state.by_name["bob"]].status == "out"
    assert h.run_due({"cmd": "note", "text": "and later"}) is not None and h.tournament.state.ended
    assert all_problems(h.tournament.state) == []


def test_elim_6_what_time_made_due_after_an_undo_ends_its_redo():
    """Found by the deep undo fuzz: a redo after an automatic end replayed the undone action's old events
    before an end judged without them (a bounty below zero, a gap in the places). Anything done since the
    undo, even what time made due, now ends the redo."""
    clock = FakeClock(1_800_000_000.0)
    h = _cat_left_while_late_registration_is_open(clock)
    h.run({"cmd": "note", "text": "Bob's bust checked on camera"})
    h.undo()
    assert h.redo_label() == "Redo: note “Bob's bust checked on camera”"
    clock.advance(6 * 3600)
    assert h.run_due({"cmd": "note", "text": "later"}) is not None and h.tournament.state.ended
    assert h.redo_label() is None
    with pytest.raises(RuleError) as err:
        h.redo()
    assert err.value.code == "NOTHING_TO_REDO"


def test_labels_for_several_players_and_unknown_commands():
    h = _play(_commands(2, 14, players=12), 2)
    state = h.tournament.state
    a, b = list(state.players.values())[:2]
    assert label_for({"cmd": "bust", "players": [a.id, b.name.upper()]}, state) == f"bust-out of {a.name} and {b.name}"
    move = {"cmd": "move", "player": a.id, "table": 2, "seat": 5}
    assert label_for(move, state) == f"move of {a.name} to table 2 seat 5"
    assert label_for({"cmd": "start_clock"}, state) == "start of the clock"
    assert label_for({"cmd": "some_new_thing", "player": a.id}, state) == f"some new thing ({a.name})"


def test_undo_across_an_automatic_level_change():
    """The clock runs on into level 2 after a bust at level 1; undo restores the player, the clock stays."""
    clock = FakeClock()
    h = History(Tournament.create(load_profile("tda"), time=clock, seed=4))
    for i in range(12):
        h.run({"cmd": "register", "name": f"P{i}"})
    h.run({"cmd": "seat_all"})
    h.run({"cmd": "start_clock"})
    victim = next(p for p in h.tournament.state.players.values() if p.status == "seated")
    before = h.tournament.snapshot().players[victim.id]
    clock.advance(60)
    h.run({"cmd": "bust", "player": victim.id})
    level_before = current_level(h.tournament.state, clock.now())
    clock.advance(4 * 3600)  # hours later: several automatic level changes, no director action
    level_now = current_level(h.tournament.state, clock.now())
    assert level_now > level_before
    assert h.undo_label() == f"Undo: bust-out of {victim.name}"
    h.undo()
    assert h.tournament.state.players[victim.id] == before
    assert current_level(h.tournament.state, clock.now()) == level_now
    h.redo()
    assert h.tournament.state.players[victim.id].status == "out"
    assert current_level(h.tournament.state, clock.now()) == level_now


def test_a_redo_drops_the_snapshot_taken_since_its_undo():
    """Found by the store fuzz: the store takes the due snapshot after an undo too. Taken right after
    undoing the latest action, it describes the state without it; a redo then put the action back
    without dropping that snapshot, and the next undo rebuilt from it: the redone action was lost."""
    commands = _commands(5, 12)
    h = _play(commands, 5, snapshot_every=4)
    while len(h._do) % 4:  # the next action lands where a snapshot is due
        h.run({"cmd": "note", "text": f"note {len(h._do)}"})
        h.due_snapshot()
    h.run({"cmd": "note", "text": "the action undone and redone"})
    h.due_snapshot()
    h.undo()
    h.due_snapshot()
    h.redo()
    h.due_snapshot()
    h.run({"cmd": "note", "text": "one more"})
    h.due_snapshot()
    h.undo()
    assert h.tournament.state == Tournament.replay(h.effective_events()).state
    assert any(ev.data.get("text") == "the action undone and redone" for ev in h.tournament.log)


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 10_000), moves=st.lists(st.sampled_from(["do", "do", "undo", "redo"]), max_size=40))
def test_undo_and_redo_with_the_stores_snapshots_give_the_fold_of_the_events_in_force(seed, moves):
    """Actions, undos and redos in any order, a snapshot taken whenever one is due after each of them
    (as the store does): the state is always the fold of the events still in force."""
    commands = iter(_commands(seed, 40))
    h = _play([], seed, snapshot_every=2)
    for move in moves:
        try:
            if move == "do":
                cmd = next(commands, None)
                if cmd is None:
                    continue
                h.run(cmd)
            else:
                h.undo() if move == "undo" else h.redo()
        except RuleError:
            continue
        h.due_snapshot()
        assert h.tournament.state == Tournament.replay(h.effective_events()).state


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), n=st.integers(1, 30), data=st.data())
def test_receiving_another_historys_actions_gives_its_state(seed, n, data):
    """A history that folds in the actions another one decided (a second station on a shared tournament),
    undo and redo among them, ends with that history's state, history and undo and redo labels."""
    commands = _commands(seed, n)
    source = History(Tournament.create(load_profile("tda"), time=FakeClock(), seed=seed), snapshot_every=3)
    follower = History(Tournament.create(load_profile("tda"), time=FakeClock(), seed=seed), snapshot_every=3)
    follower.actions[0] = source.actions[0]
    for cmd in commands:
        try:
            source.run(cmd)  # after an undo, a command found by playing the tournament once may not apply
        except RuleError:
            pass
        toggle = data.draw(st.sampled_from(["", "", "undo", "redo"]))
        try:
            if toggle == "undo":
                source.undo()
            elif toggle == "redo":
                source.redo()
        except RuleError:
            pass
        for action in source.actions[follower.next_seq - 1:]:
            follower.receive(action)
            follower.due_snapshot()
        assert follower.tournament.state == source.tournament.state
    assert follower.items() == source.items()
    assert (follower.undo_label(), follower.redo_label()) == (source.undo_label(), source.redo_label())
    assert follower.tournament.state == replay_history(source.actions).tournament.state


def test_receiving_out_of_order_is_refused():
    h = History(Tournament.create(load_profile("tda"), time=FakeClock()))
    other = History(Tournament.create(load_profile("tda"), time=FakeClock()))
    other.run({"cmd": "note", "text": "one"})
    other.run({"cmd": "note", "text": "two"})
    with pytest.raises(ValueError, match="not the next one"):
        h.receive(other.actions[2])
    assert len(h.actions) == 1
