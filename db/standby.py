"""A standby copy of a shared tournament on a second laptop, and taking over when the host laptop dies.

    standby = start_standby(host_url, folder, address="192.168.1.24")  # kept by streaming replication
    standby.status()          # "sync": the host's every commit waits until this copy has it
    done = take_over(folder)  # the host is gone: this copy becomes the tournament's server
    watch = SyncWatch(host_url); watch.check()  # on the host, twice a second: a standby gone, said in words

**The copy.** :func:`start_standby` is given the host's own URL (``floorman host`` prints it, and its
standby code; a station's join code is refused: its login may not copy a server). On the host's server it
makes a replication login of its own (``standby_`` and 16 hex digits, a fresh strong password, the
REPLICATION attribute; the host's ``pg_hba.conf`` has a ``replication`` line with scram-sha-256 for its
network, db.pgserver) and a replication slot of that name, so the host keeps every change the copy has not
received yet. The wheel's ``pg_basebackup -R`` copies the whole server into ``FOLDER/data`` (private, as
the host's) and writes how to follow the host; the copy then listens on ``address`` and a free port, with
the same logins and passwords as the host (they are part of the copy), and is started. Once it streams,
the host is set to ``synchronous_standby_names = '*'`` (``FIRST n (*)`` for n copies, each of them): from then
on a commit on the host returns only when the copy has written it too, so a station shows an action as
done only when both laptops have it.
The copy's address is recorded in the tournament (``meta``, key ``standbys``) and announced on the
tournament's channel (payload ``standby``): each station adds it to the servers it reconnects to
(db.server_address.follow_url: libpq's several hosts, ``target_session_attrs=read-write``, so a station never lands
on a copy that is still a standby, and lands on it by itself once it took over).

**The standby goes away.** With a synchronous standby gone, the host would hold every commit forever:
no bust-out, no rebuy, the clock's actions frozen, because a laptop that only kept a copy ran out of
battery. A director expects the tournament to go on and to be told. So the host watches its standby
(:class:`SyncWatch`, run every half second by ``floorman host`` and by the window that shares the
tournament): after :data:`GRACE_S` seconds without a synchronous standby it drops back to asynchronous
commits and says so in words (actions are then on the host only, and a take-over would lose those entered
since); when the standby streams again it is made synchronous again, and that is said too. The actions held
up during those seconds are then recorded; none is refused. A standby stopped on purpose
(:meth:`Standby.stop`) releases the host at once itself.

**Taking over.** :func:`take_over` refuses while the host's server still answers (two servers taking
actions would split the tournament in two; stop it first). Otherwise it clears the copy's
``synchronous_standby_names`` (it came with the copy, and a promoted server would otherwise wait forever
on every commit for a standby it does not have), promotes it (``pg_ctl promote``) and checks it takes
commits. Every action a station was told was recorded is in it (the host had waited for it), and the
stations' next reconnect lands on it. An action whose commit was cut by the host's death was told to its
station as not recorded; if it reached the copy anyway, the station folds it in like another station's.
The dead host's server must not be started again on its old data (it would be a second tournament).

The standby's folder keeps, owner-only, ``standby.json``: the host's URL (it holds the host's password, as
the URL the director gave does) and the copy's address, for :func:`take_over` from another process.
"""

from __future__ import annotations

import atexit
import ipaddress
import json
import os
import re
import secrets
import shutil
import time
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

import psycopg
from psycopg import sql

from app.i18n import _
from db import pgserver
from db.errors import StoreError
from db.joincode import JoinCodeError, JoinInfo, info_from_url, is_code, read_code
from db.private import private_file
from db.server_address import META_KEY, NOTICE, first_line, standbys_of, where
from oskit.dirs import user_data_dir

INFO_FILE = "standby.json"  # in the standby's folder (owner-only): where the host is, the copy's address
LOGIN_PREFIX = "standby_"
_STREAMING = "SELECT count(*) FROM pg_stat_replication WHERE usename LIKE 'standby\\_%%' AND state = 'streaming'"
GRACE_S = 3.0  # seconds without a synchronous standby before the host stops waiting for one
WAIT_S = 30.0  # how long a new copy may take to stream and become synchronous
CONNECT_TIMEOUT = 5
# Each end gives up on a replication link that went silent (a laptop gone without a word) after this long,
# not PostgreSQL's minute: the host stops holding commits for a copy that vanished, the copy sees it lost
# its host.
LINK_TIMEOUT = "5s"
# A link that still says "streaming" but has heard nothing from the host for this long has lost it: the host
# answers the copy's pings within LINK_TIMEOUT, so this much silence means it is gone, even before the
# copy's receiver gives up on it (a busy laptop may be slow to).
SILENT_S = 12.0


class StandbyError(StoreError):
    """A standby could not be made, followed or promoted; ``message`` says why, in words. ``code`` names
    the reason (NOT_THE_HOST, HOST_UNREACHABLE, NO_REPLICATION, NOT_A_TOURNAMENT, NO_STANDBY, ALREADY_HOST,
    HOST_ALIVE, SERVER)."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


# -- making the copy ----------------------------------------------------------------------------------------
def host_url(target: str | JoinInfo) -> str:
    """The host's URL from what the director gave: its URL, its standby code, or a :class:`JoinInfo`."""
    if isinstance(target, JoinInfo):
        return target.url()
    try:
        if is_code(target):
            return read_code(target).url()
        info_from_url(target)
    except JoinCodeError as err:
        raise StandbyError("NOT_THE_HOST", err.message) from None
    return target.strip()


@dataclass
class Standby:
    """A standby copy running on this computer; :meth:`stop` ends it (its data stays in its folder)."""

    server: pgserver.PgServer
    primary_url: str
    login: str
    tournament_id: str

    @property
    def folder(self) -> Path:
        return self.server.folder

    @property
    def address(self) -> str:
        return self.server.address

    @property
    def port(self) -> int:
        return self.server.port

    def url(self) -> str:
        """The copy's own URL (the host's owner login, at the copy's address and port)."""
        return self.server.url()

    def status(self) -> str:
        """``sync`` (streaming from the host, which waits for it), ``streaming`` (not waited for yet),
        ``host lost`` (no host to stream from), ``host`` (it took over) or ``stopped``."""
        if not self.server.is_running():
            return "stopped"
        try:
            with psycopg.connect(self.url(), autocommit=True, connect_timeout=CONNECT_TIMEOUT) as conn:
                row = conn.execute("SELECT pg_is_in_recovery(), r.status, "
                                   "extract(epoch FROM clock_timestamp() - r.last_msg_receipt_time) "
                                   "FROM (SELECT 1) AS one LEFT JOIN pg_stat_wal_receiver AS r ON true").fetchone()
        except psycopg.Error:
            return "stopped"
        if row is None or not row[0]:
            return "host"
        if row[1] != "streaming" or (row[2] is not None and float(row[2]) > SILENT_S):
            return "host lost"
        return "sync" if _is_sync(self.primary_url, self.login) else "streaming"

    def stop(self) -> None:
        """Stop the copy. If it is still a standby, the host is first told not to wait for it, and its
        slot, login and address are removed from the host (when the host can be reached)."""
        atexit.unregister(self.stop)
        leaving = self.server.is_running() and (self.folder / "data" / "standby.signal").exists()
        release = None
        if leaving:
            release = _release(self.primary_url, self.login)
        self.server.stop()
        if release is not None:
            _forget(release, self.primary_url, self.login, self.address, self.port)

    def __enter__(self) -> Standby:
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()


def start_standby(primary: str | JoinInfo, folder: Path | str, *, address: str = pgserver.DEFAULT_ADDRESS,
                  wait_s: float = WAIT_S) -> Standby:
    """Make a synchronous standby copy of the host's server in ``folder`` (its data in ``folder/data``,
    which must not exist yet) and start it on ``address`` and a free port. Returns once the host waits
    for it on every commit. StandbyError (or pgserver.ServerError) in words when it cannot."""
    url = host_url(primary)
    folder = Path(folder).resolve()
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        raise StandbyError("SERVER", _("{address} is not a network address (e.g. 127.0.0.1 or 192.168.1.24).",
                                               address=repr(address))) \
            from None
    if ip.is_unspecified:
        raise StandbyError("SERVER", _("Choose the one address the standby listens on, not {address}.",
                                               address=address))
    binaries = pgserver.bin_folder()
    pgserver.free_port(str(ip))  # says in words when the address is not this computer's
    if (folder / "data").exists():
        raise StandbyError("SERVER", _("{folder} already exists; a standby needs a folder of its own.",
                                               folder=folder / "data"))
    info = info_from_url(url)
    conn = _connect_host(url)
    login, password = LOGIN_PREFIX + secrets.token_hex(8), secrets.token_urlsafe(32)
    try:
        tournament_id = _check_host(conn, url)
        conn.execute(sql.SQL("CREATE ROLE {} LOGIN REPLICATION PASSWORD {}").format(
            sql.Identifier(login), sql.Literal(password)))
    finally:
        conn.close()
    folder.mkdir(parents=True, exist_ok=True)
    run_as = pgserver._server_user()
    server = pgserver.PgServer(folder, str(ip), 0, info.database, info.password, user=info.user, _run_as=run_as)
    standby = Standby(server, url, login, tournament_id)
    started = False
    try:
        for made in (server.data_dir, server.run_dir):
            made.mkdir(mode=0o700, exist_ok=made == server.run_dir)
            made.chmod(0o700)
            if run_as:
                os.chown(made, run_as[1], run_as[2])
        if run_as:
            pgserver._let_through(server.data_dir)
            pgserver._let_through(binaries / pgserver.program("postgres"))
        _base_backup(server, binaries, info, login, password)
        pgserver._configure(server)  # its own address, network and socket, after the host's settings
        with open(server.data_dir / "postgresql.conf", "a", encoding="utf-8") as conf:
            conf.write(f"wal_receiver_timeout = '{LINK_TIMEOUT}'\nwal_sender_timeout = '{LINK_TIMEOUT}'\n")
        pgserver._start_on_free_port(server)
        started = True
        atexit.register(standby.stop)
        _become_sync(url, login, server, wait_s)
        _record(url, tournament_id, (server.address, server.port))
        _write_info(standby)
    except BaseException:
        if started:
            standby.stop()
        else:
            _forget(_release(url, login), url, login, server.address, server.port)
            shutil.rmtree(server.data_dir, ignore_errors=True)
        raise
    return standby


def _connect_host(url: str) -> psycopg.Connection[tuple[Any, ...]]:
    try:
        return psycopg.connect(url, autocommit=True, connect_timeout=CONNECT_TIMEOUT)
    except psycopg.OperationalError as exc:
        raise StandbyError("HOST_UNREACHABLE", _("Floorman cannot reach the host's server at {server} ({reason}); no "
                                                       "standby was made.", server=where(url),
                                                       reason=first_line(exc))) from exc


def _check_host(conn: psycopg.Connection[tuple[Any, ...]], url: str) -> str:
    """The tournament's id, once the host is known to be a primary this login may copy."""
    row = conn.execute("SELECT rolsuper, rolcreaterole FROM pg_roles WHERE rolname = current_user").fetchone()
    if row is None or not row[0]:
        raise StandbyError("NOT_THE_HOST", _(
            "The login of this code or URL may not copy the server (it is a station's, or a venue's login without "
            "the superuser right). Keeping a standby needs the host's own URL or standby code (floorman host prints "
            "them); no standby was made."))
    recovery = conn.execute("SELECT pg_is_in_recovery(), current_setting('wal_level')").fetchone()
    if recovery is not None and recovery[0]:
        raise StandbyError("NOT_THE_HOST", _("The server at {server} is itself a standby copy; give the host's URL. No "
                                                   "standby was made.", server=where(url)))
    if recovery is not None and recovery[1] not in ("replica", "logical"):
        raise StandbyError("NO_REPLICATION", _("The server at {server} keeps too little of its changes for a copy "
                                                     "(wal_level is minimal); no standby was made.", server=where(url)))
    held = conn.execute("SELECT to_regclass('meta') IS NOT NULL").fetchone()
    tid = conn.execute("SELECT value FROM meta WHERE key = 'tournament_id'").fetchone() if held == (True,) else None
    if tid is None:
        raise StandbyError("NOT_A_TOURNAMENT", _("The database at {server} holds no shared tournament; no standby was "
                                                       "made.", server=where(url)))
    return str(tid[0])


def _base_backup(server: pgserver.PgServer, binaries: Path, info: JoinInfo, login: str, password: str) -> None:
    done = pgserver._run(server, [
        str(binaries / pgserver.program("pg_basebackup")), "-D", str(server.data_dir), "-R", "-X", "stream",
        "-C", "-S", login, "-c", "fast", "-w", "-h", info.address, "-p", str(info.port), "-U", login,
    ], check=False, env={"PGPASSWORD": password, "PGCONNECT_TIMEOUT": str(CONNECT_TIMEOUT)})
    if done.returncode == 0:
        return
    why = (done.stderr or done.stdout).strip().splitlines()
    text = next((line for line in why if "error" in line.lower() or "FATAL" in line), why[0] if why else "")
    if "pg_hba.conf" in text or "replication" in text and "not permitted" in text:
        raise StandbyError("NO_REPLICATION", _(
            "The host's server does not let a standby copy in (its pg_hba.conf has no replication line for this "
            "laptop: {reason}); no standby was made.", reason=text.split(": ", 1)[-1]))
    raise StandbyError("SERVER", _("The copy of the host's server failed ({reason}); no standby was made.",
                                   reason=text))


def _is_sync(primary_url: str, login: str) -> bool:
    try:
        with psycopg.connect(primary_url, autocommit=True, connect_timeout=CONNECT_TIMEOUT) as conn:
            row = conn.execute("SELECT sync_state FROM pg_stat_replication WHERE usename = %s", (login,)).fetchone()
    except psycopg.Error:
        return False
    return row is not None and row[0] in ("sync", "quorum")


def _become_sync(url: str, login: str, server: pgserver.PgServer, wait_s: float) -> None:
    """Once the copy streams, the host waits for it on every commit."""
    deadline = time.monotonic() + wait_s
    with psycopg.connect(url, autocommit=True, connect_timeout=CONNECT_TIMEOUT) as conn:
        while True:
            row = conn.execute("SELECT state FROM pg_stat_replication WHERE usename = %s", (login,)).fetchone()
            if row is not None and row[0] == "streaming":
                break
            if time.monotonic() > deadline or not server.is_running():
                raise StandbyError("SERVER", _("The copy did not start streaming from the host within {seconds} s (its "
                                                     "log: {log}); no standby was made.", seconds=f"{wait_s:.0f}",
                                                     log=server.log_file))
            time.sleep(0.1)
        conn.execute(sql.SQL("ALTER SYSTEM SET wal_sender_timeout = {}").format(sql.Literal(LINK_TIMEOUT)))
        streaming = conn.execute(_STREAMING).fetchone()
        _set_sync(conn, sync_names(int(streaming[0]) if streaming else 1))  # reloads the settings too
        while True:
            row = conn.execute("SELECT sync_state FROM pg_stat_replication WHERE usename = %s", (login,)).fetchone()
            if row is not None and row[0] in ("sync", "quorum"):
                return
            if time.monotonic() > deadline:
                raise StandbyError("SERVER", _("The host did not take the copy as synchronous; no standby was made."))
            time.sleep(0.05)


def sync_names(copies: int) -> str:
    """``synchronous_standby_names`` for a host that waits for each of its ``copies`` on every commit."""
    return "" if copies <= 0 else "*" if copies == 1 else f"FIRST {copies} (*)"


def copies_waited_for(names: str) -> int:
    """How many standbys a ``synchronous_standby_names`` value waits for."""
    if not names.strip():
        return 0
    counted = re.match(r"\s*(?:FIRST\s+|ANY\s+)?(\d+)\s*\(", names, re.IGNORECASE)
    return int(counted.group(1)) if counted else 1


def _set_sync(conn: psycopg.Connection[tuple[Any, ...]], names: str | None) -> None:
    if names:
        conn.execute(sql.SQL("ALTER SYSTEM SET synchronous_standby_names = {}").format(sql.Literal(names)))
    else:
        conn.execute("ALTER SYSTEM RESET synchronous_standby_names")
    conn.execute("SELECT pg_reload_conf()")
    # The reload is taken by the server's processes a moment later: wait until this session sees it.
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline:
        if conn.execute("SELECT current_setting('synchronous_standby_names')").fetchone() == (names or "",):
            return
        time.sleep(0.02)


def _record(url: str, tournament_id: str, where: tuple[str, int]) -> None:
    """Add the copy's address to the tournament's standbys and tell the stations (a commit the host makes
    only once the copy has it)."""
    with psycopg.connect(url, autocommit=True, connect_timeout=CONNECT_TIMEOUT) as conn, conn.transaction():
        row = conn.execute("SELECT value FROM meta WHERE key = %s FOR UPDATE", (META_KEY,)).fetchone()
        listed = standbys_of({META_KEY: row[0]}) if row else []
        if where not in listed:
            listed.append(where)
        conn.execute("INSERT INTO meta (key, value) VALUES (%s, %s) ON CONFLICT (key) DO UPDATE SET value = "
                     "excluded.value", (META_KEY, json.dumps([list(w) for w in listed])))
        conn.execute("SELECT pg_notify(%s, %s)", (f"floorman_{tournament_id}", NOTICE))


def _release(url: str, login: str) -> psycopg.Connection[tuple[Any, ...]] | None:
    """The host stops waiting for this copy (when no other standby is streaming); the connection to the
    host is returned for :func:`_forget`, or None when the host cannot be reached."""
    try:
        conn = psycopg.connect(url, autocommit=True, connect_timeout=CONNECT_TIMEOUT)
    except psycopg.Error:
        return None
    try:
        # Its login shut and its stream cut first, so the host's SyncWatch cannot see it and wait again.
        conn.execute(sql.SQL("ALTER ROLE {} NOLOGIN").format(sql.Identifier(login)))
        conn.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_replication WHERE usename = %s", (login,))
        others = conn.execute(_STREAMING + " AND usename <> %s", (login,)).fetchone()
        _set_sync(conn, sync_names(int(others[0]) if others else 0))
    except psycopg.Error:
        conn.close()
        return None
    return conn


def _forget(conn: psycopg.Connection[tuple[Any, ...]] | None, url: str, login: str, address: str, port: int) -> None:
    """Remove the copy's slot, login and address from the host (each step on its own: what remains of a
    copy that failed half way goes too)."""
    if conn is None:
        return
    with conn:
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline:  # the slot is busy until the host notices the copy has gone
            try:
                conn.execute("SELECT pg_drop_replication_slot(slot_name) FROM pg_replication_slots "
                             "WHERE slot_name = %s", (login,))
                break
            except psycopg.errors.ObjectInUse:
                time.sleep(0.1)
            except psycopg.Error:
                break
        try:
            with conn.transaction():
                row = conn.execute("SELECT value FROM meta WHERE key = %s FOR UPDATE", (META_KEY,)).fetchone()
                if row is not None:
                    kept = [w for w in standbys_of({META_KEY: row[0]}) if w != (address, port)]
                    conn.execute("UPDATE meta SET value = %s WHERE key = %s",
                                 (json.dumps([list(w) for w in kept]), META_KEY))
        except psycopg.Error:
            pass
        try:
            conn.execute(sql.SQL("DROP ROLE IF EXISTS {}").format(sql.Identifier(login)))
        except psycopg.Error:
            pass


def _write_info(standby: Standby) -> None:
    path = private_file(standby.folder / INFO_FILE)
    path.write_text(json.dumps({
        "primary_url": standby.primary_url, "login": standby.login, "tournament_id": standby.tournament_id,
        "address": standby.address, "port": standby.port, "database": standby.server.database,
        "user": standby.server.user, "password": standby.server.password,
    }), encoding="utf-8")


def open_standby(folder: Path | str) -> Standby:
    """The standby copy kept in ``folder`` by :func:`start_standby` (running or not)."""
    folder = Path(folder).resolve()
    try:
        facts = json.loads((folder / INFO_FILE).read_text(encoding="utf-8"))
        server = pgserver.PgServer(folder, facts["address"], int(facts["port"]), facts["database"],
                                   facts["password"], user=facts["user"], _run_as=pgserver._server_user())
        standby = Standby(server, facts["primary_url"], facts["login"], facts["tournament_id"])
    except (OSError, ValueError, KeyError, TypeError):
        raise StandbyError("NO_STANDBY", _("{folder} holds no standby copy (floorman standby CODE starts one); "
                                                 "nothing was changed.", folder=folder)) from None
    pid = folder / "data" / "postmaster.pid"
    try:
        server._pid = int(pid.read_text(encoding="utf-8").split()[0])
    except (OSError, ValueError, IndexError):
        server._pid = None
    if server._pid is not None and not server.is_running():
        server._pid = None
    return standby


def running_standbys(parent: Path | None = None) -> list[Standby]:
    """The standby copies running on this computer from ``parent`` (default: the user data folder's
    ``standbys``), still standbys (none that took over), oldest folder first."""
    if parent is None:
        parent = user_data_dir() / "standbys"
    found = []
    for info in sorted(parent.glob(f"*/{INFO_FILE}"), key=lambda path: path.stat().st_mtime):
        try:
            standby = open_standby(info.parent)
        except StandbyError:
            continue
        if standby.server.is_running() and (standby.server.data_dir / "standby.signal").exists():
            found.append(standby)
    return found


# -- taking over --------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class TakeOver:
    """What :func:`take_over` did: the new server's URL, the actions it holds, when the last was committed."""

    url: str
    actions: int
    last_committed: datetime | None
    seconds: float

    def words(self) -> str:
        last = f", the last committed at {self.last_committed.astimezone():%H:%M:%S}" if self.last_committed else ""
        return (f"This laptop is now the tournament's server, at {where(self.url)}: it holds {self.actions} "
                f"actions{last}. The stations that were open reconnect to it by themselves, and so do codes "
                f"issued while the copy was kept; a code issued before it names the old host only: give such a "
                f"station a new one (floorman codes --url URL --issue ROLE). Its URL (holds the password): "
                f"{self.url}")


def take_over(target: Path | str | Standby) -> TakeOver:
    """Promote the standby copy (a :class:`Standby`, or the folder it runs in) to be the tournament's
    server. StandbyError in words, nothing changed, when there is no running standby there, it is the
    host already, or the host still answers."""
    begun = time.monotonic()
    standby = target if isinstance(target, Standby) else open_standby(target)
    server = standby.server
    if not server.is_running():
        raise StandbyError("NO_STANDBY", _("The standby copy in {folder} is not running (floorman standby starts "
                                                 "one); nothing was changed.", folder=standby.folder))
    if not (server.data_dir / "standby.signal").exists():
        raise StandbyError("ALREADY_HOST", _("The copy in {folder} took over already: it is the tournament's "
                                                   "server. Nothing was changed.", folder=standby.folder))
    if _answers(standby.primary_url):
        raise StandbyError("HOST_ALIVE", _(
            "The host's server at {server} still answers: taking over now would split the tournament in two (the "
            "stations still on it would go on there). Stop it on the host laptop first. Nothing was changed.",
            server=where(standby.primary_url)))
    _drop_sync_setting(server)
    pgserver._pg_ctl(server, ["reload"], check=False)
    done = pgserver._pg_ctl(server, ["promote", "-w", "-t", str(pgserver.START_TIMEOUT_S)], check=False)
    if done.returncode != 0:
        why = (done.stderr or done.stdout).strip()
        raise StandbyError("SERVER", _("The standby copy could not be promoted ({reason}); it is still a standby.",
                                             reason=why))
    url = server.url()
    with psycopg.connect(url, autocommit=True, connect_timeout=CONNECT_TIMEOUT) as conn:
        if conn.execute("SELECT current_setting('synchronous_standby_names')").fetchone() != ("",):
            _set_sync(conn, None)
        conn.execute("SET statement_timeout = '10s'")  # a commit that waited for a standby would fail, not hang
        with conn.transaction():  # the first commit of the new server: it takes actions
            conn.execute("SELECT pg_notify(%s, %s)", (f"floorman_{standby.tournament_id}", NOTICE))
        row = conn.execute("SELECT count(*), max(committed_at) FROM actions").fetchone()
    actions, last = (int(row[0]), row[1]) if row else (0, None)
    return TakeOver(url, actions, last, time.monotonic() - begun)


def _answers(url: str) -> bool:
    try:
        with psycopg.connect(url, autocommit=True, connect_timeout=2, target_session_attrs="read-write"):
            return True
    except psycopg.Error:
        return False


def _drop_sync_setting(server: pgserver.PgServer) -> None:
    """Take synchronous_standby_names out of the copy's own settings before it is promoted."""
    auto = server.data_dir / "postgresql.auto.conf"
    lines = auto.read_text(encoding="utf-8").splitlines(keepends=True)
    kept = [line for line in lines if not line.strip().startswith("synchronous_standby_names")]
    if kept != lines:
        auto.write_text("".join(kept), encoding="utf-8")


# -- on the host: a standby gone --------------------------------------------------------------------------
class SyncWatch:
    """On the host: notices a synchronous standby gone (or back), and stops (or starts again) waiting for
    it. :meth:`check`, called every half second or so, returns a sentence for the director when it changed
    something, else None."""

    def __init__(self, url: str, *, grace_s: float = GRACE_S) -> None:
        self.url = url
        self.grace_s = grace_s
        self._conn: psycopg.Connection[tuple[Any, ...]] | None = None
        self._missing_since: float | None = None
        self.lost = False  # the last sentence said a copy was lost (else: a copy streams, waited for)

    def check(self) -> str | None:
        try:
            return self._check(self._db())
        except psycopg.Error:
            if self._conn is not None:
                self._conn.close()
            self._conn = None
            return None

    def _db(self) -> psycopg.Connection[tuple[Any, ...]]:
        if self._conn is None or self._conn.closed:
            self._conn = psycopg.connect(self.url, autocommit=True, connect_timeout=CONNECT_TIMEOUT)
        return self._conn

    def _check(self, conn: psycopg.Connection[tuple[Any, ...]]) -> str | None:
        names = conn.execute("SELECT current_setting('synchronous_standby_names')").fetchone()
        waited = copies_waited_for(str(names[0]) if names else "")
        rows = conn.execute("SELECT client_addr FROM pg_stat_replication WHERE usename LIKE %s AND state = "
                            "'streaming' ORDER BY backend_start DESC", (LOGIN_PREFIX + "%",)).fetchall()
        streaming = len(rows)
        if streaming >= waited:
            self._missing_since = None
        if streaming > waited:  # a copy back (or new), caught up: the host waits for it too
            _set_sync(conn, sync_names(streaming))
            self.lost = False
            where = rows[0][0] or "this computer"
            return f"The standby copy at {where} streams and is up to date: every action is recorded on it too."
        if streaming == waited:
            return None
        now = time.monotonic()
        self._missing_since = self._missing_since or now
        if now - self._missing_since < self.grace_s:
            return None
        _set_sync(conn, sync_names(streaming))  # the night goes on: no more waiting for a copy that is gone
        self._missing_since = None
        self.lost = True
        at = time.strftime("%H:%M")
        if streaming:
            return (f"A standby copy stopped answering ({at}): actions now wait only for the {streaming} still "
                    "streaming. A take-over on the one that stopped would lose the actions entered since.")
        return (f"The standby copy stopped answering ({at}): actions are recorded on this laptop only from now "
                "on, and no longer wait for the copy. A take-over now would lose the actions entered since. "
                "Start the standby again (floorman standby) to be safe again.")

    def close(self) -> None:
        if self._conn is not None:
            self._conn.close()
        self._conn = None
