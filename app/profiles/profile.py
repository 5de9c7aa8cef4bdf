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
from collections.abc import Mapping
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

from app.errors import RuleError
from app.i18n import N_, _
from app.profiles.setting_checks import (
    Check,
    Choice,
    boolean,
    brackets,
    check_iso,
    chip_set,
    choice,
    currency,
    fee_table,
    identity,
    name_amounts,
    percent_or_null,
    percents,
    text,
    text_list,
    whole,
    whole_list,
)


@dataclass(frozen=True)
class Setting:
    default: Any
    check: Check
    help: str  # marked English words (N_): shown with _(help) where the settings are listed
    choices: tuple[str, ...] = field(init=False, default=())  # the allowed values of a choice setting

    def __post_init__(self) -> None:
        if isinstance(self.check, Choice):
            object.__setattr__(self, "choices", self.check.choices)


S = Setting
SCHEMA: dict[str, Setting] = {
    # money and entries (ENT)
    "money.currency": S(
        "USD", currency, N_("ISO code of the currency; amounts are in its smallest unit (cents; yen for JPY)")
    ),
    "money.buy_in_cents": S(10000, whole(0), N_("price of an entry, in cents")),
    "money.start_stack": S(10000, whole(1), N_("chips an entry grants")),
    "money.fee_cents": S(0, whole(0), N_("house fee per entry, not prize money")),
    "money.fees": S(
        {},
        fee_table,
        N_(
            "fees per purchase (buy_in, reentry, rebuy, addon, topup): {house, dealer, staff} in cents, not prize money"
        ),
    ),
    "money.guarantee_cents": S(0, whole(0), N_("guaranteed prize pool")),
    "rebuy.offered": S(False, boolean, N_("rebuys are offered")),
    "rebuy.price_cents": S(None, whole(0, optional=True), N_("rebuy price (null: the buy-in)")),
    "rebuy.chips": S(None, whole(1, optional=True), N_("rebuy chips (null: the start stack)")),
    "rebuy.max_per_player": S(None, whole(1, optional=True), N_("rebuys per player (null: unlimited)")),
    "rebuy.last_level": S(None, whole(1, optional=True), N_("chips must be lost in a hand of this level or earlier")),
    "rebuy.requires_zero_stack": S(True, boolean, N_("only a player with no chips may rebuy")),
    "rebuy.window_scope": S("table", choice("table", "global"), N_("level boundary judged per table or globally")),
    "addon.offered": S(False, boolean, N_("add-ons are offered")),
    "addon.price_cents": S(None, whole(0, optional=True), N_("add-on price (null: the buy-in)")),
    "addon.chips": S(None, whole(1, optional=True), N_("add-on chips (null: the start stack)")),
    "addon.level": S(1, whole(1), N_("the add-on is taken during this level or the break after it")),
    "addon.max_per_player": S(1, whole(1), N_("add-ons per player")),
    "addon.requires_zero_stack": S(False, boolean, N_("only a player with no chips may add on")),
    "topup.offered": S(False, boolean, N_("a top-up to the start stack is offered")),
    "topup.after_level": S(1, whole(1), N_("the top-up window opens when this level ends")),
    "topup.max_per_player": S(1, whole(1), N_("top-ups per player")),
    "reentry.offered": S(False, boolean, N_("eliminated players may buy a new entry during late registration")),
    "reentry.max_per_player": S(None, whole(1, optional=True), N_("re-entries per player (null: unlimited)")),
    "reentry.forfeit_stack": S(
        False, boolean, N_("a player with chips may forfeit them (removed from play) to re-enter")
    ),
    "purchase.max_entry_cents": S(None, whole(1, optional=True), N_("most a player may bring in when entering")),
    "purchase.max_per_hand_cents": S(None, whole(1, optional=True), N_("most a player may buy for one hand")),
    # knockouts and bounties (KO)
    "bounty.kind": S(
        "none",
        choice("none", "fixed", "progressive"),
        N_("bounties: none; a fixed bounty on each entry; progressive knockout (PKO)"),
    ),
    "bounty.amount_cents": S(0, whole(0), N_("part of each buy-in and re-entry that is the bounty on that entry")),
    "bounty.cash_percent": S(
        50,
        whole(0, 100),
        N_("progressive: percent of a bounty won paid in cash; the rest goes on the winner's own head"),
    ),
    "bounty.split": S(
        "equal",
        choice("equal", "first_named"),
        N_("a split pot's bounty: shared equally (odd cents clockwise from the button), or all to the first named"),
    ),
    "bounty.unknown_allowed": S(True, boolean, N_("a bust may be entered with nobody named as the eliminator")),
    "bounty.house": S({}, name_amounts, N_("bounties paid by the house on named players: {name: cents}")),
    # registration and late entry (REG)
    "reg.cap": S(None, whole(2, optional=True), N_("most players in the event (null: no cap)")),
    "reg.require_identity": S([], identity, N_("identity fields a registrant must give")),
    "reg.forfeit_fee_cents": S(0, whole(0), N_("fee recorded for a registrant absent at the start (not prize money)")),
    "reg.opens_at": S(None, check_iso, N_("registration opens at this ISO date-time (null: always open)")),
    "reg.closes_at": S(None, check_iso, N_("registrations after this ISO date-time are waitlisted (null: no close)")),
    "late.mode": S(
        "levels",
        choice("none", "levels", "committed"),
        N_("none; entries until late.last_level; committed players only"),
    ),
    "late.last_level": S(3, whole(1), N_("late registration is open until this level ends")),
    "late.blind_policy": S("none", choice("none", "post_bb_or_wait"), N_("what a late entrant must do to be dealt in")),
    "late.allow_new_table": S(True, boolean, N_("the director may open a new table for late entrants")),
    "late.refund_unseated": S(False, boolean, N_("a waiting entrant never seated is refunded when late entry closes")),
    # seating (SEAT)
    "table.max_seats": S(9, whole(2, 12), N_("seats per table")),
    "seat.method": S("random", choice("random", "card_draw"), N_("random draw or the card draw (suit = table)")),
    "seat.extra_to": S("highest", choice("highest", "lowest"), N_("which tables get the extra player")),
    "seat.designated_dealers": S(
        "none",
        choice("none", "allowed", "every_table"),
        N_("player-dealers named at the draw: not used; at most one per table; one at every table or none"),
    ),
    # balancing and breaking (BAL, BRK)
    "balance.trigger": S(
        "spread_tda", choice("spread_tda", "spread", "below_five", "none"), N_("when a player must move")
    ),
    "balance.spread": S(2, whole(1), N_("largest minus smallest table population that triggers a move (spread)")),
    "balance.min_players": S(5, whole(2), N_("a table below this many players is short (below_five)")),
    "balance.source_tie": S(
        "lowest_number", choice("lowest_number", "card_draw"), N_("which of tied full tables gives")
    ),
    "balance.method": S(
        "next_bb_to_worst",
        choice("next_bb_to_worst", "same_relative_position", "highest_seat_to_lowest_open"),
        N_("who moves and to which seat"),
    ),
    "break.order": S(
        "highest_number",
        choice("highest_number", "lowest_number", "fewest_players"),
        N_("which tables break first (fewest_players: ties by highest number; the fewest moves)"),
    ),
    "break.mode": S("tda", choice("tda", "below_five", "redraw_only"), N_("how tables are broken")),
    "break.redraw_at_players": S([], whole_list, N_("full card-draw redraws at these player counts (at or below)")),
    "break.redraw_at_tables": S([], whole_list, N_("full redraws when play reaches these numbers of tables")),
    "final_table.size": S(9, whole(2, 12), N_("players at the final table (left out: follows table.max_seats)")),
    "stage.mode": S("none", choice("none", "winners_table"), N_("table chip leaders advance to a winners' table")),
    "stage.end": S("last_standing", choice("last_standing", "time_limit"), N_("when a first-stage table ends")),
    "stage.carry_chips": S(False, boolean, N_("winners keep their chips at the winners' table")),
    "stage.final_seats": S(None, whole(2, optional=True), N_("seats at the winners' table (null: one per table)")),
    # button and blinds (BTN)
    "button.bb_bust": S("advance", choice("advance", "hold"), N_("button when the big blind busts")),
    "button.display_on_effective_dealer": S(False, boolean, N_("show the marker on the effective dealer")),
    "button.no_repeat_blind": S(False, boolean, N_("a mover never pays the same blind two hands running (P003)")),
    "newplayer.in_sb_seat": S("post", choice("post", "sit_out"), N_("a new player landing in the small blind")),
    "display.dealing_seat_offset": S(0, whole(0), N_("show the dealing seat this many seats after the button")),
    # eliminations and payouts (ELIM, PAY)
    "elim.same_hand": S("stack_order", choice("stack_order", "split_all"), N_("same-hand eliminations")),
    "payout.table": S("percent", choice("percent", "bracket", "fixed", "none"), N_("kind of payout table")),
    "payout.percents": S([50, 30, 20], percents, N_("percent of the pool per place")),
    "payout.brackets": S(
        [{"max_players": 1000000, "percents": [50, 30, 20]}], brackets, N_("percent tables by field size")
    ),
    "payout.bracket_basis": S("players", choice("players", "entries"), N_("what a bracket counts")),
    "payout.fixed_cents": S([], whole_list, N_("fixed amounts per place, in cents")),
    "payout.places_percent": S(
        None,
        percent_or_null,
        N_(
            "places paid as this percent of the entries, sharing the pool 1/1 : 1/2 : 1/3 ... (null: the table's "
            "places)"
        ),
    ),
    "payout.places_rounding": S("nearest", choice("up", "down", "nearest"), N_("how payout.places_percent rounds")),
    "payout.round_to_cents": S(
        None, whole(1, optional=True), N_("every prize a multiple of this, the rest to 1st (null: cents)")
    ),
    "payout.min_cash_cents": S(
        None, whole(1, optional=True), N_("every paid place pays at least this; lower places are dropped")
    ),
    "payout.lock_at_money": S(False, boolean, N_("the payout table locks by itself when the money is reached")),
    # satellites (SAT)
    "satellite.seat_value_cents": S(
        None,
        whole(1, optional=True),
        N_(
            "a satellite: the value of one seat in the target event, in cents; it replaces the payout table "
            "(null: not a satellite)"
        ),
    ),
    "satellite.event": S("", text, N_("the event the satellite's seats are for")),
    "satellite.remainder": S(
        "next_place",
        choice("next_place", "split"),
        N_("the cash left after the seats: to the first place after them, or split among the seat winners"),
    ),
    "satellite.stop_at_seats": S(
        True,
        boolean,
        N_("play stops when the players left are no more than the seats: each wins one"),
    ),
    # chip race (RACE)
    "race.race_out": S("tda_add", choice("tda_add", "roberts_first"), N_("a player who would be raced out")),
    "race.pool_rounding": S("half_up", choice("half_up", "floor"), N_("how the odd chips' value rounds")),
    "chips": S(
        [
            {"value": 25, "colour": "green", "count": 400},
            {"value": 100, "colour": "black", "count": 600},
            {"value": 500, "colour": "purple", "count": 400},
            {"value": 1000, "colour": "yellow", "count": 400},
            {"value": 5000, "colour": "red", "count": 100},
        ],
        chip_set,
        N_("the chip set"),
    ),
    # absence (ABS)
    "absence.forfeit_after_min": S(
        None, whole(1, optional=True), N_("an absent player forfeits after this many minutes")
    ),
    "absence.no_show_removal": S(
        "blind_out", choice("blind_out", "level_2", "new_level_or_30"), N_("when a no-show's chips leave play")
    ),
    # clock and structure (CLK)
    "structure.id": S("tda-nl", text, N_("the shipped structure (resources/structures/ID.json)")),
    "structure.level_minutes": S(20, whole(1, 240), N_("minutes per level unless the structure says otherwise")),
    "structure.sb_rule": S("listed", choice("listed", "half", "half_round"), N_("how the small blind is sized")),
    "structure.max_forced_bet": S(None, whole(1, optional=True), N_("no blind, ante or bring-in may exceed this")),
    "structure.s004_scale": S(1, whole(1, 10), N_("scale of seed 004's reconstructed blinds (1 or 10)")),
    "clock.hand_start": S("first_riffle", choice("first_riffle", "blinds_and_riffle"), N_("when a hand is in play")),
    "clock.hand_for_hand_deduction_s": S(120, whole(0), N_("seconds deducted per hand-for-hand hand")),
    "clock.level_length_change_after": S(
        None, whole(1, optional=True), N_("level length may change once from this level")
    ),
    # games and limits (MIX)
    "mix.mode": S("none", choice("none", "hat", "rotation", "dealers_choice"), N_("how the game is chosen")),
    "mix.games": S(["holdem"], text_list, N_("the games played (catalogue ids)")),
    "mix.hands_per_game": S(None, whole(1, optional=True), N_("rotation: hands per game (null: one level each)")),
    "mix.dealers_choice_span": S("hand", choice("hand", "orbit"), N_("a dealer's choice lasts one hand or an orbit")),
    "limit.betting": S("no_limit", choice("no_limit", "pot_limit", "limit"), N_("betting structure")),
    "limit.max_raises": S(4, whole(1), N_("raises allowed after the opening bet (limit)")),
    "limit.cap_heads_up": S("lifted_at_two", choice("always", "lifted_at_two"), N_("raise cap when heads-up")),
    "stud.showing_tie": S(
        "high_card_suit", choice("high_card_suit", "dealer_clockwise"), N_("stud tie on later streets")
    ),
    "stud.double_on_open_pair": S(False, boolean, N_("bets may double on 4th street for an open pair")),
    "pot.odd_chip": S("tda20", choice("tda20", "s000"), N_("split-pot odd chip rule")),
    # multi-flight events (FLT)
    "flight.enter_several": S(
        True,
        boolean,
        N_("FLT-1: a player may enter more than one flight of an event (one stack goes forward)"),
    ),
    "flight.stack_forward": S(
        "biggest",
        choice("biggest", "first"),
        N_("FLT-2: a player who bags in several flights takes the biggest bag, or the first, to Day 2 (never the sum)"),
    ),
    "flight.end": S(
        "director",
        choice("director", "level", "players", "share"),
        N_(
            "FLT-3: a flight ends when the director says, at the end of flight.end_level, at flight.end_players left, "
            "or at flight.end_share_percent of its entries left"
        ),
    ),
    "flight.end_level": S(None, whole(1, optional=True), N_("FLT-3: the last level played on Day 1")),
    "flight.end_players": S(None, whole(1, optional=True), N_("FLT-3: a flight stops with this many players left")),
    "flight.end_share_percent": S(
        None,
        whole(1, 100, optional=True),
        N_("FLT-3: a flight stops with this percent of its entries left"),
    ),
    "flight.bag_tolerance_chips": S(
        0,
        whole(0),
        N_("FLT-4: how far a table's bagged counts may differ from the chips in play at it"),
    ),
    "flight.day2_late_reg": S(False, boolean, N_("FLT-6: new players may buy in on Day 2 (with a starting stack)")),
}


@dataclass(frozen=True)
class Profile:
    """A validated rule profile: every key of :data:`SCHEMA` has a value."""

    id: str
    name: str
    description: str
    settings: Mapping[str, Any] = field(repr=False)
    # Keys the profile does not name, whose value follows another key (see FOLLOWS): BRK-6's final table.
    follows: frozenset[str] = field(default=frozenset(), repr=False)

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
        """The profile as data; a key that follows others is left out, so it follows them again when read."""
        settings = {k: v for k, v in self.settings.items() if k not in self.follows}
        return {"id": self.id, "name": self.name, "description": self.description, "settings": settings}


def final_size_for(max_seats: int) -> int:
    """BRK-6: the final table size that follows the table size (TDA RP-9: 8- and 9-handed events have a
    final table of 9, 6- and 7-handed ones of 7; 10-handed a final table of 10; any other size its own)."""
    return {8: 9, 6: 7}.get(max_seats, max_seats)


# Settings whose value, when no profile in the chain names them, follows other settings.
FOLLOWS = {"final_table.size": lambda s: final_size_for(int(s["table.max_seats"]))}


def default_of(key: str, settings: Mapping[str, Any]) -> Any:
    """The value ``key`` takes when a profile leaves it out, given the profile's other ``settings``: the
    schema's default, or for a key in :data:`FOLLOWS` the value that follows them. A profile saved as
    its differences from these values loads back the same."""
    follow = FOLLOWS.get(key)
    return follow(settings) if follow is not None else SCHEMA[key].default


def _profile_error(key: str, why: str) -> RuleError:
    return RuleError("INVALID_PROFILE", _("Profile setting '{key}' {why}.", key=key, why=why), setting=key, reason=why)


def validate_settings(settings: Mapping[str, Any], base: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """Merge ``settings`` over ``base`` (default: the schema defaults) and check every key."""
    if not isinstance(settings, Mapping):
        raise RuleError("INVALID_PROFILE", _("A profile's settings must be an object of key: value pairs."))
    merged = {k: s.default for k, s in SCHEMA.items()} if base is None else dict(base)
    for key, value in settings.items():
        if key not in SCHEMA:
            raise _profile_error(key, _("is not a known setting"))
        why = SCHEMA[key].check(value)
        if why:
            raise _profile_error(key, why)
        merged[key] = value
    if merged["payout.table"] == "fixed" and not merged["payout.fixed_cents"]:
        raise _profile_error("payout.fixed_cents", _("must list at least one amount when payout.table is fixed"))
    if merged["payout.places_percent"] is not None and merged["payout.table"] not in ("percent", "bracket"):
        raise _profile_error("payout.places_percent", _("applies only to a percent or bracket payout table"))
    if merged["stage.mode"] == "none" and merged["final_table.size"] > merged["table.max_seats"] + 1:
        # TDA RP-9: two short tables combine into a final table at most one seat bigger (8-handed -> 9).
        raise _profile_error(
            "final_table.size",
            _("can be at most one more than table.max_seats ({max_seats})", max_seats=merged["table.max_seats"] + 1),
        )
    if merged["bounty.kind"] != "none":
        if not merged["bounty.amount_cents"]:
            raise _profile_error("bounty.amount_cents", _("must be above 0 when bounty.kind is fixed or progressive"))
        if merged["bounty.amount_cents"] > merged["money.buy_in_cents"]:
            raise _profile_error("bounty.amount_cents", _("can be at most the buy-in (money.buy_in_cents)"))
        if merged["rebuy.offered"]:
            raise _profile_error(
                "bounty.kind", _("cannot be used with rebuys (rebuy.offered): a re-entry buys a new bounty instead")
            )
    return merged


MAX_EXTENDS = 16  # profiles extending profiles: more than this is surely a mistake


def profile_from_dict(data: Mapping[str, Any], base: Profile | None = None, *,
                      _chain: tuple[str, ...] = ()) -> Profile:
    """Build a profile from its JSON object; ``extends`` names a shipped base profile (or a file)."""
    if not isinstance(data, Mapping):
        raise RuleError("INVALID_PROFILE", _("A profile must be a JSON object."))
    unknown = set(data) - {"id", "name", "description", "extends", "settings"}
    if unknown:
        raise _profile_error(sorted(unknown)[0], _("is not a known profile field"))
    pid = data.get("id")
    if not isinstance(pid, str) or not pid:
        raise _profile_error("id", _("must be a non-empty text"))
    if base is None and data.get("extends"):
        base = load_profile(str(data["extends"]), _chain=_chain)
    given = data.get("settings", {})
    # A key that neither this profile nor its base names follows the others (BRK-6: the final table
    # follows the table size); a profile that names it keeps its own value.
    follows = frozenset(
        key for key in FOLLOWS
        if not (isinstance(given, Mapping) and key in given) and (base is None or key in base.follows)
    )
    if follows:
        before = {k: s.default for k, s in SCHEMA.items()} if base is None else dict(base.settings)
        shown = {**before, **given}
        if all(not SCHEMA[k].check(shown[k]) for k in ("table.max_seats",)):
            given = {**given, **{key: FOLLOWS[key](shown) for key in follows}}
    settings = validate_settings(given, base.settings if base else None)
    return Profile(
        id=pid,
        name=str(data.get("name", pid)),
        description=str(data.get("description", "")),
        settings=settings,
        follows=follows,
    )


SHIPPED = ("tda", "hat", "campus", "casino-mixed", "home-rebuy", "home-nl", "tda-pko", "satellite")


def shipped_profile_text(profile_id: str) -> str:
    return (resources.files("resources") / "profiles" / f"{profile_id}.json").read_text(encoding="utf-8")


def load_profile(id_or_path: str, *, _chain: tuple[str, ...] = ()) -> Profile:
    """Load a shipped profile by id, or a director's copy from a JSON file path.

    A profile that extends itself, directly or through others, is refused in words (so is a chain of
    more than :data:`MAX_EXTENDS`), as is JSON nested too deeply to read."""
    if id_or_path in SHIPPED:
        key = id_or_path
    else:
        path = Path(id_or_path)
        try:
            key = str(path.resolve())
        except (OSError, RuntimeError):
            key = id_or_path
    if key in _chain:
        raise RuleError(
            "INVALID_PROFILE",
            _(
                "The profile '{id_or_path}' extends itself (directly or through another profile); make it extend a "
                "shipped profile instead.",
                id_or_path=id_or_path,
            ),
        )
    if len(_chain) >= MAX_EXTENDS:
        raise RuleError(
            "INVALID_PROFILE",
            _(
                "The profile '{id_or_path}' extends more than {MAX_EXTENDS} profiles in a row; make it extend a "
                "shipped profile instead.",
                id_or_path=id_or_path,
                MAX_EXTENDS=MAX_EXTENDS,
            ),
        )
    if id_or_path in SHIPPED:
        text = shipped_profile_text(id_or_path)
    else:
        if not path.is_file():
            raise RuleError(
                "INVALID_PROFILE",
                _(
                    "No profile called '{id_or_path}'. Shipped profiles: {names}; or give a JSON file.",
                    id_or_path=id_or_path,
                    names=", ".join(SHIPPED),
                ),
            )
        text = path.read_text(encoding="utf-8")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise RuleError("INVALID_PROFILE", _("The profile file is not valid JSON: {exc}.", exc=exc)) from exc
    except RecursionError as exc:
        raise RuleError("INVALID_PROFILE", _("The profile file is nested too deeply to be a profile.")) from exc
    return profile_from_dict(data, _chain=(*_chain, key))
