"""The room display scales: from 1280x720 to 3840x2160 no label is clipped, none overlaps another."""

from __future__ import annotations

import itertools

import pytest

from screens.format import ordinal
from screens.frame import RoomFacts, build_frame
from ui.display.panel import DisplayPanel

SIZES = [(1280, 720), (1920, 1080), (3840, 2160)]
LONG_NAME = "The Twenty-Sixth Annual Riverside Charity Mixed Games Championship — Main Event, Day 2"
BIG = {"family": "blinds", "sb": 250_000, "bb": 500_000, "ante": 50_000, "small_bet": 500_000, "big_bet": 1_000_000}
STUD = {
    "family": "stud",
    "ante": 100_000,
    "bring_in": 150_000,
    "complete": 500_000,
    "small_bet": 500_000,
    "big_bet": 1_000_000,
}
FACTS = RoomFacts(
    name=LONG_NAME,
    players_left=1_234,
    entries=10_000,
    rebuys=2_345,
    addons=1_987,
    average_stack=1_234_567,
    pool_cents=123_456_789_00,
    payouts=tuple((ordinal(n), 1_000_000_00 // n) for n in range(1, 16)),
    places_paid=15,
    bubble=True,
    hand_for_hand=True,
    late_seconds_left=3_599,
)


def clock(**over: object) -> dict[str, object]:
    base: dict[str, object] = {
        "started": True,
        "running": True,
        "paused": False,
        "level": 27,
        "on_break": False,
        "break": None,
        "ms_left": 3_599_000,
        "time_left": "59:59",
        "last_minute": False,
        "overtime": False,
        "overtime_seconds": 0,
        "game": {"name": "Crazy Pineapple Hi-Lo"},
        "forced_bets": BIG,
        "betting": {"betting": "pot_limit"},
        "next": {"level": 28, "break_first": True, "game": {"name": "Seven-Card Stud Hi-Lo"}, "forced_bets": STUD},
        "seconds_to_break": 7_199,
        "announcements": [{"text": "Late registration closes in five minutes."}],
    }
    base.update(over)
    return base


STATES = {
    "running": clock(),
    "hours": clock(ms_left=7_199_000, time_left="1:59:59"),
    "paused": clock(paused=True, running=False, pause_reason="Dispute at table 112: the director is on the way"),
    "break": clock(on_break=True, **{"break": {"minutes": 20, "race": [25, 100]}}),
    "overtime": clock(overtime=True, overtime_seconds=7_199, next=None),
}


def render(panel: DisplayPanel, facts: RoomFacts, state: str, width: int, height: int) -> None:
    panel.resize(width, height)
    panel.place_labels()
    panel.show_frame(build_frame(STATES[state], facts))
    panel.grab()  # delivers the pending resize events, as a first paint would


@pytest.fixture
def panel(qtbot):
    p = DisplayPanel()
    qtbot.addWidget(p)
    return p


@pytest.mark.parametrize("state", sorted(STATES))
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_nothing_is_cut_off_or_overlapping(panel, state, size) -> None:
    width, height = size
    render(panel, FACTS, state, width, height)
    shown = [lb for lb in panel.labels() if lb.text() and lb.isVisibleTo(panel)]
    assert len(shown) > 20
    for label in shown:
        fm = label.fontMetrics()
        assert fm.horizontalAdvance(label.text()) <= label.width(), f"{label.text()!r} is clipped across"
        assert fm.height() <= label.height(), f"{label.text()!r} is clipped in height"
        assert panel.rect().contains(label.geometry()), f"{label.text()!r} leaves the window"
    for a, b in itertools.combinations(shown, 2):
        assert not a.geometry().intersects(b.geometry()), f"{a.text()!r} overlaps {b.text()!r}"


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_clock_digits_take_a_quarter_of_the_height(panel, size) -> None:
    width, height = size
    for state in ("running", "hours", "overtime"):
        render(panel, FACTS, state, width, height)
        font = panel.clock.font()
        assert font.pixelSize() >= height / 4, (state, font.pixelSize())
        assert panel.clock.fontMetrics().tightBoundingRect("0").height() >= height / 5.5


def test_long_names_shrink_rather_than_clip(panel) -> None:
    render(panel, RoomFacts(name="Friday"), "running", 1280, 720)
    short = panel.title.font().pixelSize()
    render(panel, FACTS, "running", 1280, 720)
    assert panel.title.text() == LONG_NAME
    assert panel.title.font().pixelSize() < short
    assert panel.title.fontMetrics().horizontalAdvance(LONG_NAME) <= panel.title.width()


def test_a_ticking_clock_keeps_its_size(panel) -> None:
    render(panel, FACTS, "running", 1920, 1080)
    size = panel.clock.font().pixelSize()
    for text in ("11:11", "44:44", "10:01"):
        panel.show_frame(build_frame(clock(time_left=text), FACTS))
        assert panel.clock.font().pixelSize() == size


def test_many_paid_places_fold_into_a_last_line(panel) -> None:
    render(panel, FACTS, "running", 1920, 1080)
    places = [lb.text() for lb in panel.payout_places]
    assert places[:3] == ["1st", "2nd", "3rd"] and places[-1] == "+6"
    assert panel.payout_amounts[-1].text() == "more"


@pytest.mark.parametrize("leaders", [False, True], ids=["plain", "chip-leaders"])
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_secondary_lines_are_readable_from_the_back(qtbot, size, leaders) -> None:
    """Next level, field and pool lines (and the chip leaders) are at least 3.5 % of the screen height."""
    from ui.demo_session import demo_session
    from ui.display import RoomDisplay

    width, height = size
    display = RoomDisplay(demo_session())
    qtbot.addWidget(display)
    display.resize(width, height)
    display.set_chip_leaders(leaders)
    display.show()
    display.refresh()
    display.panel.grab()
    p = display.panel
    lines = [p.values["next"], p.details["next"], p.values["players"], p.details["players"], p.values["pool"],
             p.values["break"], p.values["average"], *p.captions.values(), p.payout_caption]
    if leaders:
        lines += [p.leaders_caption, *p.leader_names, *p.leader_stacks]
        assert all(label.isVisible() and label.text() for label in [*p.leader_names, *p.leader_stacks])
    else:
        assert not p.leaders_caption.isVisible()
    for label in lines:
        assert label.text(), label
        assert label.font().pixelSize() >= 0.035 * height, (label.text(), label.font().pixelSize() / height)
    assert p.clock.font().pixelSize() >= height / 4


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_chip_leaders_panel_neither_clips_nor_overlaps(panel, size) -> None:
    width, height = size
    facts = RoomFacts(**{**FACTS.__dict__, "leaders": tuple(
        (i + 1, name, 9_876_543 // (i + 1)) for i, name in enumerate(["Maximilian Alexander Featherstonehaugh",
                                                                     "Bo", "Carla Novak", "Dev Patel", "Elif Kaya"]))})
    panel.set_show_leaders(True)
    render(panel, facts, "hours", width, height)
    assert panel.leader_names[0].text().startswith("1. Maximilian")
    shown = [lb for lb in panel.labels() if lb.text() and lb.isVisibleTo(panel)]
    for label in shown:
        fm = label.fontMetrics()
        assert fm.horizontalAdvance(label.text()) <= label.width(), f"{label.text()!r} is clipped across"
        assert fm.height() <= label.height(), f"{label.text()!r} is clipped in height"
    for a, b in itertools.combinations(shown, 2):
        assert not a.geometry().intersects(b.geometry()), f"{a.text()!r} overlaps {b.text()!r}"
