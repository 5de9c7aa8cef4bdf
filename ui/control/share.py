"""View → Share on the network…: the players' view served to their phones, with its URL and QR code.

Off by default. The director picks one of the machine's addresses and a port; the server (web.server,
on its own thread) then gets a fresh immutable snapshot after every change and whenever the clock
moves to another period, read here on the window's thread. It stops when the director says so or
when the window closes.
"""

from __future__ import annotations

import io
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QPixmap
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from app import views

if TYPE_CHECKING:
    from ui.director import DirectorWindow

DEFAULT_PORT = 8080


def qr_pixmap(text: str, scale: int = 6) -> QPixmap:
    """A QR code of ``text`` (segno's PNG output, loaded into a pixmap)."""
    import segno

    buf = io.BytesIO()
    segno.make(text, error="m").save(buf, kind="png", scale=scale, border=3)
    pix = QPixmap()
    pix.loadFromData(buf.getvalue(), "PNG")
    return pix


class ShareDialog(QDialog):
    """Which address and port to listen on."""

    def __init__(self, addresses: list[str], port: int = DEFAULT_PORT, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Share on the network")
        form = QFormLayout(self)
        intro = QLabel("Players open the tournament's clock, payouts and their seat on their phones, over the "
                       "venue's network. Nothing can be changed from a phone.")
        intro.setWordWrap(True)
        form.addRow(intro)
        self.address = QComboBox()
        self.address.addItems(addresses)
        form.addRow("Network address:", self.address)
        self.port = QSpinBox()
        self.port.setRange(1024, 65535)
        self.port.setValue(port)
        form.addRow("Port:", self.port)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        ok = buttons.button(QDialogButtonBox.StandardButton.Ok)
        ok.setText("Start sharing")
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)


class SharePanel(QDialog):
    """The address to type or scan, while sharing; "Stop sharing" ends it."""

    def __init__(self, url: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Shared on the network")
        lay = QVBoxLayout(self)
        self.qr = QLabel()
        self.qr.setPixmap(qr_pixmap(url))
        self.qr.setAlignment(Qt.AlignmentFlag.AlignCenter)
        lay.addWidget(self.qr)
        self.url = QLabel(url)
        self.url.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.url.setAlignment(Qt.AlignmentFlag.AlignCenter)
        font = self.url.font()
        font.setPointSize(font.pointSize() + 4)
        self.url.setFont(font)
        lay.addWidget(self.url)
        self.clients = QLabel("")
        self.clients.setAlignment(Qt.AlignmentFlag.AlignCenter)
        lay.addWidget(self.clients)
        self.on_display = QCheckBox("Show it on the room display")
        lay.addWidget(self.on_display)
        self.stop = QPushButton("Stop sharing")
        lay.addWidget(self.stop)


class ShareControl:
    """Starts, feeds and stops the phones' server for one director's window."""

    def __init__(self, window: DirectorWindow) -> None:
        self.w = window
        self.server: Any = None  # web.server.PhoneServer while sharing
        self.panel: SharePanel | None = None
        self.key: tuple[Any, ...] | None = None
        self.port = DEFAULT_PORT
        self.on_display = False  # the QR code and address on the room display too
        self.status = QLabel("")
        window.statusBar().addPermanentWidget(self.status)

    @property
    def sharing(self) -> bool:
        return self.server is not None

    def act_share(self) -> None:
        """View → Share on the network…: choose where, then start; while sharing, show the URL again."""
        if self.sharing:
            self.show_panel()
            return
        from web.addresses import addresses

        dialog = ShareDialog(addresses(), self.port, self.w)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return
        self.start(dialog.address.currentText(), dialog.port.value())

    def start(self, host: str, port: int) -> bool:
        try:
            from web.server import PhoneServer
        except ImportError as exc:  # e.g. the system's OpenSSL library is missing (Uvicorn imports ssl)
            self.w.statusBar().showMessage(f"Sharing on the network is not available here ({exc}).", 15000)
            return False
        server = PhoneServer(host, port)
        try:
            server.start()
        except OSError as exc:
            self.w.statusBar().showMessage(
                f"Could not share on {host}:{port} ({exc.strerror or exc}); try another port.", 15000)
            return False
        self.server, self.port, self.key = server, server.port, None
        self.publish()
        self.status.setText(f"Shared at {server.url}")
        self.show_panel()
        return True

    def show_panel(self) -> None:
        if self.server is None:
            return
        if self.panel is None:
            self.panel = SharePanel(self.server.url, self.w)
            self.panel.stop.clicked.connect(self.stop)
            self.panel.on_display.setChecked(self.on_display)
            self.panel.on_display.toggled.connect(self.show_on_display)
        self.panel.show()
        self.panel.activateWindow()

    def publish(self, force: bool = False) -> None:
        """After a change or on the clock's tick: a new snapshot when anything the phones show changed."""
        if self.server is None:
            return
        from web.snapshot import make_snapshot, snapshot_key

        view = views.read(self.w.session.state, self.w.session.now())
        if not force and snapshot_key(view) == self.key:
            return
        snap = make_snapshot(view)
        self.key = snap.key
        self.server.publish(snap)
        if self.panel is not None:
            self.panel.clients.setText(f"{self.server.hub.clients} phones connected")

    def show_on_display(self, on: bool) -> None:
        self.on_display = on
        self.apply_to_display()

    def apply_to_display(self) -> None:
        """Put the address on the room display (if it is open) or take it away."""
        display = self.w.display
        if display is not None and hasattr(display, "set_share"):
            display.set_share(self.server.url if self.server is not None and self.on_display else None)

    def stop(self) -> None:
        if self.server is not None:
            self.server.stop()
        self.server = None
        self.apply_to_display()
        self.status.setText("")
        if self.panel is not None:
            self.panel.close()
            self.panel = None
