"""Rule profiles: data files under resources/profiles/, validated key by key.

A profile is a JSON object::

    {"id": "home-nl", "name": "...", "description": "...", "extends": "tda",
     "settings": {"table.max_seats": 10, ...}}

Settings use the dotted keys of the rules specification ([Config: key]). Every key has a type and a
default (the P-TDA value) in :data:`SCHEMA`; a profile lists only what differs from its base. A
profile with an unknown key, a value of the wrong type, percentages that do not sum to 100 or a start
stack of 0 is refused with the exact key and why.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

from app.errors import RuleError
from app.reg_window import check_iso

Check = Callable[[Any], str | None]


def _int(lo: int | None = None, hi: int | None = None, optional: bool = False) -> Check:
    def check(v: Any) -> str | None:
        if v is None and optional:
            return None
        if isinstance(v, bool) or not isinstance(v, int):
            return "must be a whole number" + (" or null" if optional else "")
        if lo is not None and v < lo:
            return f"must be at least {lo}"
        if hi is not None and v > hi:
            return f"must be at most {hi}"
        return None

    return check


def _bool(v: Any) -> str | None:
    return None if isinstance(v, bool) else "must be true or false"


def _str(v: Any) -> str | None:
    return None if isinstance(v, str) else "must be text"


class _Choice:
    """The check of a setting with a fixed set of values; ``choices`` lists them (for editors)."""

    def __init__(self, *choices: str) -> None:
        self.choices = choices

    def __call__(self, v: Any) -> str | None:
        return None if v in self.choices else "must be one of " + ", ".join(self.choices)


def _choice(*choices: str) -> Check:
    return _Choice(*choices)


def _int_list(v: Any) -> str | None:
    if not isinstance(v, list) or any(isinstance(x, bool) or not isinstance(x, int) or x < 0 for x in v):
        return "must be a list of whole numbers"
    return None


def _str_list(v: Any) -> str | None:
    if not isinstance(v, list) or any(not isinstance(x, str) for x in v):
        return "must be a list of text values"
    return None


def _percents(v: Any) -> str | None:
    if not isinstance(v, list) or any(isinstance(x, bool) or not isinstance(x, int | float) or x < 0 for x in v):
        return "must be a list of percentages"
    if v and abs(sum(v) - 100) > 1e-9:
        return f"percentages must add up to 100, not {sum(v):g}"
    return None


def _brackets(v: Any) -> str | None:
    if not isinstance(v, list) or not v:
        return "must be a list of {max_players, percents} brackets"
    last = 0
    for i, b in enumerate(v):
        if not isinstance(b, dict) or set(b) != {"max_players", "percents"}:
            return f"bracket {i + 1} must have exactly max_players and percents"
        mp = b["max_players"]
        if isinstance(mp, bool) or not isinstance(mp, int) or mp <= last:
            return f"bracket {i + 1}: max_players must be a whole number above {last}"
        last = mp
        why = _percents(b["percents"])
        if why:
            return f"bracket {i + 1}: {why}"
    return None


def _chips(v: Any) -> str | None:
    if not isinstance(v, list) or not v:
        return "must be a list of chips {value, colour, count}"
    seen: set[int] = set()
    for i, c in enumerate(v):
        if not isinstance(c, dict) or "value" not in c:
            return f"chip {i + 1} must have a value"
        val = c["value"]
        if isinstance(val, bool) or not isinstance(val, int) or val <= 0:
            return f"chip {i + 1}: value must be a whole number above 0"
        if val in seen:
            return f"chip {i + 1}: value {val} is listed twice"
        seen.add(val)
        extra = set(c) - {"value", "colour", "count"}
        if extra:
            return f"chip {i + 1}: unknown field {sorted(extra)[0]}"
    return None


IDENTITY_FIELDS = ("first_name", "last_name", "student_id", "phone", "id_number")


def _identity(v: Any) -> str | None:
    allowed = set(IDENTITY_FIELDS)
    if not isinstance(v, list) or any(x not in allowed for x in v):
        return "must be a list drawn from " + ", ".join(sorted(allowed))
    return None


@dataclass(frozen=True)
class Setting:
    default: Any
    check: Check
    help: str
    choices: tuple[str, ...] = field(init=False, default=())  # the allowed values of a choice setting

    def __post_init__(self) -> None:
        if isinstance(self.check, _Choice):
            object.__setattr__(self, "choices", self.check.choices)


S = Setting
SCHEMA: dict[str, Setting] = {
    # money and entries (ENT)
    "money.buy_in_cents": S(10000, _int(0), "price of an entry, in cents"),
    "money.start_stack": S(10000, _int(1), "chips an entry grants"),
    "money.fee_cents": S(0, _int(0), "house fee per entry, not prize money"),
    "money.guarantee_cents": S(0, _int(0), "guaranteed prize pool"),
    "rebuy.offered": S(False, _bool, "rebuys are offered"),
    "rebuy.price_cents": S(None, _int(0, optional=True), "rebuy price (null: the buy-in)"),
    "rebuy.chips": S(None, _int(1, optional=True), "rebuy chips (null: the start stack)"),
    "rebuy.max_per_player": S(None, _int(1, optional=True), "rebuys per player (null: unlimited)"),
    "rebuy.last_level": S(None, _int(1, optional=True), "chips must be lost in a hand of this level or earlier"),
    "rebuy.requires_zero_stack": S(True, _bool, "only a player with no chips may rebuy"),
    "rebuy.window_scope": S("table", _choice("table", "global"), "level boundary judged per table or globally"),
    "addon.offered": S(False, _bool, "add-ons are offered"),
    "addon.price_cents": S(None, _int(0, optional=True), "add-on price (null: the buy-in)"),
    "addon.chips": S(None, _int(1, optional=True), "add-on chips (null: the start stack)"),
    "addon.level": S(1, _int(1), "the add-on is taken during this level or the break after it"),
    "addon.max_per_player": S(1, _int(1), "add-ons per player"),
    "addon.requires_zero_stack": S(False, _bool, "only a player with no chips may add on"),
    "topup.offered": S(False, _bool, "a top-up to the start stack is offered"),
    "topup.after_level": S(1, _int(1), "the top-up window opens when this level ends"),
    "topup.max_per_player": S(1, _int(1), "top-ups per player"),
    "reentry.offered": S(False, _bool, "eliminated players may buy a new entry during late registration"),
    "reentry.max_per_player": S(None, _int(1, optional=True), "re-entries per player (null: unlimited)"),
    "reentry.forfeit_stack": S(False, _bool, "a player with chips may forfeit them (removed from play) to re-enter"),
    "purchase.max_entry_cents": S(None, _int(1, optional=True), "most a player may bring in when entering"),
    "purchase.max_per_hand_cents": S(None, _int(1, optional=True), "most a player may buy for one hand"),
    # registration and late entry (REG)
    "reg.cap": S(None, _int(2, optional=True), "most players in the event (null: no cap)"),
    "reg.require_identity": S([], _identity, "identity fields a registrant must give"),
    "reg.forfeit_fee_cents": S(0, _int(0), "fee recorded for a registrant absent at the start (not prize money)"),
    "reg.opens_at": S(None, check_iso, "registration opens at this ISO date-time (null: always open)"),
    "reg.closes_at": S(None, check_iso, "registrations after this ISO date-time are waitlisted (null: no close)"),
    "late.mode": S(
        "levels", _choice("none", "levels", "committed"), "none; entries until late.last_level; committed players only"
    ),
    "late.last_level": S(3, _int(1), "late registration is open until this level ends"),
    "late.blind_policy": S("none", _choice("none", "post_bb_or_wait"), "what a late entrant must do to be dealt in"),
    "late.allow_new_table": S(True, _bool, "the director may open a new table for late entrants"),
    "late.refund_unseated": S(False, _bool, "a waiting entrant never seated is refunded when late entry closes"),
    # seating (SEAT)
    "table.max_seats": S(9, _int(2, 12), "seats per table"),
    "seat.method": S("random", _choice("random", "card_draw"), "random draw or the card draw (suit = table)"),
    "seat.extra_to": S("highest", _choice("highest", "lowest"), "which tables get the extra player"),
    # balancing and breaking (BAL, BRK)
    "balance.trigger": S(
        "spread_tda", _choice("spread_tda", "spread", "below_five", "none"), "when a player must move"
    ),
    "balance.spread": S(2, _int(1), "largest minus smallest table population that triggers a move (spread)"),
    "balance.min_players": S(5, _int(2), "a table below this many players is short (below_five)"),
    "balance.source_tie": S("lowest_number", _choice("lowest_number", "card_draw"), "which of tied full tables gives"),
    "balance.method": S(
        "next_bb_to_worst",
        _choice("next_bb_to_worst", "same_relative_position", "highest_seat_to_lowest_open"),
        "who moves and to which seat",
    ),
    "break.order": S("highest_number", _choice("highest_number", "lowest_number"), "which table breaks first"),
    "break.mode": S("tda", _choice("tda", "below_five", "redraw_only"), "how tables are broken"),
    "break.redraw_at_players": S([], _int_list, "full card-draw redraws at these player counts (at or below)"),
    "break.redraw_at_tables": S([], _int_list, "full redraws when play reaches these numbers of tables"),
    "final_table.size": S(9, _int(2, 12), "players at the final table"),
    "stage.mode": S("none", _choice("none", "winners_table"), "table chip leaders advance to a winners' table"),
    "stage.end": S("last_standing", _choice("last_standing", "time_limit"), "when a first-stage table ends"),
    "stage.carry_chips": S(False, _bool, "winners keep their chips at the winners' table"),
    "stage.final_seats": S(None, _int(2, optional=True), "seats at the winners' table (null: one per table)"),
    # button and blinds (BTN)
    "button.bb_bust": S("advance", _choice("advance", "hold"), "button when the big blind busts"),
    "button.display_on_effective_dealer": S(False, _bool, "show the marker on the effective dealer"),
    "button.no_repeat_blind": S(False, _bool, "a mover never pays the same blind two hands running (P003)"),
    "newplayer.in_sb_seat": S("post", _choice("post", "sit_out"), "a new player landing in the small blind"),
    "display.dealing_seat_offset": S(0, _int(0), "show the dealing seat this many seats after the button"),
    # eliminations and payouts (ELIM, PAY)
    "elim.same_hand": S("stack_order", _choice("stack_order", "split_all"), "same-hand eliminations"),
    "payout.table": S("percent", _choice("percent", "bracket", "fixed", "none"), "kind of payout table"),
    "payout.percents": S([50, 30, 20], _percents, "percent of the pool per place"),
    "payout.brackets": S(
        [{"max_players": 1000000, "percents": [50, 30, 20]}], _brackets, "percent tables by field size"
    ),
    "payout.bracket_basis": S("players", _choice("players", "entries"), "what a bracket counts"),
    "payout.fixed_cents": S([], _int_list, "fixed amounts per place, in cents"),
    # chip race (RACE)
    "race.race_out": S("tda_add", _choice("tda_add", "roberts_first"), "a player who would be raced out"),
    "race.pool_rounding": S("half_up", _choice("half_up", "floor"), "how the odd chips' value rounds"),
    "chips": S(
        [
            {"value": 25, "colour": "green", "count": 400},
            {"value": 100, "colour": "black", "count": 600},
            {"value": 500, "colour": "purple", "count": 400},
            {"value": 1000, "colour": "yellow", "count": 400},
            {"value": 5000, "colour": "red", "count": 100},
        ],
        _chips,
        "the chip set",
    ),
    # absence (ABS)
    "absence.forfeit_after_min": S(None, _int(1, optional=True), "an absent player forfeits after this many minutes"),
    "absence.no_show_removal": S(
        "blind_out", _choice("blind_out", "level_2", "new_level_or_30"), "when a no-show's chips leave play"
    ),
    # clock and structure (CLK)
    "structure.id": S("tda-nl", _str, "the shipped structure (resources/structures/ID.json)"),
    "structure.level_minutes": S(20, _int(1), "minutes per level unless the structure says otherwise"),
    "structure.sb_rule": S("listed", _choice("listed", "half", "half_round"), "how the small blind is sized"),
    "structure.max_forced_bet": S(None, _int(1, optional=True), "no blind, ante or bring-in may exceed this"),
    "structure.s004_scale": S(1, _int(1, 10), "scale of seed 004's reconstructed blinds (1 or 10)"),
    "clock.hand_start": S("first_riffle", _choice("first_riffle", "blinds_and_riffle"), "when a hand is in play"),
    "clock.hand_for_hand_deduction_s": S(120, _int(0), "seconds deducted per hand-for-hand hand"),
    "clock.level_length_change_after": S(None, _int(1, optional=True), "level length may change once from this level"),
    # games and limits (MIX)
    "mix.mode": S("none", _choice("none", "hat", "rotation", "dealers_choice"), "how the game is chosen"),
    "mix.games": S(["holdem"], _str_list, "the games played (catalogue ids)"),
    "mix.hands_per_game": S(None, _int(1, optional=True), "rotation: hands per game (null: one level each)"),
    "mix.dealers_choice_span": S("hand", _choice("hand", "orbit"), "a dealer's choice lasts one hand or an orbit"),
    "limit.betting": S("no_limit", _choice("no_limit", "pot_limit", "limit"), "betting structure"),
    "limit.max_raises": S(4, _int(1), "raises allowed after the opening bet (limit)"),
    "limit.cap_heads_up": S("lifted_at_two", _choice("always", "lifted_at_two"), "raise cap when heads-up"),
    "stud.showing_tie": S("high_card_suit", _choice("high_card_suit", "dealer_clockwise"), "stud tie on later streets"),
    "stud.double_on_open_pair": S(False, _bool, "bets may double on 4th street for an open pair"),
    "pot.odd_chip": S("tda20", _choice("tda20", "s000"), "split-pot odd chip rule"),
}


@dataclass(frozen=True)
class Profile:
    """A validated rule profile: every key of :data:`SCHEMA` has a value."""

    id: str
    name: str
    description: str
    settings: Mapping[str, Any] = field(repr=False)

    def __getitem__(self, key: str) -> Any:
        return self.settings[key]

    def get(self, key: str) -> Any:
        return self.settings[key]

    # Derived values used throughout the engine.
    @property
    def rebuy_price_cents(self) -> int:
        v = self.settings["rebuy.price_cents"]
        return int(self.settings["money.buy_in_cents"] if v is None else v)

    @property
    def rebuy_chips(self) -> int:
        v = self.settings["rebuy.chips"]
        return int(self.settings["money.start_stack"] if v is None else v)

    @property
    def addon_price_cents(self) -> int:
        v = self.settings["addon.price_cents"]
        return int(self.settings["money.buy_in_cents"] if v is None else v)

    @property
    def addon_chips(self) -> int:
        v = self.settings["addon.chips"]
        return int(self.settings["money.start_stack"] if v is None else v)

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "description": self.description, "settings": dict(self.settings)}


def _profile_error(key: str, why: str) -> RuleError:
    return RuleError("INVALID_PROFILE", f"Profile setting '{key}' {why}.")


def validate_settings(settings: Mapping[str, Any], base: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """Merge ``settings`` over ``base`` (default: the schema defaults) and check every key."""
    if not isinstance(settings, Mapping):
        raise RuleError("INVALID_PROFILE", "A profile's settings must be an object of key: value pairs.")
    merged = {k: s.default for k, s in SCHEMA.items()} if base is None else dict(base)
    for key, value in settings.items():
        if key not in SCHEMA:
            raise _profile_error(key, "is not a known setting")
        why = SCHEMA[key].check(value)
        if why:
            raise _profile_error(key, why)
        merged[key] = value
    if merged["payout.table"] == "fixed" and not merged["payout.fixed_cents"]:
        raise _profile_error("payout.fixed_cents", "must list at least one amount when payout.table is fixed")
    if merged["stage.mode"] == "none" and merged["final_table.size"] > merged["table.max_seats"] + 1:
        # TDA RP-9: two short tables combine into a final table at most one seat bigger (8-handed -> 9).
        raise _profile_error(
            "final_table.size", f"can be at most one more than table.max_seats ({merged['table.max_seats'] + 1})"
        )
    return merged


def profile_from_dict(data: Mapping[str, Any], base: Profile | None = None) -> Profile:
    """Build a profile from its JSON object; ``extends`` names a shipped base profile."""
    if not isinstance(data, Mapping):
        raise RuleError("INVALID_PROFILE", "A profile must be a JSON object.")
    unknown = set(data) - {"id", "name", "description", "extends", "settings"}
    if unknown:
        raise _profile_error(sorted(unknown)[0], "is not a known profile field")
    pid = data.get("id")
    if not isinstance(pid, str) or not pid:
        raise _profile_error("id", "must be a non-empty text")
    if base is None and data.get("extends"):
        base = load_profile(str(data["extends"]))
    settings = validate_settings(data.get("settings", {}), base.settings if base else None)
    return Profile(
        id=pid,
        name=str(data.get("name", pid)),
        description=str(data.get("description", "")),
        settings=settings,
    )


SHIPPED = ("tda", "hat", "campus", "casino-mixed", "home-rebuy", "home-nl")


def shipped_profile_text(profile_id: str) -> str:
    return (resources.files("resources") / "profiles" / f"{profile_id}.json").read_text(encoding="utf-8")


def load_profile(id_or_path: str) -> Profile:
    """Load a shipped profile by id, or a director's copy from a JSON file path."""
    if id_or_path in SHIPPED:
        text = shipped_profile_text(id_or_path)
    else:
        path = Path(id_or_path)
        if not path.is_file():
            raise RuleError(
                "INVALID_PROFILE",
                f"No profile called '{id_or_path}'. Shipped profiles: {', '.join(SHIPPED)}; or give a JSON file.",
            )
        text = path.read_text(encoding="utf-8")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise RuleError("INVALID_PROFILE", f"The profile file is not valid JSON: {exc}.") from exc
    return profile_from_dict(data)
