"""Profile settings in the director's words: labels, the choices' words, groups, and refusals made readable.

The keys, their types and every rule stay in ``app.profiles.profile``; this module only names them.
"""

from __future__ import annotations

import re

from app.api import SCHEMA

REBUYS = "Money: rebuys, add-ons, re-entry"
# The summary: the settings a director usually looks at, by group. Everything else is under "All other rules".
SUMMARY: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("Money", (
        "money.buy_in_cents", "money.start_stack", "money.fee_cents", "money.guarantee_cents", "reg.cap",
        "late.mode", "late.last_level",
    )),
    (REBUYS, (
        "rebuy.offered", "rebuy.price_cents", "rebuy.chips",
        "rebuy.max_per_player", "rebuy.last_level", "addon.offered", "addon.price_cents", "addon.chips",
        "addon.level", "topup.offered", "topup.after_level", "reentry.offered", "reentry.max_per_player",
    )),
    ("Structure", ("structure.id", "structure.level_minutes", "chips")),
    ("Games", ("mix.mode", "mix.games", "limit.betting")),
    ("Seating", ("table.max_seats", "final_table.size", "seat.method", "balance.trigger", "break.mode")),
    ("Payouts", ("payout.table", "payout.percents", "payout.brackets", "payout.fixed_cents", "payout.round_to_cents",
                 "elim.same_hand")),
    ("Bounties", ("bounty.kind", "bounty.amount_cents", "bounty.cash_percent", "bounty.split")),
)
OTHER = "All other rules"
PREFIXES: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("Money", ("money.", "rebuy.", "addon.", "topup.", "reentry.", "purchase.", "reg.", "late.")),
    ("Structure", ("structure.", "clock.", "race.", "chips")),
    ("Games", ("mix.", "limit.", "stud.", "pot.")),
    ("Seating", ("table.", "seat.", "balance.", "break.", "final_table.", "stage.", "button.", "newplayer.",
                 "display.", "absence.")),
    ("Payouts", ("payout.", "elim.", "satellite.")),
    ("Bounties", ("bounty.",)),
)

LABELS: dict[str, str] = {
    "money.buy_in_cents": "Buy-in",
    "money.start_stack": "Starting stack",
    "money.fee_cents": "House fee per entry",
    "money.guarantee_cents": "Guaranteed prize pool",
    "reg.cap": "Most players",
    "reg.require_identity": "A registrant must give",
    "reg.forfeit_fee_cents": "Fee kept from a no-show",
    "reg.opens_at": "Registration opens",
    "reg.closes_at": "Registration closes",
    "late.mode": "Late registration",
    "late.last_level": "Late registration until level",
    "rebuy.offered": "Rebuys offered",
    "rebuy.price_cents": "Rebuy price",
    "rebuy.chips": "Rebuy chips",
    "rebuy.max_per_player": "Rebuys per player",
    "rebuy.last_level": "Rebuys until level",
    "addon.offered": "Add-on offered",
    "addon.price_cents": "Add-on price",
    "addon.chips": "Add-on chips",
    "addon.level": "Add-on at level",
    "addon.max_per_player": "Add-ons per player",
    "topup.offered": "Top-up offered",
    "topup.after_level": "Top-up after level",
    "topup.max_per_player": "Top-ups per player",
    "reentry.offered": "Re-entry offered",
    "reentry.max_per_player": "Re-entries per player",
    "purchase.max_entry_cents": "Most brought in when entering",
    "purchase.max_per_hand_cents": "Most bought for one hand",
    "structure.id": "Blind structure",
    "structure.level_minutes": "Minutes per level",
    "structure.sb_rule": "Small blind",
    "structure.max_forced_bet": "Largest forced bet",
    "structure.s004_scale": "Seed 004 blinds scale",
    "chips": "Chip set",
    "mix.mode": "Game choice",
    "mix.games": "Games",
    "mix.hands_per_game": "Hands per game",
    "limit.betting": "Betting",
    "limit.max_raises": "Raises after the opening bet",
    "table.max_seats": "Seats per table",
    "final_table.size": "Final table seats",
    "seat.method": "Seat draw",
    "seat.extra_to": "Extra players go to",
    "seat.designated_dealers": "Player-dealers named at the draw",
    "balance.trigger": "Balancing",
    "balance.spread": "Balancing spread",
    "balance.min_players": "Short table below",
    "balance.method": "Who moves",
    "balance.source_tie": "Tied full tables: who gives",
    "break.redraw_at_players": "Full redraws at these player counts",
    "break.redraw_at_tables": "Full redraws at these table counts",
    "stage.mode": "Stages",
    "stage.end": "A first-stage table ends",
    "stage.final_seats": "Seats at the winners' table",
    "late.blind_policy": "A late entrant, to be dealt in",
    "break.mode": "Breaking tables",
    "break.order": "First table to break",
    "payout.table": "Payout table",
    "payout.percents": "Percent per place",
    "payout.brackets": "Percents by field size",
    "payout.bracket_basis": "Field size counts",
    "payout.fixed_cents": "Fixed amounts",
    "payout.round_to_cents": "Prizes rounded to",
    "elim.same_hand": "Busted in the same hand",
    "satellite.seat_value_cents": "Satellite: value of a seat",
    "satellite.event": "Satellite: seats in the event",
    "satellite.remainder": "Satellite: the cash left over",
    "satellite.stop_at_seats": "Satellite: play stops when the players left all win a seat",
    "absence.forfeit_after_min": "An absent player forfeits after",
    "bounty.kind": "Bounties",
    "bounty.amount_cents": "Bounty part of each entry",
    "bounty.cash_percent": "Progressive: paid in cash",
    "bounty.split": "A split pot's bounty",
    "bounty.unknown_allowed": "A bust may name no eliminator",
    "bounty.house": "House bounties on named players",
}

# What "null" means, where the help text does not say it.
NONE_WORDS: dict[str, str] = {
    "rebuy.last_level": "any level",
    "purchase.max_entry_cents": "no limit",
    "purchase.max_per_hand_cents": "no limit",
    "absence.forfeit_after_min": "never",
    "satellite.seat_value_cents": "not a satellite",
    "structure.max_forced_bet": "no limit",
    "clock.level_length_change_after": "never",
}

CHOICE_WORDS: dict[str, dict[str, str]] = {
    "late.mode": {"none": "No late registration", "levels": "Until a level ends",
                  "committed": "Committed players only"},
    "rebuy.window_scope": {"table": "Per table", "global": "Whole room"},
    "seat.method": {"random": "Random draw", "card_draw": "Card draw (suit = table)"},
    "satellite.remainder": {"next_place": "To the next place", "split": "Split among the seat winners"},
    "seat.designated_dealers": {
        "none": "Not used",
        "allowed": "One per table at most",
        "every_table": "Only with one at every table",
    },
    "balance.trigger": {"spread_tda": "TDA spread", "spread": "Spread", "below_five": "A table goes short",
                        "none": "Never"},
    "balance.source_tie": {"lowest_number": "Lowest table number"},
    "balance.method": {"next_bb_to_worst": "Next big blind to the worst position",
                       "same_relative_position": "Same relative position",
                       "highest_seat_to_lowest_open": "Highest seat to the lowest open seat"},
    "break.mode": {"tda": "TDA", "below_five": "When a table goes short", "redraw_only": "Redraws only"},
    "stage.mode": {"none": "One stage", "winners_table": "Winners' table"},
    "payout.table": {"percent": "Percent of the pool", "bracket": "Percents by field size",
                     "fixed": "Fixed amounts", "none": "No payout table"},
    "mix.mode": {"none": "One game", "hat": "Drawn from a hat", "rotation": "Rotation",
                 "dealers_choice": "Dealer's choice"},
    "limit.betting": {"no_limit": "No limit", "pot_limit": "Pot limit", "limit": "Fixed limit"},
    "limit.cap_heads_up": {"lifted_at_two": "Lifted heads-up"},
    "elim.same_hand": {"stack_order": "Larger starting stack places higher", "split_all": "Tied, prizes split"},
    "structure.sb_rule": {"listed": "As listed", "half": "Half the big blind",
                          "half_round": "Half the big blind, rounded"},
    "race.race_out": {"tda_add": "TDA: keeps one chip", "roberts_first": "Roberts: first card"},
    "race.pool_rounding": {"half_up": "Half up"},
    "pot.odd_chip": {"tda20": "TDA rule 20", "s000": "Seed 000 rule"},
    "bounty.kind": {"none": "No bounties", "fixed": "Fixed bounty", "progressive": "Progressive knockout"},
    "bounty.split": {"equal": "Shared equally", "first_named": "All to the first named"},
    "clock.hand_start": {"first_riffle": "First riffle", "blinds_and_riffle": "Blinds posted and riffle"},
    "absence.no_show_removal": {"blind_out": "Blinded out", "level_2": "At level 2",
                                "new_level_or_30": "New level or 30 minutes"},
}

SUFFIXES: dict[str, str] = {
    "structure.level_minutes": " min",
    "absence.forfeit_after_min": " min",
    "clock.hand_for_hand_deduction_s": " s",
    "bounty.cash_percent": " %",
}

_NULL_IN_HELP = re.compile(r"\s*\(null: ([^)]*)\)")
_KEY = re.compile(r"\b(" + "|".join(re.escape(k) for k in sorted(SCHEMA, key=len, reverse=True)) + r")\b")
_NAMED = re.compile(r"^Profile setting '([^']+)' ")


def help_text(key: str) -> str:
    """The schema's help, without the data format's "(null: ...)" remark."""
    return _NULL_IN_HELP.sub("", SCHEMA[key].help)


def label_of(key: str) -> str:
    if key in LABELS:
        return LABELS[key]
    text = help_text(key)
    return text[:1].upper() + text[1:]


def none_word(key: str) -> str:
    """What an empty (null) value means: "unlimited", "same as the buy-in", "no cap"."""
    found = _NULL_IN_HELP.search(SCHEMA[key].help)
    if found:
        words = found.group(1).replace("start stack", "starting stack")
        return "same as " + words if words.startswith("the ") else words
    return NONE_WORDS.get(key, "none")


def choice_word(key: str, value: str) -> str:
    word = CHOICE_WORDS.get(key, {}).get(value)
    return word if word else value.replace("_", " ").capitalize()


def group_of(key: str) -> str:
    for name, prefixes in PREFIXES:
        if any(key.startswith(p) for p in prefixes):
            return name
    return OTHER


def named_key(message: str) -> str | None:
    """The setting an engine refusal names ("Profile setting 'final_table.size' ...")."""
    found = _NAMED.search(message)
    return found.group(1) if found else None


def plain_message(message: str) -> str:
    """The engine's refusal with the settings it names in words: "Final table seats: cannot exceed ..."."""
    key = named_key(message)
    if key is None or key not in SCHEMA:
        return message
    rest = _NAMED.sub("", message).replace(" or null", "")
    if key.endswith("_cents") and not isinstance(SCHEMA[key].default, list):
        rest = rest.replace("must be a whole number", "must be an amount like $25.00")
        rest = re.sub(r"(at (?:least|most)) (\d+)", lambda m: f"{m.group(1)} {_dollars(int(m.group(2)))}", rest)
    rest = _KEY.sub(lambda m: label_of(m.group(1)).lower(), rest)
    return f"{label_of(key)}: {rest}"


def _dollars(cents: int) -> str:
    whole, part = divmod(cents, 100)
    return f"${whole:,}.{part:02d}"
