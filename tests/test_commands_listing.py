"""``floorman commands``: every declared command, with its schema and where the window has it."""

from __future__ import annotations

import json
import subprocess
import sys

from app.commands import catalogue
from app.core.registry import COMMANDS
from app.engine import Tournament  # noqa: F401  (the rules areas register their commands)
from ui.command_map import BESPOKE


def test_every_declared_command_is_listed_with_a_schema_and_a_place_in_the_window() -> None:
    out = subprocess.run([sys.executable, "-m", "floorman", "commands", "--json"], capture_output=True, text=True,
                         timeout=120)
    assert out.returncode == 0, out.stderr
    listed = {e["name"]: e for e in json.loads(out.stdout)}
    assert set(listed) == {d.name() for d in catalogue()}
    for d in catalogue():
        e = listed[d.name()]
        assert e["schema"] and isinstance(e["schema"], dict)
        assert isinstance(e["window"], str) and e["window"].strip()
        assert e["help"] == d.help() and e["rules"] == list(d.rules)
        assert e["roles"] == ["director", *[r for r in ("desk", "floor") if r in d.roles]]
    assert listed["bust"]["roles"] == ["director", "floor"] and listed["rebuy"]["roles"] == ["director", "desk"]


def test_the_table_is_readable() -> None:
    out = subprocess.run([sys.executable, "-m", "floorman", "commands"], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0 and "bust" in out.stdout and "F8 Bust-out" in out.stdout


def test_each_bespoke_action_names_a_real_command() -> None:
    declared = {d.name() for d in catalogue()}
    for b in BESPOKE:
        assert b.command in COMMANDS or b.command in declared, b
    assert len({b.command for b in BESPOKE}) == len(BESPOKE)  # one action per command
