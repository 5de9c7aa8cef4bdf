"""Benchmark: a season of 52 events x 200 players, its standings recomputed (target: under 200 ms).

Run: .venv/bin/python -m tests.bench.bench_league [events] [players]

Prints the median and worst of 7 recomputes, twice: from results already in memory
(``app.league.compute``: points, best N of M, tie-breaks and ranks), and from the roster's database
(``db.league.LeagueBook.standings``: reading the season's results, then the same computation), with
the square-root formula, knockout and attendance bonuses, best 40 of 52 and every tie-break.
"""

from __future__ import annotations

import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

from app.league import EventOutcome, OutcomeRow, compute, rules_from
from app.league.demo import demo_events

RULES = {"formula": {"kind": "sqrt_ratio", "scale": 10}, "bonus": {"knockout": 1, "attendance": 2}, "best": 40,
         "tiebreaks": ["wins", "best_finish", "events_played", "cashes", "knockouts", "head_to_head_last"]}
TARGET_MS = 200.0


def timed(run: object, repeat: int = 7) -> tuple[float, float]:
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        run()  # type: ignore[operator]
        times.append((time.perf_counter() - t0) * 1000)
    return statistics.median(times), max(times)


def main(events: int = 52, players: int = 200) -> int:
    names = tuple(f"Player {i:03d}" for i in range(players))
    season, by_id = demo_events(events, names, seed=52, everyone=True)
    rules = rules_from(RULES)
    results = sum(len(e.finishes) for e in season)
    mem_median, mem_worst = timed(lambda: compute("Bench", "S", rules, season, by_id))
    print(f"in memory: {events} events, {players} players, {results:,} results: "
          f"median {mem_median:.1f} ms, worst {mem_worst:.1f} ms (target < {TARGET_MS:.0f} ms)")
    from db.league import LeagueBook
    from db.roster import Roster

    with tempfile.TemporaryDirectory() as tmp, Roster.open(Path(tmp) / "players.sqlite") as roster:
        book = LeagueBook(roster)
        book.create_league("Bench", RULES)
        book.add_season("Bench", "S")
        rng = random.Random(5)
        for e in season:
            rows = tuple(OutcomeRow(by_id[f.player], f.place, f.knockouts, f.prize_cents) for f in e.finishes)
            outcome = EventOutcome(f"bench-{e.event}", e.name, e.played_on, e.entries, 2000 + rng.randrange(3) * 1000,
                                   "USD", True, rows)
            book.join("Bench", "S", outcome)
        db_median, db_worst = timed(lambda: book.standings("Bench", "S"))
    print(f"from the roster database: median {db_median:.1f} ms, worst {db_worst:.1f} ms (target < {TARGET_MS:.0f} ms)")
    return 0 if max(mem_median, db_median) < TARGET_MS else 1


if __name__ == "__main__":
    sys.exit(main(*(int(a) for a in sys.argv[1:3])))
