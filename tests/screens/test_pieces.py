"""The catalogue of pieces: every piece on the demo and on a new tournament, the bets by game family, the
paged tables, the chip leaders, the last bust-outs and money written by the one format module."""

from __future__ import annotations

from dataclasses import replace

import pytest

import screens.format
from app.api import FakeClock, Tournament, build_demo, chip_leaders, demo_standings, fmt, load_profile, views
from screens import pieces
from screens.pieces import PAGE_ROWS, PIECES, Banner, RoomInput, render_piece, room_input

NAMES = ("Ann Lee", "Bo Chen", "Carla Novak", "Dev Patel", "Elif Kaya", "Femi Okafor", "Greta Rossi", "Hiro Sato")


@pytest.fixture(scope="module")
def demo() -> Tournament:
    return build_demo(players=200)


def new_tournament(profile: str = "tda", names: tuple[str, ...] = ()) -> Tournament:
    t = Tournament.create(load_profile(profile), name="Thursday", time=FakeClock(1_800_000_000.0), seed=1)
    for name in names:
        t.execute({"cmd": "register", "name": name})
    return t


def venue(**more: object) -> dict[str, object]:
    return {"venue": "Casino Royal", "house_rules": "English only at the table\nNo phones", "announcement": "Last call",
            "phones_url": "http://10.0.0.2:8080/", "banners": (Banner(text="Thanks, Acme"), Banner(image="b.png")),
            "logo": "logo.png", **more}


def test_the_catalogue_has_sixty_pieces_each_with_a_title_and_a_group() -> None:
    assert len(PIECES) >= 60
    assert all(p.title and p.group and p.id == key for key, p in PIECES.items())
    assert len({p.title for p in PIECES.values()}) == len(PIECES)


@pytest.mark.parametrize("page", [0, 1, 5])
def test_every_piece_renders_on_the_demo(demo: Tournament, page: int) -> None:
    room = room_input(demo, demo.time.now(), page=page, **venue())
    shown = {pid: render_piece(pid, room) for pid in PIECES}
    assert all(c.kind in ("text", "table", "qr", "image") for c in shown.values())
    for pid in ("clock", "level", "game", "blinds", "players_left", "prize_pool", "payouts", "chip_leaders",
                "seating", "tables", "last_busts", "event_name", "venue", "house_rules", "phones_qr", "date_time",
                "next_level", "average_stack", "average_bb", "announcement", "sponsor_banner", "logo"):
        assert not shown[pid].empty, pid
    assert shown["phones_qr"].qr == "http://10.0.0.2:8080/"


def test_every_piece_renders_on_a_new_tournament_and_an_empty_one() -> None:
    for t in (new_tournament(), new_tournament(names=NAMES)):
        room = room_input(t, t.time.now())
        shown = {pid: render_piece(pid, room) for pid in PIECES}
        assert shown["event_name"].text == "Thursday"
        assert shown["chip_leaders"].empty and shown["last_busts"].empty and shown["winner"].empty
        assert len(shown["payouts"].rows) == len(room.view.payouts)
        assert shown["registration"].lines[0].text == "Registration open"
        assert shown["sponsor_banner"].empty and shown["phones_qr"].empty  # the venue set none


def test_every_piece_renders_when_the_tournament_is_won() -> None:
    t = new_tournament(names=NAMES[:3])
    t.execute({"cmd": "seat_all"})
    t.execute({"cmd": "start_clock"})
    t.execute({"cmd": "bust", "player": "Ann Lee"})
    t.execute({"cmd": "bust", "player": "Bo Chen"})
    t.execute({"cmd": "close_registration"})
    t.execute({"cmd": "finish"})
    room = room_input(t, t.time.now())
    shown = {pid: render_piece(pid, room) for pid in PIECES}
    assert shown["winner"].text == "Winner\nCarla Novak"
    assert [row[1] for row in shown["last_busts"].rows] == ["Bo Chen", "Ann Lee"]


def test_last_out_has_no_prize_column_until_someone_shown_won_one() -> None:
    t = new_tournament(names=NAMES)
    t.execute({"cmd": "seat_all"})
    t.execute({"cmd": "start_clock"})
    t.execute({"cmd": "bust", "player": "Ann Lee"})
    last = render_piece("last_busts", room_input(t, t.time.now()))
    assert last.header == ("Place", "Player") and [row[1] for row in last.rows] == ["Ann Lee"]


def hat_with(*games: str) -> RoomInput:
    t = Tournament.create(load_profile("hat"), time=FakeClock(1_800_000_000.0), seed=0)
    t.state.games.clear()
    t.rng.dictate(*games)
    t.execute({"cmd": "start_clock"})
    return room_input(t, t.time.now())


def test_stud_shows_ante_bring_in_and_completion_not_blinds() -> None:
    room = hat_with("razz", "holdem")
    assert render_piece("bring_in", room).text == "Bring-in\n10"
    assert render_piece("complete", room).text == "Complete\n25"
    assert render_piece("ante", room).text == "Ante\n5"
    assert render_piece("small_blind", room).empty and render_piece("big_blind", room).empty
    assert render_piece("blinds", room).text == "Ante 5  ·  Bring-in 10  ·  Complete 25  ·  Limits 25/50"
    assert render_piece("average_bb", room).empty  # no big blind in stud
    assert render_piece("next_blinds", room).text == "Blinds 25/50  ·  Limits 50/100"


def test_a_flop_game_shows_blinds_and_its_limits_not_a_bring_in() -> None:
    room = hat_with("holdem", "razz")
    assert render_piece("small_blind", room).text == "Small blind\n15"
    assert render_piece("big_blind", room).text == "Big blind\n25"
    assert render_piece("limits", room).text == "Limits\n25/50"
    assert render_piece("bring_in", room).empty and render_piece("ante", room).empty
    assert "Razz" in render_piece("next_game", room).text


def test_no_limit_blinds_show_no_limits() -> None:
    t = new_tournament(names=NAMES)
    t.execute({"cmd": "start_clock"})
    room = room_input(t, t.time.now())
    assert render_piece("limits", room).empty and render_piece("bring_in", room).empty
    assert render_piece("blinds", room).text.startswith("Blinds ")


def test_payouts_are_paged_and_every_paid_place_shows_once(demo: Tournament) -> None:
    now = demo.time.now()
    view = views.read(demo, now)
    assert len(view.payouts) > PAGE_ROWS
    pages = [render_piece("payouts", room_input(demo, now, page=p)) for p in range(4)]
    assert pages[0].pages == 2 and [c.page for c in pages] == [0, 1, 0, 1]
    assert pages[0].rows != pages[1].rows and pages[2].rows == pages[0].rows
    shown = [row for c in pages[:2] for row in c.rows]
    assert [place for place, _ in shown] == [p.label for p in view.payouts]
    assert shown[0][1] == fmt.money(view.payouts[0].prize_cents, view.currency)
    assert all(len(c.rows) <= PAGE_ROWS for c in pages)


def test_the_seating_chart_lists_every_seated_player_once_by_name(demo: Tournament) -> None:
    now = demo.time.now()
    view = views.read(demo, now)
    first = render_piece("seating", room_input(demo, now))
    rows = [row for p in range(first.pages) for row in render_piece("seating", room_input(demo, now, page=p)).rows]
    seated = sorted((p for p in view.players if p.table is not None), key=lambda p: (p.name.lower(), p.id))
    assert rows == [(p.name, str(p.table), str(p.seat)) for p in seated]


def test_the_chip_leaders_are_the_views_biggest_stacks(demo: Tournament) -> None:
    room = room_input(demo, demo.time.now())
    leaders = chip_leaders(room.view, 5)
    assert render_piece("chip_leaders", room).rows == tuple((f"{c.rank}.", c.name, fmt.chips(c.stack))
                                                            for c in leaders)
    assert render_piece("chip_leader", room).lines[1].text == leaders[0].name


def test_the_last_bust_outs_show_the_newest_first() -> None:
    t = new_tournament(names=NAMES)
    t.execute({"cmd": "seat_all"})
    t.execute({"cmd": "start_clock"})
    for name in ("Greta Rossi", "Ann Lee", "Dev Patel"):
        t.execute({"cmd": "bust", "player": name})
    c = render_piece("last_busts", room_input(t, t.time.now()))
    assert [row[:2] for row in c.rows] == [("6th", "Dev Patel"), ("7th", "Ann Lee"), ("8th", "Greta Rossi")]


def test_money_is_written_by_the_one_format_module_and_the_odd_cent_shows(demo: Tournament) -> None:
    assert screens.format.money is fmt.money
    room = room_input(demo, demo.time.now())
    odd = replace(room.view, field=replace(room.view.field, prize_pool_cents=123457, next_paid_cents=10001))
    room = RoomInput(view=odd, now=room.now)
    assert render_piece("prize_pool", room).text == "Prize pool\n$1,234.57"
    assert render_piece("next_paid", room).lines[1].text.endswith(": $100.01")


def test_the_sponsors_banners_take_turns(demo: Tournament) -> None:
    now = 1_800_000_000.0
    first = render_piece("sponsor_banner", room_input(demo, now, **venue()))
    second = render_piece("sponsor_banner", room_input(demo, now + pieces.BANNER_SECONDS, **venue()))
    assert {first.text, second.image} == {"Thanks, Acme", "b.png"}


def test_a_break_with_a_chip_race_shows_the_colour_up_and_its_countdown() -> None:
    t = new_tournament(names=NAMES)
    t.execute({"cmd": "seat_all"})
    t.execute({"cmd": "start_clock"})
    structure = views.structure(t)
    race = next(r for r in structure.rows if r.break_after is not None and r.break_after.race)
    before = room_input(t, t.time.now())
    assert render_piece("next_chip_race", before).lines[1].text.startswith(f"Break after level {race.level.number}")
    assert render_piece("colour_up", before).empty and render_piece("break_countdown", before).empty
    start = t.time.now()
    at = start + sum(r.minutes * 60 + (r.break_after.minutes * 60 if r.break_after and r is not race else 0)
                     for r in structure.rows if r.level.number <= race.level.number) + 30
    during = room_input(t, at)
    assert during.view.clock.on_break
    assert render_piece("colour_up", during).lines[1].text.endswith("chips come off")
    countdown = render_piece("break_countdown", during)
    assert countdown.lines[0].text == "Break"
    assert "chips come off" not in countdown.text  # said once, by the colour-up piece
    assert render_piece("time_to_break", during).empty


def test_knockouts_and_bounties_in_a_bounty_tournament() -> None:
    t = new_tournament("tda-pko", NAMES)
    t.execute({"cmd": "seat_all"})
    t.execute({"cmd": "start_clock"})
    t.execute({"cmd": "bust", "player": "Ann Lee", "eliminated_by": ["Bo Chen"]})
    t.time.advance(60)  # type: ignore[attr-defined]
    t.execute({"cmd": "bust", "player": "Dev Patel", "eliminated_by": ["Bo Chen", "Elif Kaya"]})
    room = room_input(t, t.time.now())
    ko = render_piece("knockouts", room)
    assert [row[:2] for row in ko.rows] == [("Dev Patel", "Bo Chen & Elif Kaya"), ("Ann Lee", "Bo Chen")]
    assert all(row[2].startswith("$") for row in ko.rows)
    assert render_piece("bounty_pool", room).lines[0].text == "Bounty pool"
    assert render_piece("bounties", room).rows[0][0] == "Bo Chen"  # his bounty grew with the knockouts
    assert render_piece("bounties_won", room).rows[0][:2] == ("Bo Chen", "2 knockouts")


def test_the_league_standings_are_paged_by_rank() -> None:
    standings = demo_standings()
    t = new_tournament()
    rooms = [room_input(t, t.time.now(), standings=standings, page=p) for p in (0, 1)]
    first, second = (render_piece("league_standings", r) for r in rooms)
    assert first.pages == -(-len(standings.rows) // PAGE_ROWS) == 2
    assert first.lines[0].text == f"{standings.league} {standings.season}"
    assert [row[1] for row in first.rows + second.rows] == [s.name for s in standings.rows]
    assert first.rows[0][0] == standings.rows[0].rank_label
