"""Money and chip bookkeeping shared by the entries, eliminations and absence areas.

Every purchase (entry, re-entry, rebuy, add-on, top-up) is one ``chips_bought`` event: it adds the
price to the prize pool, the house fee to the fees, the chips to the player's stack and to the chips
issued, and a row to the money log. Refunds and fees that are not prize money (ENT-2) have their own
rows, so the log always adds up to the pool, the fees and the refunds to the cent.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from app.chips import loose
from app.chips.stacks import note_counted
from app.core.inputs import cents, whole
from app.core.registry import applies
from app.core.state import OUT, REGISTERED, Player, TournamentState
from app.errors import RuleError
from app.events.entries import ChipsBought, PurchaseKind
from app.format import USD
from app.format import money as fmt_money
from app.i18n import N_, _
from app.levels.timeline import current_level, in_break, late_registration_open
from app.places import leave_batch, renumber

if TYPE_CHECKING:
    from app.core.context import Context


def has_started(state: TournamentState) -> bool:
    """Play has begun: the clock has first run (section 20.6; :attr:`TournamentState.started`)."""
    return state.started


def level_now(ctx: Context) -> int:
    return current_level(ctx.state, ctx.now)


def late_entry_open(ctx: Context) -> bool:
    """REG-3, REG-4: late registration is open now (the clock's one rule, also shown by the clock view)."""
    return late_registration_open(ctx.state, ctx.now)


def on_break(ctx: Context) -> bool:
    return in_break(ctx.state, ctx.now)


# Each purchase's amount, and its refusal when the amount is not the price (whole sentences, per purchase).
AMOUNT_WORDS = {"rebuy": N_("The rebuy amount"), "add-on": N_("The add-on amount"), "top-up": N_("The top-up amount")}
PRICE_WORDS = {
    "rebuy": N_("A rebuy costs exactly {price}, not {given}."),
    "add-on": N_("An add-on costs exactly {price}, not {given}."),
    "top-up": N_("A top-up costs exactly {price}, not {given}."),
}


def paid_amount(given: int | None, price: int, what: str, rule: str, ctx: Context | None = None) -> int:
    """The amount the director took (``given``): optional in the command, but it must be exactly the price."""
    if given is None:
        return price
    amount = cents(given, _(AMOUNT_WORDS[what]))
    if amount != price:
        raise RuleError(
            "AMOUNT_INVALID", _(PRICE_WORDS[what], price=money_text(price, ctx), given=money_text(amount, ctx)), rule
        )
    return amount


def money_text(c: int, ctx: Context | None = None) -> str:
    """An amount in refusals' words, in the tournament's currency (``app.format.money``)."""
    return fmt_money(c, str(ctx.profile["money.currency"]) if ctx is not None else USD)


def check_hand_purchase(ctx: Context, p: Player, amount: int) -> None:
    """ENT-9: purchases between two hands add up; their total may not exceed the per-hand maximum."""
    cap = ctx.profile["purchase.max_per_hand_cents"]
    if cap is None:
        return
    already = p.hand_purchase_cents if p.hand_purchase_mark == _hands_at_table(ctx.state, p) else 0
    if already + amount > cap:
        raise RuleError(
            "PURCHASE_ABOVE_PER_HAND_MAX",
            _(
                "{name} may buy at most {cap} for one hand; {already} already bought, {amount} more asked.",
                name=p.name,
                cap=money_text(cap, ctx),
                already=money_text(already, ctx),
                amount=money_text(amount, ctx),
            ),
            "ENT-9",
        )


def _hands_at_table(state: TournamentState, p: Player) -> int:
    table = state.tables.get(p.table) if p.table is not None else None
    return table.hands if table is not None else 0


def log_money(
    state: TournamentState, at: float, kind: str, player: int | None, cents_: int, to: str,
    split: dict[str, int] | None = None, seat: str = "",
) -> None:
    """One row of the money log; ``to`` is pool, bounty, fee, forfeit_fee or refund (negative: money out); a fee
    row carries its ``split`` by fee type (house, dealer, staff); ``seat``: the satellite whose seat paid it
    (FLT-9), not cash."""
    row: dict[str, Any] = {"at": at, "kind": kind, "player": player, "cents": cents_, "to": to}
    if split:
        row["split"] = dict(split)
    if seat:
        row["seat"] = seat
    state.money_log.append(row)


FEE_KEY = {"entry": "buy_in"}  # the purchase kinds as money.fees names them


def fees_for(profile: Any, kind: str) -> dict[str, int]:
    """ENT-11: the fees (house, dealer, staff -> cents) taken on top of the price of one ``kind`` of purchase.

    ``money.fees`` names them per purchase (buy_in, reentry, rebuy, addon, topup); a re-entry not named
    pays the buy-in's fees. ``money.fee_cents`` is the buy-in's (and re-entry's) house fee unless
    ``money.fees`` names one. Chips bought from the dealer (ENT-9) pay none.
    """
    table = profile["money.fees"] or {}
    split: dict[str, int] = {}
    if kind in ("entry", "reentry") and int(profile["money.fee_cents"]):
        split["house"] = int(profile["money.fee_cents"])
    key = FEE_KEY.get(kind, kind)
    named = table.get(key)
    if named is None and kind == "reentry":
        named = table.get("buy_in")
    for name, amount in (named or {}).items():
        split[name] = int(amount)
    return {k: v for k, v in split.items() if v}


@applies
def _chips_bought(state: TournamentState, ev: ChipsBought) -> None:
    p = state.players[ev.player]
    kind = ev.kind
    price, fee, chips = ev.cents, ev.fee_cents, ev.chips
    split = dict(ev.fees or ({"house": fee} if fee else {}))
    if kind in ("entry", "reentry"):
        if p.entries == 0:
            state.entrants += 1
        if p.entries == 0 or p.status == OUT:
            state.in_field += 1  # a player who forfeited his stack to re-enter never left the field
        if kind == "reentry":
            p.reentries += 1
        p.entries += 1
        if p.status == OUT:
            leave_batch(state, p)
            p.status = REGISTERED
            p.place, p.tied, p.out_at, p.out_reason = None, 1, None, None
        if state.batches:
            renumber(state, 0)  # N changed, so every provisional place moves (ELIM-2)
    elif kind == "rebuy":
        p.rebuys += 1
    elif kind == "addon":
        p.addons += 1
    elif kind == "topup":
        p.topups += 1
    if kind == "rebuy" and p.deciding:
        leave_batch(state, p)  # he was pending in the batch of the hand he lost; he stays in the field
    if kind in ("rebuy", "reentry"):
        if p.deciding:
            state.deciding_count -= 1
        p.deciding = False
        p.busted_level = None
    if ev.stack_before is not None:
        restack(state, p, ev.stack_before)
    p.stack += chips
    if ev.stack_before is not None or kind in ("entry", "reentry", "rebuy"):
        note_counted(state, p, ev.at)  # a fresh stack, or the counted one plus the chips bought
    p.paid_cents += price + fee
    state.chips_issued += chips
    bounty = ev.bounty_cents  # KO-2: the bounty part of an entry is kept apart from the pool
    state.pool_cents += price - bounty
    if bounty:
        state.bounty_pool_cents += bounty
        p.bounty_cents += bounty
    state.fees_cents += fee
    for name, cents_ in split.items():
        state.fees_by_type[name] = state.fees_by_type.get(name, 0) + cents_
        p.fees_paid[name] = p.fees_paid.get(name, 0) + cents_
    state.money_counts[kind] = state.money_counts.get(kind, 0) + 1
    if kind not in ("entry", "reentry"):  # ENT-9 caps what is bought from the dealer, not the entry
        mark = ev.hand_mark
        if p.hand_purchase_mark != mark:
            p.hand_purchase_mark, p.hand_purchase_cents = mark, 0
        p.hand_purchase_cents += price
    seat = ev.paid_by  # FLT-9: a satellite's seat paid it; the money trail says so, not cash
    log_money(state, ev.at, kind, p.id, price - bounty, "pool", seat=seat)
    if bounty:
        log_money(state, ev.at, kind + "_bounty", p.id, bounty, "bounty", seat=seat)
    if fee:
        log_money(state, ev.at, kind + "_fee", p.id, fee, "fee", split, seat=seat)


def emit_purchase(
    ctx: Context, p: Player, kind: PurchaseKind, price: int, chips: int, stack_before: int | None = None,
    paid_by: str = "",
) -> None:
    """One purchase: the price to the pool, and the profile's fees for this kind (ENT-11) kept apart."""
    fees = fees_for(ctx.profile, kind)
    ctx.emit(ChipsBought(
        player=p.id,
        kind=kind,
        cents=price,
        fee_cents=sum(fees.values()),
        fees=fees,
        chips=chips,
        hand_mark=_hands_at_table(ctx.state, p),
        stack_before=stack_before,
        bounty_cents=bounty_part(ctx.profile, kind, price),
        paid_by=paid_by,
    ))


def bounty_part(profile: Any, kind: str, price: int) -> int:
    """KO-2: the part of a buy-in or re-entry's price that is the bounty on that entry (0 without bounties)."""
    if kind not in ("entry", "reentry") or profile["bounty.kind"] == "none":
        return 0
    return min(price, int(profile["bounty.amount_cents"]))


def restack(state: TournamentState, p: Player, counted: int) -> None:
    """Set a player's stack to what the director counted. The difference comes from (or goes to) the
    loose chips that may be at his table: chips won from busted players are in play but nobody's counted
    stack (app.chips.loose)."""
    loose.take_for(state, p.table if p.table is not None else loose.NO_TABLE, counted - p.stack)
    p.stack = counted


def counted_stack(given: int | None) -> int | None:
    """The stack the director counted (``stack`` in the command), when given: a whole number of chips."""
    return None if given is None else whole(given, _("The stack"))
