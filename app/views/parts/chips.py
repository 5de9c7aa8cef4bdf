"""The chips (the JSON view's ``chips``): issued, added, removed, in play, the loose chips and where they
may be, a count's discrepancy and the corrections; and the chip race (``chip_race``, RACE): the chips in
play, the race due at this break, the last race and the chips found."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import msgspec

from app.chips import loose
from app.chips.chipcount import chips_in_play
from app.chips.race import in_play, plan, raced_off
from app.core.state import TournamentState
from app.views.read import ClockView


class ChipsView(msgspec.Struct, frozen=True):
    issued: int
    added: int
    removed: int
    in_play: int  # on the tables (and loose)
    expected: int  # issued + added - removed
    loose: Mapping[str, int]  # table -> chips won there and not yet credited by a count
    loose_at: Mapping[str, tuple[int, ...]]  # table -> the tables where those chips may be now
    discrepancy: Mapping[str, Any]  # a flagged count's differences, by player
    corrections: tuple[Mapping[str, Any], ...]


class Racer(msgspec.Struct, frozen=True):
    player: int
    name: str
    seat: int | None
    stack: int
    odd: int  # odd chips of the denomination raced off
    lost: int  # chips below the denomination, lost
    left: int  # his stack without them


class RaceTable(msgspec.Struct, frozen=True):
    table: int
    pool_value: int  # the odd chips' value
    chips: int  # chips of the next denomination it buys (RACE-3)
    racers: tuple[Racer, ...]


class RaceDue(msgspec.Struct, frozen=True):
    denomination: int
    next: int
    per_new_chip: int  # chips of the denomination per chip of the next
    tables: tuple[RaceTable, ...]


class FoundChips(msgspec.Struct, frozen=True):
    """RACE-4: raced-off chips found after the race, exchanged for the smallest chip in play."""

    at: float
    name: str
    player: int
    denomination: int
    count: int
    value: int
    smallest: int
    credited: int
    remainder: int


class ChipRaceView(msgspec.Struct, frozen=True):
    chips: tuple[Mapping[str, Any], ...]  # the profile's chip set
    in_play: tuple[int, ...]
    raced_off: tuple[int, ...]
    due: RaceDue | None  # on a break that races a denomination still in play
    last: Mapping[str, Any] | None  # the last race
    found: tuple[FoundChips, ...]


def chips(state: TournamentState) -> ChipsView:
    pending = state.pending_count
    now = loose.places(state)
    lots = [(k, v) for k, v in sorted(state.loose_chips.items()) if v]
    return ChipsView(
        issued=state.chips_issued,
        added=state.chips_added,
        removed=state.chips_removed,
        in_play=chips_in_play(state),
        expected=state.expected_chips(),
        loose={str(k): v for k, v in lots},
        loose_at={str(k): tuple(sorted(loose.where(state, k, now))) for k, _v in lots},
        discrepancy={str(k): d for k, d in pending["differences"]} if pending else {},
        corrections=tuple(state.extra.get("chip_corrections", [])),
    )


def _race_table(row: Mapping[str, Any]) -> RaceTable:
    return RaceTable(int(row["table"]), int(row["pool_value"]), int(row["chips"]),
                     tuple(Racer(r["player"], r["name"], r["seat"], r["stack"], r["odd"], r["lost"], r["left"])
                           for r in row["racers"]))


def chip_race(state: TournamentState, clock: ClockView) -> ChipRaceView:
    """The chip race as ``clock`` (the clock at the time read) finds it."""
    raw = clock.raw
    brk = raw.get("break") or {}
    gone = raced_off(state)
    chips_now = in_play(state)
    pending = [d for d in brk.get("race", []) if d not in gone]
    due = None
    if raw.get("on_break") and pending:
        d = pending[0]
        at = chips_now.index(d) if d in chips_now else None
        new = chips_now[at + 1] if at is not None and at + 1 < len(chips_now) else None
        if new is not None:
            due = RaceDue(d, new, new // d, tuple(_race_table(row) for row in plan(state, d, new)))
    book = state.extra.get("chip_race", {})
    return ChipRaceView(
        chips=tuple(state.profile["chips"]) if state.profile else (),
        in_play=tuple(chips_now),
        raced_off=tuple(gone),
        due=due,
        last=book.get("last"),
        found=tuple(FoundChips(f["at"], f["name"], f["player"], f["denomination"], f["count"], f["value"],
                               f["smallest"], f["credited"], f["remainder"]) for f in book.get("found", [])),
    )
