"""Tables, clock, games, chip-race and settings commands built from the current state (all-commands property)."""

from __future__ import annotations

import random
from typing import Any

from app.balancing.plan import plan_moves
from app.chips.race import in_play, raced_off
from app.core.state import TournamentState
from app.games.rotation import mix_games
from app.levels.timeline import in_break
from tests.app.fuzz_field import Cmd, any_player, live_tables, name_of, pick_table, player_counts, settings_of

CARDS = [r + s for r in "23456789TJQKA" for s in "cdhs"]


def set_button(state: TournamentState, r: random.Random) -> Cmd:
    number = pick_table(state, r)
    table = state.tables.get(number)
    occupied = sorted(table.seats) if table else []
    seat = r.choice(occupied) if occupied and r.random() < 0.85 else r.randint(0, 11)
    cmd: Cmd = {"cmd": "set_button", "table": number, "seat": seat}
    if occupied and r.random() < 0.2:
        cmd["sb"] = r.choice([None, *occupied])
        cmd["bb"] = r.choice(occupied)
    return cmd


def move(state: TournamentState, r: random.Random) -> Cmd | None:
    """The planned move when there is one, else the director's own (sometimes to a taken or own seat)."""
    plan = plan_moves(state)
    known = [m for m in plan.moves if m.player is not None and m.to_seat is not None]
    if known and r.random() < 0.6:
        m = r.choice(known)
        return {"cmd": "move", "player": name_of(state, m.player or 0), "table": m.to_table, "seat": m.to_seat}
    pid = any_player(state, r)
    number = pick_table(state, r)
    table = state.tables.get(number)
    open_seats = table.open_seats() if table else []
    seat = r.choice(open_seats) if open_seats and r.random() < 0.8 else r.randint(1, 10)
    return {"cmd": "move", "player": name_of(state, pid), "table": number, "seat": seat}


def break_or_redraw(state: TournamentState, r: random.Random, name: str) -> Cmd:
    if name == "break_table":
        return {"cmd": "break_table", "table": pick_table(state, r)}
    cmd: Cmd = {"cmd": "redraw"}
    if r.random() < 0.5:
        cmd["tables"] = r.randint(1, max(1, len(state.tables)))
    return cmd


def seat_player(state: TournamentState, r: random.Random) -> Cmd:
    unseated = sorted(p.id for p in state.players.values() if p.live and p.status != "seated")
    pid: int | str = r.choice(unseated) if unseated and r.random() < 0.8 else any_player(state, r)
    cmd: Cmd = {"cmd": "seat_player", "player": name_of(state, pid)}
    if state.tables and r.random() < 0.5:
        number = pick_table(state, r)
        cmd["table"] = number
        table = state.tables.get(number)
        if table is not None and r.random() < 0.5:
            cmd["seat"] = r.choice(table.open_seats() or [1])
    return cmd


def clock(state: TournamentState, r: random.Random, name: str) -> Cmd:
    cmd: Cmd = {"cmd": name}
    if name == "start_clock" and r.random() < 0.2:
        cmd["level"] = r.randint(1, 4)
    elif name == "pause_clock" and r.random() < 0.5:
        cmd["reason"] = "dispute"
    elif name in ("add_time", "remove_time"):
        cmd["minutes" if r.random() < 0.5 else "seconds"] = r.choice([1, 5, 30, 90])
    elif name == "start_break":
        cmd["minutes"] = r.choice([5, 10, 15])
    elif name == "jump_to_level":
        cmd["level"] = r.randint(1, 12)
    elif name == "change_level_length":
        cmd["minutes"] = r.choice([10, 15, 30])
    elif name == "hand_for_hand":
        cmd["on"] = not state.hand_for_hand if r.random() < 0.85 else state.hand_for_hand
    elif name == "hand_for_hand_deduct":
        cmd["hands"] = r.randint(1, 3)
    elif name == "set_structure":
        cmd["id"] = r.choice(["tda-nl", "home-nl", "campus", "hat", "casino-mixed", "nope"])
    return cmd


def chip_race(state: TournamentState, r: random.Random, now: float) -> Cmd:
    chips = in_play(state)
    denomination = chips[0] if chips and r.random() < 0.9 else r.choice([1, 5, 25, 100])
    cmd: Cmd = {"cmd": "chip_race", "denomination": denomination}
    if state.loose_chips and r.random() < 0.5:
        cmd["counts"] = player_counts(state, r)
    if in_break(state, now) and r.random() < 0.1:
        cmd["results"] = {}
    return cmd


def found_chips(state: TournamentState, r: random.Random) -> Cmd:
    gone = raced_off(state)
    chips = gone or [int(c["value"]) for c in settings_of(state)["chips"]]
    return {"cmd": "found_chips", "player": name_of(state, any_player(state, r)), "denomination": r.choice(chips),
            "count": r.choice([1, 3, 7, 0])}


def games(state: TournamentState, r: random.Random, name: str, level: int) -> Cmd:
    offered = mix_games(state) or ["holdem"]
    game = r.choice(offered) if r.random() < 0.9 else "razz"
    if name == "choose_game":
        cmd: Cmd = {"cmd": "choose_game", "game": game}
        if r.random() < 0.5:
            cmd["table"] = pick_table(state, r)
        return cmd
    if name == "record_draw":
        return {"cmd": "record_draw", "level": level + r.randint(0, 4), "game": game}
    number = pick_table(state, r)
    table = state.tables.get(number)
    seats = sorted(table.seats) if table else [1, 2]
    deck = r.sample(CARDS, len(seats) * 2)
    street = r.choice([3, 3, 4])
    cards: dict[str, Any] = {}
    for i, seat in enumerate(seats):
        cards[str(seat)] = deck[i] if street == 3 else [deck[2 * i], deck[2 * i + 1]]
    return {"cmd": "stud_action_order", "game": r.choice(["stud", "razz", "stud_hilo", game]), "street": street,
            "table": number, "cards": cards}


def payouts(state: TournamentState, r: random.Random) -> Cmd:
    if r.random() < 0.3:
        return {"cmd": "set_payouts", "amounts_cents": None}
    amounts = sorted((r.randint(0, 50_000) for _ in range(r.randint(1, 4))), reverse=True)
    if r.random() < 0.1:
        amounts.reverse()
    return {"cmd": "set_payouts", "amounts_cents": amounts}


# Valid changes a director may make (the first ones also open up commands a profile does not offer).
FEATURES: list[dict[str, Any]] = [
    {"rebuy.offered": True, "rebuy.last_level": 4},
    {"addon.offered": True, "addon.level": 2},
    {"reentry.offered": True},
    {"reentry.forfeit_stack": True, "reentry.offered": True},
    {"topup.offered": True},
    {"absence.forfeit_after_min": 10},
    {"absence.no_show_removal": "level_2"},
    {"late.refund_unseated": True},
    {"mix.mode": "dealers_choice", "mix.games": ["holdem", "omaha", "stud"]},
    {"purchase.max_per_hand_cents": 15000},
    {"reg.cap": 8},
    {"button.no_repeat_blind": True},
    {"elim.same_hand": "split_all"},
    {"button.bb_bust": "hold"},
    {"stage.end": "time_limit"},
]
SETTING_CHANGES: list[dict[str, Any]] = FEATURES + [
    {"payout.percents": [60, 40]},
    {"payout.percents": [50, 30, 15, 5]},
    {"payout.percents": [50, 30]},  # does not add up to 100
    {"table.max_seats": 8},
    {"table.max_seats": 10, "final_table.size": 10},
    {"table.max_seats": 15},
    {"balance.spread": 3},
    {"money.guarantee_cents": 100_000},
    {"structure.max_forced_bet": 4},
    {"structure.sb_rule": "half"},
    {"no.such.key": 1},
    {"final_table.size": 8},
    {"clock.hand_for_hand_deduction_s": 60},
]


def change_settings(state: TournamentState, r: random.Random) -> Cmd:
    if r.random() < 0.05:
        return {"cmd": "change_settings"}
    return {"cmd": "change_settings", "settings": dict(r.choice(SETTING_CHANGES))}


def waive_halt(state: TournamentState, r: random.Random) -> Cmd:
    from app.buttons.halting import halts

    halted = sorted(halts(state))
    number = r.choice(halted) if halted and r.random() < 0.8 else pick_table(state, r)
    return {"cmd": "waive_halt", "table": number, "reason": "two hands to the break"}


def draw_button(state: TournamentState, r: random.Random) -> Cmd:
    return {"cmd": "draw_button", "table": pick_table(state, r)}


def advance_winners(state: TournamentState, r: random.Random) -> Cmd:
    cmd: Cmd = {"cmd": "advance_winners"}
    if r.random() < 0.5:
        cmd["end"] = True
    return cmd


def open_table(state: TournamentState, r: random.Random) -> Cmd:
    cmd: Cmd = {"cmd": "open_table"}
    if r.random() < 0.3:
        cmd["table"] = r.choice(live_tables(state) or [1])
    if r.random() < 0.3:
        cmd["seats"] = r.choice([2, 6, 9, 13])
    return cmd


def announcement(now: float, r: random.Random) -> Cmd:
    """An announcement now, at a time ahead or one gone by, with empty or too long words, shown too briefly."""
    cmd: Cmd = {"cmd": "announce", "text": r.choice(["Dinner break in 10 minutes", "", "x" * 201])}
    if r.random() < 0.4:
        cmd["starts_at"] = now + r.choice([-3600, 60, 600])
    if r.random() < 0.3:
        cmd["seconds"] = r.choice([1, 30, 600])
    return cmd


def misc(state: TournamentState, r: random.Random, name: str) -> Cmd:
    if name == "note":
        return {"cmd": "note", "text": r.choice(["Seat 4 ruled all-in", ""])}
    if name == "forfeit_at_start":
        names = [state.players[pid].name for pid in sorted(state.players)[:1]]
        return {"cmd": "forfeit_at_start", "players": names}
    if name == "seat_waiting":
        cmd: Cmd = {"cmd": "seat_waiting"}
        if state.waiting and r.random() < 0.3:
            cmd["player"] = state.players[r.choice(state.waiting)].name
        return cmd
    if name in ("withdraw", "buy_in"):
        cmd = {"cmd": name, "player": name_of(state, any_player(state, r))}
        if name == "buy_in" and r.random() < 0.3:
            cmd["amount_cents"] = r.choice([100, 10000])
        return cmd
    if name == "rename_player":
        p = any_player(state, r)
        new = r.choice([f"{name_of(state, p)} Jr", "", name_of(state, any_player(state, r)).upper()])
        return {"cmd": "rename_player", "player": name_of(state, p), "name": new}
    if name == "balance":
        return {"cmd": "balance"}
    if name in ("preregister", "check_in", "remove_preregistration"):
        return preregistration(state, r, name)
    if name == "hand_finished":
        return {"cmd": "hand_finished", "table": pick_table(state, r)}
    return {"cmd": name}



def preregistration(state: TournamentState, r: random.Random, name: str) -> Cmd:
    """REG-10: names on the pre-registered list, checked in or taken off (sometimes one not on it)."""
    listed = [str(row["name"]) for row in state.extra.get("preregistered", [])]
    if name == "preregister":
        names = [f"Pre {r.randrange(40)}" for _ in range(r.randint(1, 3))]
        return {"cmd": name, "names": names, "paid_ahead": r.random() < 0.5}
    who = r.choice(listed) if listed and r.random() < 0.8 else f"Pre {r.randrange(40)}"
    return {"cmd": name, "name": who}


def money_engine(state: TournamentState, r: random.Random, name: str) -> Cmd:
    """Registration control, payout lock and deals (REG-8, PAY-10, PAY-11)."""
    if name == "unlock_payouts":
        return {"cmd": name, "confirm": r.random() < 0.7}
    if name != "record_deal":
        return {"cmd": name}
    live = [p for p in state.players.values() if p.live]
    method = r.choice(["icm", "chip_chop", "amounts"])
    if method != "amounts" or not live:
        return {"cmd": name, "method": method, "save_cents": r.choice([0, 0, 100])}
    return {"cmd": name, "method": method, "amounts_cents": {p.name: r.randint(0, 20_000) for p in live}}


def seat_lock(state: TournamentState, r: random.Random, name: str) -> Cmd:
    """LOCK-1: lock a seated player's seat (with or without a reason), or unlock one that is locked."""
    from app.balancing.locks import locked_players

    if name == "unlock_seat":
        locked = sorted(locked_players(state))
        pid: int | str = r.choice(locked) if locked and r.random() < 0.9 else any_player(state, r)
        return {"cmd": "unlock_seat", "player": pid}
    cmd: Cmd = {"cmd": "lock_seat", "player": any_player(state, r)}
    if r.random() < 0.7:
        cmd["reason"] = r.choice(["player-dealer", "wheelchair access", "TV table"])
    return cmd
