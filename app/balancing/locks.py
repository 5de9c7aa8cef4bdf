"""Locked seats (LOCK-1 to LOCK-5): players balancing and breaking leave where they are if they can.

- LOCK-1: the director locks a player's seat (``lock_seat``, with a reason: a player-dealer, a player
  who cannot move for his health, the director's own call) and unlocks it (``unlock_seat``).
- LOCK-2: a balance move never takes a locked player while the rule can take another: the profile's
  method picks its player (the next big blind, the same position, the highest seat ...), and when he is
  locked the next one in the same order is taken (clockwise after him; for ``highest_seat_to_lowest_open``
  the next highest seat); when every player at the table is locked another table of the same size gives.
  Only when no unlocked player can move does a locked one move, and the move says why.
- LOCK-3: the lock moves with the player: when a locked player must move (his table breaks, every
  player of the table giving is locked, a redraw such as the final table's, or the director moves him),
  he is still locked at his new seat, with the same reason.
- LOCK-4: a designated dealer (SEAT-4) is locked by default while he deals at his table; ``unlock_seat``
  frees him, ``lock_seat`` locks him again.
- LOCK-5: the tables, the players and the balance plan show the lock and its reason.

The locks are kept in ``state.extra``: ``seat_locks`` (player id -> reason) and ``dealers_unlocked`` (the
designated dealers the director freed).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from app.commands.seating import LockSeat, UnlockSeat
from app.core import inputs
from app.core.registry import applies, command
from app.core.state import TournamentState
from app.errors import RuleError
from app.events.balancing import SeatLocked, SeatUnlocked
from app.i18n import _

if TYPE_CHECKING:
    from app.core.context import Context

DEALER = "player-dealer (SEAT-4)"


def _explicit(state: TournamentState) -> dict[str, str]:
    locks: dict[str, str] = state.extra.get("seat_locks", {})
    return locks


def dealer_lock(state: TournamentState, pid: int) -> str | None:
    """LOCK-4: the designated dealer of the table he sits at is locked, unless the director freed him."""
    p = state.players.get(pid)
    if p is None or p.table is None:
        return None
    table = state.tables.get(p.table)
    if table is None or table.designated_dealer != pid:
        return None
    if pid in state.extra.get("dealers_unlocked", ()):
        return None
    return f"{DEALER} at table {table.number}"


def lock_reason(state: TournamentState, pid: int | None) -> str | None:
    """Why the player's seat is locked, or None when it is not."""
    if pid is None:
        return None
    reason = _explicit(state).get(str(pid))
    if reason is not None:
        return reason
    return dealer_lock(state, pid)


def locked_players(state: TournamentState) -> dict[int, str]:
    """Every seated player whose seat is locked, with the reason."""
    out: dict[int, str] = {}
    for key, reason in _explicit(state).items():
        p = state.players.get(int(key))
        if p is not None and p.live:
            out[p.id] = reason
    for table in state.tables.values():
        pid = table.designated_dealer
        if pid is not None and pid not in out:
            reason_ = dealer_lock(state, pid)
            if reason_ is not None:
                out[pid] = reason_
    return out


def carry_locks(ctx: Context, pids: list[int], why: str) -> None:
    """LOCK-3: before locked players leave their seats, a lock that holds only at this table (a dealer's)
    is written down for the player, so it moves with him."""
    for pid in pids:
        if str(pid) in _explicit(ctx.state):
            continue
        reason = dealer_lock(ctx.state, pid)
        if reason is not None:
            ctx.emit(SeatLocked(player=pid, reason=f"{reason}, moved with the player ({why})", carried=True))


@command
def lock_seat(ctx: Context, cmd: LockSeat) -> None:
    """Lock a player's seat: balancing and breaking move him only when there is no other way (LOCK-1)."""
    p = inputs.live(inputs.player(ctx.state, cmd.player))
    reason = (cmd.reason or "").strip() or "locked by the director"
    if len(reason) > 200:
        raise RuleError("INVALID_INPUT", _("The reason for the lock is at most 200 characters."), "LOCK-1")
    if lock_reason(ctx.state, p.id) == reason:
        raise RuleError(
            "INVALID_INPUT", _("{name}'s seat is already locked ({reason}).", name=p.name, reason=reason), "LOCK-1"
        )
    ctx.emit(SeatLocked(player=p.id, reason=reason))


@command
def unlock_seat(ctx: Context, cmd: UnlockSeat) -> None:
    """Unlock a player's seat (a designated dealer too): balancing may move him again (LOCK-1, LOCK-4)."""
    p = inputs.player(ctx.state, cmd.player)
    if lock_reason(ctx.state, p.id) is None:
        raise RuleError("INVALID_INPUT", _("{name}'s seat is not locked.", name=p.name), "LOCK-1")
    ctx.emit(SeatUnlocked(player=p.id))


@applies
def _seat_locked(state: TournamentState, ev: SeatLocked) -> None:
    state.extra.setdefault("seat_locks", {})[str(ev.player)] = ev.reason


@applies
def _seat_unlocked(state: TournamentState, ev: SeatUnlocked) -> None:
    pid = ev.player
    locks = state.extra.get("seat_locks", {})
    locks.pop(str(pid), None)
    if not locks:
        state.extra.pop("seat_locks", None)
    p = state.players.get(pid)
    table = state.tables.get(p.table) if p is not None and p.table is not None else None
    if table is not None and table.designated_dealer == pid:
        freed = state.extra.setdefault("dealers_unlocked", [])
        if pid not in freed:
            freed.append(pid)
