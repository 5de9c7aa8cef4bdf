"""The event file: one SQLite file per multi-flight event (FLT), beside its flights' tournament files.

It keeps the event's facts (the flights, each day's end, the bags of each table, Day 2's draw and busts),
one row each, written with the tournament files' durability: WAL, ``synchronous=FULL``, and a command's
facts inserted and committed in one transaction before :meth:`EventStore.execute` returns them, so what
the director is shown is on disk. A refused command writes nothing; a failed commit leaves the event as
it was. Opening the file replays its facts (the Day-2 draw's seed is among them, so it seats the same)::

    store = EventStore.create(path, profile, "Main Event", seed=7)   # refuses to overwrite a file
    store.execute({"cmd": "add_flight", "flight": "Day 1A"})
    store = EventStore.open(path); store.event.state
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Sequence
from pathlib import Path
from types import TracebackType
from typing import Any

from app.flights.event import EventCommand, EventFact, FlightEvent, decode_fact, encode_fact
from app.i18n import _
from app.profiles.profile import Profile
from db.checks import connect
from db.errors import FileAlreadyExists, FileMissing, NotATournamentFile

KIND = "floorman-event"
SCHEMA = (
    "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);"
    "CREATE TABLE facts (seq INTEGER PRIMARY KEY, action INTEGER NOT NULL, fact BLOB NOT NULL);"
)


def is_event_file(path: Path | str) -> bool:
    """Whether ``path`` is a Floorman event file (read-only: another program's database is left as it was)."""
    p = Path(path)
    if not p.is_file():
        return False
    try:
        probe = connect(p, read_only=True)
        try:
            kind = probe.execute("SELECT value FROM meta WHERE key = 'kind'").fetchone()
        finally:
            probe.close()
    except sqlite3.DatabaseError:
        kind = None
    return kind is not None and kind[0] == KIND


class EventStore:
    """An event and its file: every command's facts committed before they are returned."""

    def __init__(self, path: Path, conn: sqlite3.Connection, event: FlightEvent) -> None:
        self.path = path
        self.conn = conn
        self.event = event
        row = conn.execute("SELECT COALESCE(MAX(action), 0), COALESCE(MAX(seq), 0) FROM facts").fetchone()
        self.actions, self.seq = int(row[0]), int(row[1])

    @classmethod
    def create(cls, path: Path | str, profile: Profile, title: str, *, seed: int = 0) -> EventStore:
        p = Path(path)
        if p.exists():
            raise FileAlreadyExists(f"{p} already exists; choose another name for the event file.", p)
        conn = connect(p)
        try:
            event = FlightEvent.create(profile, title=title, seed=seed)
            with conn:
                conn.executescript(SCHEMA)
                conn.execute("INSERT INTO meta VALUES ('kind', ?)", (KIND,))
                conn.execute("INSERT INTO facts (action, fact) VALUES (0, ?)", (encode_fact(event.log[0]),))
        except BaseException:
            conn.close()
            raise
        return cls(p, conn, event)

    @classmethod
    def open(cls, path: Path | str, *, read_only: bool = False) -> EventStore:
        """Open an event file; ``read_only``: to read it (the exports), never writing to it."""
        p = Path(path)
        if not p.is_file():
            raise FileMissing(_("There is no event file at {path}.", path=p), p)
        if not is_event_file(p):
            raise NotATournamentFile(_("{path} is not a Floorman event file.", path=p), p)
        conn = connect(p, read_only=read_only)
        try:
            facts = [decode_fact(bytes(r[0])) for r in conn.execute("SELECT fact FROM facts ORDER BY seq")]
        except BaseException:
            conn.close()
            raise
        return cls(p, conn, FlightEvent.replay(facts))

    def execute(self, cmd: EventCommand | dict[str, Any]) -> list[EventFact]:
        """Decide, commit the facts, then fold them in; a refusal (RuleError) or a failed write changes nothing.
        Decided on the file as it is: what another window (a flight's, Day 2's) wrote to it is read first."""
        return self._commit(lambda: self.event.decide(cmd))

    def execute_all(self, cmds: Sequence[EventCommand | dict[str, Any]]) -> list[EventFact]:
        """Several commands as one action (a whole flight's bags): all are checked, each on the event as the
        ones before it leave it, and committed in one transaction; one refusal and nothing is recorded.

        The file is held for writing while they are decided, after the facts another window or program
        committed since this one last read it are folded in, so two windows on one event never decide on an
        event that has moved under them."""
        def decide() -> list[EventFact]:
            scratch = FlightEvent.replay(list(self.event.log))
            facts: list[EventFact] = []
            for cmd in cmds:
                facts += scratch.execute(cmd)
            return facts

        return self._commit(decide)

    def _commit(self, decide: Callable[[], list[EventFact]]) -> list[EventFact]:
        """Hold the file for writing, fold in what others committed, decide, write and commit, then fold in."""
        self.conn.execute("BEGIN IMMEDIATE")
        try:
            self._catch_up()
            facts = decide()
            action = self.actions + 1
            self.conn.executemany("INSERT INTO facts (action, fact) VALUES (?, ?)",
                                  [(action, encode_fact(f)) for f in facts])
            self.conn.commit()
        except BaseException:
            self.conn.rollback()
            raise
        self.actions = action
        self.seq += len(facts)
        self.event.record(facts)
        return facts

    def _catch_up(self) -> None:
        """Fold in the facts committed to the file since this store last read or wrote it."""
        rows = self.conn.execute("SELECT seq, action, fact FROM facts WHERE seq > ? ORDER BY seq",
                                 (self.seq,)).fetchall()
        if rows:
            self.event.record([decode_fact(bytes(r[2])) for r in rows])
            self.seq = int(rows[-1][0])
            self.actions = max(self.actions, max(int(r[1]) for r in rows))

    def reload(self) -> None:
        """Read what another window or program committed to the event file since (the dialog, before it shows)."""
        self._catch_up()

    def close(self) -> None:
        self.conn.close()

    def __enter__(self) -> EventStore:
        return self

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.close()


def make_day2_file(store: EventStore, path: Path | str, level: int | None = None) -> int:
    """FLT-10: Day 2's tournament file at ``path``, made from ``store``'s draw: what it plays for, then every Day-2
    player carried in with the bag he took forward at his drawn seat (the whole Day 2 or nothing:
    a refusal leaves no file behind). The file knows its event's file. Returns the number of players carried in."""
    from app.flights.event import day2_commands
    from db.store import TournamentStore

    state = store.event.state
    cmds = day2_commands(state, str(store.path.resolve()), level)
    target = Path(path)
    made = TournamentStore.create(target, store.event.profile, f"{state.title} Day 2", seed=state.seed)
    try:
        for cmd in cmds:
            made.execute(cmd)
    except BaseException:
        made.close()
        for leftover in (target, Path(f"{target}-wal"), Path(f"{target}-shm")):
            leftover.unlink(missing_ok=True)
        raise
    made.close()
    return len(cmds) - 1
