"""``floorman host FILE``: share a tournament with other stations through a PostgreSQL server.

    floorman host friday.floorman                        # a private server on 127.0.0.1
    floorman host friday.floorman --address 192.168.1.23 # ... on the laptop's address in the venue's network
    floorman host friday.floorman --url postgresql://floorman:PW@db.club/friday   # the venue's own server

Starts a private PostgreSQL server (db.pgserver, its folder in the user data folder) or uses the server
``--url`` names, copies the tournament in (the file itself is only read), and prints the server's URL and
a join code for each role (director, desk, floor, screen; ``floorman join CODE``). Each code is a login of
its own on the server, in its role's group (db.station_codes): the server enforces the role, and
``revoke_code`` shuts the code out. A private server
keeps serving until Ctrl+C or SIGTERM, then stops cleanly (its data is kept in its folder). With ``--url``
there is nothing to keep running: the command ends once the tournament is in. While it serves, the host keeps
normal-file backups of the shared tournament in the shared file's backups folder (db.shared_backups: at each
level change and break, every 5 minutes or 100 actions, and when it stops), which ``floorman restore`` lists.
``--role-codes`` prints only the four codes, ``ROLE CODE`` a line, and ``--qr ROLE`` a QR code of that role's
code. It also prints a standby code (the server's own login: for ``floorman standby`` on the director's second
laptop, never for a station), and while serving it watches the standby copy (db.standby.SyncWatch): one gone
is said, and the server stops waiting for it; back, it is waited for again.

Exit codes: 0 served and stopped (or copied in, with ``--url``); 2 nothing shared (and why, in words).
"""

from __future__ import annotations

import signal
import sys
import threading
from pathlib import Path
from types import FrameType

from floorman.args import Parser

ROLE_ORDER = ("director", "desk", "floor", "screen")


def _say(text: str, quiet: bool) -> None:
    print(text, file=sys.stderr if quiet else sys.stdout, flush=True)


def main(argv: list[str]) -> int:
    p = Parser(prog="floorman host", description="Share a tournament with other stations through PostgreSQL.")
    p.add_argument("file", help="the tournament file (.floorman); it is only read")
    p.add_argument("--address", default="127.0.0.1",
                   help="the address this laptop's server listens on (default 127.0.0.1: this laptop only)")
    p.add_argument("--url", help="a PostgreSQL server of the venue's own (postgresql://USER:PASSWORD@HOST:PORT/DB) "
                   "instead of a private one; its database must be empty")
    p.add_argument("--station", default="Director", help="this station's name (default Director)")
    p.add_argument("--role-codes", action="store_true",
                   help="print only the join codes, one line per role: ROLE CODE")
    p.add_argument("--qr", choices=ROLE_ORDER, metavar="ROLE",
                   help="also draw a QR code of ROLE's join code (director, desk, floor or screen)")
    opts = p.parse_args(argv)

    from db.errors import StoreError
    from db.joincode import JoinCodeError, info_from_url, make_code, terminal_qr
    from db.shared_store import create_shared
    from db.station_codes import CodeError, issue_code

    path = Path(opts.file)
    if not path.is_file():
        print(f"floorman host: there is no tournament file at {path}; nothing was shared.", file=sys.stderr)
        return 2
    if opts.url is not None and opts.address != "127.0.0.1":
        print("floorman host: give either --url (the venue's server) or --address (this laptop's), not both.",
              file=sys.stderr)
        return 2

    stopping = threading.Event()
    server = None
    try:
        if opts.url is not None:
            url = opts.url
            info = info_from_url(url)
        else:
            from db import pgserver

            folder = pgserver.folder_for(path)
            _say(f"Starting a private PostgreSQL server in {folder} on {opts.address}\u2026", opts.role_codes)
            server = pgserver.start(folder, address=opts.address)
            url = server.url()
            info = info_from_url(url)
        store = create_shared(url, from_file=path, station=opts.station)
        actions, name = store.last_seq, store.name
        if server is None:
            store.close()
    except JoinCodeError as err:
        print(f"floorman host: {err.message}", file=sys.stderr)
        return _stop(server, 2)
    except StoreError as err:
        print(f"floorman host: {err.message} Nothing was shared.", file=sys.stderr)
        return _stop(server, 2)
    except Exception as err:  # pgserver.ServerError, and anything else: one sentence, the server stopped
        message = getattr(err, "message", None) or " ".join(str(err).split())
        print(f"floorman host: {message} Nothing was shared.", file=sys.stderr)
        return _stop(server, 2)

    try:  # a login of its own per code, in its role's group: revocable, its role enforced by the server
        codes = {role: issue_code(url, role) for role in ROLE_ORDER}
    except CodeError as err:
        if server is not None:
            print(f"floorman host: {err.message}", file=sys.stderr)
            return _stop(server, 2)
        _say(f"floorman host: {err.message} The codes below hold the server's own login (they cannot be "
             "revoked, and their role is only declared).", True)
        codes = {role: make_code(info.with_role(role)) for role in ROLE_ORDER}
    if opts.role_codes:
        for role in ROLE_ORDER:
            print(f"{role} {codes[role]}")
        if server is not None:
            print(f"standby {make_code(info)}")
    else:
        print(f"{name}: shared, {actions} actions, at {_without_password(url)}")
        print(f"URL (holds the password): {url}")
        for role in ROLE_ORDER:
            print(f"join code, {role}: {codes[role]}")
        if server is not None:
            print(f"standby code (the server's own login: for floorman standby on the director's second laptop): "
                  f"{make_code(info)}")
    if opts.qr:
        _say(f"QR code of the {opts.qr}'s join code:", opts.role_codes)
        _say(terminal_qr(codes[opts.qr]), opts.role_codes)
    sys.stdout.flush()
    if server is None:
        _say("The tournament is on the venue's server; other stations join with a code above.", opts.role_codes)
        return 0

    def _stop_signal(signum: int, frame: FrameType | None) -> None:
        stopping.set()

    from db.shared_backups import SharedBackups
    from db.standby import SyncWatch

    kept = SharedBackups(store, path)  # normal-file backups beside the file's own (db.shared_backups)
    previous = {sig: signal.signal(sig, _stop_signal) for sig in (signal.SIGINT, signal.SIGTERM)}
    watch = SyncWatch(url)  # a standby copy gone must not hold every action: said, and not waited for
    try:
        _say("Serving; other stations join with a code above. Ctrl+C stops the server. Backups go to "
             f"{kept.folder}.", opts.role_codes)
        while not stopping.wait(0.5):
            if not server.is_running():
                print(f"floorman host: the server stopped by itself; see its log, {server.log_file}. The newest "
                      f"backup of the tournament is in {kept.folder}.", file=sys.stderr)
                kept.close()  # what the host's station held, if newer than the last backup
                return 1
            kept.tick()
            for error in kept.errors:
                print(f"floorman host: {error}", file=sys.stderr)
            kept.errors.clear()
            said = watch.check()
            if said:
                _say(said, opts.role_codes)
        kept.close()
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)
        watch.close()
        store.close()
        server.stop()
    _say(f"The server is stopped; its data stays in {server.folder}.", opts.role_codes)
    return 0


def _without_password(url: str) -> str:
    from db.shared_store import where

    return where(url)


def _stop(server: object, code: int) -> int:
    stop = getattr(server, "stop", None)
    if stop is not None:
        stop()
    return code
