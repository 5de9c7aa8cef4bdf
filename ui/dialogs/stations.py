"""Tournament → Share with other stations…: its widgets. The dialog that asks where the other stations
reach the tournament (:class:`HostDialog`), and the panel of the join codes, one box per role
(:class:`StationsPanel`, :class:`RoleBox`). What they do is ui.control.stations's (StationsControl).
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QButtonGroup,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QRadioButton,
    QVBoxLayout,
    QWidget,
)

from app.commands.roles import DESK, DIRECTOR, FLOOR, SCREEN
from app.i18n import N_, _, pgettext
from db.hosting import LOOPBACK, ROLE_ORDER
from ui.qr import qr_pixmap
from ui.widgets.quiet_panel import QuietPanel

ROLE_WORDS: dict[str, tuple[str, str]] = {
    DIRECTOR: (N_("Director"), N_("Everything, as on this laptop.")),
    DESK: (N_("Desk"), N_("Registration, buy-ins, rebuys, add-ons, receipts and seating slips.")),
    FLOOR: (N_("Floor"), N_("Bust-outs, chip counts, moves done, hand for hand.")),
    SCREEN: (N_("Screen"), N_("Shows the clock and the tournament; changes nothing.")),
}
STATION = "Director"  # this laptop's name in the history of the shared tournament


def role_title(role: str) -> str:
    return _(ROLE_WORDS[role][0])


class HostDialog(QDialog):
    """Where the other stations reach the tournament: this laptop's server (on which address) or the venue's."""

    def __init__(self, addresses: list[str], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(_("Share with other stations"))
        self.setWindowModality(Qt.WindowModality.WindowModal)
        form = QFormLayout(self)
        intro = QLabel(_("Other laptops join this tournament (Tournament \u2192 Join a tournament\u2026) and enter "
                         "what their role allows: the desk takes the money, the floor the bust-outs and chip "
                         "counts, a screen shows the clock. The tournament is copied to a PostgreSQL server; "
                         "its file is left as it is now."))
        intro.setWordWrap(True)
        form.addRow(intro)
        self.own = QRadioButton(_("This laptop's own server, listening on:"))
        self.venue = QRadioButton(_("The venue's PostgreSQL server (its database must be empty):"))
        group = QButtonGroup(self)
        group.addButton(self.own)
        group.addButton(self.venue)
        self.own.setChecked(True)
        form.addRow(self.own)
        self.address = QComboBox()
        for a in addresses:
            if a != LOOPBACK:
                self.address.addItem(_("{address} (the venue's network)", address=a), a)
        self.address.addItem(_("{address} (this laptop only)", address=LOOPBACK), LOOPBACK)
        form.addRow(_("Address:"), self.address)
        form.addRow(self.venue)
        self.url = QLineEdit()
        self.url.setPlaceholderText(_("postgresql://USER:PASSWORD@HOST:PORT/DATABASE"))
        form.addRow(_("URL:"), self.url)
        self.station = QLineEdit(STATION)
        form.addRow(_("This station's name:"), self.station)
        self.progress = QLabel("")
        self.progress.setObjectName("dim")
        self.progress.setWordWrap(True)
        form.addRow(self.progress)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        self.share = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.share.setText(pgettext("verb", "Share"))
        form.addRow(self.buttons)
        self.own.toggled.connect(self._follow)
        self.url.textEdited.connect(lambda _t: self.venue.setChecked(True))
        self._follow()

    def _follow(self) -> None:
        self.address.setEnabled(self.own.isChecked())

    def choose_address(self, address: str) -> None:
        self.own.setChecked(True)
        self.address.setCurrentIndex(max(0, self.address.findData(address)))

    def chosen(self) -> tuple[str | None, str | None]:
        """(address, None) for this laptop's server, (None, url) for the venue's."""
        if self.own.isChecked():
            return str(self.address.currentData()), None
        return None, self.url.text().strip()

    def working(self, on: bool) -> None:
        for w in (self.own, self.venue, self.address, self.url, self.station, self.share):
            w.setEnabled(not on)
        if not on:
            self._follow()


class RoleBox(QGroupBox):
    """One role's join code: its QR code, the code itself, Copy, New code and Revoke…."""

    def __init__(self, role: str) -> None:
        title, what = ROLE_WORDS[role]
        super().__init__(_(title))
        self.role = role
        lay = QVBoxLayout(self)
        self.what = QLabel(_(what))
        self.what.setObjectName("dim")
        self.what.setWordWrap(True)
        self.what.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self.what.setMinimumHeight(self.what.fontMetrics().lineSpacing() * 2)  # the codes line up in every box
        lay.addWidget(self.what)
        self.qr = QLabel()
        self.qr.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.qr.setMinimumSize(200, 200)
        self.qr.setWordWrap(True)  # "Revoked…" in its place, on as many lines as the language needs
        lay.addWidget(self.qr)
        self.code = QLineEdit()
        self.code.setReadOnly(True)
        self.code.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # selectable with the mouse; the keyboard stays away
        lay.addWidget(self.code)
        row = QHBoxLayout()
        self.copy = QPushButton(_("Copy"))
        self.new = QPushButton(_("New code"))
        self.revoke = QPushButton(_("Revoke\u2026"))
        for b in (self.copy, self.new, self.revoke):
            b.setAutoDefault(False)
            b.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # a click never leaves the keyboard here
            row.addWidget(b)
        lay.addLayout(row)

    def show_code(self, code: str | None, revocable: bool) -> None:
        if code is None:
            self.qr.clear()
            self.qr.setText(_("Revoked: it lets nobody in.\nNew code makes another."))
            self.code.clear()
            self.code.setPlaceholderText(_("no code"))
        else:
            self.qr.setPixmap(qr_pixmap(code, scale=3))
            self.code.setText(code)
            self.code.setCursorPosition(0)
        self.copy.setEnabled(code is not None)
        self.revoke.setEnabled(code is not None and revocable)
        self.new.setEnabled(revocable)
        if not revocable:
            tip = _("The venue's server does not let Floorman make logins: this code holds its own, and cannot be "
                    "revoked.")
            self.new.setToolTip(tip)
            self.revoke.setToolTip(tip)


class StationsPanel(QuietPanel):
    """The join codes, per role, while the tournament is shared: a window of its own that never keeps the
    keyboard (a key typed here goes to the director's window)."""

    RAISE = True

    def __init__(self, owner: QWidget) -> None:
        super().__init__(owner, _("Stations"))
        lay = QVBoxLayout(self)
        self.where = QLabel("")
        font = self.where.font()
        font.setPointSize(font.pointSize() + 3)
        self.where.setFont(font)
        self.where.setWordWrap(True)
        lay.addWidget(self.where)
        how = QLabel(_("On another laptop: Tournament \u2192 Join a tournament\u2026, then paste the code (or scan "
                       "its QR code). Each code lets its station do what its role allows; Revoke\u2026 cuts off "
                       "the stations that use it at once."))
        how.setWordWrap(True)
        lay.addWidget(how)
        grid = QGridLayout()
        self.boxes = {role: RoleBox(role) for role in ROLE_ORDER}
        for i, role in enumerate(ROLE_ORDER):
            grid.addWidget(self.boxes[role], 0, i)
        lay.addLayout(grid)
        self.standby = QPushButton(_("Copy the standby code"))  # for floorman standby on a second laptop
        self.standby.setToolTip(_("A second laptop keeps a copy that can take over if this one dies: floorman "
                                  "standby CODE. The code holds the server's own password: give it to no station."))
        self.standby.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        lay.addWidget(self.standby, alignment=Qt.AlignmentFlag.AlignLeft)
        self.said = QLabel("")
        self.said.setWordWrap(True)
        lay.addWidget(self.said)
        self.note = QLabel("")
        self.note.setObjectName("dim")
        self.note.setWordWrap(True)
        lay.addWidget(self.note)
