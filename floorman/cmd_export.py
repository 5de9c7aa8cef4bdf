"""``floorman export results|entries|money|league FILE --format csv|xlsx|json|ranking --out OUT``: results for
other programs, headless.

FILE is the tournament file (opened read-only), or an event of flights' file (``floorman event``: the results,
entries and money over every flight and Day 2); for ``league`` it is the player roster (``-``: the default one),
with ``--league`` and ``--season``. docs/exports.md gives every shape.
"""

from __future__ import annotations

import argparse
import sys
from datetime import date
from pathlib import Path
from typing import Any

from floorman.args import Parser
from sheets.exports import FORMATS, WHAT, export, write_export
from sheets.output import OutputRefused, check_target


def _parser() -> argparse.ArgumentParser:
    p = Parser(
        prog="floorman export",
        description="Write a tournament's results, entries or money, or a league season's standings, "
                    "as CSV, an Excel workbook, JSON or a ranking site's CSV.",
        epilog="What: " + "; ".join(WHAT.values()) + ". Formats: "
               + "; ".join(f"{k}: {v}" for k, v in FORMATS.items()) + ".",
    )
    p.add_argument("what", choices=list(WHAT), metavar="WHAT", help="one of " + ", ".join(WHAT))
    p.add_argument("file", help="the tournament file or an event's file (opened read-only); for league, the roster "
                                "('-': the default)")
    p.add_argument("--format", dest="fmt", choices=list(FORMATS), default="csv", metavar="FORMAT",
                   help="one of " + ", ".join(FORMATS) + " (default csv)")
    p.add_argument("--out", required=True, help="where to write the file (any name)")
    p.add_argument("--force", action="store_true", help="replace OUT if it exists (never a tournament file)")
    p.add_argument("--league", help="league: the league's name")
    p.add_argument("--season", help="league: the season")
    p.add_argument("--venue", default="", help="ranking: the venue's name")
    p.add_argument("--date", help="ranking: the day the event was played (YYYY-MM-DD; default its first buy-in's)")
    return p


def _fail(text: str) -> int:
    print(f"floorman export: {text}", file=sys.stderr)
    return 2


def _tournament_export(args: argparse.Namespace, options: dict[str, Any]) -> bytes:
    from db.errors import StoreError
    from db.event_store import EventStore, is_event_file
    from db.store import TournamentStore

    if is_event_file(args.file):
        try:
            with EventStore.open(args.file, read_only=True) as event:
                state = event.event.state
        except StoreError as exc:
            raise ValueError(exc.message) from exc
        return export(args.what, args.fmt, state, options)
    try:
        store = TournamentStore.open(args.file, read_only=True)
    except StoreError as exc:
        raise ValueError(exc.message) from exc
    try:
        return export(args.what, args.fmt, store.tournament, {**options, "recorded_by": store.money_authors()})
    finally:
        store.close()


def _league_export(args: argparse.Namespace, options: dict[str, Any]) -> bytes:
    from app.api import LeagueError
    from db.errors import StoreError
    from floorman.cmd_league import standings_of

    if not (args.league and args.season):
        raise ValueError("a league export needs --league NAME and --season S.")
    ns = argparse.Namespace(demo=False, roster=args.file, league=args.league, season=args.season)
    try:
        return export("league", args.fmt, standings_of(ns), options)
    except (LeagueError, StoreError) as exc:
        raise ValueError(exc.message) from exc


def main(argv: list[str]) -> int:
    args = _parser().parse_args(argv)
    if args.fmt == "ranking" and args.what != "results":
        return _fail(f"the ranking-site format is for results only; choose csv, xlsx or json for the {args.what}.")
    out = Path(args.out)
    try:
        check_target(out, "xlsx" if args.fmt == "xlsx" else "json" if args.fmt == "json" else "csv")
        if not args.force and (out.exists() or out.is_symlink()):
            return _fail(f"{out} already exists; add --force to replace it, or choose another name.")
    except OutputRefused as exc:
        return _fail(exc.message)
    if args.what != "league" and not Path(args.file).is_file():
        return _fail(f"there is no tournament file {args.file}.")
    options: dict[str, Any] = {"venue": args.venue}
    if args.date:
        try:
            options["date"] = date.fromisoformat(args.date)
        except ValueError:
            return _fail(f"--date {args.date!r} is not a date like 2026-05-14.")
    try:
        data = _league_export(args, options) if args.what == "league" else _tournament_export(args, options)
        write_export(out, data, args.fmt, force=args.force)
    except OutputRefused as exc:
        return _fail(exc.message)
    except (OSError, ValueError) as exc:
        return _fail(" ".join(str(getattr(exc, "message", None) or exc).split()))
    print(f"Wrote {out} ({args.what}, {FORMATS[args.fmt]}).")
    return 0
