"""The director's window: the player list on the left, the tabs in the centre, the strip on top."""

from __future__ import annotations

import gc
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QEvent, QObject, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QActionGroup, QCloseEvent, QKeySequence, QResizeEvent, QShortcut, QShowEvent
from PySide6.QtWidgets import (
    QApplication,
    QMainWindow,
    QMenu,
    QMessageBox,
    QPushButton,
    QSplitter,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from app.api import ALL_CHANGED, Changes, PayoutView, PreregisteredView, TournamentState, fmt, name_key, views
from app.commands import Command
from app.commands.roles import SCREEN
from app.commands.tournament import EndFlightDay
from app.i18n import _, language_name, ngettext, use_language
from app.i18n import language as current_language
from ui import datafiles
from ui.changes import changes_of, clock_changed, players_changed, tables_changed
from ui.command_map import ACTIONS, MENUS, bespoke, for_player, role_refusal
from ui.control.clock import BUTTON_COMMANDS, ClockControl
from ui.control.history import SCREEN_UNDO, HistoryControl
from ui.control.league import LeagueControl
from ui.control.money import MoneyControl
from ui.control.panes import Panes
from ui.control.parts import Shell
from ui.control.players import PlayersControl
from ui.control.printing import PrintingControl
from ui.control.share import ShareControl
from ui.control.stations import StationsControl
from ui.control.store import StoreControl
from ui.control.tables import TablesControl
from ui.feedback import Feedback
from ui.models.players import PlayerModel
from ui.overview import PendingMove, pending_moves
from ui.palette import PaletteParts
from ui.roster_link import RosterCompletion, RosterLink
from ui.runner import CommandRunner
from ui.session import Session
from ui.shortcuts import WindowKeysFirst
from ui.tabs.clock_tab import ClockTab
from ui.tabs.league_tab import LeagueTab
from ui.tabs.simple_tabs import HistoryTab, PayoutsTab
from ui.tabs.tables_tab import TablesTab
from ui.takeover import TakeOverOffer
from ui.texts import deciding_text
from ui.widgets.offer_bar import OfferBar
from ui.widgets.player_panel import PlayerPanel
from ui.widgets.strip import Strip

if TYPE_CHECKING:
    from ui.dialogs.bust import BustDialog
    from ui.dialogs.deal import DealDialog
    from ui.dialogs.eliminator import EliminatorDialog
    from ui.dialogs.event import EventDialog

# The strip's view: the field, the currency, the pending balancing action, the players deciding on a
# rebuy, and the step that ends the event.
StripView = tuple[views.FieldView, str, PendingMove | None, tuple[str, ...], views.NextStepView | None]
BIG_FIELD = 1000  # players from which the loaded objects are kept out of full garbage collections


@dataclass(frozen=True)
class Controllers:
    """What the window's actions (``ui.command_map.ACTIONS``) are done with: its controllers, by name."""

    players: PlayersControl
    tables: TablesControl
    clock: ClockControl
    money: MoneyControl
    printing: PrintingControl
    store: StoreControl
    window: DirectorWindow


class DirectorWindow(QMainWindow):
    """One window, no modal maze; every change goes through ``self.session`` as a named command.

    ``roster``: the shared player roster the register line completes from (opened after the first
    paint); None leaves it out (the demo, screenshots, most tests).

    Signals:
        closed_to_welcome(): Tournament > Close (Ctrl+W) closed the tournament: the welcome screen comes
            back (closing the window itself quits, as the last window does).
    """

    closed_to_welcome = Signal()
    join_requested = Signal()  # Tournament > Join a tournament…: a shared tournament in a window of its own

    def __init__(self, session: Session, parent: QWidget | None = None, roster: RosterLink | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.roster = roster
        self.roster_completion: RosterCompletion | None = None
        self._set_title()
        self.resize(1366, 768)
        self.pending: list[PendingMove] = []
        self.next_step: views.NextStepView | None = None  # what ends the event now (the strip's button)
        self.not_offered: frozenset[str] = frozenset()  # the purchases the profile does not offer
        self._to_welcome = False  # closing through Tournament > Close: the welcome screen comes back
        self.display: Any = None  # the room display, once opened
        self.event_dialog: EventDialog | None = None  # Tournament > Event of flights…, once opened
        self.day_over_box: QMessageBox | None = None  # the strip's "End the day" question, once asked
        self.display_ctl: Any = None  # what places it (ui.display.placement.DisplayController), once opened
        # Opens the file again in a new window in another language (path, language, room display open):
        # set by the starter that keeps the windows; None leaves View > Language for the next start.
        self.reopen: Callable[[str, str, bool], None] | None = None
        self._reopen_to: tuple[str, str, bool] | None = None  # while closing to reopen: its arguments
        shell = Shell(self)
        self._make_widgets()
        self.store = StoreControl(session, shell)  # timed backups, a failed backup, a file moved away
        self._lay_out()
        self._make_controllers(shell)
        self._add_panes()
        self._build_menus()
        self._connect()
        self._link_roster()
        self._start()
        self.follow_event()

    # -- building: the widgets, their layout, the controllers --------------------------------------------
    def _make_widgets(self) -> None:
        """The strip, the player list and the tabs."""
        session = self.session
        self.strip = Strip()
        self.offer_bar = OfferBar()
        self.players = PlayerModel(session.state, session.now(), self)
        self.player_panel = PlayerPanel(self.players)
        self.tabs = QTabWidget()
        self.tables_tab = TablesTab()
        self.clock_tab = ClockTab()
        self.payouts_tab = PayoutsTab()
        self.history_tab = HistoryTab()
        self.league_tab = LeagueTab()
        self.tabs.addTab(self.tables_tab, _("Tables"))
        self.tabs.addTab(self.clock_tab, _("Clock && Structure"))
        self.tabs.addTab(self.payouts_tab, _("Payouts && Results"))
        self.tabs.addTab(self.history_tab, _("History"))
        self.tabs.addTab(self.league_tab, _("League"))
        profile = session.state.profile
        self.clock_tab.buttons["hat"].setVisible(profile is not None and profile["mix.mode"] == "hat")
        self.read_only_banner = Feedback()  # why nothing can be changed here, when that is so
        self.read_only_banner.setContentsMargins(10, 4, 10, 4)
        if session.read_only_reason:
            self.read_only_banner.refuse(session.read_only_reason)

    def _lay_out(self) -> None:
        """Top to bottom: the strip, the read-only and store banners, the offer bar, then the list beside
        the tabs (the list's width follows the window's until the divider is moved)."""
        split = QSplitter(Qt.Orientation.Horizontal)
        split.addWidget(self.player_panel)
        split.addWidget(self.tabs)
        split.setStretchFactor(1, 1)
        split.setSizes([470, 1450])
        self.split = split
        self._split_moved = False  # the director dragged the divider: the list keeps the width chosen
        split.splitterMoved.connect(self._divider_moved)
        split.installEventFilter(self)
        central = QWidget()
        lay = QVBoxLayout(central)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.setSpacing(0)
        lay.addWidget(self.strip)
        lay.addWidget(self.read_only_banner)
        self._show_notices()
        lay.addWidget(self.store.row)
        lay.addWidget(self.offer_bar)
        inner = QWidget()
        inner_lay = QVBoxLayout(inner)
        inner_lay.setContentsMargins(6, 6, 6, 6)
        inner_lay.addWidget(split)
        lay.addWidget(inner, 1)
        self.setCentralWidget(central)

    def _show_notices(self) -> None:
        """What the store and the app's data files have to say on opening (e.g. an earlier file's -wal moved
        aside; the league season the new event joined; an app data file that was not data)."""
        session = self.session
        notices = list(getattr(session.backend, "notices", [])) + list(getattr(session, "notices", []))
        set_aside = datafiles.one_sentence(datafiles.take_notices())
        if set_aside:
            notices.append(set_aside)
        if notices:
            self.store.banner.done(" ".join(notices))

    def _make_controllers(self, shell: Shell) -> None:
        """One controller per area, each given the parts it uses; every command goes through the runner
        (refusals, questions, repeats)."""
        session, bar = self.session, self.player_panel.action_bar
        self.printing = PrintingControl(shell, self.offer_bar, session)
        runner = self.runner = CommandRunner(session, self, before=self.printing.snapshot_seats,
                                             failed=self.refresh, store_failed=self.store.failed)
        self.players_ctl = PlayersControl(session, runner, self.player_panel, shell, self.roster,
                                          lambda: self.roster_completion is not None, self.open_form,
                                          lambda: self.not_offered)
        self.tables_ctl = TablesControl(session, runner, self.tables_tab, bar, self.tabs.setCurrentWidget,
                                        lambda: self.pending, lambda job: self.printing.print_sheet(job), shell)
        self.clock_ctl = ClockControl(session, runner, self.clock_tab, self.strip, bar, self.tabs.setCurrentWidget,
                                      self.printing.check_race_offer, shell)
        self.money_ctl = MoneyControl(session, runner, self.payouts_tab.feedback, shell)
        self.history_ctl = HistoryControl(session, self.history_tab, shell)
        # seasons in the roster; results flow in when the event finishes
        self.league_ctl = LeagueControl(session, self.league_tab, self.roster,
                                        lambda: self.tabs.currentWidget() is self.league_tab, lambda: self.display,
                                        lambda: self.league_display_action.isChecked(), self.printing.show_result,
                                        shell)
        self.share = ShareControl(session, lambda: self.display, shell)  # the players' view on their phones
        self.stations = StationsControl(session, shell, self._server_lost)  # other stations, through PostgreSQL
        self.players_ctl.submits.update({
            "break_table": self.tables_ctl.submit_break,
            "change_level_length": self.clock_ctl.submit_length,
            "record_draw": self.clock_ctl.submit_hat,
        })
        self.controls = Controllers(self.players_ctl, self.tables_ctl, self.clock_ctl, self.money_ctl, self.printing,
                                    self.store, self)
        self.palette_parts = PaletteParts(
            state=lambda: self.session.state, controls=self.controls,
            not_offered=lambda: self.not_offered, pending=lambda: self.pending, open_form=self.open_form,
            run_for=lambda command, pid: self.run(for_player(command, pid), done=_("Done.")),
            make_move=self.tables_ctl.make_move, show_player=self.player_panel.search.setText,
            refusal=lambda command: role_refusal(self.session.role, command))

    def _start(self) -> None:
        """Follow the session, start the clock's 250 ms tick and draw everything once."""
        self.session.changed.connect(self.refresh)
        self.session.undo_changed.connect(self.history_ctl.labels)
        self.ticker = QTimer(self)
        self.ticker.setInterval(250)
        self.ticker.timeout.connect(self.tick)
        self.ticker.start()
        self.refresh()
        if len(self.session.state.players) >= BIG_FIELD:
            # What the file loaded lives as long as the window: out of the collector's full passes, which
            # would otherwise walk every player's objects (a pause of a third of a second mid-bust).
            gc.freeze()

    # The dialogs the controllers opened last (tests and the palette reach them here).
    @property
    def bust_dialog(self) -> BustDialog | None:
        return self.players_ctl.bust_dialog

    @property
    def eliminator_dialog(self) -> EliminatorDialog | None:
        return self.players_ctl.eliminator_dialog

    @property
    def deal_dialog(self) -> DealDialog | None:
        return self.money_ctl.deal_dialog

    # -- building ---------------------------------------------------------------------------------
    def add_action(self, menu_name: str, title: str, shortcut: str, slot: Callable[[], object],
                   act: QAction | None = None) -> QAction:
        """A menu entry with its shortcut (``act``: one a controller made, e.g. Undo). ``menu_name`` is the
        menu's English name (its key, ui.command_map.MENUS); ``title`` is already in the window's language."""
        menu = self._menus.get(menu_name) or self.menuBar().addMenu(_(menu_name))
        self._menus[menu_name] = menu
        if act is None:
            act = QAction(title, self)
        if shortcut:
            act.setShortcut(QKeySequence(shortcut))
        act.triggered.connect(lambda _checked=False: slot())
        menu.addAction(act)
        self.addAction(act)
        return act

    def _build_menus(self) -> None:
        """The menus and their shortcuts, from the one table of actions (ui.command_map.ACTIONS), then the
        Edit menu's undo and redo and the room display's settings."""
        self._menus: dict[str, QMenu] = {name: self.menuBar().addMenu(_(name)) for name in MENUS}
        self.command_actions: dict[str, QAction] = {}  # the bespoke command -> its menu entry and shortcut
        self.own_actions: dict[str, QAction] = {}  # the window's own actions, by name
        taken: set[str] = set()
        for b in ACTIONS:
            if not b.menu or (b.shortcut and b.shortcut in taken):  # F5 starts, pauses or resumes: one entry
                continue
            taken.add(b.shortcut)
            act = self.add_action(b.menu, b.entry(), b.shortcut, partial(b.does, self.controls))
            if not b.own:
                self.command_actions[b.command] = act
            else:
                self.own_actions[b.command] = act
        self.undo_action = self.add_action("&Edit", _("Undo"), "Ctrl+Z", self.history_ctl.act_undo,
                                           self.history_ctl.undo_action)
        self.redo_action = self.add_action("&Edit", _("Redo"), "Ctrl+Shift+Z", self.history_ctl.act_redo,
                                           self.history_ctl.redo_action)
        self.mute_action = self.add_action("&View", _("Mute the room display's chimes and voice"), "",
                                           self.act_mute_chimes)
        self.leaders_action = self.add_action("&View", _("Chip leaders on the room display"), "", self.act_chip_leaders)
        self.bounties_action = self.add_action("&View", _("Largest bounties on the room display"), "",
                                               self.act_largest_bounties)
        self.league_display_action = self.add_action("&View", _("League standings on the room display between events"),
                                                     "", self.act_league_display)
        self.voice_action = self.add_action("&View", _("Room display voice…"), "", self.act_room_voice)
        self.display_layout_menu = self._menus["&View"].addMenu(_("Room display layout"))
        self.display_layout_menu.aboutToShow.connect(self.fill_display_layouts)
        self._build_language_menu()
        self.share.build_menu(self.add_action)
        self.stations.action = self.own_actions["host"]
        from ui.display import settings as display_settings

        remembered = display_settings.load()
        for action, on in ((self.mute_action, remembered.muted), (self.leaders_action, remembered.chip_leaders),
                           (self.bounties_action, remembered.largest_bounties),
                           (self.league_display_action, remembered.league_standings)):
            action.setCheckable(True)
            action.setChecked(on)
        self.printing.build_menu(self.add_action)
        # the keys of actions not offered here, or not this station's role's: they say why instead
        self._stand_ins = {command: QShortcut(act.shortcut(), self, partial(self.say_unavailable, command))
                           for command, act in self.command_actions.items() if not act.shortcut().isEmpty()}
        screen_undo = _(SCREEN_UNDO)  # a screen's Ctrl+Z says why not
        self._screen_keys = [QShortcut(act.shortcut(), self, partial(self.statusBar().showMessage, screen_undo, 8000))
                             for act in (self.undo_action, self.redo_action)]
        for menu in self._menus.values():
            menu.setToolTipsVisible(True)  # a greyed action says who may use it
        self.role_shown: str | None = None
        self._button_tips: dict[QPushButton, str] = {}  # a button's own tooltip, for when its role may run it
        self.show_role()
        self.show_offered()
        keys_first = WindowKeysFirst(self.actions(), self)
        self.player_panel.action_bar.edit.installEventFilter(keys_first)
        self.player_panel.search.installEventFilter(keys_first)

    def _build_language_menu(self) -> None:
        """View > Language: every language on offer, each in its own name, the window's checked."""
        from ui import language as languages

        self.language_menu = self._menus["&View"].addMenu(_("Language"))
        group = QActionGroup(self)
        group.setExclusive(True)
        self.language_actions: dict[str, QAction] = {}
        for code in languages.offered():
            act = QAction(language_name(code), self)
            act.setCheckable(True)
            act.setChecked(code == current_language())
            act.setData(code)
            act.triggered.connect(partial(self.choose_language, code))
            group.addAction(act)
            self.language_menu.addAction(act)
            self.language_actions[code] = act

    def choose_language(self, code: str, _checked: bool = False) -> QMessageBox | None:
        """The window's language, kept for every start from now on. The window is built in one language, so
        the box (in the language chosen) offers to reopen the tournament in it now when nothing would be
        interrupted but the room display's blink (:meth:`reopen_blocker`); otherwise it speaks it from its
        next start. None when it speaks it already."""
        from ui import language as languages

        languages.remember("window", code)
        if code == current_language():
            self.statusBar().showMessage(_("The window already speaks {language}.", language=language_name(code)),
                                         8000)
            return None
        name = language_name(code)
        with use_language(code):
            blocker = self.reopen_blocker()
            title = _("Language")
            if blocker is None:
                text = _("Reopen {file} now to read the window in {language}? Everything recorded stays as it is.",
                         file=Path(self.session.path or "").name, language=name)
            else:
                text = _("Floorman speaks {language} from its next start: close it and start it again to read the "
                         "window in {language}.", language=name) + (" " + blocker if blocker else "")
            box = QMessageBox(QMessageBox.Icon.Information, title, text, QMessageBox.StandardButton.NoButton, self)
            if blocker is None:
                now = box.addButton(_("Reopen now"), QMessageBox.ButtonRole.AcceptRole)
                box.addButton(_("At the next start"), QMessageBox.ButtonRole.RejectRole)
                box.setDefaultButton(now)
                now.clicked.connect(partial(self.reopen_in, code))
            else:
                box.addButton(_("OK"), QMessageBox.ButtonRole.AcceptRole)
        self.language_box = box
        box.open()
        return box

    def reopen_blocker(self) -> str | None:
        """Why this window cannot close and open its tournament again at once (in words, in the language the
        caller has chosen), or None when it can: a file on this laptop, open for writing, shared with nobody
        (stations or phones would lose their server), in a window its starter can reopen."""
        if self.reopen is None or not self.session.path:
            return ""
        if self.session.read_only_reason:
            return _("The file is open read-only.")
        if self.stations.hosted is not None:
            return _("Other stations are connected to this laptop.")
        if self.share.sharing:
            return _("Phones and screens are connected to this laptop.")
        return None

    def reopen_in(self, code: str, _checked: bool = False) -> bool:
        """Close the tournament and open it again with the window in ``code`` (the room display too, if it was
        open). Every action is already on disk, so nothing is lost; False if the window stayed open."""
        if self.reopen is None or not self.session.path or self.reopen_blocker() is not None:
            return False
        self._reopen_to = (self.session.path, code, self.display is not None)
        try:
            return self.close()
        finally:
            self._reopen_to = None

    def show_offered(self) -> None:
        """The purchases the profile does not offer (a freezeout's Rebuy and Add-on) leave the menus, and
        their keys say so instead of doing them (the profile may change: checked after each command).

        A hidden action's key no longer fires, so a stand-in key takes it over: pressed by habit, F4 in a
        freezeout says "This tournament has no rebuys." where the action bar is, and never leaves the
        line of the last action (a registration) open to take the next name."""
        self.not_offered = views.not_offered(self.session.state)
        for command, act in self.command_actions.items():
            act.setVisible(command not in self.not_offered)
        self._stand_in_keys()

    def show_role(self) -> None:
        """On a station of a shared tournament, the actions its role may not run are greyed, each saying who
        may ("Only the director may use “Edit structure…”; this is a desk station."), in its tooltip and on
        the status bar; their keys say the same on the status bar instead of doing nothing, and the tabs'
        buttons for them are greyed too. A screen station's every action that changes the tournament is
        greyed, undo and redo too."""
        role = self.role_shown = self.session.role
        for command, act in self.command_actions.items():
            refusal = role_refusal(role, command)
            act.setEnabled(not refusal)
            act.setToolTip(refusal or act.text().replace("&", ""))
            act.setStatusTip(refusal)
        for button, command in self._role_buttons():
            refusal = role_refusal(role, command)
            own_tip = self._button_tips.setdefault(button, button.toolTip())
            button.setEnabled(not refusal)
            button.setToolTip(refusal or own_tip)
        self.history_ctl.labels()
        self._stand_in_keys()

    def _role_buttons(self) -> list[tuple[QPushButton, str]]:
        """The tabs' buttons that run an engine command, and its name."""
        tables, clock = self.tables_tab, self.clock_tab
        buttons = [(tables.draw_button, "seat_all"), (tables.break_button, "break_table"),
                   (tables.redraw_button, "redraw"), (tables.count_button, "chip_count"),
                   (clock.buttons["length"], "change_level_length"), (clock.buttons["hat"], "record_draw"),
                   (clock.buttons["edit"], "set_structure"), (self.payouts_tab.edit_button, "set_payouts")]
        return buttons + [(clock.buttons[key], make().name()) for key, make in BUTTON_COMMANDS.items()]

    def _stand_in_keys(self) -> None:
        role = self.session.role
        for command, key in self._stand_ins.items():
            key.setEnabled(command in self.not_offered or bool(role_refusal(role, command)))
        for key in self._screen_keys:
            key.setEnabled(role == SCREEN)

    def say_unavailable(self, command: str) -> None:
        """A key of an action this station may not run, or the tournament does not offer: why, in words."""
        refusal = role_refusal(self.session.role, command)
        if refusal:
            self.statusBar().showMessage(refusal, 8000)
        elif command in views.NOT_OFFERED_WORDS:
            self.say_not_offered(command)

    def say_not_offered(self, command: str) -> None:
        """The action bar, opened on the purchase, already says why it cannot be bought here."""
        b = bespoke(command)
        bar = self.player_panel.action_bar
        bar.begin(command, b.title if b else command, self.players_ctl.selected_name())
        bar.feedback.refuse(views.NOT_OFFERED_WORDS[command])

    def _link_roster(self) -> None:
        if self.roster is None:
            return
        bar = self.player_panel.action_bar
        self.roster.setParent(self)
        self.roster.unavailable.connect(lambda text: self.statusBar().showMessage(text, 15000))
        self.roster_completion = RosterCompletion(
            self.roster, bar.edit, active=lambda: bar.key == "register" and bar.isVisible(),
            submit=self.players_ctl.submit_register,
            taken=lambda name: name_key(name) in self.session.state.by_name,
        )

    def _divider_moved(self, _pos: int, _index: int) -> None:
        self._split_moved = True

    def fit_player_list(self, width: int | None = None) -> None:
        """The player list as wide as its columns want (a long name whole), up to 45 % of the window, the
        tabs taking the rest; once the director moves the divider, the width chosen stays."""
        if self._split_moved:
            return
        total = (width or self.split.width()) - self.split.handleWidth()
        if total <= 0:
            return
        panel = min(self.player_panel.wanted_width(), int(total * 0.45))
        self.split.blockSignals(True)
        self.split.setSizes([panel, total - panel])
        self.split.blockSignals(False)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.split and event.type() == QEvent.Type.Resize:
            self.fit_player_list(event.size().width() if isinstance(event, QResizeEvent) else None)
        return super().eventFilter(watched, event)

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if self.roster is not None and self.roster.roster is None and not self.roster.broken:
            self.roster.open_later()

    def _connect(self) -> None:
        self.strip.act_pending.connect(self.act_strip_button)
        self.player_panel.action_bar.submitted.connect(self.players_ctl.submit)
        self.tables_tab.draw_requested.connect(self.tables_ctl.act_seat_draw)
        self.tables_tab.break_requested.connect(self.tables_ctl.act_break_table)
        self.tables_tab.redraw_requested.connect(self.tables_ctl.confirm_redraw)
        self.tables_tab.count_button.clicked.connect(lambda: self.tables_ctl.act_chip_count())
        self.tables_tab.move_requested.connect(self.tables_ctl.make_move)
        self.tables_tab.grid.seat_dropped.connect(self.tables_ctl.drop_move)
        self.clock_tab.clock_action.connect(self.clock_ctl.button)
        self.clock_tab.jump_requested.connect(self.clock_ctl.jump_to_level)
        self.history_tab.undo_requested.connect(self.history_ctl.act_undo)
        self.history_tab.redo_requested.connect(self.history_ctl.act_redo)
        self.payouts_tab.edit_requested.connect(self.money_ctl.act_edit_payouts)
        self.payouts_tab.deal_requested.connect(self.money_ctl.act_deal_calculator)
        self.payouts_tab.print_requested.connect(self.printing.print_named)
        self.clock_tab.print_requested.connect(self.printing.print_named)
        self.tabs.currentChanged.connect(lambda _i: self._refresh_history())
        self.tabs.currentChanged.connect(
            lambda _i: self.league_ctl.shown() if self.tabs.currentWidget() is self.league_tab else None)

    # -- refreshing from the state: only the panes whose view changed --------------------------------
    def _add_panes(self) -> None:
        self.panes = Panes()
        self._changes: Changes = ALL_CHANGED  # what the command being drawn changed, as the engine says it
        self._names_listed: dict[int, str] = {}  # the names in the action bar's completion, by player
        self._generation = {"players": 0, "tables": 0}  # bumped when a command touched them
        self._history_stale = True

        def state() -> TournamentState:
            return self.session.state

        # The list's and the tables' views are fingerprints, not copies of 10,000 rows: a count bumped by
        # each command that touched some player or table (and, for the list, the time while someone is
        # absent); their draw then redraws only the players and tables the command changed (self._changes).
        def players_view() -> object:
            return self._generation["players"], self.session.now() if self.players.has_absent() else 0.0

        def draw_players(_view: object) -> None:
            s, changed = state(), self._changes.players
            self.players.refresh(s, self.session.now(), changed)
            self.player_panel.proxy.follow()
            listed = self._names_listed
            if changed is None or len(s.players) != len(listed) or any(
                    pid in s.players and s.players[pid].name != listed.get(pid) for pid in changed):
                self._names_listed = {pid: p.name for pid, p in s.players.items()}  # a name added or changed
                self.player_panel.action_bar.names.setStringList(list(self._names_listed.values()))

        def tables_view() -> object:
            self.pending = pending_moves(state())
            return self._generation["tables"], tuple(self.pending)

        def draw_tables(_view: object) -> None:
            s, changes = state(), self._changes
            if changes.players is None or changes.tables is None:  # any table may have changed
                self.tables_tab.refresh(s, self.pending)
                return
            numbers = set(changes.tables)
            for pid in changes.players:  # a player's table shows his name and stack
                p = s.players.get(pid)
                if p is not None and p.table is not None:
                    numbers.add(p.table)
            self.tables_tab.refresh(s, self.pending, numbers)

        def payouts_view() -> tuple[tuple[PayoutView, ...], tuple[int, int, int], str]:
            v = views.summary(state())  # only what the tab shows: a started clock does not redraw it
            return v.payouts, (v.field.paid_places, v.field.entries, v.field.prize_pool_cents), v.currency

        def draw_payouts(view: tuple[tuple[PayoutView, ...], tuple[int, int, int], str]) -> None:
            rows, (paid, entries, pool), currency = view
            self.payouts_tab.model.refresh(rows, currency)
            self.payouts_tab.summary.setText(ngettext(
                "{paid} places paid of {count} entry · prize pool {pool}",
                "{paid} places paid of {count} entries · prize pool {pool}",
                entries, count=fmt.chips(entries), paid=fmt.chips(paid), pool=fmt.money(pool, currency)))

        def strip_view() -> StripView:
            s = state()
            v = views.summary(s)
            deciding = tuple(deciding_text(p) for p in s.players.values() if p.deciding and p.live)
            self.next_step = views.next_step(s, self.session.now())
            return v.field, v.currency, (self.pending[0] if self.pending else None), deciding, self.next_step

        def draw_strip(view: StripView) -> None:
            fi, currency, pending, deciding, step = view
            self.strip.show_field(fi, currency)
            self.strip.show_pending(pending, deciding, step)

        self.panes.add("players", players_view, draw_players)

        def preregistered_view() -> tuple[PreregisteredView, ...]:
            return views.preregistered(state())  # REG-10: the names not yet checked in

        self.panes.add("preregistered", preregistered_view, self.player_panel.preregistered.show_rows)
        self.panes.add("tables", tables_view, draw_tables)
        self.panes.add("payouts", payouts_view, draw_payouts)

        def leaders_view() -> tuple[tuple[int, str, int], ...]:
            return tuple((c.player_id, c.name, c.stack) for c in views.top_stacks(state(), 10))

        self.panes.add("leaders", leaders_view, self.tables_tab.show_leaders)
        self.panes.add("strip", strip_view, draw_strip)

    def refresh(self, events: object = None) -> None:
        """After a command, an undo or a redo: redraw the panes whose view changed, and the clock.

        ``events``: the command's events; the list and the tables redraw only the players and tables the
        engine says they changed (None, or none after an undo or a redo: everything)."""
        if views.not_offered(self.session.state) != self.not_offered:
            self.show_offered()
        if self.session.role != self.role_shown:  # the session went on another store (shared, or taken over)
            self.show_role()
        self._changes = changed = changes_of(events if isinstance(events, list) else None)
        if players_changed(changed):
            self._generation["players"] += 1
        if tables_changed(changed):
            self._generation["tables"] += 1
        self.panes.update()
        self._changes = ALL_CHANGED
        self._history_stale = True
        self._refresh_history()
        self.league_ctl.after_change()
        self.history_ctl.labels()
        if clock_changed(changed):  # a bust leaves the structure as it was
            self.clock_ctl.refresh_structure()
        self.tick()

    def _refresh_history(self) -> None:
        """The History tab is rebuilt only when it is on screen (10,000 actions take a moment)."""
        if self._history_stale and self.tabs.currentWidget() is self.history_tab:
            self.history_tab.model.refresh(self.session.history())
            self._history_stale = False

    def tick(self) -> None:
        """Every 250 ms: the clock only (and the phones, when the clock moved to another period); the
        strip's last step too when late registration closed meanwhile (close and finish -> finish)."""
        self.clock_ctl.tick()
        if self.next_step is not None and views.next_step(self.session.state, self.session.now()) != self.next_step:
            self.panes.by_name["strip"].update()
        self.share.publish()

    def act_strip_button(self) -> None:
        """The strip's button: the step that ends the event when there is one (its commands in turn: close
        late registration, then finish or award the seats), else the pending balancing action."""
        if self.next_step is None:
            self.tables_ctl.act_move()
            return
        if self.next_step.kind == "day_over":
            self.confirm_day_over(self.next_step)
            return
        commands = [dict(c) for c in self.next_step.commands]
        feedback = self.payouts_tab.feedback

        def run_next(_events: object = None) -> None:
            if commands:
                self.runner.run(commands.pop(0), feedback, then=run_next)
                return
            self.tabs.setCurrentWidget(self.payouts_tab)
            winner = views.summary(self.session.state).field
            feedback.done(_("The tournament is over: {name} wins.", name=winner.winner) if winner.winner
                          else _("The tournament is over: the seats are awarded."))

        run_next()

    # -- the window's own actions -----------------------------------------------------------------------
    def run(self, cmd: Command | dict[str, Any], feedback: Feedback | None = None, done: str = "") -> bool:
        """Run one command through the runner (its answer shown in ``feedback`` or the action bar)."""
        return self.runner.run(cmd, feedback or self.players_ctl.feedback_for(cmd), done)

    def act_palette(self) -> None:
        from ui.palette import CommandPalette

        CommandPalette(self.palette_parts, self).popup()

    def open_form(self, name: str, values: dict[str, Any] | None = None) -> None:
        """The form generated from command ``name``'s declaration."""
        from ui.dialogs.command_form import CommandForm

        form = CommandForm(name, self.session.state, self.runner, values, self)
        form.finished.connect(lambda _code: self.activateWindow())
        self.command_form = form
        form.open()

    def act_room_display(self) -> None:
        from ui.display_link import open_room_display

        self.display = open_room_display(self.session, self)
        self.share.apply_to_display()
        self.league_ctl.push_display()

    def act_display_full_screen(self) -> None:
        """F11: the room display's full screen, on or off; this window never goes full screen."""
        from ui.display_link import display_controller

        display_controller(self.session, self).toggle_full_screen()
        self.display = self.display_ctl.display
        self.share.apply_to_display()
        self.league_ctl.push_display()

    def act_mute_chimes(self) -> None:
        from ui.display_link import display_controller

        display_controller(self.session, self).set_muted(self.mute_action.isChecked())

    def act_chip_leaders(self) -> None:
        from ui.display_link import display_controller

        display_controller(self.session, self).set_chip_leaders(self.leaders_action.isChecked())

    def act_largest_bounties(self) -> None:
        from ui.display_link import display_controller

        display_controller(self.session, self).set_largest_bounties(self.bounties_action.isChecked())

    def act_league_display(self) -> None:
        from ui.display_link import display_controller

        display_controller(self.session, self).set_league_standings(self.league_display_action.isChecked())
        self.league_ctl.push_display()

    def follow_event(self) -> EventDialog | None:
        """FLT-1, FLT-10: a tournament whose file remembers its event (a flight, or Day 2) opens with it: the event
        file is opened beside it (Tournament > Event of flights… shows it at once, the strip's "End the day"
        records the day's end in it) and the window's title names it. None: no event remembered."""
        link = views.event_link(self.session.state)
        if link is None or not link.file:
            return None
        file = link.file
        if not Path(file).is_file() and self.session.path:  # both files moved together (another folder, a stick)
            beside = Path(self.session.path).parent / Path(file).name
            if beside.is_file():
                file = str(beside)
        dialog = self._event_dialog()
        dialog.follow(file, link.part)
        if dialog.store is not None:
            self._set_title(_("{part} of {event}", part=link.part, event=dialog.event_state().title))
        return dialog

    def _set_title(self, part: str = "") -> None:
        """The tournament's name (and what it is of an event), marked read-only when it is, in the title bar."""
        name = self.session.state.name or _("Tournament")
        shown = f"{name} — {part}" if part else name
        self.setWindowTitle(_("{name} (read-only) — Floorman", name=shown) if self.session.read_only_reason
                            else _("{name} — Floorman", name=shown))

    def _event_dialog(self) -> EventDialog:
        from ui.dialogs.event import EventDialog

        dialog = self.event_dialog
        if dialog is None:
            def run(cmd: Command, feedback: Feedback) -> bool:
                return self.runner.run(cmd, feedback)

            dialog = EventDialog(lambda: self.session.state, run, lambda: self.printing.print_named("bags"), self,
                                 open_tournament=_tournament_window)
            dialog.finished.connect(lambda _code: self.activateWindow())
            self.event_dialog = dialog
        return dialog

    def act_event(self) -> EventDialog:
        """Tournament > Event of flights…: the event this tournament is a flight of (one dialog, not modal)."""
        known = self.event_dialog is not None
        dialog = self._event_dialog()
        if known:
            dialog.refresh()
        dialog.show()
        dialog.activateWindow()
        return dialog

    def confirm_day_over(self, step: views.NextStepView) -> QMessageBox:
        """FLT-3, the strip's "End the day": the profile says the day is over; the director confirms, then the
        flight's day ends (and is recorded in its event when the event dialog knows the flight)."""
        reason = str(step.commands[0].get("reason", "director")) if step.commands else "director"
        box = QMessageBox(QMessageBox.Icon.Question, _("The day is over"),
                          _("{why}\n\nEnd the day now?", why=step.tooltip),
                          QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.Cancel, self)
        box.button(QMessageBox.StandardButton.Yes).setText(_("End the day"))
        box.setDefaultButton(QMessageBox.StandardButton.Yes)
        box.setEscapeButton(QMessageBox.StandardButton.Cancel)
        box.accepted.connect(lambda: self.end_day(reason))
        self.day_over_box = box
        box.open()
        return box

    def end_day(self, reason: str) -> bool:
        feedback = self.payouts_tab.feedback
        dialog = self.event_dialog
        if dialog is not None and dialog.flight is not None:
            done = dialog.end_day(reason)
            if done:
                feedback.done(dialog.feedback.text())
            return done
        return self.runner.run(EndFlightDay(reason=reason), feedback,
                               _("The day is over: every table bags its chips and nobody plays on. "
                                 "Enter the bags in Tournament > Event of flights…."))

    def act_announce(self) -> None:
        """Tournament > Announce on the room's screens…: the words, now or at a time, for how long."""
        from ui.dialogs.announce import AnnounceDialog

        dialog = AnnounceDialog(self.runner, lambda: views.read(self.session.state, self.session.now()),
                                self.session.now, self)
        dialog.finished.connect(lambda _code: self.activateWindow())
        self.announce_dialog = dialog
        dialog.open()

    def act_screens_layout(self) -> None:
        """View > Room screens' layout…: pick a preset, make it the venue's own, with a live preview."""
        from ui.screens_editor.dialog import LayoutEditor

        dialog = LayoutEditor(lambda: self.session.tournament, self.session.now, self)
        dialog.finished.connect(lambda _code: self.activateWindow())
        dialog.finished.connect(lambda _code: self.reload_display_layout())
        self.layout_editor = dialog
        dialog.open()

    def reload_display_layout(self) -> None:
        """The room display reads its layout again (the editor may have saved it); a refused one is said in
        the status bar and the display keeps what it showed."""
        ctl = getattr(self, "display_ctl", None)
        if ctl is not None and ctl.is_open():
            refused = ctl.set_layout(ctl.settings.layout)
            if refused:
                self.statusBar().showMessage(refused, 15000)

    def act_room_voice(self) -> None:
        """View > Room display voice…: the spoken announcements (voice, volume, kinds), or the chimes."""
        from ui.display.voice_dialog import VoiceDialog
        from ui.display_link import display_controller

        ctl = display_controller(self.session, self)
        dialog = VoiceDialog(ctl.settings, ctl.voice, self)
        if dialog.exec() == VoiceDialog.DialogCode.Accepted:
            ctl.set_speech(dialog.chosen())

    def fill_display_layouts(self) -> None:
        """View > Room display layout: the presets and the venue's own, the one the display shows checked."""
        from ui.display.window import fill_layout_menu
        from ui.display_link import display_controller

        ctl = display_controller(self.session, self)
        fill_layout_menu(self.display_layout_menu, None, ctl.settings.layout, self.choose_display_layout)

    def choose_display_layout(self, key: str) -> None:
        """The layout the room display shows, now and next time; a refused one said in the status bar."""
        from ui.display_link import display_controller

        refused = display_controller(self.session, self).set_layout(key)
        if refused:
            self.statusBar().showMessage(refused, 15000)

    def act_toggle_dark(self) -> None:
        from ui import theme

        app = QApplication.instance()
        if isinstance(app, QApplication):
            dark = not bool(app.property("floormanDark"))
            app.setProperty("floormanDark", dark)
            theme.apply(app, dark)

    def act_join(self) -> None:
        """Tournament > Join a tournament…: the application asks for the join code (ui.start.Starter)."""
        self.join_requested.emit()

    def act_host(self) -> None:
        """Tournament > Share with other stations…: the tournament on a PostgreSQL server, and the join codes."""
        self.stations.act_share()

    def _server_lost(self, text: str) -> None:
        """A shared tournament's server out of reach (its sentence) or back (""): said above the tabs."""
        if text:
            self.store.banner.refuse(text)
        else:
            self.store.banner.hide()

    def act_take_over(self) -> TakeOverOffer:
        """Tournament > Take over…: this laptop's standby copy becomes the server (ui.takeover)."""
        self.take_over_offer = TakeOverOffer(self)
        self.take_over_offer.offer()
        return self.take_over_offer

    def act_close_tournament(self) -> bool:
        """Ctrl+W: close this tournament and go back to the welcome screen (True when it closed)."""
        self._to_welcome = True
        try:
            return self.close()
        finally:
            self._to_welcome = False

    def closeEvent(self, event: QCloseEvent) -> None:
        if not self.store.may_close():  # the file was moved away: Save as…, close anyway, or stay
            event.ignore()
            return
        self.ticker.stop()
        self.share.stop()
        self.stations.save_before_closing()  # a tournament on this laptop's server: back into a file first
        self.store.timer.stop()
        if self.display is not None:
            self.display.close()
        self.session.close()
        self.stations.stop()  # a private server stops once this station's connections are closed
        if self.roster is not None:
            self.roster.close()
        super().closeEvent(event)
        if event.isAccepted() and self._to_welcome:
            self.closed_to_welcome.emit()  # shown before this window goes: the application stays open
        if event.isAccepted() and self._reopen_to is not None and self.reopen is not None:
            self.reopen(*self._reopen_to)  # the file is closed; its new window shows before this one goes


def _tournament_window(path: str) -> DirectorWindow:
    """A tournament file in a director's window of its own (an event's Day 2 opened from the event dialog)."""
    from ui.opening import store_session

    return DirectorWindow(store_session(path))
