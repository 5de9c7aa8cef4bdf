"""View → Share on the network…: the window serves the phones, publishes after each command, stops on close."""

from __future__ import annotations

import json
import urllib.request

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
    window.act_room_display()
    display = window.display
    assert display is not None and display.panel.share_pixmap is None
    assert window.share.start("127.0.0.1", 0)
    assert window.share.panel is not None
    window.share.panel.on_display.setChecked(True)
    assert display.panel.share_pixmap is not None and display.panel.share_qr.isVisible()
    assert "127.0.0.1:" in display.panel.share_url.text()
    qr = display.panel.share_qr.geometry()
    for label in (display.panel.title, display.panel.level, display.panel.bets):
        assert not label.geometry().intersects(qr)
    display.grab().save(str(tmp_path / "display-shared.png"))
    window.share.stop()
    assert display.panel.share_pixmap is None and not display.panel.share_qr.isVisible()
