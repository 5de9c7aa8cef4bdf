"""The ``floorman`` command: no arguments opens the director's window; subcommands run headless."""

from __future__ import annotations

import argparse
import importlib
import os
import sys

from floorman import __version__

# Headless subcommands: name -> "module:function". Each function takes argv (list[str]) and
# returns an exit code. Imported lazily so that `floorman --version` stays instant.
SUBCOMMANDS: dict[str, str] = {
    "script": "floorman.cmd_script:main",
    "simulate": "floorman.cmd_simulate:main",
    "verify": "floorman.cmd_verify:main",
    "last-balance": "floorman.cmd_last_balance:main",
    "restore": "floorman.cmd_restore:main",
    "print": "floorman.cmd_print:main",
    "bench": "floorman.cmd_bench:main",
    "commands": "floorman.cmd_commands:main",
    "serve": "floorman.cmd_serve:main",
    "league": "floorman.cmd_league:main",
    "host": "floorman.cmd_host:main",
    "join": "floorman.cmd_join:main",
    "codes": "floorman.cmd_codes:main",
    "standby": "floorman.cmd_standby:main",
    "takeover": "floorman.cmd_standby:take_over_main",
    "screens": "floorman.cmd_screens:main",
    "export": "floorman.cmd_export:main",
    "event": "floorman.cmd_event:main",
    "import-signups": "floorman.cmd_import_signups:main",
    "judge": "floorman.cmd_judge:main",
}


def _gui_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="floorman",
        description="Run a live poker tournament. With no arguments, opens the director's window.",
        epilog="Headless subcommands: " + ", ".join(SUBCOMMANDS) + " (floorman SUBCOMMAND --help).",
    )
    p.add_argument("--version", action="version", version=f"floorman {__version__}")
    p.add_argument("--self-test", action="store_true", help="open every window, check it, exit 0 if all is well")
    p.add_argument("--demo", action="store_true", help="open a demo tournament (300 players, 30 tables)")
    p.add_argument("--screenshot", metavar="DIR", help="with --demo: write screenshots to DIR and exit")
    p.add_argument("--lang", metavar="CODE", help="the window's language for this run: en, de, fr, es, pt-BR "
                   "(en-XA: the pseudo-language the tests use)")
    p.add_argument("file", nargs="?", help="a tournament file to open")
    return p


def main(argv: list[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if args and args[0] in SUBCOMMANDS:
        module_name, func_name = SUBCOMMANDS[args[0]].split(":")
        module = importlib.import_module(module_name)
        try:
            return int(getattr(module, func_name)(args[1:]))
        except Exception as exc:  # the last line of defence: one sentence, never a traceback
            if os.environ.get("FLOORMAN_DEBUG"):
                raise
            what = " ".join(str(exc).split())[:300]
            print(f"floorman {args[0]}: stopped by an unexpected error ({type(exc).__name__}: {what}); "
                  "nothing was changed. Set FLOORMAN_DEBUG=1 to see the details.", file=sys.stderr)
            return 1
    opts = _gui_parser().parse_args(args)
    from ui.launch import launch

    return launch(opts)


if __name__ == "__main__":
    sys.exit(main())
