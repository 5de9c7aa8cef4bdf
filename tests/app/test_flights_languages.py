"""The event of flights in the reader's language: every refusal of app/flights (its reason code kept) is said
in the pseudo-language en-XA with nothing English outside its brackets but the event's own data (players',
flights', satellites' names, the event's title, figures); and a German and a French refusal read word for word."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest

from app.api import FakeClock, FlightEvent, RuleError, Tournament, flight_event, load_profile, profile_from_dict
from app.i18n import PSEUDO, use_language
from tests.app.flight_kit import added, bag_all, profile_with, two_flights

EndDay = flight_event.EndDay
_INNERMOST = re.compile(r"\[[^\[\]]*\]")
_WORD = re.compile(r"[A-Za-z]{2,}")
DATA = ("Main", "Day 1A", "Day 1B", "Day 1Z", "Day 9", "Ann", "Bob", "Cat", "Dan", "Eve", "Fox", "Gil", "Hal",
        "Nobody", "Quinn", "Zed", "Sat 1", "Sat 2", "Sunday Main", "Weekly", "Sat 0", "Day 2 file")


def english_left(text: str, data: tuple[str, ...] = DATA) -> str:
    """What of ``text`` is outside every bracket (the inner ones first) and not the event's own data."""
    rest, before = text, None
    while rest != before:
        before, rest = rest, _INNERMOST.sub(" ", rest)
    for value in sorted(data, key=len, reverse=True):
        rest = rest.replace(value, " ")
    return " ".join(_WORD.findall(rest))


def _ended(**settings: Any) -> FlightEvent:
    return two_flights(**settings)


def _bagged(**settings: Any) -> FlightEvent:
    e = two_flights(**settings)
    bag_all(e)
    return e


def _day2(**settings: Any) -> FlightEvent:
    e = _bagged(**settings)
    e.execute({"cmd": "make_day2"})
    return e


def _one_left() -> FlightEvent:
    e = _day2()
    e.execute({"cmd": "bust_day2", "players": ["Bob", "Fox", "Cat"], "won_by": "Ann"})
    return e


def _played_apart() -> FlightEvent:
    e = _day2()
    e.execute(flight_event.RecordDay2(file="Day 2 file", late_entries=0, late_pool_cents=0, players=4,
                                      prize_pool_cents=90000, carried_chips=69000, results=[]))
    return e


def _seats(winners: list[str], target: str = "Day 1B", satellite: str = "Sat 1") -> dict[str, Any]:
    return {"cmd": "add_seats", "satellite": satellite, "target": target, "seat_value_cents": 20000,
            "winners": winners}


def _with_seats() -> FlightEvent:
    e = added()
    e.execute(_seats(["Quinn", "Hal"]))
    e.execute({"cmd": "use_seat", "flight": "Day 1B", "player": "Hal"})
    return e


def _one_bag_left() -> FlightEvent:
    e = _ended()
    e.execute({"cmd": "enter_bags", "flight": "Day 1A", "table": 1,
               "bags": [{"player": "Ann", "bag": "1", "chips": 21000}, {"player": "Bob", "bag": "2", "chips": 9000}]})
    return e


def _nobody_bagged() -> FlightEvent:
    e = FlightEvent.create(profile_with(), title="Main", seed=5)
    e.execute({"cmd": "add_flight", "flight": "Day 1A"})
    e.execute(EndDay(flight="Day 1A", entries=2, pool_cents=100, chips_in_play={}, survivors={},
                     finishers=[("Ann", 1), ("Bob", 0)]))
    return e


def _bags(table: int, *rows: tuple[str, str, int], flight: str = "Day 1A") -> dict[str, Any]:
    return {"cmd": "enter_bags", "flight": flight, "table": table,
            "bags": [{"player": p, "bag": b, "chips": c} for p, b, c in rows]}


def _tournament(profile: str = "tda", play: bool = True, **settings: Any) -> Tournament:
    data = load_profile(profile).to_dict()
    data["settings"] = {**data["settings"], **settings}
    t = Tournament.create(profile_from_dict(data), name="Weekly", time=FakeClock(1_800_000_000.0), seed=1)
    for name in ("Ann", "Bob", "Cat", "Dan"):
        t.execute({"cmd": "register", "name": name})
    if play:
        t.execute({"cmd": "seat_all"})
        t.execute({"cmd": "start_clock"})
    return t


# Each refusal: a name, the event (or None) and what is refused on it, the code expected.
Case = tuple[str, Callable[[], FlightEvent | None], Callable[[FlightEvent | None], object], str]

ONE_FLIGHT = {"flight.enter_several": False}
LATE_REG = {"flight.day2_late_reg": True}
CASES: list[Case] = [
    ("not an event command", added, lambda e: e.execute({"cmd": "fly"}), "INVALID_INPUT"),
    ("not JSON", lambda: None, lambda e: flight_event.decode_command("{not json"), "INVALID_INPUT"),
    ("a flight without a name", added, lambda e: e.execute({"cmd": "add_flight", "flight": "  "}),
     "INVALID_INPUT"),
    ("a flight twice", added, lambda e: e.execute({"cmd": "add_flight", "flight": "Day 1A"}), "FLIGHT_EXISTS"),
    ("a flight after Day 2", _day2, lambda e: e.execute({"cmd": "add_flight", "flight": "Day 1Z"}), "DAY2_MADE"),
    ("no such flight", added, lambda e: e.execute({"cmd": "use_seat", "flight": "Day 9", "player": "Ann"}),
     "FLIGHT_UNKNOWN"),
    ("no such flight in an empty event", lambda: FlightEvent.create(profile_with(), title="Main"),
     lambda e: e.execute({"cmd": "use_seat", "flight": "Day 9", "player": "Ann"}), "FLIGHT_UNKNOWN"),
    ("seats without winners", added, lambda e: e.execute(_seats([])), "INVALID_INPUT"),
    ("a seat worth nothing", added, lambda e: e.execute({**_seats(["Ann"]), "seat_value_cents": 0}),
     "INVALID_INPUT"),
    ("a seat winner twice", added, lambda e: e.execute(_seats(["Ann", " ann "])), "INVALID_INPUT"),
    ("a satellite's seats twice", _with_seats, lambda e: e.execute(_seats(["Zed"])), "SEATS_ENTERED"),
    ("seats after Day 2", _day2, lambda e: e.execute(_seats(["Zed"])), "DAY2_MADE"),
    ("seats for another event", added, lambda e: e.execute(_seats(["Zed"], "Sunday Main", "Sat 2")),
     "SEAT_OTHER_EVENT"),
    ("seats for no event named", added, lambda e: e.execute(_seats(["Zed"], "", "Sat 2")), "SEAT_OTHER_EVENT"),
    ("a seat after Day 2", _day2, lambda e: e.execute({"cmd": "use_seat", "flight": "Day 1A", "player": "Ann"}),
     "FLIGHT_BAGGED"),
    ("no seat won", _with_seats, lambda e: e.execute({"cmd": "use_seat", "flight": "Day 1B", "player": "Nobody"}),
     "NO_SEAT"),
    ("a seat for another flight", _with_seats,
     lambda e: e.execute({"cmd": "use_seat", "flight": "Day 1A", "player": "Quinn"}), "SEAT_OTHER_FLIGHT"),
    ("a seat used twice", _with_seats, lambda e: e.execute({"cmd": "use_seat", "flight": "Day 1B", "player": "Hal"}),
     "SEAT_USED"),
    ("play in a bagged flight", _ended, lambda e: e.check_play("Day 1A"), "FLIGHT_BAGGED"),
    ("an entry in a second flight", lambda: _one_flight_ended(), lambda e: e.may_enter("Day 1B", "Bob"),
     "ENTERED_OTHER_FLIGHT"),
    ("a day ended twice", _ended, lambda e: e.execute(EndDay(flight="Day 1A", entries=1, pool_cents=0,
                                                             chips_in_play={}, survivors={}, finishers=[])),
     "FLIGHT_BAGGED"),
    ("a day ended for no reason", added, lambda e: e.execute(_end_1b(reason="tired")), "INVALID_INPUT"),
    ("fewer entries than survivors", added, lambda e: e.execute(_end_1b(entries=0)), "INVALID_INPUT"),
    ("a survivor's table without chips", added, lambda e: e.execute(_end_1b(chips_in_play={})), "INVALID_INPUT"),
    ("a day ended with a player of another flight", lambda: _one_flight_ended(),
     lambda e: e.execute(_end_1b(survivors={"Bob": 1})), "ENTERED_OTHER_FLIGHT"),
    ("bags of a flight still playing", added, lambda e: e.execute(_bags(1, ("Ann", "1", 100))),
     "FLIGHT_NOT_BAGGED"),
    ("bags after Day 2", _day2, lambda e: e.execute(_bags(1, ("Ann", "9", 100))), "DAY2_MADE"),
    ("bags of a table not playing", _ended, lambda e: e.execute(_bags(7, ("Ann", "1", 100))), "TABLE_UNKNOWN"),
    ("bags of a table twice", _one_bag_left, lambda e: e.execute(_bags(1, ("Ann", "9", 21000), ("Bob", "8", 9000))),
     "BAGS_ENTERED"),
    ("a bag of a player not at the table", _ended, lambda e: e.execute(_bags(1, ("Cat", "1", 100))),
     "NOT_AT_TABLE"),
    ("two bags of a player", _ended, lambda e: e.execute(_bags(1, ("Ann", "1", 100), ("ann", "2", 100))),
     "BAG_TWICE"),
    ("an empty bag", _ended, lambda e: e.execute(_bags(1, ("Ann", "1", 0))), "INVALID_INPUT"),
    ("a bag number used", _one_bag_left, lambda e: e.execute(_bags(2, ("Cat", "1", 20000))), "BAG_NUMBER_TAKEN"),
    ("a bag missing at a table", _ended, lambda e: e.execute(_bags(1, ("Ann", "1", 30000))), "BAGS_MISSING"),
    ("bags holding more", _ended, lambda e: e.execute(_bags(1, ("Ann", "1", 25000), ("Bob", "2", 9000))),
     "BAG_COUNT_OFF"),
    ("bags holding fewer", _ended, lambda e: e.execute(_bags(1, ("Ann", "1", 15000), ("Bob", "2", 9000))),
     "BAG_COUNT_OFF"),
    ("Day 2 twice", _day2, lambda e: e.execute({"cmd": "make_day2"}), "DAY2_MADE"),
    ("Day 2 of no flight", lambda: FlightEvent.create(profile_with(), title="Main"),
     lambda e: e.execute({"cmd": "make_day2"}), "NO_FLIGHTS"),
    ("Day 2 with a flight playing", added, lambda e: e.execute({"cmd": "make_day2"}), "FLIGHT_NOT_BAGGED"),
    ("Day 2 with one table's bags missing", _one_bag_left, lambda e: e.execute({"cmd": "make_day2"}),
     "BAGS_MISSING"),
    ("Day 2 with two tables' bags missing", _ended, lambda e: e.execute({"cmd": "make_day2"}), "BAGS_MISSING"),
    ("Day 2 with nobody bagged", _nobody_bagged, lambda e: e.execute({"cmd": "make_day2"}), "BAGS_MISSING"),
    ("Day 2 not made", _bagged, lambda e: e.execute({"cmd": "register_day2", "player": "Hal"}), "DAY2_NOT_MADE"),
    ("Day 2 closed to new players", _day2, lambda e: e.execute({"cmd": "register_day2", "player": "Hal"}),
     "DAY2_REG_CLOSED"),
    ("Day 2 after its first bust", lambda: _busted_once(LATE_REG),
     lambda e: e.execute({"cmd": "register_day2", "player": "Hal"}), "DAY2_REG_CLOSED"),
    ("a Day-2 player without a name", lambda: _day2(**LATE_REG),
     lambda e: e.execute({"cmd": "register_day2", "player": " "}), "INVALID_INPUT"),
    ("a Day-2 player twice", lambda: _day2(**LATE_REG), lambda e: e.execute({"cmd": "register_day2", "player": "ann"}),
     "ALREADY_IN_DAY2"),
    ("a Day-2 entry of a flight's player", lambda: _one_flight_day2(),
     lambda e: e.execute({"cmd": "register_day2", "player": "Eve"}), "ENTERED_OTHER_FLIGHT"),
    ("a bust when the event is over", _one_left, lambda e: e.execute({"cmd": "bust_day2", "players": ["Ann"],
                                                                      "won_by": "Ann"}), "EVENT_OVER"),
    ("a bust of a player not in Day 2", _day2, lambda e: e.execute({"cmd": "bust_day2", "players": ["Gil"],
                                                                    "won_by": "Ann"}), "NOT_IN_DAY2"),
    ("a bust of a player out", lambda: _busted_once({}),
     lambda e: e.execute({"cmd": "bust_day2", "players": ["Bob"], "won_by": "Ann"}), "ALREADY_OUT"),
    ("a player busted twice in a hand", _day2,
     lambda e: e.execute({"cmd": "bust_day2", "players": ["Bob", "bob"], "won_by": "Ann"}), "INVALID_INPUT"),
    ("a bust of nobody", _day2, lambda e: e.execute({"cmd": "bust_day2", "players": [], "won_by": "Ann"}),
     "INVALID_INPUT"),
    ("a pot won by a player out", _day2,
     lambda e: e.execute({"cmd": "bust_day2", "players": ["Bob"], "won_by": "Gil"}), "WINNER_NOT_LIVE"),
    ("a bust in Day 2 played apart", _played_apart,
     lambda e: e.execute({"cmd": "bust_day2", "players": ["Bob"], "won_by": "Ann"}), "DAY2_PLAYED_APART"),
    ("Day 2's results when played here", lambda: _busted_once({}),
     lambda e: e.execute(_record(players=4)), "DAY2_PLAYED_HERE"),
    ("Day 2's figures below nothing", _day2, lambda e: e.execute(_record(players=4, late_entries=-1)),
     "INVALID_INPUT"),
    ("Day 2's results of another tournament", _day2, lambda e: e.execute(_record(players=2)), "INVALID_INPUT"),
    ("Day 2's file before Day 2", _bagged, lambda e: flight_event.day2_commands(e.state), "DAY2_NOT_MADE"),
    ("Day 2's file when played here", lambda: _busted_once({}), lambda e: flight_event.day2_commands(e.state),
     "DAY2_PLAYED_HERE"),
    ("Day 2's file at level 0", _day2, lambda e: flight_event.day2_commands(e.state, level=0), "INVALID_INPUT"),
    ("the day's end of a flight playing", lambda: None,
     lambda e: flight_event.day_end_of("Day 1A", _tournament().state), "FLIGHT_NOT_BAGGED"),
    ("the results of a tournament not Day 2", lambda: None,
     lambda e: flight_event.day2_results_of(_tournament().state), "NOT_DAY2"),
    ("the seats of a tournament not a satellite", lambda: None,
     lambda e: flight_event.seats_of("Weekly", _tournament().state), "NOT_A_SATELLITE"),
    ("the seats of a satellite before any is won", lambda: None,
     lambda e: flight_event.seats_of("Sat 0", _tournament("satellite", play=False,
                                                          **{"satellite.seat_value_cents": 20000}).state),
     "NO_SEATS_YET"),
]


def _end_1b(**changed: Any) -> Any:
    fields: dict[str, Any] = {"flight": "Day 1B", "entries": 4, "pool_cents": 40000, "chips_in_play": {1: 40000},
                              "survivors": {"Fox": 1}, "finishers": [("Gil", 2)]}
    return EndDay(**{**fields, **changed})


def _record(players: int, late_entries: int = 0) -> Any:
    return flight_event.RecordDay2(late_entries=late_entries, late_pool_cents=0, players=players,
                                   prize_pool_cents=90000, carried_chips=69000, results=[])


def _one_flight_ended() -> FlightEvent:
    e = added(**ONE_FLIGHT)
    e.execute(EndDay(flight="Day 1A", entries=2, pool_cents=100, chips_in_play={1: 2}, survivors={"Ann": 1},
                     finishers=[("Bob", 1)]))
    return e


def _one_flight_day2() -> FlightEvent:
    e = FlightEvent.create(profile_with(**ONE_FLIGHT, **LATE_REG), title="Main", seed=5)
    e.execute({"cmd": "add_flight", "flight": "Day 1A"})
    e.execute(EndDay(flight="Day 1A", entries=2, pool_cents=100, chips_in_play={1: 100}, survivors={"Ann": 1},
                     finishers=[("Eve", 1)]))
    e.execute(_bags(1, ("Ann", "1", 100)))
    e.execute({"cmd": "make_day2"})
    return e


def _busted_once(settings: dict[str, Any]) -> FlightEvent:
    e = _day2(**settings)
    e.execute({"cmd": "bust_day2", "players": ["Bob"], "won_by": "Ann"})
    return e


def _refused(make: Callable[[], FlightEvent | None], act: Callable[[FlightEvent | None], object], code: str,
             language: str) -> RuleError:
    e = make()
    before = (flight_event.view(e.state), len(e.log)) if e is not None else None
    with use_language(language), pytest.raises(RuleError) as info:
        act(e)
    assert info.value.code == code, info.value
    if e is not None:
        assert (flight_event.view(e.state), len(e.log)) == before  # refused: nothing changed
    return info.value


@pytest.mark.parametrize(("name", "make", "act", "code"), CASES, ids=[c[0] for c in CASES])
def test_every_refusal_of_the_event_reads_translated_in_the_pseudo_language(
        name: str, make: Callable[[], FlightEvent | None], act: Callable[[FlightEvent | None], object],
        code: str) -> None:
    err = _refused(make, act, code, PSEUDO)
    assert err.message.startswith("["), err.message
    assert not english_left(err.message), f"{name}: {err.message}"


def test_every_reason_code_of_the_event_is_reached() -> None:
    import inspect

    from app.flights import event

    raised = set(re.findall(r'RuleError\(\s*"([A-Z0-9_]+)"', inspect.getsource(event)))
    assert raised == {code for *_rest, code in CASES}


def test_the_event_in_words_reads_translated_in_the_pseudo_language() -> None:
    e = _day2(**{"flight.bag_tolerance_chips": 500})
    e.execute({"cmd": "bust_day2", "players": ["Bob", "Fox", "Cat"], "won_by": "Ann"})
    with use_language(PSEUDO):
        lines = flight_event.summary(e.state)
        day = flight_event.day_name("Day 2")
    assert len(lines) > 3 and day.startswith("[")
    left = [line for line in lines if english_left(line, (*DATA, "USD"))]
    assert not left, left


def test_a_bag_count_off_reads_in_german_word_for_word() -> None:
    err = _refused(lambda: _ended(**{"flight.bag_tolerance_chips": 500}),
                   lambda e: e.execute(_bags(1, ("Ann", "1", 21600), ("Bob", "2", 9000))), "BAG_COUNT_OFF", "de")
    assert err.message == ("Die Beutel von Tisch 1 enthalten 30.600 Chips, 600 mehr als die 30.000 dort im Spiel "
                           "(Toleranz 500); zählen Sie erneut.")


def test_two_tables_bags_missing_read_in_french_word_for_word() -> None:
    err = _refused(_ended, lambda e: e.execute({"cmd": "make_day2"}), "BAGS_MISSING", "fr")
    assert err.message == "Day 1A attend encore les sacs des tables 1, 2."
    one = _refused(_one_bag_left, lambda e: e.execute({"cmd": "make_day2"}), "BAGS_MISSING", "fr")
    assert one.message == "Day 1A attend encore les sacs de la table 2."
    with use_language("fr"):
        lines = flight_event.summary(_bagged().state)
    assert lines[0] == "Main\u202f: 2 flights, 9 entrées, prize pool 900,00\u00a0$US"
    assert lines[1] == "Day 1A\u202f: 5 entrées, 3 sacs"
