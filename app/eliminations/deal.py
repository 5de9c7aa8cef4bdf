"""Deals at the final table: the ICM and chip-chop calculator (ELIM-6) and the recorded deal (PAY-11).

The calculator changes nothing. ``record_deal`` records a deal the players agreed (by ICM, chip chop, or
amounts the director types): it replaces the prizes of the places still in play, and is undone like
any other command. Given the
remaining players' chips and the prizes still in play (places 1 to N of the payout table, N being the
players left), it works out what each player would take.

Methods:

* chip chop: each player gets the smallest prize in play plus a share of the rest proportional to his
  chips;
* ICM (Malmuth-Harville): the chance of taking 1st is one's share of the chips; once a place is taken,
  the next place goes the same way among those left. Each player's amount is his expected prize over
  all finishing orders, computed exactly (fractions) over the subsets of players already placed, so it
  is offered for :data:`ICM_LIMIT` players or fewer.

An optional *save* is kept aside for the winner of the play that goes on: it comes off the 1st prize
before the split, and may not make 1st pay less than 2nd.

Rounding (:func:`split_cents`): every exact amount is rounded down to the cent, then the cents left
over go one each to the largest fractional remainders; equal remainders go to the bigger stack first,
then to the player listed first (seat order). The amounts then add up exactly to the prizes in play
less the save.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from app.commands.eliminations import RecordDeal
from app.core import inputs
from app.core.registry import applies, command
from app.core.state import SEATED, TournamentState
from app.eliminations.payouts import has_payout_table, is_satellite, prize_table
from app.errors import RuleError
from app.events.eliminations import DealLineRecord, DealRecorded
from app.format import money
from app.i18n import _, ngettext
from app.levels.timeline import late_registration_open

if TYPE_CHECKING:
    from app.core.context import Context

ICM = "icm"
CHIP_CHOP = "chip_chop"
AMOUNTS = "amounts"
METHODS = (ICM, CHIP_CHOP)
ICM_LIMIT = 10


@dataclass(frozen=True)
class DealPlayer:
    """A remaining player as the calculator sees him: chips may be the director's counted figure."""

    player: int
    name: str
    chips: int


@dataclass(frozen=True)
class DealLine:
    player: int
    name: str
    chips: int
    chip_share: Fraction  # of all chips in the deal, 0 to 1
    exact: Fraction  # the method's amount in cents before rounding
    amount_cents: int


@dataclass(frozen=True)
class Deal:
    method: str
    prizes_cents: tuple[int, ...]  # places 1 to N in play, 1st first
    save_cents: int  # kept aside for the winner of the play that goes on
    lines: tuple[DealLine, ...]  # in the order the players were given

    @property
    def split_cents(self) -> int:
        return sum(line.amount_cents for line in self.lines)

    def to_dict(self) -> dict[str, Any]:
        return {
            "method": self.method,
            "prizes_cents": list(self.prizes_cents),
            "save_cents": self.save_cents,
            "lines": [
                {"player": ln.player, "name": ln.name, "chips": ln.chips,
                 "chip_percent": float(ln.chip_share * 100), "amount_cents": ln.amount_cents}
                for ln in self.lines
            ],
        }


# -- from the tournament ---------------------------------------------------------------------------
def deal_players(state: TournamentState) -> list[DealPlayer]:
    """The players still in, with the chips the engine knows: seated ones by table and seat, then the rest."""
    seated = [(t.number, seat, pid) for t in state.tables.values() for seat, pid in t.seats.items()]
    order = [pid for _, _, pid in sorted(seated)]
    placed = set(order)
    order += sorted(p.id for p in state.players.values() if p.live and p.id not in placed)
    return [DealPlayer(pid, state.players[pid].name, state.players[pid].stack)
            for pid in order if state.players[pid].live]


def prizes_in_play(state: TournamentState) -> list[int]:
    """The prizes of the places not decided yet (1st to the number of players left), 1st first.

    Places beyond the paid ones count as 0. Empty when there is no payout table or nobody is left.
    """
    if state.profile is None or state.ended:
        return []
    left = state.remaining()
    table = prize_table(state)
    return [table[i] if i < len(table) else 0 for i in range(left)]


def deal_for_state(
    state: TournamentState, chips: dict[int, int], method: str = ICM, save_cents: int = 0
) -> Deal:
    """The deal among every player still in, with ``chips`` (player id -> counted stack) for each."""
    live = {p.player: p for p in deal_players(state)}
    for pid in chips:
        if pid not in live:
            known = state.players.get(pid)
            if known is not None:
                raise RuleError(
                    "UNKNOWN_PLAYER",
                    _("Player #{pid} is already out; a deal is among the players still in.", pid=pid),
                    "ELIM-6",
                )
            raise RuleError("UNKNOWN_PLAYER", _("Player #{pid} is not in this tournament; a deal is among the players "
                                                "still in.", pid=pid), "ELIM-6")
    missing = [p.name for pid, p in live.items() if pid not in chips]
    if missing:
        names = ", ".join(missing)
        raise RuleError(
            "INVALID_INPUT", _("Every player still in takes part in the deal; no chips for {names}.", names=names)
        )
    players = [DealPlayer(pid, p.name, chips[pid]) for pid, p in live.items()]
    return calculate(players, prizes_in_play(state), method, save_cents)


# -- the calculation ----------------------------------------------------------------------------------
def calculate(players: Sequence[DealPlayer], prizes: Sequence[int], method: str = ICM, save_cents: int = 0) -> Deal:
    """The deal for ``players`` (in seat order) over ``prizes`` (cents, 1st first, at most one per player)."""
    if method not in METHODS:
        raise RuleError("INVALID_INPUT", _("The deal method is 'icm' or 'chip_chop', not {method!r}.", method=method))
    if len(players) < 2:
        raise RuleError("INVALID_INPUT", _("A deal needs at least 2 players still in."))
    for p in players:
        if isinstance(p.chips, bool) or not isinstance(p.chips, int) or p.chips <= 0:
            raise RuleError(
                "INVALID_INPUT",
                _("{name}'s chips must be a whole number above 0, not {chips!r}.", name=p.name, chips=p.chips),
            )
    if len({p.player for p in players}) != len(players):
        raise RuleError("INVALID_INPUT", _("A player is listed twice in the deal."))
    if len(prizes) > len(players):
        raise RuleError(
            "INVALID_INPUT",
            _("{n} prizes for {n2} players: one prize per place in play.", n=len(prizes), n2=len(players)),
        )
    table = [inputs.cents(c, _("Prize {place}", place=i + 1)) for i, c in enumerate(prizes)]
    table += [0] * (len(players) - len(table))
    save = inputs.cents(save_cents, _("The amount left to play for"))
    if save and save > table[0] - max(table[1:]):
        raise RuleError(
            "AMOUNT_INVALID", _("The amount left to play for may not make 1st pay less than 2nd."), "ELIM-6"
        )
    in_play = tuple(table)
    table[0] -= save
    stacks = [p.chips for p in players]
    if method == ICM:
        exact = icm_values(stacks, table)
    else:
        exact = chip_chop_values(stacks, table)
    amounts = split_cents(exact, stacks, sum(table))
    total = sum(stacks)
    lines = tuple(DealLine(p.player, p.name, p.chips, Fraction(p.chips, total), e, a)
                  for p, e, a in zip(players, exact, amounts))
    return Deal(method, in_play, save, lines)


def chip_chop_values(stacks: Sequence[int], prizes: Sequence[int]) -> list[Fraction]:
    """Smallest prize to each, the rest shared by chips."""
    floor = min(prizes) if len(prizes) == len(stacks) else 0  # a place not listed pays 0
    rest = sum(prizes) - floor * len(stacks)
    total = sum(stacks)
    return [floor + Fraction(rest * s, total) for s in stacks]


def icm_values(stacks: Sequence[int], prizes: Sequence[int]) -> list[Fraction]:
    """Malmuth-Harville expected prizes, exact, over the subsets of players already placed."""
    n = len(stacks)
    if n > ICM_LIMIT:
        raise RuleError(
            "INVALID_INPUT",
            _("ICM is computed for {ICM_LIMIT} players or fewer; use chip chop for {n}.", ICM_LIMIT=ICM_LIMIT, n=n),
        )
    table = list(prizes) + [0] * (n - len(prizes))
    paid = max((i + 1 for i, c in enumerate(table) if c), default=0)
    total = sum(stacks)
    ev = [Fraction(0)] * n
    reach: dict[int, Fraction] = {0: Fraction(1)}  # placed set (bits) -> chance those took the top places
    for mask in range(1 << n):  # a set always comes before the sets that contain it
        chance = reach.pop(mask, None)
        if chance is None:
            continue
        place = mask.bit_count()
        if place >= paid:  # every place from here on pays nothing
            continue
        left = total - sum(stacks[i] for i in range(n) if mask >> i & 1)
        for i in range(n):
            if mask >> i & 1:
                continue
            p = chance * Fraction(stacks[i], left)
            ev[i] += p * table[place]
            nxt = mask | 1 << i
            reach[nxt] = reach.get(nxt, Fraction(0)) + p
    return ev


def split_cents(exact: Sequence[Fraction], stacks: Sequence[int], total: int) -> list[int]:
    """Whole cents adding up to ``total``: round down, then one cent each to the largest remainders
    (equal remainders: bigger stack first, then the player listed first)."""
    amounts = [int(e) for e in exact]  # exact amounts are never negative: int() rounds down
    left = total - sum(amounts)
    order = sorted(range(len(exact)), key=lambda i: (-(exact[i] - amounts[i]), -stacks[i], i))
    for i in order[:left]:
        amounts[i] += 1
    return amounts


# -- the recorded deal (PAY-11) --------------------------------------------------------------------------
def _by_player(ctx: Context, given: dict[str, int] | None, what: str) -> dict[int, int]:
    if not given:
        raise RuleError("INVALID_INPUT", _("'{what}' is an object of player: whole number.", what=what))
    out: dict[int, int] = {}
    for ref, value in given.items():
        p = inputs.player(ctx.state, int(ref) if ref.isdigit() else ref)
        if p.id in out:
            raise RuleError("INVALID_INPUT", _("{name} is named twice in '{what}'.", name=p.name, what=what))
        out[p.id] = (
            inputs.cents(value, _("{name}'s {field}", name=p.name, field=what))
            if what == "amounts_cents"
            else inputs.whole(value, _("{name}'s chips", name=p.name), minimum=1)
        )
    return out


@command
def record_deal(ctx: Context, cmd: RecordDeal) -> None:
    """Record the deal the players still in agreed: it replaces the prizes of the places in play (PAY-11)."""
    state = ctx.state
    if not has_payout_table(state):
        raise RuleError("NOT_OFFERED", _("This tournament has no payout table, so there is no deal to make."), "PAY-11")
    if is_satellite(state):
        raise RuleError(
            "NOT_OFFERED",
            _(
                "A satellite pays seats, not a share of cash: there is no deal to record; award the seats when the "
                "players left fit into them (award_seats)."
            ),
            "SAT-3",
        )
    if state.deal is not None:
        raise RuleError("INVALID_INPUT", _("A deal is already recorded; undo it to record another."), "PAY-11")
    if not state.clock.get("started"):
        raise RuleError("INVALID_INPUT", _("Play has not begun: a deal is made by the players still in, during play."),
                        "PAY-11")
    if late_registration_open(state, ctx.now):
        raise RuleError(
            "INVALID_INPUT",
            _("Entries can still arrive: close late registration (close_registration) before recording a deal."),
            "PAY-11",
        )
    unseated = [p.name for p in state.players.values() if p.live and p.entries and p.status != SEATED]
    if unseated:
        raise RuleError(
            "INVALID_INPUT",
            ngettext(
                "{names} paid and waits for a seat: seat or refund the waiting entrants before recording a deal.",
                "{names} paid and wait for a seat: seat or refund the waiting entrants before recording a deal.",
                len(unseated),
                names=", ".join(unseated),
            ),
            "PAY-11",
        )
    method = cmd.method
    if method not in (*METHODS, AMOUNTS):
        raise RuleError(
            "INVALID_INPUT", _("The deal method is icm, chip_chop or amounts, not {method!r}.", method=method), "PAY-11"
        )
    live = deal_players(state)
    if len(live) < 2:
        raise RuleError("INVALID_INPUT", _("A deal needs at least 2 players still in."), "PAY-11")
    if cmd.players is not None:
        named = {inputs.player(state, ref).id for ref in cmd.players}
        if named != {p.player for p in live}:
            missing = ", ".join(p.name for p in live if p.player not in named) or _("none")
            raise RuleError(
                "INVALID_INPUT",
                _(
                    "Every player still in takes part in the deal (and only they); not named: {missing}.",
                    missing=missing,
                ),
                "PAY-11",
            )
    save = inputs.cents(cmd.save_cents, _("The amount left to play for"))
    chips = _by_player(ctx, cmd.chips, "chips") if cmd.chips is not None else {p.player: p.chips for p in live}
    prizes = prizes_in_play(state)
    if method == AMOUNTS:
        amounts = _by_player(ctx, cmd.amounts_cents, "amounts_cents")
        absent = [p.name for p in live if p.player not in amounts]
        extra = [state.players[pid].name for pid in amounts if pid not in {p.player for p in live}]
        if absent or extra:
            if absent and extra:
                words = _("The amounts name every player still in, and only them; missing: {missing}; not in: {extra}.",
                          missing=", ".join(absent), extra=", ".join(extra))
            elif absent:
                words = _("The amounts name every player still in, and only them; missing: {missing}.",
                          missing=", ".join(absent))
            else:
                words = _("The amounts name every player still in, and only them; not in: {extra}.",
                          extra=", ".join(extra))
            raise RuleError("INVALID_INPUT", words, "PAY-11")
        if save and save > prizes[0] - max(prizes[1:], default=0):
            raise RuleError("AMOUNT_INVALID", _("The amount left to play for may not make 1st pay less than 2nd."),
                            "PAY-11")
        if sum(amounts.values()) + save != sum(prizes):
            cur = str(ctx.profile["money.currency"])
            raise RuleError(
                "AMOUNT_INVALID",
                _(
                    "The amounts and the amount left to play for come to {amount}; the prizes in play are {amount2}.",
                    amount=money(sum(amounts.values()) + save, cur),
                    amount2=money(sum(prizes), cur),
                ),
                "PAY-11",
            )
        lines = [DealLineRecord(player=p.player, chips=chips.get(p.player, p.chips), amount_cents=amounts[p.player])
                 for p in live]
    else:
        deal = deal_for_state(state, chips, method, save)
        lines = [DealLineRecord(player=ln.player, chips=ln.chips, amount_cents=ln.amount_cents) for ln in deal.lines]
    ctx.emit(DealRecorded(method=method, lines=lines, save_cents=save, prizes_cents=prizes))


@applies
def _deal_recorded(state: TournamentState, ev: DealRecorded) -> None:
    # ``after_batches``: the bust batches before the deal. A deal is made between hands, so a bust
    # recorded after it is of a later hand and never joins a hand-for-hand round's batch from before it.
    state.deal = {"method": ev.method,
                  "lines": [{"player": ln.player, "chips": ln.chips, "amount_cents": ln.amount_cents}
                            for ln in ev.lines],
                  "save_cents": ev.save_cents, "prizes_cents": list(ev.prizes_cents), "at": ev.at,
                  "after_batches": len(state.batches)}
