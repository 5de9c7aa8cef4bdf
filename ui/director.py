"""The director's window: the player list on the left, the tabs in the centre, the strip on top."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QAction, QCloseEvent, QKeySequence, QShowEvent
from PySide6.QtWidgets import QMainWindow, QSplitter, QTabWidget, QVBoxLayout, QWidget

from app.names import name_key
from ui.actions import GLOBAL_ACTIONS, PLAYER_ACTIONS
from ui.director_actions import DirectorActions
from ui.director_print import PrintActions
from ui.director_store import StoreActions
from ui.models.players import PlayerModel
from ui.overview import clock_info, field_info, payout_rows, pending_moves
from ui.roster_link import RosterCompletion, RosterLink
from ui.session import Session
from ui.shortcuts import WindowKeysFirst
from ui.tabs.clock_tab import ClockTab
from ui.tabs.simple_tabs import HistoryTab, PayoutsTab
from ui.tabs.tables_tab import TablesTab
from ui.texts import money
from ui.widgets.offer_bar import OfferBar
from ui.widgets.player_panel import Feedback, PlayerPanel
from ui.widgets.strip import Strip

if TYPE_CHECKING:
    from ui.dialogs.deal import DealDialog


class DirectorWindow(DirectorActions, PrintActions, StoreActions, QMainWindow):
    """One window, no modal maze; every change goes through ``self.session`` as a named command.

    ``roster``: the shared player roster the register line completes from (opened after the first
    paint); None leaves it out (the demo, screenshots, most tests).
    """

    def __init__(self, session: Session, parent: QWidget | None = None, roster: RosterLink | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.roster = roster
        self.roster_completion: RosterCompletion | None = None
        read_only = " (read-only)" if session.read_only_reason else ""
        self.setWindowTitle(f"{session.state.name or 'Tournament'}{read_only} — Floorman")
        self.resize(1366, 768)
        self.strip = Strip()
        self.offer_bar = OfferBar()
        self.players = PlayerModel(session.state, session.now(), self)
        self.player_panel = PlayerPanel(self.players)
        self.tabs = QTabWidget()
        self.tables_tab = TablesTab()
        self.clock_tab = ClockTab()
        self.payouts_tab = PayoutsTab()
        self.history_tab = HistoryTab()
        self.tabs.addTab(self.tables_tab, "Tables")
        self.tabs.addTab(self.clock_tab, "Clock && Structure")
        self.tabs.addTab(self.payouts_tab, "Payouts && Results")
        self.tabs.addTab(self.history_tab, "History")
        split = QSplitter(Qt.Orientation.Horizontal)
        split.addWidget(self.player_panel)
        split.addWidget(self.tabs)
        split.setStretchFactor(1, 1)
        split.setSizes([470, 1450])
        central = QWidget()
        lay = QVBoxLayout(central)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.setSpacing(0)
        lay.addWidget(self.strip)
        self.read_only_banner = Feedback()  # why nothing can be changed here, when that is so
        self.read_only_banner.setContentsMargins(10, 4, 10, 4)
        if session.read_only_reason:
            self.read_only_banner.refuse(session.read_only_reason)
        lay.addWidget(self.read_only_banner)
        lay.addWidget(self._setup_store())
        lay.addWidget(self.offer_bar)
        inner = QWidget()
        inner_lay = QVBoxLayout(inner)
        inner_lay.setContentsMargins(6, 6, 6, 6)
        inner_lay.addWidget(split)
        lay.addWidget(inner, 1)
        self.setCentralWidget(central)
        self.pending: list = []
        self.deal_dialog: DealDialog | None = None  # the deal calculator, once opened (not modal)
        profile = session.state.profile
        self.clock_tab.buttons["hat"].setVisible(profile is not None and profile["mix.mode"] == "hat")
        self._setup_printing()
        self._build_menus()
        self._connect()
        self._link_roster()
        self.session.changed.connect(self.refresh)
        self.session.undo_changed.connect(self._undo_labels)
        self.ticker = QTimer(self)
        self.ticker.setInterval(250)
        self.ticker.timeout.connect(self.tick)
        self.ticker.start()
        self.refresh()

    # -- building ---------------------------------------------------------------------------------
    def _action(self, menu_name: str, title: str, shortcut: str, slot: object) -> QAction:
        menus = getattr(self, "_menus", {})
        self._menus = menus
        menu = menus.get(menu_name) or self.menuBar().addMenu(menu_name)
        menus[menu_name] = menu
        act = QAction(title, self)
        if shortcut:
            act.setShortcut(QKeySequence(shortcut))
        act.triggered.connect(slot)
        menu.addAction(act)
        self.addAction(act)
        return act

    def _build_menus(self) -> None:
        titles = {a.key: a for a in GLOBAL_ACTIONS}
        self._action("&Tournament", "Command palette…", "Ctrl+K", self.act_palette)
        self._action("&Tournament", "Back up now", "Ctrl+Shift+S", self.act_backup)
        self._action("&Tournament", "Save as…", "", self.act_save_as)
        self._action("&Tournament", titles["deal"].title, "", self.act_deal_calculator)
        self._action("&Tournament", "Close", "Ctrl+W", self.close)
        self.undo_action = self._action("&Edit", "Undo", "Ctrl+Z", self.act_undo)
        self.redo_action = self._action("&Edit", "Redo", "Ctrl+Shift+Z", self.act_redo)
        self._action("&View", "Dark look", "Ctrl+Shift+D", self.act_toggle_dark)
        for key in ("register", "bust", "find"):
            a = titles[key]
            self._action("&Players", a.title, a.shortcut, getattr(self, a.slot))
        for pa in PLAYER_ACTIONS:
            self._action("&Players", pa.title + "…", pa.shortcut, lambda _=False, k=pa.key: self.begin_player_action(k))
        for key in ("draw", "move", "break", "redraw"):
            a = titles[key]
            self._action("T&ables", a.title, a.shortcut, getattr(self, a.slot))
        for key in ("clock", "next", "previous", "addtime", "removetime"):
            a = titles[key]
            self._action("&Clock", a.title, a.shortcut, getattr(self, a.slot))
        a = titles["display"]
        self._action("&View", a.title, a.shortcut, getattr(self, a.slot))
        self._build_print_menu()
        keys_first = WindowKeysFirst(self.actions(), self)
        self.player_panel.action_bar.edit.installEventFilter(keys_first)
        self.player_panel.search.installEventFilter(keys_first)

    def _link_roster(self) -> None:
        if self.roster is None:
            return
        bar = self.player_panel.action_bar
        self.roster.setParent(self)
        self.roster.unavailable.connect(lambda text: self.statusBar().showMessage(text, 15000))
        self.roster_completion = RosterCompletion(
            self.roster, bar.edit, active=lambda: bar.key == "register" and bar.isVisible(),
            submit=lambda name: self.submit_player_action("register", name),
            taken=lambda name: name_key(name) in self.session.state.by_name,
        )

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if self.roster is not None and self.roster.roster is None and not self.roster.broken:
            self.roster.open_later()

    def _connect(self) -> None:
        self.strip.act_pending.connect(self.act_move)
        self.player_panel.action_bar.submitted.connect(self.submit_player_action)
        self.tables_tab.draw_requested.connect(self.act_seat_draw)
        self.tables_tab.break_requested.connect(self.act_break_table)
        self.tables_tab.redraw_requested.connect(self.act_redraw)
        self.tables_tab.move_requested.connect(self.make_move)
        self.tables_tab.grid.seat_dropped.connect(self.drop_move)
        self.clock_tab.clock_action.connect(self.clock_action)
        self.clock_tab.jump_requested.connect(self.jump_to_level)
        self.history_tab.undo_requested.connect(self.act_undo)
        self.history_tab.redo_requested.connect(self.act_redo)
        self.payouts_tab.edit_requested.connect(self.act_edit_payouts)
        self.payouts_tab.deal_requested.connect(self.act_deal_calculator)
        self.payouts_tab.print_requested.connect(self.print_named)
        self.clock_tab.print_requested.connect(self.print_named)
        self.tabs.currentChanged.connect(lambda _i: self._refresh_history())

    # -- refreshing from the state ------------------------------------------------------------------
    def refresh(self, _events: object = None) -> None:
        state, now = self.session.state, self.session.now()
        self.players.refresh(state, now)
        self.player_panel.proxy.follow()
        self.player_panel.action_bar.names.setStringList([p.name for p in state.players.values()])
        self.pending = pending_moves(state)
        self.tables_tab.refresh(state, self.pending)
        self.payouts_tab.model.refresh(payout_rows(state))
        fi = field_info(state)
        self.payouts_tab.summary.setText(
            f"{fi.paid_places} places paid of {fi.entries:,} entries · prize pool {money(fi.prize_pool_cents)}"
        )
        self._history_stale = True
        self._refresh_history()
        self.strip.show_field(fi)
        self.strip.show_pending(self.pending[0].text(state) if self.pending else None)
        self._undo_labels()
        self.tick()

    def _refresh_history(self) -> None:
        """The History tab is rebuilt only when it is on screen (10,000 actions take a moment)."""
        if self._history_stale and self.tabs.currentWidget() is self.history_tab:
            self.history_tab.model.refresh(self.session.history())
            self._history_stale = False

    def tick(self) -> None:
        info = clock_info(self.session.state, self.session.now())
        self.strip.show_clock(info)
        self.clock_tab.show_clock(info)
        self.clock_tab.show_structure(self.session.state, info.level)
        self.check_race_offer(info.on_break, info.race_after)

    def _undo_labels(self) -> None:
        u, r = self.session.undo_label(), self.session.redo_label()
        self.undo_action.setText(f"Undo: {u}" if u else "Undo")
        self.undo_action.setEnabled(u is not None)
        self.redo_action.setText(f"Redo: {r}" if r else "Redo")
        self.redo_action.setEnabled(r is not None)
        self.history_tab.set_labels(u, r)

    def closeEvent(self, event: QCloseEvent) -> None:
        self.ticker.stop()
        self.backup_timer.stop()
        if self.display is not None:
            self.display.close()
        self.session.close()
        if self.roster is not None:
            self.roster.close()
        super().closeEvent(event)
