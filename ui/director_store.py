"""The director's window and its tournament file: timed backups, a failed backup, a file moved away.

The store backs up at level changes, breaks and every 5 minutes when asked (``TournamentStore.tick``);
the copy itself is written on the store's backup thread, so the window's timer only asks, about once a
second. A backup that failed is shown in the banner under the strip, in the store's own sentence.

When the open file is renamed, moved or deleted, the store stops writing and says so
(``db.errors.FileMoved``); the banner shows that sentence with a "Save as…" button, which saves the
whole tournament to a new file and carries on there.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QFileDialog, QHBoxLayout, QPushButton, QWidget

from ui.widgets.player_panel import Feedback

if TYPE_CHECKING:
    from ui.director import DirectorWindow

BACKUP_TICK_MS = 1000


def ask_tournament_path(parent: QWidget, suggested: str) -> str:
    path, _ = QFileDialog.getSaveFileName(parent, "Save the tournament as", suggested,
                                          "Floorman tournaments (*.floorman)")
    return path


class StoreActions:
    """Mixed into :class:`~ui.director.DirectorWindow`. ``tournament_path_chooser`` is a seam for tests."""

    tournament_path_chooser = staticmethod(ask_tournament_path)

    def _setup_store(self: DirectorWindow) -> QWidget:
        """The banner row (hidden until needed) and the backup timer."""
        row = QWidget()
        lay = QHBoxLayout(row)
        lay.setContentsMargins(10, 4, 10, 4)
        self.store_banner = Feedback()
        self.save_as_button = QPushButton("Save as…")
        self.save_as_button.clicked.connect(self.act_save_as)
        self.save_as_button.hide()
        lay.addWidget(self.store_banner, 1)
        lay.addWidget(self.save_as_button)
        self._backup_errors_shown = 0
        self.backup_timer = QTimer(self)
        self.backup_timer.setInterval(BACKUP_TICK_MS)
        self.backup_timer.timeout.connect(self.backup_tick)
        if callable(getattr(self.session.backend, "tick", None)):
            self.backup_timer.start()
        return row

    def backup_tick(self: DirectorWindow) -> None:
        """Ask the store for its timed backups; show a failed one, or a file moved away."""
        backend = self.session.backend
        tick = getattr(backend, "tick", None)
        if not callable(tick):
            return
        try:
            tick()
        except Exception as exc:  # noqa: BLE001 - a backup problem never stops the tournament
            self.store_banner.refuse(f"Backups could not be started: {getattr(exc, 'message', exc)}")
            return
        moved = getattr(backend, "file_moved", None)
        text = moved() if callable(moved) else None
        if text:
            self.show_store_problem(text, offer_save_as=True)
            return
        errors = list(getattr(backend, "backup_errors", []))
        if len(errors) > self._backup_errors_shown:
            self._backup_errors_shown = len(errors)
            self.store_banner.refuse(errors[-1])
            self.statusBar().showMessage(errors[-1], 15000)

    def show_store_problem(self: DirectorWindow, text: str, *, offer_save_as: bool = False) -> None:
        self.store_banner.refuse(text)
        if offer_save_as:
            self.save_as_button.show()

    def store_failed(self: DirectorWindow, exc: BaseException) -> None:
        """An action the store refused: a file moved away gets the banner and "Save as…"."""
        if getattr(exc, "offer_save_as", False):
            self.show_store_problem(str(getattr(exc, "message", exc)), offer_save_as=True)

    def act_save_as(self: DirectorWindow) -> None:
        save_as = getattr(self.session.backend, "save_as", None)
        if not callable(save_as):
            self.statusBar().showMessage("This tournament is not kept in a file; there is nothing to save.", 5000)
            return
        current = Path(self.session.path or "tournament.floorman")
        suggested = str(current.with_name(current.stem + "-saved.floorman"))
        target = self.tournament_path_chooser(self, suggested)
        if not target:
            return
        try:
            saved = self.session.save_as(target)
        except Exception as exc:  # the store's words: the name is taken, the folder is read-only…
            said = getattr(exc, "message", None)
            if said is None:
                raise
            self.store_banner.refuse(said)
            return
        self.save_as_button.hide()
        if getattr(self.session.backend, "read_only", False):
            self.store_banner.done(f"Saved a copy as {saved}.")
            return
        self.store_banner.done(f"Saved as {saved}; Floorman now saves every action there.")
        self.setWindowTitle(f"{self.session.state.name or 'Tournament'} — Floorman")
