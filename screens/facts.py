"""The room facts (players, money, payouts, table states) of one :class:`app.views.TournamentView`.

Nothing here is decided or counted: the bubble, the money, the places and the average stack are the
view's, the same the strip and the sheets show.
"""

from __future__ import annotations

from app.api import PayoutView, TournamentView, chip_leaders, largest_bounties
from app.i18n import ngettext, pgettext
from screens.frame import RoomFacts

LEADERS = 5  # the chip leaders panel's lines


def payout_places(payouts: tuple[PayoutView, ...]) -> list[tuple[str, int]]:
    """(place label, cents) per payout row, 1st first; tied rows show the block's place (ELIM-5)."""
    return [(row.label, row.prize_cents) for row in payouts]


def _seat_text(seat: str, event: str) -> str:
    """SAT-4 on the room display: "Seat" ("Seat + $0.03"), the event being named in the caption."""
    prefix = f"Seat in {event}"  # the engine's words (in another language they are shown whole)
    if seat.startswith(prefix):
        # Translators: a satellite's prize in the payouts (a seat in the event the caption names).
        return pgettext("prize", "Seat") + seat[len(prefix):]
    return seat


def room_facts(view: TournamentView) -> RoomFacts:
    """The room facts of one view (computed once per change of the state, not per repaint)."""
    f = view.field
    return RoomFacts(
        name=view.name,
        players_left=f.players_shown,  # SAT-3: the seat winners once the seats are awarded
        entries=f.entries,
        rebuys=f.rebuys,
        addons=f.addons,
        topups=f.topups,
        average_stack=f.average_stack,
        pool_cents=f.prize_pool_cents,
        payouts=tuple(payout_places(view.payouts)),
        payout_texts=tuple(_seat_text(row.seat, f.seat_event) for row in view.payouts),
        seats_text=(ngettext("{n} seat in {event}", "{n} seats in {event}", f.seats, event=f.seat_event)
                    if f.seats else ""),
        places_paid=f.paid_places,
        bubble=f.bubble,
        in_the_money=f.in_the_money,
        hand_for_hand=f.hand_for_hand,
        day_over=f.day_over,
        final_table=f.final_table,
        ended=f.ended,
        winner=f.winner,
        seat_winners=f.seat_winners,
        seat_event=f.seat_event,
        chip_names=view.chip_names,
        currency=view.currency,
        late_closed_early=view.clock.late_closed_early,
        leaders=tuple((c.rank, c.name, c.stack) for c in chip_leaders(view, LEADERS)),
        bounties=tuple((b.rank, b.name, b.bounty_cents) for b in largest_bounties(view, LEADERS)),
    )
