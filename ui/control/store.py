"""The director's window and its tournament file: timed backups, a failed backup, a file moved away.

The store backs up at level changes, breaks and every 5 minutes when asked (``TournamentStore.tick``);
the copy itself is written on the store's backup thread, so the window's timer only asks, about once a
second. A backup that failed is shown in the banner under the strip, in the store's own sentence.

When the open file is renamed, moved or deleted, the store stops writing and says so
(``db.errors.FileMoved``); the banner shows that sentence with a "Save as…" button, which saves the
whole tournament to a new file and carries on there. Closing the window then asks first
(:meth:`StoreControl.may_close`): "Save as…", "Close anyway" or "Cancel".
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QFileDialog, QHBoxLayout, QMessageBox, QPushButton, QWidget

from app.i18n import _
from oskit.names import portable_path
from ui.control.parts import Shell
from ui.errors import store_message
from ui.feedback import Feedback
from ui.session import Session

BACKUP_TICK_MS = 1000


def ask_tournament_path(parent: QWidget, suggested: str) -> str:
    path, _filter = QFileDialog.getSaveFileName(parent, _("Save the tournament as"), suggested,
                                                _("Floorman tournaments (*.floorman)"))
    return path


def ask_before_closing(parent: QWidget, text: str) -> str:
    """The file was moved away: "save" (Save as…), "close" (close anyway) or "cancel"."""
    box = QMessageBox(QMessageBox.Icon.Warning, _("Close the tournament"), text,
                      QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Close
                      | QMessageBox.StandardButton.Cancel, parent)
    box.button(QMessageBox.StandardButton.Save).setText(_("Save as…"))
    box.button(QMessageBox.StandardButton.Close).setText(_("Close anyway"))
    box.setDefaultButton(QMessageBox.StandardButton.Save)
    box.setEscapeButton(QMessageBox.StandardButton.Cancel)
    answer = box.exec()
    return {QMessageBox.StandardButton.Save: "save",
            QMessageBox.StandardButton.Close: "close"}.get(QMessageBox.StandardButton(answer), "cancel")


class StoreControl:
    """Backups and the file's health, for one window. ``path_chooser`` and ``close_asker`` are seams for tests."""

    def __init__(self, session: Session, shell: Shell,
                 path_chooser: Callable[[QWidget, str], str] = ask_tournament_path,
                 close_asker: Callable[[QWidget, str], str] = ask_before_closing) -> None:
        self.session, self.shell = session, shell
        self.path_chooser = path_chooser
        self.close_asker = close_asker
        self.row = QWidget()
        lay = QHBoxLayout(self.row)
        lay.setContentsMargins(10, 4, 10, 4)
        self.banner = Feedback()
        self.save_as_button = QPushButton(_("Save as…"))
        self.save_as_button.clicked.connect(self.act_save_as)
        self.save_as_button.hide()
        lay.addWidget(self.banner, 1)
        lay.addWidget(self.save_as_button)
        self._errors_shown = 0
        self.timer = QTimer(shell.parent)
        self.timer.setInterval(BACKUP_TICK_MS)
        self.timer.timeout.connect(self.backup_tick)
        if callable(getattr(session.backend, "tick", None)):
            self.timer.start()

    def backup_tick(self) -> None:
        """Ask the store for its timed backups; show a failed one, or a file moved away."""
        backend = self.session.backend
        tick = getattr(backend, "tick", None)
        if not callable(tick):
            return
        try:
            tick()
        except Exception as exc:  # noqa: BLE001 - a backup problem never stops the tournament
            self.banner.refuse(_("Backups could not be started: {reason}", reason=getattr(exc, "message", exc)))
            return
        moved = getattr(backend, "file_moved", None)
        text = moved() if callable(moved) else None
        if text:
            self.show_problem(text, offer_save_as=True)
            return
        errors = list(getattr(backend, "backup_errors", []))
        if len(errors) > self._errors_shown:
            self._errors_shown = len(errors)
            self.banner.refuse(errors[-1])
            self.shell.say(errors[-1], 15000)

    def show_problem(self, text: str, *, offer_save_as: bool = False) -> None:
        self.banner.refuse(text)
        if offer_save_as:
            self.save_as_button.show()

    def failed(self, exc: BaseException) -> None:
        """An action the store refused: a file moved away gets the banner and "Save as…"."""
        if getattr(exc, "offer_save_as", False):
            self.show_problem(str(getattr(exc, "message", exc)), offer_save_as=True)

    def act_backup(self) -> None:
        backup = getattr(self.session.backend, "backup_now", None)
        if backup is None:
            self.shell.say(_("This tournament is not saved to a file yet; nothing to back up."), 5000)
            return
        try:
            made = backup()
        except Exception as exc:  # the store's words: the disk is full, the folder cannot be written
            said = store_message(exc)
            if said is None:
                raise
            self.banner.refuse(said)
            return
        self.shell.say(_("Backed up to {path}", path=made), 5000)

    def may_close(self) -> bool:
        """Closing the window: if the file was renamed, moved or deleted while open, ask first.

        The store has written every action into the file wherever it now is, but a deleted file goes with
        the window, so the director chooses: Save as… (then close), close anyway, or stay.
        """
        moved = getattr(self.session.backend, "file_moved", None)
        text = moved() if callable(moved) else None
        if not text:
            return True
        answer = self.close_asker(self.shell.parent,
                                  _("{problem} If the file was only renamed or moved, it holds every action "
                                    "up to now; if it was deleted, they are only in this window.", problem=text))
        if answer == "save":
            self.act_save_as()
            return not (callable(moved) and moved())
        return answer == "close"

    def act_save_normal_file(self) -> None:
        """A shared tournament into a normal file, from the server or what this station holds (ui.shared_save)."""
        from ui.shared_save import save_as_normal_file

        save_as_normal_file(self.shell.parent, self.session, self.path_chooser, self.banner.done, self.banner.refuse)

    def act_export(self) -> None:
        """Tournament > Export results…: results, entries or money as CSV, Excel, JSON or a ranking site's CSV."""
        from ui.export_dialog import ExportDialog

        session = self.session
        authors = getattr(session.backend, "money_authors", None)
        folder = Path(session.path).parent if session.path else Path.home()
        self.export_dialog = ExportDialog(session.tournament, folder, self.shell.parent,
                                          recorded_by=authors() if callable(authors) else (),
                                          venue=str(getattr(session, "venue", "") or ""), done=self.banner.done)
        self.export_dialog.open()

    def act_save_as(self) -> None:
        session = self.session
        save_as = getattr(session.backend, "save_as", None)
        if not callable(save_as):
            self.shell.say(_("This tournament is not kept in a file; there is nothing to save."), 5000)
            return
        current = Path(session.path or "tournament.floorman")
        suggested = str(current.with_name(current.stem + "-saved.floorman"))
        chosen = self.path_chooser(self.shell.parent, suggested)
        if not chosen:
            return
        target, cleaned = portable_path(Path(chosen), fallback="tournament.floorman")
        renamed = f" {cleaned.sentence()}" if cleaned.changed else ""
        try:
            saved = session.save_as(str(target))
        except Exception as exc:  # the store's words: the name is taken, the folder is read-only…
            said = getattr(exc, "message", None)
            if said is None:
                raise
            self.banner.refuse(said)
            return
        self.save_as_button.hide()
        if getattr(session.backend, "read_only", False):
            self.banner.done(_("Saved a copy as {path}.", path=saved) + renamed)
            return
        self.banner.done(_("Saved as {path}; Floorman now saves every action there.", path=saved) + renamed)
        self.shell.parent.setWindowTitle(_("{name} — Floorman", name=session.state.name or _("Tournament")))
