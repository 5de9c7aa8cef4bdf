"""Tournament > Export results…: one dialog (what, format, where) writes the file ``floorman export`` writes; an
existing file is replaced only when the director says so; a refusal stays in the dialog and writes nothing."""

from __future__ import annotations

import csv
import io

from openpyxl import load_workbook

from app.api import fmt
from sheets.source import collect
from tests.ui.conftest import make_session, open_window


def _played(qtbot, clock):
    session = make_session(clock, players=9, start=True)
    w = open_window(qtbot, session)
    for _ in range(3):
        table = max(session.state.tables.values(), key=lambda tb: tb.population)
        w.run({"cmd": "bust", "players": [next(iter(table.seats.values()))]})
    return w, session


def _open_dialog(w):
    [act] = [a for a in w._menus["&Tournament"].actions() if a.text() == "Export results…"]
    act.trigger()
    dialog = w.store.export_dialog
    assert dialog.isVisible()
    return dialog


def _pick(dialog, what: str, fmt_name: str, path) -> None:
    dialog.what.setCurrentIndex(dialog.what.findData(what))
    dialog.format.setCurrentIndex(dialog.format.findData(fmt_name))
    dialog.path.setText(str(path))


def test_export_results_from_the_window_as_the_results_sheet_says(qtbot, clock, tmp_path):
    w, session = _played(qtbot, clock)
    dialog = _open_dialog(w)
    assert dialog.path.text().endswith("results.csv")  # a name suggested from the event and the choice
    out = tmp_path / "results.csv"
    _pick(dialog, "results", "csv", out)
    dialog.buttons.accepted.emit()
    assert not dialog.isVisible() and dialog.written == out
    rows = list(csv.DictReader(io.StringIO(out.read_bytes().decode("utf-8-sig"), newline="")))
    assert [(r["Place"], r["Name"], round(float(r["Prize (USD)"]) * 100)) for r in rows] == [
        (fmt.place(r.place, r.tied), r.name, r.amount_cents) for r in collect(session.tournament).results]
    assert "Exported the results" in w.store.banner.text()
    w.close()


def test_export_money_as_a_workbook_asks_before_replacing_a_file(qtbot, clock, tmp_path):
    w, session = _played(qtbot, clock)
    out = tmp_path / "money.xlsx"
    out.write_bytes(b"PK\x03\x04 an old workbook")
    dialog = _open_dialog(w)
    asked: list[str] = []
    dialog.replace_asker = lambda _parent, path: asked.append(path) is not None  # says no
    _pick(dialog, "money", "xlsx", out)
    dialog.buttons.accepted.emit()
    assert asked == [str(out)] and dialog.isVisible()
    assert out.read_bytes() == b"PK\x03\x04 an old workbook"
    dialog.replace_asker = lambda _parent, path: True
    dialog.buttons.accepted.emit()
    assert not dialog.isVisible()
    ws = load_workbook(io.BytesIO(out.read_bytes())).worksheets[0]
    assert ws.max_row == 1 + sum(1 for _ in collect(session.tournament).money.lines)  # nothing paid out yet
    w.close()


def test_a_refused_export_stays_in_the_dialog_and_writes_nothing(qtbot, clock, tmp_path):
    tmp_path = tmp_path / "exports"
    tmp_path.mkdir()
    w, _session = _played(qtbot, clock)
    dialog = _open_dialog(w)
    _pick(dialog, "entries", "ranking", tmp_path / "entries.csv")
    dialog.buttons.accepted.emit()
    assert dialog.isVisible() and "results only" in dialog.error.text()
    _pick(dialog, "results", "csv", tmp_path / "no such folder" / "r.csv")
    dialog.buttons.accepted.emit()
    assert dialog.isVisible() and "does not exist" in dialog.error.text()
    _pick(dialog, "results", "json", tmp_path / "t.floorman")
    dialog.buttons.accepted.emit()
    assert dialog.isVisible() and "tournament file" in dialog.error.text()
    assert list(tmp_path.iterdir()) == []
    dialog.buttons.rejected.emit()
    assert not dialog.isVisible()
    w.close()


def test_the_choose_button_takes_the_path_the_director_picks(qtbot, clock, tmp_path):
    w, _session = _played(qtbot, clock)
    dialog = _open_dialog(w)
    dialog.path_chooser = lambda _parent, suggested, fmt_name: str(tmp_path / f"picked.{fmt_name}")
    dialog.format.setCurrentIndex(dialog.format.findData("json"))
    dialog.choose()
    assert dialog.path.text() == str(tmp_path / "picked.json")
    dialog.format.setCurrentIndex(dialog.format.findData("xlsx"))  # a name the director chose stays
    assert dialog.path.text() == str(tmp_path / "picked.json")
    w.close()
