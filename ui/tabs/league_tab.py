"""The League tab: a season's standings (sorted, filtered by name), the selected player's season,
this event's place in a season, and the standings exported to CSV or printed.

The tab shows; :class:`ui.control.league.LeagueControl` decides nothing either: it asks the league
book (``db.league``) and ``app.league`` computes.
"""

from __future__ import annotations

from PySide6.QtCore import QItemSelection, Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QSplitter,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from app.api import Standing
from app.i18n import N_, _
from ui.feedback import Feedback
from ui.models.league import PLAYER_ROLE, PlayerHistoryModel, StandingsFilter, StandingsModel


def _table() -> QTableView:
    view = QTableView()
    view.verticalHeader().hide()
    view.verticalHeader().setDefaultSectionSize(22)
    view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
    view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    view.setAlternatingRowColors(True)
    view.setWordWrap(False)
    return view


class LeagueTab(QWidget):
    """Standings of the chosen season.

    Signals:
        season_chosen(str, str): league and season picked in the list.
        join_requested(): this event should join the chosen season.
        leave_requested(): this event should leave the chosen season.
        counts_changed(bool): this event's results count for the standings (or it is only played in the season).
        new_league_requested(), new_season_requested(), rules_requested()
        csv_requested(), print_requested()
        merge_requested(int): the selected player (a roster id) is the same person as another entry.
        unmerge_requested(int): an entry merged into the selected player is split from it again.
    """

    season_chosen = Signal(str, str)
    join_requested = Signal()
    leave_requested = Signal()
    counts_changed = Signal(bool)
    new_league_requested = Signal()
    new_season_requested = Signal()
    rules_requested = Signal()
    csv_requested = Signal()
    print_requested = Signal()
    merge_requested = Signal(int)
    unmerge_requested = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = StandingsModel(self)
        self.proxy = StandingsFilter(self)
        self.proxy.setSourceModel(self.model)
        self.view = _table()
        self.view.setModel(self.proxy)
        self.view.setSortingEnabled(True)
        self.view.sortByColumn(0, Qt.SortOrder.AscendingOrder)
        header = self.view.horizontalHeader()
        for col in range(self.model.columnCount()):
            header.setSectionResizeMode(col, QHeaderView.ResizeMode.Stretch if col == 1
                                        else QHeaderView.ResizeMode.ResizeToContents)
        self.history = PlayerHistoryModel(self)
        self.history_view = _table()
        self.history_view.setModel(self.history)
        self.history_view.horizontalHeader().setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        self.history_title = QLabel(_("Choose a player to see their season."))
        self.merge_button = QPushButton(_("Same person as…"))
        self.merge_button.setToolTip(_("Merge this roster entry into another one of the same person: "
                                       "their results count together (both entries are kept)"))
        self.merge_button.setEnabled(False)
        self.merge_button.clicked.connect(self._merge)
        self.unmerge_button = QPushButton(_("Split again…"))
        self.unmerge_button.setToolTip(_("Undo a merge into this entry: the other entry's results count for it "
                                         "again"))
        self.unmerge_button.setEnabled(False)
        self.unmerge_button.clicked.connect(self._unmerge)
        self.season_box = QComboBox()
        self.season_box.setMinimumContentsLength(28)
        self.season_box.currentIndexChanged.connect(self._season_changed)
        self.filter = QLineEdit()
        self.filter.setPlaceholderText(_("Find a player…"))
        self.filter.setClearButtonEnabled(True)
        self.filter.textChanged.connect(self.proxy.set_text)
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        self.event_label = QLabel()
        self.event_label.setWordWrap(True)
        self.join_button = QPushButton(_("This event counts for the season"))
        self.join_button.clicked.connect(self.join_requested)
        self.counts_box = QCheckBox(_("Counts for the standings"))
        self.counts_box.setToolTip(_("Untick for an event played in the season that does not count (a freeroll)"))
        self.counts_box.clicked.connect(self.counts_changed)
        self.leave_button = QPushButton(_("Take this event out of the season"))
        self.leave_button.clicked.connect(self.leave_requested)
        # Keyed by the English words (the control and the tests find a button by them); shown translated.
        buttons = {N_("New league…"): self.new_league_requested, N_("New season…"): self.new_season_requested,
                   N_("Rules…"): self.rules_requested,
                   N_("Export CSV…"): self.csv_requested, N_("Print…"): self.print_requested}
        self.buttons: dict[str, QPushButton] = {}
        top = QHBoxLayout()
        top.addWidget(QLabel(_("Season:")))
        top.addWidget(self.season_box, 1)
        for text, signal in buttons.items():
            b = QPushButton(_(text))
            b.clicked.connect(signal)
            self.buttons[text] = b
            top.addWidget(b)
        event_row = QHBoxLayout()
        event_row.addWidget(self.event_label, 1)
        event_row.addWidget(self.counts_box)
        event_row.addWidget(self.join_button)
        event_row.addWidget(self.leave_button)
        self.feedback = Feedback()
        lower = QWidget()
        lower_lay = QVBoxLayout(lower)
        lower_lay.setContentsMargins(0, 0, 0, 0)
        title_row = QHBoxLayout()
        title_row.addWidget(self.history_title, 1)
        title_row.addWidget(self.merge_button)
        title_row.addWidget(self.unmerge_button)
        lower_lay.addLayout(title_row)
        lower_lay.addWidget(self.history_view)
        upper = QWidget()
        upper_lay = QVBoxLayout(upper)
        upper_lay.setContentsMargins(0, 0, 0, 0)
        upper_lay.addWidget(self.filter)
        upper_lay.addWidget(self.view, 1)
        split = QSplitter(Qt.Orientation.Vertical)
        split.addWidget(upper)
        split.addWidget(lower)
        split.setStretchFactor(0, 3)
        split.setStretchFactor(1, 1)
        lay = QVBoxLayout(self)
        lay.addLayout(top)
        lay.addWidget(self.summary)
        lay.addLayout(event_row)
        lay.addWidget(self.feedback)
        lay.addWidget(split, 1)
        selection = self.view.selectionModel()
        selection.selectionChanged.connect(self._selected)

    # -- what the control hands in ------------------------------------------------------------------
    def set_seasons(self, seasons: list[tuple[str, str, str]], current: tuple[str, str] | None) -> None:
        """``seasons``: (league, season, words) each; ``current``: the one to show."""
        self.season_box.blockSignals(True)
        self.season_box.clear()
        for league, season, words in seasons:
            self.season_box.addItem(words, (league, season))
        if current is not None:
            index = self.season_box.findData(current)
            self.season_box.setCurrentIndex(max(index, 0))
        self.season_box.blockSignals(False)
        enabled = bool(seasons)
        for key in ("Export CSV…", "Print…", "New season…", "Rules…"):
            self.buttons[key].setEnabled(enabled)

    def chosen(self) -> tuple[str, str] | None:
        data = self.season_box.currentData()
        return (str(data[0]), str(data[1])) if data else None

    def set_event(self, words: str, joined: bool | None, counts: bool = True) -> None:
        """This event and the chosen season: ``joined`` None when no season can be joined."""
        self.event_label.setText(words)
        self.counts_box.setVisible(joined is True)
        self.counts_box.setChecked(counts)
        self.join_button.setVisible(joined is False)
        self.leave_button.setVisible(joined is True)

    def show_standings(self, standings: object, summary: str) -> None:
        selected = self.selected_player()
        self.model.refresh(standings)  # type: ignore[arg-type]
        self.summary.setText(summary)
        if selected is not None:
            self.select_player(selected)
        else:
            self.history.refresh(None)
            self.history_title.setText(_("Choose a player to see their season."))

    def selected_player(self) -> int | None:
        rows = self.view.selectionModel().selectedRows()
        return int(rows[0].data(PLAYER_ROLE)) if rows else None

    def select_player(self, player: int) -> None:
        for row in range(self.proxy.rowCount()):
            index = self.proxy.index(row, 0)
            if index.data(PLAYER_ROLE) == player:
                self.view.selectRow(row)
                return

    def _selected(self, _new: QItemSelection, _old: QItemSelection) -> None:
        player = self.selected_player()
        standings = self.model.standings
        row: Standing | None = standings.row_for(player) if standings is not None and player is not None else None
        self.history.refresh(row)
        self.merge_button.setEnabled(row is not None)
        self.unmerge_button.setEnabled(row is not None)
        if row is None:
            self.history_title.setText(_("Choose a player to see their season."))
        else:
            self.history_title.setText(_("{name}: {rank}, {played} played, {counted} counted", name=row.name,
                                         rank=row.rank_label, played=row.played, counted=row.counted))

    def _merge(self) -> None:
        player = self.selected_player()
        if player is not None:
            self.merge_requested.emit(player)

    def _unmerge(self) -> None:
        player = self.selected_player()
        if player is not None:
            self.unmerge_requested.emit(player)

    def _season_changed(self, _index: int) -> None:
        chosen = self.chosen()
        if chosen is not None:
            self.season_chosen.emit(*chosen)
