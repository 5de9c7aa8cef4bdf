"""Late registration (REG-8) and the payout lock (PAY-10) are in the Tournament menu and the palette:
each runs the engine's command through the window's runner and says what changed, or the engine's refusal."""

from __future__ import annotations

from ui.palette import suggestions


def _menu_action(window, title: str):
    [action] = [a for a in window._menus["&Tournament"].actions() if a.text() == title]
    return action


def test_reg_8_close_and_reopen_late_registration_from_the_tournament_menu(qtbot, window, clock) -> None:
    window.run({"cmd": "seat_all"})
    window.run({"cmd": "start_clock"})
    clock.advance(30)
    _menu_action(window, "Close late registration").trigger()
    assert window.session.state.seq and window.session.tournament.view("clock")["clock"][
        "late_registration_closed_early"]
    window.tick()
    assert "closed by the director" in window.strip.level.text()
    _menu_action(window, "Close late registration").trigger()  # again: the engine's words, nothing changes
    assert "already closed" in window.clock_tab.feedback.text()
    [hit] = [s for s in suggestions(window.palette_parts, "reopen registration")
             if s.label.startswith("Reopen late registration")]
    hit.run()
    assert not window.session.tournament.view("clock")["clock"]["late_registration_closed_early"]


def test_pay_10_lock_and_unlock_the_payouts_from_the_tournament_menu(qtbot, window) -> None:
    window.run({"cmd": "seat_all"})
    _menu_action(window, "Lock the payouts").trigger()
    assert window.session.state.payout_lock is not None
    assert "Payouts locked" in window.payouts_tab.feedback.text()
    _menu_action(window, "Lock the payouts").trigger()
    assert "already locked" in window.payouts_tab.feedback.text()
    _menu_action(window, "Unlock the payouts").trigger()
    assert window.session.state.payout_lock is None
