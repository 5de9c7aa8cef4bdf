"""Every shipped profile's effective settings against the specification's section 16 (and PAY-2's
bracket basis), key by key. "n/a" cells are left out."""

from __future__ import annotations

import pytest

from app.profiles.profile import load_profile

# Columns: P-TDA (tda), P000 (hat), P001 (campus), P002 (casino-mixed), P003 (home-rebuy), P004 (home-nl).
PROFILES = ("tda", "hat", "campus", "casino-mixed", "home-rebuy", "home-nl")
NA = object()

SECTION_16: dict[str, tuple[object, ...]] = {
    # C1
    "elim.same_hand": ("stack_order", "stack_order", NA, NA, "stack_order", "split_all"),
    # C2
    "button.bb_bust": ("advance", "advance", "advance", "advance", "hold", "advance"),
    # C3
    "button.display_on_effective_dealer": (False, False, False, False, False, True),
    # C4
    "newplayer.in_sb_seat": ("post", "post", "post", NA, "sit_out", "post"),
    # C5
    "late.blind_policy": ("none", NA, NA, NA, "post_bb_or_wait", NA),
    # C6: none in P000 and P001; S003 unlimited in level 1 plus a top-up; S004 one rebuy until level 4
    "rebuy.offered": (NA, False, False, NA, True, True),
    "rebuy.max_per_player": (NA, NA, NA, NA, None, 1),
    "rebuy.last_level": (NA, NA, NA, NA, 1, 3),
    "topup.offered": (NA, False, False, NA, True, False),
    # C7
    "rebuy.window_scope": ("table", NA, NA, NA, "table", "table"),
    # C8
    "balance.trigger": ("spread_tda", "spread_tda", "none", NA, "below_five", "spread"),
    # C9
    "balance.source_tie": ("lowest_number", "lowest_number", NA, NA, "lowest_number", "card_draw"),
    # C10
    "balance.method": (
        "next_bb_to_worst", "next_bb_to_worst", NA, NA, "highest_seat_to_lowest_open", "same_relative_position"
    ),
    # C11
    "break.mode": ("tda", "tda", NA, NA, "below_five", "redraw_only"),
    # C12
    "final_table.size": (9, 9, NA, NA, 10, 9),
    # C13
    "race.race_out": ("tda_add", "tda_add", NA, NA, "tda_add", "roberts_first"),
    # C14
    "race.pool_rounding": ("half_up", "half_up", NA, NA, "half_up", "half_up"),
    # C15: TDA blinds absent players; P001 forfeits at the start ($20 fee); P004 forfeits after 20 minutes
    "absence.forfeit_after_min": (None, None, NA, NA, None, 20),
    "reg.forfeit_fee_cents": (NA, NA, 2000, NA, NA, NA),
    # C16
    "absence.no_show_removal": ("blind_out", "blind_out", NA, NA, "blind_out", "level_2"),
    # C17
    "clock.hand_start": ("first_riffle",) * 5 + ("blinds_and_riffle",),
    # C18
    "stud.showing_tie": ("high_card_suit", "dealer_clockwise", NA, "high_card_suit", NA, NA),
    # C19
    "pot.odd_chip": ("tda20", "s000", "tda20", "tda20", "tda20", "tda20"),
    # C20
    "limit.cap_heads_up": ("lifted_at_two", "always", NA, NA, NA, NA),
    # C21
    "structure.sb_rule": ("listed", "listed", "half", "half_round", "listed", "listed"),
    # C22: P000 50/30/20; P001 none; P002 the TDA table by field size; P003 the director's; P004 bracket
    "payout.table": (NA, "percent", "none", "bracket", NA, "bracket"),
    # PAY-2: a bracket counts distinct players (P000 and P003 too, should their director pick brackets)
    "payout.bracket_basis": (NA, "players", NA, NA, "players", "players"),
    # C23
    "display.dealing_seat_offset": (0, 3, 0, 0, 0, 0),
    # C24
    "seat.extra_to": ("highest", "highest", "highest", NA, "highest", "highest"),
}

CASES = [
    (profile, key, column[i])
    for key, column in SECTION_16.items()
    for i, profile in enumerate(PROFILES)
    if column[i] is not NA
]


@pytest.mark.parametrize(("profile", "key", "expected"), CASES, ids=[f"{p}:{k}" for p, k, _ in CASES])
def test_pay_2_every_shipped_profile_matches_section_16(profile: str, key: str, expected: object) -> None:
    assert load_profile(profile)[key] == expected


def test_pay_1_hat_pays_50_30_20_and_home_nl_uses_the_seed_004_brackets() -> None:
    assert load_profile("hat")["payout.percents"] == [50, 30, 20]
    brackets = load_profile("home-nl")["payout.brackets"]
    assert [(b["max_players"], b["percents"]) for b in brackets] == [
        (10, [50, 30, 20]), (20, [50, 25, 15, 10]), (30, [40, 25, 20, 10, 5])
    ]


def test_pay_2_p004_brackets_count_players_not_rebuys(monkeypatch: pytest.MonkeyPatch) -> None:
    from tests.app.money_kit import at_level, enter, make

    t = make("home-nl")
    enter(t, *[f"P{i}" for i in range(10)])
    t.execute({"cmd": "seat_all"})
    t.execute({"cmd": "start_clock"})
    at_level(monkeypatch, 2)
    t.execute({"cmd": "bust", "player": "P0", "rebuy": ["P0"]})
    assert t.view("money")["money"]["pool_cents"] == 11 * 2500
    assert len(t.view("payouts")["payouts"]) == 3  # 10 players: the 1-10 bracket, though 11 buy-ins
