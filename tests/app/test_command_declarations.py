"""Every engine command is declared once (app.commands), and the engine checks commands against it."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import app.engine  # noqa: F401  (registers every command)
from app.commands import by_name, catalogue, parse, schema
from app.core.registry import COMMANDS
from app.errors import RuleError
from tests.app.money_kit import enter, make, refused

APP = Path(__file__).parents[2] / "app"


def _rules_named_by(handler_module: Path) -> set[str]:
    """Rule ids a handler's module names in its refusals (RuleError(code, message, "RULE-N"))."""
    out: set[str] = set()
    for node in ast.walk(ast.parse(handler_module.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "RuleError" and len(node.args) >= 3:
            rule = node.args[2]
            if isinstance(rule, ast.Constant) and isinstance(rule.value, str):
                out.add(rule.value)
    return out


def test_every_registered_command_has_exactly_one_declaration_and_back():
    names = [c.name() for c in catalogue()]
    assert len(names) == len(set(names))
    assert set(names) == set(COMMANDS), (set(COMMANDS) - set(names), set(names) - set(COMMANDS))


@pytest.mark.parametrize("decl", catalogue(), ids=lambda d: d.name())
def test_each_declaration_has_words_rules_and_examples_that_parse(decl):
    assert decl.label.strip(), f"{decl.name()} has no history label"
    assert decl.help().strip(), f"{decl.name()} has no help (its docstring)"
    module = Path(COMMANDS[decl.name()].__code__.co_filename)
    if decl.name() not in ("open_table", "note") and _rules_named_by(module):
        assert decl.rules, f"{decl.name()} names no rule ids"
    for rule in decl.rules:
        assert rule.split("-")[0].isalpha() and rule.split("-")[1][:1].isdigit(), rule
    assert decl.examples, f"{decl.name()} has no example"
    for example in decl.examples:
        assert example["cmd"] == decl.name()
        parse(example)
    assert schema(decl)["$ref"]


@pytest.mark.parametrize(
    ("command", "words"),
    [
        ({"cmd": "bust", "player": ["Ann"]}, "bust: 'player' must be a player's name or number, not a list."),
        ({"cmd": "bust", "playr": "Ann"}, "bust has no field 'playr'."),
        ({"cmd": "move", "player": "Ann", "seat": 2}, "move needs 'table'."),
        ({"cmd": "bust", "players": ["Ann", "Bob"], "stacks": {"Ann": "lots"}},
         "bust: each value of 'stacks' must be a whole number, not text."),
        ({"cmd": "hand_for_hand", "on": "maybe"}, "hand_for_hand: 'on' must be true or false, not text."),
    ],
)
def test_a_wrong_or_unknown_field_is_refused_naming_it(command, words):
    t = make("home-nl")
    enter(t, "Ann", "Bob")
    err = refused(t, command, "INVALID_INPUT")
    assert err.message == words


def test_a_fraction_of_a_cent_is_still_amount_invalid():
    t = make("home-nl")
    err = refused(t, {"cmd": "register", "name": "Ann", "amount_cents": 2500.5}, "AMOUNT_INVALID")
    assert err.rule == "CONV-8" and "amount_cents" in err.message


def test_an_unknown_command_is_refused_by_name():
    t = make("home-nl")
    assert by_name("open_table") is not None and by_name("no_such_command") is None
    with pytest.raises(RuleError) as err:
        t.execute({"cmd": "no_such_command"})
    assert err.value.code == "UNKNOWN_COMMAND"


def test_the_engines_own_sub_commands_are_checked_too():
    """balance passes on to the redraw or the table break only the fields they declare."""
    from app.balancing.moves import breaks_of, redraw_of

    cmd = parse({"cmd": "balance", "cards": {"Ann": "As"}, "seat_order": [[1, 2]], "seats": {"Ann": [1, 1]}})
    first, second = breaks_of(cmd, [3, 4])
    assert first.to_dict() == {"cmd": "break_table", "table": 3, "cards": {"Ann": "As"}, "seat_order": [[1, 2]]}
    assert second.to_dict() == {"cmd": "break_table", "table": 4}
    assert redraw_of(cmd, 2).to_dict() == {"cmd": "redraw", "tables": 2, "cards": {"Ann": "As"},
                                           "seats": {"Ann": [1, 1]}}
