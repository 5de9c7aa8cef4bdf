"""The host's backups of a shared tournament: normal tournament files, where the file's backups always are.

    backups = SharedBackups(store, Path("friday.floorman"))   # the host's own station on the shared tournament
    backups.tick()        # about once a second: folds in the other stations' actions, backs up when due
    backups.backup_now()  # -> Path of a backup written now

While ``floorman host`` serves a tournament, it keeps backups of it as a director expects of a file: a normal
tournament file, written into the backups folder of the file that was shared (``friday.floorman.backups/``,
:func:`db.backups.backup_folder`), named and pruned as that file's own backups (the newest
:data:`db.backups.KEEP`), so ``floorman restore friday.floorman --list`` lists them and any one opens alone,
on any laptop, with no server. A backup is written at each level change and break, every
:data:`BACKUP_EVERY_SECONDS` seconds and every :data:`BACKUP_EVERY_ACTIONS` actions, whichever comes first,
only when actions were recorded since the last one, and when hosting stops. Its reason says it came from the
shared tournament (``shared-level-5``, ``shared-break``, ``shared-timer``, ``shared-actions``, ``shared-stop``).

Each backup is what the host's station holds once caught up (:meth:`db.shared_store.SharedStore.export_held`):
every committed action up to then, with who recorded each; so when the server dies, the newest backup holds
the tournament up to at most a few minutes before. A backup that fails is kept in :attr:`errors` (said, never
stopping the tournament).
"""

from __future__ import annotations

import sqlite3
import time as _time
from pathlib import Path

from app.levels.timeline import current_level, in_break
from db import backups
from db.errors import StoreError
from db.private import private_dir
from db.shared_store import SharedStore
from db.store import BACKUP_EVERY_SECONDS

BACKUP_EVERY_ACTIONS = 100
BACKUP_SPACING = 30.0  # seconds: a level change this soon after a backup waits for the next tick after that


class SharedBackups:
    def __init__(self, store: SharedStore, source: Path, folder: Path | None = None, *,
                 every_seconds: float = BACKUP_EVERY_SECONDS, every_actions: int = BACKUP_EVERY_ACTIONS,
                 since: int | None = None) -> None:
        """``since``: the actions already in a file (the one shared holds those it held then); default: all the
        store holds now."""
        self.store, self.source = store, Path(source)
        self.folder = folder or backups.backup_folder(self.source)
        self.every_seconds, self.every_actions = every_seconds, every_actions
        self.errors: list[str] = []
        self.written: list[Path] = []
        # the tournament as shared is the file itself: nothing to back up yet
        self._backed_up = store.last_seq if since is None else since
        self._last = _time.monotonic()
        self._mark = self._clock_position()
        self._due: str | None = None

    def _clock_position(self) -> tuple[int, bool]:
        state = self.store.tournament.state
        now = self.store.tournament.time.now()
        return current_level(state, now), in_break(state, now)

    def tick(self) -> Path | None:
        """Fold in what the other stations recorded, and write a backup if one is due; the backup written."""
        try:
            self.store.poll()
        except StoreError:
            pass  # the server out of reach: what the station holds is backed up as it is, if due
        now = self._clock_position()
        if now != self._mark:
            self._due = "break" if now[1] else f"level-{now[0]}"
        self._mark = now
        clock = _time.monotonic()
        new = self.store.last_seq - self._backed_up
        if new <= 0:
            return None
        reason = self._due
        if reason is not None and clock - self._last < BACKUP_SPACING:
            reason = None
        if reason is None and new >= self.every_actions:
            reason = "actions"
        if reason is None and clock - self._last >= self.every_seconds:
            reason = "timer"
        return self.backup_now(reason) if reason is not None else None

    def backup_now(self, reason: str = "manual", held: SharedStore | None = None) -> Path | None:
        """Write a backup of what the host's station holds now (``held``: of that station of the host's
        instead); None (and the error kept) if it failed."""
        store = held or self.store
        seq = store.last_seq
        stamp = _time.strftime("%Y%m%d-%H%M%S") + f"{int(_time.time() * 1000) % 1000:03d}"
        name = f"{backups.backup_stem(self.source)}-{stamp}-{seq:06d}-shared-{reason}{backups.SUFFIX}"
        self._last, self._due = _time.monotonic(), None
        try:
            private_dir(self.folder)
            made = store.export_held(self.folder / name).path
            backups.prune(self.source, self.folder)
        except (StoreError, OSError, sqlite3.Error) as exc:
            self.errors.append(getattr(exc, "message", None) or f"A backup in {self.folder} failed: {exc}.")
            return None
        self._backed_up = seq
        self.written.append(made)
        return made

    def close(self, held: SharedStore | None = None) -> Path | None:
        """The backup owed when hosting stops (actions recorded since the last one). ``held``: another station
        of the host's on the same tournament (a window's own), backed up instead when it holds more actions:
        both hold the same log, one maybe further along."""
        try:
            self.store.poll()
        except StoreError:
            pass
        store = held if held is not None and held.last_seq > self.store.last_seq else self.store
        return self.backup_now("stop", store) if store.last_seq > self._backed_up else None
