"""Child process for the leftovers test: killed (SIGKILL, by itself) in the middle of writing a file.

    python -m tests.db.leftover_child backup FILE          # killed as its backup's .part is renamed into place
    python -m tests.db.leftover_child save_as FILE NEW     # killed as NEW.saving is put in place
    python -m tests.db.leftover_child restore FILE BACKUP  # killed as FILE.restoring is renamed into place

The kill is real: nothing of Floorman's own clean-up runs, as when the power goes or the process is killed.
"""

from __future__ import annotations

import os
import signal
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from db import backups
from db import store as store_module
from db.store import TournamentStore


def _kill() -> None:
    os.kill(os.getpid(), signal.SIGKILL)


def _replace_killing(suffix: str) -> Callable[..., None]:
    """``os.replace`` that kills the process instead of renaming a file whose name ends with ``suffix``."""
    real = os.replace

    def replace(src: Any, dst: Any) -> None:
        if str(src).endswith(suffix):
            _kill()
        real(src, dst)

    return replace


def _publish_killing(temp: Path, path: Path) -> None:
    _kill()


def main(argv: list[str]) -> int:
    what, path = argv[0], Path(argv[1])
    if what == "backup":
        store = TournamentStore.open(path)
        store.execute({"cmd": "register", "name": "Bo Chen"})
        backups.os.replace = _replace_killing(".part")
        store.backup_now()
    elif what == "save_as":
        store = TournamentStore.open(path)
        store_module._publish = _publish_killing
        store.save_as(Path(argv[2]))
    elif what == "restore":
        backups.os.replace = _replace_killing(".restoring")
        backups.restore(Path(argv[2]), path)
    return 3  # not killed: the test says so


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
