"""KO-1 in the window: the bust dialog lists who may have won the pot; the ticks become ``eliminated_by``."""

from __future__ import annotations

import os

from PySide6.QtCore import Qt

from app.commands.eliminations import Bust
from app.core.timesource import FakeClock
from app.engine import Tournament
from app.profiles.profile import load_profile
from ui.dialogs.bust import BustDialog


def pko_table(clock: FakeClock | None = None) -> Tournament:
    """A PKO table of four (one of them with a long name), seated and playing."""
    t = Tournament.create(load_profile("tda-pko"), name="PKO", time=clock or FakeClock(), seed=1)
    for name in ("Ann Lee", "Bob Ray", "Cat Moss", "Dan Oyelaran-Whitfield"):
        t.execute({"cmd": "register", "name": name})
    t.execute({"cmd": "open_table", "table": 1})
    for seat, name in enumerate(("Ann Lee", "Bob Ray", "Cat Moss", "Dan Oyelaran-Whitfield"), 1):
        t.execute({"cmd": "seat_player", "player": name, "table": 1, "seat": seat})
    t.execute({"cmd": "start_clock"})
    return t


def test_ko_1_bust_dialog_ticks_the_eliminators_of_a_split_pot(qtbot):
    t = pko_table()
    ann = t.state.by_name["ann lee"]
    dialog = BustDialog(t.state, [ann])
    qtbot.addWidget(dialog)
    dialog.show()
    names = [dialog.eliminators.item(i).text() for i in range(dialog.eliminators.count())]
    assert names == ["Bob Ray  (T1 S2)", "Cat Moss  (T1 S3)", "Dan Oyelaran-Whitfield  (T1 S4)"]
    assert dialog.command() == Bust(player=ann)  # nothing ticked: the engine asks
    dialog.eliminators.item(0).setCheckState(Qt.CheckState.Checked)
    dialog.eliminators.item(2).setCheckState(Qt.CheckState.Checked)
    cmd = dialog.command()
    assert cmd.eliminated_by == [t.state.by_name["bob ray"], t.state.by_name["dan oyelaran-whitfield"]]
    shot = os.environ.get("FLOORMAN_SCREENSHOTS")
    if shot:
        dialog.grab().save(os.path.join(shot, "bust-dialog-knockout.png"))
    t.execute(cmd)
    assert t.state.players[t.state.by_name["bob ray"]].bounties_won_cents == 1250


def test_ko_display_shows_the_largest_bounties_beside_the_clock(qtbot, tmp_path):
    from pathlib import Path

    from ui.display.screenshots import grab_display
    from ui.display.sound import SILENT, ChimePlayer
    from ui.display.window import RoomDisplay

    t = pko_table()
    t.execute({"cmd": "bust", "player": "Ann Lee", "eliminated_by": "Cat Moss"})
    display = RoomDisplay(t, t.time, player=ChimePlayer(backend=SILENT))
    try:
        display.set_largest_bounties(True)
        out = Path(os.environ.get("FLOORMAN_SCREENSHOTS") or tmp_path) / "display-bounties.png"
        grab_display(display, out, 1280, 720)
        panel = display.panel
        assert panel.leaders_caption.text() == "LARGEST BOUNTIES"
        assert panel.leader_names[0].text() == "1. Cat Moss" and panel.leader_stacks[0].text() == "$75.00"
        display.set_largest_bounties(False)
        assert not panel.leaders_caption.isVisible() or not panel.side_shown()
    finally:
        display.close()
        display.deleteLater()


def test_ko_6_eliminator_dialog_moves_the_bounty(qtbot):
    from app.views import knockouts
    from ui.dialogs.eliminator import EliminatorDialog

    t = pko_table()
    ann, bob, cat = (t.state.by_name[n] for n in ("ann lee", "bob ray", "cat moss"))
    t.execute({"cmd": "bust", "player": ann, "eliminated_by": bob})
    rows = knockouts(t.state)
    dialog = EliminatorDialog(rows, ann)
    qtbot.addWidget(dialog)
    dialog.show()
    labels = [dialog.eliminators.item(i).text() for i in range(dialog.eliminators.count())]
    assert labels == ["Bob Ray (T1 S2)", "Cat Moss (T1 S3)", "Dan Oyelaran-Whitfield (T1 S4)"]
    assert dialog.ticked() == [bob]
    dialog.eliminators.item(0).setCheckState(Qt.CheckState.Unchecked)
    dialog.eliminators.item(1).setCheckState(Qt.CheckState.Checked)
    shot = os.environ.get("FLOORMAN_SCREENSHOTS")
    if shot:
        dialog.grab().save(os.path.join(shot, "correct-eliminator.png"))
    t.execute(dialog.command())
    assert t.state.players[cat].bounties_won_cents == 2500 and t.state.players[bob].bounties_won_cents == 0


def test_ko_player_list_tooltip_tells_the_bounty(qtbot):
    from ui.models.players import PlayerModel

    t = pko_table()
    t.execute({"cmd": "bust", "player": "Ann Lee", "eliminated_by": "Bob Ray"})
    model = PlayerModel(t.state)
    bob = model.row_of(t.state.by_name["bob ray"])
    tip = model.data(model.index(bob, 5), Qt.ItemDataRole.ToolTipRole)
    assert tip == "Bob Ray paid $100.00 · bounty on their head $75.00 · bounties won $25.00 · 1 knockout"
