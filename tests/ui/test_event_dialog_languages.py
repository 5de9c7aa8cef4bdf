"""Tournament > Event of flights… in the pseudo-language en-XA: the event's dialog and its Bags dialog, on an
event of two flights taken through Day 2, show every word translated (bracketed) and none cut by its box; and
the dialog reads word for word in German and French.

The event's own data (its title and file, the flights' and players' names, figures) is never translated; Qt's
standard buttons (Cancel, Close) are Qt's own words, given by Qt's translators in a real language.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from PySide6.QtWidgets import QMessageBox, QTableWidget, QWidget

from app.api import fmt
from app.i18n import set_language
from tests.support.pseudo_check import Shown, cut, shown_texts, untranslated
from tests.ui.conftest import NAMES, open_window
from tests.ui.event_kit import bag_all, day_1b_bagged_elsewhere, played_flight

pytestmark = pytest.mark.qt_log_ignore("does not support raise", "does not support grabbing the keyboard",
                                       "propagateSizeHints")
QT_WORDS = ("OK", "Cancel", "Close", "Yes", "No")
DAY_1B = ("Zed", "Yan", "Xia", "Wes")



def _event(qtbot, clock, tmp_path) -> tuple[Any, Any]:  # noqa: ANN001
    """The window on Day 1A with its event: Day 1A added from here, Day 1B ended and bagged elsewhere."""
    session = played_flight(clock)
    w = open_window(qtbot, session)
    dialog = w.act_event()
    assert dialog.new_event(str(tmp_path / "main.event"), "Main Event")
    assert dialog.add_flight("Day 1A")
    day_1b_bagged_elsewhere(dialog)
    return w, dialog


def _data() -> list[str]:
    return ["Main Event", "main.event", "Test event", "Day 1A", "Day 1B", *NAMES, *DAY_1B, *QT_WORDS,
            *(fmt.ordinal(n) for n in range(1, 20))]


def _cells(widget: QWidget) -> Iterator[Shown]:
    """The words in the cells of every table the widget shows (the flights' states, the results' days)."""
    for table in widget.findChildren(QTableWidget):
        if not table.isVisibleTo(widget):
            continue
        for r in range(table.rowCount()):
            for c in range(table.columnCount()):
                item = table.item(r, c)
                if item is not None and item.text():
                    yield Shown(f"{table.objectName() or 'table'}[{r},{c}]", item.text())


def _problems(widget: QWidget, qtbot) -> list[str]:  # noqa: ANN001
    widget.show()
    qtbot.waitExposed(widget)
    shown = [*shown_texts(widget), *_cells(widget)]
    assert shown, "nothing shown at all"
    return [f"{s}" for s in untranslated(shown, _data())] + [f"cut: {s}" for s in cut(shown)]


def test_the_event_and_its_bags_read_translated_and_whole_in_the_pseudo_language(qtbot, pseudo, clock, tmp_path):
    w, dialog = _event(qtbot, clock, tmp_path)
    found = [f"flights: {p}" for p in _problems(dialog, qtbot)]
    assert dialog.flights.item(1, 3).text().startswith("[")  # Day 1B's state: bagged

    box = dialog.confirm_end_day()
    assert box is not None
    found += [f"end the day: {p}" for p in _problems(box, qtbot)]
    box.button(QMessageBox.StandardButton.Yes).click()
    assert dialog.event_state().flights["Day 1A"].ended, dialog.feedback.text()
    found += [f"day ended: {p}" for p in _problems(dialog, qtbot)]

    bags = dialog.open_bags("Day 1A")
    table = bags.table()
    for r in range(bags.grid.rowCount()):
        bags.grid.item(r, 1).setText(f"A{r + 1}")
    bags.spins[0].setValue(bags.spins[0].value() + 5000)  # counted more than in play: said, then refused
    found += [f"bags: {p}" for p in _problems(bags, qtbot)]
    assert not bags.submit() and dialog.refused == "BAG_COUNT_OFF"
    found += [f"bags refused: {p}" for p in _problems(bags, qtbot)]
    bags.spins[0].setValue(bags.spins[0].value() - 10000)
    found += [f"bags fewer: {p}" for p in _problems(bags, qtbot)]
    bags.spins[0].setValue(bags.spins[0].value() + 5000)
    assert bags.submit() and bags.table() != table
    found += [f"bags entered: {p}" for p in _problems(bags, qtbot)]
    bags.close()
    bag_all(dialog)

    assert dialog.make_day2()
    out = min(dialog.event_state().day2.live(), key=lambda n: dialog.event_state().day2.stacks[n])
    assert dialog.execute({"cmd": "bust_day2", "players": [out], "won_by": "Zed"}, dialog.feedback, "")
    found += [f"day 2 seats: {p}" for p in _problems(dialog, qtbot)]
    dialog.day2_tabs.setCurrentWidget(dialog.results)
    assert dialog.results.rowCount() == 5
    found += [f"results: {p}" for p in _problems(dialog, qtbot)]
    dialog.day2_tabs.setCurrentIndex(dialog.day2_tabs.count() - 1)  # the satellite seats (FLT-9)
    found += [f"satellite seats: {p}" for p in _problems(dialog, qtbot)]
    assert not found, "\n".join(found)
    w.close()



def test_the_event_reads_in_german_word_for_word(qtbot, german, clock, tmp_path):
    w, dialog = _event(qtbot, clock, tmp_path)
    assert dialog.windowTitle() == "Event mit Flights"
    rows = [[dialog.flights.item(r, c).text() for c in range(4)] for r in range(2)]
    assert rows == [["Day 1A", "12", "10", "läuft (dieses Turnier)"], ["Day 1B", "4", "2", "in Beuteln"]]
    box = dialog.confirm_end_day()
    assert box.text() == ("Den Tag von Day 1A jetzt beenden? Die 10 verbliebenen Spieler packen ihre Chips in "
                          "Beutel, und niemand spielt in diesem Flight weiter.")
    box.button(QMessageBox.StandardButton.Yes).click()
    assert dialog.feedback.text() == ("Der Tag von Day 1A ist vorbei: 10 Spieler (2 Tische) packen ihre Chips in "
                                      "Beutel; niemand spielt weiter. Erfassen Sie als Nächstes die Beutel.")
    assert dialog.flights.item(0, 3).text() == "Tag beendet: Beutel von 0 von 2 Tischen"
    w.close()


def test_the_bags_read_in_french_word_for_word(qtbot, clock, tmp_path):
    set_language("fr")
    try:
        w, dialog = _event(qtbot, clock, tmp_path)
        dialog.end_day()
        bags = dialog.open_bags("Day 1A")
        assert bags.windowTitle() == "Sacs de Day 1A"
        table = bags.table()
        in_play = dialog.event_state().flights["Day 1A"].chips_in_play[table]
        bags.spins[0].setValue(bags.spins[0].value() + 5000)
        assert bags.totals.text() == (f"En jeu à la table {table}\u202f: {fmt.chips(in_play)} · compté "
                                      f"{fmt.chips(in_play + 5000)} (5\u202f000 de plus)")
        assert bags.tables.itemText(0) == "Table 1"
        bags.close()
        w.close()
    finally:
        set_language("en")
