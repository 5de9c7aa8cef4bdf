"""``floorman serve`` started in a process of its own, for tests that reach it over HTTP."""

from __future__ import annotations

import subprocess
import sys


def start_serve(*args: str) -> tuple[subprocess.Popen[str], str]:
    """``floorman serve ARGS --port 0`` running, and the URL it says it serves at (its first line); the caller
    terminates the process. A server that stops before saying it shows its error output in the failure."""
    proc = subprocess.Popen([sys.executable, "-m", "floorman", "serve", *args, "--port", "0"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert proc.stdout is not None
    line = proc.stdout.readline()
    if "http://127.0.0.1:" not in line:
        proc.terminate()
        raise AssertionError(proc.stderr.read() if proc.stderr is not None and proc.poll() is not None else line)
    return proc, line.split("at ", 1)[1].split()[0]
