"""One event night, end to end, as a director runs it: welcome screen, new file from the TDA profile,
40 players, seat draw, busts, balancing, undo and redo, the clock, the money, printing, reopening the
file, a second read-only window, and the room display.

Set FLOORMAN_NIGHT_SHOTS to a folder to keep a screenshot of each step.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from PySide6.QtCore import QMimeData, QPointF, Qt
from PySide6.QtGui import QDropEvent, QGuiApplication
from PySide6.QtWidgets import QApplication, QPushButton, QWidget

from app import format as fmt
from app import views
from app.errors import RuleError
from app.views.deal import CHIP_CHOP
from sheets import SHEETS
from tests.ui import printing_support
from tests.ui.printing_support import print_through_button
from ui.widgets.round_table import MIME

cups_folder = printing_support.cups_folder  # the fixture: (queue, folder) of a CUPS-PDF queue

pytestmark = pytest.mark.qt_log_ignore("does not support raise", "does not support grabbing the keyboard")

NAMES = ["Zoë Müller", "José Álvarez", "Łukasz Wójcik", "Søren Ørsted", "Дмитрий Иванов", "Αλέξης Παπαδόπουλος",
         "محمد علي", "Ελένη Νικολάου", "שרה כהן", "Ольга Петрова", "Nguyễn Văn An", "Ayşe Yılmaz",
         *[f"Player {i:02d}" for i in range(28)]]


def shot(qtbot, w: QWidget, name: str) -> None:
    qtbot.wait(20)
    folder = os.environ.get("FLOORMAN_NIGHT_SHOTS")
    if folder:
        w.grab().save(str(Path(folder) / f"{name}.png"))


def active(qtbot, w: QWidget) -> None:
    qtbot.waitUntil(lambda: QApplication.activeWindow() is w, timeout=2000)


def shown_window(qtbot, starter) -> QWidget:
    """The director's window the welcome screen just opened, at a laptop's size, with the keyboard."""
    w = starter.windows[-1]
    qtbot.addWidget(w)
    w.showNormal()
    w.resize(1366, 768)
    qtbot.waitExposed(w)
    active(qtbot, w)
    return w


def typed(qtbot, w, key: Qt.Key, text: str, mods=Qt.KeyboardModifier.NoModifier) -> str:
    """One shortcut, a name, Enter: what the action bar answers."""
    qtbot.keyClick(w, key, mods)
    bar = w.player_panel.action_bar
    bar.edit.setText(text)
    qtbot.keyClick(bar.edit, Qt.Key.Key_Return)
    return bar.feedback.text()


def new_tournament(qtbot, starter, monkeypatch, target: Path):
    from ui.dialogs.new_tournament import NewTournamentDialog

    seen = {}

    def fill_in(dialog: NewTournamentDialog) -> int:
        dialog.path.setText(str(target))
        seats = dialog.rows["table.max_seats"]
        seats.editor.spin.setValue(1)
        seen["refusal"] = seats.feedback.text()
        seen["ok"] = dialog.buttons.button(dialog.buttons.StandardButton.Ok).isEnabled()
        seats.editor.spin.setValue(8)
        dialog.rows["final_table.size"].editor.spin.setValue(8)
        dialog._ok()
        return dialog.result()

    monkeypatch.setattr(NewTournamentDialog, "exec", fill_in)
    starter.welcome._new()
    assert seen == {"refusal": "Seats per table: must be at least 2.", "ok": False}
    w = shown_window(qtbot, starter)
    return w


def drop(w, pid: int, table: int, seat: int) -> str:
    widget = w.tables_tab.grid.table_widgets()[table]
    mime = QMimeData()
    mime.setData(MIME, str(pid).encode())
    widget.dropEvent(QDropEvent(QPointF(widget.seat_centre(seat)), Qt.DropAction.MoveAction, mime,
                                Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier))
    return w.tables_tab.feedback.text()


def follow_suggestions(qtbot, w) -> list[str]:
    kinds = []
    while w.pending:
        kinds.append(w.pending[0].kind)
        qtbot.mouseClick(w.tables_tab.cards[0].findChild(QPushButton), Qt.MouseButton.LeftButton)
        assert w.tables_tab.feedback.property("kind") == "done", w.tables_tab.feedback.text()
    return kinds


def snapshot(w) -> tuple:
    state = w.session.state
    players = {p.id: (p.name, p.status, p.place, p.table, p.seat) for p in state.players.values()}
    history = [(item.label, item.undone) for item in w.session.history()]
    return players, state.clock.get("level"), history


def test_event_night(qtbot, tmp_path, monkeypatch):
    from ui.start import Starter

    starter = Starter(QApplication.instance())
    starter.show_welcome()
    qtbot.addWidget(starter.welcome)
    shot(qtbot, starter.welcome, "01-welcome")
    w = new_tournament(qtbot, starter, monkeypatch, tmp_path / "night.floorman")
    state = w.session.state
    assert state.profile["table.max_seats"] == 8

    for name in NAMES:  # F2, the name, Enter
        assert typed(qtbot, w, Qt.Key.Key_F2, name) == f"Registered {name}."
    assert len(state.players) == 40 and w.player_panel.count.text() == "40 players"
    assert typed(qtbot, w, Qt.Key.Key_F4, "Zoë") == "This tournament has no rebuys."
    assert state.players[1].entries == 1 and state.pool_cents == 400_000

    qtbot.keyClick(w, Qt.Key.Key_F6)
    assert w.tables_tab.feedback.text() == "Seat draw done: 40 players at 5 tables."
    assert all(snap.snapshot.population == 8 for snap in w.tables_tab.grid.table_widgets().values())
    qtbot.keyClick(w, Qt.Key.Key_F5)
    assert "running" in w.strip.level.text()
    shot(qtbot, w, "02-drawn")

    assert typed(qtbot, w, Qt.Key.Key_F8, "Player 05") == "Player 05 out 40th"
    table = state.tables[state.players[state.by_name["player 06"]].table]
    a, b = [state.players[pid] for pid in list(table.seats.values())[:2]]
    typed(qtbot, w, Qt.Key.Key_F8, f"{a.name}, {b.name}")  # two in one hand: the engine asks their stacks
    q = w.runner.question_dialog
    if q is not None:  # asked as a question: one whole-number field per player
        for spin, chips in zip(q.spins.values(), (3000, 5000)):
            spin.setValue(chips)
        q._ok()
    else:  # an engine that asks in words only: the stacks go with the command
        w.run({"cmd": "bust", "players": [a.id, b.id], "stacks": {str(a.id): 3000, str(b.id): 5000}})
    assert (a.place, b.place) == (39, 38)
    active(qtbot, w)

    move = w.pending[0]
    taken = next(iter(state.tables[move.to_table].seats))
    assert "is taken by" in drop(w, move.player_id, move.to_table, taken)
    assert drop(w, move.player_id, move.to_table, move.to_seat).endswith(f"moved to T{move.to_table} S{move.to_seat}.")
    follow_suggestions(qtbot, w)

    victim = state.by_name["player 11"]
    typed(qtbot, w, Qt.Key.Key_F8, "Player 11")
    qtbot.keyClick(w, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert w.session.state.players[victim].live and w.statusBar().currentMessage().startswith("Undone:")
    qtbot.keyClick(w, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    assert not w.session.state.players[victim].live
    state = w.session.state

    qtbot.keyClick(w, Qt.Key.Key_F5)
    assert "paused" in w.strip.level.text()
    qtbot.keyClick(w, Qt.Key.Key_F5)
    assert "running" in w.strip.level.text()
    qtbot.keyClick(w, Qt.Key.Key_Right, Qt.KeyboardModifier.ControlModifier)
    assert w.strip.level.text().startswith("2 · running")

    jose = state.by_name["josé álvarez"]
    assert typed(qtbot, w, Qt.Key.Key_A, "José", Qt.KeyboardModifier.ControlModifier) == "Absent: José Álvarez — done."
    assert state.players[jose].absent_since is not None
    assert w.players.index(jose - 1, 2).data().startswith("absent")
    typed(qtbot, w, Qt.Key.Key_A, "José", Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    assert state.players[jose].absent_since is None

    kinds, bubble = [], ""
    while "in the money" not in w.strip.field.text():
        busiest = max(state.tables.values(), key=lambda t: t.population)
        typed(qtbot, w, Qt.Key.Key_F8, f"#{next(iter(busiest.seats.values()))}")
        kinds += follow_suggestions(qtbot, w)
        if w.strip.field.text().endswith("bubble"):
            bubble = w.strip.field.text()
            shot(qtbot, w, "03-bubble")
    assert "break" in kinds and bubble and len(state.tables) == 1
    field = w.strip.field
    qtbot.wait(50)  # the strip lays itself out again
    assert field.parentWidget().width() >= field.fontMetrics().horizontalAdvance(field.text())  # never cut off
    places = w.payouts_tab.model
    assert places.rowCount() == state.remaining() and "places paid of 40 entries" in w.payouts_tab.summary.text()
    assert places.index(0, 0).data() and places.index(0, 1).data()

    opened: list[Path] = []
    w.printing.opener = lambda path: opened.append(path) or True
    w.tabs.setCurrentWidget(w.payouts_tab)
    shot(qtbot, w, "04-payouts")
    with qtbot.waitSignal(w.printing.renderer.finished, timeout=20_000):
        qtbot.mouseClick(w.payouts_tab.print_buttons["payouts"], Qt.MouseButton.LeftButton)
    qtbot.mouseClick(w.printing.previews[-1].open_button, Qt.MouseButton.LeftButton)
    assert opened and opened[0].suffix == ".pdf"

    before = snapshot(w)
    w.close()
    starter.show_welcome()
    welcome = starter.welcome
    qtbot.addWidget(welcome)
    item = welcome.recent.item(0)
    assert item.text().startswith("night")
    welcome._open_recent(item)
    again = starter.windows[-1]
    qtbot.addWidget(again)
    assert again is not w and snapshot(again) == before
    assert again.strip.level.text().startswith("2 ·")

    starter.open_file(str(tmp_path / "night.floorman"))
    second = starter.windows[-1]
    qtbot.addWidget(second)
    assert "(read-only)" in second.windowTitle() and "Read-only: night.floorman" in second.read_only_banner.text()
    assert snapshot(second) == before
    second.close()

    again.act_room_display()
    display = again.display
    qtbot.addWidget(display)
    frame = display.frame
    assert frame is not None and "2" in frame.level_text and frame.title == "TDA rules (default)"
    minutes = [int(t.split(":")[0]) for t in (frame.clock_text, again.strip.clock.text())]
    assert minutes[0] == minutes[1] or abs(minutes[0] - minutes[1]) == 1  # the same clock, read a moment apart
    shot(qtbot, display, "05-display")
    again.close()


# -- a 60-player rebuy night, keyboard only ------------------------------------------------------------
# Profile: the TDA rules with rebuys through level 3, a top-up after level 1 and an add-on at level 3 (set in
# the new tournament dialog): tables of 9, so 60 players are drawn at 7 tables (home-nl's card draw seats at most four).

LONG_NAME = "Maximiliano Alejandro de la Santísima Trinidad Fernández Paz"  # 60 characters
NIGHT_NAMES = ["José Álvarez", "Zoë Müller", "Дмитрий Иванов", "Ольга Петрова", "李明", "田中 花子", "김민준",
               "Søren Ørsted", "Ayşe Yılmaz", "Nguyễn Văn An", LONG_NAME,
               *[f"Player {i:02d}" for i in range(49)]]


def night_shot(qtbot, w: QWidget, name: str) -> None:
    """A screenshot of the stage into FLOORMAN_SCREENS (or the test's folder)."""
    qtbot.wait(20)
    folder = Path(os.environ.get("FLOORMAN_SCREENS") or os.environ["NIGHT_TMP"])
    folder.mkdir(parents=True, exist_ok=True)
    assert w.grab().save(str(folder / f"{name}.png"))


def set_setting(dialog, key: str, value) -> None:
    editor = dialog.rows[key].editor
    if hasattr(editor, "none"):  # optional: a value, not "none"
        editor.none.setChecked(False)
        editor = editor.inner
    if hasattr(editor, "box"):
        editor.box.setChecked(bool(value))
    else:
        editor.spin.setValue(int(value))


def answer_question(qtbot, w, choice: str | None = None, amounts: tuple[int, ...] = ()) -> str:
    """Answer the engine's question from the keyboard: amounts typed, then Enter; or a choice's key."""
    q = w.runner.question_dialog
    assert q is not None and q.isVisible()
    text = q.question.text
    if amounts:
        for spin, chips in zip(q.spins.values(), amounts):
            spin.setValue(chips)
        qtbot.keyClick(q, Qt.Key.Key_Return)
    else:
        qtbot.keyClicks(q.list, choice or "1")
    qtbot.waitUntil(lambda: not q.isVisible())
    return text


def palette(qtbot, w, text: str) -> None:
    """Ctrl+K, the words, Enter."""
    from ui.palette import CommandPalette

    qtbot.keyClick(w, Qt.Key.Key_K, Qt.KeyboardModifier.ControlModifier)
    pal = next(p for p in w.findChildren(CommandPalette) if p.isVisible())
    pal.edit.setText(text)
    qtbot.keyClick(pal.edit, Qt.Key.Key_Return)
    active(qtbot, w)


def test_a_60_player_rebuy_night_from_the_keyboard(qtbot, tmp_path, monkeypatch, cups_folder):
    from ui.dialogs.new_tournament import NewTournamentDialog
    from ui.start import Starter

    monkeypatch.setenv("NIGHT_TMP", str(tmp_path / "screens"))
    starter = Starter(QApplication.instance())
    starter.show_welcome()
    qtbot.addWidget(starter.welcome)

    def fill_in(dialog: NewTournamentDialog) -> int:
        dialog.path.setText(str(tmp_path / "rebuy-night.floorman"))
        for key, value in (("rebuy.offered", True), ("rebuy.last_level", 3), ("addon.offered", True),
                           ("addon.level", 3), ("topup.offered", True)):
            set_setting(dialog, key, value)
        assert dialog.buttons.button(dialog.buttons.StandardButton.Ok).isEnabled(), dialog.feedback.text()
        dialog._ok()
        return dialog.result()

    monkeypatch.setattr(NewTournamentDialog, "exec", fill_in)
    starter.welcome._new()
    w = shown_window(qtbot, starter)
    state = w.session.state
    assert state.profile["rebuy.offered"] and state.profile["rebuy.last_level"] == 3
    assert state.profile["topup.offered"] and state.profile["topup.after_level"] == 1
    events: list = []
    w.session.changed.connect(events.extend)

    # Registration: F2, the name, Enter; accents, Cyrillic, CJK and a 60-character name.
    assert len(LONG_NAME) == 60
    for name in NIGHT_NAMES:
        assert typed(qtbot, w, Qt.Key.Key_F2, name) == f"Registered {name}."
    assert len(state.players) == 60 and w.player_panel.count.text() == "60 players"
    typed(qtbot, w, Qt.Key.Key_F2, "jose alvarez")  # the same name but for its accent: asked, Esc
    box = w.runner.question_dialog  # the engine asks (REG-9)
    assert box.question.text == "José Álvarez is already registered; register another jose alvarez?"
    qtbot.keyClick(box, Qt.Key.Key_Escape)
    assert len(state.players) == 60
    night_shot(qtbot, w, "01-registered")

    # The draw, the clock.
    qtbot.keyClick(w, Qt.Key.Key_F6)
    assert w.tables_tab.feedback.text() == "Seat draw done: 60 players at 7 tables."
    qtbot.keyClick(w, Qt.Key.Key_F5)
    assert "running" in w.strip.level.text()
    night_shot(qtbot, w, "02-drawn")

    # A bust during rebuys: deciding, shown, then a rebuy from one key; another declines.
    zoe = state.players[state.by_name["zoë müller"]]
    assert typed(qtbot, w, Qt.Key.Key_F8, "zoe").startswith("Zoë Müller: rebuy or out?")
    assert w.strip.pending.text().startswith("Zoë Müller: rebuy or out?")
    assert w.players.index(w.players.row_of(zoe.id), 2).data() == "deciding: rebuy or out"
    night_shot(qtbot, w, "03-deciding")
    qtbot.keyClick(w, Qt.Key.Key_F4)
    bar = w.player_panel.action_bar
    assert bar.edit.text() == "Zoë Müller"
    qtbot.keyClick(bar.edit, Qt.Key.Key_Return)
    assert zoe.rebuys == 1 and not zoe.deciding
    typed(qtbot, w, Qt.Key.Key_F8, "Player 00")
    assert typed(qtbot, w, Qt.Key.Key_D, "Player 00", Qt.KeyboardModifier.ControlModifier).endswith("— done.")
    assert not state.players[state.by_name["player 00"]].live

    # Several in one hand: the engine asks their stacks at the start of the hand.
    table = state.tables[state.players[state.by_name["player 10"]].table]
    a, b = [state.players[pid] for pid in list(table.seats.values())[:2]]
    typed(qtbot, w, Qt.Key.Key_F8, f"#{a.id}, #{b.id}")
    answer_question(qtbot, w, amounts=(3000, 5000))
    assert a.deciding and b.deciding  # still in the rebuy period: both decide
    for p in (a, b):
        typed(qtbot, w, Qt.Key.Key_D, f"#{p.id}", Qt.KeyboardModifier.ControlModifier)
    assert not a.live and not b.live

    # Level 2, its first hands: the top-up to the start stack (ENT-6) from Shift+F4. The counted stack typed
    # after the name; or, not typed, the engine asks for it. Asked first whether the hand at his table began
    # before level 2 (the window closes at his table's first level-2 hand).
    qtbot.keyClick(w, Qt.Key.Key_Right, Qt.KeyboardModifier.ControlModifier)
    assert w.strip.level.text().startswith("2 ·")
    start = int(state.profile["money.start_stack"])
    typed_in, asked = [p for p in state.players.values() if p.live and p.name in NIGHT_NAMES[7:11]][:2]
    bought = len(events)
    typed(qtbot, w, Qt.Key.Key_F4, f"{typed_in.name} 6500", Qt.KeyboardModifier.ShiftModifier)
    assert "started before level 2" in answer_question(qtbot, w, choice="1")
    assert w.runner.question_dialog is None and bar.feedback.text() == f"Top-up: {typed_in.name} — done."
    typed(qtbot, w, Qt.Key.Key_F4, asked.name, Qt.KeyboardModifier.ShiftModifier)
    if "started before level 2" in w.runner.question_dialog.question.text:  # his table: not answered yet
        answer_question(qtbot, w, choice="1")
    assert answer_question(qtbot, w, amounts=(4200,)).startswith(f"How many chips does {asked.name} have now?")
    assert bar.feedback.text() == f"Top-up: {asked.name} — done."
    topups = [e.data for e in events[bought:] if e.type == "chips_bought"]
    assert [(d["player"], d["kind"], d["stack_before"], d["chips"]) for d in topups] == [
        (typed_in.id, "topup", 6500, start - 6500), (asked.id, "topup", 4200, start - 4200)]
    assert (typed_in.stack, typed_in.topups, asked.stack, asked.topups) == (start, 1, start, 1)
    night_shot(qtbot, w, "03-top-ups")

    # Level 3: a bust, the clock moves on to level 4 before the rebuy is asked: the level-4 question.
    qtbot.keyClick(w, Qt.Key.Key_Right, Qt.KeyboardModifier.ControlModifier)
    assert w.strip.level.text().startswith("3 ·")
    dima = state.players[state.by_name["дмитрий иванов"]]
    typed(qtbot, w, Qt.Key.Key_F8, "Дмитрий")
    assert dima.deciding
    addon = typed(qtbot, w, Qt.Key.Key_F4, "Ольга", Qt.KeyboardModifier.ControlModifier)  # Ctrl+F4: add-on
    assert addon == "Add-on: Ольга Петрова — done."
    night_shot(qtbot, w, "04-rebuys-and-add-ons")
    qtbot.keyClick(w, Qt.Key.Key_Right, Qt.KeyboardModifier.ControlModifier)
    assert w.strip.level.text().startswith("4 ·")
    assert typed(qtbot, w, Qt.Key.Key_F4, "Дмитрий") == "Rebuy: Дмитрий Иванов — done."  # lost in level 3
    assert dima.rebuys == 1

    # A wrong bust in level 4 (Player 20 is still in): the engine asks whether the hand started before
    # level 4 (ENT-4: it decides whether a rebuy is still offered); answered; then Ctrl+Z at once.
    victim = state.by_name["player 20"]
    typed(qtbot, w, Qt.Key.Key_F8, "Player 20")
    asked = answer_question(qtbot, w, choice="1")
    assert "level 4" in asked
    night_shot(qtbot, w, "05-level-4-question")
    assert not w.session.state.players[victim].live or w.session.state.players[victim].deciding
    qtbot.keyClick(bar.edit, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert w.session.state.players[victim].live and not w.session.state.players[victim].deciding
    state = w.session.state

    # Busts one at a time, balancing and breaking tables to the final table; hand for hand on the bubble.
    kinds: list[str] = []
    bubble_seen = False
    asked_at: dict[int, int] = {}  # CONV-6 (section 20.10): the level-4 question, by the table it asked about
    busts = 0
    for _ in range(60):
        if "in the money" in w.strip.field.text() and len(state.tables) == 1:
            break
        busiest = max(state.tables.values(), key=lambda t: t.population)
        pid = next(pid for pid in busiest.seats.values() if pid != state.by_name[LONG_NAME.lower()])
        at_table = busiest.number
        said = typed(qtbot, w, Qt.Key.Key_F8, f"#{pid}")
        busts += 1
        if w.runner.question_dialog is not None:  # still the level-4 question for a hand begun before it
            asked_at[at_table] = asked_at.get(at_table, 0) + 1
            answer_question(qtbot, w, choice="1")
        if state.players[pid].deciding:
            typed(qtbot, w, Qt.Key.Key_D, f"#{pid}", Qt.KeyboardModifier.ControlModifier)
        assert not state.players[pid].live, said
        kinds += follow_suggestions(qtbot, w)
        if w.strip.field.text().endswith("bubble") and not bubble_seen:
            bubble_seen = True
            palette(qtbot, w, "hand for hand")
            assert state.hand_for_hand and w.strip.hand_for_hand.isVisible()
            assert w.strip.hand_for_hand.text() == "Hand for hand"
            night_shot(qtbot, w, "06-bubble-hand-for-hand")
        if state.hand_for_hand and "in the money" in w.strip.field.text():  # the bubble burst: play on
            palette(qtbot, w, "hand for hand")
            assert not state.hand_for_hand and not w.strip.hand_for_hand.isVisible()
            assert "running" in w.strip.level.text()
    assert kinds.count("break") >= 2 and bubble_seen and len(state.tables) == 1 and not state.hand_for_hand
    # Each table was asked the level-4 question at most once, however many of its players went out.
    assert asked_at and all(n == 1 for n in asked_at.values()), asked_at
    assert sum(asked_at.values()) < busts, (asked_at, busts)
    night_shot(qtbot, w, "07-final-table")

    # A chip count at the final table after the breaks. The chips won from busted players went with their
    # holders when their tables broke, so every chip issued (entries, rebuys, the add-on, the top-ups) is in
    # play here: a count of them all adds up, nothing flagged; a count of 1,000 more is refused and changes
    # nothing.
    profile = state.profile
    assert profile is not None
    chips = w.session.tournament.view("chips")["chips"]
    in_play = chips["in_play"]
    final = next(iter(state.tables))  # the busted players' chips went along to the final table, none left behind
    assert chips["loose"] and all(at == [final] for at in chips["loose_at"].values()), chips["loose_at"]
    players = state.players.values()
    issued_here = (start * sum(p.entries for p in players) + profile.rebuy_chips * sum(p.rebuys for p in players)
                   + profile.addon_chips * sum(p.addons for p in players) + (start - 6500) + (start - 4200))
    assert in_play == issued_here == state.expected_chips()
    assert views.read(w.session.tournament).field.average_stack == round(in_play / state.remaining())  # not counted yet
    palette(qtbot, w, "chip count")
    dialog = w.tables_ctl.chip_count_dialog
    assert dialog is not None and len(dialog.spins) == state.remaining()
    n = len(dialog.spins)
    counts = [in_play // n + 2500 * (n - 1 - 2 * i) for i in range(n)]  # a chip leader first, a short stack last
    counts[0] += in_play - sum(counts)

    def count_in(figures: list[int]) -> None:
        for spin, chips in zip(dialog.spins.values(), figures):
            qtbot.keyClick(spin, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
            qtbot.keyClicks(spin, str(chips))
        assert [spin.value() for spin in dialog.spins.values()] == figures

    seq, stacks = state.seq, {pid: state.players[pid].stack for pid in dialog.spins}
    count_in([*counts[:-1], counts[-1] + 1000])  # 1,000 too many
    qtbot.keyClick(dialog, Qt.Key.Key_Return)
    night_shot(qtbot, dialog, "08-final-count-refused")
    assert dialog.isVisible() and dialog.feedback.property("kind") == "refused"
    with pytest.raises(RuleError) as refused:
        w.session.execute(dialog.command())
    assert refused.value.code == "CHIPS_EXCEED_ISSUED"
    assert dialog.feedback.text() == refused.value.message.partition(". ")[0] + "."
    assert f"only {fmt.chips(in_play)} were issued" in dialog.feedback.text()
    assert "1,000 too many" in dialog.feedback.text() and not dialog.accept_button.isVisible()
    assert state.seq == seq and state.pending_count is None
    assert {pid: state.players[pid].stack for pid in dialog.spins} == stacks
    counted = len(events)
    count_in(counts)  # counted again: every chip in play
    night_shot(qtbot, dialog, "08-final-count")
    qtbot.keyClick(dialog, Qt.Key.Key_Return)
    try:
        qtbot.waitUntil(lambda: not dialog.isVisible(), timeout=1000)
    except Exception:
        raise AssertionError(dialog.feedback.text()) from None
    assert [e.type for e in events[counted:]] == ["chip_count_applied"]
    assert not any(d for _t, d in events[-1].data["differences"]) and not events[-1].data["correction"]
    assert [state.players[pid].stack for pid in dialog.spins] == counts
    assert state.count_corrections == 0 and not any(state.loose_chips.values())
    assert w.session.tournament.view("chips")["chips"]["in_play"] == in_play
    assert w.tables_ctl.feedback.text() == f"Chip count of table {dialog.current_table()} entered."

    assert w.tables_tab.leaders.rowCount() == min(10, state.remaining())
    w.tabs.setCurrentWidget(w.payouts_tab)
    places = w.payouts_tab.model
    assert "places paid of" in w.payouts_tab.summary.text() and places.rowCount() >= state.remaining()
    night_shot(qtbot, w, "08-payouts")

    # The room display (F10), on the second screen when there is one; the director keeps the keyboard.
    display = room_display_from_f10(qtbot, w)
    assert display.frame.average_text == fmt.chips(round(in_play / state.remaining()))
    night_shot(qtbot, display, "09-room-display")

    # A deal, worked out in the calculator from Ctrl+K: the counted stacks typed over, ICM and a chip chop.
    # It is a calculator only (ELIM-6): the window has nothing that records a deal, and the file is unchanged.
    seq = state.seq
    palette(qtbot, w, "deal")
    deal = w.deal_dialog
    assert deal is not None and deal.isVisible() and len(deal.spins) == state.remaining()
    qtbot.keyClick(deal.spins[0], Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClicks(deal.spins[0], "250000")
    qtbot.keyClick(deal.spins[0], Qt.Key.Key_Return)
    assert deal.spins[0].value() == 250_000 and deal.deal is not None
    icm = [line.amount_cents for line in deal.deal.lines]
    assert deal.deal.lines[0].chips == 250_000 and icm[0] == max(icm)
    deal.method.setFocus()
    qtbot.keyClick(deal.method, Qt.Key.Key_Down)
    assert deal.method.currentText() == "Chip chop" and deal.deal.method == CHIP_CHOP
    assert sum(line.amount_cents for line in deal.deal.lines) == sum(icm) == deal.deal.split_cents
    night_shot(qtbot, deal, "10-deal")
    qtbot.keyClick(deal, Qt.Key.Key_Escape)
    assert not deal.isVisible() and w.session.state.seq == seq
    active(qtbot, w)

    # Every sheet printed with the preview's Print… button to the CUPS-PDF queue (page counts checked).
    queue, printed = cups_folder
    pdfs = {name: print_through_button(w, qtbot, name, queue, printed) for name in SHEETS}
    assert len(set(pdfs.values())) == len(SHEETS)
    preview = w.printing.previews[-1]
    night_shot(qtbot, preview, "11-printed")
    preview.close()

    folder = Path(os.environ.get("FLOORMAN_SCREENS") or tmp_path / "screens")
    assert {"01-registered", "06-bubble-hand-for-hand", "09-room-display", "11-printed"} <= {
        f.stem for f in folder.glob("*.png")}
    w.close()
    assert not display.isVisible()


def room_display_from_f10(qtbot, w) -> QWidget:
    """F10 in the director's window: the room display, full screen on the other screen when there is one
    (FLOORMAN_NIGHT_SCREENS=2 insists there is), else a window on the director's screen; then a director's
    key, pressed where the keyboard is, still reaches the director's window."""
    screens = QGuiApplication.screens()
    if os.environ.get("FLOORMAN_NIGHT_SCREENS") == "2":
        assert len(screens) == 2, [s.name() for s in screens]
    qtbot.keyClick(w, Qt.Key.Key_F10)
    display = w.display
    assert display is not None
    qtbot.addWidget(display)
    qtbot.waitExposed(display)
    if len(screens) > 1:
        qtbot.waitUntil(lambda: display.isFullScreen() and display.screen() is not w.screen())
        assert display.screen().geometry().contains(display.geometry().center())
    else:
        assert display.screen() is w.screen() and not display.isFullScreen()
    frame = display.frame
    assert frame is not None and frame.players_detail.endswith(" · 1 add-on · 2 top-ups")
    assert frame.level_text == f"LEVEL {w.strip.level.text().split(' ')[0]}"

    qtbot.wait(300)  # whatever the platform does with a window shown, it has done it
    active(qtbot, w)  # the display never keeps the keyboard
    keyboard = QApplication.focusWidget() or QApplication.activeWindow()
    assert keyboard is not None and keyboard.window() is w
    paused = "paused" in w.strip.level.text()
    qtbot.keyClick(keyboard, Qt.Key.Key_F5)  # the clock: started or paused
    assert ("paused" in w.strip.level.text()) is not paused, w.strip.level.text()
    qtbot.waitUntil(lambda: display.frame is not None and (display.frame.mode == "paused") is not paused)
    qtbot.keyClick(QApplication.focusWidget() or w, Qt.Key.Key_F5)
    assert ("paused" in w.strip.level.text()) is paused
    return display


# -- a satellite and a progressive knockout, each played to its end in the window --------------------------

def new_from_profile(qtbot, monkeypatch, tmp_path, profile_id: str, file_name: str):
    """The welcome screen: the shipped profile picked, New tournament, the dialog accepted as it is."""
    from ui.dialogs.new_tournament import NewTournamentDialog
    from ui.start import Starter

    starter = Starter(QApplication.instance())
    starter.show_welcome()
    welcome = starter.welcome
    qtbot.addWidget(welcome)
    row = next(i for i, p in enumerate(welcome._profiles) if getattr(p, "id", None) == profile_id)
    welcome.profiles.setCurrentRow(row)
    assert welcome.selected_profile() is not None and welcome.selected_profile().id == profile_id

    def fill_in(dialog: NewTournamentDialog) -> int:
        dialog.path.setText(str(tmp_path / file_name))
        assert dialog.buttons.button(dialog.buttons.StandardButton.Ok).isEnabled(), dialog.feedback.text()
        dialog._ok()
        return dialog.result()

    monkeypatch.setattr(NewTournamentDialog, "exec", fill_in)
    welcome._new()
    w = shown_window(qtbot, starter)
    return w


def results_text(qtbot, w) -> str:
    """The results sheet, drawn from the window, read back from its PDF."""
    import io

    from pypdf import PdfReader

    from tests.ui.printing_support import draw_sheet

    preview = draw_sheet(w, qtbot, "results")
    night_shot(qtbot, preview, "results-sheet")
    text = "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(preview.sheet.path.read_bytes())).pages)
    preview.close()
    return text


SATELLITE_NAMES = ["Amélie Durand", "Björn Ågren", "Chloé Leroy", "Dara Ó Briain", "Émile Zola", "Fatma Şahin",
                   *[f"Qualifier {i:02d}" for i in range(18)]]


def bust_down(qtbot, w, until) -> list[str]:
    """F8, a name, Enter, one bust at a time from the busiest table, the engine's questions answered (the
    first answer) and the suggestions followed, until ``until()``; the suggestions' kinds."""
    state = w.session.state
    kinds: list[str] = []
    for _ in range(len(state.players)):
        if until():
            return kinds
        busiest = max(state.tables.values(), key=lambda t: t.population)
        p = state.players[next(iter(busiest.seats.values()))]
        said = typed(qtbot, w, Qt.Key.Key_F8, p.name)
        while w.runner.question_dialog is not None and w.runner.question_dialog.isVisible():
            answer_question(qtbot, w, choice="1")
            active(qtbot, w)
        assert not p.live, said
        kinds += follow_suggestions(qtbot, w)
        if w.strip.field.text().endswith("bubble"):
            night_shot(qtbot, w, f"{Path(w.session.path).stem}-bubble")
    raise AssertionError("the tournament never got there")


def test_a_satellite_played_to_its_seats_in_the_window(qtbot, tmp_path, monkeypatch):
    from app import views
    from db.verify import verify_file

    monkeypatch.setenv("NIGHT_TMP", str(tmp_path / "screens"))
    w = new_from_profile(qtbot, monkeypatch, tmp_path, "satellite", "satellite.floorman")
    state = w.session.state
    assert state.profile["satellite.seat_value_cents"] == 55_000 and state.profile["satellite.stop_at_seats"]

    for name in SATELLITE_NAMES:
        assert typed(qtbot, w, Qt.Key.Key_F2, name) == f"Registered {name}."
    assert w.strip.pool.text() == "$1,440.00 · 2 seats in Main Event"  # 24 x $60: two $550 seats
    qtbot.keyClick(w, Qt.Key.Key_F6)
    assert w.tables_tab.feedback.text() == "Seat draw done: 24 players at 3 tables."
    qtbot.keyClick(w, Qt.Key.Key_F5)
    assert "running" in w.strip.level.text()
    night_shot(qtbot, w, "satellite-01-drawn")

    # Late registration in level 2: the seats follow the pool; the 28th entrant finds every seat taken.
    qtbot.keyClick(w, Qt.Key.Key_Right, Qt.KeyboardModifier.ControlModifier)
    assert w.strip.level.text().startswith("2 ·") and "Late registration closes" in w.strip.level.text()
    for name in ("Late Lou", "Late Liv", "Late Lars"):
        assert typed(qtbot, w, Qt.Key.Key_F2, name).startswith(f"Registered {name} — seated T")
    said = typed(qtbot, w, Qt.Key.Key_F2, "Late Lena")
    assert said == "Registered Late Lena — waiting: every seat is taken; F7 seats the entrant when one is free."
    lena = state.players[state.by_name["late lena"]]
    assert lena.status == "waiting" and lena.entries == 1
    assert w.strip.pool.text() == "$1,680.00 · 3 seats in Main Event"  # 28 x $60: three seats, $30 over
    # A bust frees a seat: seating the waiting entrant is the first thing suggested.
    assert typed(qtbot, w, Qt.Key.Key_F8, "Qualifier 03") == "Qualifier 03 out 28th"
    assert w.strip.pending.text() == "Seat Late Lena: waiting for a seat"
    assert follow_suggestions(qtbot, w)[0] == "seat"
    assert lena.status == "seated" and lena.table is not None

    # Late registration closes after level 4; then the busts, the tables broken as suggested.
    for _ in range(3):
        qtbot.keyClick(w, Qt.Key.Key_Right, Qt.KeyboardModifier.ControlModifier)
    assert "Late registration" not in w.strip.level.text()
    kinds = bust_down(qtbot, w, lambda: state.remaining() == 5)
    assert kinds.count("break") == 2 and len(state.tables) == 1  # 3 tables, then the final one
    night_shot(qtbot, w, "satellite-02-five-for-three-seats")

    # Two out in one hand on the bubble: the engine asks their stacks at the start of the hand; the
    # bigger stack takes 4th and the $30 left over, and the three left win the seats at once.
    final = state.tables[next(iter(state.tables))]
    short, tall = [state.players[pid] for pid in list(final.seats.values())[:2]]
    typed(qtbot, w, Qt.Key.Key_F8, f"{short.name}, {tall.name}")
    q = w.runner.question_dialog
    assert q is not None and q.isVisible() and set(q.spins) == {short.name, tall.name}
    night_shot(qtbot, q, "satellite-03-their-stacks")
    q.spins[short.name].setValue(3_000)
    q.spins[tall.name].setValue(8_000)
    qtbot.keyClick(q, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: not q.isVisible())
    assert (tall.place, short.place) == (4, 5)
    assert state.ended and not final.seats  # the seat winners have left the table

    # The engine: three seats won, the fourth takes the $30 left over, the tournament over, the clock stopped.
    winners = [p for p in state.players.values() if p.out_reason == "seat"]
    assert len(winners) == 3 and all(p.place == 1 and not p.live for p in winners)
    fourth = tall
    assert state.ended and state.remaining() == 0 and not state.clock.get("running")
    assert views.summary(state).prize_of(fourth.id) == 3_000
    assert {views.summary(state).prize_of(p.id) for p in winners} == {55_000}
    assert sorted(p.place for p in state.players.values() if p.place) == [1, 1, 1, *range(4, 29)]
    assert state.pool_cents == 28 * 6_000 and state.fees_cents == 28 * 600
    field = views.summary(state).field
    assert (field.seats, field.seats_awarded, field.seat_event) == (3, 3, "Main Event")
    assert w.strip.pool.text() == "$1,680.00 · 3 seats in Main Event"
    for p in winners:
        assert w.players.index(w.players.row_of(p.id), 2).data() == "won a seat"
    night_shot(qtbot, w, "satellite-04-seats-won")

    # The results sheet: the seats and the cash, read back from the PDF.
    text = results_text(qtbot, w)
    assert text.count("Seat in Main Event") == 3 and text.count("T-1st") == 3
    assert "4th" in text and "$30.00" in text and "28 entries" in text
    for p in winners:
        assert p.name in text
    w.close()
    report = verify_file(tmp_path / "satellite.floorman")
    assert report.ok, report.problems


PKO_NAMES = ["Ángel Núñez", "Brigitte Bardot-Roux", "Çağla Öztürk", "Dmitri Sokolov", "Eva Nováková",
             *[f"Hunter {i:02d}" for i in range(11)]]


def test_a_pko_played_to_its_winner_in_the_window(qtbot, tmp_path, monkeypatch):
    from app import format as fmt
    from app import views
    from db.verify import verify_file

    monkeypatch.setenv("NIGHT_TMP", str(tmp_path / "screens"))
    w = new_from_profile(qtbot, monkeypatch, tmp_path, "tda-pko", "pko.floorman")
    state = w.session.state
    assert state.profile["bounty.kind"] == "progressive" and state.profile["bounty.amount_cents"] == 5_000
    for name in PKO_NAMES:
        assert typed(qtbot, w, Qt.Key.Key_F2, name) == f"Registered {name}."
    assert w.strip.pool.text() == "$800.00 · 4 paid"  # 16 x $100, of which $50 is each player's bounty
    assert state.bounty_pool_cents == 80_000
    qtbot.keyClick(w, Qt.Key.Key_F6)
    assert w.tables_tab.feedback.text() == "Seat draw done: 16 players at 2 tables."
    qtbot.keyClick(w, Qt.Key.Key_F5)

    # The player's row picked, F8: the bust dialog lists who may have won the pot; Space ticks, Enter busts.
    victim = state.players[state.by_name["hunter 03"]]
    view = w.player_panel.view
    view.setFocus()
    view.selectRow(w.player_panel.proxy.mapFromSource(w.players.index(w.players.row_of(victim.id), 0)).row())
    qtbot.keyClick(w, Qt.Key.Key_F8)
    dialog = w.bust_dialog
    assert dialog is not None and dialog.isVisible()
    at_table = [pid for _seat, pid in sorted(state.tables[victim.table].seats.items()) if pid != victim.id]
    assert [dialog.eliminators.item(i).text().split("  (")[0] for i in range(dialog.eliminators.count())] == [
        state.players[pid].name for pid in at_table]
    night_shot(qtbot, dialog, "pko-01-bust-dialog")
    dialog.eliminators.setFocus()
    qtbot.keyClick(dialog.eliminators, Qt.Key.Key_Space)
    hunter = state.players[at_table[0]]
    assert dialog.ticked() == [hunter.id]
    qtbot.keyClick(dialog, Qt.Key.Key_Return)
    assert not dialog.isVisible() and victim.place == 16
    assert (hunter.bounties_won_cents, hunter.bounty_cents, hunter.knockouts) == (2_500, 7_500, 1)  # half each way
    active(qtbot, w)

    # F8, a name, Enter: the engine asks who knocked him out; 1 answers (the first player clockwise).
    second = next(p for p in (state.players[state.by_name[n]] for n in ("hunter 04", "hunter 05")) if p is not hunter)
    typed(qtbot, w, Qt.Key.Key_F8, second.name)
    assert w.runner.question_dialog is not None
    night_shot(qtbot, w.runner.question_dialog, "pko-02-who-knocked-him-out")
    asked = answer_question(qtbot, w, choice="1")
    assert asked.startswith(f"Who knocked out {second.name}? The bounty of $50.00 goes to the player who won the pot")
    assert second.place == 15 and sum(p.knockouts for p in state.players.values()) == 2
    active(qtbot, w)
    # He re-enters during late registration (Ctrl+E): a new stack and a new bounty.
    assert typed(qtbot, w, Qt.Key.Key_E, second.name, Qt.KeyboardModifier.ControlModifier) == (
        f"Re-entry: {second.name} — done.")
    assert second.live and second.table is not None and second.bounty_cents == 5_000
    row = w.players.row_of(second.id)
    assert (w.players.index(row, 4).data(), w.players.index(row, 5).data()) == ("2", "$200.00")  # two entries
    assert state.bounty_pool_cents == 85_000 and w.strip.pool.text() == "$850.00 · 4 paid"

    # Late registration over after level 3; then the busts to the winner, each knockout named.
    for _ in range(3):
        qtbot.keyClick(w, Qt.Key.Key_Right, Qt.KeyboardModifier.ControlModifier)
    assert w.strip.level.text().startswith("4 ·")
    bust_down(qtbot, w, lambda: state.ended)
    night_shot(qtbot, w, "pko-03-winner")

    # The engine: one winner, every bounty paid, the money taken all accounted for.
    winner = [p for p in state.players.values() if p.status == "winner"]
    assert len(winner) == 1 and winner[0].place == 1 and not state.live_players()
    assert sum(p.knockouts for p in state.players.values()) == 16  # 17 entries, one winner
    assert state.bounties_paid_cents == state.bounty_pool_cents == 85_000 and state.bounty_unclaimed_cents == 0
    assert sum(p.bounties_won_cents for p in state.players.values()) == 85_000  # the winner takes his own too
    summary = views.summary(state)
    assert sum(summary.prize_of(p.id) or 0 for p in state.players.values()) == state.pool_cents == 85_000
    taken = sum(p.paid_cents for p in state.players.values())
    assert taken == 17 * 10_000 == state.pool_cents + state.bounty_pool_cents + state.fees_cents

    # The results sheet: each player's knockouts and the bounties he won, beside his prize.
    text = results_text(qtbot, w)
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    assert "17 entries" in lines and "Knockouts" in lines and "Bounties" in lines
    champion = winner[0]
    at = lines.index(champion.name)
    assert lines[at - 1] == "1st" and lines[at + 1:at + 4] == [
        fmt.money(summary.prize_of(champion.id)), str(champion.knockouts), fmt.money(champion.bounties_won_cents)]
    for p in state.players.values():
        if p.knockouts and p is not champion:
            assert p.name in lines and str(p.knockouts) in lines[lines.index(p.name):lines.index(p.name) + 4]
    w.close()
    report = verify_file(tmp_path / "pko.floorman")
    assert report.ok, report.problems


# -- sharing on the network while the director keeps typing ---------------------------------------------------

def phones_see(url: str) -> dict:
    """What a phone reads from the shared tournament (127.0.0.1 only)."""
    import json
    import urllib.request

    with urllib.request.urlopen(url + "api/state", timeout=5) as answer:  # noqa: S310 - 127.0.0.1 only
        return json.loads(answer.read())


def test_sharing_goes_on_while_the_director_busts_players_from_the_keyboard(qtbot, tmp_path, monkeypatch):
    from ui.control.share import ShareDialog

    monkeypatch.setenv("NIGHT_TMP", str(tmp_path / "screens"))
    w = new_from_profile(qtbot, monkeypatch, tmp_path, "tda", "shared.floorman")
    state = w.session.state
    for name in NIGHT_NAMES[:20]:
        assert typed(qtbot, w, Qt.Key.Key_F2, name) == f"Registered {name}."
    qtbot.keyClick(w, Qt.Key.Key_F6)
    qtbot.keyClick(w, Qt.Key.Key_F5)

    # View → Share on the network…: this machine's own address, a port the system picks free.
    def choose(dialog: ShareDialog) -> int:
        dialog.address.setCurrentIndex(dialog.address.findText("127.0.0.1"))
        dialog.port.setMinimum(0)
        dialog.port.setValue(0)  # 0: any free port
        return ShareDialog.DialogCode.Accepted

    monkeypatch.setattr(ShareDialog, "exec", choose)
    menu_item = next(a for a in w.actions() if a.text() == "Share on the network…")
    menu_item.trigger()
    share = w.share
    assert share.sharing and share.server.url.startswith("http://127.0.0.1:") and share.server.port != 0
    url = share.server.url
    panel = share.panel
    assert panel is not None and panel.isVisible() and url in panel.url.text()
    active(qtbot, w)  # the panel leaves the keyboard with the director
    assert phones_see(url)["players_left"] == 20
    night_shot(qtbot, panel, "share-01-panel")

    # F8, a name, Enter, with the panel open: each bust reaches the phones; Enter never stops sharing.
    out = 0
    for name in ("José Álvarez", "Zoë Müller", "Дмитрий Иванов"):
        assert typed(qtbot, w, Qt.Key.Key_F8, name).startswith(f"{name} out ")
        out += 1
        follow_suggestions(qtbot, w)
        active(qtbot, w)
        qtbot.waitUntil(lambda n=20 - out: phones_see(url)["players_left"] == n, timeout=3000)
        assert share.sharing and share.stop_box is None and panel.isVisible()

    # The director clicked the panel, then typed on: the keys go to his window, the bust is made.
    panel.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is panel)
    qtbot.keyClick(panel, Qt.Key.Key_F8)
    bar = w.player_panel.action_bar
    assert bar.key == "bust"
    qtbot.waitUntil(lambda: QApplication.activeWindow() is w)
    panel.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is panel)
    qtbot.keyClicks(panel, "Player 00")
    assert bar.edit.text() == "Player 00"
    popup = QApplication.activePopupWidget()  # the name's completions
    if popup is not None:
        popup.hide()
    qtbot.keyClick(panel, Qt.Key.Key_Return)
    player = state.players[state.by_name["player 00"]]
    qtbot.waitUntil(lambda: not player.live)
    qtbot.waitUntil(lambda: phones_see(url)["players_left"] == 16, timeout=3000)
    assert share.sharing and share.stop_box is None
    night_shot(qtbot, w, "share-02-still-shared")

    server = share.server
    w.close()
    assert not server.running and not share.sharing
