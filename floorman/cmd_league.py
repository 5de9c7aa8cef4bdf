"""``floorman league ...``: leagues and seasons in the player roster, headless.

    floorman league standings --demo --json                       the built-in demo season (8 events)
    floorman league standings ROSTER --league NAME --season S [--json] [--csv OUT.csv]
    floorman league check RULES.json                              check league rules, say what is wrong
    floorman league new ROSTER --league NAME [--rules RULES.json]
    floorman league season ROSTER --league NAME --season S
    floorman league join ROSTER --league NAME --season S EVENT.floorman [--not-counted]
    floorman league players ROSTER [TEXT]                         roster entries and their numbers
    floorman league merge ROSTER FROM_ID INTO_ID [--undo]

ROSTER is the roster's SQLite file (``players.sqlite`` in the data folder); ``-`` means that default.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from floorman.args import Parser


def _parser() -> argparse.ArgumentParser:
    p = Parser(prog="floorman league", description="Leagues and seasons across events, in the player roster.")
    sub = p.add_subparsers(dest="action", required=True, parser_class=Parser)
    s = sub.add_parser("standings", help="a season's standings")
    s.add_argument("roster", nargs="?", help="the roster file ('-': the default one)")
    s.add_argument("--demo", action="store_true", help="the built-in demo season of 8 events")
    s.add_argument("--league")
    s.add_argument("--season")
    s.add_argument("--json", action="store_true", help="print JSON")
    s.add_argument("--csv", metavar="OUT", help="also write the standings as CSV to OUT")
    c = sub.add_parser("check", help="check league rules written as JSON")
    c.add_argument("rules")
    n = sub.add_parser("new", help="create a league")
    n.add_argument("roster")
    n.add_argument("--league", required=True)
    n.add_argument("--rules", help="a JSON file with the rules (default: 10 x sqrt(entries) / sqrt(place))")
    e = sub.add_parser("season", help="add a season to a league")
    e.add_argument("roster")
    e.add_argument("--league", required=True)
    e.add_argument("--season", required=True)
    j = sub.add_parser("join", help="an event joins a season (its results count once it has finished)")
    j.add_argument("roster")
    j.add_argument("event", help="the tournament file (opened read-only)")
    j.add_argument("--league", required=True)
    j.add_argument("--season", required=True)
    j.add_argument("--not-counted", action="store_true", help="played in the season but not counted")
    r = sub.add_parser("players", help="roster entries with their numbers (for merge)")
    r.add_argument("roster")
    r.add_argument("find", nargs="?", default="", help="any part of a name, nickname or contact")
    m = sub.add_parser("merge", help="two roster entries are the same person")
    m.add_argument("roster")
    m.add_argument("from_id", type=int)
    m.add_argument("into_id", type=int, nargs="?")
    m.add_argument("--undo", action="store_true", help="undo the merge of FROM_ID")
    return p


def _fail(text: str) -> int:
    print(f"floorman league: {text}", file=sys.stderr)
    return 2


@contextmanager
def _book(path: str) -> Iterator[Any]:
    from db.league import LeagueBook
    from db.roster import Roster

    with Roster.open(None if path == "-" else Path(path)) as roster:
        yield LeagueBook(roster)


def _read_rules(path: str) -> Any:
    try:
        return json.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as exc:
        raise ValueError(f"cannot read {path} ({exc.strerror or exc}).") from exc
    except ValueError as exc:
        raise ValueError(f"{path} is not readable JSON ({exc}).") from exc
    except RecursionError as exc:
        raise ValueError(f"{path} is nested far too deeply to be league rules.") from exc


def standings_of(args: argparse.Namespace) -> Any:
    """The standings the arguments name (the demo season, or a season in a roster file)."""
    if args.demo:
        from app.api import demo_standings

        return demo_standings()
    if not (args.roster and args.league and args.season):
        raise ValueError("give ROSTER --league NAME --season S, or --demo.")
    with _book(args.roster) as book:
        return book.standings(args.league, args.season)


def _standings(args: argparse.Namespace) -> int:
    from app.api import table_rows, to_csv, to_json

    if args.demo and args.roster:
        return _fail("give a ROSTER or --demo, not both.")
    standings = standings_of(args)
    if args.csv:
        from sheets.output import write_output

        write_output(Path(args.csv), to_csv(standings).encode("utf-8"), "csv")
    if args.json:
        print(json.dumps(to_json(standings), ensure_ascii=False, indent=1))
        return 0
    print(f"{standings.league} — {standings.season}: {standings.finished} of {standings.events} events finished")
    for line in standings.rules.describe():
        print(f"  {line}")
    for row in table_rows(standings):
        print(f"{row[0]:>6}  {row[1]:<30} {row[2]:>9}  played {row[3]}, counted {row[4]}, wins {row[5]}")
    return 0


def main(argv: list[str]) -> int:
    from app.api import LeagueError, rules_from
    from db.errors import StoreError

    args = _parser().parse_args(argv)
    try:
        if args.action == "standings":
            return _standings(args)
        if args.action == "check":
            rules = rules_from(_read_rules(args.rules))
            print("The league rules are good:")
            for line in rules.describe():
                print(f"  {line}")
            return 0
        if args.action == "new":
            with _book(args.roster) as book:
                book.create_league(args.league, _read_rules(args.rules) if args.rules else None)
            print(f"League {args.league!r} created.")
            return 0
        if args.action == "season":
            with _book(args.roster) as book:
                book.add_season(args.league, args.season)
            print(f"Season {args.season!r} added to {args.league}.")
            return 0
        if args.action == "join":
            return _join(args)
        if args.action == "players":
            with _book(args.roster) as book:
                for p in book.roster.search(args.find, 10_000):
                    extra = ", ".join(x for x in (p.nickname, p.contact) if x)
                    print(f"#{p.id}\t{p.name}" + (f" ({extra})" if extra else ""))
            return 0
        if args.undo:
            with _book(args.roster) as book:
                book.roster.unmerge(args.from_id)
            print(f"Roster entry #{args.from_id} counts on its own again.")
            return 0
        if args.into_id is None:
            return _fail("merge needs FROM_ID and INTO_ID (or FROM_ID --undo).")
        with _book(args.roster) as book:
            into = book.roster.merge(args.from_id, args.into_id)
        print(f"Roster entry #{args.from_id} is now counted as {into.name} (#{into.id}).")
        return 0
    except (LeagueError, StoreError) as exc:  # a refusal of the league, or the roster file's own words
        return _fail(exc.message)
    except (ValueError, KeyError, OSError) as exc:
        return _fail(" ".join(str(getattr(exc, "message", None) or exc).strip("'\"").split()))


def _join(args: argparse.Namespace) -> int:
    from app.api import outcome_of
    from db.errors import StoreError
    from db.store import TournamentStore

    try:
        store = TournamentStore.open(args.event, read_only=True)
    except StoreError as exc:
        return _fail(exc.message)
    try:
        outcome = outcome_of(store.tournament)
    finally:
        store.close()
    with _book(args.roster) as book:
        book.join(args.league, args.season, outcome, counts=not args.not_counted)
    state = "finished: its results count" if outcome.finished else "not finished: its results count when it is"
    print(f"{outcome.name} joined {args.league}, {args.season} ({state}).")
    return 0
