"""Hosting a tournament for other stations: the server, the copy of the file, a join code per role, and,
while it is served, its backups and the watch on a server that stops by itself.

    hosted = host(Path("friday.floorman"), address="192.168.1.23", url=None, station="Director",
                  time=clock, say=print, folder=pgserver.folder_for)
    hosted.shown("desk")      # the desk's join code (the last one made, unless revoked)
    hosted.standby_code()     # the server's own login, for ``floorman standby`` on a second laptop
    serving = Serving(hosted.store, path, hosted.server, since=hosted.shared_at)
    serving.tick()            # about once a second: backups when due; what went wrong, in words
    serving.server_gone()     # a private server that stopped by itself: the backup owed, and the words
    hosted.close()            # the store closed, a private server stopped (its data stays in its folder)
    thread = ServingThread(hosted, path, station="Director", time=clock, report=..., gone=...)  # the same
                              # on a thread and a connection of its own, for a window that must keep drawing

``floorman host`` and the window's Tournament > Share with other stations… both share through :func:`host`:
a private PostgreSQL server (db.pgserver) started on ``address`` in a new folder (``folder(path)``), or the
venue's server at ``url``; the tournament file copied in (db.shared_store.create_shared; the file is only
read); and one join code per role (db.station_codes.issue_code: a login of its own, revocable, its role
enforced by the server). A venue's login that may not make logins gets codes that hold its own login
instead (not revocable, their role only declared; :attr:`Hosted.refused` says why). Every failure raises
with its reason in words (``message``), and what was begun is taken back: the store closed, a server
started for it stopped and the folder made for it removed.

While it serves, :class:`Serving` keeps normal-file backups of the shared tournament (db.shared_backups: at
each level change and break, every 5 minutes or 100 actions, and when hosting stops) and sees a private
server that stopped by itself (its process gone); then it writes the backup owed from what the host's
station holds and says where the newest backup is. One backup of a 1,000-player field with a few thousand
actions takes about 0.1 s, so a window runs it on a thread of its own (:class:`ServingThread`), with its own
station on the tournament (its own connection): the window's store is never used from another thread.

psycopg and the wheel are imported only when a tournament is hosted, so the rest of Floorman (and the
venue bundle, which leaves them out) imports this module without them.
"""

from __future__ import annotations

import shutil
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from app.commands.roles import DESK, DIRECTOR, FLOOR, SCREEN
from db import pgserver

if TYPE_CHECKING:
    from app.core.timesource import TimeSource
    from db.pgserver import PgServer
    from db.shared_backups import SharedBackups
    from db.shared_store import SharedStore

ROLE_ORDER = (DIRECTOR, DESK, FLOOR, SCREEN)
LOOPBACK = pgserver.DEFAULT_ADDRESS
TICK_S = 1.0  # how often a serving thread looks: backups due, the server gone


@dataclass
class Hosted:
    """A tournament shared: where stations reach it, the host's own station on it, the codes made."""

    url: str  # the owner's URL (the server's own login): codes are issued and revoked with it
    where: str  # "192.168.1.23:5433": what the title and the status bar say
    store: SharedStore
    server: PgServer | None = None  # a private server, stopped by close()
    codes: dict[str, list[str]] = field(default_factory=dict)  # per role, the codes made, the shown one last
    revocable: bool = True  # False: the venue's login may not make logins; the codes hold the server's own
    revoked: set[str] = field(default_factory=set)
    refused: str = ""  # why the codes are not revocable: the server's refusal to make a login, in words
    shared_at: int = 0  # the actions the file held when it was shared (the file itself backs them up)

    def shown(self, role: str) -> str | None:
        """The code shown for ``role``: the last one made, if it is not revoked."""
        made = self.codes.get(role, [])
        return made[-1] if made and made[-1] not in self.revoked else None

    def standby_code(self) -> str | None:
        """The code ``floorman standby`` takes on a second laptop: a private server's own login (it holds the
        server's password: for the director's second laptop, never a station). None on a venue's server,
        which keeps its own standbys."""
        if self.server is None:
            return None
        from db.joincode import info_from_url, make_code

        return make_code(info_from_url(self.url))

    def close(self) -> None:
        """Close the host's station and stop a private server (its data stays in its folder)."""
        self.store.close()
        if self.server is not None:
            self.server.stop()


def host(path: Path, *, address: str | None = None, url: str | None = None, station: str = "Director",
         time: TimeSource | None = None, say: Callable[[str], None] = lambda _text: None,
         folder: Callable[[Path], Path] = pgserver.folder_for) -> Hosted:
    """Start a private server on ``address`` in the new folder ``folder(path)`` (or use the venue's ``url``),
    copy the tournament file at ``path`` in for ``station``, and make a join code per role; ``say`` is told
    each step in words. Raises with the reason in words (``message``); nothing begun is left behind."""
    from db.joincode import info_from_url, make_code
    from db.shared_store import create_shared
    from db.station_codes import CodeError, issue_code

    server: PgServer | None = None
    made: Path | None = None
    store: SharedStore | None = None
    try:
        if url is not None:
            info = info_from_url(url)  # a URL that is not one: said before anything is tried
            say(f"Copying the tournament to the venue's server at {info.address}:{info.port}\u2026")
            owner = url
        else:
            target = folder(path)
            made = None if target.exists() else target  # a folder that was there before is never removed
            say(f"Starting a PostgreSQL server on {address or LOOPBACK}\u2026")
            server = pgserver.start(target, address=address or LOOPBACK)
            owner = server.url()
            info = info_from_url(owner)
            say("Copying the tournament in\u2026")
        store = create_shared(owner, from_file=path, station=station, time=time)
        say("Making the join codes\u2026")
        hosted = Hosted(owner, f"{info.address}:{info.port}", store, server, shared_at=store.last_seq)
        try:
            hosted.codes = {role: [issue_code(owner, role)] for role in ROLE_ORDER}
        except CodeError as err:
            if server is not None:  # this laptop's own server always lets its owner make logins
                raise
            hosted.revocable, hosted.refused = False, err.message
            hosted.codes = {role: [make_code(info.with_role(role))] for role in ROLE_ORDER}
        return hosted
    except BaseException:
        if store is not None:
            store.close()
        if server is not None:
            server.stop()
        if made is not None:
            shutil.rmtree(made, ignore_errors=True)
        raise


class Serving:
    """What the host does while it serves, on the thread that made it: backups of the shared tournament as
    normal files, and the words when a private server stopped by itself.

    ``store``: the host's station on the tournament (used from this one thread); ``source``: the file that
    was shared (the backups go into its backups folder, named as its own); ``since``: the actions that file
    holds (none of them is backed up again).
    """

    def __init__(self, store: SharedStore, source: Path, server: PgServer | None, *, folder: Path | None = None,
                 since: int | None = None) -> None:
        from db.shared_backups import SharedBackups

        self.source, self.server = Path(source), server
        self.since = store.last_seq if since is None else since
        self.backups: SharedBackups = SharedBackups(store, self.source, folder, since=self.since)

    @property
    def folder(self) -> Path:
        return self.backups.folder

    @property
    def store(self) -> SharedStore:
        return self.backups.store

    def gone(self) -> bool:
        """Whether a private server stopped by itself (it was not stopped by :meth:`Hosted.close`)."""
        return self.server is not None and self.server.pid is not None and not self.server.is_running()

    def tick(self) -> list[str]:
        """Fold in the other stations' actions and back up when due; the failures to say, in words."""
        self.backups.tick()
        return self._errors()

    def close(self) -> list[str]:
        """The backup owed when hosting stops; the failures to say."""
        self.backups.close()
        return self._errors()

    def server_gone(self, held: SharedStore | None = None) -> str:
        """The private server stopped by itself: write the backup owed from what the host holds (``held``: another
        of the host's stations on the tournament, the window's own, when it holds more actions), and say so
        in words, with where the newest backup is."""
        assert self.server is not None
        self.backups.close(held)
        failed = " ".join(self._errors())
        if self.backups.written:
            newest = self.backups.written[-1]
            kept = f"The newest backup of the tournament is {newest.name}, in {self.folder}."
        elif max(self.store.last_seq, held.last_seq if held is not None else 0) <= self.since:
            kept = f"Nothing was recorded since it was shared: {self.source} holds the whole tournament."
        else:
            kept = (f"No backup of it could be written; the newest backup of the tournament is in {self.folder}, "
                    f"and the server's folder, {self.server.folder}, keeps its data.")
        return " ".join(part for part in (f"The server stopped by itself; see its log, {self.server.log_file}.",
                                          kept, failed) if part)

    def _errors(self) -> list[str]:
        said, self.backups.errors = self.backups.errors, []
        return said


class ServingThread:
    """:class:`Serving` on a thread of its own, with the host's own station on the tournament opened on that
    thread (its own connection), looking every ``every_s`` seconds until :meth:`stop`.

    ``report(text)``: a failure in words (a backup, the server out of reach), called from the thread;
    ``gone()``: a private server stopped by itself, called from the thread, which then ends: the caller,
    on its own thread, calls :meth:`server_gone` for the backup owed and the words.
    """

    def __init__(self, hosted: Hosted, source: Path, *, station: str, time: TimeSource | None,
                 report: Callable[[str], None], gone: Callable[[], None], every_s: float = TICK_S,
                 folder: Path | None = None) -> None:
        self.hosted, self.source, self.station, self.time = hosted, Path(source), station, time
        self.report, self.gone, self.every_s, self.folder = report, gone, every_s, folder
        self.serving: Serving | None = None
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="hosting backups", daemon=True)
        self._thread.start()

    @property
    def backups_folder(self) -> Path:
        from db.backups import backup_folder

        return self.folder or backup_folder(self.source)

    def _open(self) -> Serving | None:
        from db.errors import StoreError
        from db.shared_store import open_shared

        try:
            store = open_shared(self.hosted.url, station=self.station, time=self.time)
        except StoreError as exc:
            self.report(f"Backups of the shared tournament wait for its server: {exc.message}")
            return None
        return Serving(store, self.source, self.hosted.server, folder=self.folder, since=self.hosted.shared_at)

    def _run(self) -> None:
        server = self.hosted.server
        delay = 0.0
        while not self._stop.wait(delay):
            delay = self.every_s
            if server is not None and server.pid is not None and not server.is_running():
                self.gone()
                return  # the caller writes the backup owed (server_gone), with what it holds too
            if self.serving is None:
                self.serving = self._open()
                continue
            for text in self.serving.tick():
                self.report(text)
        if self.serving is not None:
            for text in self.serving.close():
                self.report(text)
            self.serving.store.close()

    def stop(self) -> None:
        """Stop looking: the backup owed when hosting stops is written first (on the thread)."""
        self._stop.set()
        self._thread.join()

    def server_gone(self, held: SharedStore | None = None) -> str:
        """After ``gone()``, on the caller's thread: the backup owed (from ``held`` if it holds more) and the
        words of :meth:`Serving.server_gone`."""
        self._thread.join()
        serving = self.serving
        if serving is None:  # its own station never opened: the caller's holds all there is
            store = held or self.hosted.store
            return Serving(store, self.source, self.hosted.server, folder=self.folder,
                           since=self.hosted.shared_at).server_gone()
        try:
            return serving.server_gone(held)
        finally:
            serving.store.close()
