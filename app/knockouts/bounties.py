"""Knockouts and bounties (KO-1 to KO-8).

A bust records who eliminated whom (KO-1): ``eliminated_by`` on the ``bust`` command, one player or
several when the pot was split. Where money rides on the answer (a bounty tournament, or a house bounty
on the busted player) and the director did not say, the engine asks rather than guesses.

Money: the bounty part of each buy-in and re-entry (``bounty.amount_cents``) goes on that entry's head and
into the bounty pool, never into the prize pool (KO-2, :func:`app.entries.ledger.bounty_part`). When
the player is knocked out, his bounty is shared by the eliminators (KO-4) and paid in cash (fixed,
KO-2), or part in cash and the rest on the eliminator's own head (progressive, KO-3). A bounty nobody
won (no eliminator named, or the player left play another way) waits for the winner, who also takes
his own bounty (KO-7, KO-8). House bounties on named players (KO-5) are paid by the house, on top.
``correct_eliminator`` moves a knockout's money to the right players (KO-6).

Every amount is worked out by the command and stored in its event, so a replay never recomputes
money. The bounty pool always equals the bounties on players' heads, plus the bounties paid, plus the
bounties waiting for the winner (:func:`bounty_problems`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import msgspec

from app.buttons.blinds import seat_order_from_button
from app.commands import PlayerRef
from app.commands.eliminations import Bust
from app.commands.knockouts import CorrectEliminator, SetHouseBounty
from app.core import inputs
from app.core.registry import applies, command
from app.core.state import REGISTERED, SEATED, WAITING, Player, TournamentState
from app.errors import Choice, Question, RuleError
from app.events.knockouts import (
    BountyToWinner,
    EliminatorCorrected,
    HouseBountySet,
    Knockout,
    KnockoutLine,
    KnockoutRecord,
)
from app.format import money as fmt_money
from app.i18n import _
from app.names import name_key

if TYPE_CHECKING:
    from app.core.context import Context

FIELD = "eliminated_by"
# What ``eliminated_by`` names: one player, a list (a split pot), or busted player -> eliminators.
Named = PlayerRef | list[PlayerRef] | dict[PlayerRef, list[PlayerRef]]


# -- what rides on a bust ---------------------------------------------------------------------------------
def bounties_on(state: TournamentState) -> bool:
    assert state.profile is not None
    return str(state.profile["bounty.kind"]) != "none"


def house_bounty(state: TournamentState, p: Player) -> int:
    """KO-5: the house's bounty on ``p``: the director's (``set_house_bounty``), else the profile's by name."""
    if p.id in state.house_bounties:
        return state.house_bounties[p.id]
    assert state.profile is not None
    named = state.profile["bounty.house"] or {}
    key = name_key(p.name)
    for name, cents in named.items():
        if name_key(str(name)) == key:
            return int(cents)
    return 0


def money_rides(state: TournamentState, p: Player) -> bool:
    """Whether the eliminator of ``p`` decides where money goes (so the engine must ask, not guess)."""
    return (bounties_on(state) and p.bounty_cents > 0) or house_bounty(state, p) > 0


def _money(state: TournamentState, cents: int) -> str:
    assert state.profile is not None
    return fmt_money(cents, str(state.profile["money.currency"]))


# -- who knocked whom out (KO-1) --------------------------------------------------------------------------
def _refs(value: PlayerRef | list[PlayerRef] | None) -> list[PlayerRef]:
    if value is None:
        return []
    if isinstance(value, list):
        return value
    return [value]


def eliminators(ctx: Context, cmd: Bust, players: list[Player]) -> dict[int, list[int]]:
    """KO-1: the eliminators of each busted player, checked; asks (NEEDS_INPUT) where money rides on it.

    ``eliminated_by``: one player, a list (the pot was split; the same players knocked out everyone
    named in the bust), or an object busted player -> eliminator(s). An empty list: nobody known.
    """
    state = ctx.state
    given = cmd.eliminated_by
    busted = {p.id for p in players}
    named: dict[int, list[PlayerRef]] = {}
    if isinstance(given, dict):
        for ref, who in given.items():
            p = inputs.player(state, ref)
            if p.id not in busted:
                raise RuleError("INVALID_INPUT", _("{name} is not one of the players busting.", name=p.name), "KO-1")
            named[p.id] = _refs(who)
    elif given is not None:
        for p in players:
            named[p.id] = _refs(given)
    missing = [p for p in players if p.id not in named and money_rides(state, p)]
    if missing:
        raise _ask(ctx, players, missing[0], given)
    out: dict[int, list[int]] = {}
    for p in players:
        if p.id not in named:
            continue
        ids: list[int] = []
        for ref in named[p.id]:
            e = inputs.player(state, ref)
            if e.id == p.id:
                raise RuleError("INVALID_INPUT", _("{name} cannot knock themselves out.", name=p.name), "KO-1")
            if e.id in busted:
                raise RuleError(
                    "INVALID_INPUT",
                    _("{e} busts in the same hand and cannot knock out {name}.", e=e.name, name=p.name),
                    "KO-1",
                )
            if not e.live or e.deciding or not e.entries:
                raise RuleError(
                    "PLAYER_ELIMINATED",
                    _("{e} holds no chips and cannot knock out {name}.", e=e.name, name=p.name),
                    "KO-1",
                )
            if e.status != SEATED:
                raise RuleError(
                    "INVALID_INPUT",
                    _("{e} has no seat in play and cannot knock out {name}.", e=e.name, name=p.name),
                    "KO-1",
                )
            if p.table is not None and e.table != p.table:
                if e.table is None:
                    raise RuleError("INVALID_INPUT", _("{other} plays at no table, not at table {table} where {name} "
                                                       "busted.", other=e.name, table=p.table, name=p.name), "KO-1")
                raise RuleError("INVALID_INPUT", _("{other} plays at table {at}, not at table {table} where {name} "
                                                   "busted.", other=e.name, at=e.table, table=p.table, name=p.name),
                                "KO-1")
            if e.id in ids:
                raise RuleError(
                    "INVALID_INPUT", _("{e} is named twice as {name}'s eliminator.", e=e.name, name=p.name), "KO-1"
                )
            ids.append(e.id)
        if not ids and money_rides(state, p) and not ctx.profile["bounty.unknown_allowed"]:
            raise RuleError(
                "INVALID_INPUT",
                _(
                    "Name who knocked out {name}: in this tournament every bust has an eliminator "
                    "(bounty.unknown_allowed is off).",
                    name=p.name,
                ),
                "KO-1",
            )
        out[p.id] = ids
    return out


def candidates(state: TournamentState, p: Player, busted: set[int]) -> list[Player]:
    """Who may have knocked ``p`` out: the players with chips at his table, clockwise from the button."""
    table = state.tables.get(p.table) if p.table is not None else None
    if table is None:
        others = [q for q in state.players.values() if q.live and not q.deciding and q.entries]
    else:
        order = seat_order_from_button(table)
        others = [state.players[table.seats[s]] for s in order if s in table.seats]
    return [q for q in others if q.id not in busted and not q.deciding]


def _ask(ctx: Context, players: list[Player], p: Player, given: Named | None) -> RuleError:
    """KO-1: ask who knocked ``p`` out. One choice per player at his table (the answer fills
    ``eliminated_by``), and "nobody" where the profile allows a bust without an eliminator."""
    state = ctx.state
    busted = {q.id for q in players}
    bounty = _money(state, p.bounty_cents) if bounties_on(state) and p.bounty_cents else None
    house = _money(state, house_bounty(state, p)) if house_bounty(state, p) else None
    whom = p.name if len(players) == 1 or isinstance(given, dict) else _(" and ").join(q.name for q in players)
    if bounty and house:
        text = _(
            "Who knocked out {whom}? The bounty of {bounty} and the house bounty of {house} goes to the player "
            "who won the pot (several if the pot was split: name them all).",
            whom=whom,
            bounty=bounty,
            house=house,
        )
    elif bounty:
        text = _("Who knocked out {whom}? The bounty of {bounty} goes to the player who won the pot (several if the "
                 "pot was split: name them all).", whom=whom, bounty=bounty)
    elif house:
        text = _("Who knocked out {whom}? The house bounty of {house} goes to the player who won the pot (several if "
                 "the pot was split: name them all).", whom=whom, house=house)
    else:
        text = _("Who knocked out {whom}? The bounty goes to the player who won the pot (several if the pot was "
                 "split: name them all).", whom=whom)
    per_player = isinstance(given, dict) or len({q.table for q in players}) > 1

    def value(ids: list[int]) -> Any:
        if not per_player:
            return ids
        base = dict(given) if isinstance(given, dict) else {}
        return {**base, p.name: ids}

    choices = [
        Choice(
            _("{name} (seat {seat})", name=q.name, seat=q.seat) if q.seat is not None else q.name, value=value([q.id])
        )
        for q in candidates(state, p, busted)
    ]
    if ctx.profile["bounty.unknown_allowed"]:
        choices.append(Choice(_("Nobody / not known (the bounty goes to the winner)"), value=value([])))
    question = Question(text, FIELD, "choice", tuple(choices))
    return RuleError("NEEDS_INPUT", text, "KO-1", question=question)


# -- the money of one knockout (KO-2 to KO-5) ---------------------------------------------------------------
def clockwise(state: TournamentState, table_no: int | None, pids: list[int]) -> list[int]:
    """PAY-4's order: clockwise from the first seat left of the button (as named without a table)."""
    table = state.tables.get(table_no) if table_no is not None else None
    if table is None:
        return list(pids)
    rank = {seat: i for i, seat in enumerate(seat_order_from_button(table))}
    return sorted(pids, key=lambda pid: rank.get(state.players[pid].seat or 0, len(rank)))


def shares(total: int, order: list[int], split: str) -> dict[int, int]:
    """KO-4: ``total`` cents shared by the eliminators in ``order``: equally, the odd cents one each from
    the first (PAY-4), or all to the first named (``first_named``)."""
    if not order:
        return {}
    if split == "first_named":
        return {pid: (total if i == 0 else 0) for i, pid in enumerate(order)}
    each, odd = divmod(total, len(order))
    return {pid: each + (1 if i < odd else 0) for i, pid in enumerate(order)}


def knockout_record(state: TournamentState, p: Player, by: list[int], table_no: int | None) -> KnockoutRecord:
    """The money of ``p``'s knockout by ``by`` (ids, as named): who takes what, in cents."""
    assert state.profile is not None
    prof = state.profile
    bounty = p.bounty_cents if bounties_on(state) else 0
    house = house_bounty(state, p)
    split = str(prof["bounty.split"])
    order = list(by) if split == "first_named" else clockwise(state, table_no, by)
    won = shares(bounty, order, split)
    paid_by_house = shares(house, order, split)
    progressive = prof["bounty.kind"] == "progressive"
    pct = int(prof["bounty.cash_percent"])
    lines = []
    for pid in order:
        share = won[pid]
        cash = share * pct // 100 if progressive else share  # KO-3: the odd cent stays on the winner's head
        lines.append(KnockoutLine(player=pid, cash=cash, added=share - cash, house=paid_by_house[pid]))
    return KnockoutRecord(player=p.id, by=list(by), bounty=bounty, house_bounty=house, lines=lines,
                          unclaimed=bounty if not by else 0, table=table_no)


def knockout_records(ctx: Context, players: list[Player], named: dict[int, list[int]]) -> list[KnockoutRecord]:
    """The knockouts of one bust, worked out before the players leave their seats (the button's order)."""
    records = []
    for p in players:
        if p.id in named or money_rides(ctx.state, p):
            records.append(knockout_record(ctx.state, p, named.get(p.id, []), p.table))
    return records


def emit_knockouts(ctx: Context, records: list[KnockoutRecord], out: set[int]) -> None:
    """After the bust: a knockout for each busted player who is out (a rebuy keeps his bounty, KO-2);
    a house bounty is paid for every bust (KO-5)."""
    for rec in records:
        if rec.player not in out:
            rec = msgspec.structs.replace(
                rec, bounty=0, unclaimed=0,
                lines=[msgspec.structs.replace(ln, cash=0, added=0) for ln in rec.lines],
            )
            if not rec.house_bounty and not rec.by:
                continue
        ctx.emit(Knockout.of(rec))


def _apply(state: TournamentState, rec: KnockoutRecord, sign: int) -> None:
    """Fold a knockout's money into the state (``sign`` -1 takes it back, for a correction)."""
    p = state.players[rec.player]
    p.bounty_cents -= sign * rec.bounty
    state.bounty_unclaimed_cents += sign * rec.unclaimed
    for ln in rec.lines:
        e = state.players[ln.player]
        cash, added, house = ln.cash, ln.added, ln.house
        e.bounties_won_cents += sign * (cash + house)
        e.bounty_cents += sign * added
        e.knockouts += sign
        state.bounties_paid_cents += sign * cash
        state.house_bounties_paid_cents += sign * house


def _logged(rec: KnockoutRecord, at: float) -> dict[str, Any]:
    """A knockout as the state's knockout log keeps it (plain JSON values, with its time)."""
    out: dict[str, Any] = msgspec.to_builtins(rec)
    out["at"] = at
    return out


@applies
def _knockout(state: TournamentState, ev: Knockout) -> None:
    rec = ev.record()
    _apply(state, rec, 1)
    state.knockout_log.append(_logged(rec, ev.at))


# -- the winner (KO-7, KO-8) -------------------------------------------------------------------------------
def pay_winner(ctx: Context, winner: Player) -> None:
    """KO-7: the winner takes his own bounty; KO-8: and every bounty nobody won (no eliminator named, or
    a player who left play by a forfeit, a no-show or a chip race)."""
    state = ctx.state
    if not bounties_on(state):
        return
    left = {q.id: q.bounty_cents for q in state.players.values()
            if q.id != winner.id and q.bounty_cents and not q.live}
    own = winner.bounty_cents
    unclaimed = state.bounty_unclaimed_cents
    if own or left or unclaimed:
        ctx.emit(BountyToWinner(player=winner.id, own=own, left=left, unclaimed=unclaimed))


@applies
def _to_winner(state: TournamentState, ev: BountyToWinner) -> None:
    w = state.players[ev.player]
    own, unclaimed = ev.own, ev.unclaimed
    left = ev.left
    w.bounty_cents -= own
    for pid, cents in left.items():
        state.players[pid].bounty_cents -= cents
    state.bounty_unclaimed_cents -= unclaimed
    total = own + unclaimed + sum(left.values())
    w.bounties_won_cents += total
    state.bounties_paid_cents += total
    state.extra["bounty_to_winner"] = {"player": w.id, "own": own, "others": total - own}


# -- corrections (KO-6) ----------------------------------------------------------------------------------
def _latest_knockout(state: TournamentState, p: Player) -> int:
    for i in range(len(state.knockout_log) - 1, -1, -1):
        if int(state.knockout_log[i]["player"]) == p.id:
            return i
    raise RuleError("INVALID_INPUT", _("No knockout of {name} is recorded: enter the bust first.", name=p.name), "KO-6")


@command
def correct_eliminator(ctx: Context, cmd: CorrectEliminator) -> None:
    """KO-6: a knockout was entered with the wrong eliminator(s): its bounty moves to the right ones."""
    state = ctx.state
    p = inputs.player(state, cmd.player)
    index = _latest_knockout(state, p)
    old = msgspec.convert(state.knockout_log[index], KnockoutRecord)
    refs = cmd.eliminated_by
    if "bounty_to_winner" in state.extra and (old.bounty or old.unclaimed):
        raise RuleError(
            "WINDOW_CLOSED",
            _("The tournament is over and the bounties are paid: undo the last bust to correct a knockout."),
            "KO-6",
        )
    new_by: list[int] = []
    for ref in refs:
        e = inputs.player(state, ref)
        if e.id == p.id:
            raise RuleError("INVALID_INPUT", _("{name} cannot knock themselves out.", name=p.name), "KO-6")
        if e.id in new_by:
            raise RuleError("INVALID_INPUT", _("{e} is named twice.", e=e.name), "KO-6")
        if not e.entries or e.status in (REGISTERED, WAITING):
            raise RuleError(
                "INVALID_INPUT",
                _("{e} has not played yet and cannot have knocked out {name}.", e=e.name, name=p.name),
                "KO-6",
            )
        new_by.append(e.id)
    if sorted(new_by) == sorted(old.by):
        raise RuleError("INVALID_INPUT", _("Those are the eliminators already recorded."), "KO-6")
    if not new_by and old.bounty and not ctx.profile["bounty.unknown_allowed"]:
        raise RuleError(
            "INVALID_INPUT", _("Name who knocked out {name}: every bust has an eliminator here.", name=p.name), "KO-6"
        )
    progressive = ctx.profile["bounty.kind"] == "progressive"
    later = {int(r["player"]) for r in state.knockout_log[index + 1:]}
    for ln in old.lines:  # what a wrongly named player took must still be on his head to move back
        e = state.players[ln.player]
        if ln.added and (not e.live or e.id in later or e.bounty_cents < ln.added):
            raise RuleError(
                "WINDOW_CLOSED",
                _(
                    "{e}'s bounty, with the part added by this knockout, was won since: undo back to that bust "
                    "instead.",
                    e=e.name,
                ),
                "KO-6",
            )
    for pid in new_by:
        e = state.players[pid]
        if progressive and old.bounty and not e.live:
            raise RuleError(
                "PLAYER_ELIMINATED",
                _(
                    "{e} is out: part of a progressive bounty would go on their head; undo back to that bust instead.",
                    e=e.name,
                ),
                "KO-6",
            )
    table = None
    batch = state.batches[p.bust_batch] if p.bust_batch is not None and p.bust_batch < len(state.batches) else None
    if batch is not None and p.id in batch.seats:
        table = int(batch.seats[p.id][0])
    # The same money as the bust worked out, with the bounty as it was then.
    saved = p.bounty_cents
    p.bounty_cents = old.bounty
    try:
        new = knockout_record(state, p, new_by, table)
    finally:
        p.bounty_cents = saved
    new = _with_house(new, old.house_bounty, str(ctx.profile["bounty.split"]))
    ctx.emit(EliminatorCorrected(index=index, old=old, new=new))


def _with_house(rec: KnockoutRecord, house: int, split: str) -> KnockoutRecord:
    """The house bounty as it was at the bust, shared by the eliminators now named."""
    paid = shares(house, [ln.player for ln in rec.lines], split)
    lines = [msgspec.structs.replace(ln, house=paid[ln.player]) for ln in rec.lines]
    return msgspec.structs.replace(rec, house_bounty=house, lines=lines)


@applies
def _corrected(state: TournamentState, ev: EliminatorCorrected) -> None:
    _apply(state, ev.old, -1)
    _apply(state, ev.new, 1)
    state.knockout_log[ev.index] = {**_logged(ev.new, state.knockout_log[ev.index]["at"]), "corrected": True}


# -- house bounties (KO-5) -------------------------------------------------------------------------------
@command
def set_house_bounty(ctx: Context, cmd: SetHouseBounty) -> None:
    """KO-5: the house puts a bounty on a player (0 takes it off), paid to whoever knocks him out."""
    p = inputs.live(inputs.player(ctx.state, cmd.player))
    cents = inputs.cents(cmd.amount_cents, _("The house bounty"))
    if cents == house_bounty(ctx.state, p):
        raise RuleError(
            "INVALID_INPUT",
            _("The house bounty on {name} is already {state}.", name=p.name, state=_money(ctx.state, cents)),
            "KO-5",
        )
    ctx.emit(HouseBountySet(player=p.id, cents=cents))


@applies
def _house_set(state: TournamentState, ev: HouseBountySet) -> None:
    state.house_bounties[ev.player] = ev.cents


# -- the books (KO-2) ------------------------------------------------------------------------------------
def money_taken(state: TournamentState) -> int:
    """Everything the players paid, less what was paid back."""
    return sum(p.paid_cents for p in state.players.values()) - state.refunds_cents


def bounty_problems(state: TournamentState) -> list[str]:
    """The prize pool, the bounty pool and the fees add up to the money taken, to the cent; the bounty
    pool is on heads, paid, or waiting for the winner; a finished tournament has paid every bounty."""
    problems = []
    kept = state.pool_cents + state.bounty_pool_cents + state.fees_cents + state.forfeit_fees_cents
    taken = money_taken(state)
    if kept != taken:
        problems.append(f"prize pool + bounty pool + fees = {kept} cents, but {taken} cents were taken")
    heads = sum(p.bounty_cents for p in state.players.values())
    if heads + state.bounties_paid_cents + state.bounty_unclaimed_cents != state.bounty_pool_cents:
        problems.append(
            f"bounties on heads {heads} + paid {state.bounties_paid_cents} + unclaimed "
            f"{state.bounty_unclaimed_cents} cents != the bounty pool {state.bounty_pool_cents}"
        )
    if any(p.bounty_cents < 0 for p in state.players.values()):
        problems.append("a player has a bounty below 0")
    if state.ended and bounties_on(state) and state.bounties_paid_cents != state.bounty_pool_cents:
        problems.append(f"the tournament is over but {state.bounty_pool_cents - state.bounties_paid_cents} cents "
                        "of bounties are unpaid")
    return problems
