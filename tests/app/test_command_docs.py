"""Every engine command has an example in docs/commands/ and a row in docs/commands.md."""

from __future__ import annotations

import re
from pathlib import Path

import app.core.engine  # noqa: F401  (registers every command)
from app.core.registry import COMMANDS

DOCS = Path(__file__).parents[2] / "docs"


def test_every_command_has_an_example() -> None:
    text = "".join(p.read_text(encoding="utf-8") for p in (DOCS / "commands").glob("*.md"))
    missing = [c for c in COMMANDS if not re.search(r'"cmd":\s*"' + re.escape(c) + '"', text)]
    assert not missing, f"commands without an example in docs/commands/: {missing}"


def test_the_index_lists_every_command() -> None:
    index = (DOCS / "commands.md").read_text(encoding="utf-8")
    missing = [c for c in COMMANDS if f"| `{c}` |" not in index]
    assert not missing, f"docs/commands.md does not list: {missing}"
