"""The engine's questions, asked in the window: a rebuy night past the level change, through a real file."""

from __future__ import annotations

from PySide6.QtCore import Qt

from app.core.timesource import FakeClock
from app.profiles.profile import load_profile
from tests.ui.conftest import open_window
from ui.session import Session


def _rebuy_night(tmp_path, clock: FakeClock) -> Session:
    """40 players on home-nl (rebuys through level 3), saved; the clock just past the start of level 4."""
    from db.store import TournamentStore

    path = tmp_path / "rebuy-night.floorman"
    store = TournamentStore.create(path, load_profile("home-nl"), "Rebuy night", time=clock, seed=4)
    store.execute({"cmd": "change_settings", "settings": {"reg.cap": None}})
    for i in range(40):
        store.execute({"cmd": "register", "name": f"Player {i:02d}"})
    store.execute({"cmd": "seat_all"})
    store.execute({"cmd": "start_clock"})
    store.close()
    clock.advance(3660)  # level 4 began a minute ago; no table has reported a hand since
    return Session(TournamentStore.open(path, time=clock), str(path))


def test_a_bust_after_the_level_change_asks_and_one_key_answers(qtbot, tmp_path):
    clock = FakeClock(1_800_000_000.0)
    session = _rebuy_night(tmp_path, clock)
    window = open_window(qtbot, session)
    assert window.clock_ctl.info().level == 4
    state = session.state
    victim = state.players[state.by_name["player 07"]]
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    qtbot.keyClick(window, Qt.Key.Key_F8)
    bar = window.player_panel.action_bar
    bar.edit.setText("Player 07")
    qtbot.keyClick(bar.edit, Qt.Key.Key_Return)
    dialog = window.runner.question_dialog
    assert dialog is not None and dialog.isVisible(), bar.feedback.text()
    assert "before level 4 began" in dialog.question.text
    assert [c.label for c in dialog.choices][0].startswith("Yes")
    assert victim.live and victim.busted_level is None  # nothing changed while asking
    qtbot.keyClick(dialog.list, Qt.Key.Key_Y)  # one key: "Yes: the hand started in level 3"
    assert not dialog.isVisible() and window.runner.question_dialog is None
    victim = session.state.players[victim.id]
    assert (victim.busted_level, victim.deciding) == (3, True)  # a level-3 hand: he may still rebuy
    assert "Player 07" in bar.feedback.text() and bar.feedback.property("kind") == "done"
    window.close()


def test_escape_cancels_the_question_and_changes_nothing(qtbot, tmp_path):
    clock = FakeClock(1_800_000_000.0)
    session = _rebuy_night(tmp_path, clock)
    window = open_window(qtbot, session)
    before = len(session.history())
    pid = session.state.by_name["player 08"]
    window.run({"cmd": "bust", "player": pid})
    dialog = window.runner.question_dialog
    assert dialog is not None
    qtbot.keyClick(dialog.list, Qt.Key.Key_Escape)
    assert not dialog.isVisible()
    assert session.state.players[pid].live and len(session.history()) == before
    assert window.player_panel.action_bar.feedback.text().startswith("Not done:")
    window.close()


def test_numbers_pick_an_answer_too(qtbot, tmp_path):
    clock = FakeClock(1_800_000_000.0)
    session = _rebuy_night(tmp_path, clock)
    window = open_window(qtbot, session)
    pid = session.state.by_name["player 09"]
    window.run({"cmd": "bust", "player": pid})
    dialog = window.runner.question_dialog
    assert dialog is not None
    qtbot.keyClick(dialog.list, Qt.Key.Key_2)  # "No: it is a level 4 hand": rebuys are over
    p = session.state.players[pid]
    assert (p.busted_level, p.status) == (4, "out")
    window.close()
