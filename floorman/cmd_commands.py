"""``floorman commands [--json]``: every declared command, its schema, and where the window has it."""

from __future__ import annotations

import argparse
import json
from typing import Any


def listing() -> list[dict[str, Any]]:
    """One entry per declared command: name, JSON Schema, the window's place for it, help, rules, and the
    roles of the stations that may enter it (the director's always)."""
    from app.api import ROLES, allowed
    from app.commands import catalogue, schema
    from ui.command_map import window_entry

    return [
        {"name": d.name(), "schema": schema(d), "window": window_entry(d), "help": d.help(), "rules": list(d.rules),
         "roles": [role for role in ROLES if allowed(role, d)]}
        for d in catalogue()
    ]


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(prog="floorman commands", description="List every command the engine declares.")
    p.add_argument("--json", action="store_true", help="print the list as JSON (with each command's schema)")
    args = p.parse_args(argv)
    entries = listing()
    if args.json:
        print(json.dumps(entries, indent=2, ensure_ascii=False))
        return 0
    width = max((len(e["name"]) for e in entries), default=4)
    place = max((len(e["window"]) for e in entries), default=6)
    print(f"{'command':<{width}}  {'in the window':<{place}}  rules · help")
    for e in entries:
        rules = ", ".join(e["rules"])
        print(f"{e['name']:<{width}}  {e['window']:<{place}}  {rules + ' · ' if rules else ''}{e['help']}")
    return 0
