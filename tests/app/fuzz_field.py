"""Director commands built from a tournament's current state, for the all-commands property.

Each builder takes the state, the time and a seeded ``random.Random`` and returns one command (or None
when it has nothing to say). Most commands name real players, tables and seats so that they are
usually meaningful; a share of them are deliberately wrong (a wrong count, a taken seat, a bad key),
because a refusal must be a RuleError that changes nothing.
"""

from __future__ import annotations

import random
from typing import Any

from app.core.state import OUT, SEATED, TournamentState

Cmd = dict[str, Any]

IDENTITY = {"first_name": "Pat", "last_name": "Doe", "student_id": "S1", "phone": "5551", "id_number": "ID1"}


def settings_of(state: TournamentState) -> Any:
    assert state.profile is not None
    return state.profile


def identity(state: TournamentState, n: int) -> dict[str, str]:
    wanted = settings_of(state)["reg.require_identity"]
    return {k: f"{IDENTITY[k]}{n}" for k in wanted}


def seated(state: TournamentState) -> list[int]:
    return sorted(p.id for p in state.players.values() if p.status == SEATED)


def live_tables(state: TournamentState) -> list[int]:
    return sorted(state.tables)


def deciding(state: TournamentState) -> list[int]:
    return sorted(p.id for p in state.players.values() if p.deciding)


def any_player(state: TournamentState, r: random.Random) -> int | str:
    """Usually a seated player; sometimes anyone at all, or a name nobody has."""
    roll = r.random()
    sat = seated(state)
    if sat and roll < 0.7:
        return r.choice(sat)
    if state.players and roll < 0.95:
        return r.choice(sorted(state.players))
    return "Nobody Here"


def name_of(state: TournamentState, pid: int | str) -> str:
    return state.players[pid].name if isinstance(pid, int) else pid


def pick_table(state: TournamentState, r: random.Random) -> int:
    tables = live_tables(state)
    if tables and r.random() < 0.9:
        return r.choice(tables)
    return r.randint(1, 9)


def table_stacks(state: TournamentState, number: int) -> dict[str, int]:
    """Every player at the table, counted exactly (their stacks plus the loose chips of busted players)."""
    table = state.tables[number]
    counts = {state.players[pid].name: state.players[pid].stack for pid in table.seats.values()}
    loose = state.loose_chips.get(number, 0)
    if counts and loose:
        first = next(iter(counts))
        counts[first] += loose
    return counts


def player_counts(state: TournamentState, r: random.Random) -> dict[str, int]:
    """A table's count: right, or off by a chip or two hundred (a count that does not add up)."""
    tables = [n for n in live_tables(state) if state.tables[n].seats]
    if not tables:
        return {}
    counts = table_stacks(state, r.choice(tables))
    if r.random() < 0.35 and counts:
        who = r.choice(sorted(counts))
        counts[who] = max(0, counts[who] + r.choice([-200, -1, 1, 200]))
    return counts


def register(state: TournamentState, r: random.Random, n: int) -> Cmd:
    cmd: Cmd = {"cmd": "register", "name": f"Entrant {n}", "identity": identity(state, n)}
    roll = r.random()
    if roll < 0.05 and state.players:
        cmd["name"] = state.players[r.choice(sorted(state.players))].name  # a duplicate name
    elif roll < 0.12:
        cmd["pay"] = False
    elif roll < 0.18:
        cmd["committed"] = True
    elif roll < 0.22:
        cmd["amount_cents"] = r.choice([1, 2500, 10000, 20000])
    if r.random() < 0.1:
        cmd["waitlist"] = False
    if r.random() < 0.1:
        cmd["post_bb"] = True
    return cmd


def bust(state: TournamentState, r: random.Random) -> Cmd | None:
    """One hand's busts at one table (with starting stacks), sometimes with the rebuy answer."""
    tables = [n for n in live_tables(state) if state.tables[n].population >= 2]
    if not tables:
        pid = any_player(state, r)
        return {"cmd": "bust", "player": name_of(state, pid)}
    table = state.tables[r.choice(tables)]
    candidates = sorted(pid for pid in table.seats.values() if not state.players[pid].deciding)
    if not candidates:
        return None
    k = min(len(candidates), r.choice([1, 1, 1, 2, 2, 3]))
    if k == len(candidates) and r.random() < 0.8:
        k = max(1, k - 1)
    busted = r.sample(candidates, k)
    cmd: Cmd = {"cmd": "bust", "players": [name_of(state, p) for p in busted]}
    if k > 1 or r.random() < 0.3:
        cmd["stacks"] = {name_of(state, p): r.choice([500, 1000, 1000, 2500, 7000]) for p in busted}
    roll = r.random()
    if settings_of(state)["rebuy.offered"] and roll < 0.3:
        cmd["rebuy"] = True if r.random() < 0.6 else [name_of(state, busted[0])]
    elif roll < 0.45:
        cmd["rebuy"] = False
    if r.random() < 0.1:
        cmd["hand_level"] = r.randint(1, 6)
    if settings_of(state)["bounty.kind"] != "none" and r.random() < 0.7:  # KO-1: often named, else asked
        others = sorted(pid for pid in table.seats.values() if pid not in busted and not state.players[pid].deciding)
        by = r.sample(others, min(len(others), r.choice([0, 1, 1, 1, 2])))
        cmd["eliminated_by"] = [name_of(state, p) for p in by]
    return cmd


def correct_eliminator(state: TournamentState, r: random.Random) -> Cmd:
    """KO-6: a recorded knockout (or anyone) given other eliminators (or nobody, or the same ones)."""
    if state.knockout_log and r.random() < 0.85:
        pid: int | str = int(r.choice(state.knockout_log)["player"])
    else:
        pid = any_player(state, r)
    live = sorted(p.id for p in state.players.values() if p.live and p.id != pid)
    by = r.sample(live, min(len(live), r.choice([0, 1, 1, 2])))
    names = [name_of(state, p) for p in by]
    return {"cmd": "correct_eliminator", "player": name_of(state, pid), "eliminated_by": names}


def house_bounty(state: TournamentState, r: random.Random) -> Cmd:
    """KO-5: the house puts a bounty on someone (or takes it off)."""
    return {"cmd": "set_house_bounty", "player": name_of(state, any_player(state, r)),
            "amount_cents": r.choice([0, 500, 2500, 10000])}


def for_decider(state: TournamentState, r: random.Random, name: str) -> Cmd:
    who = deciding(state)
    pid = r.choice(who) if who and r.random() < 0.85 else any_player(state, r)
    return {"cmd": name, "player": name_of(state, pid)}


def purchase(state: TournamentState, r: random.Random, name: str) -> Cmd:
    pid = any_player(state, r)
    cmd: Cmd = {"cmd": name, "player": name_of(state, pid)}
    start = int(settings_of(state)["money.start_stack"])
    if name == "topup" and isinstance(pid, int):
        cmd["stack"] = r.choice([0, start // 4, start // 2, start, state.players[pid].stack])
    if name == "addon" and isinstance(pid, int) and r.random() < 0.5:
        cmd["stack"] = state.players[pid].stack
    if name == "buy_chips":
        cmd["amount_cents"] = r.choice([100, 5000, 10000, 15000, 20000])
    return cmd


def reenter(state: TournamentState, r: random.Random) -> Cmd:
    out = sorted(p.id for p in state.players.values() if p.status == OUT)
    pid = r.choice(out) if out and r.random() < 0.8 else any_player(state, r)
    cmd: Cmd = {"cmd": "reenter", "player": name_of(state, pid)}
    if isinstance(pid, int) and state.players[pid].status == SEATED and r.random() < 0.5:
        cmd["stack"] = state.players[pid].stack
    return cmd


def chip_count(state: TournamentState, r: random.Random) -> Cmd | None:
    counts = player_counts(state, r)
    if not counts:
        return None
    cmd: Cmd = {"cmd": "chip_count", "counts": counts}
    if r.random() < 0.3:
        cmd["accept"] = True
    return cmd


def absence(state: TournamentState, r: random.Random, name: str) -> Cmd:
    away = sorted(p.id for p in state.players.values() if p.absent_since is not None and p.live)
    pid = r.choice(away) if away and name != "absent" and r.random() < 0.8 else any_player(state, r)
    if name == "no_show":
        return {"cmd": "no_show", "players": [name_of(state, pid)]}
    cmd: Cmd = {"cmd": name, "player": name_of(state, pid)}
    if name == "absent":
        cmd["long"] = r.random() < 0.2
    if name == "forfeit" and isinstance(pid, int) and r.random() < 0.5:
        cmd["stack"] = state.players[pid].stack
    return cmd
