"""Reads a tournament into :class:`sheets.model.Sheet`: the engine's views first, its state otherwise.

Every figure is copied from the engine (payout rows, places, the structure, the seats); nothing here
decides a rule. A view part or engine module that a tournament lacks simply leaves that part empty.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from typing import Any

from sheets.model import Chip, Level, Move, Payout, Race, RaceTable, Seat, Sheet
from sheets.money_data import collect_money


def _view(t: Any, part: str) -> Any:
    try:
        return t.view(part)[part]
    except (KeyError, AttributeError):
        return None


def _module(name: str) -> Any:
    try:
        return importlib.import_module(name)
    except ImportError:
        return None


def seats(t: Any) -> list[Seat]:
    view = _view(t, "tables")
    out: list[Seat] = []
    if isinstance(view, Mapping):
        for tv in view.values():
            for seat, sv in tv.get("seats", {}).items():
                out.append(Seat(str(sv["player"]), int(tv["number"]), int(seat)))
    else:
        st = t.state
        for table in st.tables.values():
            out += [Seat(st.players[pid].name, table.number, s) for s, pid in table.seats.items()]
    return sorted(out, key=lambda s: (s.table, s.seat))


def race_tables(t: Any) -> list[RaceTable]:
    by: dict[int, RaceTable] = {}
    st = t.state
    for number, table in sorted(st.tables.items()):
        by[number] = RaceTable(number, table.max_seats, {})
    for s in seats(t):
        by.setdefault(s.table, RaceTable(s.table, 10, {})).seats[s.seat] = s.name
    return list(by.values())


def _move(raw: Mapping[str, Any], names: Mapping[int, str]) -> Move:
    who = raw.get("name") or raw.get("player")
    name = names.get(who, str(who)) if isinstance(who, int) else str(who)
    return Move(
        name=name,
        from_table=raw.get("from_table"),
        from_seat=raw.get("from_seat"),
        to_table=int(raw.get("to_table", raw.get("table", 0))),
        to_seat=int(raw.get("to_seat", raw.get("seat", 0))),
        reason=str(raw.get("reason", "")),
    )


def _logged_moves(t: Any) -> list[tuple[float, Move]]:
    names = {pid: p.name for pid, p in t.state.players.items()}
    out: list[tuple[float, Move]] = []
    for ev in getattr(t, "log", []):
        if ev.type == "player_moved":
            out.append((ev.at, _move(ev.data, names)))
        elif ev.type == "table_broken":
            broken = int(ev.data["table"])
            for pid, _card, table, seat in ev.data["assignments"]:
                why = f"table {broken} broken"
                out.append((ev.at, Move(names.get(pid, str(pid)), broken, None, int(table), int(seat), why)))
    return out


def moves(t: Any, given: Any = None) -> list[Move]:
    """The moves to print: those the caller gives, every logged move ("all"), or by default the moves
    of the latest action that moved anyone (one balance, one broken table)."""
    if given is not None and given != "all":
        names = {pid: p.name for pid, p in t.state.players.items()}
        return [_move(m, names) for m in given]
    logged = _logged_moves(t)
    if given == "all" or not logged:
        return [m for _, m in logged]
    last = logged[-1][0]
    return [m for at, m in logged if at == last]


def _bets(lv: Any, families: list[str]) -> dict[str, str]:
    out = {"Blinds": f"{lv.sb:,} / {lv.bb:,}" + (f", ante {lv.ante:,}" if lv.ante else "")}
    if lv.has_stud:
        out["Stud"] = f"ante {lv.stud_ante:,}, bring-in {lv.bring_in:,}, complete {lv.complete:,}"
        if "Limits" in families:
            stud = lv.limits("stud")
            out["Stud"] += f"; limits {stud['small_bet']:,} / {stud['big_bet']:,}"
    if "Limits" in families:
        out["Limits"] = f"{lv.small_bet:,} / {lv.big_bet:,}"
    return {k: v for k, v in out.items() if k in families}


def structure(t: Any, sheet: Sheet) -> None:
    st = t.state
    mod = _module("app.clock.structure")
    games_mod, rotation = _module("app.games.catalogue"), _module("app.games.rotation")
    if mod is None or st.profile is None:
        return
    settings = st.profile.settings
    s = mod.for_settings(settings)
    listed = s.listed()
    families = ["Blinds"] + (["Stud"] if any(lv.has_stud for lv in listed) else [])
    if settings["limit.betting"] == "limit":
        families.append("Limits")
    sheet.families = families
    chips = sorted((Chip(int(c["value"]), str(c.get("colour", ""))) for c in settings["chips"]), key=lambda c: c.value)
    gone: set[int] = set()
    default_minutes = int(settings["structure.level_minutes"])

    def game_name(gid: str | None) -> str:
        if not gid:
            return ""
        try:
            return str(games_mod.game(gid).name) if games_mod else gid
        except Exception:  # noqa: BLE001 - an unknown id prints as itself
            return gid

    for lv in listed:
        gid = rotation.game_for_level(st, lv.number) if rotation and settings["mix.mode"] == "hat" else None
        sheet.levels.append(Level(lv.number, lv.minutes or default_minutes, game_name(gid), _bets(lv, families)))
        br = s.break_after(lv.number)
        if br is None:
            continue
        note = ""
        if br.race:
            gone |= set(br.race)
            leaving = tuple(c for c in chips if c.value in br.race)
            left = [c for c in chips if c.value not in gone]
            if leaving and left:
                race = Race(
                    lv.number,
                    f"Break after level {lv.number}",
                    leaving,
                    left[0],
                    str(settings["race.race_out"]),
                    str(settings["race.pool_rounding"]),
                )
                sheet.races.append(race)
                note = "Chip race: " + ", ".join(c.label() for c in leaving) + " leave"
        sheet.levels.append(Level(None, br.minutes, note=note))
    if settings["mix.mode"] != "none":
        sheet.games = [game_name(g) for g in settings["mix.games"]]
    if s.generator:
        sheet.structure_notes.append(f"Levels go on rising in the same steps after level {len(listed)}.")


def payouts(t: Any) -> list[Payout]:
    rows = _view(t, "payouts") or []
    counts: dict[int, int] = {}
    for r in rows:
        counts[int(r["place"])] = counts.get(int(r["place"]), 0) + 1
    return [Payout(int(r["place"]), int(r["amount_cents"]), r.get("player"), counts[int(r["place"])]) for r in rows]


def results(t: Any) -> list[Payout]:
    view = _view(t, "players") or {}
    out = []
    for name, pv in view.items():
        if pv.get("place") is not None:
            tied = sum(1 for o in view.values() if o.get("place") == pv["place"])
            out.append(Payout(int(pv["place"]), int(pv.get("prize_cents") or 0), name, tied))
    return sorted(out, key=lambda r: (r.place, r.name or ""))


def collect(t: Any, options: Mapping[str, Any] | None = None) -> Sheet:
    """Everything the sheets print for tournament ``t``."""
    st = t.state
    opts = dict(options or {})
    sheet = Sheet(st.name or "Tournament", seats=seats(t), moves=moves(t, opts.get("moves")))
    sheet.race_tables = race_tables(t)
    structure(t, sheet)
    sheet.payouts = payouts(t)
    sheet.results = results(t)
    sheet.money = collect_money(t, sheet.payouts)
    money = _view(t, "money") or {}
    sheet.pool_cents = int(money.get("prize_pool_cents", st.pool_cents))
    sheet.entries = int(money.get("entries", 0)) + int(money.get("reentries", 0))
    sheet.players_left = st.remaining()
    clock = _module("app.clock.timeline")
    if clock is not None and hasattr(clock, "current_level"):
        sheet.level = int(clock.current_level(st, t.time.now()))
    return sheet
