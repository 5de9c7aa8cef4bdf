"""Checking a tournament file from scratch: replay, compare with snapshots, check every invariant.

:func:`verify_file` opens the file read-only (it never changes it), replays the whole log with no
snapshot, and compares the result with the state the store loads (latest snapshot + tail) and with
every snapshot kept in the file. Then it checks the engine's invariants on the final state: chips
conserved, each live player seated at most once, no table over its seats, payouts adding up to the
prize pool (plus the checks of :mod:`app.invariants`). The first problem is what a director reads.
A payout table the director typed that does not add up is a note, not a problem: PAY-6 flags it and
lets it stand.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from app.core.state import TournamentState
from app.log.history import Action, replay_history
from app.log.snapshots import SnapshotFormatError, load_state, state_limit
from db.loading import snapshot_rows
from db.store import TournamentStore, state_fingerprint


@dataclass
class Report:
    path: str
    actions: int = 0
    events: int = 0
    players: int = 0
    places_paid: int = 0
    prize_pool_cents: int = 0
    snapshots_checked: int = 0
    problems: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)  # flagged for the director; the file is sound with them

    @property
    def ok(self) -> bool:
        return not self.problems

    def to_dict(self) -> dict[str, Any]:
        return {"ok": self.ok, "file": self.path, "actions": self.actions, "events": self.events,
                "players": self.players, "places_paid": self.places_paid,
                "prize_pool_cents": self.prize_pool_cents, "snapshots_checked": self.snapshots_checked,
                "problems": self.problems, "notes": self.notes}


def seat_problems(state: TournamentState) -> list[str]:
    problems: list[str] = []
    where: dict[int, int] = {}
    for number, table in sorted(state.tables.items()):
        if len(table.seats) > table.max_seats:
            problems.append(f"table {number} has {len(table.seats)} players for {table.max_seats} seats")
        for seat, pid in table.seats.items():
            if not 1 <= seat <= table.max_seats:
                problems.append(f"table {number} uses seat {seat}, outside 1..{table.max_seats}")
            if pid in where:
                name = state.players[pid].name if pid in state.players else f"player {pid}"
                problems.append(f"{name} is seated twice (tables {where[pid]} and {number})")
            where[pid] = number
    return problems


def invariant_problems(state: TournamentState) -> list[str]:
    """The invariants that do not hold, less what the rules let stand and only flag (:func:`flags`)."""
    from app import invariants

    problems = seat_problems(state)
    flagged = invariants.flagged(state)
    return problems + [p for p in invariants.all_problems(state) if p not in problems and p not in flagged]


def flags(state: TournamentState) -> list[str]:
    """What the director is told but the file is sound with: a payout table he typed that does not add up
    to the prize pool is flagged (PAY-6), not refused, so the file still verifies."""
    from app import invariants
    from app.eliminations.payouts import payout_check
    from app.format import money
    from app.views.read import currency_of

    if not invariants.flagged(state):
        return []
    check, cur = payout_check(state), currency_of(state)
    off = check["difference_cents"]
    return [f"the director's payout table adds up to {money(check['total_cents'], cur)}, "
            f"{money(abs(off), cur)} {'over' if off > 0 else 'short of'} the prize pool of "
            f"{money(check['total_cents'] - off, cur)}; it is flagged for him to correct (PAY-6)"]


def _diff(a: TournamentState, b: TournamentState) -> str:
    for name in a.__dataclass_fields__:
        if getattr(a, name) != getattr(b, name):
            return name
    return "?"


def verify_file(path: Path | str) -> Report:
    """Check ``path``; raises :class:`db.errors.StoreError` if it cannot be opened at all."""
    path = Path(path)
    report = Report(str(path))
    with TournamentStore.open(path, read_only=True) as store:
        check(report, store._history.actions, store.tournament.state,
              [(seq, snap_fp, blob) for _id, seq, snap_fp, blob in snapshot_rows(store._db)])
    return report


def check(report: Report, actions: list[Action], loaded: TournamentState,
          snapshots: list[tuple[int, str, bytes]]) -> None:
    """Fill ``report`` for a log of ``actions`` whose store loaded the state ``loaded`` (from its latest
    snapshot and the actions after it) and keeps ``snapshots`` ``(action_seq, fingerprint, state)``: the
    whole log replayed from the start must give ``loaded`` and, up to each snapshot of this version, that
    snapshot; then the engine's invariants on the final state. Shared by a file and a shared tournament."""
    report.actions = len(actions)
    scratch = replay_history(actions).tournament
    report.events = len(scratch.log)
    if scratch.state != loaded:
        field_name = _diff(scratch.state, loaded)
        report.problems.append(f"replaying the log from the start does not give the saved state ({field_name})")
    fp = state_fingerprint()
    for seq, snap_fp, blob in snapshots:
        if snap_fp != fp:
            continue
        report.snapshots_checked += 1
        try:
            saved = load_state(blob, state_limit(seq))
        except SnapshotFormatError as exc:
            report.problems.append(f"the snapshot after action {seq} cannot be read: {exc}")
            continue
        except Exception:  # noqa: BLE001 - a damaged snapshot is a finding, not a crash
            report.problems.append(f"the snapshot after action {seq} cannot be read (the log is intact)")
            continue
        partial = replay_history(actions[:seq]).tournament.state
        if saved != partial:
            report.problems.append(f"the snapshot after action {seq} differs from replaying the log up to it")
    state = scratch.state
    report.problems += invariant_problems(state)
    report.notes = flags(state)
    report.players = len(state.players)
    report.prize_pool_cents = state.pool_cents
    try:
        payouts = scratch.view("payouts").get("payouts")
    except Exception as exc:  # noqa: BLE001 - a payout table no view can show is a finding
        report.problems.append(f"the payouts cannot be shown ({type(exc).__name__})")
        payouts = None
    if isinstance(payouts, list):
        report.places_paid = sum(1 for row in payouts if isinstance(row, dict) and row.get("amount_cents"))
