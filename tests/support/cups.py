"""A real CUPS queue that prints to PDF files (Debian's cups and printer-driver-cups-pdf).

``pdf_queue(folder)`` starts cupsd when it is not running and creates a queue of this run's own whose
jobs come out as PDF files in ``folder``; ``remove_queue`` deletes it again. Each queue is a cups-pdf
*instance*: its device is ``cups-pdf:/NAME`` and the backend then reads ``/etc/cups/cups-pdf-NAME.conf``
instead of the machine-wide ``cups-pdf.conf``, so two test runs on one machine never share a queue, an
output folder or the system's default printer. It needs root (CI and the development machines run as
root); ``available()`` says whether this machine can do it.
"""

from __future__ import annotations

import os
import re
import secrets
import shutil
import subprocess
import time
from pathlib import Path

PREFIX = "FloorPDF-"
CONF = Path("/etc/cups/cups-pdf.conf")
PPD = "lsb/usr/cups-pdf/CUPS-PDF_opt.ppd"


def available() -> bool:
    return (
        hasattr(os, "geteuid") and os.geteuid() == 0 and CONF.exists()
        and all(shutil.which(t) for t in ("lp", "lpadmin", "lpstat", "cupsenable"))
        and Path("/usr/sbin/cupsd").exists()
    )


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(list(args), capture_output=True, text=True, timeout=30, check=False)


def _cupsd_running() -> bool:
    return _run("lpstat", "-r").stdout.strip().startswith("scheduler is running")


def _start_cupsd() -> None:
    """Start the scheduler unless it runs; another run may start it at the same moment, which is fine."""
    if _cupsd_running():
        return
    _run("/usr/sbin/cupsd")
    deadline = time.monotonic() + 15
    while not _cupsd_running():
        if time.monotonic() > deadline:
            raise RuntimeError("cupsd did not start")
        time.sleep(0.1)


def _instance_conf(instance: str) -> Path:
    return CONF.parent / f"cups-pdf-{instance}.conf"


def _instance_of(queue: str) -> str:
    return queue.removeprefix(PREFIX)


def _owner_pid(queue: str) -> int | None:
    found = re.fullmatch(rf"{PREFIX}r(\d+)x[0-9a-f]+", queue)
    return int(found.group(1)) if found else None


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def remove_stale_queues() -> None:
    """Delete the queues left by runs that were killed before they could remove their own."""
    listing = _run("lpstat", "-p").stdout
    for queue in re.findall(rf"^printer ({PREFIX}\S+)", listing, flags=re.MULTILINE):
        pid = _owner_pid(queue)
        if pid is not None and not _alive(pid):
            remove_queue(queue)


def pdf_queue(folder: Path) -> str:
    """The name of a new, ready CUPS-PDF queue of this process's own, writing into ``folder``."""
    folder.mkdir(parents=True, exist_ok=True)
    _start_cupsd()
    remove_stale_queues()
    instance = f"r{os.getpid()}x{secrets.token_hex(4)}"
    base = [line for line in CONF.read_text().splitlines() if not re.match(r"\s*#?\s*Out\s", line)]
    _instance_conf(instance).write_text("\n".join([*base, f"Out {folder}", ""]))
    queue = PREFIX + instance
    deadline = time.monotonic() + 30
    while True:  # the scheduler may be restarting (another program reloading it): wait until it answers
        done = _run("lpadmin", "-p", queue, "-E", "-v", f"cups-pdf:/{instance}", "-m", PPD)
        if done.returncode == 0 or time.monotonic() > deadline:
            break
        time.sleep(0.5)
        _start_cupsd()
    if done.returncode != 0:
        _instance_conf(instance).unlink(missing_ok=True)
        raise RuntimeError(f"lpadmin could not create {queue}: {done.stderr.strip()}")
    _run("cupsenable", queue)
    _run("cupsaccept", queue)
    return queue


def remove_queue(queue: str) -> None:
    _run("cancel", "-a", queue)
    _run("lpadmin", "-x", queue)
    _instance_conf(_instance_of(queue)).unlink(missing_ok=True)


def pause(queue: str) -> None:
    _run("cupsdisable", queue)


def reject(queue: str) -> None:
    _run("cupsreject", queue)


def resume(queue: str) -> None:
    _run("cupsenable", queue)
    _run("cupsaccept", queue)
    _run("cancel", "-a", queue)
