"""The event of flights the event dialog's tests start from: this tournament playing as Day 1A (12 players
seated, its clock running, two out), Day 1B ended and bagged elsewhere, and Day 1A's bags entered."""

from __future__ import annotations

from typing import Any

from app.api import flight_event
from tests.ui.conftest import make_session
from ui.session import Session


def bust(session: Session, n: int) -> None:
    """``n`` players out, each from the fullest table."""
    t = session.tournament
    for _ in range(n):
        table = max(t.state.tables.values(), key=lambda tb: tb.population)
        session.execute({"cmd": "bust", "player": next(iter(table.seats.values()))})


def played_flight(clock: Any, **settings: Any) -> Session:
    """12 players seated (with ``settings`` changed), the clock started and two players out."""
    session = make_session(clock, players=12, seat=True)
    if settings:
        session.execute({"cmd": "change_settings", "settings": settings})
    session.execute({"cmd": "start_clock"})
    bust(session, 2)
    return session


def day_1b_bagged_elsewhere(dialog: Any) -> None:
    """Day 1B added to the dialog's event, its day ended elsewhere (Xia and Wes out, Zed and Yan left at
    table 1) and its bags entered."""
    assert dialog.execute({"cmd": "add_flight", "flight": "Day 1B"}, dialog.feedback, "")
    end_1b = flight_event.EndDay(flight="Day 1B", entries=4, pool_cents=40000, chips_in_play={1: 40000},
                                 survivors={"Zed": 1, "Yan": 1}, finishers=[("Xia", 2), ("Wes", 3)])
    assert dialog.execute(end_1b, dialog.feedback, ""), dialog.feedback.text()
    bags = {"cmd": "enter_bags", "flight": "Day 1B", "table": 1,
            "bags": [{"player": "Zed", "bag": "1", "chips": 25000}, {"player": "Yan", "bag": "2", "chips": 15000}]}
    assert dialog.execute(bags, dialog.feedback, ""), dialog.feedback.text()


def bag_all(dialog: Any) -> None:
    """Every table of Day 1A still waiting: a bag number per player, the counts as prefilled."""
    bags = dialog.open_bags("Day 1A")
    number = 100
    while bags.table() is not None:
        for r in range(bags.grid.rowCount()):
            number += 1
            bags.grid.item(r, 1).setText(str(number))
        assert bags.submit(), bags.feedback.text()
    bags.close()
