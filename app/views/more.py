"""Views the printed sheets read besides :func:`app.views.read`: the structure and the money trail.

Both are computed from the state like the rest of the read side; neither depends on the time.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from app.core.state import TournamentState
from app.eliminations.payouts import prize_pool
from app.games import rotation
from app.levels import structure as structures
from app.levels.structure import Break, Level
from app.views.dump import dump
from app.views.parts.structure import structure_table
from app.views.read import _state_of, game_name


@dataclass(frozen=True, slots=True)
class StructureRow:
    """One level of the structure, with the game it plays (when known) and the break after it."""

    level: Level
    minutes: int
    game: str = ""
    break_after: Break | None = None


@dataclass(frozen=True, slots=True)
class StructureView:
    rows: tuple[StructureRow, ...] = ()
    generated: bool = False  # levels go on rising after the listed ones
    limit: bool = False  # limit betting: the sheet shows the limits
    mix_mode: str = "none"
    games: tuple[str, ...] = ()  # the games in the hat / rotation, by name
    chips: tuple[tuple[int, str], ...] = ()  # (value, colour), smallest first
    race_out: str = "tda_add"
    pool_rounding: str = "half_up"


def structure(tournament_or_state: Any) -> StructureView:
    """The tournament's structure as its profile sets it."""
    st = _state_of(tournament_or_state)
    if st.profile is None:
        return StructureView()
    settings = st.profile.settings
    s = structures.for_settings(settings)
    default_minutes = int(settings["structure.level_minutes"])
    hat = settings["mix.mode"] == "hat"
    rows = tuple(
        StructureRow(
            lv,
            lv.minutes or default_minutes,
            game_name(rotation.game_for_level(st, lv.number)) if hat else "",
            s.break_after(lv.number),
        )
        for lv in s.listed()
    )
    return StructureView(
        rows=rows,
        generated=bool(s.generator),
        limit=settings["limit.betting"] == "limit",
        mix_mode=str(settings["mix.mode"]),
        games=tuple(game_name(g) for g in settings["mix.games"]) if settings["mix.mode"] != "none" else (),
        chips=tuple(sorted((int(c["value"]), str(c.get("colour", ""))) for c in settings["chips"])),
        race_out=str(settings["race.race_out"]),
        pool_rounding=str(settings["race.pool_rounding"]),
    )


def structure_json(tournament_or_state: Any) -> dict[str, Any]:
    """The structure as the JSON view shows it (``Tournament.view("structure")``)."""
    st = _state_of(tournament_or_state)
    return dump(structure_table(st)) if st.profile is not None else {}


def level_games(tournament_or_state: Any) -> dict[int, str]:
    """The game of each listed level, by name, where it is known (drawn from the hat, or the rotation)."""
    st = _state_of(tournament_or_state)
    out: dict[int, str] = {}
    for row in structure_json(st).get("levels", []):
        gid = rotation.game_for_level(st, int(row["level"]))
        if gid:
            out[int(row["level"])] = game_name(gid)
    return out


@dataclass(frozen=True, slots=True)
class MoneyRow:
    """One row of the money log: ``cents`` moved to ``to`` (pool, fee, forfeit_fee, refund)."""

    at: float
    kind: str
    player_id: int | None
    name: str
    cents: int
    to: str
    split: Mapping[str, int] = field(default_factory=dict)  # a fee row: house, dealer, staff -> cents (ENT-11)
    seat: str = ""  # FLT-9: the satellite whose seat paid it, not cash ("": paid at the desk)


@dataclass(frozen=True, slots=True)
class MoneyView:
    rows: tuple[MoneyRow, ...] = ()
    refund_reasons: Mapping[int, str] = field(default_factory=dict)  # refunded player -> why
    engine: Mapping[str, int] = field(default_factory=dict)  # account -> the engine's own total
    prize_pool_cents: int = 0
    guarantee_cents: int = 0
    paying: bool = True  # the tournament has a payout table (PAY-6 applies)
    bounty_pool_cents: int = 0  # KO-2: the bounty parts of the entries, kept apart from the prize pool
    bounties_paid_cents: int = 0  # KO: paid out of the bounty pool
    house_bounties_paid_cents: int = 0  # KO-5: paid by the house, on top
    bounties_won: tuple[tuple[str, int, int], ...] = ()  # (name, cents won, knockouts), most won first


def money(tournament_or_state: Any) -> MoneyView:
    """Every movement of money, with the engine's totals to check it against."""
    st: TournamentState = _state_of(tournament_or_state)
    names = {pid: p.name for pid, p in st.players.items()}
    rows = tuple(
        MoneyRow(
            float(r["at"]),
            str(r["kind"]),
            r.get("player") if isinstance(r.get("player"), int) else None,
            names.get(r["player"], "") if isinstance(r.get("player"), int) else str(r.get("player") or ""),
            int(r["cents"]),
            str(r["to"]),
            dict(r.get("split") or {}),
            str(r.get("seat") or ""),
        )
        for r in st.money_log
    )
    reasons = {p.id: str(p.out_reason) for p in st.players.values() if p.refunded and p.out_reason}
    engine = {
        "pool": st.pool_cents,
        "fee": st.fees_cents,
        "forfeit_fee": st.forfeit_fees_cents,
        "refund": st.refunds_cents,
    }
    if st.bounty_pool_cents or any(r["to"] == "bounty" for r in st.money_log):
        engine["bounty"] = st.bounty_pool_cents
    if st.profile is None:
        return MoneyView(rows, reasons, engine, st.pool_cents)
    paying = st.profile["payout.table"] != "none" or st.payout_override is not None
    won = sorted(((p.name, p.bounties_won_cents, p.knockouts) for p in st.players.values()
                  if p.bounties_won_cents), key=lambda r: (-r[1], r[0].lower()))
    return MoneyView(
        rows, reasons, engine, prize_pool(st), int(st.profile["money.guarantee_cents"] or 0), paying,
        st.bounty_pool_cents, st.bounties_paid_cents, st.house_bounties_paid_cents, tuple(won),
    )


__all__ = [
    "Break", "Level", "MoneyRow", "MoneyView", "StructureRow", "StructureView", "level_games", "money", "structure",
    "structure_json",
]
