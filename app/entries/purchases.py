"""Rebuys, add-ons, top-ups and cash-game purchases (ENT-3 to ENT-7, ENT-9).

Rebuy flow (ENT-5, section 19): the engine never eliminates anyone on time. ``bust`` of a player who
may still rebuy (rebuys offered, the hand's level inside the window, his count below the limit) leaves
him seated at 0 chips, *deciding*. Then either ``rebuy`` (he stays in, with the rebuy chips) or
``decline_rebuy`` (he is out, placed by the hand in which he lost his chips). ``bust`` with
``"rebuy": true`` does both steps in one command. A player who may not rebuy is eliminated by
``bust`` at once.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from app.chips.stacks import ask_stack, stack_known
from app.clock.handstart import HandAnswer, judged_level
from app.commands.entries import Addon, BuyChips, Rebuy, Topup
from app.core import inputs
from app.core.registry import command
from app.core.state import Player
from app.entries.ledger import (
    check_hand_purchase,
    counted_stack,
    emit_purchase,
    level_now,
    money_text,
    on_break,
    paid_amount,
)
from app.entries.offered import OFFERED_BY, not_offered_words
from app.errors import RuleError
from app.format import chips as chip_text
from app.i18n import N_, _, ngettext

if TYPE_CHECKING:
    from app.core.context import Context


def rebuy_block(ctx: Context, p: Player, level: int) -> RuleError | None:
    """Why ``p`` may not rebuy after losing his chips in a hand of ``level`` (ENT-3 a, d, e)."""
    if not ctx.profile["rebuy.offered"]:
        return RuleError("NOT_OFFERED", not_offered_words("rebuy"), "ENT-3")
    last = ctx.profile["rebuy.last_level"]
    if last is not None and level > last:
        return RuleError(
            "WINDOW_CLOSED",
            _(
                "Rebuys are for chips lost in a hand of level {last} or earlier; {name} lost theirs in level {level}.",
                last=last,
                name=p.name,
                level=level,
            ),
            "ENT-4",
        )
    limit = ctx.profile["rebuy.max_per_player"]
    if limit is not None and p.rebuys >= limit:
        return RuleError(
            "LIMIT_REACHED",
            ngettext("{name} has used their {n} rebuy.", "{name} has used all {n} rebuys.", limit, name=p.name),
            "ENT-4",
        )
    return None


def rebuy_hand_level(ctx: Context, p: Player, cmd: HandAnswer) -> int:
    """The level of the hand in which ``p`` lost his chips (CONV-6): ``hand_level``, the director's answer,
    or the clock; asked when a level change just happened and it decides his rebuy (section 19).

    Under ``rebuy.window_scope`` = ``table`` a hand reported at his table since the change settles it;
    under ``global``, a hand reported at any table.
    """
    own = [ctx.state.tables.get(p.table) if p.table is not None else None]
    tables = own if ctx.profile["rebuy.window_scope"] == "table" else list(ctx.state.tables.values())

    def question(level: int) -> str:
        if ctx.profile["rebuy.window_scope"] == "table":
            return _("Had the hand in which {name} lost all their chips started before level {level} began? "
                     "The answer decides whether they may rebuy.", name=p.name, level=level)
        return _("Had the hand in which {name} lost all their chips started before level {level} began at any table? "
                 "The answer decides whether they may rebuy.", name=p.name, level=level)

    return judged_level(ctx, cmd, tables, lambda level: rebuy_block(ctx, p, level) is None, question, own)


@command
def rebuy(ctx: Context, cmd: Rebuy) -> None:
    """A player who lost all his chips buys the rebuy stack (ENT-3, ENT-4)."""
    p = inputs.player(ctx.state, cmd.player)
    if not ctx.profile["rebuy.offered"]:
        raise RuleError("NOT_OFFERED", not_offered_words("rebuy"), "ENT-3")
    inputs.live(p)
    if ctx.profile["rebuy.requires_zero_stack"] and not p.deciding and p.stack > 0:
        raise RuleError(
            "REQUIRES_ZERO_STACK",
            _("{name} still has chips; a rebuy needs a stack of 0 (enter the bust).", name=p.name),
            "ENT-3",
        )
    if not p.entries:
        raise RuleError("INVALID_INPUT", _("{name} has not bought in yet.", name=p.name), "ENT-1")
    price = paid_amount(cmd.amount_cents, ctx.profile.rebuy_price_cents, "rebuy", "ENT-3", ctx)
    check_hand_purchase(ctx, p, price)  # both refusals come before the level question: no answer changes them
    level = p.busted_level if p.deciding and p.busted_level is not None else rebuy_hand_level(ctx, p, cmd)
    block = rebuy_block(ctx, p, level)
    if block is not None:
        raise block
    emit_purchase(ctx, p, "rebuy", price, ctx.profile.rebuy_chips)


# A purchase refused to a player still deciding on a rebuy (whole sentences, per purchase).
DECIDING_WORDS = {
    "add-on": N_("{name} has lost all their chips: rebuy or decline before any add-on."),
    "top-up": N_("{name} has lost all their chips: rebuy or decline before any top-up."),
    "purchase": N_("{name} has lost all their chips: rebuy or decline before any purchase."),
}


def _not_deciding(p: Player, what: str) -> None:
    if p.deciding:
        raise RuleError("INVALID_INPUT", _(DECIDING_WORDS[what], name=p.name), "ENT-5")


def _buyer(ctx: Context, cmd: Addon | Topup, kind: str, what: str, rule: str) -> Player:
    """The player buying a ``kind`` (``addon``, ``topup``): it is offered, he is in, and not deciding."""
    p = inputs.player(ctx.state, cmd.player)
    if not ctx.profile[OFFERED_BY[kind]]:
        raise RuleError("NOT_OFFERED", not_offered_words(kind), rule)
    inputs.live(p)
    _not_deciding(p, what)
    return p


@command
def addon(ctx: Context, cmd: Addon) -> None:
    """Buy the add-on stack during its level or the break after it (ENT-7)."""
    p = _buyer(ctx, cmd, "addon", "add-on", "ENT-7")
    at = int(ctx.profile["addon.level"])
    if level_now(ctx) != at:
        raise RuleError(
            "WINDOW_CLOSED", _("The add-on is taken during level {at} or the break after it.", at=at), "ENT-7"
        )
    if p.addons >= int(ctx.profile["addon.max_per_player"]):
        raise RuleError("LIMIT_REACHED", _("{name} has already taken the add-on.", name=p.name), "ENT-7")
    stack = counted_stack(cmd.stack)
    if ctx.profile["addon.requires_zero_stack"]:
        if stack is None and not stack_known(ctx.state, p, ctx.now):
            raise ask_stack(p, _("The add-on is only for a player with no chips."), "ENT-7")
        have = p.stack if stack is None else stack
        if have > 0:
            raise RuleError(
                "REQUIRES_ZERO_STACK",
                _(
                    "The add-on is only for a player with no chips; {name} has {have} chips.",
                    name=p.name,
                    have=chip_text(have),
                ),
                "ENT-7",
            )
    price = paid_amount(cmd.amount_cents, ctx.profile.addon_price_cents, "add-on", "ENT-7", ctx)
    check_hand_purchase(ctx, p, price)
    emit_purchase(ctx, p, "addon", price, ctx.profile.addon_chips, stack_before=stack)


def _topup_window(ctx: Context, p: Player, cmd: Topup) -> None:
    """ENT-6: opens when the level-1 clock expires; closes at each table's first level-2 hand.

    Early in level 2, before his table has reported a level-2 hand, the engine asks whether the hand
    being played there (or the last one, between hands) started before level 2 began (section 19).
    """
    after = int(ctx.profile["topup.after_level"])
    level = level_now(ctx)
    opened = level > after or (level == after and on_break(ctx))
    if not opened:
        raise RuleError("WINDOW_CLOSED", _("The top-up opens when level {after} ends.", after=after), "ENT-6")
    table = ctx.state.tables.get(p.table) if p.table is not None else None
    played = table.hand_level if table is not None and table.hand_level is not None else None
    if level == after + 1 and not on_break(ctx) and (played is None or played <= after):
        def question(changed: int) -> str:
            if table is not None:
                return _("Had the hand being played at table {table} (or the last one, between hands) started before "
                         "level {level} began? The answer decides whether {name} may still top up.",
                         table=table.number, level=changed, name=p.name)
            return _("Had the hand being played where {name} plays (or the last one, between hands) started before "
                     "level {level} began? The answer decides whether {name} may still top up.",
                     level=changed, name=p.name)

        played = judged_level(ctx, cmd, [table], lambda lv: lv <= after, question)
    if level > after + 1 or (played is not None and played > after):
        raise RuleError(
            "WINDOW_CLOSED",
            _("The top-up closed when level {after}'s first hand began at this table.", after=after + 1),
            "ENT-6",
        )


@command
def topup(ctx: Context, cmd: Topup) -> None:
    """Buy chips up to the starting stack at the end of the first level (ENT-6)."""
    p = _buyer(ctx, cmd, "topup", "top-up", "ENT-6")
    if p.topups >= int(ctx.profile["topup.max_per_player"]):
        raise RuleError("LIMIT_REACHED", _("{name} has already topped up.", name=p.name), "ENT-6")
    start, buy_in = int(ctx.profile["money.start_stack"]), int(ctx.profile["money.buy_in_cents"])
    stack = counted_stack(cmd.stack)
    if stack is None and not stack_known(ctx.state, p, ctx.now):
        raise ask_stack(
            p, _("The top-up takes a player up to the starting stack of {start}.", start=chip_text(start)), "ENT-6"
        )
    have = p.stack if stack is None else stack
    if have >= start:
        raise RuleError(
            "STACK_AT_OR_ABOVE_START",
            _(
                "{name} has {have} chips, the start stack is {start}.",
                name=p.name,
                have=chip_text(have),
                start=chip_text(start),
            ),
            "ENT-6",
        )
    chips = inputs.whole(start - have if cmd.chips is None else cmd.chips, _("The top-up chips"), minimum=1)
    if chips > start - have:
        raise RuleError(
            "EXCEEDS_START_STACK",
            _(
                "{have} + {chips} chips would pass the start stack of {start}.",
                have=chip_text(have),
                chips=chip_text(chips),
                start=chip_text(start),
            ),
            "ENT-6",
        )
    if (chips * buy_in) % start:
        raise RuleError(
            "AMOUNT_INVALID",
            _(
                "{chips} chips do not cost a whole number of cents ({start} chips per buy-in).",
                chips=chip_text(chips),
                start=chip_text(start),
            ),
            "ENT-6",
        )
    price = paid_amount(cmd.amount_cents, chips * buy_in // start, "top-up", "ENT-6", ctx)
    check_hand_purchase(ctx, p, price)
    _topup_window(ctx, p, cmd)  # last: its question is asked only when nothing else refuses the top-up
    emit_purchase(ctx, p, "topup", price, chips, stack_before=stack)


@command
def buy_chips(ctx: Context, cmd: BuyChips) -> None:
    """Buy chips from the dealer between hands, within the per-hand maximum (ENT-9)."""
    p = inputs.player(ctx.state, cmd.player)
    if ctx.profile["purchase.max_per_hand_cents"] is None:
        raise RuleError("NOT_OFFERED", _("Players cannot buy chips from the dealer in this event."), "ENT-9")
    inputs.live(p)
    _not_deciding(p, "purchase")
    amount = inputs.cents(cmd.amount_cents, _("The purchase"))
    start, buy_in = int(ctx.profile["money.start_stack"]), int(ctx.profile["money.buy_in_cents"])
    if amount == 0 or buy_in == 0 or (amount * start) % buy_in:
        raise RuleError(
            "AMOUNT_INVALID",
            _("{amount} does not buy a whole number of chips.", amount=money_text(amount, ctx)),
            "ENT-9",
        )
    check_hand_purchase(ctx, p, amount)
    emit_purchase(ctx, p, "purchase", amount, amount * start // buy_in)
