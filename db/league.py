"""Leagues and seasons, kept in the player roster's database beside the players (LGE-1..8).

    with Roster.open(path) as roster:
        book = LeagueBook(roster)
        book.create_league("Thursday Home Game", {"formula": {"kind": "sqrt_ratio", "scale": 10}, "best": 6})
        book.add_season("Thursday Home Game", "Spring")
        book.join("Thursday Home Game", "Spring", outcome)   # an event joins (app.league.outcome_of)
        book.record(outcome)                                   # when it finishes, or its finish is undone
        book.standings("Thursday Home Game", "Spring")         # app.league.Standings

What is stored is what happened: which events joined which season and, for each finished event,
each player's place, knockouts and prize. Standings are never stored: they are recomputed from
those results (``app.league.standings.compute``), so an undone finish (recorded as not finished,
its results withdrawn) or a merge of two roster entries shows at once.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from sqlalchemy import Boolean, Float, ForeignKey, Integer, String, Text, delete, insert, select, update
from sqlalchemy.orm import Mapped, Session, mapped_column

from app import format as fmt
from app.i18n import _
from app.league import EventOutcome, EventResults, Finish, LeagueError, LeagueRules, Standings, compute, rules_from
from app.league.rules import rules_from_json
from app.names import fold_key
from db.roster import Roster, RosterBase


class LeagueRow(RosterBase):
    __tablename__ = "leagues"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(Text, unique=True)
    rules: Mapped[str] = mapped_column(Text)  # the rules as given, JSON (checked on the way in and out)
    created_at: Mapped[float] = mapped_column(Float)


class SeasonRow(RosterBase):
    __tablename__ = "seasons"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    league_id: Mapped[int] = mapped_column(ForeignKey("leagues.id"))
    name: Mapped[str] = mapped_column(Text)
    created_at: Mapped[float] = mapped_column(Float)


class EventRow(RosterBase):
    __tablename__ = "league_events"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    key: Mapped[str] = mapped_column(Text, unique=True)
    name: Mapped[str] = mapped_column(Text)
    played_on: Mapped[str] = mapped_column(String(10))
    entries: Mapped[int] = mapped_column(Integer)
    buy_in_cents: Mapped[int] = mapped_column(Integer)
    currency: Mapped[str] = mapped_column(String(8))
    finished: Mapped[bool] = mapped_column(Boolean)
    updated_at: Mapped[float] = mapped_column(Float)


class SeasonEventRow(RosterBase):
    __tablename__ = "season_events"

    season_id: Mapped[int] = mapped_column(ForeignKey("seasons.id"), primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("league_events.id"), primary_key=True)
    counts: Mapped[bool] = mapped_column(Boolean)


class ResultRow(RosterBase):
    __tablename__ = "league_results"

    event_id: Mapped[int] = mapped_column(ForeignKey("league_events.id"), primary_key=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"), primary_key=True)
    place: Mapped[int] = mapped_column(Integer)
    knockouts: Mapped[int] = mapped_column(Integer)
    prize_cents: Mapped[int] = mapped_column(Integer)


@dataclass(frozen=True)
class SeasonInfo:
    league: str
    season: str
    events: int
    finished: int


@dataclass(frozen=True)
class SeasonEvent:
    key: str
    name: str
    played_on: str
    entries: int
    finished: bool
    counts: bool


class LeagueBook:
    """The leagues in one roster file. Every change is one transaction; bad input changes nothing."""

    def __init__(self, roster: Roster) -> None:
        self.roster = roster
        self._s: Session = roster.session

    # -- leagues and seasons ------------------------------------------------------------------------
    def create_league(self, name: str, rules: object = None) -> LeagueRules:
        clean = " ".join(str(name).split())
        if not clean:
            raise LeagueError(_("A league needs a name."))
        checked = rules_from(rules)
        with self._s.begin():
            if self._s.execute(select(LeagueRow.id).where(LeagueRow.name == clean)).first() is not None:
                raise LeagueError(_("There is already a league called {name}.", name=repr(clean)))
            self._s.execute(insert(LeagueRow), [{"name": clean, "rules": checked.to_json(), "created_at": time.time()}])
        return checked

    def set_rules(self, league: str, rules: object) -> LeagueRules:
        checked = rules_from(rules)
        with self._s.begin():
            lid = self._league_id(league)
            self._s.execute(update(LeagueRow).where(LeagueRow.id == lid).values(rules=checked.to_json()))
        return checked

    def rules(self, league: str) -> LeagueRules:
        with self._s.begin():
            text = self._s.execute(select(LeagueRow.rules).where(LeagueRow.id == self._league_id(league))).scalar_one()
        return rules_from_json(text)

    def leagues(self) -> list[str]:
        with self._s.begin():
            return [str(n) for n in self._s.execute(select(LeagueRow.name).order_by(LeagueRow.name)).scalars()]

    def add_season(self, league: str, season: str) -> None:
        clean = " ".join(str(season).split())
        if not clean:
            raise LeagueError(_("A season needs a name, such as Spring 2026."))
        with self._s.begin():
            lid = self._league_id(league)
            if self._s.execute(select(SeasonRow.id).where(SeasonRow.league_id == lid, SeasonRow.name == clean)).first():
                raise LeagueError(_("{league} already has a season called {name}.", league=league, name=repr(clean)))
            self._s.execute(insert(SeasonRow), [{"league_id": lid, "name": clean, "created_at": time.time()}])

    def seasons(self) -> list[SeasonInfo]:
        """Every season of every league, with its events and how many have finished."""
        q = (select(LeagueRow.name, SeasonRow.name, SeasonRow.id)
             .join(SeasonRow, SeasonRow.league_id == LeagueRow.id).order_by(LeagueRow.name, SeasonRow.id))
        out = []
        with self._s.begin():
            for league, season, sid in self._s.execute(q).all():
                flags = self._s.execute(
                    select(EventRow.finished).join(SeasonEventRow, SeasonEventRow.event_id == EventRow.id)
                    .where(SeasonEventRow.season_id == sid)).scalars()
                done = list(flags)
                out.append(SeasonInfo(str(league), str(season), len(done), sum(1 for f in done if f)))
        return out

    # -- events -------------------------------------------------------------------------------------
    def join(self, league: str, season: str, outcome: EventOutcome, counts: bool = True) -> None:
        """The event joins the season (at creation or later); its results are recorded if it has finished."""
        with self._s.begin():
            sid = self._season_id(league, season)
            eid = self._event(outcome)
            row = self._s.get(SeasonEventRow, (sid, eid))
            if row is None:
                self._s.execute(insert(SeasonEventRow), [{"season_id": sid, "event_id": eid, "counts": counts}])
            else:
                row.counts = counts

    def leave(self, league: str, season: str, key: str) -> None:
        with self._s.begin():
            sid = self._season_id(league, season)
            eid = self._s.execute(select(EventRow.id).where(EventRow.key == key)).scalar()
            if eid is not None:
                self._s.execute(delete(SeasonEventRow).where(SeasonEventRow.season_id == sid,
                                                             SeasonEventRow.event_id == eid))

    def joined(self, key: str) -> list[tuple[str, str]]:
        """(league, season) of every season the event ``key`` belongs to."""
        q = (select(LeagueRow.name, SeasonRow.name).join(SeasonRow, SeasonRow.league_id == LeagueRow.id)
             .join(SeasonEventRow, SeasonEventRow.season_id == SeasonRow.id)
             .join(EventRow, EventRow.id == SeasonEventRow.event_id).where(EventRow.key == key))
        with self._s.begin():
            return [(str(a), str(b)) for a, b in self._s.execute(q).all()]

    def record(self, outcome: EventOutcome) -> bool:
        """Record what an event gives its seasons: its results when finished, none when its finish was
        undone. Only an event that joined a season is recorded. True when something was written."""
        with self._s.begin():
            if self._s.execute(select(EventRow.id).where(EventRow.key == outcome.key)).first() is None:
                return False
            self._event(outcome)
        return True

    def events(self, league: str, season: str) -> list[SeasonEvent]:
        with self._s.begin():
            sid = self._season_id(league, season)
            q = (select(EventRow, SeasonEventRow.counts).join(SeasonEventRow, SeasonEventRow.event_id == EventRow.id)
                 .where(SeasonEventRow.season_id == sid).order_by(EventRow.played_on, EventRow.id))
            return [SeasonEvent(e.key, e.name, e.played_on, e.entries, e.finished, bool(c))
                    for e, c in self._s.execute(q).all()]

    # -- standings ----------------------------------------------------------------------------------
    def standings(self, league: str, season: str) -> Standings:
        """The season's standings, recomputed from the recorded results (see the module's notes)."""
        rules = self.rules(league)
        with self._s.begin():
            sid = self._season_id(league, season)
            q = (select(EventRow.id, EventRow.name, EventRow.played_on, EventRow.entries, EventRow.buy_in_cents,
                        EventRow.currency, EventRow.finished, SeasonEventRow.counts)
                 .join(SeasonEventRow, SeasonEventRow.event_id == EventRow.id).where(SeasonEventRow.season_id == sid))
            heads = self._s.execute(q).all()
            ids = [h[0] for h in heads]
            results: dict[int, list[Finish]] = {i: [] for i in ids}
            if ids:
                # Core, not the ORM's loading: a season of 52 events of 200 players is 10,400 rows.
                rq = (select(ResultRow.event_id, ResultRow.player_id, ResultRow.place, ResultRow.knockouts,
                             ResultRow.prize_cents).where(ResultRow.event_id.in_(ids)))
                for eid, pid, place, kos, prize in self._s.connection().execute(rq):
                    results[eid].append(Finish(pid, place, kos, prize))
        events = [
            EventResults(eid, name, played, entries, cents / 10 ** fmt.decimals(currency), bool(counts),
                         bool(finished), tuple(results[eid]))
            for eid, name, played, entries, cents, currency, finished, counts in heads
        ]
        return compute(league, season, rules, events, self.roster.names(), self.roster.merged())

    # -- inside a transaction -----------------------------------------------------------------------
    def _league_id(self, league: str) -> int:
        lid = self._s.execute(select(LeagueRow.id).where(LeagueRow.name == league)).scalar()
        if lid is None:
            raise LeagueError(_("There is no league called {name}.", name=repr(league)))
        return int(lid)

    def _season_id(self, league: str, season: str) -> int:
        lid = self._league_id(league)
        sid = self._s.execute(select(SeasonRow.id).where(SeasonRow.league_id == lid, SeasonRow.name == season)).scalar()
        if sid is None:
            raise LeagueError(_("{league} has no season called {name}.", league=league, name=repr(season)))
        return int(sid)

    def _event(self, outcome: EventOutcome) -> int:
        """Insert or refresh the event and replace its results with the outcome's (none if unfinished)."""
        values = {"name": outcome.name, "played_on": outcome.played_on, "entries": outcome.entries,
                  "buy_in_cents": outcome.buy_in_cents, "currency": outcome.currency,
                  "finished": outcome.finished, "updated_at": time.time()}
        eid = self._s.execute(select(EventRow.id).where(EventRow.key == outcome.key)).scalar()
        if eid is None:
            eid = self._s.execute(insert(EventRow).returning(EventRow.id),
                                  [{"key": outcome.key, **values}]).scalar_one()
        else:
            self._s.execute(update(EventRow).where(EventRow.id == eid).values(**values))
        self._s.execute(delete(ResultRow).where(ResultRow.event_id == eid))
        if outcome.finished and outcome.rows:
            ids = {row.name: self._player_id(row.name) for row in outcome.rows}
            best: dict[int, dict[str, int]] = {}
            for row in outcome.rows:
                pid = ids[row.name]
                if pid not in best or row.place < best[pid]["place"]:
                    best[pid] = {"event_id": int(eid), "player_id": pid, "place": row.place,
                                 "knockouts": row.knockouts, "prize_cents": row.prize_cents}
            self._s.execute(insert(ResultRow), list(best.values()))
        return int(eid)

    def _player_id(self, name: str) -> int:
        """The roster entry of a player by name (inside the open transaction), added when new."""
        from db.roster import RosterRow, _key

        key = fold_key(name)
        for pid, pname in self._s.execute(select(RosterRow.id, RosterRow.name).where(
                RosterRow.search_key.startswith(key, autoescape=True)).order_by(RosterRow.id)).all():
            if fold_key(pname) == key:
                return int(pid)
        now = time.time()
        clean = " ".join(name.split())
        return int(self._s.execute(insert(RosterRow).returning(RosterRow.id), [{
            "name": clean, "nickname": None, "contact": None, "search_key": _key(clean, None, None),
            "created_at": now, "updated_at": now}]).scalar_one())


def load_demo(book: LeagueBook) -> tuple[str, str]:
    """The built-in demo season (``app.league.demo``) written into ``book``'s roster: its league, season."""
    from app.league import OutcomeRow
    from app.league.demo import DEMO_LEAGUE, DEMO_RULES, DEMO_SEASON, demo_events

    events, names = demo_events()
    if DEMO_LEAGUE not in book.leagues():
        book.create_league(DEMO_LEAGUE, DEMO_RULES)
    if all(s.season != DEMO_SEASON or s.league != DEMO_LEAGUE for s in book.seasons()):
        book.add_season(DEMO_LEAGUE, DEMO_SEASON)
    for e in events:
        rows = tuple(OutcomeRow(names[f.player], f.place, f.knockouts, f.prize_cents) for f in e.finishes)
        outcome = EventOutcome(f"demo-{e.event}", e.name, e.played_on, e.entries, round(e.buy_in * 100), "USD",
                               e.finished, rows)
        book.join(DEMO_LEAGUE, DEMO_SEASON, outcome)
    return DEMO_LEAGUE, DEMO_SEASON
