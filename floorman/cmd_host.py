"""``floorman host FILE``: share a tournament with other stations through a PostgreSQL server.

    floorman host friday.floorman                        # a private server on 127.0.0.1
    floorman host friday.floorman --address 192.168.1.23 # ... on the laptop's address in the venue's network
    floorman host friday.floorman --url postgresql://floorman:PW@db.club/friday   # the venue's own server

Starts a private PostgreSQL server (db.pgserver, its folder in the user data folder) or uses the server
``--url`` names, copies the tournament in (the file itself is only read), and prints the server's URL and
a join code for each role (director, desk, floor, screen; ``floorman join CODE``): db.hosting.host, as the
window's Share with other stations… does. Each code is a login of its own on the server, in its role's group
(db.station_codes): the server enforces the role, and ``revoke_code`` shuts the code out. A private server
keeps serving until Ctrl+C or SIGTERM, then stops cleanly (its data is kept in its folder). With ``--url``
there is nothing to keep running: the command ends once the tournament is in. While it serves, the host keeps
normal-file backups of the shared tournament in the shared file's backups folder (db.hosting.Serving, with
db.shared_backups: at each level change and break, every 5 minutes or 100 actions, and when it stops), which
``floorman restore`` lists; a server that stops by itself is said, with where the newest backup is (exit 1).
``--role-codes`` prints only the four codes, ``ROLE CODE`` a line, and ``--qr ROLE`` a QR code of that role's
code. It also prints a standby code (the server's own login: for ``floorman standby`` on the director's second
laptop, never for a station), and while serving it watches the standby copy (db.standby.SyncWatch): one gone
is said, and the server stops waiting for it; back, it is waited for again.

Exit codes: 0 served and stopped (or copied in, with ``--url``); 1 the server stopped by itself; 2 nothing
shared (and why, in words).
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
    from db.hosting import Serving, host
    from db.joincode import JoinCodeError, terminal_qr

    path = Path(opts.file)
    if not path.is_file():
        print(f"floorman host: there is no tournament file at {path}; nothing was shared.", file=sys.stderr)
        return 2
    if opts.url is not None and opts.address != "127.0.0.1":
        print("floorman host: give either --url (the venue's server) or --address (this laptop's), not both.",
              file=sys.stderr)
        return 2

    try:  # db.hosting: the server (or the venue's), the copy, a code per role; nothing left behind if refused
        hosted = host(path, address=None if opts.url else opts.address, url=opts.url, station=opts.station,
                      say=lambda text: _say(text, opts.role_codes))
    except KeyboardInterrupt:  # Ctrl+C while starting: what was begun is already taken back
        print("floorman host: stopped before the tournament was shared; nothing was shared, and no server was "
              "left running.", file=sys.stderr)
        return 2
    except JoinCodeError as err:
        print(f"floorman host: {err.message}", file=sys.stderr)
        return 2
    except StoreError as err:
        print(f"floorman host: {err.message} Nothing was shared.", file=sys.stderr)
        return 2
    except Exception as err:  # pgserver.ServerError, and anything else: one sentence, nothing left running
        message = getattr(err, "message", None) or " ".join(str(err).split())
        print(f"floorman host: {message} Nothing was shared.", file=sys.stderr)
        return 2
    server, url, codes = hosted.server, hosted.url, {role: hosted.codes[role][-1] for role in ROLE_ORDER}
    actions, name = hosted.store.last_seq, hosted.store.name
    if server is None:
        hosted.close()  # with --url there is nothing to keep running
    if hosted.refused:
        _say(f"floorman host: {hosted.refused} The codes below hold the server's own login (they cannot be "
             "revoked, and their role is only declared).", True)
    standby = hosted.standby_code()
    if opts.role_codes:
        for role in ROLE_ORDER:
            print(f"{role} {codes[role]}")
        if standby is not None:
            print(f"standby {standby}")
    else:
        print(f"{name}: shared, {actions} actions, at {_without_password(url)}")
        print(f"URL (holds the password): {url}")
        for role in ROLE_ORDER:
            print(f"join code, {role}: {codes[role]}")
        if standby is not None:
            print(f"standby code (the server's own login: for floorman standby on the director's second laptop): "
                  f"{standby}")
    if opts.qr:
        _say(f"QR code of the {opts.qr}'s join code:", opts.role_codes)
        _say(terminal_qr(codes[opts.qr]), opts.role_codes)
    sys.stdout.flush()
    if server is None:
        _say("The tournament is on the venue's server; other stations join with a code above.", opts.role_codes)
        return 0

    stopping = threading.Event()

    def _stop_signal(signum: int, frame: FrameType | None) -> None:
        stopping.set()

    from db.standby import SyncWatch

    serving = Serving(hosted.store, path, server, since=hosted.shared_at)  # backups beside the file's own
    previous = {sig: signal.signal(sig, _stop_signal) for sig in (signal.SIGINT, signal.SIGTERM)}
    watch = SyncWatch(url)  # a standby copy gone must not hold every action: said, and not waited for
    try:
        _say(f"Serving from {server.folder}; other stations join with a code above. Ctrl+C stops the server. "
             f"Backups go to {serving.folder}.", opts.role_codes)
        while not stopping.wait(0.5):
            if serving.gone():
                print(f"floorman host: {serving.server_gone()}", file=sys.stderr)
                return 1
            for error in serving.tick():
                print(f"floorman host: {error}", file=sys.stderr)
            said = watch.check()
            if said:
                _say(said, opts.role_codes)
        for error in serving.close():
            print(f"floorman host: {error}", file=sys.stderr)
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)
        watch.close()
        hosted.close()
    _say(f"The server is stopped; its data stays in {server.folder}.", opts.role_codes)
    return 0


def _without_password(url: str) -> str:
    from db.server_address import where

    return where(url)

