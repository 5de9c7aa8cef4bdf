"""docs/commands.md, written from the declarations: ``python -m app.tools.command_docs > docs/commands.md``.

A test compares the file with :func:`render`, so the reference never drifts from what the engine takes.
"""

from __future__ import annotations

import inspect
import json
from pathlib import Path

import msgspec
from msgspec import inspect as mi

import app.engine  # noqa: F401  (every rules area registers its commands)
from app.commands.base import Command
from app.commands.catalogue import catalogue
from app.commands.roles import who_may
from app.views.detail import PARTS

DOCS = Path(__file__).parents[2] / "docs"

INTRO = """# Commands and views

<!-- Written by `python -m app.tools.command_docs > docs/commands.md` from the declarations in app/commands/;
do not edit by hand. -->

Every director action is a JSON command run by the engine (`Tournament.execute`, `TournamentStore.execute`,
a scenario step `{"do": ...}`). It is first checked against its declaration below (its fields and their
types: a wrong or unknown field is refused with `INVALID_INPUT`, naming it), then the rules decide: it
is accepted and recorded as events, or refused with a reason code and a message in plain words; a
refused command changes nothing. Players are named by name (any capitals) or id, tables by number.
Money is in integer cents, chips are whole numbers. `at` (seconds since the epoch) may be given on
every command: scenario files and replays set it; otherwise the engine's clock is used.

```json
{"cmd": "bust", "players": ["Ann Lee", "Bob Stone"], "stacks": {"Ann Lee": 1200, "Bob Stone": 800}}
```

A refusal looks like `RuleError(code="WINDOW_CLOSED", message="Rebuys close when level 4 starts; ...", rule="ENT-4")`.
The reason codes are those of the rules specification plus input checks (`UNKNOWN_PLAYER`,
`UNKNOWN_TABLE`, `SEAT_OUT_OF_RANGE`, `INVALID_INPUT`, `TOURNAMENT_OVER`); `app/errors.py` lists them all.
When the engine needs a fact it cannot know (the button seat, the starting stacks of two busts, whether a
hand started before the level changed) it refuses with `NEEDS_INPUT` and a **question**
(`RuleError.question`, in `to_dict()` under `"question"`): its text, the field the answer fills, its kind
(`bool`, `choice`, `integer`, `amounts`) and the choices, some of which are commands to run first (a
rebuy, `set_button`). Answer by repeating the command with the field filled, or by running the choice's
command and then the command again.

Where several stations share a tournament, each is opened with a role: the **director** enters every
command; the **desk** registration and the money (buy-ins, rebuys, add-ons, top-ups, re-entries,
refunds, the waiting list) and seats players; the **floor** what happens at the tables (bust-outs,
rebuy declines, chip counts, moves, hand for hand, hands finished and buttons, absences); a **screen**
nothing. Each command below says who enters it; any other station is refused with `ROLE_FORBIDDEN`, in
words ("A desk station cannot enter “bust-out of Ann Lee”: that is for the floor or the director."),
and may undo or redo only what it may enter.

The area pages have more examples, with every refusal:

- [tournament.md](commands/tournament.md): notes, profile changes
- [entries.md](commands/entries.md): registration, buy-ins, rebuys, add-ons, top-ups, late entry, waiting
  list, busts, payouts, absence, chip counts
- [tables.md](commands/tables.md): seating draws, buttons and blinds, balancing, breaking, redraws, the winners' table
- [clock.md](commands/clock.md): the clock, structures, games and rotation, stud order, chip races
- [knockouts.md](commands/knockouts.md): eliminators, bounties (fixed, progressive, house), corrections
- [league.md](commands/league.md): leagues and seasons across events (the roster's, not a tournament's
  commands): points formulas, best N of M, tie-breaks, merged players
"""


def type_words(t: mi.Type) -> str:
    """A field's type in a director's words."""
    if isinstance(t, mi.UnionType):
        kinds = [k for k in t.types if not isinstance(k, mi.NoneType)]
        if {type(k) for k in kinds} == {mi.IntType, mi.StrType}:
            words = "player (name or id)"
        else:
            words = " or ".join(type_words(k) for k in kinds)
        return words + (" or null" if len(kinds) < len(t.types) else "")
    if isinstance(t, mi.BoolType):
        return "true/false"
    if isinstance(t, mi.IntType):
        return "whole number"
    if isinstance(t, mi.FloatType):
        return "number"
    if isinstance(t, mi.StrType):
        return "text"
    if isinstance(t, mi.ListType):
        return f"list of {type_words(t.item_type)}"
    if isinstance(t, mi.DictType):
        return f"object {{{type_words(t.key_type)}: {type_words(t.value_type)}}}"
    if isinstance(t, mi.AnyType):
        return "anything"
    return type(t).__name__


def _field_type(field: mi.Field) -> str:
    """An optional field left out by default is not shown as "or null": leaving it out is the point."""
    words = type_words(field.type)
    if not field.required and field.default is None and words.endswith(" or null"):
        return words[: -len(" or null")]
    return words


def _default(field: mi.Field) -> str:
    if field.required:
        return "required"
    value = field.default_factory() if field.default_factory is not msgspec.NODEFAULT else field.default
    return "—" if value is None or value is msgspec.NODEFAULT else f"`{json.dumps(value)}`"  # NODEFAULT: UNSET


def _area_page(name: str) -> str | None:
    for page in sorted((DOCS / "commands").glob("*.md")):
        if f'"cmd": "{name}"' in page.read_text(encoding="utf-8"):
            return page.name
    return None


def section(decl: type[Command]) -> str:
    info = mi.type_info(decl)
    assert isinstance(info, mi.StructType)
    lines = [f"### `{decl.name()}`", "", inspect.cleandoc(decl.__doc__ or ""), ""]
    rules = f"Rules: {', '.join(decl.rules)}. " if decl.rules else ""
    lines += [f"{rules}In the history: \u201c{decl.label}\u201d. Entered by {who_may(decl)}.", ""]
    fields = [f for f in info.fields if f.name != "at"]
    if fields:
        lines += ["| field | type | default |", "| --- | --- | --- |"]
        lines += [f"| `{f.encode_name}` | {_field_type(f)} | {_default(f)} |" for f in fields]
        lines.append("")
    else:
        lines += ["No fields.", ""]
    if decl.examples:
        lines.append("```json")
        lines += [json.dumps(example, ensure_ascii=False) for example in decl.examples]
        lines += ["```", ""]
    page = _area_page(decl.name())
    if page is not None:
        lines += [f"More, with its refusals: [{page}](commands/{page}).", ""]
    return "\n".join(lines)


def render() -> str:
    """The whole of docs/commands.md."""
    decls = catalogue()
    index = ["## Every command", "", "| command | what it does |", "| --- | --- |"]
    index += [f"| [`{d.name()}`](#{d.name()}) | {d.help()} |" for d in decls]
    parts = [INTRO, "\n".join(index), "", "## The commands", ""]
    parts += [section(d) for d in decls]
    parts += [views()]
    return "\n".join(parts).rstrip("\n") + "\n"


def views() -> str:
    lines = [
        "## Views",
        "",
        "`Tournament.view()` returns one JSON object with these parts (scenario files check them by partial match):",
        "",
    ]
    for name in sorted(PARTS):
        lines.append(f"- `{name}`: {PARTS[name].words}")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    print(render(), end="")
