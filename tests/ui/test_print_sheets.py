"""Printing from the director's window: Ctrl+P, the offers after an action, the preview, the opener."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from pypdf import PdfReader
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMenu

from app.core.timesource import FakeClock
from tests.ui.conftest import make_session, open_window
from ui.printing.jobs import SheetResult


def pdf_text(path: Path) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(path.read_bytes())).pages)


@pytest.fixture
def opened(window):
    """Every file handed to the system's viewer (none is launched)."""
    paths: list[Path] = []
    window.printing.opener = lambda path: paths.append(path) or True
    return paths


def wait_preview(qtbot, window):
    with qtbot.waitSignal(window.printing.renderer.finished, timeout=20_000) as blocker:
        pass
    result: SheetResult = blocker.args[0]
    preview = window.printing.previews[-1]
    assert preview.isVisible() and preview.sheet is result
    return preview


def test_ctrl_p_chooses_a_sheet_and_the_pdf_goes_to_the_viewer(qtbot, window, opened):
    window.tables_ctl.act_seat_draw()
    window.offer_bar.dismiss()
    qtbot.keyClick(window, Qt.Key.Key_P, Qt.KeyboardModifier.ControlModifier)
    chooser = window.printing.sheet_chooser
    assert chooser.isVisible()
    qtbot.keyClicks(chooser.edit, "table")
    assert chooser.jobs[0].sheet == "tables"
    with qtbot.waitSignal(window.printing.renderer.finished, timeout=20_000):
        qtbot.keyClick(chooser.edit, Qt.Key.Key_Return)
    preview = window.printing.previews[-1]
    assert not chooser.isVisible()
    assert preview.sheet.pages >= 1 and "Table assignments" in preview.windowTitle()
    qtbot.mouseClick(preview.open_button, Qt.MouseButton.LeftButton)
    assert opened == [preview.sheet.path]
    text = pdf_text(opened[0])
    state = window.session.state
    for table in state.tables.values():
        for pid in table.seats.values():
            assert state.players[pid].name in text
    assert "Test event" in text
    assert not preview.isVisible()


def test_the_seat_draw_offers_slips_and_the_table_list(qtbot, window, opened):
    assert not window.offer_bar.isVisible()
    window.tables_ctl.act_seat_draw()
    bar = window.offer_bar
    assert bar.isVisible()
    assert [j.sheet for j in bar.jobs()] == ["seating", "tables"]
    assert bar.text.text().startswith("Seat draw done")
    with qtbot.waitSignal(window.printing.renderer.finished, timeout=20_000):
        qtbot.mouseClick(bar.buttons[0], Qt.MouseButton.LeftButton)
    preview = window.printing.previews[-1]
    preview.open_pdf()
    text = pdf_text(opened[-1])
    ann = window.session.state.players[window.session.state.by_name["ann lee"]]
    assert "Ann Lee" in text and str(ann.table) in text
    assert preview.sheet.pages == 2  # twelve slips, ten to a page


def test_a_move_offers_the_move_slip_of_that_move(qtbot, window, opened):
    window.tables_ctl.act_seat_draw()
    state = window.session.state
    ann = state.players[state.by_name["ann lee"]]
    other = next(t for t in state.tables.values() if t.number != ann.table)
    free = next(s for s in range(1, other.max_seats + 1) if s not in other.seats)
    window.tables_ctl.drop_move(ann.id, other.number, free)
    bar = window.offer_bar
    assert bar.text.text().startswith("Moved")
    move = bar.jobs()[0]
    assert move.sheet == "moves" and move.options["moves"][0]["player"] == ann.id
    with qtbot.waitSignal(window.printing.renderer.finished, timeout=20_000):
        qtbot.mouseClick(bar.buttons[0], Qt.MouseButton.LeftButton)
    window.printing.previews[-1].open_pdf()
    text = pdf_text(opened[-1])
    assert "Ann Lee" in text and "Bo Chen" not in text
    assert str(other.number) in text


def test_a_redraw_offers_move_slips_from_the_seats_before(qtbot, window):
    window.tables_ctl.act_seat_draw()
    before = {p.id: (p.table, p.seat) for p in window.session.state.players.values()}
    window.tables_ctl.act_redraw()
    bar = window.offer_bar
    assert bar.text.text().startswith("Redraw done")
    moves = bar.jobs()[0].options["moves"]
    assert moves and all((m["from_table"], m["from_seat"]) == before[m["player"]] for m in moves)


def test_a_name_no_font_prints_still_prints_and_the_window_names_it(qtbot, window, opened, monkeypatch, tmp_path):
    import sheets.fonts as fonts
    from sheets.fonts import FontSet

    empty = tmp_path / "no-fonts"
    empty.mkdir()
    monkeypatch.setattr(fonts, "_DEFAULT", FontSet(search_dirs=[empty]))
    window.session.execute({"cmd": "register", "name": "李明"})
    window.tables_ctl.act_seat_draw()
    with qtbot.waitSignal(window.printing.renderer.finished, timeout=20_000) as blocker:
        qtbot.mouseClick(window.offer_bar.buttons[1], Qt.MouseButton.LeftButton)  # the table list
    assert blocker.args[0].unprintable == ["李明"]
    preview = window.printing.previews[-1]
    said = preview.feedback.text()
    assert preview.feedback.property("kind") == "refused"
    assert "李明" in said and "fonts-noto-cjk" in said and "Traceback" not in said
    text = pdf_text(preview.sheet.path)
    assert "??†" in text and "Ann Lee" in text and "printed without some letters" in text


def test_clock_and_payout_tabs_print_their_sheets(qtbot, window, opened):
    with qtbot.waitSignal(window.printing.renderer.finished, timeout=20_000):
        qtbot.mouseClick(window.clock_tab.buttons["structure"], Qt.MouseButton.LeftButton)
    window.printing.previews[-1].open_pdf()
    assert "Level" in pdf_text(opened[-1])
    with qtbot.waitSignal(window.printing.renderer.finished, timeout=20_000):
        qtbot.mouseClick(window.payouts_tab.print_buttons["payouts"], Qt.MouseButton.LeftButton)
    assert window.printing.previews[-1].sheet.job.sheet == "payouts"


def test_the_last_busts_offer_payouts_receipts_and_results(qtbot, window):
    # No late entry: the last player standing wins at once (ELIM-6).
    window.session.execute({"cmd": "change_settings", "settings": {"late.mode": "none"}})
    window.tables_ctl.act_seat_draw()
    window.run({"cmd": "start_clock"})  # play begins: nobody busts before (ELIM-6)
    state = window.session.state
    live = [p.id for p in state.players.values() if p.live]
    for pid in live[:-2]:
        window.players_ctl.bust({"cmd": "bust", "player": pid})
    assert [j.sheet for j in window.offer_bar.jobs()] == ["payouts", "receipts"]
    window.players_ctl.bust({"cmd": "bust", "player": live[-2]})
    assert window.offer_bar.text.text().startswith("Tournament over")
    assert [j.sheet for j in window.offer_bar.jobs()] == ["results", "payouts", "receipts"]


def test_a_break_with_a_chip_race_offers_the_race_sheets(qtbot, window, clock, opened):
    window.tables_ctl.act_seat_draw()
    window.clock_ctl.button("start")
    for _ in range(240):  # minute by minute, until the break after level 8 (the 25s leave)
        clock.advance(60)
        window.tick()
        if window.offer_bar.text.text().startswith("Chip race"):
            break
    race = window.offer_bar.jobs()
    assert [j.sheet for j in race] == ["chip-race"] and race[0].options == {"break_after": 8}
    window.tick()  # the same break is offered once
    assert window.offer_bar.jobs() == race
    with qtbot.waitSignal(window.printing.renderer.finished, timeout=20_000):
        qtbot.mouseClick(window.offer_bar.buttons[0], Qt.MouseButton.LeftButton)
    window.printing.previews[-1].open_pdf()
    text = pdf_text(opened[-1])
    assert "level 8" in text.lower() and "Table 1" in text


def test_sheets_are_drawn_off_the_gui_thread_with_a_busy_indicator(qtbot, window, monkeypatch):
    import threading

    import sheets

    threads = []
    real = sheets.draw

    def spy(*args, **kwargs):
        threads.append(threading.current_thread())
        return real(*args, **kwargs)

    monkeypatch.setattr(sheets, "draw", spy)
    window.tables_ctl.act_seat_draw()
    with qtbot.waitSignal(window.printing.renderer.finished, timeout=20_000):
        window.printing.print_named("seating")
        assert window.printing.renderer.busy == 1
        assert window.offer_bar.busy.isVisible() and "seating" in window.offer_bar.busy_text.text()
    assert threads and threads[0] is not threading.main_thread()
    assert not window.offer_bar.busy.isVisible()


def test_the_print_menu_and_the_chooser_offer_the_money_trail(qtbot, window, opened):
    menu = next(m for m in window.menuBar().findChildren(QMenu) if m.title() == "&Print")
    action = next(a for a in menu.actions() if a.text() == "Money trail")
    from ui.printing.chooser import choices

    assert [j.sheet for j in choices([], "money")] == ["money"]
    with qtbot.waitSignal(window.printing.renderer.finished, timeout=20_000):
        action.trigger()
    preview = window.printing.previews[-1]
    assert preview.sheet.job.sheet == "money"
    preview.open_pdf()
    text = pdf_text(opened[-1])
    assert "Money trail" in text and "Ann Lee" in text and "Total paid in" in text


class Named:
    """A printer chosen in the print dialog, as the preview's Print… hands it on."""

    def __init__(self, name: str) -> None:
        self.name = name

    def printerName(self) -> str:  # noqa: N802 - QPrinter's spelling
        return self.name

    def copyCount(self) -> int:  # noqa: N802
        return 1

    def outputFileName(self) -> str:  # noqa: N802
        return ""


def test_ctrl_p_prints_from_the_preview_and_each_sheet_starts_on_its_last_printer(qtbot, window, monkeypatch):
    from ui.printing import output

    sent: list[tuple[str, str]] = []  # (PDF file, printer)
    monkeypatch.setattr(output, "can_send_to_printer", lambda: True)
    monkeypatch.setattr(output, "send_to_printer",
                        lambda path, printer, copies=1: sent.append((path.name, printer)) or output.Sent(True, "Sent."))
    offered: list[str] = []  # the printer each print dialog started on
    pick = {"tables": "Office laser", "seating": "Desk labels"}

    def chooser(parent, on_chosen, last=""):
        offered.append(last)
        on_chosen(Named(pick[parent.sheet.job.sheet]))

    window.printing.printer_chooser = chooser
    window.tables_ctl.act_seat_draw()
    window.offer_bar.dismiss()

    def print_with_ctrl_p(window, sheet: str) -> None:
        window.printing.print_named(sheet)
        preview = wait_preview(qtbot, window)
        preview.activateWindow()
        qtbot.waitUntil(preview.isActiveWindow)
        qtbot.keyClick(preview, Qt.Key.Key_P, Qt.KeyboardModifier.ControlModifier)
        qtbot.waitUntil(lambda: preview.feedback.text() == "Sent.")  # the button's click follows the key

    print_with_ctrl_p(window, "tables")
    print_with_ctrl_p(window, "seating")
    assert offered == ["", "Office laser"]  # a sheet never printed starts on the last printer used
    assert [printer for _path, printer in sent] == ["Office laser", "Desk labels"]
    window.close()  # the next night, another window: each sheet still starts on its own printer
    night = open_window(qtbot, make_session(FakeClock(1_900_000_000.0), seat=True))
    night.printing.printer_chooser = chooser
    print_with_ctrl_p(night, "seating")
    print_with_ctrl_p(night, "tables")
    assert offered[2:] == ["Desk labels", "Office laser"]


def test_the_print_dialog_starts_on_the_last_printer_only_while_it_exists(qtbot, monkeypatch):
    from PySide6.QtPrintSupport import QPrinterInfo
    from PySide6.QtWidgets import QWidget

    from ui.control.printing import ask_printer

    parent = QWidget()
    qtbot.addWidget(parent)
    dialog = ask_printer(parent, lambda _printer: None, "A printer taken away")
    assert "A printer taken away" not in QPrinterInfo.availablePrinterNames()
    assert dialog.printer().printerName() != "A printer taken away"  # the system's default instead
    dialog.reject()
    names = QPrinterInfo.availablePrinterNames()
    if names:  # a computer with printers: the dialog starts on the one asked for
        dialog = ask_printer(parent, lambda _printer: None, names[-1])
        assert dialog.printer().printerName() == names[-1]
        dialog.reject()
