"""Structures (CLK-1, CLK-2, CLK-3, CLK-8, CLK-9): levels, breaks and the forced bets of every family.

A shipped structure is a JSON file under resources/structures/. Each level lists what it needs:

    {"sb": 15, "bb": 25, "ante": 0,                    blind column (flop and draw games)
     "stud_ante": 5, "bring_in": 10, "complete": 25,    stud column
     "small_bet": 25, "big_bet": 50,                    limits (default: bb and twice the small bet)
     "minutes": 30}                                     optional: this level's own length

A level given only by its limits ("small_bet": 2, "big_bet": 4) takes the lower limit as its big blind
(S002). Breaks: ``{"after": 4, "minutes": 10, "race": [5]}`` (the chips raced off in that break).
A generator (P001) gives level n as ``sb_step * n`` / ``bb_step * n`` for ever.

:func:`resolve` turns such a file into a :class:`Structure` with every value explicit, applying the
profile's small-blind rule and scale; :func:`check_forced_bets` enforces the profile's cap.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from typing import Any

from app.errors import RuleError
from app.i18n import _

FORCED_KEYS = ("sb", "bb", "ante", "stud_ante", "bring_in")  # forced bets: capped by structure.max_forced_bet
BET_KEYS = ("sb", "bb", "ante", "stud_ante", "bring_in", "complete", "small_bet", "big_bet")
GENERATED_PREVIEW = 12  # levels a generator shows in listings (the seed lists rounds 1 to 12)


@dataclass(frozen=True)
class Level:
    number: int
    sb: int
    bb: int
    ante: int = 0
    stud_ante: int | None = None
    bring_in: int | None = None
    complete: int | None = None
    small_bet: int = 0
    big_bet: int = 0
    minutes: int | None = None  # None: the tournament's level length

    @property
    def has_stud(self) -> bool:
        return self.stud_ante is not None and self.bring_in is not None and self.complete is not None

    def blinds(self) -> dict[str, int]:
        return {"sb": self.sb, "bb": self.bb, "ante": self.ante}

    def stud(self) -> dict[str, int] | None:
        if not self.has_stud:
            return None
        return {
            "ante": int(self.stud_ante or 0),
            "bring_in": int(self.bring_in or 0),
            "complete": int(self.complete or 0),
        }

    def limits(self, forced: str) -> dict[str, int]:
        """Small and big bet of a limit game in the blind or the stud family (MIX-3, MIX-4)."""
        if forced == "stud":
            small = int(self.complete or 0)
            return {"small_bet": small, "big_bet": 2 * small}
        return {"small_bet": self.small_bet, "big_bet": self.big_bet}

    def amounts(self) -> list[int]:
        """Every blind, ante, bring-in, completion and bet size of the level (RACE-2)."""
        values = [self.sb, self.bb, self.ante, self.small_bet, self.big_bet]
        if self.has_stud:
            values += [int(self.stud_ante or 0), int(self.bring_in or 0), int(self.complete or 0)]
            values += list(self.limits("stud").values())
        return [v for v in values if v]

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"level": self.number, "sb": self.sb, "bb": self.bb, "ante": self.ante}
        if self.has_stud:
            d.update(stud_ante=self.stud_ante, bring_in=self.bring_in, complete=self.complete)
        d.update(small_bet=self.small_bet, big_bet=self.big_bet)
        if self.minutes is not None:
            d["minutes"] = self.minutes
        return d


@dataclass(frozen=True)
class Break:
    after: int
    minutes: int
    race: tuple[int, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {"after": self.after, "minutes": self.minutes, "race": list(self.race)}


@dataclass(frozen=True)
class Structure:
    id: str
    name: str
    levels: tuple[Level, ...]
    breaks: tuple[Break, ...] = ()
    generator: Mapping[str, int] | None = field(default=None)

    @property
    def last_level(self) -> int | None:
        """The last listed level; None for a generator (it never runs out)."""
        return None if self.generator else len(self.levels)

    def level(self, n: int) -> Level:
        """Level ``n``; after the last listed level, that level goes on (CLK-1 reading)."""
        if n < 1:
            raise ValueError("levels start at 1")
        if self.generator:
            g = self.generator
            sb, bb = g["sb_step"] * n, g["bb_step"] * n
            return Level(n, sb, bb, g.get("ante_step", 0) * n, small_bet=bb, big_bet=2 * bb)
        return self.levels[min(n, len(self.levels)) - 1]

    def break_after(self, n: int) -> Break | None:
        for b in self.breaks:
            if b.after == n:
                return b
        return None

    def listed(self) -> list[Level]:
        return [self.level(n) for n in range(1, GENERATED_PREVIEW + 1)] if self.generator else list(self.levels)

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"id": self.id, "name": self.name, "breaks": [b.to_dict() for b in self.breaks]}
        if self.generator:
            d["generator"] = dict(self.generator)
        else:
            d["levels"] = [lv.to_dict() for lv in self.levels]
        return d


MAX_MINUTES = 240  # a level or a break longer than four hours is a typing error


def _bad(message: str) -> RuleError:
    return RuleError("INVALID_STRUCTURE", message, "CLK-1")


def _amount(raw: Mapping[str, Any], key: str, where: str) -> int | None:
    v = raw.get(key)
    if v is None:
        return None
    if isinstance(v, bool) or not isinstance(v, int) or v < 0:
        raise _bad(_("{where}: {key} must be a whole number of chips, not {v!r}.", where=where, key=key, v=v))
    return v


def half_round(bb: int) -> int:
    """Half the big blind to the nearest whole unit, .5 rounding up (CLK-9): 5 gives 3."""
    return (bb + 1) // 2


def _level(raw: Any, number: int, sb_rule: str, scale: int) -> Level:
    where = _("Level {number}", number=number)
    if not isinstance(raw, Mapping):
        raise _bad(_("{where} must be an object of amounts.", where=where))
    unknown = set(raw) - set(BET_KEYS) - {"minutes", "level"}
    if unknown:
        raise _bad(_("{where}: unknown field {unknown!r}.", where=where, unknown=sorted(unknown)[0]))
    v = {k: _amount(raw, k, where) for k in BET_KEYS}
    v = {k: (None if x is None else x * scale) for k, x in v.items()}
    bb = v["bb"] if v["bb"] is not None else v["small_bet"]
    if not bb:
        raise _bad(_("{where} needs a big blind (bb) or a lower limit (small_bet) above 0.", where=where))
    if sb_rule == "half":
        sb = bb // 2
    elif sb_rule == "half_round" or v["sb"] is None:
        sb = half_round(bb)
    else:
        sb = int(v["sb"])
    small = v["small_bet"] if v["small_bet"] is not None else bb
    big = v["big_bet"] if v["big_bet"] is not None else 2 * small
    stud = [v["stud_ante"], v["bring_in"], v["complete"]]
    if any(x is not None for x in stud) and any(x is None for x in stud):
        raise _bad(_("{where}: the stud column needs stud_ante, bring_in and complete together.", where=where))
    if v["sb"] is not None and sb_rule == "listed" and sb > bb:
        raise _bad(_("{where}: the big blind ({bb}) is below the small blind ({sb}).", where=where, bb=bb, sb=sb))
    if v["ante"] is not None and v["ante"] > bb:
        raise _bad(_("{where}: the ante ({ante}) is above the big blind ({bb}).", where=where, ante=v['ante'], bb=bb))
    minutes = raw.get("minutes")
    if minutes is not None and (
        isinstance(minutes, bool) or not isinstance(minutes, int) or not 1 <= minutes <= MAX_MINUTES
    ):
        raise _bad(
            _(
                "{where}: minutes must be a whole number from 1 to {MAX_MINUTES}, not {minutes!r}.",
                where=where,
                MAX_MINUTES=MAX_MINUTES,
                minutes=minutes,
            )
        )
    return Level(number, sb, bb, v["ante"] or 0, v["stud_ante"], v["bring_in"], v["complete"], small, big, minutes)


def _break(raw: Any) -> Break:
    if not isinstance(raw, Mapping) or not isinstance(raw.get("after"), int) or not isinstance(raw.get("minutes"), int):
        raise _bad(_("A break needs 'after' (a level) and 'minutes': {raw!r}.", raw=raw))
    race = raw.get("race", [])
    if not isinstance(race, list) or any(isinstance(x, bool) or not isinstance(x, int) or x < 1 for x in race):
        raise _bad(_("The break after level {after}: race lists chip values.", after=raw['after']))
    if raw["after"] < 1:
        raise _bad(_("A break comes after a level (1 or later), not after level {after}.", after=raw['after']))
    if not 1 <= raw["minutes"] <= MAX_MINUTES:
        raise _bad(
            _(
                "The break after level {after}: minutes must be from 1 to {MAX_MINUTES}, not {minutes}.",
                after=raw["after"],
                MAX_MINUTES=MAX_MINUTES,
                minutes=raw["minutes"],
            )
        )
    return Break(int(raw["after"]), int(raw["minutes"]), tuple(race))


def resolve(raw: Mapping[str, Any], sb_rule: str = "listed", scale: int = 1) -> Structure:
    """Build a structure from its JSON object (a shipped file, or a director's own levels)."""
    if not isinstance(raw, Mapping):
        raise _bad(_("A structure must be a JSON object."))
    sid = str(raw.get("id", "custom"))
    if raw.get("scalable") is not True:
        scale = 1
    breaks = tuple(sorted((_break(b) for b in raw.get("breaks", [])), key=lambda b: b.after))
    if raw.get("generator") is not None:
        g = raw["generator"]
        if not isinstance(g, Mapping) or any(not isinstance(g.get(k), int) or g[k] < 1 for k in ("sb_step", "bb_step")):
            raise _bad(_("A generator needs whole sb_step and bb_step above 0."))
        steps = {k: int(g[k]) * scale for k in ("sb_step", "bb_step", "ante_step") if k in g}
        if sb_rule in ("half", "half_round") and steps["bb_step"] % 2 == 0:
            steps["sb_step"] = steps["bb_step"] // 2
        return Structure(sid, str(raw.get("name", sid)), (), breaks, steps)
    levels_raw = raw.get("levels")
    if not isinstance(levels_raw, list) or not levels_raw:
        raise _bad(_("A structure needs a non-empty list of levels (or a generator)."))
    levels = tuple(_level(lv, i, sb_rule, scale) for i, lv in enumerate(levels_raw, start=1))
    for b in breaks:
        if b.after > len(levels):
            raise _bad(
                _("The break after level {after}: the structure has only {n} levels.", after=b.after, n=len(levels))
            )
    return Structure(sid, str(raw.get("name", sid)), levels, breaks)


@lru_cache(maxsize=16)
def _shipped_text(structure_id: str) -> str:
    return (resources.files("resources") / "structures" / f"{structure_id}.json").read_text(encoding="utf-8")


def shipped(structure_id: str) -> dict[str, Any]:
    """The JSON object of a shipped structure (resources/structures/ID.json)."""
    if not structure_id or "/" in structure_id or "\\" in structure_id or structure_id.startswith("."):
        raise _bad(_("There is no shipped structure called {structure_id!r}.", structure_id=structure_id))
    try:
        data = json.loads(_shipped_text(structure_id))
    except FileNotFoundError as exc:
        raise _bad(_("There is no shipped structure called {structure_id!r}.", structure_id=structure_id)) from exc
    if not isinstance(data, dict):
        raise _bad(_("The structure file {structure_id!r} is not a JSON object.", structure_id=structure_id))
    return data


def for_settings(settings: Mapping[str, Any], raw: Mapping[str, Any] | None = None) -> Structure:
    """The structure a profile names (or ``raw``), sized by its small-blind rule and scale."""
    data = raw if raw is not None else shipped(str(settings["structure.id"]))
    return resolve(data, str(settings["structure.sb_rule"]), int(settings["structure.s004_scale"]))


def check_forced_bets(structure: Structure, cap: int | None) -> None:
    """CLK-9: no blind, ante or bring-in of any level may exceed the profile's cap."""
    if cap is None:
        return
    for lv in structure.listed():
        for key in FORCED_KEYS:
            value = getattr(lv, key)
            if value is not None and value > cap:
                raise RuleError(
                    "FORCED_BET_ABOVE_MAX",
                    _(
                        "Level {number} has a {bet} of {amount}, above the forced-bet cap of {cap}.",
                        number=lv.number,
                        bet=key.replace("_", " "),
                        amount=value,
                        cap=cap,
                    ),
                    "CLK-9",
                )
    if structure.generator:
        g = structure.generator
        steps = [(cap // step + 1, key, step) for key, step in
                 (("sb", g["sb_step"]), ("bb", g["bb_step"]), ("ante", g.get("ante_step", 0))) if step > 0]
        if steps:
            over, key, step = min(steps, key=lambda s: (s[0], -s[2]))  # the first level over the cap
            raise RuleError(
                "FORCED_BET_ABOVE_MAX",
                _(
                    "Level {over} of this endless structure has a {key} of {step}, above the cap of {cap}.",
                    over=over,
                    key=key,
                    step=step * over,
                    cap=cap,
                ),
                "CLK-9",
            )


def check_stud_columns(structure: Structure, stud_games: list[str]) -> None:
    """A structure used for stud games must list the stud column on every level (MIX-2)."""
    if not stud_games or structure.generator:
        if stud_games and structure.generator:
            raise _bad(
                _("A generated structure has no stud column, but the mix plays {stud_games}.", stud_games=stud_games[0])
            )
        return
    for lv in structure.levels:
        if not lv.has_stud:
            raise _bad(
                _(
                    "Level {number} has no stud column (ante, bring-in, complete) for {stud_games}.",
                    number=lv.number,
                    stud_games=stud_games[0],
                )
            )


def takes_money(settings: Mapping[str, Any]) -> bool:
    """Entries, rebuys, add-ons or top-ups cost something (their prices go into the prize pool, ENT-2)."""
    if int(settings["money.buy_in_cents"]) > 0:
        return True
    extras = (("rebuy.offered", "rebuy.price_cents"), ("addon.offered", "addon.price_cents"))
    return any(settings[offered] and int(settings[price] or 0) > 0 for offered, price in extras)


def check_setup(settings: Mapping[str, Any], structure: Structure) -> None:
    """What a tournament's settings must agree on with its structure, checked when the tournament is
    created, when its settings change and when its structure changes: late registration cannot close
    after a level the structure does not have (REG-3, REG-4); a tournament that takes money has a payout
    table (ENT-2, PAY-1: only an event that takes no money, like P001, pays nothing)."""
    if settings["payout.table"] == "none" and takes_money(settings):
        raise RuleError(
            "INVALID_PROFILE",
            _(
                "Profile setting 'payout.table' is none, but the tournament takes money: every cent paid in is "
                "paid out, so choose a payout table."
            ),
            "PAY-1",
        )
    last = structure.last_level
    if settings["late.mode"] == "levels" and last is not None and int(settings["late.last_level"]) > last:
        raise RuleError(
            "INVALID_PROFILE",
            _(
                "Profile setting 'late.last_level' is {last_level}, but the structure '{id}' has only {last} levels.",
                last_level=settings["late.last_level"],
                id=structure.id,
                last=last,
            ),
            "REG-4",
        )
