"""docs/commands.md is written from the declarations (app.commands) and must be current; every command
also has an example on its area page in docs/commands/."""

from __future__ import annotations

import re
from pathlib import Path

import app.engine  # noqa: F401  (registers every command)
from app.core.registry import COMMANDS
from app.tools.command_docs import render

DOCS = Path(__file__).parents[2] / "docs"


def test_the_command_reference_is_current() -> None:
    current = (DOCS / "commands.md").read_text(encoding="utf-8")
    assert current == render(), (
        "docs/commands.md is out of date: run python -m app.tools.command_docs > docs/commands.md"
    )


def test_the_reference_has_a_section_for_every_command() -> None:
    index = (DOCS / "commands.md").read_text(encoding="utf-8")
    missing = [c for c in COMMANDS if f"### `{c}`" not in index or f"[`{c}`](#{c})" not in index]
    assert not missing, f"docs/commands.md does not describe: {missing}"


def test_every_command_has_an_example_on_its_area_page() -> None:
    text = "".join(p.read_text(encoding="utf-8") for p in (DOCS / "commands").glob("*.md"))
    missing = [c for c in COMMANDS if not re.search(r'"cmd":\s*"' + re.escape(c) + '"', text)]
    assert not missing, f"commands without an example in docs/commands/: {missing}"
