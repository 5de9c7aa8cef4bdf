"""``floorman event``: an event of several flights, headless (FLT; docs/commands/flights.md).

    floorman event new EVENT --profile tda --title "Main Event"    # a new event file
    floorman event flight EVENT "Day 1A"                            # add a flight
    floorman event end-day EVENT "Day 1A" FLIGHT_FILE               # the flight's end of day, from its file
    floorman event bags EVENT "Day 1A" BAGS.csv                     # a flight's bags: table,player,bag,chips
    floorman event seats EVENT SATELLITE_FILE                       # a satellite's seats into the event (FLT-9)
    floorman event day2 EVENT --out DAY2_FILE [--level N]           # Day 2 as a tournament of its own (FLT-10)
    floorman event day2-results EVENT DAY2_FILE                     # Day 2's places and prizes, read back
    floorman event do EVENT '{"cmd": "enter_bags", ...}'            # any event command, as JSON
    floorman event show EVENT [--json]                              # flights, bags, Day 2, places and prizes
    floorman event print EVENT tables|results|bags --out OUT.pdf    # Day 2's seats, the event's results

A refused command prints its reason code and words and changes nothing (exit 1); a file that cannot be
read says why (exit 2).
"""

from __future__ import annotations

import csv
import json
import sys
import time
from typing import Any

from app.api import RuleError, flight_event, fmt, load_profile
from app.i18n import ngettext, use_language
from floorman.args import Parser


def main(argv: list[str]) -> int:
    parser = Parser(prog="floorman event", description="An event of several flights: bags, Day 2, results.")
    sub = parser.add_subparsers(dest="what", required=True)
    new = sub.add_parser("new", help="create an event file")
    new.add_argument("event")
    new.add_argument("--profile", default="tda", help="profile id or a profile JSON file")
    new.add_argument("--title", default="Event")
    new.add_argument("--seed", type=int, default=None, help="the seed of the Day-2 draw (default: from the clock)")
    flight = sub.add_parser("flight", help="add a flight")
    flight.add_argument("event")
    flight.add_argument("flight")
    end = sub.add_parser("end-day", help="record a flight's end of day from its tournament file")
    end.add_argument("event")
    end.add_argument("flight")
    end.add_argument("flight_file")
    bags = sub.add_parser("bags", help="enter a flight's bags from a CSV file (table,player,bag,chips)")
    bags.add_argument("event")
    bags.add_argument("flight")
    bags.add_argument("csv")
    seats = sub.add_parser("seats", help="add a satellite's seats (its satellite.event names the event or a flight)")
    seats.add_argument("event")
    seats.add_argument("satellite_file")
    day2 = sub.add_parser("day2", help="make Day 2's tournament file from the bags (FLT-10)")
    day2.add_argument("event")
    day2.add_argument("--out", required=True, help="the Day-2 tournament file to make")
    day2.add_argument("--level", type=int, default=None,
                      help="the level Day 2 starts at (default: the one after the last level any flight played)")
    day2_back = sub.add_parser("day2-results", help="read the Day-2 tournament's places and prizes into the event")
    day2_back.add_argument("event")
    day2_back.add_argument("day2_file")
    do = sub.add_parser("do", help="run one event command given as JSON")
    do.add_argument("event")
    do.add_argument("command")
    show = sub.add_parser("show", help="print the event")
    show.add_argument("event")
    show.add_argument("--json", action="store_true")
    sheet = sub.add_parser("print", help="print Day 2's table assignments or bag sheet, or the event's results")
    sheet.add_argument("event")
    sheet.add_argument("sheet", choices=("tables", "results", "bags"))
    sheet.add_argument("--out", required=True, help="where to write the PDF")
    sheet.add_argument("--paper", choices=("letter", "a4"), default="letter")
    sheet.add_argument("--venue", default="")
    sheet.add_argument("--lang", metavar="CODE", help="the sheet's language: en (the default), de, fr, es, pt-BR")
    args = parser.parse_args(argv)
    from db.errors import StoreError
    from db.event_store import EventStore

    try:
        if args.what == "new":
            seed = args.seed if args.seed is not None else _clock_seed()
            EventStore.create(args.event, load_profile(args.profile), args.title, seed=seed).close()
            print(f"created {args.event}")
            return 0
        with EventStore.open(args.event) as store:
            if args.what == "show":
                return _show(store.event.state, args.json)
            if args.what == "print":
                return _print(store.event.state, args.sheet, args.out, args.paper, args.venue, args.lang)
            if args.what == "day2":
                return _make_day2_file(store, args.out, args.level)
            if args.what == "bags":
                tables = _bag_rows(args.flight, args.csv)
                store.execute_all(tables)
                print(f"done: {len(tables)} tables, {sum(len(t['bags']) for t in tables)} bags")
                return 0
            cmd: Any
            if args.what == "flight":
                cmd = {"cmd": "add_flight", "flight": args.flight}
            elif args.what == "end-day":
                cmd = _end_day(args.flight, args.flight_file)
            elif args.what == "seats":
                cmd = _seats(args.satellite_file)
            elif args.what == "day2-results":
                cmd = _day2_results(args.day2_file)
            else:
                try:
                    cmd = json.loads(args.command)
                except json.JSONDecodeError as exc:
                    print(f"floorman event: that is not JSON ({exc.msg} at character {exc.pos}).", file=sys.stderr)
                    return 2
                if not isinstance(cmd, dict):
                    print("floorman event: a command is a JSON object, such as {\"cmd\": \"make_day2\"}.",
                          file=sys.stderr)
                    return 2
            facts = store.execute(cmd)
            print(f"done: {', '.join(type(f).__name__ for f in facts)}")
            return 0
    except RuleError as exc:
        print(f"refused [{exc.code}]: {exc.message}", file=sys.stderr)
        return 1
    except BagFileError as exc:
        print(f"floorman event: {exc}", file=sys.stderr)
        return 2
    except StoreError as exc:
        print(f"floorman event: {exc.message}", file=sys.stderr)
        return 2


class BagFileError(ValueError):
    """A bag file that cannot be read, in words."""


BAG_COLUMNS = ("table", "player", "bag", "chips")


def _bag_rows(flight: str, path: str) -> list[dict[str, Any]]:
    """One ``enter_bags`` per table of a CSV file with the columns table, player, bag, chips (a header row)."""
    try:
        with open(path, encoding="utf-8-sig", newline="") as f:
            rows = list(csv.DictReader(f))
    except (OSError, UnicodeDecodeError, csv.Error) as exc:
        raise BagFileError(f"cannot read {path}: {exc}") from None
    if not rows or any(c not in rows[0] for c in BAG_COLUMNS):
        raise BagFileError(f"{path} needs a header row with the columns {', '.join(BAG_COLUMNS)}")
    by_table: dict[int, list[dict[str, Any]]] = {}
    for line, row in enumerate(rows, 2):
        table, chips = fmt.parse_whole(str(row["table"])), fmt.parse_whole(str(row["chips"]))  # "12,500", "12.500"
        if table is None or chips is None:
            raise BagFileError(f"line {line} of {path}: the table and the chips must be whole numbers")
        by_table.setdefault(table, []).append({"player": str(row["player"]).strip(), "bag": str(row["bag"]).strip(),
                                               "chips": chips})
    return [{"cmd": "enter_bags", "flight": flight, "table": t, "bags": b} for t, b in sorted(by_table.items())]


def _clock_seed() -> int:
    return int(time.time() * 1000) % (2**31)


def _end_day(flight: str, path: str) -> Any:
    from db.store import TournamentStore

    with TournamentStore.open(path, read_only=True) as store:
        return flight_event.day_end_of(flight, store.tournament.state)


def _make_day2_file(store: Any, out: str, level: int | None) -> int:
    """FLT-10: Day 2's tournament file, every Day-2 player carried in with his bag at his drawn seat."""
    from db.event_store import make_day2_file

    carried = make_day2_file(store, out, level)
    with_level = flight_event.day2_start_level(store.event.state) if level is None else level
    print(ngettext("created {file}: {n} player carried in, Day 2 starts at level {level}",
                   "created {file}: {n} players carried in, Day 2 starts at level {level}", carried, file=out,
                   level=with_level))
    return 0


def _day2_results(path: str) -> Any:
    from pathlib import Path

    from db.store import TournamentStore

    with TournamentStore.open(path, read_only=True) as store:
        return flight_event.day2_results_of(store.tournament.state, str(Path(path).resolve()))


def _seats(path: str) -> Any:
    from db.store import TournamentStore

    with TournamentStore.open(path, read_only=True) as store:
        state = store.tournament.state
        return flight_event.seats_of(state.name or path, state)


def _show(state: Any, as_json: bool) -> int:
    if as_json:
        print(json.dumps(flight_event.view(state)))
    else:
        print("\n".join(flight_event.summary(state)))
    return 0


def _print(state: Any, which: str, out: str, paper: str, venue: str, lang: str | None = None) -> int:
    """Day 2's seats (table assignments, or the bag sheet) or the results of the whole event: every place
    and prize to the cent, a Day-1 finisher's flight after his name (FLT-7); in the language ``lang`` names
    (as ``floorman print --lang``)."""
    from floorman.cmd_print import sheet_language
    from sheets.event_sheets import write_event_sheet

    try:
        code = sheet_language(lang) if lang else "en"
        with use_language(code):
            written = write_event_sheet(state, which, out, paper, venue)
    except RuleError as exc:  # a language with no catalogue
        print(f"floorman event: {exc.message}", file=sys.stderr)
        return 2
    except (OSError, ValueError) as exc:  # a refused target (OutputRefused) is a ValueError
        print(f"floorman event: {exc}", file=sys.stderr)
        return 2
    print(f"Wrote {written}")
    return 0
