"""Everything the tournament's JSON view (``Tournament.view()``) shows, as one typed value.

:func:`detail` gives a :class:`DetailView`: the faces' :class:`~app.views.read.TournamentView` (players,
payouts, places, the deal, the clock), every table with its :class:`~app.views.tables.TableDetail`, and
the parts only the JSON shows (the money's accounts, the structure, the games, the bounties ...).
:func:`json_view` writes each part of the JSON view from it: a plain dump (:func:`app.views.dump.dump`),
or a mapping that only renames and reshapes (the players keyed by name, the tables by number).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cached_property
from typing import Any, Protocol

import msgspec

from app.core.state import TournamentState
from app.eliminations.payouts import awards, is_satellite, prize_table
from app.views.dump import dump
from app.views.parts.balance import BalanceView, LastBalance, LockedSeat, balance, last_balance, locks
from app.views.parts.bounties import BountiesView, bounties
from app.views.parts.chips import ChipRaceView, ChipsView, chip_race, chips
from app.views.parts.games import GamesView, games
from app.views.parts.money import AccountsView, accounts
from app.views.parts.satellite import SatelliteView, satellite
from app.views.parts.structure import StructureTable, structure_table
from app.views.parts.tournament import (
    AnnouncementView,
    HandForHandView,
    PreregisteredView,
    TournamentFacts,
    announcements,
    hand_for_hand,
    preregistered,
    tournament_facts,
)
from app.views.read import (
    Awards,
    ClockView,
    DealView,
    PayoutView,
    PlaceView,
    PlayerView,
    TableView,
    TournamentView,
    _deal,
    _full,
    _payouts,
    _places,
    _players,
    _tables,
    build_summary,
    clock_at,
)


class DetailView(msgspec.Struct, frozen=True):
    """The tournament as the JSON view shows it, typed (see the module's words)."""

    view: TournamentView  # what the faces read, each table with its detail
    tournament: TournamentFacts
    money: AccountsView
    structure: StructureTable
    games: GamesView
    bounties: BountiesView
    chips: ChipsView
    chip_race: ChipRaceView
    balance: BalanceView | None
    last_balance: LastBalance | None
    locks: tuple[LockedSeat, ...]
    satellite: SatelliteView | None
    hand_for_hand: HandForHandView

    @property
    def players(self) -> tuple[PlayerView, ...]:
        return self.view.players

    @property
    def tables(self) -> tuple[TableView, ...]:
        return self.view.tables

    @property
    def payouts(self) -> tuple[PayoutView, ...]:
        return self.view.payouts

    @property
    def places(self) -> tuple[PlaceView, ...]:
        return self.view.places

    @property
    def deal(self) -> DealView | None:
        return self.view.deal

    @property
    def clock(self) -> ClockView:
        return self.view.clock

    @property
    def announcements(self) -> tuple[AnnouncementView, ...]:
        return self.view.announcements

    @property
    def preregistered(self) -> tuple[PreregisteredView, ...]:
        return self.view.preregistered


class _Parts(Protocol):
    """What the JSON's parts are written from: a :class:`DetailView`, or the pieces of one built on demand."""

    @property
    def players(self) -> tuple[PlayerView, ...]: ...
    @property
    def tables(self) -> tuple[TableView, ...]: ...
    @property
    def payouts(self) -> tuple[PayoutView, ...]: ...
    @property
    def places(self) -> tuple[PlaceView, ...]: ...
    @property
    def deal(self) -> DealView | None: ...
    @property
    def clock(self) -> ClockView: ...
    @property
    def money(self) -> AccountsView: ...
    @property
    def structure(self) -> StructureTable: ...
    @property
    def games(self) -> GamesView: ...
    @property
    def bounties(self) -> BountiesView: ...
    @property
    def tournament(self) -> TournamentFacts: ...
    @property
    def chips(self) -> ChipsView: ...
    @property
    def chip_race(self) -> ChipRaceView: ...
    @property
    def balance(self) -> BalanceView | None: ...
    @property
    def last_balance(self) -> LastBalance | None: ...
    @property
    def locks(self) -> tuple[LockedSeat, ...]: ...
    @property
    def satellite(self) -> SatelliteView | None: ...
    @property
    def hand_for_hand(self) -> HandForHandView: ...
    @property
    def announcements(self) -> tuple[AnnouncementView, ...]: ...
    @property
    def preregistered(self) -> tuple[PreregisteredView, ...]: ...


class _Pieces:
    """The pieces of a :class:`DetailView` of ``state`` at ``now``, each built the first time it is read
    (a JSON view of one part builds only what that part shows), all from one prize table."""

    def __init__(self, state: TournamentState, now: float | None) -> None:
        self.state = state
        self.now = now

    @cached_property
    def prizes(self) -> tuple[list[int], Awards]:
        """The prize table and each placed player's award (place, prize, tied)."""
        if self.state.profile is None:
            return [], {}
        table = prize_table(self.state)
        return table, awards(self.state, table)

    @cached_property
    def players(self) -> tuple[PlayerView, ...]:
        return _players(self.state, self.prizes[1])

    @cached_property
    def tables(self) -> tuple[TableView, ...]:
        return _tables(self.state, self.now, detail=True)

    @cached_property
    def payouts(self) -> tuple[PayoutView, ...]:
        table, won = self.prizes
        return _payouts(self.state, table, won) if self.state.profile is not None else ()

    @cached_property
    def places(self) -> tuple[PlaceView, ...]:
        return _places(self.state, self.prizes[1])

    @cached_property
    def deal(self) -> DealView | None:
        return _deal(self.state)

    @cached_property
    def clock(self) -> ClockView:
        return clock_at(self.state, self.now)

    @cached_property
    def money(self) -> AccountsView:
        return accounts(self.state)

    @cached_property
    def structure(self) -> StructureTable:
        return structure_table(self.state)

    @cached_property
    def games(self) -> GamesView:
        return games(self.state, self.now)

    @cached_property
    def bounties(self) -> BountiesView:
        return bounties(self.state)

    @cached_property
    def tournament(self) -> TournamentFacts:
        return tournament_facts(self.state)

    @cached_property
    def chips(self) -> ChipsView:
        return chips(self.state)

    @cached_property
    def chip_race(self) -> ChipRaceView:
        return chip_race(self.state, self.clock)

    @cached_property
    def balance(self) -> BalanceView | None:
        return balance(self.state)

    @cached_property
    def last_balance(self) -> LastBalance | None:
        return last_balance(self.state)

    @cached_property
    def locks(self) -> tuple[LockedSeat, ...]:
        return locks(self.state)

    @cached_property
    def satellite(self) -> SatelliteView | None:
        return satellite(self.state, self.prizes[1]) if is_satellite(self.state) else None

    @cached_property
    def hand_for_hand(self) -> HandForHandView:
        return hand_for_hand(self.state)

    @cached_property
    def announcements(self) -> tuple[AnnouncementView, ...]:
        return announcements(self.state)

    @cached_property
    def preregistered(self) -> tuple[PreregisteredView, ...]:
        return preregistered(self.state)


def detail(state: TournamentState, now: float | None = None) -> DetailView:
    """The typed JSON view of ``state`` at ``now`` (None: as of the clock's last change), computed afresh."""
    src = _Pieces(state, now)
    brief, won = build_summary(state, now)
    view = _full(state, brief, won, now, players=src.players, tables=src.tables)
    return DetailView(view=view, tournament=src.tournament, money=src.money, structure=src.structure,
                      games=src.games, bounties=src.bounties, chips=src.chips, chip_race=src.chip_race,
                      balance=src.balance, last_balance=src.last_balance, locks=src.locks, satellite=src.satellite,
                      hand_for_hand=src.hand_for_hand)


# -- the JSON view's parts, written from the typed view -----------------------------------------------


def _player(p: PlayerView) -> dict[str, Any]:
    return {
        "id": p.id,
        "status": p.status,
        "stack": p.stack,
        "table": p.table,
        "seat": p.seat,
        "place": p.place,
        "place_label": p.place_label if p.place is not None else None,
        "tied": p.tied,
        "prize_cents": p.prize_cents,
        "entries": p.entries,
        "rebuys": p.rebuys,
        "addons": p.addons,
        "topups": p.topups,
        "reentries": p.reentries,
        "paid_cents": p.paid_cents,
        "deciding": p.deciding,
        "absent_since": p.absent_since,
        "out_reason": p.out_reason,
        "refunded": p.refunded,
        "waiting": p.waiting,
        "bounty_cents": p.bounty_cents,
        "bounties_won_cents": p.bounties_won_cents,
        "knockouts": p.knockouts,
    }


def _table(t: TableView) -> dict[str, Any]:
    d = t.detail
    assert d is not None and t.hand is not None
    return {
        "number": t.number,
        "max_seats": t.max_seats,
        "population": t.population,
        "seats": {str(s.seat): {"player": s.name, "stack": s.stack, "locked": d.locked[s.seat]} for s in t.seats},
        "button": t.button,
        "button_marker": t.button_marker,
        "dealer": d.dealer,
        "dealer_player": d.dealer_player,
        "sb": t.sb,
        "sb_seat": d.sb_seat,
        "bb": t.bb,
        "button_known": d.button_known,
        "held": d.held,
        "frozen": d.frozen,
        "hands": d.hands,
        "hand": dump(t.hand.raw),
        "halted": dump(d.halted),
        "not_dealt": dump(d.not_dealt),
        "next_hand": dump(d.next_hand),
        "dealing_seat": d.dealing_seat,
        "draw_cards": dump(d.draw_cards),
        "designated_dealer": dump(d.designated_dealer),
    }


def _payout(r: PayoutView) -> dict[str, Any]:
    return {"place": r.place, "player": r.name, "amount_cents": r.prize_cents, "tied": r.tied}


def _place(r: PlaceView) -> dict[str, Any]:
    return {"place": r.place, "players": list(r.recorded), "tied": r.tied, "label": r.label, "reason": r.reason}


def _deal_json(d: DealView | None) -> dict[str, Any] | None:
    if d is None:
        return None
    return {
        "method": d.method,
        "save_cents": d.save_cents,
        "prizes_cents": list(d.prizes_cents),
        "lines": [{"player": ln.name, "player_id": ln.player_id, "chips": ln.chips, "amount_cents": ln.amount_cents}
                  for ln in d.lines],
    }


def _balance_json(b: BalanceView | None) -> dict[str, Any]:
    if b is None:
        return {}
    return {
        "needed": b.needed,
        "moves": dump(b.moves),
        "break": dump(b.break_plan),
        "redraw": dump(b.redraw_plan),
        "halted": list(b.halted),
        "halts": dump(b.halts),
        "spread": b.spread,
        "limit": b.limit,
    }


class Part(msgspec.Struct, frozen=True):
    """One part of the JSON view: what it shows, in words, and how it is written from the typed view."""

    words: str
    write: Callable[[_Parts], Any]


PARTS: dict[str, Part] = {
    "announcements": Part("The director's announcements for the room's screens, in the order they show: number, "
                          "words, the time set, seconds, and when the screens show it.",
                          lambda v: dump(v.announcements)),
    "balance": Part("Pending moves, breaks and redraws with their reasons (empty when the field is balanced); "
                    "the halted tables (BAL-1), the spread and its limit.", lambda v: _balance_json(v.balance)),
    "bounties": Part("KO: the bounty pool and what each player has on his head, has won, and how many he "
                     "knocked out; every knockout with what each eliminator was paid.", lambda v: dump(v.bounties)),
    "chip_race": Part("Chips in play, the race due at this break (who races how many odd chips), the last race, "
                      "the chips found (RACE).", lambda v: dump(v.chip_race)),
    "chips": Part("Chips issued, added, removed and in play; the loose chips and where they may be; a count's "
                  "discrepancy and the corrections.", lambda v: dump(v.chips)),
    "clock": Part("The clock at the tournament's time: level, game, forced bets, time left, what comes next, "
                  "late registration.", lambda v: dump(v.clock.raw)),
    "deal": Part("The recorded deal (PAY-11): method, each player's chips and amount, the amount left to play "
                 "for; null without one.", lambda v: _deal_json(v.deal)),
    "games": Part("The games (MIX): the mode, the games, the hat's draws and what is still in it, each table's "
                  "game in a rotation or dealer's choice.", lambda v: dump(v.games)),
    "hand_for_hand": Part("Whether hand-for-hand is on, the round being played, and the announcement.",
                          lambda v: dump(v.hand_for_hand)),
    "last_balance": Part("BAL-6: the last balance, or null before any seat changed after the draw.",
                         lambda v: dump(v.last_balance)),
    "locks": Part("LOCK-5: every locked player, where he sits, and why.", lambda v: dump(v.locks)),
    "money": Part("The pools, fees, refunds, purchases by kind, the money log's totals and the payout check.",
                  lambda v: dump(v.money)),
    "payouts": Part("The payout table: one row per paid place, a tied block one row per tied player.",
                    lambda v: [_payout(r) for r in v.payouts]),
    "places": Part("Every decided place (ELIM-5), best first: its players, tie and reason.",
                   lambda v: [_place(r) for r in v.places]),
    "players": Part("Every player by name: status, stack, seat, place, prize, purchases, bounties.",
                    lambda v: {p.name: _player(p) for p in v.players}),
    "preregistered": Part("REG-10: the names pre-registered and not yet checked in (no seat, not in the field, the "
                          "pool or the places), each with whether the buy-in was paid ahead.",
                          lambda v: dump(v.preregistered)),
    "satellite": Part("SAT-1 to SAT-4: the seats, their value, the cash left, and who won a seat; null when "
                      "the event is not a satellite.", lambda v: dump(v.satellite)),
    "structure": Part("The structure sheet: every level's forced bets per family, its length and game; the "
                      "breaks.", lambda v: dump(v.structure)),
    "tables": Part("Every table by number: seats, button, blinds, the hand it plays, who is not dealt in, the "
                   "next hand's positions, a halt.", lambda v: {str(t.number): _table(t) for t in v.tables}),
    "tournament": Part("The tournament's name, profile, whether it started or ended, its events and the "
                       "director's notes.", lambda v: dump(v.tournament)),
}


def json_view(state: TournamentState, now: float | None = None, part: str | None = None) -> dict[str, Any]:
    """The JSON view of ``state`` at ``now``: every part, or the one named."""
    src: _Parts = _Pieces(state, now)
    names = sorted(PARTS) if part is None else [part]
    return {name: PARTS[name].write(src) for name in names}
