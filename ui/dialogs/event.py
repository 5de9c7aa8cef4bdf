"""Tournament > Event of flights…: an event of several flights run from the director's window (FLT).

The window has one flight open (its tournament). The dialog holds the event file: it creates or opens it,
adds the open tournament as a flight (or says which flight of the event it is), lists the flights with
their entries, players left and state (playing, day ended, bagged), ends the open flight's day (asking
first), takes the bags table by table (:class:`BagsDialog`), makes Day 2 from them and shows Day 2's
seats and the event's results, each printable, and exports the event's results, entries or money (CSV,
Excel, JSON, a ranking site's CSV) through :class:`ui.export_dialog.ExportDialog`. Day 2 is then made into a
tournament file of its own (**Make Day 2 file…**, FLT-10), opened in a window of its own, and its places and
prizes read back into the event (**Read Day 2's results**).

Every action is the engine's command: the tournament's ``end_flight_day`` through the window's runner,
the event's commands through :meth:`db.event_store.EventStore.execute`, which commits before it
returns, so what the dialog shows is on disk. A refusal is shown as one sentence and changes nothing;
``refused`` keeps its reason code.
"""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDialog,
    QFileDialog,
    QHBoxLayout,
    QHeaderView,
    QInputDialog,
    QLabel,
    QMessageBox,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from app.api import RuleError, TournamentState, flight_event, fmt
from app.commands import Command
from app.commands.entries import Register
from app.commands.tournament import EndFlightDay, JoinEvent
from app.i18n import _, ngettext, pgettext
from db.errors import StoreError
from db.event_store import EventStore
from ui.feedback import Feedback, one_sentence

if TYPE_CHECKING:
    from ui.export_dialog import ExportDialog

RunCommand = Callable[[Command, Feedback], bool]
"""Runs one tournament command through the window's runner (its refusal said in the feedback); True: done."""


def _item(text: str, right: bool = False) -> QTableWidgetItem:
    it = QTableWidgetItem(text)
    it.setFlags(it.flags() & ~Qt.ItemFlag.ItemIsEditable)
    if right:
        it.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
    return it


def _table(headers: list[str]) -> QTableWidget:
    t = QTableWidget(0, len(headers))
    t.setHorizontalHeaderLabels(headers)
    t.verticalHeader().hide()
    t.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    t.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
    t.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
    return t


def flight_rows(event: Any, bound: str | None, state: TournamentState) -> list[tuple[str, str, str, str]]:
    """Each flight: its name, entries, players left and state ("playing", "day ended: bags of 2 of 5
    tables", "bagged"); the open tournament's flight counts from the tournament while it plays."""
    rows = []
    for f in event.flights.values():
        if f.ended:
            tables = f.tables_to_bag()
            done = len(tables) - len(f.tables_waiting())
            what = (pgettext("flight", "bagged") if done == len(tables)
                    else ngettext("day ended: bags of {done} of {count} table",
                                  "day ended: bags of {done} of {count} tables", len(tables),
                                  done=fmt.chips(done), count=fmt.chips(len(tables))))
            rows.append((f.name, fmt.chips(f.entries), fmt.chips(len(f.survivors)), what))
        elif f.name == bound:
            entries = sum(p.entries for p in state.players.values())
            left = sum(1 for p in state.players.values() if p.live)
            what = (_("day ended: to record in the event (this tournament)") if state.extra.get("day_ended")
                    else pgettext("flight", "playing (this tournament)"))
            rows.append((f.name, fmt.chips(entries), fmt.chips(left), what))
        else:
            rows.append((f.name, "", "", pgettext("flight", "playing")))
    return rows


class BagsDialog(QDialog):
    """A flight's bags, table by table: each survivor's bag number and counted chips (prefilled with the
    stack the flight knows), the chips in play at the table and the difference counted so far. Enter
    sends the table's bags as one ``enter_bags``: accepted whole, or refused whole with the engine's words
    (BAG_COUNT_OFF says the difference and the tolerance)."""

    def __init__(self, owner: EventDialog, flight: str, stacks: dict[str, int], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.owner, self.flight, self.stacks = owner, flight, stacks
        self.setWindowTitle(_("Bags of {flight}", flight=flight))
        self.resize(620, 480)
        self.tables = QComboBox()
        self.grid = _table([_("Player"), _("Bag number"), _("Chips")])
        self.spins: list[QSpinBox] = []
        self.totals = QLabel()
        self.feedback = Feedback()
        self.enter = QPushButton(_("Enter this table's bags"))
        self.enter.setDefault(True)
        close = QPushButton(_("Close"))
        top = QHBoxLayout()
        top.addWidget(QLabel(_("Table:")))
        top.addWidget(self.tables, 1)
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        buttons.addWidget(self.enter)
        buttons.addWidget(close)
        box = QVBoxLayout(self)
        box.addLayout(top)
        box.addWidget(self.grid, 1)
        box.addWidget(self.totals)
        box.addWidget(self.feedback)
        box.addLayout(buttons)
        self.tables.currentIndexChanged.connect(lambda _i: self.fill())
        self.enter.clicked.connect(self.submit)
        close.clicked.connect(self.reject)
        self.load_tables()

    def flight_state(self) -> Any:
        return self.owner.event_state().flights[self.flight]

    def load_tables(self) -> None:
        """The tables still waiting for their bags, lowest first."""
        f = self.flight_state()
        waiting = f.tables_waiting()
        self.tables.blockSignals(True)
        self.tables.clear()
        for t in waiting:
            self.tables.addItem(_("Table {table}", table=t), t)
        self.tables.blockSignals(False)
        self.enter.setEnabled(bool(waiting))
        self.fill()

    def table(self) -> int | None:
        t = self.tables.currentData()
        return int(t) if t is not None else None

    def fill(self) -> None:
        f = self.flight_state()
        t = self.table()
        names = sorted((f.names[k] for k, at in f.survivors.items() if at == t), key=str.casefold)
        self.grid.setRowCount(len(names))
        self.spins = []
        for r, name in enumerate(names):
            self.grid.setItem(r, 0, _item(name))
            self.grid.setItem(r, 1, QTableWidgetItem(""))
            spin = QSpinBox()
            spin.setRange(0, 2_000_000_000)
            spin.setGroupSeparatorShown(True)
            spin.setValue(self.stacks.get(name, 0))
            spin.valueChanged.connect(lambda _v: self.show_totals())
            self.grid.setCellWidget(r, 2, spin)
            self.spins.append(spin)
        if t is None:
            self.totals.setText(_("Every table of {flight} is bagged.", flight=self.flight))
        self.show_totals()

    def show_totals(self) -> None:
        t = self.table()
        if t is None:
            return
        in_play = self.flight_state().chips_in_play.get(t, 0)
        counted = sum(s.value() for s in self.spins)
        diff = counted - in_play
        figures = {"table": t, "in_play": fmt.chips(in_play), "counted": fmt.chips(counted),
                   "off": fmt.chips(abs(diff))}
        if diff == 0:
            said = _("In play at table {table}: {in_play} · counted {counted} (matches)", **figures)
        elif diff > 0:
            said = _("In play at table {table}: {in_play} · counted {counted} ({off} more)", **figures)
        else:
            said = _("In play at table {table}: {in_play} · counted {counted} ({off} fewer)", **figures)
        self.totals.setText(said)

    def rows(self) -> list[dict[str, Any]]:
        def text(r: int, c: int) -> str:
            item = self.grid.item(r, c)
            return item.text() if item is not None else ""

        return [{"player": text(r, 0), "bag": text(r, 1), "chips": self.spins[r].value()}
                for r in range(self.grid.rowCount())]

    def submit(self) -> bool:
        t = self.table()
        if t is None:
            return False
        rows = [flight_event.BagRow(r["player"], r["bag"], r["chips"]) for r in self.rows()]
        cmd = flight_event.EnterBags(flight=self.flight, table=t, bags=rows)
        if not self.owner.execute(cmd, self.feedback, _("Table {table}'s bags of {flight} entered.", table=t,
                                                                  flight=self.flight)):
            return False
        self.load_tables()
        return True


class EventDialog(QDialog):
    """The event of flights the open tournament belongs to (not modal: the window goes on beside it).

    ``state``: the open tournament's state now; ``run``: runs a tournament command through the window's
    runner; ``print_bags``: prints the open flight's bag-and-tag sheet.
    """

    def __init__(self, state: Callable[[], TournamentState], run: RunCommand, print_bags: Callable[[], object],
                 parent: QWidget | None = None, open_tournament: Callable[[str], QWidget] | None = None) -> None:
        super().__init__(parent)
        self.state, self.run, self.print_bags = state, run, print_bags
        # Opens a tournament file in a director's window of its own (the director gives it: a dialog does not
        # build the window it belongs to).
        self.open_tournament = open_tournament
        self.store: EventStore | None = None
        self.flight: str | None = None  # the open tournament's flight in the event
        self.refused = ""  # the reason code of the last refusal ("" once an action went through)
        self.bags_dialog: BagsDialog | None = None
        self.end_day_box: QMessageBox | None = None
        self.export_dialog: ExportDialog | None = None
        self.day2_windows: list[QWidget] = []  # Day 2's tournament, opened from here in a window of its own
        self.setWindowTitle(_("Event of flights"))
        self.resize(900, 640)
        self.heading = QLabel(_("No event open: create one, or open its file."))
        self.heading.setWordWrap(True)
        self.flights = _table([_("Flight"), _("Entries"), _("Players left"), _("State")])
        self.feedback = Feedback()
        self.buttons: dict[str, QPushButton] = {}
        row1, row2 = QHBoxLayout(), QHBoxLayout()
        for key, words, row in (
            ("new", _("New event…"), row1), ("open", _("Open event…"), row1),
            ("add", _("Add this tournament as a flight…"), row1),
            ("use", _("This tournament is the flight selected"), row1),
            ("end_day", _("End the day…"), row2), ("bag_sheet", _("Print the bag-and-tag sheet"), row2),
            ("bags", _("Enter the bags…"), row2), ("day2", _("Make Day 2"), row2),
            ("day2_file", _("Make Day 2 file…"), row2), ("day2_results", _("Read Day 2's results"), row2),
        ):
            b = QPushButton(words)
            self.buttons[key] = b
            row.addWidget(b)
        row1.addStretch(1)
        row2.addStretch(1)
        self.day2_tabs = QTabWidget()
        self.seats = _table([_("Table"), _("Seat"), _("Player"), _("Chips")])
        self.results = _table([_("Place"), _("Player"), _("Day"), _("Prize")])
        self.day2_tabs.addTab(self.seats, _("Day 2's seats"))
        self.day2_tabs.addTab(self.results, _("Results"))
        # FLT-9: the seats won in satellites for this event, and the flight each paid an entry in.
        self.satellite_seats = _table([_("Player"), _("Satellite"), _("Seat for"), _("Paid an entry in")])
        seats_page = QWidget()
        seats_box = QVBoxLayout(seats_page)
        seats_box.setContentsMargins(0, 0, 0, 0)
        seats_box.addWidget(self.satellite_seats)
        seat_row = QHBoxLayout()
        for key, words in (("add_seats", _("Add a satellite's seats…")),
                           ("use_seat", _("Register the selected winner in this flight"))):
            b = QPushButton(words)
            self.buttons[key] = b
            seat_row.addWidget(b)
        seat_row.addStretch(1)
        seats_box.addLayout(seat_row)
        self.day2_tabs.addTab(seats_page, _("Satellite seats"))
        self.summary = QLabel()
        prints = QHBoxLayout()
        for key, words in (("print_tables", _("Print Day 2's seats…")), ("print_results", _("Print the results…")),
                           ("export", _("Export…"))):
            b = QPushButton(words)
            self.buttons[key] = b
            prints.addWidget(b)
        prints.addStretch(1)
        close = QPushButton(_("Close"))
        prints.addWidget(close)
        box = QVBoxLayout(self)
        box.addWidget(self.heading)
        box.addLayout(row1)
        box.addWidget(self.flights, 2)
        box.addLayout(row2)
        box.addWidget(self.feedback)
        box.addWidget(self.day2_tabs, 3)
        box.addWidget(self.summary)
        box.addLayout(prints)
        bt = self.buttons
        bt["new"].clicked.connect(self.ask_new)
        bt["open"].clicked.connect(self.ask_open)
        bt["add"].clicked.connect(self.ask_add)
        bt["use"].clicked.connect(self.use_selected)
        bt["end_day"].clicked.connect(self.confirm_end_day)
        bt["bag_sheet"].clicked.connect(lambda: self.print_bags())
        bt["bags"].clicked.connect(self.open_bags)
        bt["day2"].clicked.connect(self.make_day2)
        bt["day2_file"].clicked.connect(self.ask_day2_file)
        bt["day2_results"].clicked.connect(self.ask_day2_results)
        bt["add_seats"].clicked.connect(self.ask_add_seats)
        bt["use_seat"].clicked.connect(self.use_selected_seat)
        bt["print_tables"].clicked.connect(lambda: self.ask_print("tables"))
        bt["print_results"].clicked.connect(lambda: self.ask_print("results"))
        bt["export"].clicked.connect(self.open_export)
        close.clicked.connect(self.close)
        self.refresh()

    # -- the event file --------------------------------------------------------------------------------
    def event_state(self) -> Any:
        assert self.store is not None
        return self.store.event.state

    def new_event(self, path: str, title: str) -> bool:
        """A new event file at ``path`` with the open tournament's profile (the Day-2 draw's seed from the clock)."""
        state = self.state()
        assert state.profile is not None
        try:
            store = EventStore.create(path, state.profile, title.strip() or state.name or "Event",
                                      seed=int(time.time() * 1000) % (2**31))
        except (StoreError, OSError) as exc:
            self.feedback.refuse(one_sentence(getattr(exc, "message", str(exc))))
            return False
        self._set_store(store, None)
        self.feedback.done(_("Event “{event}” created in {file}.", event=store.event.state.title,
                             file=Path(path).name))
        return True

    def open_event(self, path: str) -> bool:
        try:
            store = EventStore.open(path)
        except (StoreError, OSError) as exc:
            self.feedback.refuse(one_sentence(getattr(exc, "message", str(exc))))
            return False
        name = self.state().name
        self._set_store(store, name if name in store.event.state.flights else None)
        flights = len(store.event.state.flights)
        self.feedback.done(ngettext("Event “{event}” opened: {count} flight.",
                                    "Event “{event}” opened: {count} flights.", flights,
                                    event=store.event.state.title, count=fmt.chips(flights)))
        return True

    def _set_store(self, store: EventStore, flight: str | None) -> None:
        if self.store is not None:
            self.store.close()
        self.store, self.flight = store, flight
        self.refused = ""
        self.refresh()

    def execute(self, cmd: Any, feedback: Feedback, done: str) -> bool:
        """One event command, committed before it is shown; a refusal in one sentence (its code kept)."""
        if self.store is None:
            self.refused = "NO_EVENT"
            feedback.refuse(_("No event is open: create one or open its file first."))
            return False
        try:
            self.store.execute(cmd)
        except RuleError as err:
            self.refused = err.code
            feedback.refuse(one_sentence(err.message))
            return False
        except (StoreError, OSError) as exc:
            self.refused = "STORE"
            feedback.refuse(one_sentence(getattr(exc, "message", str(exc))))
            return False
        self.refused = ""
        feedback.done(done)
        self.refresh()
        return True

    # -- the flights -----------------------------------------------------------------------------------
    def add_flight(self, name: str) -> bool:
        name = " ".join(name.split())
        if not self.execute(flight_event.AddFlight(flight=name), self.feedback,
                            _("{flight} added to the event: it is this tournament.", flight=name)):
            return False
        self.flight = name
        self.remember(name)
        self.refresh()
        return True

    def remember(self, flight: str) -> bool:
        """FLT-1: the tournament's own file remembers this event and its flight (``join_event``), so it opens
        with its event next time; nothing is run when it already does."""
        if self.store is None:
            return False
        file = str(self.store.path.resolve())
        if self.state().extra.get("event") == {"file": file, "flight": flight}:
            return True
        return self.run(JoinEvent(event_file=file, flight=flight), self.feedback)

    def follow(self, file: str, part: str) -> bool:
        """Open the event file this tournament remembers (``part``: its flight's name, or "Day 2"); a file that
        is gone or cannot be opened is said in one sentence, and the tournament goes on without it."""
        if self.store is not None and self.store.path.resolve() == Path(file).resolve():
            return True
        if not Path(file).is_file():
            self.refused = "EVENT_MISSING"
            self.feedback.refuse(_("This tournament belongs to the event in {file}, which is not there any more; "
                                   "open the event's file where it is now.", file=file))
            return False
        if not self.open_event(file):
            return False
        flights = self.event_state().flights
        self.flight = part if part in flights else None
        self.feedback.done(_("This tournament is {part} of “{event}”.", part=part, event=self.event_state().title))
        self.refresh()
        return True

    def use_flight(self, name: str) -> bool:
        if self.store is None or name not in self.event_state().flights:
            self.refused = "FLIGHT_UNKNOWN"
            self.feedback.refuse(_("There is no flight {flight} in this event.", flight=name))
            return False
        self.flight = name
        self.refused = ""
        self.remember(name)
        self.feedback.done(_("This tournament is {flight} of the event.", flight=name))
        self.refresh()
        return True

    def selected_flight(self) -> str | None:
        rows = self.flights.selectionModel().selectedRows()
        item = self.flights.item(rows[0].row(), 0) if rows else None
        return item.text() if item is not None else None

    def use_selected(self) -> None:
        name = self.selected_flight()
        if name is None:
            self.feedback.refuse(_("Select the flight this tournament is, in the list of flights."))
            return
        self.use_flight(name)

    # -- the end of the day ----------------------------------------------------------------------------
    def confirm_end_day(self) -> QMessageBox | None:
        """Ask first: the flight stops, every table bags, and nobody plays on (Enter ends it, Esc does not)."""
        if not self._need_flight():
            return None
        state = self.state()
        left = sum(1 for p in state.players.values() if p.live)
        question = ngettext("End {flight}'s day now? The {count} player left bags their chips and nobody plays on "
                            "in this flight.",
                            "End {flight}'s day now? The {count} players left bag their chips and nobody plays on "
                            "in this flight.", left, flight=self.flight, count=fmt.chips(left))
        box = QMessageBox(QMessageBox.Icon.Question, _("End the day"), question,
                          QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.Cancel, self)
        box.button(QMessageBox.StandardButton.Yes).setText(_("End the day"))
        box.setDefaultButton(QMessageBox.StandardButton.Yes)
        box.setEscapeButton(QMessageBox.StandardButton.Cancel)
        box.accepted.connect(lambda: self.end_day("director"))
        self.end_day_box = box
        box.open()
        return box

    def end_day(self, reason: str = "director") -> bool:
        """The tournament's ``end_flight_day`` (unless its day already ended), then the day's end recorded in
        the event from the tournament: its entries, money, survivors and the chips in play at each table."""
        if not self._need_flight():
            return False
        assert self.flight is not None
        state = self.state()
        if not state.extra.get("day_ended") and not state.ended:
            if not self.run(EndFlightDay(reason=reason), self.feedback):
                self.refused = "END_DAY"
                return False
            state = self.state()
        try:
            cmd = flight_event.day_end_of(self.flight, state, reason=reason)
        except RuleError as err:
            self.refused = err.code
            self.feedback.refuse(one_sentence(err.message))
            return False
        tables = len(cmd.chips_in_play)
        at = ngettext("{count} table", "{count} tables", tables, count=fmt.chips(tables))
        over = ngettext("{flight}'s day is over: {count} player at {tables} bags the chips; nobody plays on. Enter "
                        "the bags next.",
                        "{flight}'s day is over: {count} players at {tables} bag their chips; nobody plays on. Enter "
                        "the bags next.", len(cmd.survivors), flight=self.flight,
                        count=fmt.chips(len(cmd.survivors)), tables=at)
        return self.execute(cmd, self.feedback, over)

    def _need_flight(self) -> bool:
        if self.store is None or self.flight is None:
            self.refused = "NO_FLIGHT"
            self.feedback.refuse(_("Add this tournament to an event as a flight first (or pick its flight)."))
            return False
        return True

    # -- the bags and Day 2 ----------------------------------------------------------------------------
    def open_bags(self, flight: str | None = None) -> BagsDialog | None:
        """The bags of ``flight`` (else the one selected, else this tournament's), prefilled with the
        stacks this tournament knows when it is that flight."""
        if self.store is None:
            self._need_flight()
            return None
        name = flight or self.selected_flight() or self.flight
        if name is None or name not in self.event_state().flights:
            self.feedback.refuse(_("Select the flight whose bags to enter."))
            return None
        if not self.event_state().flights[name].ended:
            self.refused = "FLIGHT_NOT_BAGGED"
            self.feedback.refuse(_("{flight} is still playing; end its day before its bags.", flight=name))
            return None
        stacks = {p.name: p.stack for p in self.state().players.values() if p.live} if name == self.flight else {}
        dialog = BagsDialog(self, name, stacks, self)
        dialog.finished.connect(lambda _c: self.refresh())
        self.bags_dialog = dialog
        dialog.show()
        return dialog

    def make_day2(self) -> bool:
        if not self.execute(flight_event.MakeDay2(), self.feedback, _("Day 2 is drawn: its seats are below.")):
            return False
        self.day2_tabs.setCurrentWidget(self.seats)
        return True

    # -- Day 2 as a tournament of its own (FLT-10) ------------------------------------------------------
    def make_day2_file(self, path: str, level: int | None = None, open_it: bool = True) -> QWidget | bool:
        """Day 2's tournament file at ``path`` from the draw (every Day-2 player carried in with his bag, at
        his seat), then opened in a window of its own (``open_it``): the window returned, or True; False: refused."""
        from db.event_store import make_day2_file

        if self.store is None:
            self.refused = "NO_EVENT"
            self.feedback.refuse(_("No event is open: create one or open its file first."))
            return False
        try:
            carried = make_day2_file(self.store, path, level)
        except (RuleError, StoreError, OSError) as exc:
            return self._refused(exc)
        self.refused = ""
        self.feedback.done(ngettext("Day 2 made in {file}: {n} player carried in with the bag.",
                                    "Day 2 made in {file}: {n} players carried in with their bags.",
                                    carried, file=Path(path).name))
        return self.open_day2(path) if open_it else True

    def _refused(self, exc: Exception) -> bool:
        """A refusal from the engine (its reason code) or the store ("STORE"), said in one sentence."""
        self.refused = exc.code if isinstance(exc, RuleError) else "STORE"
        self.feedback.refuse(one_sentence(getattr(exc, "message", str(exc))))
        return False

    def open_day2(self, path: str) -> QWidget | bool:
        """Day 2's tournament file in a director's window of its own (its clock, tables, busts, payouts)."""
        if self.open_tournament is None:
            return False
        try:
            window = self.open_tournament(path)
        except (StoreError, OSError, RuleError) as exc:
            self.feedback.refuse(one_sentence(getattr(exc, "message", str(exc))))
            return False
        self.day2_windows.append(window)
        window.show()
        return window

    def read_day2(self, path: str | None = None) -> bool:
        """FLT-10: the Day-2 tournament's places and prizes into the event: from its file at ``path``, or from the
        open tournament when it is this event's Day 2."""
        from db.store import TournamentStore

        if self.store is None:
            self.refused = "NO_EVENT"
            self.feedback.refuse(_("No event is open: create one or open its file first."))
            return False
        try:
            if path is None:
                cmd = flight_event.day2_results_of(self.state(), "")
            else:
                with TournamentStore.open(path, read_only=True) as store:
                    cmd = flight_event.day2_results_of(store.tournament.state, str(Path(path).resolve()))
        except (RuleError, StoreError, OSError) as exc:
            return self._refused(exc)
        done = (_("Day 2's results read into the event: Day 2 is over.") if cmd.over
                else _("Day 2's results read into the event: Day 2 is still playing."))
        if not self.execute(cmd, self.feedback, done):
            return False
        self.day2_tabs.setCurrentWidget(self.results)
        return True

    def ask_day2_file(self) -> None:
        if self.store is None:
            return
        start = flight_event.day2_start_level(self.event_state())
        level, ok = QInputDialog.getInt(self, _("Make Day 2 file"), _("Day 2's clock starts at level:"), start, 1,
                                        999)
        if not ok:
            return
        suggested = str(self.store.path.with_name(_("{event} Day 2", event=self.event_state().title) + ".floorman"))
        path, _kind = QFileDialog.getSaveFileName(self, _("Day 2's tournament file"), suggested,
                                                  "Floorman (*.floorman)")
        if path:
            self.make_day2_file(path if path.endswith(".floorman") else path + ".floorman", level)

    # -- satellite seats (FLT-9) -------------------------------------------------------------------------
    def _show_satellite_seats(self, ev: Any) -> None:
        self.satellite_seats.setRowCount(len(ev.seats))
        for r, seat in enumerate(ev.seats):
            target = seat.flight or _("any flight")
            for c, text in enumerate((seat.player, seat.satellite, target, seat.used_in)):
                self.satellite_seats.setItem(r, c, _item(text, False))

    def add_seats(self, path: str) -> bool:
        """The seats won in the satellite whose tournament file is at ``path`` (its ``satellite.event`` names this
        event or one of its flights), as ``floorman event seats`` adds them."""
        from db.store import TournamentStore

        try:
            with TournamentStore.open(path, read_only=True) as store:
                state = store.tournament.state
                cmd = flight_event.seats_of(state.name or Path(path).stem, state)
        except (RuleError, StoreError, OSError) as exc:
            return self._refused(exc)
        won = len(cmd.winners)
        return self.execute(cmd, self.feedback, ngettext(
            "{count} seat from {satellite} added to the event.", "{count} seats from {satellite} added to the event.",
            won, count=fmt.chips(won), satellite=cmd.satellite))

    def ask_add_seats(self) -> None:
        path, _kind = QFileDialog.getOpenFileName(self, _("The satellite's tournament file"), "",
                                                  "Floorman (*.floorman);;* (*)")
        if path:
            self.add_seats(path)

    def use_seat(self, player: str) -> bool:
        """FLT-9: ``player``'s seat pays an entry into this flight: checked in the event first, then the player
        is registered in this tournament with the seat paying (no cash at the desk), then the seat is marked used."""
        if not self._need_flight() or self.store is None:
            return False
        assert self.flight is not None
        cmd = flight_event.UseSeat(flight=self.flight, player=player)
        try:
            facts = self.store.event.decide(cmd)  # every rule of the seat checked; nothing changed yet
        except RuleError as exc:
            return self._refused(exc)
        satellite = next(f.satellite for f in facts if isinstance(f, flight_event.SeatUsed))
        if not self.run(Register(name_=player, seat=satellite), self.feedback):
            self.refused = "REGISTER"
            return False
        return self.execute(cmd, self.feedback, _("{name} is registered in {flight}; the seat from {satellite} paid "
                                                  "the buy-in.", name=player, flight=self.flight,
                                                  satellite=satellite))

    def use_selected_seat(self) -> None:
        rows = self.satellite_seats.selectionModel().selectedRows()
        item = self.satellite_seats.item(rows[0].row(), 0) if rows else None
        if item is None:
            self.feedback.refuse(_("Select the seat winner to register, in the list of satellite seats."))
            return
        self.use_seat(item.text())

    def ask_day2_results(self) -> None:
        if isinstance(self.state().extra.get("day2"), dict):  # the open tournament is Day 2: read it
            self.read_day2()
            return
        path, _kind = QFileDialog.getOpenFileName(self, _("Day 2's tournament file"), "",
                                                  "Floorman (*.floorman);;* (*)")
        if path:
            self.read_day2(path)

    def print_event(self, which: str, path: str) -> bool:
        """Day 2's seats ("tables") or the results ("results") as a PDF at ``path``."""
        from sheets.event_sheets import write_event_sheet

        if self.store is None:
            self._need_flight()
            return False
        if which == "tables":
            try:
                self.store.event.day2()  # the engine's DAY2_NOT_MADE before Day 2 is drawn
            except RuleError as err:
                self.refused = err.code
                self.feedback.refuse(one_sentence(err.message))
                return False
        try:
            written = write_event_sheet(self.event_state(), which, path)
        except (OSError, ValueError) as exc:
            self.feedback.refuse(one_sentence(str(exc)))
            return False
        self.feedback.done(_("Wrote {file}.", file=written))
        return True

    def open_export(self) -> ExportDialog | None:
        """The event's results, entries or money over every flight and Day 2, as ``floorman export`` writes
        them for the event's file; the file suggested beside the event's, replaced only when the director says
        so, and where it was written said here."""
        from ui.export_dialog import ExportDialog

        if self.store is None:
            self.refused = "NO_EVENT"
            self.feedback.refuse(_("No event is open: create one or open its file before exporting it."))
            return None
        self.refused = ""
        dialog = ExportDialog(self.event_state(), self.store.path.parent, self, done=self.feedback.done,
                              title=_("Export the event"))
        self.export_dialog = dialog
        dialog.open()
        return dialog

    # -- asking (file and name dialogs) ----------------------------------------------------------------
    def ask_new(self) -> None:
        path, _kind = QFileDialog.getSaveFileName(self, _("New event file"), "", _("Floorman event (*.event)"))
        if not path:
            return
        title, ok = QInputDialog.getText(self, _("New event"), _("The event's title:"),
                                         text=self.state().name or _("Event"))
        if ok:
            self.new_event(path if path.endswith(".event") else path + ".event", title)

    def ask_open(self) -> None:
        path, _kind = QFileDialog.getOpenFileName(self, _("Open an event file"), "",
                                                  _("Floorman event (*.event)") + ";;" + _("All files (*)"))
        if path:
            self.open_event(path)

    def ask_add(self) -> None:
        name, ok = QInputDialog.getText(self, _("Add a flight"), _("This tournament is the flight:"),
                                        text=self.state().name or _("Day 1A"))
        if ok:
            self.add_flight(name)

    def ask_print(self, which: str) -> None:
        path, _kind = QFileDialog.getSaveFileName(self, _("Save the sheet"), f"{which}.pdf", "PDF (*.pdf)")
        if path:
            self.print_event(which, path)

    # -- showing ---------------------------------------------------------------------------------------
    def refresh(self) -> None:
        has = self.store is not None
        for key in ("add", "use", "end_day", "bags", "day2", "day2_file", "day2_results", "print_tables",
                    "print_results", "export", "add_seats"):
            self.buttons[key].setEnabled(has)
        self.buttons["use_seat"].setEnabled(has and self.flight is not None)
        self.buttons["bag_sheet"].setEnabled(self.flight is not None)
        if self.store is None:
            self.flights.setRowCount(0)
            return
        try:
            self.store.reload()  # what another window (a flight's, Day 2's) wrote to the event file since
        except sqlite3.Error:
            pass  # shown as last read; the next action says what is wrong with the file
        ev = self.event_state()
        day2 = isinstance(self.state().extra.get("day2"), dict)
        this = (_(" · this tournament is {flight}", flight=self.flight) if self.flight
                else _(" · this tournament is its Day 2") if day2
                else _(" · this tournament is not one of its flights yet"))
        self.heading.setText(f"<b>{ev.title}</b> ({self.store.path.name}){this}")
        rows = flight_rows(ev, self.flight, self.state())
        self.flights.setRowCount(len(rows))
        for r, row in enumerate(rows):
            for c, text in enumerate(row):
                self.flights.setItem(r, c, _item(text, c in (1, 2)))
        d = ev.day2
        seated = [] if d is None else sorted(((t, s, n) for n, (t, s) in d.seats.items() if d.stacks[n] > 0))
        self.seats.setRowCount(len(seated))
        for r, (t, s, n) in enumerate(seated):
            assert d is not None
            for c, (text, right) in enumerate(((str(t), True), (str(s), True), (n, False),
                                               (fmt.chips(d.stacks[n]), True))):
                self.seats.setItem(r, c, _item(text, right))
        self._show_satellite_seats(ev)
        currency = ev.profile["money.currency"]
        results = flight_event.results(ev) if d is not None else []
        self.results.setRowCount(len(results))
        for r, res in enumerate(results):
            place = (_("{place} ({tied} tied)", place=fmt.ordinal(res.place), tied=res.tied) if res.tied > 1
                     else fmt.ordinal(res.place))
            prize = fmt.money(res.prize_cents, currency) if res.prize_cents else ""
            day = flight_event.day_name(res.day)
            for c, (text, right) in enumerate(((place, False), (res.player, False), (day, False), (prize, True))):
                self.results.setItem(r, c, _item(text, right))
        n = flight_event.entries(ev)
        entries = ngettext("{count} entry", "{count} entries", n, count=fmt.chips(n))
        pool = fmt.money(flight_event.prize_pool(ev), currency)
        if d is None:
            self.summary.setText(_("{entries} · prize pool {pool}", entries=entries, pool=pool))
            return
        live, tables = len(d.live()), len({t for t, _s, _n in seated})
        at = ngettext("{count} table", "{count} tables", tables, count=fmt.chips(tables))
        self.summary.setText(ngettext("{entries} · prize pool {pool} · Day 2: {count} player at {tables}",
                                      "{entries} · prize pool {pool} · Day 2: {count} players at {tables}", live,
                                      entries=entries, pool=pool, count=fmt.chips(live), tables=at))

