"""Invariants every tournament state must satisfy, whatever happened before.

Used by ``floorman simulate`` after every action, by ``floorman verify`` on a stored file, and by the
property tests. Each check returns plain-words problems; an empty list means the state is sound.
"""

from __future__ import annotations

from app.chips.chipcount import chips_in_play
from app.core.state import OUT, SEATED, WINNER, TournamentState
from app.eliminations.payouts import awards, day1_awards, has_payout_table, payout_check, prize_pool
from app.knockouts.bounties import bounty_problems


def seating_problems(state: TournamentState) -> list[str]:
    problems: list[str] = []
    seen: dict[int, tuple[int, int]] = {}
    for number, table in state.tables.items():
        if table.population > table.max_seats:
            problems.append(f"table {number} has {table.population} players for {table.max_seats} seats")
        for seat, pid in table.seats.items():
            if not 1 <= seat <= table.max_seats:
                problems.append(f"table {number} uses seat {seat}, outside 1..{table.max_seats}")
            if pid in seen:
                problems.append(f"player {pid} sits at table {seen[pid][0]} and table {number}")
            seen[pid] = (number, seat)
            p = state.players.get(pid)
            if p is None:
                problems.append(f"table {number} seat {seat} holds unknown player {pid}")
            elif not p.live and p.status != WINNER:
                problems.append(f"{p.name} is out but still sits at table {number} seat {seat}")
            elif (p.table, p.seat) != (number, seat):
                problems.append(f"{p.name} is listed at {p.table}/{p.seat} but sits at {number}/{seat}")
    counted = {n: len(t.seats) for n, t in state.tables.items()}
    if state.index.pop != counted or state.index.total != sum(counted.values()):
        problems.append("the table index does not match the seats (an applier did not call seats_changed)")
    for p in state.players.values():
        if p.status == SEATED and p.id not in seen:
            problems.append(f"{p.name} is marked seated but has no seat")
        if p.status in (OUT,) and p.id in seen:
            problems.append(f"{p.name} is out but has a seat")
    return problems


def payout_problems(state: TournamentState) -> list[str]:
    """PAY-6: the prizes add up exactly to the prize pool."""
    if state.profile is None:
        return []
    check = payout_check(state)
    if not check["valid"]:
        return [f"payouts add up to {check['total_cents']} cents, {check['difference_cents']} off the prize pool"]
    return []


def place_problems(state: TournamentState) -> list[str]:
    """Finished places form a complete ranking: tied blocks do not overlap and leave no gaps."""
    blocks: dict[int, list[int]] = {}
    for p in state.players.values():
        if p.place is not None:
            blocks.setdefault(p.place, []).append(max(1, p.tied))
    problems = []
    covered: set[int] = set()
    for place, tied in sorted(blocks.items()):
        if len(set(tied)) != 1 or len(tied) != tied[0]:
            problems.append(f"place {place} is shared by {len(tied)} players who count {sorted(set(tied))} tied")
            continue
        block = set(range(place, place + tied[0]))
        if block & covered:
            problems.append(f"place {place} overlaps another finishing block")
        covered |= block
    if covered and state.ended and covered != set(range(1, max(covered) + 1)):
        # ELIM-8: the players out in stage 1 take no place, so they leave that many places nobody holds.
        unranked = sum(1 for p in state.players.values() if p.out_reason == "out in stage 1")
        if len(set(range(1, max(covered) + 1)) - covered) > unranked:
            problems.append("the finishing places have a gap")
    if state.ended and 1 not in blocks:
        problems.append("the tournament has ended without a winner")
    return problems


def money_problems(state: TournamentState) -> list[str]:
    """The money taken from the players (less what was given back) is the prize pool, the bounty pool and
    the fees, to the cent, with every bounty cent accounted for (KO-2); at the end, the prizes awarded add
    up to the prize pool (PAY-6, SAT-1)."""

    if state.profile is None:
        return []
    problems = bounty_problems(state)
    # A table the director typed that misses the pool is PAY-6's flag (payout_problems), not a second one.
    if state.ended and has_payout_table(state) and state.deal is None and payout_check(state)["valid"]:
        paid = sum(cents for _place, cents, _tied in awards(state).values())
        paid += sum(cents for _place, _name, _flight, cents in day1_awards(state))  # FLT-8: an event's Day 2
        if paid != prize_pool(state):
            problems.append(f"the prizes awarded add up to {paid} cents, not the prize pool of {prize_pool(state)}")
    return problems


def chip_problems(state: TournamentState) -> list[str]:
    """Chips are conserved: the chips in play (the stacks of the players still in, the winner's, a satellite's
    seat winners', and the loose chips of busted players not yet counted) are the chips issued, less those
    removed, to the chip."""
    held, issued = chips_in_play(state), state.expected_chips()
    if held != issued:
        return [f"chips are not conserved: {held} are in play, but {state.chips_issued} were issued, "
                f"{state.chips_added} added and {state.chips_removed} removed ({issued})"]
    return []


def flagged(state: TournamentState) -> list[str]:
    """What the rules let stand but flag for the director, among :func:`all_problems`: a payout table he
    typed himself that does not add up to the prize pool (PAY-6 flags it; it is his to correct)."""
    return payout_problems(state) if state.payout_override is not None else []


def counter_problems(state: TournamentState) -> list[str]:
    """The counters the appliers keep so that no command scans the whole field agree with the players."""
    problems = []
    deciding = sum(1 for p in state.players.values() if p.deciding)
    if state.deciding_count != deciding:
        problems.append(f"{state.deciding_count} players are counted as deciding on a rebuy, but {deciding} are")
    return problems


def all_problems(state: TournamentState) -> list[str]:
    return (seating_problems(state) + chip_problems(state) + place_problems(state) + payout_problems(state)
            + money_problems(state) + counter_problems(state))
