"""The room display window: what the players look at all night, on the second monitor or a TV.

It reads the engine's clock through an injectable time source and repaints 20 times a second, so a
level changes on screen within 50 ms of its end; it never counts time itself. Esc, a double-click
or the right-click menu leaves full screen.
"""

from __future__ import annotations

import logging
from typing import Any

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QAction, QCloseEvent, QContextMenuEvent, QGuiApplication, QKeyEvent, QMouseEvent, QScreen
from PySide6.QtWidgets import QMenu, QVBoxLayout, QWidget

from app.api import TimeSource
from screens.frame import ENDED, WAITING, DisplayFrame
from ui.display.chime import STRIKES, ChimePolicy
from ui.display.league_board import LeagueBoard
from ui.display.panel import DisplayPanel
from ui.display.sound import ChimePlayer
from ui.display.source import DisplaySource
from ui.display.voice import RoomVoice
from ui.qr import qr_pixmap

log = logging.getLogger("floorman.display")

TICK_MS = 50


class RoomDisplay(QWidget):
    """The second window. Give it the director's session (or a tournament) and a time source.

    Signals:
        full_screen_changed(bool): the window entered or left full screen.
        sound_message(str): said once: how the chimes will sound, or why they will not (and, with the
            announcements on, the voice that speaks them, or why none does).
        closed(): the window was closed.
    """

    full_screen_changed = Signal(bool)
    sound_message = Signal(str)
    closed = Signal()

    def __init__(
        self,
        tournament_or_session: Any,
        time_source: TimeSource | None = None,
        parent: QWidget | None = None,
        *,
        player: ChimePlayer | None = None,
        voice: RoomVoice | None = None,
        tick_ms: int = TICK_MS,
    ) -> None:
        super().__init__(parent, Qt.WindowType.Window)
        # The director types all night in the other window: the display never takes the keyboard.
        self.setWindowFlag(Qt.WindowType.WindowDoesNotAcceptFocus, True)
        self.setAttribute(Qt.WidgetAttribute.WA_ShowWithoutActivating, True)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.setWindowTitle("Floorman: room display")
        self.setMinimumSize(640, 360)
        self.resize(1280, 720)
        self.source = DisplaySource(tournament_or_session, time_source)
        self.panel = DisplayPanel(self)
        self.board = LeagueBoard(self)  # the league standings, between events, when the director asks
        self.board.hide()
        self.league: tuple[str, str, list[tuple[str, str, str]]] | None = None
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.panel)
        layout.addWidget(self.board)
        self.policy = ChimePolicy()
        self.player = player or ChimePlayer(self)
        self.player.message.connect(self.sound_message)
        self.voice = voice or RoomVoice()  # the spoken announcements (off unless the director turns them on)
        self.chimes: list[str] = []  # chimes due so far, newest last (struck unless muted or silent)
        self._failed = False
        self.timer = QTimer(self)
        self.timer.setTimerType(Qt.TimerType.PreciseTimer)
        self.timer.setInterval(tick_ms)
        self.timer.timeout.connect(self.refresh)
        changed = getattr(tournament_or_session, "changed", None)
        if changed is not None and hasattr(changed, "connect"):
            changed.connect(self.refresh)
        self.refresh()

    # -- the picture --------------------------------------------------------------------------
    @property
    def frame(self) -> DisplayFrame | None:
        return self.panel.frame

    def refresh(self, *_: Any) -> None:
        """Read the clock now and show it; a failure keeps the last picture and the clock ticking."""
        try:
            frame = self.source.frame()
        except Exception:
            if not self._failed:
                log.exception("the room display could not read the tournament")
            self._failed = True
            return
        self._failed = False
        self.panel.show_frame(frame)
        between = self.league is not None and frame.mode in (WAITING, ENDED)
        if between != self.board.isVisible():
            self.panel.setVisible(not between)
            self.board.setVisible(between)
        moments = self.policy.update(frame)
        if not moments:
            return
        # One trigger: the voice speaks what it can of these moments; the others chime as always.
        spoken = frozenset() if self.player.muted else self.voice.announce(moments, frame, self.policy.before)
        for reason in moments:
            if reason in STRIKES and reason not in spoken:
                self.chimes.append(reason)
                self.player.strike(reason)

    def showEvent(self, event: Any) -> None:
        super().showEvent(event)
        self.player.tell_once()
        note = self.voice.tell_once()
        if note:
            self.sound_message.emit(note)
        self.refresh()
        self.timer.start()

    def hideEvent(self, event: Any) -> None:
        super().hideEvent(event)
        self.timer.stop()

    def closeEvent(self, event: QCloseEvent) -> None:
        self.timer.stop()
        super().closeEvent(event)
        self.closed.emit()

    # -- full screen and placement ------------------------------------------------------------
    def show_on(self, screen: QScreen, full_screen: bool) -> None:
        """Put the window on ``screen``, full screen or as a window centred on it, in front."""
        was_full = self.isFullScreen()
        settled = was_full and full_screen and self.screen() is screen and self.geometry() == screen.geometry()
        if not settled:
            if was_full:
                self._show_full(False)
            self.setScreen(screen)
            area = screen.availableGeometry()
            width, height = min(1280, area.width()), min(720, area.height())
            self.setGeometry(
                area.x() + (area.width() - width) // 2, area.y() + (area.height() - height) // 2, width, height
            )
            if full_screen:
                self.setGeometry(screen.geometry())
                self._show_full(True)
            else:
                self.show()
        self.bring_to_front()
        if was_full != self.isFullScreen():
            self.full_screen_changed.emit(self.isFullScreen())

    def _show_full(self, full: bool) -> None:
        """Full screen on or off, shown, without activating (QWidget.showFullScreen would take the keyboard)."""
        state = self.windowState() & ~(Qt.WindowState.WindowMinimized | Qt.WindowState.WindowMaximized)
        if full:
            state |= Qt.WindowState.WindowFullScreen
        else:
            state &= ~Qt.WindowState.WindowFullScreen
        self.setWindowState(state)
        self.setVisible(True)

    def set_share(self, url: str | None) -> None:
        """The phones' address and its QR code in a corner (None: taken away)."""
        if url:
            self.panel.set_share(qr_pixmap(url, scale=10), url)
        else:
            self.panel.set_share(None)

    def set_league(self, league: tuple[str, str, list[tuple[str, str, str]]] | None) -> None:
        """League standings to show between events: (title, subtitle, [(rank, name, points)]); None: never."""
        self.league = league
        if league is not None:
            self.board.show_board(*league)
        self.refresh()

    def set_chip_leaders(self, show: bool) -> None:
        """The chip leaders panel beside the clock, on or off."""
        self.panel.set_show_leaders(show)

    def set_largest_bounties(self, show: bool) -> None:
        """KO: the largest bounties beside the clock, on or off."""
        self.panel.set_show_bounties(show)

    def bring_to_front(self) -> None:
        if QGuiApplication.platformName() in ("offscreen", "minimal"):
            return  # nothing is in front of anything there, and raise() only prints a warning
        self.raise_()  # in front, but never activated: the keyboard stays the director's

    def leave_full_screen(self) -> None:
        if self.isFullScreen():
            self._show_full(False)
            self.full_screen_changed.emit(False)

    def enter_full_screen(self) -> None:
        if not self.isFullScreen():
            screen = self.screen()
            if screen is not None:
                self.setGeometry(screen.geometry())
            self._show_full(True)
            self.full_screen_changed.emit(True)

    def toggle_full_screen(self) -> None:
        if self.isFullScreen():
            self.leave_full_screen()
        else:
            self.enter_full_screen()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_Escape:
            self.leave_full_screen()
        elif event.key() in (Qt.Key.Key_F11, Qt.Key.Key_F):
            self.toggle_full_screen()
        elif event.key() == Qt.Key.Key_M:
            self.player.set_muted(not self.player.muted)
        else:
            super().keyPressEvent(event)

    def mouseDoubleClickEvent(self, event: QMouseEvent) -> None:
        self.toggle_full_screen()
        event.accept()

    def menu(self) -> QMenu:
        """The right-click menu: full screen, mute, close."""
        menu = QMenu(self)
        full = QAction("Leave full screen (Esc)" if self.isFullScreen() else "Full screen (F11)", menu)
        full.triggered.connect(self.toggle_full_screen)
        mute = QAction("Mute chimes and voice (M)", menu)
        mute.setCheckable(True)
        mute.setChecked(self.player.muted)
        mute.toggled.connect(self.player.set_muted)
        close = QAction("Close the room display", menu)
        close.triggered.connect(self.close)
        for action in (full, mute, close):
            menu.addAction(action)
        return menu

    def contextMenuEvent(self, event: QContextMenuEvent) -> None:
        menu = self.menu()
        menu.exec(event.globalPos())
        menu.deleteLater()
