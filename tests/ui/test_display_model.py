"""The room display's words, modes, chimes and screen choice, without a window."""

from __future__ import annotations

import io
import wave

from screens import format as fmt
from screens.frame import (
    BREAK,
    ENDED,
    LAST_MINUTE,
    OVERTIME,
    PAUSED,
    RUNNING,
    WAITING,
    RoomFacts,
    bets_text,
    build_frame,
    game_text,
)
from ui.display.chime import BREAK_END, LEVEL_CHANGE, ONE_MINUTE, ChimePolicy, chime_path, chime_wav

STUD = {"family": "stud", "ante": 25, "bring_in": 25, "complete": 100, "small_bet": 100, "big_bet": 200}
BLINDS = {"family": "blinds", "sb": 100, "bb": 200, "ante": 25}


def clock(**over: object) -> dict[str, object]:
    base: dict[str, object] = {
        "started": True,
        "running": True,
        "paused": False,
        "level": 7,
        "on_break": False,
        "break": None,
        "ms_left": 754_300,
        "time_left": "12:35",
        "last_minute": False,
        "overtime": False,
        "overtime_seconds": 0,
        "game": {"id": "razz", "name": "Razz", "family": "stud", "forced": "stud"},
        "forced_bets": STUD,
        "betting": {"betting": "limit"},
        "next": {
            "level": 8,
            "break_first": False,
            "game": {"id": "holdem", "name": "Texas Hold'em"},
            "forced_bets": BLINDS,
        },
        "seconds_to_break": 3754,
        "announcements": [],
    }
    base.update(over)
    return base


FACTS = RoomFacts(
    name="Friday",
    players_left=41,
    entries=120,
    rebuys=35,
    addons=20,
    average_stack=24_500,
    pool_cents=1_240_000,
    payouts=(("1st", 500_000), ("2nd", 300_000)),
    places_paid=2,
)


def test_formats_for_the_room() -> None:
    assert fmt.clock_digits(754.3) == "12:35"
    assert fmt.clock_digits(3723) == "1:02:03"
    assert fmt.overtime_digits(460) == "+07:40"
    assert fmt.duration_words(3754) == "1 h 03 min"
    assert fmt.duration_words(59.2) == "1 min" and fmt.duration_words(45) == "45 s"
    assert fmt.chips(1_250_000) == "1.25M" and fmt.chips(2_000_000) == "2M" and fmt.chips(24_500) == "24,500"
    assert fmt.money(1_240_000) == "$12,400.00" and fmt.money(1050) == "$10.50"
    assert [fmt.ordinal(n) for n in (1, 2, 3, 4, 11, 22)] == ["1st", "2nd", "3rd", "4th", "11th", "22nd"]


def test_forced_bets_follow_the_game_family() -> None:
    assert bets_text(STUD) == "Ante 25  ·  Bring-in 25  ·  Complete 100  ·  Limits 100/200"
    assert bets_text(BLINDS) == "Blinds 100/200  ·  Ante 25"
    assert game_text({"name": "Razz"}, "limit") == "Limit Razz"
    assert game_text({"name": "Texas Hold'em"}, "no_limit") == "No-Limit Texas Hold'em"


def test_running_frame_has_every_zone() -> None:
    f = build_frame(clock(), FACTS)
    assert f.mode == RUNNING and f.banner == "" and f.clock_text == "12:35"
    assert (f.title, f.level_text, f.game_text) == ("Friday", "LEVEL 7", "Limit Razz")
    assert f.bets_text.startswith("Ante 25")
    assert f.next_text == "Level 8 · Limit Texas Hold'em" and f.next_detail == "Blinds 100/200  ·  Ante 25"
    assert f.break_text == "1 h 03 min"
    assert (f.players_text, f.players_detail) == ("41 / 120", "120 entries · 35 rebuys · 20 add-ons")
    assert (f.average_text, f.pool_text) == ("24,500", "$12,400.00")
    assert f.payouts == (("1st", "$5,000.00"), ("2nd", "$3,000.00")) and f.paid_text == "2 paid"
    assert f.level_key == (7, False) and f.seconds_left == 754.3


def test_each_state_has_its_own_mode_and_banner() -> None:
    assert build_frame(clock(last_minute=True, ms_left=42_000, time_left="0:42"), FACTS).mode == LAST_MINUTE
    paused = build_frame(clock(paused=True, running=False, pause_reason="Dispute at table 2"), FACTS)
    assert (paused.mode, paused.banner, paused.notice) == (PAUSED, "PAUSED", "Dispute at table 2")
    assert paused.bets_text.startswith("Ante 25"), "a paused clock still shows the bets"
    brk = build_frame(
        clock(on_break=True, level=4, break_={}, **{"break": {"minutes": 10, "race": [5]}}),
        RoomFacts(chip_names={5: "red 5"}),
    )
    assert (brk.mode, brk.banner, brk.level_text) == (BREAK, "BREAK", "BREAK after level 4")
    assert brk.bets_text == "Chip race: red 5 chips come off" and brk.break_text == "Now (10 min)"
    over = build_frame(clock(overtime=True, overtime_seconds=460, next=None), FACTS)
    assert (over.mode, over.banner, over.clock_text, over.next_text) == (OVERTIME, "OVERTIME", "+07:40", "Last level")
    assert build_frame(clock(started=False), FACTS).mode == WAITING
    ended = build_frame(clock(), RoomFacts(ended=True, winner="Ann Lee"))
    assert (ended.mode, ended.level_text) == (ENDED, "Winner: Ann Lee")


def test_tournament_states_show_as_badges() -> None:
    f = build_frame(clock(), RoomFacts(bubble=True, hand_for_hand=True))
    assert f.badges == ("HAND FOR HAND", "BUBBLE")
    assert build_frame(clock(), RoomFacts(final_table=True, in_the_money=True)).badges == ("FINAL TABLE",)
    assert build_frame(clock(), RoomFacts(in_the_money=True)).badges == ("IN THE MONEY",)


def test_unknown_game_shows_both_columns() -> None:
    f = build_frame(
        clock(
            game=None,
            forced_bets=None,
            blinds={"sb": 5, "bb": 10, "ante": 0},
            stud={"ante": 1, "bring_in": 2, "complete": 5},
        ),
        FACTS,
    )
    assert f.game_text == "Dealer's choice"
    assert f.bets_text == "Blinds 5/10  ·  Stud: Ante 1  ·  Bring-in 2  ·  Complete 5"


def test_chimes_at_one_minute_level_change_and_break_end() -> None:
    policy = ChimePolicy()
    seq = [
        clock(ms_left=61_000),
        clock(ms_left=60_000),
        clock(ms_left=30_000),
        clock(level=8, ms_left=1_800_000),
        clock(level=8, on_break=True, ms_left=600_000),
        clock(level=8, on_break=True, ms_left=1_000),
        clock(level=9, ms_left=1_800_000),
    ]
    heard = [policy.update(build_frame(c, FACTS)) for c in seq]
    assert heard == [[], [ONE_MINUTE], [], [LEVEL_CHANGE], [LEVEL_CHANGE], [], [BREAK_END]]


def test_no_chime_while_paused_or_at_first_sight() -> None:
    policy = ChimePolicy()
    assert policy.update(build_frame(clock(ms_left=30_000), FACTS)) == []
    paused = clock(paused=True, running=False, ms_left=61_000)
    assert policy.update(build_frame(paused, FACTS)) == []
    assert policy.update(build_frame(clock(paused=True, running=False, level=8), FACTS)) == []


def test_the_shipped_chime_is_the_generated_one() -> None:
    data = chime_wav()
    assert chime_path().read_bytes() == data
    with wave.open(io.BytesIO(data)) as w:
        assert (w.getnchannels(), w.getsampwidth(), w.getframerate()) == (1, 2, 22050)
        assert 0.5 < w.getnframes() / w.getframerate() < 2.0
