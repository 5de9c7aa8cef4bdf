"""Benchmark: the floor's judge ruling a showdown (target: under 50 ms a ruling).

Run: .venv/bin/python -m tests.bench.bench_judge [--json]

Every game of the catalogue is ruled with nine players (as many as one deck deals, in stud) who put in four
different amounts, so each hand has a main pot and three side pots; the slowest game's ruling is then timed
over 300 different deals and its median (p50) and 99th percentile (p99) printed, twice: as in a running
window or a ``--lines`` batch (what pokerkit's tables said of a hand's ranks is kept for the process), and
cold, as the first ruling of a fresh ``floorman judge`` (nothing kept). The whole ruling is timed: the hand
checked, every player's hands made and ranked, the pots cut and shared, the words written.
"""

from __future__ import annotations

import json
import random
import statistics
import sys
import time
from typing import Any

from app.judge import judge
from app.judge.hands import _SEEN, SHOWDOWNS

TARGET_MS = 50.0
DECK = [r + s for r in "23456789TJQKA" for s in "cdhs"]
PUT_IN = (100, 100, 300, 300, 600, 600, 1000, 1000, 1000)  # a main pot and three side pots


def deal(game: str, seed: int) -> dict[str, Any]:
    sd = SHOWDOWNS[game]
    deck = DECK[:]
    random.Random(seed).shuffle(deck)
    hand: dict[str, Any] = {"game": game, "button": 9, "players": []}
    if sd.boards == 2:
        hand["boards"], deck = [deck[:5], deck[5:10]], deck[10:]
    elif sd.boards == 1:
        hand["board"], deck = deck[:5], deck[5:]
    players = min(9, len(deck) // sd.shown)
    for i, put_in in enumerate(PUT_IN[-players:] if players < 9 else PUT_IN):
        hand["players"].append({"seat": i + 1, "cards": deck[:sd.shown], "put_in": put_in})
        deck = deck[sd.shown:]
    return hand


def timed(game: str, seeds: range, cold: bool = False) -> list[float]:
    times = []
    for seed in seeds:
        hand = deal(game, seed)
        if cold:
            _SEEN.clear()
        t0 = time.perf_counter()
        ruling = judge(hand)
        times.append((time.perf_counter() - t0) * 1000)
        assert len(ruling["pots"]) == 4 or len(hand["players"]) < 9, ruling["pots"]
    return times


def percentiles(times: list[float]) -> tuple[float, float, float]:
    ordered = sorted(times)
    return statistics.median(ordered), ordered[int(len(ordered) * 0.99) - 1], ordered[-1]


def main(as_json: bool = False) -> int:
    medians = {game: statistics.median(timed(game, range(15), cold=True)) for game in SHOWDOWNS}
    slowest = max(medians, key=lambda g: medians[g])
    warm = percentiles(timed(slowest, range(1000, 1300)))
    cold = percentiles(timed(slowest, range(2000, 2300), cold=True))
    players = len(deal(slowest, 0)["players"])
    figures = {"slowest_game": slowest, "players": players, "pots": 4, "rulings": 300,
               "p50_ms": round(warm[0], 2), "p99_ms": round(warm[1], 2), "worst_ms": round(warm[2], 2),
               "cold_p50_ms": round(cold[0], 2), "cold_p99_ms": round(cold[1], 2), "cold_worst_ms": round(cold[2], 2),
               "target_ms": TARGET_MS, "cold_median_ms_by_game": {g: round(m, 2) for g, m in medians.items()}}
    if as_json:
        print(json.dumps(figures, indent=2))
    else:
        for game, m in sorted(medians.items(), key=lambda gm: -gm[1]):
            print(f"  {game:22} cold median {m:6.2f} ms")
        for what, (p50, p99, worst) in (("kept", warm), ("cold", cold)):
            print(f"slowest: {slowest}, {players} players, a main pot and three side pots, 300 rulings ({what}): "
                  f"p50 {p50:.1f} ms, p99 {p99:.1f} ms, worst {worst:.1f} ms (target < {TARGET_MS:.0f} ms)")
    return 0 if max(warm[1], cold[1]) < TARGET_MS else 1


if __name__ == "__main__":
    sys.exit(main("--json" in sys.argv[1:]))
