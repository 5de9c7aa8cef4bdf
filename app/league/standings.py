"""Season standings, derived from the events' recorded results every time (LGE-3..7).

Nothing is added up as events come in: the standings are recomputed from the results of the
season's events each time they are asked for, so an event whose finish is undone (its results
withdrawn) or two roster entries merged into one player give the right table at once.

Points are kept in hundredths (whole numbers): each result's points are rounded half up to two
decimals once, and totals are sums of whole numbers, so two players' totals compare exactly.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import ROUND_HALF_UP, Decimal
from functools import cmp_to_key

from app import format as fmt
from app.i18n import _
from app.league.rules import LeagueRules


@dataclass(frozen=True, slots=True)
class Finish:
    """One player's result in one event: ``player`` is the roster id."""

    player: int
    place: int
    knockouts: int = 0
    prize_cents: int = 0


@dataclass(frozen=True)
class EventResults:
    """An event of the season and its results (empty while it has not finished)."""

    event: int  # the event's id
    name: str
    played_on: str  # ISO date
    entries: int
    buy_in: float = 0.0  # in whole currency units
    counts: bool = True  # False: played in the season but not counted (e.g. a freeroll)
    finished: bool = True
    finishes: tuple[Finish, ...] = ()


@dataclass(frozen=True, slots=True)
class HistoryRow:
    event: int
    name: str
    played_on: str
    entries: int
    place: int
    knockouts: int
    prize_cents: int
    points: int  # hundredths
    counted: bool  # among the player's best N


@dataclass(frozen=True)
class Standing:
    rank: int
    tied: int  # players sharing the rank (1: none)
    player: int
    name: str
    points: int  # hundredths
    played: int
    counted: int
    wins: int
    best: int | None
    cashes: int
    knockouts: int
    history: tuple[HistoryRow, ...] = field(default=(), compare=False)

    @property
    def rank_label(self) -> str:
        return fmt.place(self.rank, self.tied)


@dataclass(frozen=True)
class Standings:
    league: str
    season: str
    rules: LeagueRules
    events: int  # M: events of the season that count
    finished: int  # of them, finished
    rows: tuple[Standing, ...]

    def row_for(self, player: int) -> Standing | None:
        return next((r for r in self.rows if r.player == player), None)


def hundredths(points: float) -> int:
    """Points rounded half up to two decimals, as a whole number of hundredths: 12.345 -> 1235."""
    return int((Decimal(repr(points)) * 100).quantize(Decimal(1), rounding=ROUND_HALF_UP))


def points_text(h: int) -> str:
    """Hundredths as the window, the sheet and the CSV write them: ``1,234.50``."""
    sign = "-" if h < 0 else ""
    h = abs(h)
    return f"{sign}{h // 100:,}.{h % 100:02d}"


def resolve(player: int, merged: Mapping[int, int]) -> int:
    """The roster entry a merged entry now belongs to (following chains; a loop stops where it started)."""
    seen = {player}
    while player in merged:
        player = merged[player]
        if player in seen:
            break
        seen.add(player)
    return player


def compute(league: str, season: str, rules: LeagueRules, events: Sequence[EventResults],
            names: Mapping[int, str], merged: Mapping[int, int] | None = None) -> Standings:
    """The standings of a season (see the module's notes).

    ``names``: roster id -> name; ``merged``: roster id -> the id it was merged into. When two merged
    entries both played one event, the better place is kept.
    """
    merged = merged or {}
    counting = sorted((e for e in events if e.counts), key=lambda e: (e.played_on, e.event))
    order = {e.event: i for i, e in enumerate(counting)}
    ko_bonus, attend = rules.knockout_bonus, rules.attendance_bonus
    points_of = rules.formula.points
    memo: dict[tuple[int, int, float, int], int] = {}  # many results share a field size, place and count
    per_player: dict[int, list[HistoryRow]] = {}
    place_in: dict[int, dict[int, int]] = {}  # player -> event order -> place (head to head)
    for ev in counting:
        if not ev.finished:
            continue
        seen: dict[int, Finish] = {}
        for f in ev.finishes:
            who = resolve(f.player, merged) if merged else f.player
            old = seen.get(who)
            if old is None:
                seen[who] = f
            elif f.place < old.place:  # two merged entries in one event: the better place counts
                seen[who] = Finish(who, f.place, max(f.knockouts, old.knockouts), f.prize_cents)
        for who, f in seen.items():
            key = (ev.entries, f.place, ev.buy_in, f.knockouts)
            points = memo.get(key)
            if points is None:
                raw = points_of(ev.entries, f.place, ev.buy_in, f.knockouts) + ko_bonus * f.knockouts + attend
                points = memo[key] = hundredths(raw)
            row = HistoryRow(ev.event, ev.name, ev.played_on, ev.entries, f.place, f.knockouts, f.prize_cents,
                             points, True)
            per_player.setdefault(who, []).append(row)
            place_in.setdefault(who, {})[order[ev.event]] = f.place
    best = rules.best
    rows: list[Standing] = []
    for who, history in per_player.items():
        if best is not None and len(history) > best:
            keep = sorted(range(len(history)), key=lambda i: (-history[i].points, history[i].place,
                                                               history[i].played_on))[:best]
            chosen = set(keep)
            history = [h if i in chosen else _uncounted(h) for i, h in enumerate(history)]
        counted = [h for h in history if h.counted]
        rows.append(Standing(
            0, 1, who, names.get(who, _("Player {number}", number=who)), sum(h.points for h in counted), len(history),
            len(counted), sum(1 for h in history if h.place == 1), min(h.place for h in history),
            sum(1 for h in history if h.prize_cents > 0), sum(h.knockouts for h in history), tuple(history),
        ))
    ranked = _rank(rows, rules.tiebreaks, place_in)
    return Standings(league, season, rules, len(counting), sum(1 for e in counting if e.finished), ranked)


def _uncounted(h: HistoryRow) -> HistoryRow:
    return HistoryRow(h.event, h.name, h.played_on, h.entries, h.place, h.knockouts, h.prize_cents, h.points, False)


def _rank(rows: list[Standing], tiebreaks: Iterable[str],
          place_in: Mapping[int, Mapping[int, int]]) -> tuple[Standing, ...]:
    breaks = tuple(tiebreaks)

    def head_to_head(a: Standing, b: Standing) -> int:
        pa, pb = place_in.get(a.player, {}), place_in.get(b.player, {})
        both = set(pa) & set(pb)
        if not both:
            return 0
        last = max(both)
        return (pa[last] > pb[last]) - (pa[last] < pb[last])

    def compare(a: Standing, b: Standing) -> int:
        if a.points != b.points:
            return -1 if a.points > b.points else 1
        for t in breaks:
            if t == "wins":
                d = b.wins - a.wins
            elif t == "best_finish":
                d = (a.best or 0) - (b.best or 0)
            elif t == "events_played":
                d = b.played - a.played
            elif t == "cashes":
                d = b.cashes - a.cashes
            elif t == "knockouts":
                d = b.knockouts - a.knockouts
            else:
                d = head_to_head(a, b)
            if d:
                return -1 if d < 0 else 1
        return 0

    # Ties first by the full comparison, then by name so the order on paper is stable.
    ordered = sorted(rows, key=lambda r: (r.name.casefold(), r.player))
    ordered.sort(key=cmp_to_key(compare))
    out: list[Standing] = []
    i = 0
    while i < len(ordered):
        j = i + 1
        while j < len(ordered) and compare(ordered[i], ordered[j]) == 0:
            j += 1
        for r in ordered[i:j]:
            out.append(Standing(i + 1, j - i, r.player, r.name, r.points, r.played, r.counted, r.wins, r.best,
                                r.cashes, r.knockouts, r.history))
        i = j
    return tuple(out)


# -- the same table everywhere -------------------------------------------------------------------------
COLUMNS = ("Rank", "Player", "Points", "Played", "Counted", "Wins", "Best", "Cashes", "Knockouts")


def table_rows(standings: Standings) -> list[tuple[str, ...]]:
    """The standings as the League tab, the printed sheet and the CSV write them, one tuple per player."""
    return [
        (r.rank_label, r.name, points_text(r.points), str(r.played), str(r.counted), str(r.wins),
         fmt.place(r.best) if r.best else "", str(r.cashes), str(r.knockouts))
        for r in standings.rows
    ]


def to_csv(standings: Standings) -> str:
    """The standings as CSV text (a header row, then :func:`table_rows`). A name starting with = + - @
    is written with a leading apostrophe so a spreadsheet never runs it as a formula."""
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\r\n")
    w.writerow(COLUMNS)
    for row in table_rows(standings):
        w.writerow([_cell(c) if i == 1 else c for i, c in enumerate(row)])
    return out.getvalue()


def _cell(text: str) -> str:
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


def history_rows(row: Standing) -> list[tuple[str, ...]]:
    """A player's season, most recent first: date, event, entries, place, knockouts, points, counted."""
    return [
        (h.played_on, h.name, str(h.entries), fmt.place(h.place), str(h.knockouts), points_text(h.points),
         "yes" if h.counted else "dropped")
        for h in sorted(row.history, key=lambda h: (h.played_on, h.event), reverse=True)
    ]


def to_json(standings: Standings) -> dict[str, object]:
    return {
        "league": standings.league,
        "season": standings.season,
        "rules": standings.rules.describe(),
        "events": standings.events,
        "finished": standings.finished,
        "standings": [
            {"rank": r.rank, "rank_label": r.rank_label, "player": r.player, "name": r.name,
             "points": points_text(r.points), "points_hundredths": r.points, "played": r.played,
             "counted": r.counted, "wins": r.wins, "best": r.best, "cashes": r.cashes, "knockouts": r.knockouts}
            for r in standings.rows
        ],
    }
