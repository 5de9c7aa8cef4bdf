"""A test run killed before it could stop its PostgreSQL servers: the next run stops them
(tests.support.pg.reap_orphans), and never those of a run still going."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import psutil
import pytest

from tests.support.pg import OWNER_FILE, PREFIX, reap_orphans

# A run that starts a server in its folder, says so, and waits to be killed.
RUN = """
import sys, time
from pathlib import Path
from db import pgserver
folder = Path(sys.argv[1])
(folder / "owner.pid").write_text(str(__import__("os").getpid()))
server = pgserver.start(folder / "session")
print(server.pid, flush=True)
time.sleep(600)
"""


@pytest.fixture
def base():
    folder = Path(tempfile.mkdtemp(prefix="reaper-"))
    os.chmod(folder, 0o755)  # a server started by root runs as another user, who passes through it
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


def started_run(base: Path) -> tuple[subprocess.Popen[str], int, Path]:
    folder = base / (PREFIX + "killed")
    folder.mkdir()
    os.chmod(folder, 0o755)
    run = subprocess.Popen([sys.executable, "-c", RUN, str(folder)], stdout=subprocess.PIPE, text=True,
                           cwd=Path(__file__).resolve().parents[2])
    assert run.stdout is not None
    line = run.stdout.readline()
    assert line.strip().isdigit(), "the run did not start its server"
    return run, int(line), folder


def test_a_killed_runs_server_is_stopped_and_its_folder_removed(base):
    run, server_pid, folder = started_run(base)
    run.send_signal(signal.SIGKILL)
    run.wait()
    assert psutil.pid_exists(server_pid)  # what a killed run leaves behind

    assert reap_orphans(base) == [folder]
    deadline = time.monotonic() + 10
    while psutil.pid_exists(server_pid) and psutil.Process(server_pid).status() != psutil.STATUS_ZOMBIE:
        assert time.monotonic() < deadline, "the orphaned server still runs"
        time.sleep(0.05)
    assert not folder.exists()


def test_a_running_runs_server_is_left_alone(base):
    run, server_pid, folder = started_run(base)
    try:
        assert reap_orphans(base) == []
        assert psutil.pid_exists(server_pid)
        assert (folder / OWNER_FILE).exists()
    finally:
        run.send_signal(signal.SIGTERM)
        run.wait()
        # the run was told to end without stopping its server: that is now an orphan, reaped here
        reap_orphans(base)
    assert not folder.exists()


def test_a_folder_without_an_owner_is_not_touched(base):
    folder = base / (PREFIX + "older")
    folder.mkdir()
    (folder / "keep").write_text("x")
    assert reap_orphans(base) == []
    assert (folder / "keep").exists()
