"""The system user a server runs as when Floorman itself runs as root.

PostgreSQL refuses to run as root. Started by root (a venue's kiosk, CI), the hosted server runs as a
system user of its own, made the first time; started by anybody else, or on Windows (no root there), it
runs as the caller and this gives None.
"""

from __future__ import annotations

import importlib
import os
import subprocess
from typing import Any

from oskit import WINDOWS, system


class UserNotMade(OSError):
    """The system user could not be made (``useradd`` refused); the message says why."""


def running_as_root(platform: str | None = None) -> bool:
    return system(platform) != WINDOWS and os.geteuid() == 0


def service_user(name: str, *, platform: str | None = None, pwd: Any | None = None) -> tuple[str, int, int] | None:
    """``(name, uid, gid)`` of the system user ``name``, made if missing, when running as root; else None."""
    if not running_as_root(platform):
        return None
    users = pwd if pwd is not None else importlib.import_module("pwd")
    try:
        entry = users.getpwnam(name)
    except KeyError:
        made = subprocess.run(["useradd", "--system", "--shell", "/usr/sbin/nologin", "--no-create-home", name],
                              capture_output=True, text=True, check=False)
        if made.returncode != 0:
            raise UserNotMade(made.stderr.strip() or f"useradd exited with {made.returncode}") from None
        entry = users.getpwnam(name)
    return str(entry.pw_name), int(entry.pw_uid), int(entry.pw_gid)
