"""The strip and the room display read the same field view and show the same players left, to the winner.

The display opened from the director's window shows the classic layout: what it shows is read from its
pieces (``RoomDisplay.words``), the words every screen of a layout draws."""

from __future__ import annotations

from app import views
from tests.ui.conftest import make_session, open_window
from ui.display import RoomDisplay


def figure(display: RoomDisplay, piece: str) -> str:
    """The figure a piece shows (its last line, under its caption)."""
    return display.words(piece).splitlines()[-1]


def test_strip_and_display_agree_on_players_left_after_the_winner(qtbot, clock) -> None:
    session = make_session(clock, players=3, seat=True)
    session.execute({"cmd": "change_settings", "settings": {"late.mode": "none"}})  # ELIM-6: no entries to come
    w = open_window(qtbot, session)
    w.run({"cmd": "start_clock"})
    w.act_room_display()
    display = w.display
    ids = [p.id for p in session.state.players.values()]
    for pid in ids[:2]:
        w.run({"cmd": "bust", "player": pid})
        display.refresh()
        field = views.read(session.state).field
        strip_left = w.strip.field.text().split(" / ")[0]
        display_left = figure(display, "players").split(" / ")[0]
        assert strip_left == display_left == f"{field.players_left:,}", (strip_left, display_left)
    assert views.read(session.state).field.winner
    assert display.frame.level_text.startswith("Winner:")
    assert w.strip.field.text().startswith("1 / 3") and figure(display, "players") == "1 / 3"
    w.close()


def test_brk_1_the_room_displays_average_stack_never_passes_the_chips_issued_after_a_break(qtbot, clock) -> None:
    """Section 20.9: chips won from busted players go with their holders when a table breaks; the final
    table's count of every chip adds up, and the room display's average is those chips over the field."""
    session = make_session(clock, players=12, seat=True)  # two tables of six, 10,000 each
    w = open_window(qtbot, session)
    w.run({"cmd": "start_clock"})
    state = session.state
    winners = []
    for number in sorted(state.tables):  # three busts at each table; one player there wins them all
        ids = list(state.tables[number].seats.values())
        winners.append(ids[0])
        for pid in ids[1:4]:
            w.run({"cmd": "bust", "player": pid})
    w.run({"cmd": "break_table", "table": max(state.tables)}, w.tables_tab.feedback)
    assert len(state.tables) == 1
    counts = {state.players[pid].name: 10_000 for pid in state.tables[1].seats.values()}
    for pid in winners:
        counts[state.players[pid].name] = 40_000
    w.run({"cmd": "chip_count", "counts": counts})
    assert state.pending_count is None  # it adds up, nothing flagged
    chips = session.tournament.view("chips")["chips"]
    assert chips["in_play"] == chips["issued"] == 120_000
    w.act_room_display()
    w.display.refresh()
    assert w.display.frame.average_text == "20,000"  # 120,000 over the six players left
    assert figure(w.display, "average_stack") == "20,000"
    w.close()


def test_ent_6_the_room_display_counts_the_top_ups_whose_money_is_in_the_pool(qtbot, clock) -> None:
    session = make_session(clock, "home-rebuy", players=6, seat=True)  # rebuys, and a top-up after level 1
    w = open_window(qtbot, session)
    w.run({"cmd": "start_clock"})
    w.act_room_display()
    display = w.display
    display.refresh()
    assert display.words("field_detail") == "6 entries"  # nothing bought yet: nothing more said
    state = session.state
    pool = state.pool_cents
    w.run({"cmd": "next_level"})  # the top-up opens when level 1 ends (the hand under way began in level 1)
    short = list(state.tables[1].seats.values())[:2]
    for pid, stack in zip(short, (1_000, 1_500)):  # counted stacks under the start stack of 2,000
        assert w.run({"cmd": "topup", "player": pid, "stack": stack, "hand_started_before_level_change": True})
    assert [state.players[pid].topups for pid in short] == [1, 1] and state.pool_cents > pool
    field = views.read(session.state).field
    assert (field.entries, field.rebuys, field.addons, field.topups) == (6, 0, 0, 2)
    display.refresh()
    assert display.words("field_detail") == "6 entries · 2 top-ups"
    w.close()
