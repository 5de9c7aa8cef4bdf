"""Stud action order (MIX-4, MIX-6): who brings it in on 3rd street, who acts first later.

- Bring-in: the lowest up card (aces high) in stud and stud hi-lo; the highest up card in Razz and
  the Razzdugi games (aces low, except 2-7 Razzdugi). Suits break ties, clubs < diamonds < hearts <
  spades: the 2 of clubs is the lowest card, and in Razz the king of spades the highest.
- Later streets: the best high hand showing acts first (the best low hand in the low games). A tie
  goes by ``stud.showing_tie``: ``dealer_clockwise`` (S000, the first tied player clockwise from the
  dealer) or ``high_card_suit`` (TDA, the tied player holding the highest card by suit).

The floor enters the cards with ``stud_action_order``; the ruling is recorded and shown.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from app.commands.games import StudActionOrder
from app.core import inputs
from app.core.randomness import card_value
from app.core.registry import applies, command
from app.core.state import TournamentState
from app.errors import Question, RuleError
from app.events.games import StudOrderRuled
from app.games.catalogue import Game, game
from app.games.rotation import game_for_level
from app.i18n import _
from app.levels.timeline import current_level

if TYPE_CHECKING:
    from app.core.context import Context


def card_key(card: str, aces: str = "high") -> tuple[int, int]:
    """(rank, suit) with aces high (A above K) or low (A below 2)."""
    rank, suit = card_value(card)
    if aces == "low":
        rank = -1 if rank == 12 else rank
    return rank, suit


def _stud(game_id: str) -> Game:
    g = game(game_id)
    if g.family != "stud":
        raise RuleError("INVALID_INPUT", _("{g} is not a stud game; it has no bring-in.", g=g.name), "MIX-4")
    return g


def bring_in(up_cards: Mapping[int, str], game_id: str) -> int:
    """The seat that brings it in on 3rd street (MIX-4)."""
    g = _stud(game_id)
    if not up_cards:
        raise RuleError("INVALID_INPUT", _("Give each player's up card."), "MIX-4")
    keys = {seat: card_key(card, g.aces) for seat, card in up_cards.items()}
    pick = min if g.bring_in == "low" else max
    return pick(keys, key=lambda s: keys[s])


def showing_value(cards: Sequence[str], aces: str = "high") -> tuple[int, tuple[int, ...]]:
    """A hand of up to four showing cards: (category, ranks), larger is the better high hand.

    Categories: 0 high card, 1 pair, 2 two pair, 3 trips, 4 quads. Straights and flushes do not count
    with fewer than five cards showing.
    """
    ranks = [card_key(c, aces)[0] for c in cards]
    groups = sorted(Counter(ranks).items(), key=lambda kv: (kv[1], kv[0]), reverse=True)
    counts = [n for _, n in groups]
    if counts[0] == 4:
        category = 4
    elif counts[0] == 3:
        category = 3
    elif counts[:2] == [2, 2]:
        category = 2
    else:
        category = 1 if counts[0] == 2 else 0
    return category, tuple(r for r, _ in groups)


def first_to_act(
    showing: Mapping[int, Sequence[str]],
    game_id: str,
    *,
    tie: str = "high_card_suit",
    dealer_seat: int | None = None,
    max_seats: int = 8,
) -> int:
    """The seat that acts first on 4th street and later (MIX-6)."""
    g = _stud(game_id)
    if not showing or any(not cards for cards in showing.values()):
        raise RuleError("INVALID_INPUT", _("Give each player's showing cards."), "MIX-6")
    values = {seat: showing_value(cards, g.aces) for seat, cards in showing.items()}
    if g.acts_first == "low":
        best = min(values.values())
    else:
        best = max(values.values())
    tied = sorted(seat for seat, v in values.items() if v == best)
    if len(tied) == 1:
        return tied[0]
    if tie == "dealer_clockwise":
        if dealer_seat is None:
            text = _("Which seat is the dealer? The tie goes to the first clockwise.")
            raise RuleError("NEEDS_INPUT", text, "MIX-6", question=Question(text, "dealer_seat", "integer"))
        return min(tied, key=lambda s: (s - dealer_seat - 1) % max_seats)
    return max(tied, key=lambda s: sorted((card_key(c, g.aces) for c in showing[s]), reverse=True))


def _cards(raw: Mapping[int | str, str | list[str]]) -> dict[int, list[str]]:
    if not raw:
        raise RuleError("INVALID_INPUT", _("Give the cards as {seat: [cards]}."), "MIX-4")
    out: dict[int, list[str]] = {}
    seen: set[str] = set()
    for seat, cards in raw.items():
        s = inputs.whole(int(seat) if isinstance(seat, str) and seat.isdigit() else seat, "A seat", minimum=1)
        cards = [cards] if isinstance(cards, str) else cards
        if not cards:
            raise RuleError("INVALID_INPUT", _("Seat {s} needs its showing cards.", s=s), "MIX-4")
        for c in cards:
            try:
                card_value(str(c))
            except ValueError as exc:
                raise RuleError("INVALID_INPUT", _("{c!r} is not a card (write As, Td, 2c).", c=c), "MIX-4") from exc
            if str(c) in seen:
                raise RuleError("INVALID_INPUT", _("The card {c} is shown twice.", c=c), "MIX-4")
            seen.add(str(c))
        out[s] = [str(c) for c in cards]
    return out


@command
def stud_action_order(ctx: Context, cmd: StudActionOrder) -> None:
    """Rule who brings it in (street 3) or acts first (streets 4 to 7) from the cards showing."""

    table = cmd.table
    gid = cmd.game or game_for_level(ctx.state, current_level(ctx.state, ctx.now), table)
    street = inputs.whole(cmd.street, _("The street"), minimum=3)
    if street > 7:
        raise RuleError("INVALID_INPUT", _("Stud streets run from 3rd to 7th."), "MIX-6")
    cards = _cards(cmd.cards)
    g = _stud(str(gid))
    if street == 3:
        if any(len(c) != 1 for c in cards.values()):
            raise RuleError("INVALID_INPUT", _("On 3rd street each player shows one up card."), "MIX-4")
        seat = bring_in({s: c[0] for s, c in cards.items()}, g.id)
        rule = "MIX-4"
    else:
        dealer = cmd.dealer_seat
        seat = first_to_act(
            cards,
            g.id,
            tie=str(ctx.profile["stud.showing_tie"]),
            dealer_seat=None if dealer is None else inputs.whole(dealer, _("The dealer seat"), minimum=1),
            max_seats=int(ctx.profile["table.max_seats"]),
        )
        rule = "MIX-6"
    ctx.emit(StudOrderRuled(game=g.id, street=street, table=table, cards=cards, seat=seat, rule=rule))


@applies
def _stud_order_ruled(state: TournamentState, ev: StudOrderRuled) -> None:
    state.games["stud_ruling"] = {"game": ev.game, "street": ev.street, "table": ev.table, "seat": ev.seat,
                                  "rule": ev.rule}
