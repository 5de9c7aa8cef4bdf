"""League scenarios (tests/scenarios/league/*.json), run through the roster's league book.

A scenario names its rules and holds league rules and steps:

- ``{"event": {"name", "results": ["Ann", ["Bob", "Cat"], "Dan"], "knockouts": {"Ann": 2},
  "buy_in_cents": 2000, "counts": true}}``: the event joins the season and finishes with those places
  (a list inside the list is a tie: Bob and Cat share 2nd, Dan is 4th). Sent again with the same name:
  the event finished again, with the new results.
- ``{"undo_finish": "Week 2"}``: the event's finish undone (its results withdrawn).
- ``{"merge": ["Ann L.", "Ann Lee"]}``, ``{"unmerge": "Ann L."}``: roster entries merged, unmerged.
- ``{"expect": [[rank, name, points, played, counted, wins, best, cashes, knockouts], ...]}``: the
  standings as the League tab, the printed sheet and the CSV show them.
- ``{"expect_history": {"Bob": ["counted", "dropped", ...]}}``: which results count, oldest first.

``{"refused": [{"league": {...}, "says": "words"}]}``: rules refused, with those words in the reason.
"""

from __future__ import annotations

import json
from datetime import date, timedelta
from pathlib import Path
from typing import Any

import pytest

from app.league import EventOutcome, LeagueError, OutcomeRow, table_rows
from db.league import LeagueBook
from db.roster import Roster

FOLDER = Path(__file__).parents[1] / "scenarios" / "league"
SCENARIOS = sorted(FOLDER.glob("*.json"))


def _rows(results: list[Any], knockouts: dict[str, int]) -> tuple[OutcomeRow, ...]:
    out, place = [], 1
    for item in results:
        group = item if isinstance(item, list) else [item]
        out += [OutcomeRow(name, place, knockouts.get(name, 0), 0) for name in group]
        place += len(group)
    return tuple(out)


def run(path: Path, folder: Path) -> None:
    scenario = json.loads(path.read_text(encoding="utf-8"))
    assert scenario.get("rules"), f"{path.name} names no rule"
    with Roster.open(folder / "players.sqlite") as roster:
        book = LeagueBook(roster)
        for case in scenario.get("refused", []):
            with pytest.raises(LeagueError) as info:
                book.create_league("Refused", case["league"])
            assert case["says"] in info.value.message, (case, info.value.message)
            assert "Refused" not in book.leagues()
        if "steps" not in scenario:
            return
        book.create_league("L", scenario["league"])
        book.add_season("L", "S")
        days: dict[str, str] = {}
        outcomes: dict[str, EventOutcome] = {}
        for step in scenario["steps"]:
            if "event" in step:
                e = step["event"]
                day = days.setdefault(e["name"], (date(2026, 1, 1) + timedelta(weeks=len(days))).isoformat())
                rows = _rows(e["results"], e.get("knockouts", {}))
                outcome = EventOutcome(f"{path.stem}/{e['name']}", e["name"], day, len(rows),
                                       e.get("buy_in_cents", 0), "USD", True, rows)
                outcomes[e["name"]] = outcome
                book.join("L", "S", outcome, counts=e.get("counts", True))
            elif "undo_finish" in step:
                was = outcomes[step["undo_finish"]]
                assert book.record(EventOutcome(was.key, was.name, was.played_on, 0, was.buy_in_cents, "USD",
                                                False, ()))
            elif "merge" in step:
                a, b = (roster.find_or_add(n) for n in step["merge"])
                roster.merge(a, b)
            elif "unmerge" in step:
                ids = {v: k for k, v in roster.names().items()}
                roster.unmerge(ids[step["unmerge"]])
            elif "expect" in step:
                got = [list(r) for r in table_rows(book.standings("L", "S"))]
                assert got == step["expect"], f"{path.name}: {got}"
            elif "expect_history" in step:
                standings = book.standings("L", "S")
                for name, marks in step["expect_history"].items():
                    row = next(r for r in standings.rows if r.name == name)
                    history = sorted(row.history, key=lambda h: h.played_on)
                    assert ["counted" if h.counted else "dropped" for h in history] == marks
            else:
                raise AssertionError(f"{path.name}: unknown step {step}")


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_league_scenario(path, tmp_path):
    run(path, tmp_path)


def test_every_league_rule_has_a_scenario_or_test():
    named = set()
    for path in SCENARIOS:
        named |= set(json.loads(path.read_text(encoding="utf-8"))["rules"])
    assert {f"LGE-{n}" for n in range(1, 9)} <= named | {"LGE-6"}
