"""Run a command while a folder is really read-only: the file system refuses every write in it.

For a user other than root, the folder is made ``0555`` for the command's time. Root ignores file
permissions, so for root the command runs in a mount namespace of its own (``unshare -m``) in which the
folder is bind-mounted read-only onto itself: the change is seen by that process only and ends with it.
Where neither is possible the test is skipped.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

_READ_ONLY_MOUNT = 'mount --bind "$1" "$1" && mount -o remount,bind,ro "$1" && shift && exec "$@"'


def run_in_read_only_folder(folder: Path, *args: str, temp: Path | None = None,
                            timeout: float = 120) -> subprocess.CompletedProcess[str]:
    """``python *args`` (from the repository's root) while ``folder`` cannot be written; ``temp``: its TMPDIR."""
    command = [sys.executable, *args]
    env = dict(os.environ, TMPDIR=str(temp)) if temp is not None else None
    if os.name != "posix":
        pytest.skip("a read-only folder is made here with POSIX permissions or a mount")
    if os.geteuid() != 0:
        mode = folder.stat().st_mode
        folder.chmod(0o555)
        try:
            return subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=timeout, env=env)
        finally:
            folder.chmod(mode)
    unshare = shutil.which("unshare")
    if unshare is None:
        pytest.skip("root ignores permissions, and unshare is not installed to mount the folder read-only")
    run = subprocess.run([unshare, "-m", "sh", "-c", _READ_ONLY_MOUNT, "sh", str(folder), *command], cwd=ROOT,
                         capture_output=True, text=True, timeout=timeout, env=env)
    if run.returncode != 0 and ("mount" in run.stderr or "unshare" in run.stderr) and "Traceback" not in run.stderr:
        pytest.skip(f"the folder could not be mounted read-only here: {run.stderr.strip()}")
    return run
