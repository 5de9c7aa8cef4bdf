"""Button and blinds at each table: ``hand_finished``, ``set_button`` and what they record (BTN).

A table's ``button``/``sb_seat``/``sb``/``bb`` are the positions of the hand being played there (or,
between hands, of the hand just dealt). ``hand_finished`` works out the next hand from them and the
seats occupied at that moment (section 19: the engine keeps positions from these two commands and
asks for the button when it does not know it). Enter a hand's busts before its ``hand_finished``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from msgspec import UNSET

from app.buttons.halting import finished_halted, halt_now, waivers
from app.buttons.positions import NeedsButton, Positions, first_hand, next_hand, order_from
from app.commands.buttons import HandFinished, SetButton
from app.core import inputs
from app.core.questions import button_question, rebuys_decided_first
from app.core.registry import applies, command
from app.core.state import Table, TournamentState
from app.errors import RuleError
from app.events.buttons import ButtonSet
from app.events.buttons import HandFinished as HandFinishedEvent
from app.games.rotation import family_of_next_hand, level_of_next_hand
from app.i18n import _
from app.levels.timeline import break_key

if TYPE_CHECKING:
    from app.core.context import Context


def positions(table: Table) -> Positions:
    return Positions(table.button, table.sb_seat, table.sb, table.bb, table.button_held)


def needs_button(state: TournamentState, table: Table, why: str) -> RuleError:
    text = _("Which seat has the button at table {number}? It is needed {why}; enter it with set_button (table "
             "{number}, seat N).", number=table.number, why=why)
    return RuleError("NEEDS_INPUT", text, "BTN-4", question=button_question(state, table, text))


def seat_order_from_button(table: Table) -> list[int]:
    """Occupied seats clockwise from the first seat left of the button (PAY-4 odd cents).

    With no button known the order is by seat number (section 19)."""
    return order_from(table.button, table.seats, table.max_seats)


def newcomer_obligations(state: TournamentState, table: Table) -> dict[int, str | None]:
    """Seat -> obligation of every player who arrived since the hand was dealt (BTN-9/10)."""
    out: dict[int, str | None] = {}
    for pid in table.newcomers:
        p = state.players.get(pid)
        if p is not None and p.table == table.number and p.seat is not None:
            out[p.seat] = p.new_obligation
    return out


def last_blinds(state: TournamentState, table: Table) -> dict[int, str]:
    """Seat -> blind ("sb"/"bb") each newcomer paid on his last hand at his previous table (BTN-5(a))."""
    out: dict[int, str] = {}
    for pid, blind in table.last_blinds.items():
        p = state.players.get(pid)
        if p is not None and p.table == table.number and p.seat is not None and pid in table.newcomers:
            out[p.seat] = blind
    return out


def blind_paid(state: TournamentState, pid: int) -> str | None:
    """The blind ("sb", "bb" or None) a seated player paid on his last hand, for a move or a break (BTN-5(a)).

    His last hand is the one recorded at his table (the hand being played, or just dealt). A player who
    sits that hand out paid nothing; one who arrived during it last played at his previous table, so
    what he paid there carries over. Unknown positions count as nothing paid.
    """
    p = state.players[pid]
    table = state.tables.get(p.table) if p.table is not None else None
    if table is None or p.seat is None or pid in table.sitting_out:
        return None
    if pid in table.newcomers:
        return table.last_blinds.get(pid)
    if p.seat == table.bb:
        return "bb"
    if p.seat == table.sb:
        return "sb"
    return None


def upcoming(state: TournamentState, table: Table, *, stud: bool = False, expected: int | None = None) -> Positions:
    """The positions of the table's next hand; raises NeedsButton when the button is unknown.

    ``expected``: an open seat a player is on his way to (a halted table's mover, BAL-1): the
    positions are worked out as if he sat there already.

    BTN-7: while a stud game is played the button stays frozen; when a blind game returns, its
    first hand takes the frozen button and the blinds follow it clockwise.
    """
    assert state.profile is not None
    prof = state.profile
    if table.frozen:
        if table.button is None:
            raise NeedsButton()
        if stud:
            return positions(table)
        return first_hand(table.button, table.seats, table.max_seats)
    occupied = table.seats if expected is None else {**table.seats, expected: 0}
    return next_hand(
        positions(table),
        occupied,
        table.max_seats,
        bb_bust=prof["button.bb_bust"],
        newcomers=newcomer_obligations(state, table),
        in_sb_seat=prof["newplayer.in_sb_seat"],
        last_blinds=last_blinds(state, table) if prof["button.no_repeat_blind"] else None,
    )


def _stud_next(state: TournamentState, stud: bool | None, table: Table, now: float) -> bool:
    """Whether the table's next hand is a stud game: the command says so, or the game rotation does.

    Dealer's choice (BTN-8) keeps the button moving; a hat or a level rotation looks at the level of
    the next hand, a rotation every N hands at the table's hand count.
    """
    if stud is not None:
        return stud
    return family_of_next_hand(state, now, table.number) == "stud"


def awaited_seat(state: TournamentState, table: Table, halted: str | None, stud: bool) -> int | None:
    """BAL-1/BAL-3: the seat a halted table's mover will take, when the table reports its hand first.

    The mover goes to the worst position, the open seat just after the last big blind. Counting that
    seat as taken when the hand is reported gives the same button and blinds, and the same seat for
    the mover, whether the hand or the move is reported first.
    """
    assert state.profile is not None
    if halted is None or stud or table.frozen or table.bb is None:
        return None
    if state.profile["balance.method"] != "next_bb_to_worst":
        return None
    after = table.bb % table.max_seats + 1
    return after if after not in table.seats else None


@command
def hand_finished(ctx: Context, cmd: HandFinished) -> None:
    """A table finished a hand: move the button and blinds for the next one (BTN-1, BTN-5..7, BTN-9/10).

    BTN-5(a) (``button.no_repeat_blind``): a mover due the blind he paid on his last hand at his
    previous table sits out that hand and the blinds skip his seat.
    """
    table = inputs.table(ctx.state, cmd.table)
    stud = _stud_next(ctx.state, cmd.stud, table, ctx.now)
    players = [ctx.state.players[pid] for pid in table.seats.values()]
    rebuys_decided_first(players, _("before the next hand"))
    halted = None if str(table.number) in waivers(ctx.state) else halt_now(ctx.state, table)
    try:
        nxt = upcoming(ctx.state, table, stud=stud, expected=awaited_seat(ctx.state, table, halted, stud))
    except NeedsButton:
        raise needs_button(ctx.state, table, _("to move the button and blinds")) from None
    sitting = {pid: nxt.sitting_out[seat] for seat, pid in table.seats.items() if seat in nxt.sitting_out}
    ctx.emit(HandFinishedEvent(
        table=table.number,
        button=nxt.button,
        sb_seat=nxt.sb_seat,
        sb=nxt.sb,
        bb=nxt.bb,
        held=nxt.held,
        frozen=stud,
        sitting_out=sitting,
        level=level_of_next_hand(ctx.state, ctx.now),
        halted=halted,
        waiting=break_key(ctx.state, ctx.now),  # CLK-3: finished during a break, the next hand waits
    ))


@applies
def _hand_finished(state: TournamentState, ev: HandFinishedEvent) -> None:
    table = state.tables[ev.table]
    table.hands += 1
    table.button, table.sb_seat, table.sb, table.bb = ev.button, ev.sb_seat, ev.sb, ev.bb
    table.button_held = ev.held
    table.frozen = ev.frozen
    table.hand_level = ev.level
    table.dead_seats.clear()
    table.moved_out.clear()
    table.last_blinds.clear()  # every newcomer's last hand is now this one, dealt in or not (BTN-5(a))
    table.sitting_out = dict(ev.sitting_out)
    for pid in table.newcomers:
        if pid not in table.sitting_out and pid in state.players:
            state.players[pid].new_obligation = None  # dealt in: the obligation is met
    # A player who sits out is judged again at the next hand; the others have been dealt in.
    table.newcomers = [pid for pid in table.newcomers if pid in table.sitting_out]
    finished_halted(state, table.number, ev.halted)  # BAL-1: the next hand waits for a player
    if ev.waiting:  # the next hand starts when this break ends (CLK-3)
        state.extra.setdefault("break_waiting", {})[str(table.number)] = ev.waiting
    elif str(table.number) in state.extra.get("break_waiting", {}):
        del state.extra["break_waiting"][str(table.number)]


@command
def set_button(ctx: Context, cmd: SetButton) -> None:
    """Say where the button is at a table for the hand being played (and optionally the blinds)."""
    table = inputs.table(ctx.state, cmd.table)
    button = inputs.seat(table, cmd.seat)
    derived = first_hand(button, table.seats, table.max_seats)
    sb = derived.sb
    bb = derived.bb
    if cmd.bb is not None:
        bb = inputs.seat(table, cmd.bb)
        if bb not in table.seats:
            raise RuleError(
                "INVALID_INPUT",
                _("Seat {bb} at table {number} is empty: no big blind there.", bb=bb, number=table.number),
            )
    if cmd.sb is not UNSET:  # given: null says there is no small blind this hand
        sb = None if cmd.sb is None else inputs.seat(table, cmd.sb)
    sb_seat = sb if sb is not None else derived.sb_seat
    if sb is not None and sb not in table.seats:
        sb_seat, sb = sb, None  # a dead small blind on an empty seat
    ctx.emit(ButtonSet(table=table.number, button=button, sb_seat=sb_seat, sb=sb, bb=bb, cards={}))


@applies
def _button_set(state: TournamentState, ev: ButtonSet) -> None:
    table = state.tables[ev.table]
    table.button, table.sb_seat, table.sb, table.bb = ev.button, ev.sb_seat, ev.sb, ev.bb
    table.button_held = False
    table.frozen = False
    if ev.cards:
        table.draw_cards = dict(ev.cards)
