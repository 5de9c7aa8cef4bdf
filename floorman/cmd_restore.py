"""``floorman restore FILE --list`` and ``floorman restore FILE BACKUP``: a tournament's backups.

``--list`` shows the backups kept beside FILE (newest last). With BACKUP (a path, or the number shown
by ``--list``), the backup is checked, the current FILE is kept as a "before-restore" backup, and the
backup takes its place. Refused while FILE is open in Floorman.

FILE may also be the player roster (``players.sqlite`` in the data folder): its own backups
(``db/roster_backups.py``) are listed and restored the same way. Close Floorman first.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

from floorman.args import Parser


def main(argv: list[str]) -> int:
    p = Parser(prog="floorman restore", description="List or restore a tournament's backups.")
    p.add_argument("file", help="the tournament file (.floorman)")
    p.add_argument("backup", nargs="?", help="the backup to restore: its path or its number from --list")
    p.add_argument("--list", action="store_true", help="list the backups of FILE")
    opts = p.parse_args(argv)

    from db.backups import list_backups, restore

    target = Path(opts.file)
    if _is_roster(target):
        return _roster(target, opts.backup, opts.list)
    found = list_backups(target)
    if opts.list or opts.backup is None:
        if not found:
            print(f"No backups of {target} (they are kept in {target.name}.backups beside it).")
        for n, b in enumerate(found, 1):
            print(f"{n:3d}  {b.when[:8]} {b.when[9:11]}:{b.when[11:13]}:{b.when[13:15]}  action {b.seq:6d}  "
                  f"{b.reason:24s} {b.path}")
        return 0
    source = _chosen(opts.backup, [b.path for b in found], target)
    return 2 if source is None else _put_back(restore, source, target, str(target), "file")


def _chosen(backup: str, found: list[Path], target: Path) -> Path | None:
    """The backup BACKUP names: a path, or its number in ``--list`` (None, said, when there is no such number)."""
    source = Path(backup)
    if backup.isdigit() and not source.exists():
        n = int(backup)
        if not 1 <= n <= len(found):
            print(f"There is no backup number {n}; floorman restore {target} --list shows them.", file=sys.stderr)
            return None
        source = found[n - 1]
    return source


def _put_back(restore: Callable[[Path, Path], Path | None], source: Path, target: Path, into: str,
              replaced: str) -> int:
    """Restore ``source`` into ``target`` and say what happened (the exit status)."""
    from db.errors import StoreError

    try:
        kept = restore(source, target)
    except StoreError as err:
        print(f"Not restored: {err.message}", file=sys.stderr)
        return 2
    print(f"Restored {source.name} into {into}.")
    if kept is not None:
        print(f"The {replaced} it replaced is kept as {kept}.")
    return 0


def _is_roster(target: Path) -> bool:
    """Is FILE the player roster: a roster file, or a file with roster backups beside it (a damaged roster)?"""
    from db.roster_backups import list_roster_backups, looks_like_roster

    return looks_like_roster(target) or bool(list_roster_backups(target))


def _roster(target: Path, backup: str | None, listing: bool) -> int:
    from db.roster_backups import list_roster_backups, restore_roster

    found = list_roster_backups(target)
    if listing or backup is None:
        if not found:
            print(f"No backups of the player roster {target} (they are kept in {target.name}.backups beside it).")
        for n, b in enumerate(found, 1):
            print(f"{n:3d}  {b.when[:8]} {b.when[9:11]}:{b.when[11:13]}:{b.when[13:15]}  {b.reason:24s} {b.path}")
        return 0
    source = _chosen(backup, [b.path for b in found], target)
    if source is None:
        return 2
    return _put_back(restore_roster, source, target, f"the player roster {target}", "roster")
