"""The headless commands run with the POSIX-only modules Windows lacks blocked: resource, termios, pwd, grp.

Each command runs in a child Python whose imports of those modules fail, as on Windows (``fcntl``
stays: the writer lock on Linux is ``oskit.filelock``'s flock, whose Windows twin is msvcrt, tested in
test_filelock.py). The child also says which of them was asked for, so a new import of one is
caught here even when the caller would have survived the ImportError.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
BLOCKED = ("resource", "termios", "pwd", "grp")

CHILD = """
import importlib.abc, sys
BLOCKED = {blocked!r}
asked = []
class NotOnWindows(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.partition(".")[0] in BLOCKED:
            asked.append(name)
            raise ImportError(f"No module named {{name!r}} (it does not exist on Windows)")
        return None
for name in BLOCKED:
    sys.modules.pop(name, None)
sys.meta_path.insert(0, NotOnWindows())
from floorman.cli import main
code = main(sys.argv[1:])
print("ASKED-FOR:" + ",".join(asked), file=sys.stderr)
leaked = [name for name in BLOCKED if sys.modules.get(name) is not None]
assert not leaked, leaked
sys.exit(code)
"""


def run_without_posix(*args: str, data: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "FLOORMAN_DATA_DIR": str(data), "QT_QPA_PLATFORM": "offscreen", "FLOORMAN_NO_SOUND": "1"}
    return subprocess.run([sys.executable, "-c", CHILD.format(blocked=BLOCKED), *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=240)


def _asked(run: subprocess.CompletedProcess[str]) -> str:
    return next(line for line in run.stderr.splitlines() if line.startswith("ASKED-FOR:"))[len("ASKED-FOR:"):]


@pytest.fixture(scope="module")
def night(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """A whole tournament simulated to a file, with the POSIX-only modules blocked."""
    folder = tmp_path_factory.mktemp("no-posix")
    path = folder / "night.floorman"
    run = run_without_posix("simulate", "--players", "24", "--seed", "5", "--db", str(path), "--json",
                            data=folder / "data")
    assert run.returncode == 0, run.stderr[-2000:]
    result = json.loads(run.stdout)
    assert result["peak_rss_mb"] and result["peak_rss_mb"] > 10  # read from /proc when getrusage is missing
    assert _asked(run) in ("", "resource")  # oskit.memory asks once and takes the other way
    return folder, path


def test_simulate_to_a_file_without_posix_modules(night: tuple[Path, Path]) -> None:
    _folder, path = night
    assert path.is_file() and path.stat().st_size > 0


def test_verify_without_posix_modules(night: tuple[Path, Path]) -> None:
    folder, path = night
    run = run_without_posix("verify", str(path), "--json", data=folder / "data")
    assert run.returncode == 0, run.stderr[-2000:]
    assert json.loads(run.stdout)["ok"] is True
    assert _asked(run) == ""


def test_print_to_a_file_without_posix_modules(night: tuple[Path, Path]) -> None:
    folder, path = night
    out = folder / "results.pdf"
    run = run_without_posix("print", "results", str(path), "--out", str(out), data=folder / "data")
    assert run.returncode == 0, run.stderr[-2000:]
    assert out.read_bytes().startswith(b"%PDF-")
    assert _asked(run) == ""


def test_commands_listing_without_posix_modules(tmp_path: Path) -> None:
    run = run_without_posix("commands", "--json", data=tmp_path)
    assert run.returncode == 0, run.stderr[-2000:]
    assert len(json.loads(run.stdout)) > 20
    assert _asked(run) == ""


def test_a_scenario_script_without_posix_modules(tmp_path: Path) -> None:
    scenario = ROOT / "tests" / "scenarios" / "bal-3-p004-8-8-7-move.json"
    run = run_without_posix("script", str(scenario), data=tmp_path)
    assert run.returncode == 0, run.stderr[-2000:]
    assert run.stdout.startswith("ok ")
    assert _asked(run) == ""
