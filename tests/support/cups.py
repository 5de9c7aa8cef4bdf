"""A real CUPS queue that prints to PDF files (Debian's cups and printer-driver-cups-pdf).

``pdf_queue(folder)`` starts cupsd when it is not running, points cups-pdf's output at ``folder`` and
(re)creates the queue ``FloorPDF``; jobs sent to it come out as PDF files in ``folder``. It needs root
(CI and the development machines run as root); ``available()`` says whether this machine can do it.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import time
from pathlib import Path

QUEUE = "FloorPDF"
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


def pdf_queue(folder: Path) -> str:
    """The name of a ready CUPS-PDF queue writing into ``folder``."""
    folder.mkdir(parents=True, exist_ok=True)
    text = CONF.read_text()
    line = f"Out {folder}"
    if line not in text.splitlines():
        CONF.write_text(re.sub(r"(?m)^#?Out .*$", line, text, count=1))
        if _cupsd_running():
            _run("pkill", "-HUP", "-x", "cupsd")
            time.sleep(0.5)
    if not _cupsd_running():
        subprocess.run(["/usr/sbin/cupsd"], check=True, timeout=30)
        for _ in range(50):
            if _cupsd_running():
                break
            time.sleep(0.1)
    done = _run("lpadmin", "-p", QUEUE, "-E", "-v", "cups-pdf:/", "-m", PPD)
    if done.returncode != 0:
        raise RuntimeError(f"lpadmin could not create {QUEUE}: {done.stderr.strip()}")
    _run("cupsenable", QUEUE)
    _run("cupsaccept", QUEUE)
    _run("lpadmin", "-d", QUEUE)
    return QUEUE


def pause(queue: str = QUEUE) -> None:
    _run("cupsdisable", queue)


def reject(queue: str = QUEUE) -> None:
    _run("cupsreject", queue)


def resume(queue: str = QUEUE) -> None:
    _run("cupsenable", queue)
    _run("cupsaccept", queue)
    _run("cancel", "-a", queue)


def wait_for_pdfs(folder: Path, count: int, timeout: float = 30.0) -> list[Path]:
    """The PDFs in ``folder`` once there are ``count`` of them (cups-pdf writes them a moment later)."""
    deadline = time.monotonic() + timeout
    while True:
        found = sorted(folder.glob("*.pdf"))
        if len(found) >= count or time.monotonic() > deadline:
            return found
        time.sleep(0.2)
