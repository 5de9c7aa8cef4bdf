"""Tournament > Take over: the laptop that keeps a standby copy (``floorman standby``) becomes the
tournament's server once the host laptop is gone; and, on the laptop that shares the tournament, the watch
on that copy.

    offer = TakeOverOffer(window)
    offer.offer()   # asks first (Esc or Cancel: nothing changes), then promotes the copy and says what it did
    watcher = StandbyWatcher(owner_url, parent); watcher.said.connect(...)   # a copy gone (or back), in words

The copy is promoted by db.standby.take_over, which refuses in words while the host still answers (two
servers would split the tournament); the stations that were open reconnect to it by themselves. A laptop
that keeps no standby copy is told so, and how a second laptop keeps one.
"""

from __future__ import annotations

import threading
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt, Signal, Slot
from PySide6.QtWidgets import QApplication, QMessageBox, QWidget

from app.i18n import N_, _

if TYPE_CHECKING:  # psycopg comes with hosting only: read when the director takes over, not before
    from db.standby import Standby, StandbyError, TakeOver

TITLE = N_("Take over")
NO_CLIENT = N_("This Floorman has no PostgreSQL client (the venue bundle leaves it out), so this laptop keeps no "
             "standby copy and there is nothing to take over. Keeping one needs Floorman installed with pip "
             "(pip install -e \".[host]\"), then: floorman standby CODE.")


class TakeOverOffer:
    """The question, then the promotion and its outcome, each in a box of its own (``box``)."""

    def __init__(self, parent: QWidget, standbys: Path | None = None) -> None:
        self.parent = parent
        self.standbys = standbys  # where this laptop's copies are (default: the user data folder's)
        self.box: QMessageBox | None = None
        self.standby: Standby | None = None
        self.done: TakeOver | None = None
        self.refused: StandbyError | None = None

    def offer(self) -> QMessageBox:
        """Ask before taking over; or say that there is nothing to take over."""
        try:
            from db.standby import running_standbys
        except ImportError:  # the venue bundle leaves the PostgreSQL client out: it never keeps a standby
            return self._show(QMessageBox.Icon.Information, _(NO_CLIENT))
        found = running_standbys(self.standbys)
        if not found:
            return self._show(QMessageBox.Icon.Information,
                              _("This laptop keeps no standby copy of a shared tournament, so there is nothing to take "
                                "over. A second laptop keeps one with: floorman standby CODE (the host's standby code, "
                                "as floorman host prints it)."))
        self.standby = found[-1]
        where = f"{self.standby.address}:{self.standby.port}"
        question = (_("Make this laptop the tournament's server? The standby copy at {where} (the newest of the "
                      "{count} this laptop keeps) becomes the server, and the stations reconnect to it by "
                      "themselves.\n\nDo it only when the host laptop is gone for good: while its server still "
                      "answers, nothing is done.", where=where, count=len(found)) if len(found) > 1
                    else _("Make this laptop the tournament's server? The standby copy at {where} becomes the server, "
                           "and the stations reconnect to it by themselves.\n\nDo it only when the host laptop is "
                           "gone for good: while its server still answers, nothing is done.", where=where))
        box = QMessageBox(QMessageBox.Icon.Question, _(TITLE), question,
                          QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.Cancel, self.parent)
        box.button(QMessageBox.StandardButton.Yes).setText(_(TITLE))
        box.setDefaultButton(QMessageBox.StandardButton.Cancel)  # a mistaken Enter changes nothing
        box.setEscapeButton(QMessageBox.StandardButton.Cancel)
        box.accepted.connect(self.take_over)
        self.box = box
        box.open()
        return box

    def take_over(self) -> QMessageBox:
        """Promote the copy; say what was done, or why nothing was."""
        from db.standby import StandbyError, take_over

        assert self.standby is not None
        QApplication.setOverrideCursor(Qt.CursorShape.WaitCursor)
        try:
            self.done = take_over(self.standby)
        except StandbyError as err:
            self.refused = err
        finally:
            QApplication.restoreOverrideCursor()
        if self.done is not None:
            return self._show(QMessageBox.Icon.Information, self.done.words())
        assert self.refused is not None
        return self._show(QMessageBox.Icon.Warning, self.refused.message)

    def _show(self, icon: QMessageBox.Icon, text: str) -> QMessageBox:
        box = QMessageBox(icon, _(TITLE), text, QMessageBox.StandardButton.Ok, self.parent)
        box.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)  # the URL can be copied
        self.box = box
        box.open()
        return box


class StandbyWatcher(QObject):
    """Looks twice a second, on a thread of its own, for a standby copy of the tournament gone or back
    (db.standby.SyncWatch), and says it: ``said(text, lost)``. On its own thread because the window's own
    action may be the one the server holds for the copy that went away: the window's thread waits, this one
    lets the server go on.
    """

    said = Signal(str, bool)  # on the window's thread
    _heard = Signal(str, bool)  # from the watch's thread: queued to this object's (the window's) thread

    def __init__(self, url: str, parent: QObject | None = None, every_s: float = 0.5) -> None:
        super().__init__(parent)
        from db.standby import SyncWatch

        self._heard.connect(self._relay)
        self.watch = SyncWatch(url)
        self.every_s = every_s
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="standby watch", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        while not self._stop.wait(self.every_s):
            said = self.watch.check()
            if said is not None:
                self._heard.emit(said, self.watch.lost)
        self.watch.close()

    @Slot(str, bool)
    def _relay(self, text: str, lost: bool) -> None:
        self.said.emit(text, lost)

    def stop(self) -> None:
        self._stop.set()
        self._thread.join(timeout=10)
