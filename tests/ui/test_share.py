"""View → Share on the network…: the window serves the phones, publishes after each command, stops on close."""

from __future__ import annotations

import json
import urllib.request

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QDialog

from app.names import name_key
from ui.control.share import ShareDialog, qr_pixmap


def get(url: str) -> dict:
    with urllib.request.urlopen(url, timeout=5) as r:  # noqa: S310 - 127.0.0.1 only
        return json.loads(r.read())


def test_off_by_default_then_shared_and_stopped(window, qtbot):
    assert not window.share.sharing
    assert any(a.text() == "Share on the network…" for a in window.actions())
    assert window.share.start("127.0.0.1", 0)
    url = window.share.server.url
    assert url.startswith("http://127.0.0.1:")
    assert window.share.panel is not None and url in window.share.panel.url.text()
    assert not window.share.panel.qr.pixmap().isNull()
    assert get(url + "api/state")["players_left"] == 12
    window.run({"cmd": "seat_all"})
    window.run({"cmd": "start_clock"})
    window.run({"cmd": "bust", "player": "Ann Lee"})
    qtbot.waitUntil(lambda: get(url + "api/state")["players_left"] == 11, timeout=3000)
    assert get(url + "api/seat?name=BO")["matches"][0]["name"] == "Bo Chen"
    server = window.share.server
    window.close()
    assert not server.running and not window.share.sharing


def test_the_dialog_offers_the_addresses_and_a_port(qtbot):
    d = ShareDialog(["192.168.1.20", "127.0.0.1"], 8080)
    qtbot.addWidget(d)
    assert d.address.currentText() == "192.168.1.20" and d.address.count() == 2
    assert d.port.value() == 8080


def test_qr_code_renders(qtbot):
    pix = qr_pixmap("http://192.168.1.20:8080/")
    assert pix.width() > 100 and pix.width() == pix.height()


def test_addresses_start_with_a_network_one_and_end_with_loopback():
    from web.addresses import addresses, default_address

    found = addresses()
    assert found[-1] == "127.0.0.1"
    assert default_address() == found[0]


def test_the_address_can_go_on_the_room_display(window, qtbot, tmp_path):
    """The display shows the classic layout: the phones' code goes to the top right and the layout's
    regions are drawn in the width left of it; stopping takes it away and gives the width back."""
    window.act_room_display()
    display = window.display
    assert display is not None and display.view.share == "" and display.view.share_width() == 0
    assert window.share.start("127.0.0.1", 0)
    assert window.share.panel is not None
    window.share.panel.on_display.setChecked(True)
    view = display.view
    assert "127.0.0.1:" in view.share and view.share_width() > 0.1 * view.height()
    assert "127.0.0.1:" in display.words("phones_url")
    left = view.width() - view.share_width()
    assert view.drawn() and all(line.rect.right() <= left for line in view.drawn())
    display.grab().save(str(tmp_path / "display-shared.png"))
    window.share.stop()
    assert view.share == "" and view.share_width() == 0
    assert max(line.rect.right() for line in view.drawn()) > left


def shared(window, qtbot):
    """The director's window, active, sharing on 127.0.0.1; returns the panel."""
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)
    assert window.share.start("127.0.0.1", 0)
    panel = window.share.panel
    assert panel is not None and panel.isVisible()
    return panel


@pytest.mark.qt_log_ignore("does not support raise", "does not support grabbing the keyboard")  # the completions
def test_the_panel_never_takes_the_keyboard_and_enter_never_stops_sharing(window, qtbot):
    panel = shared(window, qtbot)
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)  # the keys stay the director's
    assert panel.testAttribute(Qt.WidgetAttribute.WA_ShowWithoutActivating)
    assert not isinstance(panel, QDialog) and not panel.stop.autoDefault() and not panel.stop.isDefault()
    assert panel.stop.focusPolicy() == Qt.FocusPolicy.NoFocus
    # The director clicked the panel; then F8, a name and Enter: the bust, and the phones still served.
    window.run({"cmd": "seat_all"})
    window.run({"cmd": "start_clock"})  # play has begun: a bust is taken (ELIM-6)
    bar = window.player_panel.action_bar
    panel.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is panel)
    qtbot.keyClick(panel, Qt.Key.Key_F8)  # the window's key works from the panel, and takes the keyboard back
    assert bar.key == "bust" and bar.isVisible()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window and QApplication.focusWidget() is bar.edit)
    panel.activateWindow()  # clicked again: what is typed there goes to the window's field all the same
    qtbot.waitUntil(lambda: QApplication.activeWindow() is panel)
    qtbot.keyClicks(panel, "Ann Lee")
    assert bar.edit.text() == "Ann Lee"
    popup = QApplication.activePopupWidget()  # the name's completions
    if popup is not None:
        popup.hide()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)
    qtbot.keyClick(panel.stop, Qt.Key.Key_Return)  # Enter on the stop button itself does nothing either
    qtbot.keyClick(panel, Qt.Key.Key_Return)
    ann = window.session.state.by_name[name_key("Ann Lee")]
    qtbot.waitUntil(lambda: not window.session.state.players[ann].live)
    assert window.share.sharing and window.share.stop_box is None


def test_stopping_asks_first_and_enter_keeps_sharing(window, qtbot):
    panel = shared(window, qtbot)
    qtbot.mouseClick(panel.stop, Qt.MouseButton.LeftButton)
    box = window.share.stop_box
    assert box is not None and box.isVisible() and box.text().startswith("Stop sharing on the network? Phones on http://127.0.0.1:")
    assert box.defaultButton().text() == "Keep sharing"
    qtbot.keyClick(box, Qt.Key.Key_Return)
    assert not box.isVisible() and window.share.sharing
    window.share.stop_action.trigger()
    box = window.share.stop_box
    qtbot.keyClick(box, Qt.Key.Key_Escape)
    assert window.share.sharing
    window.share.stop_action.trigger()
    box = window.share.stop_box
    stop = next(b for b in box.buttons() if b.text() == "Stop sharing")
    qtbot.mouseClick(stop, Qt.MouseButton.LeftButton)
    assert not window.share.sharing and window.share.panel is None


def test_the_panel_closes_while_sharing_goes_on_and_the_window_says_where(window, qtbot, tmp_path):
    panel = shared(window, qtbot)
    url = window.share.server.url
    panel.grab().save(str(tmp_path / "share-panel.png"))
    panel.close()
    assert window.share.sharing and get(url + "api/state")["players_left"] == 12
    assert window.share.status.text() == f"Sharing on the network at {url}" and window.share.status.isVisible()
    assert window.share.share_action.text() == f"Sharing on the network at {url} (show the address)…"
    assert window.share.stop_action.isVisible()
    window.share.share_action.trigger()  # the address again, still without the keyboard
    assert window.share.panel is panel and panel.isVisible() and QApplication.activeWindow() is window
    window.share.stop()
    assert window.share.status.text() == "" and not window.share.stop_action.isVisible()
    assert window.share.share_action.text() == "Share on the network…"


def test_the_director_picks_the_layout_of_each_browser_display(window, qtbot):
    """A display in the bar connects by name; the panel lists it; the layout chosen there reaches it at
    once and is kept for the night, through sharing stopped and started again."""
    import http.client
    import threading

    assert window.share.start("127.0.0.1", 0)
    server = window.share.server
    stop = threading.Event()
    frames: list[dict] = []

    def bar_tv(port: int) -> None:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
        conn.request("GET", "/display/events?screen=Bar%20TV&layout=classic-16x9")
        r = conn.getresponse()
        while not stop.is_set():
            line = r.fp.readline()
            if not line:
                break
            if line.startswith(b"data: "):
                frames.append(json.loads(line[6:]))
        conn.close()

    tv = threading.Thread(target=bar_tv, args=(server.port,), daemon=True)
    tv.start()
    try:
        window.share.show_panel()
        box = window.share.panel.displays
        qtbot.waitUntil(lambda: "Bar TV" in box.combos, timeout=5000)
        assert frames and frames[0]["layout"] == "classic-16x9"
        combo = box.combos["Bar TV"]
        combo.setCurrentIndex(combo.findData("big-clock-16x9"))
        qtbot.waitUntil(lambda: frames[-1]["layout"] == "big-clock-16x9", timeout=5000)
        assert window.share.choices == {"Bar TV": "big-clock-16x9"}
    finally:
        stop.set()
        window.share.stop()
        tv.join(5)
    # Shared again later in the night: the bar's screen keeps the director's choice.
    assert window.share.start("127.0.0.1", 0)
    url = window.share.server.url
    assert get(url + "display/state?screen=Bar%20TV&layout=classic-16x9")["layout"] == "big-clock-16x9"
    assert get(url + "display/state?screen=Hall&layout=classic-16x9")["layout"] == "classic-16x9"
    window.share.show_panel()
    box = window.share.panel.displays
    assert "Bar TV" in box.combos and box.combos["Bar TV"].currentData() == "big-clock-16x9"
    box.combos["Bar TV"].setCurrentIndex(0)  # back to what its address says
    assert get(url + "display/state?screen=Bar%20TV&layout=classic-16x9")["layout"] == "classic-16x9"
    window.share.stop()


def test_the_phones_language_is_chosen_when_sharing_and_given_to_the_server(window, qtbot):
    """The phones read the language the director chose for them (the window's own unless chosen), each phone
    still free to ask for its own."""
    from app.i18n import set_language

    set_language("de")
    try:
        d = ShareDialog(["127.0.0.1"], 8080)
        qtbot.addWidget(d)
        assert d.language.currentData() == "de" and d.language.count() >= 5
    finally:
        set_language("en")
    assert window.share.start("127.0.0.1", 0, "fr")
    assert window.share.server.hub.language == "fr"
    with urllib.request.urlopen(window.share.server.url, timeout=5) as r:  # noqa: S310 - 127.0.0.1 only
        page = r.read().decode("utf-8")
    assert 'lang="fr"' in page or "lang='fr'" in page
    window.close()
