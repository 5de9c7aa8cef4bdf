"""Rebuys, add-ons and top-ups (ENT-3 to ENT-7)."""

from __future__ import annotations

from typing import Any

from tests.app.money_kit import at_level, begin, enter, make, players, refused


def test_ent_3_rebuy_not_offered_in_the_hat_profile():
    t = make("hat")
    enter(t, "Ann", "Bob")
    refused(t, {"cmd": "rebuy", "player": "Ann"}, "NOT_OFFERED")


def test_ent_3_rebuy_requires_zero_stack_then_bust_leaves_him_deciding(monkeypatch):
    t = make("home-rebuy")
    enter(t, "Ann", "Bob", "Cat")
    begin(t)
    at_level(monkeypatch, 1)
    refused(t, {"cmd": "rebuy", "player": "Ann"}, "REQUIRES_ZERO_STACK")
    t.execute({"cmd": "bust", "player": "Ann"})
    ann = players(t)["Ann"]
    assert (ann["stack"], ann["deciding"], ann["status"], ann["place"]) == (0, True, "seated", None)
    refused(t, {"cmd": "rebuy", "player": "Ann", "amount_cents": 1999}, "AMOUNT_INVALID")
    refused(t, {"cmd": "rebuy", "player": "Ann", "amount_cents": "20"}, "AMOUNT_INVALID")
    t.execute({"cmd": "rebuy", "player": "Ann", "amount_cents": 2000})
    ann = players(t)["Ann"]
    assert (ann["stack"], ann["rebuys"], ann["deciding"]) == (2000, 1, False)
    assert t.view("money")["money"]["pool_cents"] == 8000


def test_ent_4_unlimited_rebuys_in_level_1_window_closed_for_a_level_2_hand(monkeypatch):
    t = make("home-rebuy")
    enter(t, "Ann", "Bob", "Cat")
    begin(t)
    at_level(monkeypatch, 1)
    for _ in range(3):
        t.execute({"cmd": "bust", "player": "Ann", "rebuy": True})
    assert players(t)["Ann"]["rebuys"] == 3
    at_level(monkeypatch, 2)
    refused(t, {"cmd": "bust", "player": "Ann", "rebuy": True}, "WINDOW_CLOSED")
    # A hand dealt in level 1 that ends after the clock moved on still counts as level 1 (CONV-6).
    t.execute({"cmd": "bust", "player": "Ann", "hand_level": 1})
    assert players(t)["Ann"]["deciding"] is True
    t.execute({"cmd": "rebuy", "player": "Ann"})
    t.execute({"cmd": "bust", "player": "Ann"})
    assert players(t)["Ann"]["status"] == "out"
    assert players(t)["Ann"]["place"] == 3
    refused(t, {"cmd": "rebuy", "player": "Ann"}, "PLAYER_ELIMINATED")


def test_ent_4_one_rebuy_in_home_nl_then_limit_reached(monkeypatch):
    t = make("home-nl")
    enter(t, "Ann", "Bob", "Cat")
    begin(t)
    at_level(monkeypatch, 2)
    t.execute({"cmd": "bust", "player": "Ann", "rebuy": True})
    refused(t, {"cmd": "bust", "player": "Ann", "rebuy": True}, "LIMIT_REACHED")
    t.execute({"cmd": "bust", "player": "Ann"})
    assert players(t)["Ann"]["status"] == "out"


def test_ent_5_declining_places_him_by_the_hand_he_lost(monkeypatch):
    t = make("home-rebuy")
    enter(t, "Ann", "Bob", "Cat", "Dan")
    begin(t)
    at_level(monkeypatch, 1)
    t.execute({"cmd": "bust", "player": "Ann"})  # deciding
    at_level(monkeypatch, 2)
    t.execute({"cmd": "bust", "player": "Bob"})  # out at once, another table's later hand
    assert players(t)["Bob"]["place"] == 4
    t.execute({"cmd": "decline_rebuy", "player": "Ann"})
    assert (players(t)["Ann"]["place"], players(t)["Bob"]["place"]) == (4, 3)
    refused(t, {"cmd": "decline_rebuy", "player": "Cat"}, "INVALID_INPUT")


def test_ent_6_top_up_window_and_amounts(monkeypatch):
    t = make("home-rebuy")
    enter(t, "Ann", "Bob")
    at_level(monkeypatch, 1)
    refused(t, {"cmd": "topup", "player": "Ann", "stack": 1500}, "WINDOW_CLOSED")
    at_level(monkeypatch, 1, on_break=True)
    refused(t, {"cmd": "topup", "player": "Ann"}, "STACK_AT_OR_ABOVE_START")
    refused(t, {"cmd": "topup", "player": "Ann", "stack": 1500, "chips": 600}, "EXCEEDS_START_STACK")
    refused(t, {"cmd": "topup", "player": "Ann", "stack": 1500, "chips": 500, "amount_cents": 400}, "AMOUNT_INVALID")
    refused(t, {"cmd": "topup", "player": "Ann", "stack": -5}, "INVALID_INPUT")
    t.execute({"cmd": "topup", "player": "Ann", "stack": 1500})
    ann = players(t)["Ann"]
    assert (ann["stack"], ann["topups"], ann["paid_cents"]) == (2000, 1, 2500)
    refused(t, {"cmd": "topup", "player": "Ann", "stack": 1000}, "LIMIT_REACHED")
    at_level(monkeypatch, 3)
    refused(t, {"cmd": "topup", "player": "Bob", "stack": 1000}, "WINDOW_CLOSED")


def test_ent_6_top_up_price_must_be_whole_cents(monkeypatch):
    t = make("home-rebuy", money__buy_in_cents=2001)
    enter(t, "Ann")
    at_level(monkeypatch, 1, on_break=True)
    refused(t, {"cmd": "topup", "player": "Ann", "stack": 1999}, "AMOUNT_INVALID")


def test_ent_7_add_on_not_offered_in_home_nl_and_windowed_in_tda(monkeypatch):
    t = make("home-nl")
    enter(t, "Ann")
    refused(t, {"cmd": "addon", "player": "Ann"}, "NOT_OFFERED")
    t2 = make("tda", addon__offered=True, addon__level=2, addon__requires_zero_stack=True)
    enter(t2, "Ann", "Bob")
    at_level(monkeypatch, 1)
    refused(t2, {"cmd": "addon", "player": "Ann"}, "WINDOW_CLOSED")
    at_level(monkeypatch, 2)
    refused(t2, {"cmd": "addon", "player": "Ann"}, "REQUIRES_ZERO_STACK")
    t2.execute({"cmd": "addon", "player": "Ann", "stack": 0})
    assert players(t2)["Ann"]["stack"] == 10000
    refused(t2, {"cmd": "addon", "player": "Ann", "stack": 0}, "LIMIT_REACHED")


def test_ent_5_bust_with_rebuy_false_declines_at_once(monkeypatch):
    t = make("home-rebuy")
    enter(t, "Ann", "Bob", "Cat")
    begin(t)
    at_level(monkeypatch, 1)
    t.execute({"cmd": "bust", "player": "Ann", "rebuy": False})
    assert (players(t)["Ann"]["status"], players(t)["Ann"]["place"]) == ("out", 3)


def _two_tables_in_level_2() -> Any:
    """Home rebuy game: two tables of four, level 2 began 45 seconds ago, no level-2 hand reported yet."""
    t = make("home-rebuy", table__max_seats=5, final_table__size=5)
    enter(t, "Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal")
    begin(t)
    t.time.advance(20 * 60 + 45)  # type: ignore[attr-defined]
    return t


def test_ent_6_top_up_asks_for_the_players_counted_stack_instead_of_a_whole_table_count():
    t = _two_tables_in_level_2()
    before_level_2 = {"hand_started_before_level_change": True}
    err = refused(t, {"cmd": "topup", "player": "Ann", **before_level_2}, "NEEDS_INPUT")
    assert err.question is not None
    assert (err.question.field, err.question.kind) == ("stack", "integer")
    assert "How many chips does Ann have now?" in err.message and "2,000" in err.message
    events = t.execute({"cmd": "topup", "player": "Ann", "stack": 700, **before_level_2})
    bought = next(e for e in events if e.type == "chips_bought")
    assert (bought.data["stack_before"], bought.data["chips"], bought.data["cents"]) == (700, 1300, 1300)
    ann = players(t)["Ann"]
    assert (ann["stack"], ann["topups"]) == (2000, 1)
    # The counted stack decides the refusals too, with nobody else at the table counted.
    refused(t, {"cmd": "topup", "player": "Bob", "stack": 2400, **before_level_2}, "STACK_AT_OR_ABOVE_START")
    refused(t, {"cmd": "topup", "player": "Bob", "stack": 1500, "chips": 501, **before_level_2},
            "EXCEEDS_START_STACK")


def test_ent_6_a_stack_counted_since_the_last_play_is_used_without_asking_again():
    t = _two_tables_in_level_2()
    before_level_2 = {"hand_started_before_level_change": True}
    bob = t.state.players[t.state.by_name["bob"]]
    assert bob.table is not None
    mates = {t.state.players[pid].name: 1000 for pid in t.state.tables[bob.table].seats.values()}
    t.execute({"cmd": "chip_count", "counts": mates, "accept": True})
    t.execute({"cmd": "topup", "player": "Bob", **before_level_2})  # counted a moment ago: 1,000
    assert players(t)["Bob"]["stack"] == 2000
    # Once play goes on (the clock runs in a level), a count from before is no longer his stack: it is asked.
    mate = next(name for name in mates if name != "Bob")
    t.time.advance(30)  # type: ignore[attr-defined]
    refused(t, {"cmd": "topup", "player": mate, **before_level_2}, "NEEDS_INPUT")


def test_ent_7_add_on_for_a_player_with_no_chips_asks_for_the_counted_stack(monkeypatch):
    t = make("tda", addon__offered=True, addon__level=1, addon__requires_zero_stack=True)
    enter(t, "Ann", "Bob", "Cat")
    begin(t)
    t.time.advance(60)  # type: ignore[attr-defined]  # a minute of play: nobody's stack is known
    err = refused(t, {"cmd": "addon", "player": "Ann"}, "NEEDS_INPUT")
    assert err.question is not None and (err.question.field, err.question.kind) == ("stack", "integer")
    refused(t, {"cmd": "addon", "player": "Ann", "stack": 350}, "REQUIRES_ZERO_STACK")
    events = t.execute({"cmd": "addon", "player": "Ann", "stack": 0})
    assert next(e for e in events if e.type == "chips_bought").data["stack_before"] == 0
    assert players(t)["Ann"]["stack"] == t.state.profile.addon_chips
    # Without the zero-stack rule the add-on does not depend on the stack, and nothing is asked.
    t2 = make("tda", addon__offered=True, addon__level=1)
    enter(t2, "Ann", "Bob")
    begin(t2)
    t2.time.advance(60)  # type: ignore[attr-defined]
    t2.execute({"cmd": "addon", "player": "Ann"})
    assert players(t2)["Ann"]["addons"] == 1


def test_ent_6_top_up_refusals_write_chips_with_separators(monkeypatch):
    t = make("home-rebuy")
    enter(t, "Ann", "Bob")
    at_level(monkeypatch, 1, on_break=True)
    err = refused(t, {"cmd": "topup", "player": "Ann"}, "STACK_AT_OR_ABOVE_START")
    assert err.message == "Ann has 2,000 chips, the start stack is 2,000."
    err = refused(t, {"cmd": "topup", "player": "Ann", "stack": 1500, "chips": 600}, "EXCEEDS_START_STACK")
    assert err.message == "1,500 + 600 chips would pass the start stack of 2,000."
