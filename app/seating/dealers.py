"""Designated dealers at the draw (SEAT-4): player-dealers, one per table, named before the seats are drawn.

``seat.designated_dealers`` says whether a draw may name dealers (``dealers``: a list of players):

- ``none``: not used; a draw that names dealers is refused;
- ``allowed`` (P004): at most one per table. By card draw the deck is split by suit and each dealer
  draws first from a different suit's stack (the first named from Table 1's suit, the next from Table
  2's, ...); the rest of the cards are combined for the other players. The rank he draws is still his
  seat number (sitting "in the middle" of the table is physical placement only);
- ``every_table`` (P003): allowed only if every table in play gets one.

A random draw (not by cards) seats the first named dealer at Table 1, the next at Table 2, ..., each in a
seat drawn at his table; the others draw among the seats left. A draw given in full (``cards`` or
``seats``) must put the dealers at different tables.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from app.commands import PlayerRef
from app.core import inputs
from app.core.state import TournamentState
from app.errors import RuleError
from app.i18n import _, ngettext

if TYPE_CHECKING:
    from app.core.context import Context


def named_dealers(ctx: Context, raw: list[PlayerRef] | None, drawn: list[int], tables: int) -> list[int]:
    """The ``dealers`` of a draw command (player ids in the order named), checked against the profile."""
    if not raw:
        return []
    mode = ctx.profile["seat.designated_dealers"]
    if mode == "none":
        raise RuleError(
            "NOT_OFFERED", _("This tournament's rules do not use designated dealers (seat.designated_dealers)."),
            "SEAT-4",
        )
    dealers = [inputs.player(ctx.state, ref) for ref in raw]
    ids = [p.id for p in dealers]
    if len(set(ids)) != len(ids):
        raise RuleError("INVALID_INPUT", _("A player is named as a dealer twice."), "SEAT-4")
    for p in dealers:
        if p.id not in drawn:
            raise RuleError("INVALID_INPUT", _("{name} does not take part in this draw.", name=p.name), "SEAT-4")
    if len(ids) > tables:
        raise RuleError(
            "INVALID_INPUT",
            ngettext("{n} dealer for {tables}: each table gets one dealer at most.",
                     "{n} dealers for {tables}: each table gets one dealer at most.", len(ids),
                     tables=ngettext("{n} table", "{n} tables", tables)),
            "SEAT-4",
        )
    if mode == "every_table" and len(ids) != tables:
        raise RuleError(
            "INVALID_INPUT",
            ngettext("Designated dealers are allowed only if every table in play has one: name {n} dealer, one per "
                     "table, or none ({named} named).", "Designated dealers are allowed only if every table in play "
                     "has one: name {n} dealers, one per table, or none ({named} named).", tables, named=len(ids)),
            "SEAT-4",
        )
    return ids


def dealers_draw_first(ctx: Context, dealers: list[int], drawn: list[int], stacks: list[list[str]]) -> dict[int, str]:
    """Card draw: the i-th dealer draws from the i-th table's suit stack; the other players draw from the
    rest of the cards, combined. ``stacks`` holds each table's seat cards."""
    out: dict[int, str] = {}
    for dealer, stack in zip(dealers, stacks):
        out[dealer] = ctx.rng.choice(stack)
    taken = set(out.values())
    rest = [card for stack in stacks for card in stack if card not in taken]
    others = [pid for pid in drawn if pid not in out]
    out.update(zip(others, ctx.rng.shuffle(rest)))
    return out


def dealers_placed_first(
    ctx: Context, dealers: list[int], drawn: list[int], sizes: list[int]
) -> dict[int, tuple[int, int]]:
    """Random draw: the i-th dealer gets a seat drawn at Table i; the others draw among the seats left."""
    out: dict[int, tuple[int, int]] = {}
    for i, dealer in enumerate(dealers):
        out[dealer] = (i + 1, ctx.rng.choice(list(range(1, sizes[i] + 1))))
    taken = set(out.values())
    places = [(i + 1, s) for i, size in enumerate(sizes) for s in range(1, size + 1) if (i + 1, s) not in taken]
    others = [pid for pid in drawn if pid not in out]
    out.update(zip(others, ctx.rng.shuffle(places)))
    return out


def dealer_tables(state: TournamentState, dealers: list[int], table_of: dict[int, int]) -> dict[int, int]:
    """{table: dealer} for the event; refused if two dealers landed at the same table (a draw given in full)."""
    out: dict[int, int] = {}
    for pid in dealers:
        key = table_of[pid]
        if key in out:
            first, second = state.players[out[key]].name, state.players[pid].name
            raise RuleError(
                "INVALID_INPUT",
                _(
                    "{first} and {second} would both deal at Table {key}: each dealer draws from a different suit, "
                    "so each table gets one dealer.",
                    first=first,
                    second=second,
                    key=key,
                ),
                "SEAT-4",
            )
        out[key] = pid
    return out
