"""Finishing places (ELIM-2, ELIM-4, ELIM-5).

Batches are kept in the order their hands ended. Places are given from the bottom: the latest batch
takes the places just below the players still in the field, the batch before it the places below
those, and so on. A new entry or a re-entry changes the field size N, so every place moves (the places
are provisional until late entry closes, ELIM-2); :func:`renumber` redoes the batches from a given one
onwards, which is only the newest batch after an ordinary bust.

The places lie beneath both the entries (an entry or a re-entry moves them) and the eliminations (a
bust adds a batch; :func:`eliminate` takes a player out of the field and out of his seat).
"""

from __future__ import annotations

from app.core.state import OUT, Batch, Player, TournamentState


def placed_members(batch: Batch) -> list[int]:
    """Players of the batch who are out (not still deciding on a rebuy)."""
    return [pid for pid in batch.players if pid not in batch.pending]


def tie_groups(batch: Batch) -> list[list[int]]:
    """ELIM-4: best finishers first; each group shares its block of places."""
    if len(batch.players) == 1:  # most hands bust one player: he is the one group, unless still deciding
        pid = batch.players[0]
        return [] if pid in batch.pending else [[pid]]
    members = placed_members(batch)
    if not members:
        return []
    if batch.mode != "stack_order":
        return [members]
    ordered = sorted(members, key=lambda pid: -batch.stacks.get(pid, 0))
    groups: list[list[int]] = []
    for pid in ordered:
        if groups and batch.stacks.get(groups[-1][0], 0) == batch.stacks.get(pid, 0):
            groups[-1].append(pid)
        else:
            groups.append([pid])
    return groups


def renumber(state: TournamentState, start: int) -> None:
    """Give places to the batches from index ``start`` to the newest."""
    pos = state.in_field + 1
    players, batches = state.players, state.batches
    for i in range(len(batches) - 1, start - 1, -1):
        batch = batches[i]
        groups = batch.tie_groups = tie_groups(batch)
        batch.first_place = pos
        for group in groups:
            size = len(group)
            for pid in group:
                p = players[pid]
                p.place, p.tied = pos, size
            pos += size


def leave_batch(state: TournamentState, p: Player) -> None:
    """Take a player out of the batch of the hand he lost (a rebuy or a re-entry)."""
    if p.bust_batch is None:
        return
    batch = state.batches[p.bust_batch]
    for members in (batch.players, batch.pending, batch.payout_order):
        if p.id in members:
            members.remove(p.id)
    p.bust_batch = None


def eliminate(state: TournamentState, p: Player, at: float, reason: str) -> None:
    """Out of the tournament and out of his seat; the seat is marked dead for the button rules."""
    if p.table is not None and p.seat is not None:
        table = state.tables.get(p.table)
        if table is not None and table.seats.get(p.seat) == p.id:
            del table.seats[p.seat]
            table.dead_seats.append(p.seat)
            state.seats_changed(table.number)
    if p.id in state.waiting:
        state.waiting.remove(p.id)
    p.table = p.seat = None
    if p.deciding:
        state.deciding_count -= 1
    p.status, p.out_at, p.out_reason, p.deciding = OUT, at, reason, False
    state.in_field -= 1
