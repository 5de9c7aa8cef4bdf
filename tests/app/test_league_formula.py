"""Points formulas as data (LGE-1, LGE-2): the language's allow-list, the proof over the whole domain,
rounding at the half-hundredth, and the standings' figures."""

from __future__ import annotations

import time

import pytest

from app.league import LeagueError, compute, formula_from, rules_from
from app.league.formula import MAX_ENTRIES, parse, prove
from app.league.standings import EventResults, Finish, hundredths, points_text, to_csv


def expression(text: str):
    return formula_from({"kind": "expression", "expression": text})


@pytest.mark.parametrize("text", [
    "__import__('os').system('touch /tmp/owned')", "().__class__", "open('x')", "entries if place else 1",
    "lambda: 1", "[1, 2]", "entries < place", "entries ** 2", "entries // place", "entries % place",
    "sqrt(x=entries)", "min(entries)", "print(1)", "True", "'text'", "entries; place", "1e999",
])
def test_lge_2_only_the_allowed_language_is_read(text):
    with pytest.raises(LeagueError):
        expression(text)


def test_lge_2_formulas_at_the_edges_of_the_domain():
    f = expression("entries - place")  # 0 for last place: allowed (never negative)
    assert f.points(10_000, 10_000) == 0 and f.points(10_000, 1) == 9_999
    assert expression("max(0, 50 - place)").points(100, 60) == 0
    assert expression("min(entries, 100) / place").points(5_000, 2) == 50
    with pytest.raises(LeagueError, match=f"at place {MAX_ENTRIES} of {MAX_ENTRIES:,}".replace(",", "")):
        expression(f"{MAX_ENTRIES - 1} - place")  # only the very last place of the biggest field goes negative
    with pytest.raises(LeagueError, match="divides by zero"):
        expression("1 / (entries - place)")  # the last place divides by zero
    with pytest.raises(LeagueError, match="with 0 knockouts it divides by zero"):
        expression("entries / knockouts")
    with pytest.raises(LeagueError, match="fewer than none"):
        expression("place - 2 * knockouts")


def test_lge_2_the_proof_is_quick():
    prove.cache_clear()
    start = time.perf_counter()
    formula_from({"kind": "linear", "per_place": 3})  # the slowest shape: safe only on the diagonal
    assert time.perf_counter() - start < 2.0


def test_lge_2_a_points_table_past_its_end_gives_rest():
    f = formula_from({"kind": "table", "points": [5, 3], "rest": 0.5})
    assert [f.points(10, p) for p in (1, 2, 3, 10)] == [5, 3, 0.5, 0.5]
    assert f.points(3, 99) == 0.5  # a place beyond the field is read as the last place


def test_lge_1_points_round_half_up_to_hundredths():
    assert hundredths(2.675) == 268  # round() would give 2.67 (2.675 is 2.67499... in binary)
    assert hundredths(0.005) == 1 and hundredths(0.004999) == 0
    assert points_text(123456) == "1,234.56" and points_text(5) == "0.05" and points_text(0) == "0.00"


def test_lge_1_rules_in_words():
    rules = rules_from({"formula": {"kind": "linear", "per_place": 2, "first": 5}, "best": 4,
                        "bonus": {"knockout": 1}, "tiebreaks": ["knockouts", "cashes"]})
    assert rules.describe() == ["Points: 2 × (entries − place + 1), +5 to the winner", "Bonus: 1 a knockout",
                                "Best 4 results count", "Ties: most knockouts, then most cashes"]


def test_lge_5_cashes_and_knockouts_break_ties():
    rules = rules_from({"formula": {"kind": "table", "points": [0]}, "tiebreaks": ["cashes", "knockouts"]})
    ev = EventResults(1, "W1", "2026-01-01", 3, 0, True, True,
                      (Finish(1, 1, 0, 0), Finish(2, 2, 5, 100), Finish(3, 3, 9, 0)))
    s = compute("L", "S", rules, [ev], {1: "Ann", 2: "Bob", 3: "Cat"})
    assert [r.name for r in s.rows] == ["Bob", "Cat", "Ann"]


def test_lge_9_csv_never_starts_a_cell_with_a_formula():
    rules = rules_from({"formula": {"kind": "table", "points": [1]}})
    ev = EventResults(1, "W1", "2026-01-01", 1, 0, True, True, (Finish(1, 1),))
    text = to_csv(compute("L", "S", rules, [ev], {1: "=HYPERLINK(1)"}))
    assert "'=HYPERLINK(1)" in text


def test_parse_keeps_the_numbers_it_was_given():
    assert parse("2.5 * place").value((1.0, 4.0, 0.0, 0.0)) == 10.0
