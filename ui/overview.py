"""What the strip and the tabs summarise, read from the engine's views without deciding anything.

Each reader asks the engine (a view part or an area function) and falls back to the plain state
when that part of the engine is not there, so the window always shows what is known.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any

from app.core.registry import VIEW_PARTS
from app.core.state import TournamentState


@dataclass
class ClockInfo:
    level: int = 1
    remaining_s: float | None = None
    running: bool = False
    on_break: bool = False
    game: str = ""
    blinds: str = ""
    next_text: str = ""
    started: bool = False
    race_after: int | None = None  # on a break with a chip race: the level the break follows

    @property
    def time_text(self) -> str:
        if self.remaining_s is None:
            return "--:--"
        s = max(0, int(self.remaining_s))
        h, rest = divmod(s, 3600)
        m, sec = divmod(rest, 60)
        return f"{h}:{m:02d}:{sec:02d}" if h else f"{m:02d}:{sec:02d}"

    @property
    def state_text(self) -> str:
        if not self.started:
            return "not started"
        if self.on_break:
            return "break"
        return "running" if self.running else "paused"


def _module_function(module: str, name: str) -> Any:
    try:
        mod = importlib.import_module(module)
    except ImportError:
        return None
    return getattr(mod, name, None)


def _bets_text(bets: Any) -> str:
    if not isinstance(bets, dict):
        return ""
    sb, bb, ante = bets.get("sb"), bets.get("bb"), bets.get("ante")
    parts = []
    if sb or bb:
        parts.append(f"{sb or 0:,}/{bb or 0:,}")
    if ante:
        parts.append(f"ante {ante:,}")
    for key in ("bring_in", "small_bet", "big_bet"):
        if bets.get(key):
            parts.append(f"{key.replace('_', ' ')} {bets[key]:,}")
    return " ".join(parts)


def clock_info(state: TournamentState, now: float) -> ClockInfo:
    """The clock as the engine computes it (app.clock.view.clock_view), in a fixed shape for the screen."""
    fn = _module_function("app.clock.view", "clock_view")
    view: dict[str, Any] = fn(state, now) if fn is not None else dict(state.clock)
    info = ClockInfo()
    info.level = int(view.get("level", 1) or 1)
    rem = view.get("seconds_left")
    info.remaining_s = float(rem) if isinstance(rem, int | float) else None
    info.running = bool(view.get("running", False))
    info.on_break = bool(view.get("on_break", False))
    info.started = bool(view.get("started", False))
    game = view.get("game") or {}
    info.game = str(game.get("name", "") if isinstance(game, dict) else game)
    info.blinds = _bets_text(view.get("forced_bets") or view.get("blinds"))
    brk = view.get("break")
    if info.on_break and isinstance(brk, dict) and brk.get("race"):
        info.race_after = int(brk["after_level"])
    nxt = view.get("next")
    if isinstance(nxt, dict):
        ngame = nxt.get("game") or {}
        name = ngame.get("name", "") if isinstance(ngame, dict) else str(ngame)
        head = "break, then " if nxt.get("break_first") else ""
        info.next_text = f"{head}level {nxt.get('level', '')} · {name} {_bets_text(nxt.get('forced_bets'))}".strip()
    return info


@dataclass
class PendingMove:
    """One thing the balancing plan asks for now: a move, a table break, or a redraw."""

    player_id: int | None
    from_table: int
    from_seat: int | None
    to_table: int
    to_seat: int | None
    reason: str
    command: dict[str, Any]
    kind: str = "move"

    def text(self, state: TournamentState) -> str:
        if self.kind == "break":
            return f"Break table {self.from_table}"
        if self.kind == "redraw":
            return f"Redraw: all players to {self.to_table} table(s)"
        who = state.players[self.player_id].name if self.player_id in state.players else "a player"
        src = f"seat {self.from_seat} of table {self.from_table}" if self.from_seat else f"table {self.from_table}"
        dst = f"table {self.to_table}" + (f" seat {self.to_seat}" if self.to_seat else "")
        return f"Balance: move {src} ({who}) to {dst}"


def _get(obj: Any, *names: str) -> Any:
    for n in names:
        if isinstance(obj, dict) and n in obj:
            return obj[n]
        if hasattr(obj, n):
            return getattr(obj, n)
    return None


def pending_moves(state: TournamentState) -> list[PendingMove]:
    """The balancing plan the engine proposes (app.balancing.plan.plan_moves), as commands to submit."""
    plan_fn = _module_function("app.balancing.plan", "plan_moves")
    if plan_fn is None or len(state.tables) < 2 or state.profile is None:
        return []
    plan = plan_fn(state)
    if plan.redraw_to is not None:
        return [PendingMove(None, 0, None, int(plan.redraw_to), None, plan.reason,
                            {"cmd": "redraw", "tables": plan.redraw_to}, "redraw")]
    if plan.break_table is not None:
        return [PendingMove(None, int(plan.break_table), None, 0, None, plan.reason,
                            {"cmd": "break_table", "table": plan.break_table}, "break")]
    out = []
    for m in plan.moves:
        table = state.tables.get(m.from_table)
        pid = table.seats.get(m.from_seat) if table is not None and m.from_seat is not None else None
        if m.player is not None and pid is not None and m.to_seat is not None and not m.tied:
            cmd: dict[str, Any] = {"cmd": "move", "player": pid, "table": m.to_table, "seat": m.to_seat}
        else:
            cmd = {"cmd": "balance"}
        reason = m.reason + (f" ({m.rule})" if m.rule else "")
        out.append(PendingMove(pid if m.player is not None else None, m.from_table, m.from_seat, m.to_table,
                               m.to_seat, reason, cmd))
    return out


@dataclass
class FieldInfo:
    left: int
    entries: int
    pool_cents: int
    paid_places: int
    bubble: bool
    in_money: bool


def field_info(state: TournamentState) -> FieldInfo:
    entries = sum(p.entries + p.reentries for p in state.players.values())
    left = state.remaining()
    paid = len(payout_amounts(state))
    return FieldInfo(left, entries, state.pool_cents, paid, paid > 0 and left == paid + 1, 0 < left <= paid)


def payout_amounts(state: TournamentState) -> list[int]:
    """Prize per place in cents, as the engine's payout table says (PAY-1 to PAY-3)."""
    from app.eliminations.payouts import prize_table

    return prize_table(state)


def payout_rows(state: TournamentState) -> list[dict[str, Any]]:
    """The engine's payout rows: one per place, one per player in a tied block (PAY-4)."""
    rows = VIEW_PARTS["payouts"](state) if "payouts" in VIEW_PARTS else []
    return list(rows) if isinstance(rows, list) else []


def prize_of(state: TournamentState, player_id: int) -> int | None:
    """What the engine awards a placed player (his share of a tie included), or None."""
    from app.eliminations.payouts import awards

    won = awards(state).get(player_id)
    return won[1] if won is not None else None
