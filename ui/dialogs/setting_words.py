"""Profile settings in the director's words: labels, the choices' words, groups, and refusals made readable.

The keys, their types and every rule stay in ``app.profiles.profile``; this module only names them.
"""

from __future__ import annotations

import re

from app.api import SCHEMA, RuleError, fmt
from app.i18n import N_, _

MONEY = N_("Money")
STRUCTURE = N_("Structure")
GAMES = N_("Games")
SEATING = N_("Seating")
PAYOUTS = N_("Payouts")
BOUNTIES = N_("Bounties")
REBUYS = N_("Money: rebuys, add-ons, re-entry")
# The summary: the settings a director usually looks at, by group. Everything else is under "All other rules".
SUMMARY: tuple[tuple[str, tuple[str, ...]], ...] = (
    (MONEY, (
        "money.buy_in_cents", "money.start_stack", "money.fee_cents", "money.guarantee_cents", "reg.cap",
        "late.mode", "late.last_level",
    )),
    (REBUYS, (
        "rebuy.offered", "rebuy.price_cents", "rebuy.chips",
        "rebuy.max_per_player", "rebuy.last_level", "addon.offered", "addon.price_cents", "addon.chips",
        "addon.level", "topup.offered", "topup.after_level", "reentry.offered", "reentry.max_per_player",
    )),
    (STRUCTURE, ("structure.id", "structure.level_minutes", "chips")),
    (GAMES, ("mix.mode", "mix.games", "limit.betting")),
    (SEATING, ("table.max_seats", "final_table.size", "seat.method", "balance.trigger", "break.mode")),
    (PAYOUTS, ("payout.table", "payout.percents", "payout.brackets", "payout.fixed_cents", "payout.round_to_cents",
                 "elim.same_hand")),
    (BOUNTIES, ("bounty.kind", "bounty.amount_cents", "bounty.cash_percent", "bounty.split")),
)
OTHER = N_("All other rules")
PREFIXES: tuple[tuple[str, tuple[str, ...]], ...] = (
    (MONEY, ("money.", "rebuy.", "addon.", "topup.", "reentry.", "purchase.", "reg.", "late.")),
    (STRUCTURE, ("structure.", "clock.", "race.", "chips")),
    (GAMES, ("mix.", "limit.", "stud.", "pot.")),
    (SEATING, ("table.", "seat.", "balance.", "break.", "final_table.", "stage.", "button.", "newplayer.",
                 "display.", "absence.")),
    (PAYOUTS, ("payout.", "elim.", "satellite.")),
    (BOUNTIES, ("bounty.",)),
)

LABELS: dict[str, str] = {
    "money.buy_in_cents": N_("Buy-in"),
    "money.start_stack": N_("Starting stack"),
    "money.fee_cents": N_("House fee per entry"),
    "money.guarantee_cents": N_("Guaranteed prize pool"),
    "reg.cap": N_("Most players"),
    "reg.require_identity": N_("A registrant must give"),
    "reg.forfeit_fee_cents": N_("Fee kept from a no-show"),
    "reg.opens_at": N_("Registration opens"),
    "reg.closes_at": N_("Registration closes"),
    "late.mode": N_("Late registration"),
    "late.last_level": N_("Late registration until level"),
    "rebuy.offered": N_("Rebuys offered"),
    "rebuy.price_cents": N_("Rebuy price"),
    "rebuy.chips": N_("Rebuy chips"),
    "rebuy.max_per_player": N_("Rebuys per player"),
    "rebuy.last_level": N_("Rebuys until level"),
    "addon.offered": N_("Add-on offered"),
    "addon.price_cents": N_("Add-on price"),
    "addon.chips": N_("Add-on chips"),
    "addon.level": N_("Add-on at level"),
    "addon.max_per_player": N_("Add-ons per player"),
    "topup.offered": N_("Top-up offered"),
    "topup.after_level": N_("Top-up after level"),
    "topup.max_per_player": N_("Top-ups per player"),
    "reentry.offered": N_("Re-entry offered"),
    "reentry.max_per_player": N_("Re-entries per player"),
    "purchase.max_entry_cents": N_("Most brought in when entering"),
    "purchase.max_per_hand_cents": N_("Most bought for one hand"),
    "structure.id": N_("Blind structure"),
    "structure.level_minutes": N_("Minutes per level"),
    "structure.sb_rule": N_("Small blind"),
    "structure.max_forced_bet": N_("Largest forced bet"),
    "structure.s004_scale": N_("Seed 004 blinds scale"),
    "chips": N_("Chip set"),
    "mix.mode": N_("Game choice"),
    "mix.games": N_("Games"),
    "mix.hands_per_game": N_("Hands per game"),
    "limit.betting": N_("Betting"),
    "limit.max_raises": N_("Raises after the opening bet"),
    "table.max_seats": N_("Seats per table"),
    "final_table.size": N_("Final table seats"),
    "seat.method": N_("Seat draw"),
    "seat.extra_to": N_("Extra players go to"),
    "seat.designated_dealers": N_("Player-dealers named at the draw"),
    "balance.trigger": N_("Balancing"),
    "balance.spread": N_("Balancing spread"),
    "balance.min_players": N_("Short table below"),
    "balance.method": N_("Who moves"),
    "balance.source_tie": N_("Tied full tables: who gives"),
    "break.redraw_at_players": N_("Full redraws at these player counts"),
    "break.redraw_at_tables": N_("Full redraws at these table counts"),
    "stage.mode": N_("Stages"),
    "stage.end": N_("A first-stage table ends"),
    "stage.final_seats": N_("Seats at the winners' table"),
    "late.blind_policy": N_("A late entrant, to be dealt in"),
    "break.mode": N_("Breaking tables"),
    "break.order": N_("First table to break"),
    "payout.table": N_("Payout table"),
    "payout.percents": N_("Percent per place"),
    "payout.brackets": N_("Percents by field size"),
    "payout.bracket_basis": N_("Field size counts"),
    "payout.fixed_cents": N_("Fixed amounts"),
    "payout.round_to_cents": N_("Prizes rounded to"),
    "elim.same_hand": N_("Busted in the same hand"),
    "satellite.seat_value_cents": N_("Satellite: value of a seat"),
    "satellite.event": N_("Satellite: seats in the event"),
    "satellite.remainder": N_("Satellite: the cash left over"),
    "satellite.stop_at_seats": N_("Satellite: play stops when the players left all win a seat"),
    "absence.forfeit_after_min": N_("An absent player forfeits after"),
    "bounty.kind": N_("Bounties"),
    "bounty.amount_cents": N_("Bounty part of each entry"),
    "bounty.cash_percent": N_("Progressive: paid in cash"),
    "bounty.split": N_("A split pot's bounty"),
    "bounty.unknown_allowed": N_("A bust may name no eliminator"),
    "bounty.house": N_("House bounties on named players"),
}

# What "null" means, where the help text does not say it.
NONE_WORDS: dict[str, str] = {
    "rebuy.last_level": N_("any level"),
    "purchase.max_entry_cents": N_("no limit"),
    "purchase.max_per_hand_cents": N_("no limit"),
    "absence.forfeit_after_min": N_("never"),
    "satellite.seat_value_cents": N_("not a satellite"),
    "structure.max_forced_bet": N_("no limit"),
    "clock.level_length_change_after": N_("never"),
}

# The same, as the schema's help says it ("(null: the buy-in)"), in the director's words.
NULL_WORDS = (N_("same as the buy-in"), N_("same as the starting stack"), N_("unlimited"), N_("no cap"),
              N_("always open"), N_("no close"), N_("one per table"), N_("same as the table's places"), N_("cents"),
              N_("one level each"))

CHOICE_WORDS: dict[str, dict[str, str]] = {
    "late.mode": {"none": N_("No late registration"), "levels": N_("Until a level ends"),
                  "committed": N_("Committed players only")},
    "rebuy.window_scope": {"table": N_("Per table"), "global": N_("Whole room")},
    "seat.method": {"random": N_("Random draw"), "card_draw": N_("Card draw (suit = table)")},
    "satellite.remainder": {"next_place": N_("To the next place"), "split": N_("Split among the seat winners")},
    "seat.designated_dealers": {
        "none": N_("Not used"),
        "allowed": N_("One per table at most"),
        "every_table": N_("Only with one at every table"),
    },
    "balance.trigger": {"spread_tda": N_("TDA spread"), "spread": N_("Spread"), "below_five": N_("A table goes short"),
                        "none": N_("Never")},
    "balance.source_tie": {"lowest_number": N_("Lowest table number"), "card_draw": N_("Card draw")},
    "balance.method": {"next_bb_to_worst": N_("Next big blind to the worst position"),
                       "same_relative_position": N_("Same relative position"),
                       "highest_seat_to_lowest_open": N_("Highest seat to the lowest open seat")},
    "break.mode": {"tda": N_("TDA"), "below_five": N_("When a table goes short"), "redraw_only": N_("Redraws only")},
    "stage.mode": {"none": N_("One stage"), "winners_table": N_("Winners' table")},
    "payout.table": {"percent": N_("Percent of the pool"), "bracket": N_("Percents by field size"),
                     "fixed": N_("Fixed amounts"), "none": N_("No payout table")},
    "mix.mode": {"none": N_("One game"), "hat": N_("Drawn from a hat"), "rotation": N_("Rotation"),
                 "dealers_choice": N_("Dealer's choice")},
    "limit.betting": {"no_limit": N_("No limit"), "pot_limit": N_("Pot limit"), "limit": N_("Fixed limit")},
    "limit.cap_heads_up": {"lifted_at_two": N_("Lifted heads-up"), "always": N_("Always")},
    "late.blind_policy": {"none": N_("None"), "post_bb_or_wait": N_("Post bb or wait")},
    "seat.extra_to": {"highest": N_("Highest"), "lowest": N_("Lowest")},
    "break.order": {"highest_number": N_("Highest number"), "lowest_number": N_("Lowest number"),
                    "fewest_players": N_("Fewest players")},
    "stage.end": {"last_standing": N_("Last standing"), "time_limit": N_("Time limit")},
    "button.bb_bust": {"advance": N_("Advance"), "hold": N_("Hold")},
    "newplayer.in_sb_seat": {"post": N_("Post"), "sit_out": N_("Sit out")},
    "payout.bracket_basis": {"players": N_("Players"), "entries": N_("Entries")},
    "payout.places_rounding": {"up": N_("Up"), "down": N_("Down"), "nearest": N_("Nearest")},
    "mix.dealers_choice_span": {"hand": N_("Hand"), "orbit": N_("Orbit")},
    "stud.showing_tie": {"high_card_suit": N_("High card suit"), "dealer_clockwise": N_("Dealer clockwise")},
    "flight.stack_forward": {"biggest": N_("Biggest"), "first": N_("First")},
    "flight.end": {"director": N_("Director"), "level": N_("Level"), "players": N_("Players"), "share": N_("Share")},
    "elim.same_hand": {"stack_order": N_("Larger starting stack places higher"), "split_all": N_("Tied, prizes split")},
    "structure.sb_rule": {"listed": N_("As listed"), "half": N_("Half the big blind"),
                          "half_round": N_("Half the big blind, rounded")},
    "race.race_out": {"tda_add": N_("TDA: keeps one chip"), "roberts_first": N_("Roberts: first card")},
    "race.pool_rounding": {"half_up": N_("Half up"), "floor": N_("Round down")},
    "pot.odd_chip": {"tda20": N_("TDA rule 20"), "s000": N_("Seed 000 rule")},
    "bounty.kind": {"none": N_("No bounties"), "fixed": N_("Fixed bounty"), "progressive": N_("Progressive knockout")},
    "bounty.split": {"equal": N_("Shared equally"), "first_named": N_("All to the first named")},
    "clock.hand_start": {"first_riffle": N_("First riffle"), "blinds_and_riffle": N_("Blinds posted and riffle")},
    "absence.no_show_removal": {"blind_out": N_("Blinded out"), "level_2": N_("At level 2"),
                                "new_level_or_30": N_("New level or 30 minutes")},
}

SUFFIXES: dict[str, str] = {
    "structure.level_minutes": N_(" min"),
    "absence.forfeit_after_min": N_(" min"),
    "clock.hand_for_hand_deduction_s": N_(" s"),
    "bounty.cash_percent": N_(" %"),
}

_NULL_IN_HELP = re.compile(r"\s*\(null: ([^)]*)\)")
_KEY = re.compile(r"\b(" + "|".join(re.escape(k) for k in sorted(SCHEMA, key=len, reverse=True)) + r")\b")
_NAMED = re.compile(r"^Profile setting '([^']+)' ")


def help_text(key: str) -> str:
    """The schema's help, without the data format's "(null: ...)" remark."""
    return _NULL_IN_HELP.sub("", _(SCHEMA[key].help))


def label_of(key: str) -> str:
    if key in LABELS:
        return _(LABELS[key])
    text = help_text(key)
    return text[:1].upper() + text[1:]


def none_word(key: str) -> str:
    """What an empty (null) value means: "unlimited", "same as the buy-in", "no cap"."""
    found = _NULL_IN_HELP.search(SCHEMA[key].help)
    if found:
        words = found.group(1).replace("start stack", "starting stack")
        phrase = "same as " + words if words.startswith("the ") else words
        return _(phrase)  # one of NULL_WORDS
    return _(NONE_WORDS.get(key, N_("none")))


def choice_word(key: str, value: str) -> str:
    word = CHOICE_WORDS.get(key, {}).get(value)
    return _(word) if word else value.replace("_", " ").capitalize()


def group_of(key: str) -> str:
    for name, prefixes in PREFIXES:
        if any(key.startswith(p) for p in prefixes):
            return name
    return OTHER


def named_key(refusal: RuleError) -> str | None:
    """The setting an engine refusal names (its ``setting``; an older English sentence: "Profile setting
    'final_table.size' ...")."""
    if refusal.setting:
        return refusal.setting
    found = _NAMED.search(refusal.message)
    return found.group(1) if found else None


def plain_message(refusal: RuleError, currency: str | None = None) -> str:
    """The engine's refusal with the settings it names in words: "Final table seats: cannot exceed ...". A
    refused amount is said in money, in ``currency`` (the form's): "Buy-in: must be at least $1.00"."""
    key = named_key(refusal)
    if key is None or key not in SCHEMA:
        return refusal.message
    why = f"{refusal.reason}." if refusal.reason is not None else _NAMED.sub("", refusal.message)
    rest = why.replace(" or null", "")
    if key.endswith("_cents") and not isinstance(SCHEMA[key].default, list):
        rest = _in_money(rest, currency)
    rest = _KEY.sub(lambda m: label_of(m.group(1)).lower(), rest)
    return _("{setting}: {reason}", setting=label_of(key), reason=rest)


def _in_money(reason: str, currency: str | None) -> str:
    """An amount setting's refusal, worded by the checks in cents, said in money in the reader's language:
    "must be a whole number" -> "must be an amount like $25.00", "must be at least 100" -> "... $1.00"."""
    for whole in (_("must be a whole number or null"), _("must be a whole number")):
        if whole in reason:
            return reason.replace(whole, _("must be an amount like {example}", example=fmt.money(2500, currency)))
    found = re.search(r"\d+", reason)
    if found is not None:
        n = int(found.group())
        for bound in (N_("must be at least {lo}"), N_("must be at most {hi}")):
            said = _(bound, lo=n, hi=n)
            if reason.rstrip(".") == said:
                return _(bound, lo=fmt.money(n, currency), hi=fmt.money(n, currency)) + "."
    return reason
