"""The League tab's control: seasons from the roster's league book, this event joining one, its
results flowing in when it finishes (and out again when the finish is undone), CSV and printing.

The standings are always recomputed from the recorded results (``db.league.LeagueBook.standings``);
the tab is redrawn only while it is on screen. The roster is the window's (``ui.roster_link``): when
it cannot be opened, the tab says so and the tournament runs on without its league.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtWidgets import QFileDialog, QInputDialog, QWidget

from app.api import LeagueError, Standings, fmt, outcome_of, table_rows, to_csv
from app.i18n import _, ngettext
from ui.control.parts import Shell
from ui.printing.jobs import SheetJob, SheetResult
from ui.roster_link import RosterLink
from ui.session import Session
from ui.texts import players_words

if TYPE_CHECKING:
    from db.league import LeagueBook
    from ui.tabs.league_tab import LeagueTab

TextAsker = Callable[[QWidget, str, str], str | None]
PathChooser = Callable[[QWidget, str], str]


def ask_text(parent: QWidget, title: str, label: str) -> str | None:
    text, ok = QInputDialog.getText(parent, title, label)
    return str(text) if ok else None


def ask_item(parent: QWidget, title: str, label: str, items: list[str]) -> str | None:
    item, ok = QInputDialog.getItem(parent, title, label, items, 0, False)
    return str(item) if ok and item else None


def ask_csv_path(parent: QWidget, suggested: str) -> str:
    path, _filter = QFileDialog.getSaveFileName(parent, _("Export the standings"), suggested, "CSV (*.csv)")
    return path


def summary_words(standings: Standings) -> str:
    rules = " · ".join(standings.rules.describe())
    played = ngettext("{count} event of {events} finished", "{count} events of {events} finished",
                      standings.finished, count=fmt.chips(standings.finished), events=fmt.chips(standings.events))
    return _("{played}, {players}. {rules}", played=played, players=players_words(len(standings.rows)), rules=rules)


class LeagueControl:
    """The seams a test replaces: ``ask_text``, ``csv_path_chooser``, ``book`` (a LeagueBook)."""

    def __init__(self, session: Session, tab: LeagueTab, roster: RosterLink | None, on_screen: Callable[[], bool],
                 display: Callable[[], Any], on_display: Callable[[], bool],
                 show_result: Callable[[SheetResult], object], shell: Shell) -> None:
        """``on_screen``: the tab is the one shown; ``display``: the room display, once opened (else None);
        ``on_display``: View → League standings on the room display is ticked; ``show_result``: the preview."""
        self.session, self.tab, self.roster, self.on_screen = session, tab, roster, on_screen
        self.display, self.on_display, self.show_result, self.shell = display, on_display, show_result, shell
        self.ask_text: TextAsker = ask_text
        self.ask_item: Callable[[QWidget, str, str, list[str]], str | None] = ask_item
        self.csv_path_chooser: PathChooser = ask_csv_path
        self.book: LeagueBook | None = None
        self.standings: Standings | None = None
        self.current: tuple[str, str] | None = None
        self._ended = bool(session.state.ended)
        self._stale = True
        tab = self.tab
        tab.season_chosen.connect(self.choose)
        tab.join_requested.connect(self.join)
        tab.leave_requested.connect(self.leave)
        tab.counts_changed.connect(self.set_counts)
        tab.new_league_requested.connect(self.new_league)
        tab.new_season_requested.connect(self.new_season)
        tab.csv_requested.connect(self.export_csv)
        tab.print_requested.connect(self.print_standings)
        tab.merge_requested.connect(self.merge)
        tab.unmerge_requested.connect(self.unmerge)
        tab.rules_requested.connect(self.edit_rules)
        self.rules_dialog: Any = None  # the rules editor, once opened

    # -- the roster's league book ---------------------------------------------------------------------
    def open_book(self) -> LeagueBook | None:
        if self.book is not None:
            return self.book
        link = self.roster
        if link is None or not link.ensure_open():
            return None
        from db.league import LeagueBook

        self.book = book = LeagueBook(link.roster)
        if self.session.state.ended:  # finished while no window was open on it (a file opened again)
            try:
                book.record(outcome_of(self.session.state))
            except Exception as exc:  # noqa: BLE001 - the league never stops the tournament
                from ui.errors import log_unexpected

                log_unexpected(exc, "league: recording a finished event's results")
        return book

    # -- after every command: the finish flows in, an undone finish flows out -------------------------
    def after_change(self) -> None:
        """Cheap unless the event has just finished or its finish was undone (one flag compared)."""
        ended = bool(self.session.state.ended)
        if ended == self._ended:
            return
        self._ended = ended
        self.record()

    def record(self) -> None:
        book = self.open_book()
        if book is None:
            return
        outcome = outcome_of(self.session.state)
        try:
            recorded = book.record(outcome)
        except Exception as exc:  # noqa: BLE001 - the league never stops the tournament
            from ui.errors import log_unexpected

            log_unexpected(exc, "league: recording the event's results")
            self.shell.say(_("The league could not record {event} ({error}).", event=outcome.name, error=exc), 15000)
            return
        if recorded:
            seasons = ", ".join(f"{a} {b}" for a, b in book.joined(outcome.key))
            words = (_("League: the results of {event} count for {seasons}.", event=outcome.name, seasons=seasons)
                     if outcome.finished
                     else _("League: the finish of {event} was undone; its results are withdrawn from {seasons}.",
                            event=outcome.name, seasons=seasons))
            self.shell.say(words, 15000)
            self.tab.feedback.done(words)
        self.invalidate()
        self.push_display()

    # -- drawing ---------------------------------------------------------------------------------------
    def invalidate(self) -> None:
        self._stale = True
        if self.on_screen():
            self.refresh()

    def shown(self) -> None:
        if self._stale:
            self.refresh()

    def refresh(self) -> None:
        self._stale = False
        book = self.open_book()
        if book is None:
            self.tab.set_seasons([], None)
            self.tab.set_event(_("The league needs the player roster, which is not open."), None)
            self.tab.show_standings(None, "")
            return
        seasons = book.seasons()
        listed = [(s.league, s.season, ngettext("{league} — {season} ({count} event)", "{league} — {season} ({count} "
                                                "events)", s.events, league=s.league, season=s.season,
                                                count=fmt.chips(s.events))) for s in seasons]
        if self.current not in {(a, b) for a, b, _words in listed}:
            joined = book.joined(outcome_of(self.session.state).key)
            self.current = joined[0] if joined else ((listed[0][0], listed[0][1]) if listed else None)
        self.tab.set_seasons(listed, self.current)
        if self.current is None:
            self.standings = None
            self.tab.set_event(_("No league yet: New league… starts one (its rules can be changed with "
                                 "floorman league)."), None)
            self.tab.show_standings(None, "")
            return
        league, season = self.current
        self.standings = book.standings(league, season)
        key = outcome_of(self.session.state).key
        joined_here = (league, season) in book.joined(key)
        counts = next((e.counts for e in book.events(league, season) if e.key == key), True)
        name = self.session.state.name or _("This event")
        if joined_here:
            words = (_("{event} counts for {league} — {season}: its results are in.", event=name, league=league,
                       season=season) if self.session.state.ended
                     else _("{event} counts for {league} — {season}: its results count when it finishes.", event=name,
                            league=league, season=season))
        else:
            words = _("{event} is not part of {league} — {season}.", event=name, league=league, season=season)
        if joined_here and not counts:
            words += " " + _("It is played in the season but does not count.")
        self.tab.set_event(words, joined_here, counts)
        self.tab.show_standings(self.standings, summary_words(self.standings))

    # -- the room display, between events -------------------------------------------------------------
    def push_display(self) -> None:
        """The chosen season's top players to the room display (shown while the event waits to start or has
        ended), when the director ticked it in the View menu; otherwise none."""
        display = self.display()
        if display is None:
            return
        if not self.on_display():
            display.set_league(None)
            return
        if self._stale or self.standings is None:
            self.refresh()
        if self.standings is None:
            display.set_league(None)
            self.shell.say(_("No league season to show on the room display."), 8000)
            return
        s = self.standings
        rows = [(r[0], r[1], r[2]) for r in table_rows(s)]
        display.set_league((f"{s.league} — {s.season}",
                            ngettext("League standings · {finished} of {count} event played",
                                     "League standings · {finished} of {count} events played", s.events,
                                     finished=fmt.chips(s.finished), count=fmt.chips(s.events)), rows))

    # -- the director's actions -----------------------------------------------------------------------
    def choose(self, league: str, season: str) -> None:
        self.current = (league, season)
        self.refresh()
        self.push_display()

    def _act(self, action: Callable[[LeagueBook], Any], done: str) -> bool:
        book = self.open_book()
        if book is None:
            self.tab.feedback.refuse(_("The player roster is not open, so there is no league to change."))
            return False
        try:
            action(book)
        except LeagueError as exc:
            self.tab.feedback.refuse(exc.message)
            return False
        self.tab.feedback.done(done)
        self.refresh()
        return True

    def join(self) -> None:
        if self.current is None:
            return
        league, season = self.current
        self._act(lambda b: b.join(league, season, outcome_of(self.session.state)),
                  _("This event now counts for {league} — {season}.", league=league, season=season))

    def set_counts(self, counts: bool) -> None:
        """LGE-4: this event counts for the standings, or is only played in the season (a freeroll)."""
        if self.current is None:
            return
        league, season = self.current
        self._act(lambda b: b.join(league, season, outcome_of(self.session.state), counts=counts),
                  _("This event counts for the standings of {league} — {season}.", league=league, season=season)
                  if counts else
                  _("This event no longer counts for the standings of {league} — {season}.", league=league,
                    season=season))

    def leave(self) -> None:
        if self.current is None:
            return
        league, season = self.current
        self._act(lambda b: b.leave(league, season, outcome_of(self.session.state).key),
                  _("This event no longer counts for {league} — {season}.", league=league, season=season))

    def new_league(self) -> None:
        name = self.ask_text(self.shell.parent, _("New league"), _("The league's name:"))
        if not name:
            return
        season = self.ask_text(self.shell.parent, _("New league"), _("Its first season:")) or time.strftime("%Y")

        def make(book: LeagueBook) -> None:
            book.create_league(name)
            book.add_season(" ".join(name.split()), season)

        if self._act(make, _("League {league} started, season {season}; points: 10 × √entries ÷ √place "
                             "(Rules… changes them).", league=name, season=season)):
            self.current = (" ".join(name.split()), " ".join(season.split()))
            self.refresh()

    def new_season(self) -> None:
        if self.current is None:
            return
        league = self.current[0]
        season = self.ask_text(self.shell.parent, _("New season"), _("The new season of {league}:", league=league))
        if season and self._act(lambda b: b.add_season(league, season),
                                _("Season {season} added to {league}.", season=season, league=league)):
            self.current = (league, " ".join(season.split()))
            self.refresh()

    def edit_rules(self) -> None:
        """The chosen league's rules, edited and checked as typed; OK stores them (LGE-1)."""
        book = self.open_book()
        if self.current is None or book is None:
            return
        from ui.dialogs.league_rules import LeagueRulesDialog

        league = self.current[0]
        dialog = LeagueRulesDialog(league, dict(book.rules(league).data), self.shell.parent)
        dialog.submitted.connect(lambda data: self._act(lambda b: b.set_rules(league, data),
                                                        _("The rules of {league} are changed; the standings "
                                                          "follow.", league=league)))
        self.rules_dialog = dialog
        dialog.open()

    def merge(self, player: int) -> None:
        """LGE-8: the selected entry is the same person as another player of the standings."""
        if self.standings is None or self.book is None:
            return
        me = self.standings.row_for(player)
        others = [r for r in self.standings.rows if r.player != player]
        if me is None or not others:
            return
        labels = [f"{r.name} (#{r.player}, {r.rank_label})" for r in others]
        chosen = self.ask_item(self.shell.parent, _("Same person"),
                               _("{name} (#{number}) is the same person as:", name=me.name, number=me.player), labels)
        if chosen is None:
            return
        into = others[labels.index(chosen)]
        roster = self.book.roster
        try:
            roster.merge(player, into.player)
        except (ValueError, KeyError) as exc:
            self.tab.feedback.refuse(str(exc).strip("'\""))
            return
        self.tab.feedback.done(_("{name} (#{number}) now counts as {into} (#{into_number}); both entries are kept "
                                 "(Split again… undoes it).", name=me.name, number=me.player, into=into.name,
                                 into_number=into.player))
        self.refresh()
        self.tab.select_player(into.player)

    def unmerge(self, player: int) -> None:
        """LGE-8 undone: an entry merged into ``player`` counts for itself again (the history keeps both)."""
        if self.book is None:
            return
        roster = self.book.roster
        merged = [pid for pid, into in roster.merged().items() if into == player]
        me = roster.get(player)
        if not merged:
            self.tab.feedback.refuse(_("No other entry is merged into {name} (#{number}).", name=me.name, number=me.id))
            return
        labels = [f"{roster.get(pid).name} (#{pid})" for pid in merged]
        chosen = labels[0] if len(labels) == 1 else self.ask_item(
            self.shell.parent, _("Split again"),
            _("Which entry merged into {name} counts for itself again?", name=me.name), labels)
        if chosen is None:
            return
        source = merged[labels.index(chosen)]
        try:
            roster.unmerge(source)
        except (ValueError, KeyError) as exc:
            self.tab.feedback.refuse(str(exc).strip("'\""))
            return
        self.tab.feedback.done(_("{entry} counts for itself again; {name}'s standings no longer include it.",
                                 entry=chosen, name=me.name))
        self.refresh()
        self.tab.select_player(player)

    def export_csv(self) -> None:
        if self.standings is None:
            return
        from sheets.output import OutputRefused, write_output

        slug = "-".join(f"{self.standings.league} {self.standings.season}".lower().split())
        target = self.csv_path_chooser(self.shell.parent, str(Path.home() / f"{slug}-standings.csv"))
        if not target:
            return
        try:
            write_output(Path(target), to_csv(self.standings).encode("utf-8"), "csv")
        except OutputRefused as exc:
            self.tab.feedback.refuse(exc.message)
            return
        self.tab.feedback.done(_("Standings written to {path}.", path=target))

    def print_standings(self) -> None:
        """Draw the standings sheet and open the print preview (print, save a copy, open)."""
        if self.standings is None:
            return
        from sheets.league import league_sheet
        from ui.printing import output

        start = time.perf_counter()
        pdf, bad = league_sheet(self.standings)
        title = f"{self.standings.league} {self.standings.season}"
        path = output.save_pdf(pdf, output.file_name(title, "league"))
        pages = pdf.count(b"/Type /Page") - pdf.count(b"/Type /Pages")
        result = SheetResult(SheetJob("league", _("League standings")), path, pages, output.page_images(path),
                             time.perf_counter() - start, bad)
        self.show_result(result)
