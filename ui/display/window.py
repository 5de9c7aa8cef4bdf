"""The room display window: what the players look at all night, on the second monitor or a TV.

It reads the engine's clock through an injectable time source and repaints 20 times a second, so a
level changes on screen within 50 ms of its end; it never counts time itself. Esc, a double-click
or the right-click menu leaves full screen.

It shows a layout (a preset or one of the venue's own, :mod:`screens.layout`) drawn by
:class:`ui.display.layout_view.LayoutView`: the screen that shows at the time source's now, the cycle and
the event screens (:mod:`screens.rotation`), so a fake clock moves it in the tests. A layout is chosen
per window (:meth:`RoomDisplay.set_layout`, the right-click menu); one that is refused is said in one
sentence and the window keeps the one it showed. Without a layout (``layout=None``) it shows the fixed
design (:class:`ui.display.panel.DisplayPanel`, with its chip leaders, bounties and league board). The
chimes and the voice follow the clock's moments (:class:`screens.frame.DisplayFrame`) whatever shows.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from contextlib import AbstractContextManager
from dataclasses import replace
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import (
    QAction,
    QActionGroup,
    QCloseEvent,
    QContextMenuEvent,
    QGuiApplication,
    QKeyEvent,
    QMouseEvent,
    QScreen,
)
from PySide6.QtWidgets import QMenu, QVBoxLayout, QWidget

from app.api import TimeSource, knockouts, views
from app.i18n import _, language_name, use_language
from screens import presets
from screens.compose import Picture, compose
from screens.frame import ENDED, WAITING, DisplayFrame
from screens.layout import IMAGES, Layout, LayoutError, find_entry, list_layouts, venue_layouts
from screens.pieces import RoomInput, render_piece
from screens.rotation import Announcement, moments_of
from ui.display.chime import STRIKES, ChimePolicy
from ui.display.layout_view import LayoutView
from ui.display.league_board import LeagueBoard
from ui.display.panel import DisplayPanel
from ui.display.sound import ChimePlayer
from ui.display.source import DisplaySource
from ui.display.voice import RoomVoice
from ui.qr import qr_pixmap

log = logging.getLogger("floorman.display")

TICK_MS = 50
DEFAULT_LAYOUT = "classic-16x9"  # what a display shows when the layout it was given is refused at the start


def fill_layout_menu(menu: QMenu, folder: Path | None, current: str, choose: Callable[[str], object]) -> None:
    """The layouts to choose from, in ``menu`` (emptied first): the fixed design, the presets and the
    venue's own (``folder``; None: the user data folder's), a refused one greyed with its reason, the
    ``current`` one checked; ``choose(id)`` is called with the one the director picks."""
    choices: list[tuple[str, str, str]] = [("", _("Fixed design (with the chip leaders and bounties panels)"), "")]
    for e in list_layouts(folder if folder is not None else venue_layouts()):
        if e.layout is None:
            words = _("{layout}: refused, {reason}", layout=e.id, reason=e.error)
        elif e.source == "preset":
            words = _("{layout} {aspect}", layout=presets.shown(e.name), aspect=e.aspect)
        else:
            words = _("{layout} {aspect} (the venue's)", layout=e.name, aspect=e.aspect)
        choices.append((e.id, words, e.error))
    _fill_choices(menu, choices, current, choose)


def fill_language_menu(menu: QMenu, current: str, choose: Callable[[str], object]) -> None:
    """The languages a screen may speak, in ``menu`` (emptied first): the window's ("" ), then every language on
    offer in its own words (a venue's own too); the ``current`` one checked; ``choose(code)`` on a pick."""
    from ui.language import offered

    choices = [("", _("The window's language"), "")] + [(code, language_name(code), "") for code in offered()]
    _fill_choices(menu, choices, current, choose)


def _fill_choices(menu: QMenu, choices: list[tuple[str, str, str]], current: str,
                  choose: Callable[[str], object]) -> None:
    """``menu`` (emptied first) with one checkable action per (key, words, refusal), only one checked at a
    time, the ``current`` key's checked, one with a refusal greyed; ``choose(key)`` on a pick."""
    menu.clear()
    group = QActionGroup(menu)
    for key, words, refusal in choices:
        action = QAction(words, menu)
        action.setCheckable(True)
        action.setChecked(key == current)
        action.setEnabled(not refusal)
        action.triggered.connect(lambda _checked=False, k=key: choose(k))
        group.addAction(action)
        menu.addAction(action)


class RoomDisplay(QWidget):
    """The second window. Give it the director's session (or a tournament) and a time source.

    Signals:
        full_screen_changed(bool): the window entered or left full screen.
        sound_message(str): said once: how the chimes will sound, or why they will not (and, with the
            announcements on, the voice that speaks them, or why none does).
        layout_chosen(str): the director chose a layout in the right-click menu ("" the fixed design) and
            the window shows it (remember it for next time).
        layout_refused(str): a layout could not be shown, in one sentence; the window kept its last one.
        language_chosen(str): the director chose this screen's language in the right-click menu ("" the
            window's); the screen speaks it (remember it for next time).
        closed(): the window was closed.

    Each display has its own language (:meth:`set_language`): its words are written, composed and spoken
    in it, whatever the director's window reads.
    """

    full_screen_changed = Signal(bool)
    sound_message = Signal(str)
    layout_chosen = Signal(str)
    layout_refused = Signal(str)
    language_chosen = Signal(str)
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
        layout: str | None = None,
        layouts_folder: Path | None = None,
        language: str = "",
    ) -> None:
        super().__init__(parent, Qt.WindowType.Window)
        # The director types all night in the other window: the display never takes the keyboard.
        self.setWindowFlag(Qt.WindowType.WindowDoesNotAcceptFocus, True)
        self.setAttribute(Qt.WidgetAttribute.WA_ShowWithoutActivating, True)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.language = language  # "" : the window's
        self.setWindowTitle(_("Floorman: room display"))
        self.setMinimumSize(640, 360)
        self.resize(1280, 720)
        self.source = DisplaySource(tournament_or_session, time_source)
        self.panel = DisplayPanel(self)
        self.board = LeagueBoard(self)  # the league standings, between events, when the director asks
        self.board.hide()
        self.view = LayoutView(self)  # the chosen layout, drawn
        self.view.hide()
        self.league: tuple[str, str, list[tuple[str, str, str]]] | None = None
        self.layout_id = ""  # "" : the fixed design
        self.room_layout: Layout | None = None
        self.layout_images: Path | None = None
        self.layouts_folder = layouts_folder  # None: the venue's folder in the user data folder
        self.announcements: tuple[Announcement, ...] = ()
        self.share_url = ""
        self._frame: DisplayFrame | None = None
        self._composed: tuple[Any, ...] = ()  # what the shown picture was composed from
        self._read: tuple[int, Any, views.StructureView | None, tuple[Any, ...]] = (-1, None, None, ())
        box = QVBoxLayout(self)
        box.setContentsMargins(0, 0, 0, 0)
        box.addWidget(self.panel)
        box.addWidget(self.board)
        box.addWidget(self.view)
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
        self.refusal = ""  # why the layout asked for at the start was refused ("" : it was not)
        if layout:
            self.refusal = self.set_layout(layout)
            if self.refusal and layout != DEFAULT_LAYOUT:
                self.set_layout(DEFAULT_LAYOUT)  # no last good one yet: the classic preset
        self.refresh()

    # -- the layout ---------------------------------------------------------------------------
    def set_layout(self, key: str) -> str:
        """Show the layout ``key`` (an id ``floorman screens`` lists; "" the fixed design). A layout that
        is refused (a bad file, a missing image, no such layout) changes nothing: the window keeps what it
        showed and the refusal comes back (and ``layout_refused``) in one sentence; "" when shown."""
        if not key:
            self.layout_id, self.room_layout, self.layout_images = "", None, None
        else:
            try:
                folder = self.layouts_folder if self.layouts_folder is not None else venue_layouts()
                entry = find_entry(key, folder)
            except LayoutError as exc:
                log.warning("the room display keeps its layout: %s", exc.message)
                self.layout_refused.emit(exc.message)
                return exc.message
            self.layout_id, self.room_layout = key, entry.layout
            self.layout_images = entry.path.parent / IMAGES if entry.source == "venue" else None
        self._show_parts()
        self.refresh()
        return ""

    def set_announcements(self, announcements: tuple[Announcement, ...]) -> None:
        """The director's announcements, each shown on the layout's announcement screen at its time."""
        self.announcements = tuple(announcements)
        self.refresh()

    def _show_parts(self) -> None:
        frame = self._frame
        between = self.league is not None and frame is not None and frame.mode in (WAITING, ENDED)
        drawn = self.room_layout is not None
        for part, shown in ((self.panel, not drawn and not between), (self.board, between),
                            (self.view, drawn and not between)):
            if part.isVisibleTo(self) != shown:
                part.setVisible(shown)

    def _room(self, now: float) -> RoomInput:
        """What the layout's pieces read at ``now``: the view every tick, the structure and the knockouts
        once per change of the tournament."""
        tournament = self.source.tournament
        view = views.read(tournament, now)
        seq, players, structure, kos = self._read
        if seq != view.seq or players is not view.players:
            structure, kos = views.structure(tournament), tuple(knockouts(tournament))
            self._read = (view.seq, view.players, structure, kos)
        return RoomInput(view=view, now=now, structure=structure, knockouts=kos, phones_url=self.share_url)

    def speaking(self) -> AbstractContextManager[str]:
        """The display's language for the words inside the block (its own, else the window's)."""
        return use_language(self.language or None)

    def set_language(self, code: str) -> None:
        """Write, compose and speak this display in ``code`` ("" : the window's language), from now on."""
        if code == self.language:
            return
        self.language = code
        self._composed = ()
        self._read = (-1, None, None, ())  # the structure and knockouts are read again, in the new language
        self.refresh()

    def picture(self, now: float | None = None) -> Picture | None:
        """The layout's picture at ``now`` (default: the time source's); None without a layout."""
        if self.room_layout is None:
            return None
        at = self.source.time.now() if now is None else now
        with self.speaking():
            room = self._room(at)
            return compose(self.room_layout, room, moments_of(room.view, self.announcements), at)

    def words(self, piece: str, now: float | None = None) -> str:
        """What ``piece`` says now, as any screen of a layout shows it (a piece the shown screen may not
        hold: the tests and the director's tools read a figure without waiting for its screen)."""
        at = self.source.time.now() if now is None else now
        with self.speaking():
            return render_piece(piece, self._room(at)).text

    # -- the picture --------------------------------------------------------------------------
    @property
    def frame(self) -> DisplayFrame | None:
        return self._frame

    def refresh(self, *_args: Any) -> None:
        """Read the clock now and show it, in the display's language; a failure keeps the last picture and the
        clock ticking."""
        with self.speaking():
            self._refresh()

    def _refresh(self) -> None:
        try:
            now = self.source.time.now()
            frame = self.source.frame(now)
            # The picture is composed again when what it shows may have changed: the clock's words, the
            # tournament, the second (the screens turn, the pages and banners follow the time), the
            # announcements or the phones' address; the 20 ticks of a second between cost the frame alone.
            shown = replace(frame, seconds_left=None, seconds_to_break=None)  # the words, not the exact time
            key = (shown, self.source.seq, int(now), self.announcements, self.share_url, self.room_layout,
                   self.language)
            picture = self.picture(now) if key != self._composed else None
            if picture is not None:
                self._composed = key
        except Exception:
            if not self._failed:
                log.exception("the room display could not read the tournament")
            self._failed = True
            return
        self._failed = False
        self._frame = frame
        if picture is not None:
            self.view.show_picture(picture, self.layout_images)
        elif self.room_layout is None:
            self.panel.show_frame(frame)
        self._show_parts()
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
        """The phones' address and its QR code in a corner, and in a layout's phones pieces (None: taken
        away)."""
        self.share_url = url or ""
        self.view.set_share(self.share_url)
        if url:
            self.panel.set_share(qr_pixmap(url, scale=10), url)
        else:
            self.panel.set_share(None)
        self.refresh()

    def set_league(self, league: tuple[str, str, list[tuple[str, str, str]]] | None) -> None:
        """League standings to show between events: (title, subtitle, [(rank, name, points)]); None: never."""
        self.league = league
        if league is not None:
            self.board.show_board(*league)
        self.refresh()

    def set_chip_leaders(self, show: bool) -> None:
        """The chip leaders panel beside the clock, on or off."""
        with self.speaking():
            self.panel.set_show_leaders(show)

    def set_largest_bounties(self, show: bool) -> None:
        """KO: the largest bounties beside the clock, on or off."""
        with self.speaking():
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

    def choose_layout(self, key: str) -> None:
        """The director chose a layout in the menu: shown and told (``layout_chosen``), or refused."""
        if not self.set_layout(key):
            self.layout_chosen.emit(key)

    def layout_menu(self, parent: QMenu) -> QMenu:
        """Layout: the fixed design, the presets and the venue's own (a refused one greyed, with why)."""
        menu = QMenu(_("Layout"), parent)
        fill_layout_menu(menu, self.layouts_folder, self.layout_id, self.choose_layout)
        return menu

    def choose_language(self, code: str) -> None:
        """The director chose this screen's language in the menu: shown and told (``language_chosen``)."""
        self.set_language(code)
        self.language_chosen.emit(code)

    def language_menu(self, parent: QMenu) -> QMenu:
        """Language: the window's, or any language on offer (each in its own words), the current one checked."""
        menu = QMenu(_("Language of this screen"), parent)
        fill_language_menu(menu, self.language, self.choose_language)
        return menu

    def menu(self) -> QMenu:
        """The right-click menu: full screen, mute, the layout, the language, close."""
        menu = QMenu(self)
        full = QAction(_("Leave full screen (Esc)") if self.isFullScreen() else _("Full screen (F11)"), menu)
        full.triggered.connect(self.toggle_full_screen)
        mute = QAction(_("Mute chimes and voice (M)"), menu)
        mute.setCheckable(True)
        mute.setChecked(self.player.muted)
        mute.toggled.connect(self.player.set_muted)
        close = QAction(_("Close the room display"), menu)
        close.triggered.connect(self.close)
        menu.addAction(full)
        menu.addAction(mute)
        menu.addMenu(self.layout_menu(menu))
        menu.addMenu(self.language_menu(menu))
        menu.addAction(close)
        return menu

    def contextMenuEvent(self, event: QContextMenuEvent) -> None:
        menu = self.menu()
        menu.exec(event.globalPos())
        menu.deleteLater()
