"""The app's top-level windows and how one leads to the next: welcome, new, open, restore, demo."""

from __future__ import annotations

from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QApplication, QFileDialog, QMessageBox, QWidget

from app.api import Profile
from app.commands.clock import SetStructure
from app.i18n import N_, _
from ui.errors import log_unexpected
from ui.opening import read_only_session, store_session
from ui.recent import tournaments_dir
from ui.session import Session
from ui.templates import EventTemplate, remember_venue, venue_of

if TYPE_CHECKING:
    from ui.dialogs.new_tournament import NewTournamentDialog

READ_ONLY_CHOICE = N_("Open it read-only")
FILE_FILTER = N_("Floorman tournaments (*.floorman *.sqlite *.db);;All files (*)")


def offers_read_only(exc: BaseException) -> bool:
    """Does the store's message for ``exc`` tell the director to open the file read-only?"""
    return bool(getattr(exc, "offer_read_only", False))


def new_tournament_dialog(choice: Profile | EventTemplate, parent: QWidget | None = None) -> NewTournamentDialog:
    """The new-tournament dialog for a profile, or for an event template (its structure and venue too)."""
    from ui.dialogs.new_tournament import NewTournamentDialog

    seasons = league_seasons()
    if isinstance(choice, EventTemplate):
        return NewTournamentDialog(choice.profile, tournaments_dir(), parent, structure=choice.structure,
                                   venue=choice.venue, template=choice.name, seasons=seasons)
    return NewTournamentDialog(choice, tournaments_dir(), parent, seasons=seasons)


def league_seasons() -> list[tuple[str, str]]:
    """(league, season) of every season in the player roster; none when there is no roster or it cannot
    be read (the new tournament is made without a league, never stopped by it)."""
    try:
        from db.roster import default_roster_path

        if not default_roster_path().is_file():
            return []
        from db.league import LeagueBook
        from db.roster import Roster

        with Roster.open() as roster:
            return [(s.league, s.season) for s in LeagueBook(roster).seasons()]
    except Exception as exc:  # noqa: BLE001 - a roster that cannot be read never stops a new tournament
        log_unexpected(exc, "player roster: reading the league seasons")
        return []


def join_season(session: Session, league: str, season: str) -> str:
    """The new event joins a league season (LGE-6); what happened, in words."""
    try:
        from app.api import outcome_of
        from db.league import LeagueBook
        from db.roster import Roster

        with Roster.open() as roster:
            LeagueBook(roster).join(league, season, outcome_of(session.state))
    except Exception as exc:  # noqa: BLE001 - said to the director; the event can join later
        log_unexpected(exc, "league: joining a season")
        return _("The event could not join {league} — {season} ({error}); join it from the League tab.",
                 league=league, season=season, error=exc)
    return _("This event counts for {league} — {season}.", league=league, season=season)


def create_from_dialog(dialog: NewTournamentDialog) -> Session:
    """Create the tournament file the dialog describes; an event template's structure is set at once
    (``set_structure``, before the clock starts) and its venue remembered for the printed sheets."""
    assert dialog.result_profile is not None
    path = dialog.path.text()
    session = store_session(path, dialog.result_profile, dialog.name.text().strip())
    if dialog.structure is not None:
        session.execute(SetStructure(structure=dialog.structure))
    session.venue = dialog.venue.text().strip()
    remember_venue(path, session.venue)
    chosen = dialog.chosen_season()
    if chosen is not None:
        session.notices.append(join_season(session, *chosen))
    return session


class Starter(QObject):
    """Keeps the open windows alive and turns welcome-screen choices into windows."""

    def __init__(self, app: QApplication) -> None:
        super().__init__()
        self.app = app
        self.windows: list[QWidget] = []
        self.welcome: Any = None
        self.read_only_box: QMessageBox | None = None  # while the "Open it read-only" question is asked

    def _keep(self, w: QWidget) -> QWidget:
        self.windows.append(w)
        w.show()
        return w

    def show_error(self, text: str) -> None:
        parent = self.windows[-1] if self.windows else None
        QMessageBox.warning(parent, "Floorman", text)

    def show_welcome(self) -> None:
        from ui.welcome import WelcomeWindow

        w = WelcomeWindow()
        w.new_requested.connect(self.new_tournament)
        w.open_requested.connect(self.open_file)
        w.open_dialog_requested.connect(self.choose_file)
        w.restore_requested.connect(self.restore_backup)
        w.demo_requested.connect(self.open_demo)
        w.join_requested.connect(self.join_tournament)
        self.welcome = w
        self._keep(w)

    def open_session(self, session: Session) -> None:
        from ui.director import DirectorWindow
        from ui.roster_link import RosterLink

        window = DirectorWindow(session, roster=RosterLink())
        window.closed_to_welcome.connect(lambda: self._closed(window))
        window.join_requested.connect(self.join_tournament)
        window.reopen = partial(self.reopen_in_language, window)
        from ui.shared_link import SharedFollower

        follower = session.findChild(SharedFollower)
        if follower is not None:  # a shared tournament: a server out of reach is said at once, above the tabs
            banner = window.store.banner
            follower.lost_changed.connect(lambda text: banner.refuse(text) if text else banner.hide())
        self._keep(window)
        window.showMaximized()
        if self.welcome is not None:
            self.welcome.close()
            self.welcome = None
        window.raise_()
        window.activateWindow()  # the keys (F2, F8, Ctrl+K…) work at once, without a click first

    def reopen_in_language(self, window: QWidget, path: str, code: str, display: bool) -> None:
        """View > Language, Reopen now: ``window`` has closed its tournament; the file opens again in a window
        built in ``code`` (Qt's own words too), with the room display if it was open."""
        from ui.director import DirectorWindow
        from ui.language import install

        if window in self.windows:
            self.windows.remove(window)
        install(self.app, code)
        self.open_file(path)
        reopened = self.windows[-1] if self.windows else None
        if display and isinstance(reopened, DirectorWindow):
            reopened.act_room_display()

    def _closed(self, window: QWidget) -> None:
        """Tournament > Close (Ctrl+W): the tournament is closed; the welcome screen offers the next one."""
        if window in self.windows:
            self.windows.remove(window)
        if self.welcome is None:
            self.show_welcome()

    def open_demo(self) -> None:
        from ui.demo_session import demo_session

        self.open_session(demo_session())

    def _fail(self, exc: Exception) -> None:
        from app.api import RuleError

        known: tuple[type[Exception], ...] = (RuleError,)
        try:
            from db.errors import StoreError

            known = (RuleError, StoreError)
        except ImportError:  # the store is not installed: only unexpected errors can happen
            pass
        if isinstance(exc, known):
            self.show_error(str(getattr(exc, "message", exc)))
        else:
            log_unexpected(exc, "opening a tournament")
            from ui.errors import short_message

            self.show_error(short_message(exc))

    def ask_read_only(self, text: str) -> bool:
        """The store's sentence with the choice it offers: True when the director picks "Open it read-only"."""
        parent = self.windows[-1] if self.windows else None
        box = QMessageBox(QMessageBox.Icon.Warning, "Floorman", text, QMessageBox.StandardButton.Cancel, parent)
        read_only = box.addButton(_(READ_ONLY_CHOICE), QMessageBox.ButtonRole.AcceptRole)
        box.setDefaultButton(read_only)
        self.read_only_box = box
        box.exec()
        self.read_only_box = None
        return box.clickedButton() is read_only

    def open_file(self, path: str) -> None:
        try:
            try:
                session = store_session(path)
            except Exception as exc:
                if not offers_read_only(exc) or not self.ask_read_only(str(getattr(exc, "message", exc))):
                    raise
                session = read_only_session(path)
            session.venue = venue_of(path)
        except Exception as exc:  # a damaged or newer file: the store says why in plain words
            self._fail(exc)
            if self.welcome is None and not self.windows:
                self.show_welcome()
            return
        self.open_session(session)

    def join_tournament(self) -> None:
        """Tournament > Join a tournament…: the join code the host's director gives, and this station's name."""
        from PySide6.QtWidgets import QInputDialog

        parent = self.windows[-1] if self.windows else None
        code, ok = QInputDialog.getText(parent, _("Join a tournament"),
                                        _("The join code (floorman:…) or the server's URL the director gives:"))
        if not ok or not code.strip():
            return
        station, ok = QInputDialog.getText(parent, _("Join a tournament"),
                                           _("This station's name (Desk, Floor 2, Bar screen…):"))
        if not ok:
            return
        operator, ok = QInputDialog.getText(parent, _("Join a tournament"),
                                            _("Who is at this station (may be left empty):"))
        if ok:
            self.join(code, station, operator)

    def join(self, code: str, station: str, operator: str = "") -> bool:
        """Open the shared tournament ``code`` names as ``station`` in a window; False (said in words) if not."""
        from db.joincode import JoinCodeError
        from ui.shared_link import shared_session

        try:
            session = shared_session(code.strip(), station, operator)
        except JoinCodeError as exc:
            self.show_error(exc.message)
            return False
        except Exception as exc:  # a wrong password, a server out of reach: the store says so in words
            self._fail(exc)
            return False
        self.open_session(session)
        return True

    def choose_file(self) -> None:
        path, _filter = QFileDialog.getOpenFileName(self.welcome, _("Open a tournament"), str(tournaments_dir()),
                                                    _(FILE_FILTER))
        if path:
            self.open_file(path)

    def new_tournament(self, choice: Profile | EventTemplate) -> None:
        from ui.dialogs.new_tournament import NewTournamentDialog

        dialog = new_tournament_dialog(choice, self.welcome)
        if dialog.exec() != NewTournamentDialog.DialogCode.Accepted or dialog.result_profile is None:
            return
        try:
            session = create_from_dialog(dialog)
        except Exception as exc:
            self._fail(exc)
            return
        self.open_session(session)

    def restore_backup(self) -> None:
        path, _filter = QFileDialog.getOpenFileName(self.welcome, _("Restore from a backup"), str(tournaments_dir()),
                                                    _(FILE_FILTER))
        if not path:
            return
        target = tournaments_dir() / (Path(path).stem + "-restored.floorman")
        try:
            from db.backups import restore

            restore(Path(path), target)
        except Exception as exc:
            self._fail(exc)
            return
        self.open_file(str(target))
