"""``floorman print SHEET FILE --out OUT.pdf``: print a sheet of a tournament file, headless."""

from __future__ import annotations

import argparse
import contextlib
import sys
from datetime import date
from pathlib import Path
from typing import Any

from app.api import RuleError
from floorman.args import Parser
from sheets import SHEETS, Drawn, draw_tournament
from sheets.output import OutputRefused, check_target, write_output


def _parser() -> argparse.ArgumentParser:
    p = Parser(
        prog="floorman print",
        description="Print one sheet of a tournament to a PDF file.",
        epilog="Sheets: " + "; ".join(f"{k} ({v})" for k, v in SHEETS.items())
        + "; and league (a season's standings: floorman print league --help).",
    )
    p.add_argument("sheet", choices=list(SHEETS), metavar="SHEET", help="which sheet: " + ", ".join(SHEETS))
    p.add_argument("file", nargs="?", help="the tournament file (opened read-only)")
    p.add_argument("--demo", action="store_true", help="print from the built-in demo tournament instead of a file")
    p.add_argument("--out", required=True, help="where to write the PDF")
    p.add_argument("--paper", choices=("letter", "a4"), default="letter")
    p.add_argument("--venue", default="", help="the venue's name, printed in the header")
    p.add_argument("--logo", help="a PNG or JPEG logo for the header")
    p.add_argument("--date", help="the date printed on the sheet (YYYY-MM-DD; default today)")
    p.add_argument("--break-after", type=int, help="chip-race: the level whose break is raced")
    p.add_argument("--table", type=int, help="chip-race: one table only")
    p.add_argument("--blank", action="store_true", help="receipts: one per paid place, names left blank")
    p.add_argument("--lang", metavar="CODE", help="the sheet's language: en (the default), de, fr, es, pt-BR, "
                   "or a venue's own")
    p.add_argument("--allow-unprintable", action="store_true",
                   help="kept for old scripts: names no font can print are always printed, marked with †")
    return p


DEMO_NAMES = (
    "Łukasz Żółć",
    "José Núñez",
    "Ørjan Berg",
    "Αλέξης Παππάς",
    "Дмитрий Иванов",
    "Ann Lee",
    "Bo Chen",
    "Carla Okafor",
    "Dev Novak",
    "Elif García",
    "Femi Schmidt",
    "Greta Rossi",
    "Hiro Tanaka",
    "Ines Kowalski",
    "Jonas Dubois",
    "Kofi Haddad",
    "Lena Silva",
    "Mateo Nguyen",
    "Nadia Müller",
    "Omar Johansson",
    "Priya O'Brien",
    "Quinn Patel",
    "Rosa Ivanova",
    "Sven Mensah",
    "Tariq Kim",
)


def builtin_demo(names: tuple[str, ...] = DEMO_NAMES, busts: int = 3) -> Any:
    """A small tournament set up through the engine's commands: registered, seated, the clock started, a
    few busted."""
    from app.api import FakeClock, Tournament, load_profile
    from app.commands.clock import StartClock
    from app.commands.eliminations import Bust
    from app.commands.entries import Register
    from app.commands.seating import SeatAll

    clock = FakeClock(1_790_000_000.0)
    t = Tournament.create(load_profile("tda"), name="Friday Deepstack", time=clock, seed=7)
    for name in names:
        t.execute(Register(name_=name))
        clock.advance(5)
    if names:
        t.execute(SeatAll())
        t.execute(StartClock())  # nobody busts before the start (ELIM-6)
    for name in list(reversed(names))[:busts]:
        clock.advance(60)
        t.execute(Bust(player=name))
    return t


def _demo() -> Any:
    try:
        from app.api import build_demo
    except ImportError:
        return builtin_demo()
    return build_demo()


def _from_file(sheet: str, path: str, options: dict[str, Any]) -> Drawn:
    from db.errors import StoreError
    from db.store import TournamentStore

    try:
        store = TournamentStore.open(path, read_only=True)
    except StoreError as exc:
        raise ValueError(exc.message) from exc
    try:
        return draw_tournament(sheet, store.tournament, {**options, "recorded_by": store.money_authors()})
    finally:
        store.close()


def sheet_language(code: str) -> str:
    """``--lang`` (of ``print`` and ``serve``): a language Floorman ships, a venue's own (in the user's
    ``languages`` folder) or the pseudo-language; anything else is refused ``UNKNOWN_LANGUAGE`` in words."""
    from app.i18n import PSEUDO, add_folder, normalise, shipped
    from app.i18n.catalogues import venue_languages

    with contextlib.suppress(OSError):  # the venue's own catalogues, where the window reads them
        from oskit.dirs import user_data_dir

        add_folder(user_data_dir() / "languages")
    return normalise(code, (*shipped(), *venue_languages(), PSEUDO))


def _fail(text: str) -> int:
    print(f"floorman print: {text}", file=sys.stderr)
    return 2


def _league_parser() -> argparse.ArgumentParser:
    p = Parser(prog="floorman print league", description="Print a league season's standings to a PDF file.")
    p.add_argument("roster", nargs="?", help="the player roster file ('-': the default one)")
    p.add_argument("--demo", action="store_true", help="the built-in demo season instead of a roster")
    p.add_argument("--league")
    p.add_argument("--season")
    p.add_argument("--out", required=True, help="where to write the PDF")
    p.add_argument("--paper", choices=("letter", "a4"), default="letter")
    p.add_argument("--venue", default="", help="the venue's name, printed in the header")
    p.add_argument("--date", help="the date printed on the sheet (YYYY-MM-DD; default today)")
    return p


def print_league(argv: list[str]) -> int:
    """``floorman print league ROSTER --league NAME --season S --out OUT.pdf`` (or ``--demo``)."""
    from app.api import LeagueError
    from floorman.cmd_league import standings_of
    from sheets.league import league_sheet

    args = _league_parser().parse_args(argv)
    if bool(args.roster) == bool(args.demo):
        return _fail("give a roster file or --demo (one of them).")
    out = Path(args.out)
    try:
        check_target(out, "pdf")
    except OutputRefused as exc:
        return _fail(exc.message)
    options: dict[str, Any] = {"paper": args.paper, "venue": args.venue}
    if args.date:
        try:
            options["printed_on"] = date.fromisoformat(args.date)
        except ValueError:
            return _fail(f"--date {args.date!r} is not a date like 2026-05-14.")
    try:
        pdf, bad = league_sheet(standings_of(args), options)
        write_output(out, pdf, "pdf")
    except LeagueError as exc:
        return _fail(exc.message)
    except OutputRefused as exc:
        return _fail(exc.message)
    except (OSError, ValueError) as exc:
        return _fail(" ".join(str(exc).split()))
    if bad:
        print(f"floorman print: printed without some letters (marked †): {', '.join(bad)}.", file=sys.stderr)
    print(f"Wrote {args.out} (league standings).")
    return 0


def main(argv: list[str]) -> int:
    if argv[:1] == ["league"]:
        return print_league(argv[1:])
    args = _parser().parse_args(argv)
    if bool(args.file) == bool(args.demo):
        return _fail("give a tournament FILE or --demo (one of them).")
    out = Path(args.out)
    try:
        check_target(out, "pdf")  # before any work: never over the tournament, its backups, another file
    except OutputRefused as exc:
        return _fail(exc.message)
    options: dict[str, Any] = {"paper": args.paper, "venue": args.venue, "allow_unprintable": args.allow_unprintable}
    if args.lang:
        try:
            options["language"] = sheet_language(args.lang)
        except RuleError as exc:
            return _fail(exc.message)
    if args.logo:
        try:
            options["logo"] = Path(args.logo).read_bytes()
        except OSError as exc:
            return _fail(f"cannot read the logo {args.logo} ({exc.strerror or exc}).")
    if args.date:
        try:
            options["printed_on"] = date.fromisoformat(args.date)
        except ValueError:
            return _fail(f"--date {args.date!r} is not a date like 2026-05-14.")
    for key in ("break_after", "table"):
        if getattr(args, key) is not None:
            options[key] = getattr(args, key)
    if args.blank:
        options["blank"] = True
    try:
        if args.demo:
            drawn = draw_tournament(args.sheet, _demo(), options)
        else:
            drawn = _from_file(args.sheet, args.file, options)
    except (OSError, ValueError) as exc:
        return _fail(" ".join(str(exc).split()))
    try:
        write_output(out, drawn.pdf, "pdf")
    except OutputRefused as exc:
        return _fail(exc.message)
    if drawn.unprintable:
        from sheets.fonts import font_hint

        print(f"floorman print: printed without some letters (marked †): {', '.join(drawn.unprintable)}; "
              f"install a font with them (e.g. {font_hint(drawn.unprintable)}).", file=sys.stderr)
    print(f"Wrote {args.out} ({SHEETS[args.sheet].lower()}).")  # the command line's own words: English
    return 0
