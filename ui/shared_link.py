"""A window on a shared tournament: the session over a station of it, kept up with the other stations.

    session = shared_session("floorman:eyJ2…", station="Floor 2", operator="Lou")
    # a Session like a file's; every POLL_MS its SharedFollower folds in what other stations recorded
    # and the window redraws (``Session.changed`` with no events: the views rebuild from the state)

The join code (db.joincode) or a server's URL says where the tournament is and, for a code, the station's
role; a screen station's window is read-only. A server out of reach is said on the follower
(``lost``, ``lost_changed``) and tried again at the next tick; the station keeps no state of its own.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QTimer, Signal

from app.i18n import _
from ui.session import Session

if TYPE_CHECKING:
    from db.shared_store import SharedStore

POLL_MS = 100  # what another station recorded shows here within about this long


class SharedFollower(QObject):
    """Folds in, every ``POLL_MS``, the actions other stations appended, and tells the session.

    Signals:
        lost_changed(str): the server went out of reach (its sentence) or came back ("").
    """

    lost_changed = Signal(str)

    def __init__(self, session: Session, store: SharedStore, interval_ms: int = POLL_MS) -> None:
        super().__init__(session)
        self.session, self.store = session, store
        self.lost = ""
        self.timer = QTimer(self)
        self.timer.setInterval(interval_ms)
        self.timer.timeout.connect(self.poll)
        self.timer.start()

    def poll(self) -> int:
        """Fold in what other stations recorded since the last look; how many actions that was."""
        from db.errors import StoreError

        try:
            new = self.store.poll()
        except StoreError as exc:
            self._say(exc.message)
            return 0
        self._say("")
        if new:
            self.session.changed.emit([])
            self.session.undo_changed.emit()
        return len(new)

    def stop(self) -> None:
        self.timer.stop()

    def _say(self, lost: str) -> None:
        if lost != self.lost:
            self.lost = lost
            self.lost_changed.emit(lost)


def shared_session(target: str, station: str, operator: str = "") -> Session:
    """Open the shared tournament a join code or a ``postgresql://`` URL names, as ``station``.

    JoinCodeError, StoreError or RuleError (a station's name that cannot be stored) say in words why
    nothing was opened."""
    from db.joincode import info_from_url, is_code, read_code
    from db.shared_store import open_shared

    info = read_code(target) if is_code(target) else info_from_url(target)
    store = open_shared(info.url(), station=station, operator=operator, role=info.role)
    session = Session(store)
    if store.role == "screen":  # the role the server gives the code's login, not the code's text
        session.read_only_reason = _("Read-only: this is a screen station of a shared tournament; it shows "
                                     "everything the other stations enter, and changes nothing.")
    follow(session, store)
    return session


def follow(session: Session, store: SharedStore) -> SharedFollower:
    """Keep ``session`` (on ``store``) up with the other stations until it closes."""
    follower = SharedFollower(session, store)
    session.on_close.append(follower.stop)  # a closed station looks no more (nor reconnects)
    return follower
