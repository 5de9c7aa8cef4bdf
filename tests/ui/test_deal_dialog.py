"""The deal calculator window: filled in from the tournament, stacks typed over, methods switched; the
figures are app.eliminations.deal's and the tournament is left as it was."""

from __future__ import annotations

import random

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from app.eliminations.deal import CHIP_CHOP, ICM, DealPlayer, calculate, prizes_in_play
from app.tools.demo import build_demo
from ui.palette import suggestions
from ui.session import Session
from ui.texts import money


@pytest.fixture
def final_table(qtbot):
    """The demo brought down to nine players, with counted stacks of 4,000 to 36,000."""
    from ui.director import DirectorWindow

    t = build_demo(players=30, level=2)
    state, rng = t.state, random.Random(1)
    while state.remaining() > 9:
        victim = rng.choice([p.id for p in state.live_players() if p.table is not None])
        table = state.players[victim].table
        t.execute({"cmd": "bust", "player": victim})
        t.execute({"cmd": "hand_finished", "table": table})
    t.execute({"cmd": "chip_count", "accept": True,
               "counts": {p.name: 4000 * (i + 1) for i, p in enumerate(state.live_players())}})
    window = DirectorWindow(Session.in_memory(t))
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    return window


def shown(dialog) -> list[tuple[str, int, str, str]]:
    table = dialog.table
    return [(table.item(r, 0).text(), dialog.spins[r].value(), table.item(r, 2).text(), table.item(r, 3).text())
            for r in range(table.rowCount())]


def expected(dialog, method: str, save: int = 0) -> list[str]:
    players = [DealPlayer(p.player, p.name, spin.value()) for p, spin in zip(dialog.players, dialog.spins)]
    deal = calculate(players, prizes_in_play(dialog.state), method, save)
    return [money(ln.amount_cents) for ln in deal.lines]


def test_the_payouts_tab_opens_it_filled_in_and_not_modal(qtbot, final_table):
    window = final_table
    seq = window.session.state.seq
    qtbot.mouseClick(window.payouts_tab.deal_button, Qt.MouseButton.LeftButton)
    dialog = window.deal_dialog
    assert dialog is not None and dialog.isVisible() and not dialog.isModal()
    state = window.session.state
    rows = shown(dialog)
    assert sorted((name, chips) for name, chips, _, _ in rows) == sorted(
        (p.name, p.stack) for p in state.live_players())
    assert [amount for *_, amount in rows] == expected(dialog, ICM)
    assert dialog.deal is not None and dialog.deal.split_cents == sum(prizes_in_play(state)) > 0
    assert "Prizes in play: 1st" in dialog.prizes.text()
    assert state.seq == seq  # nothing was run


def test_typed_stacks_methods_and_the_save_recalculate(qtbot, final_table):
    window = final_table
    window.money_ctl.act_deal_calculator()
    dialog = window.deal_dialog
    before = [amount for *_, amount in shown(dialog)]
    dialog.spins[0].setValue(150_000)  # the counted stack, far above the engine's figure
    after = shown(dialog)
    assert after[0][1] == 150_000 and after[0][3] != before[0]
    assert [amount for *_, amount in after] == expected(dialog, ICM)
    assert after[0][2] == f"{150_000 * 100 / sum(s.value() for s in dialog.spins):.1f}%"
    dialog.method.setCurrentIndex(dialog.method.findData(CHIP_CHOP))
    assert [amount for *_, amount in shown(dialog)] == expected(dialog, CHIP_CHOP)
    dialog.save.setValue(100.00)
    assert [amount for *_, amount in shown(dialog)] == expected(dialog, CHIP_CHOP, 10_000)
    assert "left to play for: $100" in dialog.total.text()
    dialog.copy()
    assert "Chip chop" in QApplication.clipboard().text() and dialog.players[0].name in QApplication.clipboard().text()
    assert window.session.state.players[dialog.players[0].player].stack != 150_000


def test_a_zero_stack_is_refused_in_the_engines_words_and_the_amounts_cleared(qtbot, final_table):
    window = final_table
    window.money_ctl.act_deal_calculator()
    dialog = window.deal_dialog
    dialog.spins[2].setValue(0)
    assert dialog.deal is None and not dialog.feedback.isHidden()
    assert "above 0" in dialog.feedback.text()
    assert all(amount == "" for *_, amount in shown(dialog))
    dialog.spins[2].setValue(5000)
    assert dialog.deal is not None and dialog.feedback.isHidden()


def test_the_menu_and_the_palette_reach_it_and_reload_follows_the_tournament(qtbot, final_table):
    window = final_table
    titles = [a.text() for a in window._menus["&Tournament"].actions()]
    assert "Deal calculator…" in titles
    [hit] = [s for s in suggestions(window.palette_parts, "deal") if s.label == "Deal calculator…"]
    hit.run()
    dialog = window.deal_dialog
    assert dialog.table.rowCount() == 9
    victim = dialog.players[0]
    table = window.session.state.players[victim.player].table
    window.run({"cmd": "bust", "player": victim.player})
    window.run({"cmd": "hand_finished", "table": table})
    window.money_ctl.act_deal_calculator()  # open again: the same window, filled in anew
    assert window.deal_dialog is dialog and dialog.table.rowCount() == 8
    assert victim.name not in [name for name, *_ in shown(dialog)]


def test_pay_11_the_calculator_records_the_deal_after_asking_and_offers_the_deal_sheet(qtbot, final_table):
    window = final_table
    if window.session.state.deal is None:
        window.run({"cmd": "close_registration"})  # a deal waits until no entry can arrive
    window.money_ctl.act_deal_calculator()
    dialog = window.deal_dialog
    dialog.method.setCurrentIndex(dialog.method.findData(CHIP_CHOP))
    dialog.spins[0].setValue(90_000)
    seq = window.session.state.seq
    box = dialog.confirm_record()
    assert box is not None and "replaces the prizes in play" in box.text()
    box.reject()  # No: nothing happens
    assert window.session.state.seq == seq and window.session.state.deal is None
    figured = {p.player: amount for p, (*_, amount) in zip(dialog.players, shown(dialog))}
    box = dialog.confirm_record()
    box.button(box.StandardButton.Yes).click()
    deal = window.session.state.deal
    assert deal is not None and deal["method"] == CHIP_CHOP
    assert {int(ln["player"]): money(int(ln["amount_cents"])) for ln in deal["lines"]} == figured
    assert {int(ln["player"]): int(ln["chips"]) for ln in deal["lines"]}[dialog.players[0].player] == 90_000
    assert "Deal recorded" in dialog.feedback.text() and not dialog.record_button.isEnabled()
    offer = window.offer_bar.offer
    assert offer is not None and [job.sheet for job in offer.jobs] == ["deal", "payouts"]
    window.history_ctl.act_undo()  # Ctrl+Z
    assert window.session.state.deal is None
    dialog.reload()
    assert dialog.record_button.isEnabled()
