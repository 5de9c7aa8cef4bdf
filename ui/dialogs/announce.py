"""Announce on the room's screens: the words, now or at a time of day, for how long; and the ones set.

The dialog decides no rule: it sends one ``announce`` (or ``cancel_announcement``) command and shows the
engine's refusal in its own line, in words, leaving what the director typed in place to fix.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timedelta

from PySide6.QtCore import Qt, QTime
from PySide6.QtWidgets import (
    QButtonGroup,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QRadioButton,
    QSpinBox,
    QTimeEdit,
    QVBoxLayout,
    QWidget,
)

from app.api import TournamentView
from app.commands.tournament import ANNOUNCEMENT_MAX_CHARS, ANNOUNCEMENT_SECONDS, Announce, CancelAnnouncement
from app.i18n import _, pgettext
from ui.feedback import Feedback, Runs


def start_of(time_of_day: QTime, now: float) -> float:
    """The moment (seconds since the epoch) of ``time_of_day`` today, or tomorrow when it is more than an hour
    gone today (a 00:30 set at 23:50 is tomorrow's; a 21:30 set at 21:40 is today's, which the engine refuses
    in words as gone by)."""
    today = datetime.fromtimestamp(now)
    at = today.replace(hour=time_of_day.hour(), minute=time_of_day.minute(), second=0, microsecond=0)
    if at.timestamp() < now - 3600:
        at += timedelta(days=1)
    return at.timestamp()


def _clock_time(seconds: float) -> str:
    at = datetime.fromtimestamp(seconds)
    return at.strftime("%H:%M" if at.second == 0 else "%H:%M:%S")


class AnnounceDialog(QDialog):
    """The words, when, for how long; the announcements set, each cancellable while it still shows."""

    def __init__(self, runner: Runs, view: Callable[[], TournamentView], now: Callable[[], float],
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(_("Announce on the room's screens"))
        self.runner, self.view, self.now = runner, view, now
        lay = QVBoxLayout(self)
        form = QFormLayout()
        self.text = QLineEdit()
        self.text.setObjectName("announcement_text")
        self.text.setPlaceholderText(_("e.g. Dinner break at 8: the buffet opens in the bar"))
        self.text.setMaxLength(ANNOUNCEMENT_MAX_CHARS * 2)  # longer is refused by the engine, in words
        form.addRow(_("&Words:"), self.text)
        when = QHBoxLayout()
        self.at_now = QRadioButton(_("&Now"))
        # Translators: "announce at" a time of day, the time box follows
        self.at_time = QRadioButton(pgettext("time of day", "&At"))
        self.at_now.setChecked(True)
        group = QButtonGroup(self)
        group.addButton(self.at_now)
        group.addButton(self.at_time)
        self.time = QTimeEdit()
        self.time.setDisplayFormat("HH:mm")
        self.time.setTime(QTime.fromString(datetime.fromtimestamp(now() + 600).strftime("%H:%M"), "HH:mm"))
        self.time.setEnabled(False)
        self.at_time.toggled.connect(self.time.setEnabled)
        self.time.editingFinished.connect(lambda: self.at_time.setChecked(True))
        for w in (self.at_now, self.at_time, self.time):
            when.addWidget(w)
        when.addStretch(1)
        form.addRow(_("When:"), when)
        self.seconds = QSpinBox()
        self.seconds.setObjectName("announcement_seconds")
        low, high = ANNOUNCEMENT_SECONDS
        self.seconds.setRange(low, high)
        self.seconds.setValue(30)
        self.seconds.setSuffix(" " + pgettext("unit", "seconds"))
        self.seconds.setSingleStep(5)
        form.addRow(_("For &how long:"), self.seconds)
        lay.addLayout(form)
        self.feedback = Feedback()
        lay.addWidget(self.feedback)
        set_label = QLabel(_("Announcements set (the screens show them one at a time):"))
        set_label.setWordWrap(True)
        lay.addWidget(set_label)
        self.list = QListWidget()
        self.list.setObjectName("announcements")
        lay.addWidget(self.list)
        self.cancel_one = QPushButton(_("&Take the selected one off"))
        self.cancel_one.clicked.connect(self.cancel_selected)
        lay.addWidget(self.cancel_one)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Close)
        ok = buttons.button(QDialogButtonBox.StandardButton.Ok)
        ok.setText(_("&Announce"))
        ok.setDefault(True)
        buttons.accepted.connect(self.announce)
        buttons.rejected.connect(self.reject)
        lay.addWidget(buttons)
        self.buttons = buttons
        self.reload()
        self.setMinimumWidth(520)

    def command(self) -> Announce:
        """What the director typed, as the engine takes it (the engine checks it)."""
        starts = start_of(self.time.time(), self.now()) if self.at_time.isChecked() else None
        return Announce(text=self.text.text(), starts_at=starts, seconds=self.seconds.value())

    def announce(self) -> bool:
        cmd = self.command()
        ok = self.runner.run(cmd, self.feedback, _("Announced: \u201c{text}\u201d.", text=" ".join(cmd.text.split())))
        if ok:
            self.text.clear()
            self.at_now.setChecked(True)
            self.reload()
        return ok

    def reload(self) -> None:
        """The announcements set, with when each shows; the finished ones greyed out (they cannot be cancelled)."""
        self.list.clear()
        now = self.now()
        for a in self.view().announcements:
            state = _("showing") if a.shows_from <= now < a.shows_until else (
                _("shown") if a.shows_until <= now else _("from {time}", time=_clock_time(a.shows_from)))
            item = QListWidgetItem(_("{number}. \u201c{text}\u201d, {seconds} s, {state}", number=a.number,
                                     text=a.text, seconds=a.seconds, state=state))
            item.setData(Qt.ItemDataRole.UserRole, a.number)
            if a.shows_until <= now:
                item.setFlags(item.flags() & ~Qt.ItemFlag.ItemIsEnabled)
            self.list.addItem(item)
        self.cancel_one.setEnabled(self.list.count() > 0)

    def cancel_selected(self) -> bool:
        item = self.list.currentItem()
        if item is None:
            self.feedback.refuse(_("Pick the announcement to take off first."))
            return False
        number = int(item.data(Qt.ItemDataRole.UserRole))
        ok = self.runner.run(CancelAnnouncement(announcement=number), self.feedback,
                             _("Announcement {number} taken off the room's screens.", number=number))
        if ok:
            self.reload()
        return ok
