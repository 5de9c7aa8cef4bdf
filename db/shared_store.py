"""The tournament shared by several stations: its log held in a PostgreSQL database.

API (the same as :class:`db.store.TournamentStore`'s, :class:`db.store_api.TournamentLog`, plus what
sharing needs)::

    store = create_shared(url, from_file=path, station="Director")  # copy a tournament file in, open it
    store = open_shared(url, station="Floor 2", operator="Bob")      # another station joins
    store.execute({"cmd": "bust", "player": "Ann Lee"})  # appended at the next position, or decided again
    store.undo(); store.redo(); store.undo_label(); store.history(); store.tournament; store.close()
    store.poll()         # the actions other stations appended since (folded in), without waiting
    store.wait(0.5)      # the same, waiting up to 0.5 s for one to arrive (LISTEN/NOTIFY)
    store.author(seq)    # Author(station, operator, committed_at) of an action
    store.export(path)   # the shared tournament back into a normal tournament file; returns its actions
    store.export_held(path)   # the same from what this station holds, without the server -> Exported
    store.save_as_file(path)  # from the server if it answers, else from what this station holds -> Exported

The database holds three tables: ``meta`` (the format, the tournament's identity and name), ``actions``
(one row per action, the columns of the file's ``actions`` table with the same command and event text,
plus the station and operator who recorded it and when the server committed it) and ``snapshots`` (the
state right after an action, as in a file). Every station folds the same rows, in ``seq`` order, to the
same state.

**Snapshots.** Every ``snapshot_every`` actions done (as on a file), the station that appends the action
writes the state after it in the same transaction; a station that folds in that action from another
station writes it too if it is not there yet (one row per action and fingerprint: whoever comes second
changes nothing). Only the director's stations (and the server's owner) may write them, since every
station trusts them when it opens; the latest :data:`db.writer.KEEP_SNAPSHOTS` are kept. A station opens
from the latest snapshot that passes the file's checks (same fingerprint, no later undo reaching back
before it, readable within its size limit) plus the actions after it, and replays the whole log when none
does (:func:`_fold`). Sharing a file copies its snapshots in too.

**Appending.** An action is decided on the station's state after action N (the last it has seen) and
inserted as action N+1, with a NOTIFY on the tournament's channel, in one transaction. If another
station got there first, the primary key refuses the row: the station puts its state back, catches up
(folds in the actions after N), and decides again; after three lost races it holds the tournament's
advisory lock for its whole turn (catching up, deciding, inserting), which every insert also takes, so a
station is never starved by busier ones. The engine then either records the action at the new position
or refuses it; a refusal that follows actions of other stations the operator had not seen names them
(:class:`Overtaken`: "Bust-out of Ann Lee at 21:03 by Floor 2; nothing changed: ..."). So no action is
lost, none is applied twice, and every station has them in the same order. Undo and redo are actions
too and race the same way; an undo whose target is no longer the one the operator saw (another station
acted meanwhile) is refused in words rather than undoing someone else's action.

**Seeing other stations.** Each commit notifies the channel ``floorman_<tournament id>``; a second
connection LISTENs on it. :meth:`SharedStore.poll` (from a timer) and :meth:`SharedStore.wait` (from a
loop) fold in what arrived and return it so the window can redraw: ``poll`` reads the log after the
station's last action (one indexed query, so nothing committed is missed even when its notification
is still on its way); ``wait`` blocks on the notification when nothing is there yet, and looks at the
log anyway every :data:`LOOK_EVERY` seconds (a notification lost with a dropped connection).

**Losing the server.** An action whose commit fails is taken back from the station's state and refused
with :class:`ServerUnreachable`; if the commit did reach the server after all, the next catching up brings
it back like any other action, so the station never keeps a state the log does not hold. Each call
reconnects if the connection was lost.
"""

from __future__ import annotations

import gc
import json
import time as _time
import uuid
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from types import TracebackType
from typing import Any

import psycopg
from psycopg import errors as pg_errors
from psycopg import sql
from psycopg.conninfo import make_conninfo

from app.commands import Command, declaration
from app.commands.roles import DIRECTOR
from app.core.events import Event
from app.core.state import TournamentState
from app.core.timesource import TimeSource
from app.errors import RuleError
from app.i18n import _, ngettext
from app.log.history import UNDO, Action, History, HistoryItem, replay_history
from app.log.snapshots import load_state, state_limit
from db import loading, server_roles, writer
from db.errors import FileAlreadyExists, NewerFileVersion, NotATournamentFile, StoreError
from db.fileformat import ACTION_COLUMNS, FORMAT, SCHEMA_VERSION
from db.server_address import NOTICE, first_line, follow_url, standbys_of, where
from db.shared_export import Exported, writable_target, write_file
from db.station_codes import role_on_server
from db.store import (
    SNAPSHOT_EVERY,
    Station,
    TournamentStore,
    app_version,
    checked_station,
    state_fingerprint,
    storable_text,
)
from db.store_api import FoldsHistory

LOOK_EVERY = 2.0  # seconds: poll() reads the log even without a notification this long after its last look
TRIES = 20  # how many times one action is decided again after other stations got there first
OPTIMISTIC_TRIES = 3  # then the station takes the tournament's lock for its turn: it cannot be overtaken
CONNECT_TIMEOUT = 3  # seconds
# A server whose laptop vanished (no reset, no answer) is given up in seconds, not TCP's many minutes: what
# was sent unacknowledged for 5 s, or an idle link with no answer to 3 probes 2 s apart after 5 s, fails.
# So a station says at once that it lost the server, and reconnects to a standby copy that took over.
LIVENESS: dict[str, int] = {"keepalives": 1, "keepalives_idle": 5, "keepalives_interval": 2, "keepalives_count": 3,
                            "tcp_user_timeout": 5000}

# The state right after an action, as the file's ``snapshots`` table keeps it (app/log/snapshots.py): one row
# per action and fingerprint (the state's layout and the app's version), whichever station wrote it first.
SNAPSHOTS_SQL = ("CREATE TABLE snapshots (action_seq integer NOT NULL REFERENCES actions (seq), "
                 "fingerprint text NOT NULL, state bytea NOT NULL, station text NOT NULL DEFAULT '', "
                 "made_at timestamptz NOT NULL DEFAULT clock_timestamp(), PRIMARY KEY (action_seq, fingerprint))")
SCHEMA_SQL: tuple[str, ...] = (
    "CREATE TABLE meta (key text PRIMARY KEY, value text NOT NULL)",
    "CREATE TABLE actions (seq integer PRIMARY KEY CHECK (seq >= 1), kind text NOT NULL, "
    "at double precision NOT NULL, label text NOT NULL, command text NOT NULL, events text NOT NULL, "
    "target integer REFERENCES actions (seq), automatic boolean NOT NULL DEFAULT false, "
    "station text NOT NULL DEFAULT '', operator text NOT NULL DEFAULT '', "
    "committed_at timestamptz NOT NULL DEFAULT clock_timestamp())",
    SNAPSHOTS_SQL,
)
_COLUMNS = ACTION_COLUMNS  # the station and the operator that recorded it are the last two
_INSERT = f"INSERT INTO actions ({', '.join(_COLUMNS)}) VALUES ({', '.join('%s' for _ in _COLUMNS)})"
_SELECT_AFTER = f"SELECT {', '.join(ACTION_COLUMNS)}, committed_at FROM actions " \
                "WHERE seq > %s ORDER BY seq"
_SELECT_META = "SELECT key, value FROM meta"
_SNAPSHOTS_HELD = "SELECT to_regclass('snapshots') IS NOT NULL"
_MAY_SNAPSHOT = "SELECT has_table_privilege('snapshots', 'INSERT') AND has_table_privilege('snapshots', 'DELETE')"
_SELECT_SNAPSHOTS = "SELECT action_seq FROM snapshots WHERE fingerprint = %s AND action_seq <= %s " \
                    "ORDER BY action_seq DESC"
_SELECT_SNAPSHOT_STATE = "SELECT state FROM snapshots WHERE action_seq = %s AND fingerprint = %s"
_INSERT_SNAPSHOT = "INSERT INTO snapshots (action_seq, fingerprint, state, station) VALUES (%s, %s, %s, %s) " \
                   "ON CONFLICT DO NOTHING"
_PRUNE_SNAPSHOTS = "DELETE FROM snapshots WHERE action_seq < (SELECT min(action_seq) FROM (SELECT action_seq " \
                   "FROM snapshots WHERE fingerprint = %s ORDER BY action_seq DESC LIMIT %s) AS kept)"
_LOCK = "SELECT pg_advisory_xact_lock(%s)"


@dataclass(frozen=True)
class Author:
    """Who recorded an action: the station, its operator (may be empty) and when the server committed it."""

    station: str
    operator: str
    committed_at: datetime | None


class ServerUnreachable(StoreError):
    """The tournament's server cannot be reached: nothing was changed; the station reconnects by itself."""


class AlreadyShared(FileAlreadyExists):
    """The database already holds a shared tournament."""


class Overtaken(RuleError):
    """Refused after catching up with actions of other stations the operator had not seen.

    ``code`` is the engine's own reason (or NOTHING_TO_UNDO / NOTHING_TO_REDO); ``by`` lists those actions.
    """

    def __init__(self, code: str, message: str, rule: str | None, by: list[tuple[Action, Author]]) -> None:
        super().__init__(code, message, rule)
        self.by = by


class NotLetIn(StoreError):
    """The server refused this station's login: its join code was revoked (or its password is wrong)."""


def connect(url: str) -> psycopg.Connection[tuple[Any, ...]]:
    try:
        return psycopg.connect(make_conninfo(url, **LIVENESS), autocommit=True, connect_timeout=CONNECT_TIMEOUT)
    except psycopg.OperationalError as exc:
        if _refused_login(exc):
            raise NotLetIn(_("The tournament server at {server} refused this station's login: its join code was "
                             "revoked by the director, or its password is wrong. Nothing was changed; ask the "
                             "director for a new join code.", server=where(url))) from exc
        raise ServerUnreachable(_unreachable(url, exc)) from exc


def _refused_login(exc: psycopg.Error) -> bool:
    """Did the server refuse the login itself (revoked, or a wrong password), rather than not answer?"""
    text = str(exc)
    return exc.sqlstate in ("28P01", "28000") or "password authentication failed" in text \
        or "is not permitted to log in" in text or "no pg_hba.conf entry" in text


def _unreachable(url: str, exc: BaseException) -> str:
    return _("Floorman cannot reach the tournament server at {server} ({reason}). Nothing was changed; this "
             "station tries again by itself.", server=where(url), reason=first_line(exc))


def _action(row: Sequence[Any]) -> tuple[Action, Author]:
    seq, kind, at, label, command, events, target, automatic, station, operator, committed_at = row
    action = Action(seq, kind, at, label, json.loads(command), None, target, bool(automatic), raw_events=events,
                    station=station, operator=operator)
    return action, Author(station, operator, committed_at)


def create_shared(url: str, *, from_file: Path | str, station: str = "Director", operator: str = "",
                  time: TimeSource | None = None, snapshot_every: int = SNAPSHOT_EVERY) -> SharedStore:
    """Copy the tournament file ``from_file`` (every action, undone ones and all) into the empty database
    at ``url``, in one transaction, and open it there for ``station``. The file is only read."""
    with TournamentStore.open(from_file, read_only=True) as store:
        db = store._db
        facts = dict(db.execute("SELECT key, value FROM meta").fetchall())
        rows = db.execute(f"SELECT {', '.join(ACTION_COLUMNS)} FROM actions ORDER BY seq").fetchall()
        snapshots = [(seq, fp, blob, station) for _id, seq, fp, blob in loading.snapshot_rows(db)]
    facts = {key: facts[key] for key in ("name", "created_at") if key in facts}
    facts.update(format=FORMAT, schema=str(SCHEMA_VERSION), app_version=app_version(),
                 tournament_id=uuid.uuid4().hex, shared_from=Path(from_file).name)
    conn = connect(url)
    try:
        with conn.transaction():
            held = conn.execute("SELECT to_regclass('meta') IS NOT NULL OR to_regclass('actions') IS NOT NULL")
            if held.fetchone() == (True,):
                raise AlreadyShared(f"The database at {where(url)} already holds a tournament; Floorman will not "
                                    "overwrite it. Give another database.")
            for statement in SCHEMA_SQL:
                conn.execute(statement)
            server_roles.install(conn)  # the server refuses what a station's role does not allow
            conn.cursor().executemany("INSERT INTO meta (key, value) VALUES (%s, %s)", list(facts.items()))
            conn.cursor().executemany(_INSERT, [(*row[:7], bool(row[7]), *row[8:]) for row in rows])
            conn.cursor().executemany(_INSERT_SNAPSHOT, snapshots)  # the file's: the first opening is as fast
    except psycopg.OperationalError as exc:
        raise ServerUnreachable(_unreachable(url, exc)) from exc
    finally:
        conn.close()
    return SharedStore.open(url, station=station, operator=operator, time=time, snapshot_every=snapshot_every)


def open_shared(url: str, *, station: str, operator: str = "", time: TimeSource | None = None,
                snapshot_every: int = SNAPSHOT_EVERY, role: str = DIRECTOR) -> SharedStore:
    """Open the tournament shared in the database at ``url`` as ``station`` (its operator: ``operator``;
    its role, what it may enter: ``role``, app.commands.roles)."""
    return SharedStore.open(url, station=station, operator=operator, time=time, snapshot_every=snapshot_every,
                            role=role)


class SharedStore(FoldsHistory):
    """A station on a shared tournament. Create with :func:`create_shared` or :func:`open_shared`."""

    read_only = False

    def __init__(self, url: str, conn: psycopg.Connection[tuple[Any, ...]], meta: dict[str, str],
                 history: History, authors: dict[int, Author], *, station: str, operator: str,
                 role: str = DIRECTOR) -> None:
        self.url = url
        self.meta = meta
        self.station, self.operator, self.role = station, operator, role
        self.channel = f"floorman_{meta['tournament_id']}"
        self._conn: psycopg.Connection[tuple[Any, ...]] | None = conn
        self._listener: psycopg.Connection[tuple[Any, ...]] | None = None
        self._history = history
        self._authors = authors
        self._last_look = _time.monotonic()
        self._lock_key = int(meta["tournament_id"][:15], 16)  # the tournament's advisory lock (a bigint)
        self._in_turn: list[Action] | None = None  # what an exclusive turn appended so far
        # Does this station write the snapshots (the server lets the director's stations and its owner)?
        self._writes_snapshots = False
        self._fingerprint = state_fingerprint()
        self._listen()

    @classmethod
    def open(cls, url: str, *, station: str, operator: str = "", time: TimeSource | None = None,
             snapshot_every: int = SNAPSHOT_EVERY, role: str = DIRECTOR) -> SharedStore:
        checked_station(Station(role, station, operator))  # the names a file's station may have, no longer
        if not station.strip():
            raise RuleError("INVALID_INPUT", _("Give this station a name (\u201cDesk\u201d, \u201cFloor 2\u201d): "
                                               "every action records where it was entered."))
        conn = connect(url)
        try:
            role = role_on_server(conn) or role  # a station's login: the role its group has on the server
            meta = _read_meta(conn, url)
            with conn.transaction():  # the log and its snapshots as of one moment
                rows = conn.execute(_SELECT_AFTER, (0,)).fetchall()
                read = [_action(row) for row in rows]
                actions = [a for a, _ in read]
                if not actions or actions[0].kind != "create" or any(a.seq != i for i, a in enumerate(actions, 1)):
                    raise NotATournamentFile(f"The tournament in the database at {where(url)} is damaged: its log "
                                             "has gaps or no start.")
                history = _fold(conn, actions, time, snapshot_every)
                snapshots = _one(conn, _SNAPSHOTS_HELD) and _one(conn, _MAY_SNAPSHOT)
        except psycopg.OperationalError as exc:
            conn.close()
            raise ServerUnreachable(_unreachable(url, exc)) from exc
        except BaseException:
            conn.close()
            raise
        url = follow_url(url, standbys_of(meta))  # a standby copy's address too: a reconnect finds who took over
        store = cls(url, conn, meta, history, {a.seq: who for a, who in read},
                    station=" ".join(station.split()), operator=" ".join(operator.split()), role=role)
        store._writes_snapshots = bool(snapshots)
        return store

    # -- what the window reads ----------------------------------------------------------------
    @property
    def name(self) -> str:
        return self.meta.get("name", "")

    def history(self) -> list[HistoryItem]:
        return self._history.items()

    def actions(self) -> list[Action]:
        """Every action this station has folded in, oldest first."""
        return list(self._history.actions)

    def author(self, seq: int) -> Author:
        return self._authors.get(seq, Author("", "", None))

    def undo_label(self) -> str | None:
        return self._history.undo_label()

    def redo_label(self) -> str | None:
        return self._history.redo_label()

    # -- changing the tournament --------------------------------------------------------------
    def execute(self, command: Command | dict[str, Any], *, automatic: bool = False,
                label: str | None = None) -> list[Event]:
        """Run one command at the next position of the shared log. RuleError or StoreError: nothing changed
        (beyond what time had made due, recorded as its own action, as on a file)."""
        storable_text(command if isinstance(command, dict) else command.to_dict(), "The command")
        command = declaration(command)
        if label is not None:
            storable_text(label, "The label")
        self._history.permit(command, self.role)  # a station's role: refused before anything, even what is due
        seen = self.last_seq  # what the operator's screen showed when the action was decided
        for attempt in range(TRIES):
            refused: RuleError | None = None
            with self._turn(exclusive=attempt >= OPTIMISTIC_TRIES):
                self._catch_up()
                try:
                    due = self._history.run_due(command, station=self.station, operator=self.operator)
                    if due is not None and not self._append(due):
                        continue
                    action = self._history.run(command, automatic=automatic, label=label, nothing_due=due is None,
                                               role=self.role, station=self.station, operator=self.operator)
                except RuleError as exc:
                    refused = exc  # what time made due stays recorded, as on a file
                else:
                    if self._append(action):
                        return action.events
            if refused is not None:
                raise self._overtaken(refused, seen) from None
        raise self._busy()

    def undo(self) -> str:
        return self._toggle(UNDO)

    def redo(self) -> str:
        return self._toggle("redo")

    def _toggle(self, kind: str) -> str:
        history = self._history
        target_of = history.undo_target if kind == UNDO else history.redo_target
        seen, expected = self.last_seq, target_of()
        for attempt in range(TRIES):
            with self._turn(exclusive=attempt >= OPTIMISTIC_TRIES):
                self._catch_up()
                target = target_of()
                if _seq(target) != _seq(expected):
                    news = self._news(seen)
                    said = _said(news, history)
                    if kind == UNDO:
                        text = _("{news}; undo not done: nothing changed.", news=said)
                        if target:
                            text += " " + _("The last action undo would take is now {label}.",
                                            label=history.shown_label(target))
                    else:
                        text = _("{news}; redo not done: nothing changed.", news=said)
                        if target:
                            text += " " + _("The last action redo would take is now {label}.",
                                            label=history.shown_label(target))
                    raise Overtaken("NOTHING_TO_UNDO" if kind == UNDO else "NOTHING_TO_REDO", text, None, news)
                toggle = history.undo if kind == UNDO else history.redo
                action = toggle(role=self.role, station=self.station, operator=self.operator)
                if self._append(action):
                    return history.target_label(action)
        raise self._busy()

    @contextmanager
    def _turn(self, *, exclusive: bool) -> Iterator[None]:
        """One decision. After :data:`OPTIMISTIC_TRIES` lost races, the station takes the tournament's lock
        for its whole turn (catching up, deciding, inserting, in one transaction): every insert waits for
        that lock, so this turn cannot be overtaken. If the turn fails, what it appended is taken back."""
        if not exclusive:
            yield
            return
        self._in_turn = []
        try:
            conn = self._db()
            with conn.transaction():
                conn.execute(_LOCK, (self._lock_key,))
                yield
        except BaseException as exc:
            for action in reversed(self._in_turn):  # rolled back with the transaction
                self._history.discard(action)
                self._authors.pop(action.seq, None)
            if isinstance(exc, psycopg.Error):
                raise self._lost(exc) from exc
            raise
        finally:
            self._in_turn = None

    def _busy(self) -> StoreError:
        return StoreError(_("Other stations kept recording actions before this one {n} times in a row; nothing was "
                            "changed. Try again.", n=TRIES))

    def _news(self, seen: int) -> list[tuple[Action, Author]]:
        """The actions of other stations after action ``seen``, with who recorded them."""
        return [(a, self.author(a.seq)) for a in self._history.actions if a.seq > seen
                and self.author(a.seq).station != self.station]

    def _overtaken(self, exc: RuleError, seen: int) -> RuleError:
        """The engine's refusal, in words naming what other stations did since the operator looked."""
        news = self._news(seen)
        if not news or exc.code == "NEEDS_INPUT":  # a question is asked at this station, as it is
            return exc
        return Overtaken(exc.code, _("{news}; nothing changed: {reason}", news=_said(news, self._history),
                                     reason=exc.message), exc.rule, news)

    def _append(self, action: Action) -> bool:
        """Insert ``action`` at its position; False (and the state put back) if another station got there
        first. Raises :class:`ServerUnreachable` (the state put back) if the server cannot be reached."""
        values = writer.action_values(action)
        try:
            conn = self._db()
            with conn.transaction():
                conn.execute(_LOCK, (self._lock_key,))  # waits while another station has its turn
                conn.execute(_INSERT, values)
                self._write_snapshot(conn, action)  # the state after it, at each snapshot point
                conn.execute("SELECT pg_notify(%s, %s)", (self.channel, str(action.seq)))
        except pg_errors.UniqueViolation:
            self._history.discard(action)
            return False
        except BaseException as exc:
            self._history.discard(action)
            if isinstance(exc, psycopg.Error):
                raise self._lost(exc) from exc
            raise
        self._authors[action.seq] = Author(action.station, action.operator, None)
        if self._in_turn is not None:
            self._in_turn.append(action)
        return True

    def _write_snapshot(self, conn: psycopg.Connection[tuple[Any, ...]], action: Action) -> None:
        """At each snapshot point (every ``snapshot_every`` actions done, as on a file), the state right after
        ``action``, kept by the history and, if this station writes them, in the ``snapshots`` table: in the
        caller's transaction, so it stands or falls with the action. Another station that wrote the same
        action's snapshot first wins (the same state: every station folds the same log); the oldest are
        dropped beyond :data:`db.writer.KEEP_SNAPSHOTS`."""
        blob = self._history.due_snapshot()
        if blob is None or not self._writes_snapshots:
            return
        conn.execute(_INSERT_SNAPSHOT, (action.seq, self._fingerprint, blob, self.station))
        conn.execute(_PRUNE_SNAPSHOTS, (self._fingerprint, writer.KEEP_SNAPSHOTS))

    # -- other stations -----------------------------------------------------------------------
    def _catch_up(self) -> list[Action]:
        """Fold in every action after the last one this station holds; return them."""
        try:
            rows = self._db().execute(_SELECT_AFTER, (self.last_seq,)).fetchall()
        except psycopg.OperationalError as exc:  # the connection was lost (a restart, a dropped link): once more
            self._lost(exc)
            try:
                rows = self._db().execute(_SELECT_AFTER, (self.last_seq,)).fetchall()
            except psycopg.Error as again:
                raise self._lost(again) from again
        except psycopg.Error as exc:
            raise self._lost(exc) from exc
        self._last_look = _time.monotonic()
        new = []
        for row in rows:
            action, who = _action(row)
            self._history.receive(action)
            self._authors[action.seq] = who
            new.append(action)
            self._received_snapshot(action)
        return new

    def _received_snapshot(self, action: Action) -> None:
        """The snapshot point an action of another station reached: kept here, and written if that station
        did not (a station that may not write them, or one cut off before it could). A snapshot is only a
        shortcut: one that cannot be written now is simply not there."""
        if not self._writes_snapshots:
            self._history.due_snapshot()
            return
        conn = self._conn
        if conn is None or conn.closed:
            self._history.due_snapshot()
            return
        try:
            with conn.transaction():  # a savepoint inside a turn that holds the lock
                self._write_snapshot(conn, action)
        except psycopg.Error:
            pass

    def poll(self) -> list[Action]:
        """The actions appended since this station last looked, folded in; never waits (one query)."""
        self._heard(0.0)  # what was notified meanwhile is read now: the next wait starts afresh
        return self._catch_up()

    def wait(self, timeout: float) -> list[Action]:
        """The actions appended since this station last looked, folded in; when there are none yet, waits up
        to ``timeout`` seconds for another station's notification."""
        new = self.poll()
        if new or timeout <= 0:
            return new
        if self._heard(timeout) or _time.monotonic() - self._last_look >= LOOK_EVERY:
            return self._catch_up()
        return []

    def _heard(self, timeout: float) -> bool:
        listener = self._listener
        if listener is None:
            self._listen()
            return True  # the connection was lost: anything may have been missed
        try:
            got = list(listener.notifies(timeout=timeout, stop_after=1))
            if got:  # and whatever else already arrived, without waiting
                got += list(listener.notifies(timeout=0.0))
        except psycopg.Error:
            self._drop_listener()
            return True
        if any(n.payload == NOTICE for n in got):
            self._follow_standbys()
        return bool(got)

    def _follow_standbys(self) -> None:
        """A standby copy was added (db.standby): reconnect to it too, should it take over."""
        try:
            meta = dict(self._db().execute(_SELECT_META).fetchall())
        except (psycopg.Error, StoreError):
            return  # read again at the next notice, or when the station is opened again
        self.url = follow_url(self.url, standbys_of(meta))

    def _listen(self) -> None:
        try:
            listener = psycopg.connect(make_conninfo(self.url, **LIVENESS), autocommit=True,
                                       connect_timeout=CONNECT_TIMEOUT)
            listener.execute(sql.SQL("LISTEN {}").format(sql.Identifier(self.channel)))
        except psycopg.Error:
            self._listener = None  # tried again at the next poll
            return
        self._listener = listener

    def _drop_listener(self) -> None:
        if self._listener is not None:
            self._listener.close()
        self._listener = None

    # -- the connection -----------------------------------------------------------------------
    def _db(self) -> psycopg.Connection[tuple[Any, ...]]:
        if self._conn is None or self._conn.closed:
            self._conn = connect(self.url)
        return self._conn

    def _lost(self, exc: psycopg.Error) -> StoreError:
        """A database error in words; a lost connection is dropped, to be opened again at the next call."""
        if isinstance(exc, psycopg.errors.InsufficientPrivilege):
            return StoreError(_("The tournament server at {server} does not let this station record actions (its "
                                "join code's role does not allow it: {reason}). Nothing was changed.",
                                server=where(self.url), reason=exc.diag.message_primary))
        if isinstance(exc, psycopg.OperationalError) or (self._conn is not None and self._conn.broken):
            if self._conn is not None:
                self._conn.close()
            self._conn = None
            if exc.sqlstate == "57P01":  # cut off by the server: its code revoked, or the server stopping
                try:
                    self._conn = connect(self.url)
                except NotLetIn as refused:
                    return refused
                except ServerUnreachable:
                    pass
            return ServerUnreachable(_unreachable(self.url, exc))
        return StoreError(_("The tournament server at {server} refused to record this action ({reason}). Nothing "
                            "was changed.", server=where(self.url), reason=exc))

    # -- back into a file ---------------------------------------------------------------------
    def export(self, path: Path | str) -> int:
        """Write the shared tournament, as the server holds it now, into a new tournament file at ``path``
        (never over an existing file); returns how many actions it holds."""
        path = writable_target(path)
        try:
            conn = self._db()
            with conn.transaction():
                meta = dict(conn.execute(_SELECT_META).fetchall())
                rows = conn.execute(f"SELECT {', '.join(ACTION_COLUMNS)} FROM actions ORDER BY seq").fetchall()
        except psycopg.Error as exc:
            raise self._lost(exc) from exc
        write_file(path, meta, [(*row[:7], int(row[7]), *row[8:]) for row in rows])
        return len(rows)

    def export_held(self, path: Path | str) -> Exported:
        """Write the tournament as this station holds it (every action it has folded, with who recorded
        each) into a new tournament file at ``path``, without the server: for when the server is gone. The
        station holds only committed actions, in the log's order, so the file is the shared log up to
        :attr:`last_seq`; what other stations committed after this station last caught up is not in it,
        and :meth:`Exported.words` says so."""
        path = writable_target(path)
        actions = self._history.actions
        rows = [(*values[:7], int(values[7]), *values[8:]) for values in map(writer.action_values, actions)]
        write_file(path, self.meta, rows)
        last = actions[-1]
        who = self.author(last.seq)
        return Exported(path, len(actions), last.seq, last.at, who.station or last.station,
                        who.operator or last.operator, from_server=False)

    def save_as_file(self, path: Path | str) -> Exported:
        """Bring the shared tournament back into a normal file at ``path``: as the server holds it when the
        server answers (:meth:`export`), else as this station holds it (:meth:`export_held`). The result
        says which (:meth:`Exported.words`)."""
        try:
            count = self.export(path)
        except (ServerUnreachable, NotLetIn):
            return self.export_held(path)
        self._catch_up_quietly()
        last = self._history.actions[-1]
        who = self.author(last.seq)
        if last.seq != count:  # the server moved on between the copy and the look: say what the copy holds
            return Exported(Path(path), count, count, None, "", "", from_server=True)
        return Exported(Path(path), count, last.seq, last.at, who.station, who.operator, from_server=True)

    def _catch_up_quietly(self) -> None:
        try:
            self._catch_up()
        except StoreError:
            pass

    # -- closing ------------------------------------------------------------------------------
    def close(self) -> None:
        self._drop_listener()
        if self._conn is not None:
            self._conn.close()
        self._conn = None

    def __enter__(self) -> SharedStore:
        return self

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.close()


def _one(conn: psycopg.Connection[tuple[Any, ...]], query: str) -> Any:
    row = conn.execute(query).fetchone()
    return row[0] if row else None


def _fold(conn: psycopg.Connection[tuple[Any, ...]], actions: list[Action], time: TimeSource | None,
          snapshot_every: int) -> History:
    """The log folded to its state: from the latest snapshot that still describes it plus the actions after it,
    checked as a tournament file's are (:func:`db.loading.load_history`): written by this version of Floorman
    (the same fingerprint), at or before the last action, with no later undo or redo reaching back before it,
    and readable as a state no larger than its actions could make. A snapshot that fails any of these is
    passed over for an earlier one, and with none (or if the actions after it cannot be applied to it) the
    whole log is replayed: slower, never wrong."""
    fp = state_fingerprint()
    seqs = [row[0] for row in conn.execute(_SELECT_SNAPSHOTS, (fp, actions[-1].seq))] \
        if _one(conn, _SNAPSHOTS_HELD) else []
    chosen: dict[str, tuple[int, bytes]] = {}

    def choose(history: History) -> tuple[int, TournamentState] | None:
        for seq in seqs:
            if not history.state_valid_at(seq):
                continue
            row = conn.execute(_SELECT_SNAPSHOT_STATE, (seq, fp)).fetchone()
            if row is None:
                continue
            try:
                state = load_state(bytes(row[0]), state_limit(seq))
            except Exception:  # an unreadable snapshot is passed over: the log is the truth
                continue
            chosen["blob"] = (seq, bytes(row[0]))
            return seq, state
        return None

    was_enabled = gc.isenabled()
    gc.disable()  # hundreds of thousands of objects and no cycles, as when a file is loaded
    try:
        try:
            history = replay_history(actions, choose_snapshot=choose, time=time, snapshot_every=snapshot_every)
        except (KeyError, ValueError, TypeError, AttributeError, IndexError, RecursionError):
            if "blob" not in chosen:
                raise
            chosen.clear()  # the snapshot did not fit its log after all: the whole log, from the start
            history = replay_history(actions, time=time, snapshot_every=snapshot_every)
    finally:
        if was_enabled:
            gc.enable()
    if "blob" in chosen:
        seq, blob = chosen["blob"]
        history.remember(blob, loading.last_do_at_or_before(history, seq))
    return history


def _read_meta(conn: psycopg.Connection[tuple[Any, ...]], url: str) -> dict[str, str]:
    try:
        meta = dict(conn.execute(_SELECT_META).fetchall())
    except pg_errors.UndefinedTable:
        raise NotATournamentFile(f"The database at {where(url)} holds no shared Floorman tournament.") from None
    if meta.get("format") != FORMAT or "tournament_id" not in meta:
        raise NotATournamentFile(f"The database at {where(url)} holds no shared Floorman tournament.")
    if int(meta.get("schema", "0")) > SCHEMA_VERSION:
        raise NewerFileVersion(f"The tournament at {where(url)} was shared by a newer version of Floorman "
                               f"({meta.get('app_version', '?')}); update Floorman on this station.")
    return meta


def _said(news: list[tuple[Action, Author]], history: History) -> str:
    """ "Bust-out of Ann Lee at 21:03 by Floor 2 (Bob)": what other stations did, latest three at most, in the
    reader's language."""
    parts = []
    for action, who in news[-3:]:
        by = f"{who.station} ({who.operator})" if who.operator else who.station or _("another station")
        at = _time.strftime("%H:%M", _time.localtime(action.at))
        parts.append(_("{what} at {time} by {who}", what=history.shown_label(action), time=at, who=by))
    text = "; ".join(parts)
    if len(news) > 3:
        text = ngettext("{items} (and {n} more)", "{items} (and {n} more)", len(news) - 3, items=text)
    return text[:1].upper() + text[1:]


def _seq(action: Action | None) -> int | None:
    return action.seq if action is not None else None
