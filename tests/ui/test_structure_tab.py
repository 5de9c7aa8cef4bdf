"""The Clock tab lists the structure; the level in force is marked; a double-click jumps to a level."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont

from app.core.timesource import FakeClock
from app.engine import Tournament
from app.profiles.profile import load_profile
from ui.models.structure import StructureModel


def _hat() -> Tournament:
    t = Tournament.create(load_profile("hat"), name="Hat", time=FakeClock(), seed=3)
    for name in ("Ann", "Bo", "Cy", "Di"):
        t.execute({"cmd": "register", "name": name})
    t.execute({"cmd": "seat_all"})
    t.execute({"cmd": "start_clock"})
    return t


def test_clk_1_structure_rows_with_both_columns_and_breaks(qtmodeltester) -> None:
    from app import views

    t = _hat()
    model = StructureModel()
    model.refresh(views.structure_json(t.state), 2, {1: "Razz"})
    qtmodeltester.check(model)
    headers = [model.headerData(c, Qt.Orientation.Horizontal) for c in range(model.columnCount())]
    assert headers == ["Level", "Minutes", "Game", "Blinds", "Stud", "Limits"]
    first = [model.data(model.index(0, c)) for c in range(model.columnCount())]
    assert first[:4] == ["1", "30", "Razz", "15/25"]
    assert first[4] == "ante 5, bring-in 10, complete 25"
    breaks = [r for r in range(model.rowCount()) if model.level_at(r) is None]
    assert model.data(model.index(breaks[0], 2)) == "break, chip race: 5 chips leave"
    current = model.row_of_level(2)
    assert current is not None
    bold = model.data(model.index(current, 0), role=Qt.ItemDataRole.FontRole)
    assert isinstance(bold, QFont) and bold.bold()


def test_double_click_on_a_level_jumps_the_clock(qtbot) -> None:
    from ui.demo_session import demo_session
    from ui.director import DirectorWindow

    session = demo_session()
    w = DirectorWindow(session)
    qtbot.addWidget(w)
    w.tick()
    tab = w.clock_tab
    row = tab.structure.row_of_level(7)
    assert row is not None
    tab.structure_view.doubleClicked.emit(tab.structure.index(row, 0))
    assert session.tournament.view("clock")["clock"]["level"] == 7
