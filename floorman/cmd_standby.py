"""``floorman standby`` and ``floorman takeover``: a second laptop keeps a copy of the shared tournament,
and takes over when the host laptop dies.

    floorman standby floorman:eyJ2Ijox…          # the host's standby code (floorman host prints it)
    floorman standby postgresql://floorman:PW@192.168.1.23:5433/tournament --address 192.168.1.24
    floorman takeover                             # on the same laptop, once the host is gone for good

``floorman standby`` copies the host's server into a folder of its own (``--folder``, else a new one in the
user data folder), starts the copy on ``--address`` (default 127.0.0.1) and keeps it until Ctrl+C or
SIGTERM, saying what happens: the copy streaming synchronously (the host then shows an action as done only
once this laptop has it too), the host out of reach (and how to take over), the copy having taken over
(from then on it watches a standby of its own, as ``floorman host`` does). It
needs the host's own URL or standby code: a station's join code may not copy the server. Stopped while
still a standby, it tells the host not to wait for it any more.

``floorman takeover`` promotes the standby this laptop keeps (``--folder`` when it keeps several) to be the
tournament's server; the stations reconnect to it by themselves. Refused while the host still answers.

Exit codes: 0 done (stopped cleanly, or took over); 1 the copy's server stopped by itself; 2 nothing done
(and why, in words).
"""

from __future__ import annotations

import signal
import sys
import threading
import time
from pathlib import Path
from types import FrameType

from floorman.args import Parser

WATCH_S = 0.5
NO_CLIENT = ("this Floorman has no PostgreSQL client (the venue bundle leaves it out); keeping a standby and "
             "taking over need Floorman installed with pip (pip install -e \".[host]\"). Nothing was done.")

_SAID = {
    "sync": "The copy is synchronous: every action the host records is on this laptop too before it is shown done.",
    "streaming": "The copy streams from the host, which does not wait for it yet.",
    "host lost": "The host's server stopped answering ({at}). If the host laptop is gone, take over on this laptop: "
                 "floorman takeover{folder} (or Tournament > Take over in the window).",
    "host": "This copy took over ({at}): it is the tournament's server now, and the stations reconnect to it. "
            "Keep this running; Ctrl+C stops the server.",
}


def main(argv: list[str]) -> int:
    p = Parser(prog="floorman standby", description="Keep a synchronous standby copy of a shared tournament.")
    p.add_argument("target", metavar="CODE|URL", help="the host's standby code (floorman:…) or its postgresql:// URL, "
                   "as floorman host prints them")
    p.add_argument("--folder", help="a new folder for the copy (default: a new one in the user data folder)")
    p.add_argument("--address", default="127.0.0.1",
                   help="the address the copy listens on, should it take over (default 127.0.0.1)")
    opts = p.parse_args(argv)

    try:
        from db.errors import StoreError
        from db.pgserver import ServerError
        from db.server_address import where
        from db.standby import StandbyError, SyncWatch, host_url, start_standby
    except ImportError:
        print(f"floorman standby: {NO_CLIENT}", file=sys.stderr)
        return 2

    try:
        url = host_url(opts.target)
    except StandbyError as err:
        print(f"floorman standby: {err.message}", file=sys.stderr)
        return 2
    folder = Path(opts.folder) if opts.folder else _new_folder()
    print(f"Copying the host's server at {where(url)} into {folder}\u2026", flush=True)
    try:
        standby = start_standby(url, folder, address=opts.address)
    except (StandbyError, ServerError, StoreError) as err:
        print(f"floorman standby: {err.message}", file=sys.stderr)
        return 2
    stopping = threading.Event()

    def _stop_signal(signum: int, frame: FrameType | None) -> None:
        stopping.set()

    previous = {sig: signal.signal(sig, _stop_signal) for sig in (signal.SIGINT, signal.SIGTERM)}
    told = ""
    hint = f" --folder {folder}" if opts.folder else ""
    watch: SyncWatch | None = None  # once it took over, it watches a standby of its own, as the host did
    try:
        print(f"Standby copy at {standby.address}:{standby.port}, in {folder}. Ctrl+C stops it.", flush=True)
        print("The stations already open follow it by themselves. Codes issued from now on name both laptops "
              "(floorman codes --url HOST_URL --issue ROLE): a station given one joins even after a take-over.",
              flush=True)
        while True:
            status = standby.status()
            if status == "stopped":
                print(f"floorman standby: the copy's server stopped by itself; see its log, {standby.server.log_file}.",
                      file=sys.stderr)
                return 1
            if status != told:
                told = status
                print(_SAID[status].format(at=time.strftime("%H:%M:%S"), folder=hint), flush=True)
            if status == "host":
                watch = watch or SyncWatch(standby.url())
                said = watch.check()
                if said:
                    print(said, flush=True)
            if stopping.wait(WATCH_S):
                break
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)
        took_over = not (standby.server.data_dir / "standby.signal").exists()
        if watch is not None:
            watch.close()
        standby.stop()
    if took_over:
        print(f"The tournament's server is stopped; its data stays in {folder}.", flush=True)
    else:
        print(f"The standby copy is stopped and the host no longer waits for it; its data stays in {folder}.",
              flush=True)
    return 0


def take_over_main(argv: list[str]) -> int:
    p = Parser(prog="floorman takeover",
               description="Make this laptop's standby copy the tournament's server (the host is gone).")
    p.add_argument("--folder", help="the standby's folder, when this laptop keeps several")
    opts = p.parse_args(argv)

    try:
        from db.standby import StandbyError, running_standbys, take_over
    except ImportError:
        print(f"floorman takeover: {NO_CLIENT}", file=sys.stderr)
        return 2

    try:
        if opts.folder:
            target: Path = Path(opts.folder)
        else:
            found = running_standbys()
            if not found:
                print("floorman takeover: this laptop keeps no running standby copy (floorman standby CODE starts "
                      "one); nothing was changed.", file=sys.stderr)
                return 2
            if len(found) > 1:
                folders = ", ".join(str(s.folder) for s in found)
                print(f"floorman takeover: this laptop keeps several standby copies ({folders}); say which with "
                      "--folder. Nothing was changed.", file=sys.stderr)
                return 2
            target = found[0].folder
        done = take_over(target)
    except StandbyError as err:
        print(f"floorman takeover: {err.message}", file=sys.stderr)
        return 2
    print(done.words())
    return 0


def _new_folder() -> Path:
    import secrets

    from oskit.dirs import user_data_dir

    return user_data_dir() / "standbys" / f"standby-{time.strftime('%Y%m%d-%H%M')}-{secrets.token_hex(3)}"
