"""``floorman import-signups FILE LIST [--dry-run] [--answer LINE=NAME|new ...] [--roster ROSTER]``:
pre-register the names of a sign-up list (REG-10).

LIST is a .csv (any common delimiter; UTF-8, UTF-16 or Windows-1252) or an .xlsx. Each row is matched to
the roster and to the tournament, and the preview is printed: matched, new, asked (with the candidates),
already in, duplicates and skipped rows, each with why. A row asked about (first and last names
transposed, or more than one candidate) is imported only with an answer, ``--answer 7="José Núñez"``
(the same player) or ``--answer 7=new``; without one it is left out and said. ``--dry-run`` changes nothing.
"""

from __future__ import annotations

import sys
from pathlib import Path

from floorman.args import Parser


def _answers(given: list[str], p: Parser) -> dict[int, str]:
    out: dict[int, str] = {}
    for text in given:
        line, sep, name = text.partition("=")
        if not sep or not line.strip().isdigit() or not name.strip():
            p.error(f"--answer {text!r} is not LINE=NAME or LINE=new")
        out[int(line)] = "new" if name.strip().casefold() == "new" else " ".join(name.split())
    return out


def main(argv: list[str]) -> int:
    p = Parser(prog="floorman import-signups", description="Pre-register the names of a sign-up list (CSV or XLSX).")
    p.add_argument("file", help="the tournament file")
    p.add_argument("list", help="the sign-up list: .csv or .xlsx")
    p.add_argument("--dry-run", action="store_true", help="print the preview and change nothing")
    p.add_argument("--answer", action="append", default=[], metavar="LINE=NAME",
                   help="answer an asked row: LINE=NAME (the same player as that candidate) or LINE=new")
    p.add_argument("--roster", help="the player roster's file (default: the data folder's, when there is one)")
    opts = p.parse_args(argv)
    answers = _answers(opts.answer, p)

    from app.api import NEW, RuleError
    from db.errors import StoreError
    from db.roster import Roster, default_roster_path
    from db.signup_list import SignupFileError, import_command, preview_for, preview_lines, read_signups
    from db.store import TournamentStore

    answers = {line: NEW if name == "new" else name for line, name in answers.items()}
    try:
        rows = read_signups(Path(opts.list))
    except SignupFileError as err:
        print(f"floorman import-signups: {err}", file=sys.stderr)
        return 2
    roster_path = Path(opts.roster) if opts.roster else default_roster_path()
    roster_names: list[str] = []
    if roster_path.exists():
        try:
            with Roster.open(roster_path) as roster:
                roster_names = list(roster.names().values())
        except StoreError as err:
            print(f"floorman import-signups: {err.message}", file=sys.stderr)
            return 2
    elif opts.roster:
        print(f"floorman import-signups: there is no roster at {roster_path}.", file=sys.stderr)
        return 2
    try:
        store = TournamentStore.open(opts.file, read_only=opts.dry_run)
    except StoreError as err:
        print(f"floorman import-signups: {err.message}", file=sys.stderr)
        return 2
    try:
        shown = preview_for(rows, store.tournament.state, roster_names)
        unknown = sorted(set(answers) - {r.line for r in shown.rows if r.asked})
        if unknown:
            print(f"floorman import-signups: line{'s' if len(unknown) > 1 else ''} "
                  f"{', '.join(map(str, unknown))} {'were' if len(unknown) > 1 else 'was'} not asked about.",
                  file=sys.stderr)
            return 2
        print("\n".join(preview_lines(shown, answers)))
        plan = shown.plan(answers)
        if opts.dry_run:
            print("Dry run: nothing was changed.")
            return 0
        command = import_command(plan)
        if command is None:
            print("Nobody to pre-register; nothing was changed.")
            return 0
        store.execute(command)
        print(f"Pre-registered {len(plan.names)} player{'s' if len(plan.names) != 1 else ''}.")
        return 0
    except (RuleError, StoreError) as err:
        print(f"floorman import-signups: nothing more was imported: {err.message}", file=sys.stderr)
        return 1
    finally:
        store.close()
