"""Seating: tables, the initial draw and seating one player (SEAT-1 to SEAT-5, SEAT-7).

The draw's outcome (who got which card, which seat) is written into the event, so a replay never
draws again. Every command takes the outcome explicitly too (``cards``, ``seats``), which is how a
director enters a draw made with a real deck, and how tests dictate one.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from operator import attrgetter, itemgetter
from typing import TYPE_CHECKING, Any, Protocol

from app.buttons.positions import first_hand
from app.commands import PlayerRef
from app.commands.seating import OpenTable, SeatAll
from app.core import inputs
from app.core.collector import collector_paused
from app.core.randomness import DECK_ORDER, card_value
from app.core.registry import applies, command
from app.core.state import REGISTERED, SEATED, WAITING, Player, Table, TournamentState
from app.errors import RuleError
from app.events.seating import DrawRow, FirstHand, SeatsDrawn, TableOpened, TablesOpened
from app.i18n import _
from app.seating.dealers import dealer_tables, dealers_draw_first, dealers_placed_first, named_dealers

if TYPE_CHECKING:
    from app.core.context import Context

SUIT_OF_TABLE = "shcd"  # SEAT-3: spades Table 1, hearts Table 2, clubs Table 3, diamonds Table 4
RANK_OF_SEAT = "A23456789TJQ"  # A = seat 1 ... T = seat 10 (J, Q for 11- and 12-seat tables)


class DrawInputs(Protocol):
    """What a draw made at the tables may give (``seat_all``, ``redraw``): the outcome as it fell."""

    @property
    def cards(self) -> dict[PlayerRef, str] | None: ...  # player: seat card (the card draw)

    @property
    def seats(self) -> dict[PlayerRef, list[int]] | None: ...  # player: [table, seat]

    @property
    def button_cards(self) -> dict[PlayerRef, str] | None: ...  # player: card, for the button draws

    @property
    def dealers(self) -> list[PlayerRef] | None: ...  # the designated dealers (SEAT-4)


def seat_card(table_index: int, seat: int) -> str:
    return RANK_OF_SEAT[seat - 1] + SUIT_OF_TABLE[table_index]


def card_seat(card: str) -> tuple[int, int]:
    """(table index from 0, seat) that a seat card stands for."""
    rank, suit = card[:-1].upper().replace("10", "T"), card[-1].lower()
    if rank not in RANK_OF_SEAT or suit not in SUIT_OF_TABLE:
        raise RuleError("INVALID_INPUT", _("{card!r} is not a seat card.", card=card), "SEAT-3")
    return SUIT_OF_TABLE.index(suit), RANK_OF_SEAT.index(rank) + 1


def table_sizes(n: int, tables: int, extra_to: str = "highest") -> list[int]:
    """SEAT-2: sizes differ by at most one; the extra players go to the highest (or lowest) tables."""
    base, extra = divmod(n, tables)
    sizes = [base] * tables
    idx = range(tables - extra, tables) if extra_to == "highest" else range(extra)
    for i in idx:
        sizes[i] += 1
    return sizes


def high_card(cards: dict[int, str]) -> int:
    """SEAT-5: the player dealt the highest card by suit (A of spades highest)."""
    # The cards are distinct, so the highest value names one player (no tie to break by order).
    return max(zip(map(card_value, cards.values()), cards))[1]


def card_map(state: TournamentState, given: Mapping[PlayerRef, str], what: str) -> dict[int, str]:
    """A {player name or id: card} object from a command, checked: known players, distinct cards."""
    out: dict[int, str] = {}
    for ref, card in given.items():
        p = inputs.player(state, ref)
        try:
            card_value(str(card))
        except ValueError:
            raise RuleError(
                "INVALID_INPUT", _("{card!r} is not a card (write it like As, Td, 7c).", card=card)
            ) from None
        out[p.id] = str(card)
    if len({c.upper() for c in out.values()}) != len(out):
        raise RuleError("INVALID_INPUT", _("{what}: the same card was dealt twice.", what=what))
    return out


def button_draws(
    ctx: Context, seating: dict[int, list[int]], given: Mapping[PlayerRef, str] | None
) -> dict[int, dict[int, str]]:
    """SEAT-5 at every table of ``seating`` (table -> player ids): one card each, given or dealt."""
    forced = card_map(ctx.state, given, "button_cards") if given is not None else {}
    if not forced:  # every table dealt, table after table (one deck each, as many cards as players)
        hands = ctx.rng.deal_hands([len(pids) for pids in seating.values()])
        return {number: dict(zip(pids, hand)) for (number, pids), hand in zip(seating.items(), hands)}
    out: dict[int, dict[int, str]] = {}
    deal = ctx.rng.deal
    for number, pids in seating.items():
        known = {pid: forced[pid] for pid in pids if pid in forced} if forced else None
        if known and len(known) != len(pids):
            raise RuleError(
                "INVALID_INPUT", _("Give a button card for every player at table {number}, or none.", number=number)
            )
        out[number] = known or dict(zip(pids, deal(len(pids))))
    return out


def unseated_entrants(state: TournamentState) -> list[Player]:
    # REG-5: a committed player may be seated before he arrives (the flag belongs to the entries area).
    return [
        p
        for p in state.players.values()
        if p.status in (REGISTERED, WAITING) and p.table is None and (p.entries > 0 or p.committed)
    ]


@command
def open_table(ctx: Context, cmd: OpenTable) -> None:
    """Open a table (default: the lowest free number, the profile's seats per table)."""
    number = cmd.table
    if number is None:
        number = next(n for n in range(1, len(ctx.state.tables) + 2) if n not in ctx.state.tables)
    number = inputs.whole(number, _("The table number"), minimum=1)
    if number in ctx.state.tables:
        raise RuleError("INVALID_INPUT", _("Table {number} is already in play.", number=number))
    given = ctx.profile["table.max_seats"] if cmd.seats is None else cmd.seats
    seats = inputs.whole(given, _("The number of seats"), minimum=2)
    if seats > 12:
        raise RuleError("INVALID_INPUT", _("A table has at most 12 seats."))
    ctx.emit(TableOpened(table=number, seats=seats))


@applies
def _table_opened(state: TournamentState, ev: TableOpened) -> None:
    state.tables[ev.table] = Table(number=ev.table, max_seats=ev.seats)
    state.seats_changed(ev.table)


@applies
def _tables_opened(state: TournamentState, ev: TablesOpened) -> None:
    """The seat draw's tables, opened in one event (a 30,000-player draw opens 3,334 of them)."""
    for number in ev.tables:
        state.tables[number] = Table(number=number, max_seats=ev.seats)
    state.index.add_empty(ev.tables)


def _plain_draw(
    ctx: Context, players: list[Player], sizes: list[int], given: Mapping[PlayerRef, list[int]] | None,
    dealers: list[int],
) -> dict[int, tuple[int, int]]:
    """The seats of a random draw that is given in full (``seats``) or places dealers first (SEAT-4)."""
    if given is not None:
        out: dict[int, tuple[int, int]] = {}
        for ref, place in given.items():
            p = inputs.player(ctx.state, ref)
            if len(place) != 2:
                raise RuleError("INVALID_INPUT", _("The seat of {name} must be [table, seat].", name=p.name))
            tnum, seat = (
                inputs.whole(place[0], _("The table"), minimum=1),
                inputs.whole(place[1], _("The seat"), minimum=1),
            )
            if tnum > len(sizes) or seat > sizes[tnum - 1]:
                raise RuleError(
                    "SEAT_OUT_OF_RANGE", _("Table {tnum} seat {seat} is not in this draw.", tnum=tnum, seat=seat)
                )
            out[p.id] = (tnum, seat)
        if set(out) != {p.id for p in players} or len(set(out.values())) != len(out):
            raise RuleError("INVALID_INPUT", _("The seats given must place every entrant once, one per seat."))
        return out
    return dealers_placed_first(ctx, dealers, [p.id for p in players], sizes)


def _card_draw(
    ctx: Context, players: list[Player], sizes: list[int], given: Mapping[PlayerRef, str] | None, dealers: list[int]
) -> dict[int, str]:
    """SEAT-3: a deck with one card per seat in play; each player draws one (SEAT-4: the dealers first)."""
    if len(sizes) > len(SUIT_OF_TABLE):
        raise RuleError(
            "INVALID_INPUT",
            _(
                "The card draw seats at most 4 tables (one suit each), and {n} players need {n2}: draw the seats "
                "at random instead (change_settings seat.method to random).",
                n=len(players),
                n2=len(sizes),
            ),
            "SEAT-3",
        )
    deck = [seat_card(i, s) for i, size in enumerate(sizes) for s in range(1, size + 1)]
    if given is None and dealers:
        stacks = [[seat_card(i, s) for s in range(1, size + 1)] for i, size in enumerate(sizes)]
        return dealers_draw_first(ctx, dealers, [p.id for p in players], stacks)
    if given is None:
        return dict(zip([p.id for p in players], ctx.rng.shuffle(deck)))
    cards = card_map(ctx.state, given, "cards")
    norm = {seat_card(*card_seat(c)) for c in cards.values()}
    if set(cards) != {p.id for p in players} or norm != set(deck):
        raise RuleError(
            "INVALID_INPUT", _("The cards drawn must be exactly the deck {names}, one each.", names=", ".join(deck))
        )
    return {pid: seat_card(*card_seat(c)) for pid, c in cards.items()}


def _random_draw(
    ctx: Context, players: list[Player], ids: list[int], sizes: list[int], cmd: DrawInputs, dealers: list[int]
) -> SeatsDrawn:
    """SEAT-1 and SEAT-5: the players in table and seat order, and each table's button draw.

    The places are numbered in table and seat order, and ``slots`` holds the player of each. A drawn
    shuffle of the places is ``permutation(n)`` read through that numbering (the same draws), and
    the players, in id order, take its places in turn. Each table's seats are 1 to its size. The
    button cards are dealt table by table in the order of the draw: a table comes when its first
    player was drawn, and its players get their cards in the order they were drawn.

    The result is a ``seats_drawn`` in its column form (see :class:`SeatsDrawn`):
    ``seated`` (the player of each place), ``sizes`` (players at tables 1, 2, ...), ``button_cards``
    (the card each place's player drew for the button) and ``buttons`` (each table's first hand).
    """
    starts = [0]  # the number of the first place of each table
    for size in sizes:
        starts.append(starts[-1] + size)
    n = starts[-1]
    slots: list[int] = [0] * n
    given = cmd.seats
    rank: Callable[[int], int] | None = None  # a player's turn in the draw (None: his id, ids in order)
    if given is None and not dealers:
        for pid, place in zip(ids, ctx.rng.permutation(n)):
            slots[place] = pid
    else:
        seats = _plain_draw(ctx, players, sizes, given, dealers)  # every place, once each (checked)
        for pid, (t, s) in seats.items():
            slots[starts[t - 1] + s - 1] = pid
        rank = dict(zip(seats, range(n))).__getitem__
    # Each table's places in the order of the draw, the tables by their first player drawn.
    groups: list[tuple[int, int, list[int]]] = []  # (first player's turn, table, places in turn)
    for number, size in enumerate(sizes, start=1):
        if size:
            begin = starts[number - 1]
            table_slots = slots[begin : starts[number]]
            turn = table_slots.__getitem__ if rank is None else (lambda i, s=table_slots: rank(s[i]))
            order = sorted(range(size), key=turn)
            groups.append((turn(order[0]), number, [begin + i for i in order]))
    groups.sort()
    given_cards = cmd.button_cards
    hands: list[list[str]]
    if given_cards is None:
        hands = ctx.rng.deal_hands([len(places) for _, _, places in groups])
    else:
        dealt = button_draws(ctx, {number: [slots[i] for i in places] for _, number, places in groups}, given_cards)
        hands = [[dealt[number][slots[i]] for i in places] for _, number, places in groups]
    max_seats = ctx.profile["table.max_seats"]
    blinds: dict[tuple[int, int], FirstHand] = {}  # (button seat, players) -> the first hand's seats
    buttons: dict[int, FirstHand] = {}
    cards: list[str] = [""] * n
    value = DECK_ORDER.__getitem__ if given_cards is None else card_value
    for (_unused, number, places), hand in zip(groups, hands):
        for place, card in zip(places, hand):
            cards[place] = card
        values = list(map(value, hand))
        first_place, size = starts[number - 1], sizes[number - 1]
        key = (places[values.index(max(values))] - first_place + 1, size)  # SEAT-5: the highest card's seat
        first = blinds.get(key)
        if first is None:
            pos = first_hand(key[0], range(1, size + 1), max_seats)
            first = blinds[key] = FirstHand(button=pos.button, sb_seat=pos.sb_seat, sb=pos.sb, bb=pos.bb)
        buttons[number] = first
    return SeatsDrawn(method="random", seated=slots, sizes=sizes, button_cards=cards, buttons=buttons)


def drawn_seats(data: dict[str, Any]) -> Iterator[tuple[int, int, int, str | None]]:
    """(player, table, seat, card or None) of each place of a ``seats_drawn``, in either of its forms.

    - the column form of a random draw: ``seated`` (players in table and seat order), ``sizes``
      (players at tables 1, 2, ...; seats 1 to that size), ``button_cards`` (aligned with ``seated``);
    - the row form (the card draw, and every draw an older Floorman wrote): ``assignments``, rows of
      ``[player, table, seat, card or None]``, and any button cards under each table's ``buttons``.
    """
    if "seated" not in data:
        for pid, number, seat, card in data["assignments"]:
            yield int(pid), int(number), int(seat), card
        return
    seated, cards = data["seated"], data.get("button_cards")
    place = 0
    for number, size in enumerate(data["sizes"], start=1):
        for seat in range(1, size + 1):
            yield seated[place], number, seat, (cards[place] if cards else None)
            place += 1


def draw_everyone(ctx: Context, players: list[Player], tables: int, cmd: DrawInputs) -> SeatsDrawn:
    """Seat ``players`` at tables 1..``tables`` by the profile's method: the ``seats_drawn``."""
    sizes = table_sizes(len(players), tables, ctx.profile["seat.extra_to"])
    players = sorted(players, key=attrgetter("id"))
    ids = [p.id for p in players]
    dealers = named_dealers(ctx, cmd.dealers, ids, tables)
    if ctx.profile["seat.method"] != "card_draw":
        drawn = _random_draw(ctx, players, ids, sizes, cmd, dealers)
        if dealers:
            seated = drawn.seated or []
            at = dict(zip(seated, [number for number, size in enumerate(sizes, start=1) for _ in range(size)]))
            drawn.dealers = dealer_tables(ctx.state, dealers, at)
        return drawn
    # SEAT-3: the card draw (at most four tables) keeps the row form, the card of each row its seat card.
    assignments: list[DrawRow] = []
    for pid, card in _card_draw(ctx, players, sizes, cmd.cards, dealers).items():
        index, seat = card_seat(card)
        assignments.append((pid, index + 1, seat, card))
    assignments.sort(key=itemgetter(1, 2))
    buttons: dict[int, FirstHand] = {}
    for number in range(1, tables + 1):
        occupied = [a[2] for a in assignments if a[1] == number]
        pos = first_hand(1, occupied, ctx.profile["table.max_seats"])  # the ace holds the button
        buttons[number] = FirstHand(button=pos.button, sb_seat=pos.sb_seat, sb=pos.sb, bb=pos.bb)
    drawn = SeatsDrawn(method="card_draw", assignments=assignments, buttons=buttons)
    if dealers:
        drawn.dealers = dealer_tables(ctx.state, dealers, {a[0]: a[1] for a in assignments})
    return drawn


@command
def seat_all(ctx: Context, cmd: SeatAll) -> None:
    """The initial draw: every entrant gets a table and seat (SEAT-1/2 random, or SEAT-3 card draw; SEAT-4 dealers)."""
    if any(t.seats for t in ctx.state.tables.values()):
        raise RuleError("ALREADY_STARTED", _("The draw is done; seat late entrants with seat_player."), "SEAT-7")
    players = unseated_entrants(ctx.state)
    if not players:
        raise RuleError("INVALID_INPUT", _("There is nobody to seat: register and buy in players first."))
    max_seats = int(ctx.profile["table.max_seats"])
    tables = -(-len(players) // max_seats)
    for number, size in enumerate(table_sizes(len(players), tables, ctx.profile["seat.extra_to"]), start=1):
        opened = ctx.state.tables.get(number)
        if opened is not None and opened.max_seats < size:
            raise RuleError(
                "NO_OPEN_SEAT",
                _(
                    "Table {number} was opened with {max_seats} seats, but the draw seats {size} players there "
                    "({n} players at tables of up to {max_seats2}): set table.max_seats to {max_seats} with "
                    "change_settings, so the draw uses more tables.",
                    number=number,
                    max_seats=opened.max_seats,
                    size=size,
                    n=len(players),
                    max_seats2=max_seats,
                ),
                "SEAT-2",
            )
    with collector_paused():
        drawn = draw_everyone(ctx, players, tables, cmd)
        new = [number for number in range(1, tables + 1) if number not in ctx.state.tables]
        if len(new) == 1:
            ctx.emit(TableOpened(table=new[0], seats=max_seats))
        elif new:
            ctx.emit(TablesOpened(tables=new, seats=max_seats))
        ctx.emit(drawn)


@applies
def _seats_drawn(state: TournamentState, ev: SeatsDrawn) -> None:
    came_from = ev.came_from  # a redraw: where each player sat before (older logs: not known)
    if came_from is not None:
        moves = state.seat_moves
        for pid, number, seat, _card in ev.places():
            old = came_from.get(pid) or (None, None)
            moves.append(
                {"kind": "redraw", "player": pid, "from_table": old[0], "from_seat": old[1], "to_table": number,
                 "to_seat": seat, "reason": "redraw", "at": ev.at}
            )
    tables = state.tables
    if ev.seated is not None:
        seated = _seat_columns(state, ev.seated, ev.sizes or [], ev.button_cards)
    else:
        seated = _seat_rows(state, ev.assignments or [])
    state.index.refill(tables[number] for number in sorted(seated))
    if state.waiting:
        now_seated = {pid for pid, *_ in ev.places()}
        state.waiting = [pid for pid in state.waiting if pid not in now_seated]
    for number, pos in ev.buttons.items():
        table = tables[number]
        table.designated_dealer = ev.dealers.get(number)
        table.button, table.sb_seat, table.sb, table.bb = pos.button, pos.sb_seat, pos.sb, pos.bb
        table.button_held = table.frozen = False
        if table.dead_seats or table.moved_out or table.newcomers or table.sitting_out:  # a redraw
            table.dead_seats.clear()
            table.moved_out.clear()
            table.newcomers.clear()
            table.sitting_out.clear()
        if pos.cards:  # the row form keeps the button cards here
            table.draw_cards.update(pos.cards)


def _seat_columns(state: TournamentState, seated: list[int], sizes: list[int], cards: list[str] | None) -> set[int]:
    """Seat the column form of a draw, table by table; the numbers of the tables that got players."""
    tables, players = state.tables, state.players
    at_tables: set[int] = set()
    start = 0
    for number, size in enumerate(sizes, start=1):
        if not size:
            continue
        end = start + size
        pids = seated[start:end]
        table = tables[number]
        table.seats.update(zip(range(1, size + 1), pids))
        if cards:
            table.draw_cards.update(zip(pids, cards[start:end]))
        seat = 0
        for pid in pids:
            seat += 1
            p = players[pid]
            p.status = SEATED
            p.table = number
            p.seat = seat
        at_tables.add(number)
        start = end
    return at_tables


def _seat_rows(state: TournamentState, assignments: list[DrawRow]) -> set[int]:
    """Seat the row form of a draw (``[player, table, seat, card or None]``, table by table usually)."""
    tables, players = state.tables, state.players
    at_tables: set[int] = set()
    current: int | None = None
    seats: dict[int, int] = {}
    cards: dict[int, str] = {}
    for pid, number, seat, card in assignments:
        if number != current:
            table = tables[number]
            current, seats, cards = number, table.seats, table.draw_cards
            at_tables.add(number)
        seats[seat] = pid
        p = players[pid]
        p.status = SEATED
        p.table = number
        p.seat = seat
        if card is not None:
            cards[pid] = card
    return at_tables
