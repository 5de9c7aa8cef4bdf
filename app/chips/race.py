"""Chip race, or colour-up (RACE-1 to RACE-5): the smallest chip leaves play, table by table.

The engine knows stacks, not chips, so it reads each player's odd chips from his stack: everything
above the last multiple of the next chip ``d_new`` is odd chips of the leaving chip ``d`` (with the
chips as a set where each value divides the next). The direct exchange changes no stack; the race does:

1. each table's odd chips are pooled, and the pool buys ``N`` chips of ``d_new`` (half or more of one
   counts as one under ``race.pool_rounding`` = half_up);
2. from seat 1 clockwise each racer gets one card per odd chip (given, or dealt and recorded);
3. the ``N`` best high cards (suits break ties) win one chip each, at most one per player;
4. nobody is raced out (``race.race_out``): ``tda_add`` adds a chip of ``d_new`` to a player left with
   none; ``roberts_first`` gives such players the raced chips first, adding chips if there are too few.

What leaves play and what is added is recorded (state.chips_removed / state.chips_added).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import msgspec

from app.chips.race_results import award_by_results, check_results_players, count_first, given_results
from app.commands.chips import ChipRace
from app.core import inputs
from app.core.randomness import card_value
from app.core.registry import applies, command
from app.core.state import Player, TournamentState
from app.errors import RuleError
from app.events.chips import ChipsRaced, RaceTable
from app.format import chips as chip_text
from app.i18n import _, ngettext
from app.levels.timeline import current_period, structure_of

if TYPE_CHECKING:
    from app.core.context import Context

GENERATED_CHECK_LEVELS = 200  # how far an endless structure is checked (RACE-2)


def chip_set(state: TournamentState) -> list[int]:
    assert state.profile is not None
    return sorted(int(c["value"]) for c in state.profile["chips"])


def raced_off(state: TournamentState) -> list[int]:
    return [int(d) for d in state.extra.get("chip_race", {}).get("raced_off", [])]


def in_play(state: TournamentState) -> list[int]:
    gone = set(raced_off(state))
    return [d for d in chip_set(state) if d not in gone]


def first_level_after(state: TournamentState, now: float) -> int:
    """The first level the colour-up must serve: the next one during a break, else the current one."""
    if not state.clock.get("started"):
        return 1
    p = current_period(state, now)
    return p.level + 1 if p.kind == "break" else p.level


def check_denomination(state: TournamentState, denomination: int, now: float) -> int:
    """RACE-2: ``denomination`` may leave only if every later amount is a multiple of the next chip."""
    chips = in_play(state)
    if denomination not in chips:
        raise RuleError(
            "INVALID_INPUT",
            _(
                "There is no {denomination} chip in play ({names}).",
                denomination=chip_text(denomination),
                names=", ".join(chip_text(c) for c in chips),
            ),
            "RACE-1",
        )
    if denomination != chips[0]:
        raise RuleError(
            "INVALID_INPUT",
            _("Race off the {chips} chips first; they are the smallest.", chips=chip_text(chips[0])),
            "RACE-3",
        )
    if len(chips) < 2:
        raise RuleError(
            "INVALID_INPUT",
            _("The {denomination} chip is the last one in play.", denomination=chip_text(denomination)),
            "RACE-3",
        )
    new = chips[1]
    if new % denomination:
        raise RuleError(
            "INVALID_INPUT",
            _(
                "{new} is not a whole number of {denomination} chips.",
                new=chip_text(new),
                denomination=chip_text(denomination),
            ),
            "RACE-3",
        )
    structure = structure_of(state)
    start = first_level_after(state, now)
    last = structure.last_level or start + GENERATED_CHECK_LEVELS
    for n in range(start, max(start, last) + 1):
        for amount in structure.level(n).amounts():
            if amount % new:
                raise RuleError(
                    "DENOMINATION_STILL_NEEDED",
                    _(
                        "Level {n} still needs the {denomination} chip: {amount} is not a multiple of {new}.",
                        n=n,
                        denomination=denomination,
                        amount=amount,
                        new=new,
                    ),
                    "RACE-2",
                )
    return new


def _groups(state: TournamentState) -> list[tuple[int, list[Player]]]:
    """Players holding chips, table by table, from seat 1 clockwise (table 0: not seated)."""
    tables: dict[int, list[Player]] = {}
    for p in state.players.values():
        if p.live and p.stack > 0:
            tables.setdefault(p.table or 0, []).append(p)
    return [(n, sorted(ps, key=lambda p: (p.seat or 0, p.id))) for n, ps in sorted(tables.items())]


def plan(state: TournamentState, denomination: int, new: int) -> list[dict[str, Any]]:
    """Each table's racers, their odd chips and how many chips of ``new`` the pool buys (RACE-3)."""
    assert state.profile is not None
    half_up = state.profile["race.pool_rounding"] == "half_up"
    out: list[dict[str, Any]] = []
    for number, players in _groups(state):
        racers: list[dict[str, Any]] = []
        for p in players:
            odd, lost = divmod(p.stack % new, denomination)
            if odd or lost:
                racers.append({"player": p.id, "name": p.name, "seat": p.seat, "stack": p.stack, "odd": odd,
                               "lost": lost, "left": p.stack - odd * denomination - lost})
        if not racers:
            continue
        value = sum(r["odd"] for r in racers) * denomination
        chips, rest = divmod(value, new)
        if half_up and rest * 2 >= new:
            chips += 1
        out.append({"table": number, "pool_value": value, "chips": chips, "racers": racers})
    return out


def _given_cards(cmd: ChipRace, state: TournamentState) -> dict[int, list[str]] | None:
    raw = cmd.cards
    if raw is None:
        return None
    out: dict[int, list[str]] = {}
    for ref, cards in raw.items():
        p = inputs.player(state, ref)
        for c in cards:
            try:
                card_value(c)
            except ValueError as exc:
                raise RuleError("INVALID_INPUT", _("{c!r} is not a card.", c=c), "RACE-3") from exc
        out[p.id] = list(cards)
    return out


def deal_and_rank(ctx: Context, table: dict[str, Any], given: dict[int, list[str]] | None) -> None:
    """Give each racer his cards (RACE-3.3) and decide who gets a chip (RACE-3.4, RACE-3.5)."""
    racers = [r for r in table["racers"] if r["odd"]]
    needed = sum(r["odd"] for r in racers)
    if given is not None:
        for r in racers:
            cards = given.get(r["player"])
            if cards is None or len(cards) != r["odd"]:
                raise RuleError(
                    "INVALID_INPUT",
                    ngettext(
                        "{name} races {n} chip and needs that many cards.",
                        "{name} races {n} chips and needs that many cards.",
                        r["odd"],
                        name=r["name"],
                    ),
                    "RACE-3",
                )
        dealt = [c for r in racers for c in given[r["player"]]]
        if len(set(dealt)) != len(dealt):
            raise RuleError(
                "INVALID_INPUT", _("A card is dealt twice at table {table}.", table=table["table"]), "RACE-3"
            )
    elif needed > 52:
        raise RuleError(
            "INVALID_INPUT",
            _("Table {table} would need {needed} race cards.", table=table["table"], needed=needed),
            "RACE-3",
        )
    deck = iter(ctx.rng.deal(needed)) if given is None else None
    for r in table["racers"]:
        if not r["odd"]:
            r["cards"] = []
        elif given is not None:
            r["cards"] = given[r["player"]]
        else:
            assert deck is not None
            r["cards"] = [next(deck) for _ in range(r["odd"])]
        r["best"] = max(r["cards"], key=card_value) if r["cards"] else None
        r["chip"], r["added"] = False, False
    _award(ctx, table, [r for r in table["racers"] if r["odd"]])


def _award(ctx: Context, table: dict[str, Any], racers: list[dict[str, Any]]) -> None:
    def rank(r: dict[str, Any]) -> tuple[int, int]:
        return card_value(r["best"])

    chips = int(table["chips"])
    out_first = ctx.profile["race.race_out"] == "roberts_first"
    bare = [r for r in racers if r["left"] == 0]
    if out_first:
        for r in sorted(bare, key=rank, reverse=True):
            if chips:
                r["chip"], chips = True, chips - 1
            else:
                r["added"] = True
    for r in sorted((r for r in racers if not r["chip"] and not r["added"]), key=rank, reverse=True):
        if not chips:
            break
        r["chip"], chips = True, chips - 1
    for r in table["racers"]:
        if r["left"] == 0 and not r["chip"]:
            r["added"] = True


@command
def chip_race(ctx: Context, cmd: ChipRace) -> None:
    """Race off the smallest chip at every table (RACE-3): by the cards (given, else dealt) or by the results."""
    denomination = inputs.whole(cmd.denomination, _("The chip value"), minimum=1)
    new = check_denomination(ctx.state, denomination, ctx.now)
    results = given_results(cmd, ctx.state)
    given = _given_cards(cmd, ctx.state)
    count_first(ctx, cmd)
    tables = plan(ctx.state, denomination, new)
    racing = {r["player"] for t in tables for r in t["racers"] if r["odd"]}
    if given is not None and set(given) - racing:
        extra = ctx.state.players[sorted(set(given) - racing)[0]].name
        raise RuleError(
            "INVALID_INPUT",
            _("{extra} has no {denomination} chips to race.", extra=extra, denomination=chip_text(denomination)),
            "RACE-3",
        )
    if results is not None:
        check_results_players(ctx.state, results, racing, denomination)
    for t in tables:
        if results is not None:
            award_by_results(ctx, t, results)
        else:
            deal_and_rank(ctx, t, given)
    removed = sum(r["odd"] * denomination + r["lost"] for t in tables for r in t["racers"])
    added = sum(new for t in tables for r in t["racers"] if r["chip"] or r["added"])
    ctx.emit(ChipsRaced(denomination=denomination, next=new, tables=msgspec.convert(tables, list[RaceTable]),
                        removed=removed, added=added))


@applies
def _chips_raced(state: TournamentState, ev: ChipsRaced) -> None:
    new = ev.next
    for t in ev.tables:
        for r in t.racers:
            state.players[r.player].stack = r.left + (new if r.chip or r.added else 0)
    state.chips_removed += ev.removed
    state.chips_added += ev.added
    race = state.extra.setdefault("chip_race", {})
    race["raced_off"] = [*race.get("raced_off", []), ev.denomination]
    race["last"] = {"at": ev.at, "denomination": ev.denomination, "next": ev.next,
                    "tables": msgspec.to_builtins(ev.tables), "removed": ev.removed, "added": ev.added}
