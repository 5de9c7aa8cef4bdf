"""Which screen the room display goes on, and following screens that come and go.

:func:`pick_screen` is the decision, on screen names only: the director's pick if it is connected,
otherwise the first screen that is not the director's; full screen unless it lands on the director's
own screen. :class:`DisplayController` applies it and re-applies it when a screen is added or removed,
so a lost TV brings the display back to the director's screen, as a window.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from PySide6.QtCore import QEvent, QObject, QTimer, Signal
from PySide6.QtGui import QGuiApplication, QScreen
from PySide6.QtWidgets import QWidget

from app.api import TimeSource
from app.i18n import _
from screens.layout import LayoutError, find_entry, venue_layouts
from ui.display import settings as saved
from ui.display.sound import ChimePlayer
from ui.display.voice import RoomVoice
from ui.display.window import RoomDisplay

ScreenList = Callable[[], Sequence[QScreen]]
SPEECH_FIELDS = ("speech", "voice", "volume", "say_levels", "say_breaks", "say_five_minutes", "say_registration")


def pick_screen(names: Sequence[str], director: str | None, chosen: str | None) -> tuple[str | None, bool]:
    """(screen name, full screen) for the display, given the connected screens' names."""
    if not names:
        return None, False
    home = director if director in names else names[0]
    if chosen is not None and chosen in names:
        return chosen, chosen != home
    others = [n for n in names if n != home]
    if others:
        return others[0], True
    return home, False


def screen_label(screen: QScreen, director: QScreen | None) -> str:
    """How the director's menu names a screen: ``HDMI-1 (1920x1080)``, marking the director's own."""
    size = screen.geometry().size()
    if director is not None and screen is director:
        return _("{screen} {width}x{height} (this screen)", screen=screen.name(), width=size.width(),
                 height=size.height())
    return f"{screen.name()} {size.width()}x{size.height()}"


class DisplayController(QObject):
    """Opens the room display and keeps it on the right screen.

    Signals:
        screens_changed(): a screen was connected or disconnected (refresh a screen menu).
        placed(str, bool): the display went to the named screen, full screen or not.
    """

    screens_changed = Signal()
    placed = Signal(str, bool)

    def __init__(
        self,
        tournament_or_session: Any,
        director_window: QWidget | None = None,
        time_source: TimeSource | None = None,
        *,
        screens: ScreenList | None = None,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self._holder = tournament_or_session
        self._time = time_source
        self._director = director_window
        self._screens: ScreenList = screens or QGuiApplication.screens
        self.chosen: str | None = None  # the director's pick; None: the first other screen
        self.display: RoomDisplay | None = None
        self.settings = saved.load()  # mute and chip leaders, as the director left them
        self.voice = RoomVoice(self.settings)  # the spoken announcements, with the remembered voice
        app = QGuiApplication.instance()
        if isinstance(app, QGuiApplication):
            app.screenAdded.connect(self.refresh_screens)
            app.screenRemoved.connect(self.refresh_screens)

    # -- screens ------------------------------------------------------------------------------
    def screens(self) -> list[QScreen]:
        return list(self._screens())

    def screen_choices(self) -> list[tuple[str, str]]:
        """(name, label) of every connected screen, for the director's "Room display screen" menu."""
        director = self.director_screen()
        return [(s.name(), screen_label(s, director)) for s in self.screens()]

    def director_screen(self) -> QScreen | None:
        if self._director is not None and self._director.screen() is not None:
            return self._director.screen()
        return QGuiApplication.primaryScreen()

    def target(self) -> tuple[QScreen | None, bool]:
        screens = self.screens()
        director = self.director_screen()
        name, full = pick_screen([s.name() for s in screens], director.name() if director else None, self.chosen)
        screen = next((s for s in screens if s.name() == name), None)
        return screen, full

    # -- the display --------------------------------------------------------------------------
    def open(self) -> RoomDisplay:
        """Show the display where it belongs, or bring it to the front if it is already open."""
        if self.display is not None and self.display.isVisible():
            self.display.bring_to_front()
            return self.display
        if self.display is None:
            player = ChimePlayer(muted=self.settings.muted)
            self.display = RoomDisplay(self._holder, self._time, player=player, voice=self.voice,
                                       layout=self.settings.layout, language=self._language())
            self.display.layout_chosen.connect(self.set_layout)
            self.display.language_chosen.connect(self.set_language)
            player.setParent(self.display)
            player.muted_changed.connect(self.set_muted)
            self.display.set_chip_leaders(self.settings.chip_leaders)
            self.display.set_largest_bounties(self.settings.largest_bounties)
            self.display.closed.connect(self._closed)
            self.display.installEventFilter(self)
        self.place()
        return self.display

    # -- the director's View menu: remembered between nights ----------------------------------------
    def _language(self) -> str:
        """The remembered language when it is still on offer (a venue's own may have been taken away), else ""."""
        from ui.language import offered

        code = self.settings.language
        return code if code in offered() else ""

    def set_muted(self, muted: bool) -> None:
        """Mute the chimes and the voice (or not), now and next time."""
        if muted != self.settings.muted:
            self.settings = replace(self.settings, muted=muted)
            saved.save(self.settings)
        if self.display is not None:
            self.display.player.set_muted(muted)

    def set_chip_leaders(self, show: bool) -> None:
        """The chip leaders panel on the display (or not), now and next time."""
        if show != self.settings.chip_leaders:
            self.settings = replace(self.settings, chip_leaders=show)
            saved.save(self.settings)
        if self.display is not None:
            self.display.set_chip_leaders(show)

    def set_largest_bounties(self, show: bool) -> None:
        """KO: the largest bounties on the display (or not), now and next time."""
        if show != self.settings.largest_bounties:
            self.settings = replace(self.settings, largest_bounties=show)
            saved.save(self.settings)
        if self.display is not None:
            self.display.set_largest_bounties(show)

    def set_layout(self, key: str) -> str:
        """The layout the display shows ("" the fixed design), read again from its file, now and next time;
        a refused one is said in one sentence (returned) and changes nothing."""
        if self.display is not None:  # read again even when it is the one shown: the editor may have saved it
            refused = self.display.set_layout(key)
            if refused:
                return refused
        elif key:
            try:
                find_entry(key, venue_layouts())
            except LayoutError as exc:
                return exc.message
        if key != self.settings.layout:
            self.settings = replace(self.settings, layout=key)
            saved.save(self.settings)
        return ""

    def set_league_standings(self, show: bool) -> None:
        """LGE: the league's standings between events (or not), remembered for next time; what is shown
        comes from the League tab."""
        if show != self.settings.league_standings:
            self.settings = replace(self.settings, league_standings=show)
            saved.save(self.settings)

    def set_speech(self, settings: saved.DisplaySettings) -> None:
        """The spoken announcements as the director set them (on or off, voice, volume, kinds) and the display's
        language, now and next time; the other settings stay as they are."""
        speech = {name: getattr(settings, name) for name in SPEECH_FIELDS}
        updated = replace(self.settings, **speech)
        if updated != self.settings:
            self.settings = updated
            saved.save(updated)
        self.voice.apply(self.settings)
        self.set_language(settings.language)

    def set_language(self, code: str) -> None:
        """The language the display writes and speaks ("" the window's), now and next time."""
        if code != self.settings.language:
            self.settings = replace(self.settings, language=code)
            saved.save(self.settings)
            self.voice.apply(self.settings)
        if self.display is not None:
            self.display.set_language(code)

    def close(self) -> None:
        if self.display is not None:
            self.display.close()

    def is_open(self) -> bool:
        return self.display is not None and self.display.isVisible()

    def choose_screen(self, name: str | None) -> None:
        """The director picked a screen (None: automatic); moves an open display at once."""
        self.chosen = name
        if self.is_open():
            self.place()

    def place(self) -> None:
        screen, full = self.target()
        if self.display is None or screen is None:
            return
        self.display.show_on(screen, full)
        self.placed.emit(screen.name(), full)
        self.give_keyboard_back()

    def give_keyboard_back(self) -> None:
        """The director's window keeps (or gets back) the keyboard; the display never holds it."""
        director = self._director
        if director is None or not director.isVisible() or director.isActiveWindow():
            return
        director.activateWindow()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """The display activated all the same (a platform that activates every window it shows, as the
        offscreen one does, or a window manager that ignores the display's no-focus hints): the keyboard
        goes back to the director at once."""
        if watched is self.display and event.type() == QEvent.Type.WindowActivate:
            QTimer.singleShot(0, self.give_keyboard_back)
        return False

    def toggle_full_screen(self) -> None:
        """F11 in the director's window: the display's full screen, on or off (opened if closed)."""
        if not self.is_open():
            self.open()
        elif self.display is not None:
            self.display.toggle_full_screen()
            self.display.bring_to_front()

    def refresh_screens(self, *_: Any) -> None:
        """A screen came or went (connected to the application's screenAdded and screenRemoved).

        The display moves once Qt has finished with the screen (a moment later), not in the middle.
        """
        self.screens_changed.emit()
        if self.is_open():
            QTimer.singleShot(0, self._replace)

    def _replace(self) -> None:
        if self.is_open():
            self.place()

    def _closed(self) -> None:
        self.screens_changed.emit()
