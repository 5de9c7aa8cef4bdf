"""View → Share on the network…: the players' view served to their phones, with its URL and QR code.

Off by default. The director picks one of the machine's addresses and a port; the server (web.server,
on its own thread) then gets a fresh immutable snapshot after every change and whenever the clock
moves to another period, read here on the window's thread. It stops when the director says so (View →
Stop sharing on the network…, or the panel's button, each asking first) or when the window closes.

The panel with the address and the QR code never takes the keyboard: it shows without becoming the
active window, has no default button (Enter never stops sharing), and a key typed while it is active
goes to the director's window, so F8, a name and Enter bust the player as always. It can be closed
while sharing goes on; the status bar and the View menu say where the tournament is shared.

The same address serves the room display to browsers in other rooms (``/display?screen=Bar TV``): the
panel lists the displays connected by name and the director picks the layout each one shows; the
display switches at once, and the choice is kept for the night (sharing stopped and started again, the
display reconnecting), by the screen's name.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QMessageBox,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from app.api import fmt, views
from app.i18n import N_, _, language_name, ngettext
from app.i18n import language as window_language
from ui import language
from ui.control.parts import Shell
from ui.qr import qr_pixmap
from ui.session import Session
from ui.widgets.quiet_panel import QuietPanel

DEFAULT_PORT = 8080


def phones_connected(n: int) -> str:
    return ngettext("{count} phone connected", "{count} phones connected", n, count=fmt.chips(n))


def phones_default() -> str:
    """The phones' language as the director last chose it, else the window's own."""
    saved = language.saved().get("phones")
    return saved if saved in language.offered() else window_language()


class ShareDialog(QDialog):
    """Which address and port to listen on."""

    def __init__(self, addresses: list[str], port: int = DEFAULT_PORT, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(_("Share on the network"))
        form = QFormLayout(self)
        intro = QLabel(_("Players open the tournament's clock, payouts and their seat on their phones, over the "
                         "venue's network. Nothing can be changed from a phone."))
        intro.setWordWrap(True)
        form.addRow(intro)
        self.address = QComboBox()
        self.address.addItems(addresses)
        form.addRow(_("Network address:"), self.address)
        self.port = QSpinBox()
        self.port.setRange(1024, 65535)
        self.port.setValue(port)
        form.addRow(_("Port:"), self.port)
        # The phones' language when a phone's browser asks for none Floorman has (each phone may pick its own).
        self.language = QComboBox()
        chosen = phones_default()
        for code in language.offered():
            self.language.addItem(language_name(code), code)
            if code == chosen:
                self.language.setCurrentIndex(self.language.count() - 1)
        form.addRow(_("Phones' language:"), self.language)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        ok = buttons.button(QDialogButtonBox.StandardButton.Ok)
        ok.setText(_("Start sharing"))
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)


class SharePanel(QuietPanel):
    """The address to type or scan, while sharing: a window of its own that never keeps the keyboard.

    It shows without being activated. While it is the active window (the director clicked it), the
    director's shortcuts still work and hand the keyboard back to his window, and any other key goes
    there too. "Stop sharing" is never a default button and asks first.
    """

    def __init__(self, url: str, owner: QWidget) -> None:
        super().__init__(owner, _("Shared on the network"))
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
        heading = QLabel(_("Room displays in other rooms"))
        heading.setObjectName("dim")
        lay.addWidget(heading)
        self.displays: DisplaysBox | None = None  # set by the control (it knows the layouts)
        self.displays_at = lay.count()
        self.column = lay
        self.on_display = QCheckBox(_("Show it on the room display"))
        lay.addWidget(self.on_display)
        note = QLabel(_("Sharing goes on when this window is closed; the View menu shows it again or stops "
                        "sharing."))
        note.setObjectName("dim")
        note.setWordWrap(True)
        lay.addWidget(note)
        self.stop = QPushButton(_("Stop sharing…"))
        self.stop.setAutoDefault(False)
        self.stop.setDefault(False)
        lay.addWidget(self.stop)
        for child in (self.on_display, self.stop):
            child.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # a click never leaves the keyboard here


AS_ADDRESSED = N_("As its address says")


class DisplaysBox(QWidget):
    """The browser displays by name, each with the layout it shows: the director picks one per screen."""

    def __init__(self, choose: Callable[[str, str | None], None]) -> None:
        super().__init__()
        self.choose = choose
        self.form = QFormLayout(self)
        self.form.setContentsMargins(0, 0, 0, 0)
        self.combos: dict[str, QComboBox] = {}
        self.shown: tuple[Any, ...] | None = None
        self.empty = QLabel(_("No room display connected. Open the address followed by "
                              "display?screen=NAME on a TV's browser to show the room display there."))
        self.empty.setObjectName("dim")
        self.empty.setWordWrap(True)
        self.form.addRow(self.empty)

    def show_displays(self, displays: list[dict[str, Any]], choices: dict[str, str],
                      layouts: dict[str, str]) -> None:
        """Rebuild the rows only when a display came or went (or the layouts changed); a combo box shows
        the choice made in it already."""
        names = sorted({d["name"] for d in displays} | set(choices), key=str.lower)
        connected = {d["name"]: d for d in displays}
        key = (tuple((n, n in connected) for n in names), tuple(layouts))
        if key == self.shown:
            return
        self.shown = key
        while self.form.rowCount() > 1:
            self.form.removeRow(1)
        self.combos.clear()
        self.empty.setVisible(not names)
        for name in names:
            combo = QComboBox()
            combo.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # a click never leaves the keyboard here
            combo.addItem(_(AS_ADDRESSED), None)
            for layout_id, title in layouts.items():
                combo.addItem(f"{title} ({layout_id})", layout_id)
            chosen = choices.get(name)
            combo.setCurrentIndex(max(0, combo.findData(chosen)) if chosen else 0)
            combo.currentIndexChanged.connect(lambda _i, n=name, c=combo: self.choose(n, c.currentData()))
            seen = connected.get(name)
            label = name if seen else _("{name} (not connected)", name=name)
            self.form.addRow(label or _("(no name)"), combo)
            self.combos[name] = combo


class ShareControl:
    """Starts, feeds and stops the phones' server for one director's window."""

    def __init__(self, session: Session, display: Callable[[], Any], shell: Shell) -> None:
        """``display``: the room display, once opened (else None), which shows the address when asked."""
        self.session, self.display, self.shell = session, display, shell
        self.server: Any = None  # web.server.PhoneServer while sharing
        self.panel: SharePanel | None = None
        self.key: tuple[Any, ...] | None = None
        self.feed_key: tuple[Any, ...] | None = None  # what the browser displays were last given
        self.choices: dict[str, str] = {}  # screen's name -> the layout the director chose, for the night
        self.port = DEFAULT_PORT
        self.on_display = False  # the QR code and address on the room display too
        self.status = QLabel("")
        shell.status_bar().addPermanentWidget(self.status)
        self.share_action: QAction | None = None  # View → Share on the network… (the address while sharing)
        self.stop_action: QAction | None = None  # View → Stop sharing on the network…
        self.stop_box: QMessageBox | None = None  # the question before sharing stops

    def build_menu(self, add: Callable[[str, str, str, Callable[[], object]], QAction]) -> None:
        """View → Share on the network… and View → Stop sharing on the network… (only while sharing)."""
        self.share_action = add("&View", _("Share on the network…"), "", self.act_share)
        self.stop_action = add("&View", _("Stop sharing on the network…"), "", self.confirm_stop)
        self._say_state()

    @property
    def sharing(self) -> bool:
        return self.server is not None

    def act_share(self) -> None:
        """View → Share on the network…: choose where, then start; while sharing, show the URL again."""
        if self.sharing:
            self.show_panel()
            return
        from web.addresses import addresses

        dialog = ShareDialog(addresses(), self.port, self.shell.parent)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return
        code = str(dialog.language.currentData())
        language.remember("phones", code)
        self.start(dialog.address.currentText(), dialog.port.value(), code)

    def start(self, host: str, port: int, phones_language: str | None = None) -> bool:
        try:
            from web.server import PhoneServer
        except ImportError as exc:  # e.g. the system's OpenSSL library is missing (Uvicorn imports ssl)
            self.shell.say(_("Sharing on the network is not available here ({error}).", error=exc), 15000)
            return False
        server = PhoneServer(host, port, language=phones_language or phones_default())
        try:
            server.start()
        except OSError as exc:
            self.shell.say(
                _("Could not share on {host}:{port} ({error}); try another port.", host=host, port=port,
                  error=exc.strerror or exc), 15000)
            return False
        self.server, self.port, self.key, self.feed_key = server, server.port, None, None
        for screen, layout_id in self.choices.items():
            server.choose(screen, layout_id)
        self.publish()
        self._say_state()
        self.show_panel()
        return True

    def _say_state(self) -> None:
        """The status bar and the View menu say whether and where the tournament is shared."""
        url = self.server.url if self.server is not None else ""
        self.status.setText(_("Sharing on the network at {url}", url=url) if url else "")
        if self.share_action is not None:
            self.share_action.setText(_("Sharing on the network at {url} (show the address)…", url=url) if url
                                      else _("Share on the network…"))
        if self.stop_action is not None:
            self.stop_action.setVisible(bool(url))

    def show_panel(self) -> None:
        if self.server is None:
            return
        if self.panel is None:
            self.panel = SharePanel(self.server.url, self.shell.parent)
            self.panel.stop.clicked.connect(self.confirm_stop)
            self.panel.on_display.setChecked(self.on_display)
            self.panel.on_display.toggled.connect(self.show_on_display)
            self.panel.clients.setText(phones_connected(self._phones()))
            box = DisplaysBox(self.choose_layout)
            self.panel.displays = box
            self.panel.column.insertWidget(self.panel.displays_at, box)
            self.refresh_displays()
        self.panel.show_quietly()

    def _phones(self) -> int:
        """The phones on the live stream (the browser displays are counted apart)."""
        assert self.server is not None
        return max(0, int(self.server.hub.clients) - sum(int(d["count"]) for d in self.server.displays()))

    def choose_layout(self, screen: str, layout_id: str | None) -> None:
        """The layout the browser display ``screen`` shows (None: the one its address names)."""
        if layout_id:
            self.choices[screen] = layout_id
        else:
            self.choices.pop(screen, None)
        if self.server is not None:
            self.server.choose(screen, layout_id)
        # The rows are rebuilt on the next tick, never here: the combo box that asked is still talking.

    def refresh_displays(self) -> None:
        """The panel's list of browser displays, when it shows (cheap when nothing changed)."""
        if self.server is None or self.panel is None or self.panel.displays is None:
            return
        layouts = self.server.hub.layouts
        self.panel.displays.show_displays(self.server.displays(), self.choices,
                                          layouts.names() if layouts is not None else {})

    def confirm_stop(self) -> QMessageBox | None:
        """Ask before the phones go dark; Enter and Esc keep sharing."""
        if self.server is None:
            return None
        phones = self._phones()
        box = QMessageBox(QMessageBox.Icon.Question, _("Stop sharing on the network"),
                          ngettext("Stop sharing on the network? Phones on {url} stop showing the tournament ({count} "
                                   "phone connected now).", "Stop sharing on the network? Phones on {url} stop showing "
                                   "the tournament ({count} phones connected now).", phones, url=self.server.url,
                                   count=fmt.chips(phones)),
                          QMessageBox.StandardButton.NoButton, self.shell.parent)
        stop = box.addButton(_("Stop sharing"), QMessageBox.ButtonRole.DestructiveRole)
        keep = box.addButton(_("Keep sharing"), QMessageBox.ButtonRole.RejectRole)
        box.setDefaultButton(keep)
        box.setEscapeButton(keep)
        box.buttonClicked.connect(lambda button: self.stop() if button is stop else None)
        box.finished.connect(lambda _code: self.shell.activate())
        self.stop_box = box
        box.open()
        return box

    def publish(self, force: bool = False) -> None:
        """After a change or on the clock's tick: a new snapshot when anything the phones show changed."""
        if self.server is None:
            return
        from web.snapshot import make_snapshot, snapshot_key

        now = self.session.now()
        view = views.read(self.session.state, now)
        self._publish_feed(view, now, force)
        self.refresh_displays()
        if not force and snapshot_key(view) == self.key:
            return
        snap = make_snapshot(view)
        self.key = snap.key
        self.server.publish(snap)
        if self.panel is not None:
            self.panel.clients.setText(phones_connected(self._phones()))

    def _publish_feed(self, view: Any, now: float, force: bool) -> None:
        """The browser displays' picture source, when anything a screen shows changed (web.display)."""
        from web.display import feed_key, make_feed

        key = feed_key(view)
        if not force and key == self.feed_key:
            return
        self.feed_key = key
        self.server.publish_feed(make_feed(self.session.state, now, phones_url=self.server.url))

    def show_on_display(self, on: bool) -> None:
        self.on_display = on
        self.apply_to_display()

    def apply_to_display(self) -> None:
        """Put the address on the room display (if it is open) or take it away."""
        display = self.display()
        if display is not None and hasattr(display, "set_share"):
            display.set_share(self.server.url if self.server is not None and self.on_display else None)

    def stop(self) -> None:
        if self.server is not None:
            self.server.stop()
        self.server = None
        self.apply_to_display()
        self._say_state()
        if self.panel is not None:
            self.panel.close()
            self.panel.deleteLater()  # with its ties to the window's actions
            self.panel = None
