"""The built-in demo season: a Thursday home game, 8 weeks, the same regulars back week after week.

Made from a fixed seed, so ``floorman league standings --demo`` prints the same table every time.
"""

from __future__ import annotations

import random
from datetime import date, timedelta

from app.league.rules import LeagueRules, rules_from
from app.league.standings import EventResults, Finish, Standings, compute

DEMO_LEAGUE = "Thursday Home Game"
DEMO_SEASON = "Spring"
DEMO_RULES = {
    "formula": {"kind": "sqrt_ratio", "scale": 10},
    "bonus": {"knockout": 1, "attendance": 2},
    "best": 6,
    "tiebreaks": ["wins", "best_finish", "events_played", "head_to_head_last"],
}
REGULARS = (
    "Ann Lee", "Bo Chen", "Carla Okafor", "Dev Novak", "Elif García", "Femi Schmidt", "Greta Rossi",
    "Hiro Tanaka", "Ines Kowalski", "Jonas Dubois", "Kofi Haddad", "Lena Silva", "Mateo Nguyen",
    "Nadia Müller", "Omar Johansson", "Priya O'Brien", "Quinn Patel", "Rosa Ivanova",
)


def demo_events(weeks: int = 8, players: tuple[str, ...] = REGULARS, seed: int = 1,
                first: date = date(2026, 3, 5), buy_in: float = 20.0,
                everyone: bool = False) -> tuple[list[EventResults], dict[int, str]]:
    """``weeks`` events, one a week, each with most of ``players`` (``everyone``: all of them); every bust
    credited to a player still in."""
    rng = random.Random(seed)
    names = {i: name for i, name in enumerate(players, 1)}
    events = []
    for week in range(weeks):
        size = len(names) if everyone else rng.randint(max(2, len(names) * 2 // 3), len(names))
        field = sorted(rng.sample(sorted(names), k=size))
        rng.shuffle(field)  # field[0] wins, field[-1] is out first
        kos = dict.fromkeys(field, 0)
        for i in range(len(field) - 1, 0, -1):
            kos[field[rng.randrange(i)]] += 1  # someone still in knocked this player out
        pool = round(buy_in * 100) * len(field)
        prizes = {field[0]: pool * 6 // 10, field[1]: pool - pool * 6 // 10}
        finishes = tuple(Finish(pid, place, kos[pid], prizes.get(pid, 0)) for place, pid in enumerate(field, 1))
        day = first + timedelta(weeks=week)
        events.append(EventResults(week + 1, f"Week {week + 1}", day.isoformat(), len(field), buy_in, True, True,
                                   finishes))
    return events, names


def demo_rules() -> LeagueRules:
    return rules_from(DEMO_RULES)


def demo_standings() -> Standings:
    events, names = demo_events()
    return compute(DEMO_LEAGUE, DEMO_SEASON, demo_rules(), events, names)
