"""The strip and the room display read the same field view and show the same players left, to the winner."""

from __future__ import annotations

from app import views
from tests.ui.conftest import make_session, open_window


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
        display_left = display.panel.values["players"].text().split(" / ")[0]
        assert strip_left == display_left == f"{field.players_left:,}", (strip_left, display_left)
    assert views.read(session.state).field.winner
    assert display.frame.level_text.startswith("Winner:")
    assert w.strip.field.text().startswith("1 / 3") and display.panel.values["players"].text() == "1 / 3"
    w.close()
