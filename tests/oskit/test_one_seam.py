"""Every operating-system decision is made in oskit, and every branch of it runs here (no ``pragma: no cover``).

A module outside oskit that reads ``sys.platform`` or imports a module of one system only would be a
branch the tests on Linux never take; this test names it.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("app", "db", "ui", "sheets", "floorman", "web")
OS_ONLY = "msvcrt|winsound|winreg|_winapi|fcntl|resource|termios|pwd|grp|posix"
DECISION = re.compile(
    r"sys\.platform|\bos\.name\b|platform\.system\(|os\.startfile|/proc/"
    rf"|^\s*(?:import|from)\s+(?:{OS_ONLY})\b|import_module\([\"'](?:{OS_ONLY})[\"']",
    re.MULTILINE,
)


def _sources(*packages: str) -> list[Path]:
    return [p for package in packages for p in sorted((ROOT / package).rglob("*.py")) if "migrations" not in p.parts]


def test_no_operating_system_decision_outside_oskit() -> None:
    found = [f"{path.relative_to(ROOT)}:{text[: m.start()].count(chr(10)) + 1}: {m.group(0).strip()}"
             for path in _sources(*PACKAGES) for text in [path.read_text(encoding="utf-8")]
             for m in DECISION.finditer(text)]
    assert found == [], "decide the operating system in oskit, not here:\n" + "\n".join(found)


def test_no_branch_is_left_out_of_coverage() -> None:
    left_out = [f"{path.relative_to(ROOT)}:{n}: {line.strip()}"
                for path in _sources("oskit", *PACKAGES)
                for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
                if "pragma: no cover" in line and re.search(r"(?i)windows|win32|macos|darwin|linux|platform|posix|"
                                                            r"msvcrt|winsound|fcntl|resource", line)]
    left_out += [f"{path.relative_to(ROOT)}: pragma: no cover" for path in _sources("oskit")
                 if "pragma: no cover" in path.read_text(encoding="utf-8")]
    assert left_out == []


def test_oskit_imports_as_windows_would_with_no_posix_module() -> None:
    """Every oskit module imports and picks its Windows implementation with the POSIX modules absent."""
    code = (
        "import sys, types\n"
        "for name in ('fcntl', 'resource', 'termios', 'pwd', 'grp'):\n"
        "    sys.modules[name] = None\n"
        "import ctypes, logging, shutil, subprocess  # the standard library, as loaded on this system\n"
        "sys.platform = 'win32'\n"
        "sys.modules['msvcrt'] = types.ModuleType('msvcrt')\n"
        "import importlib, pkgutil, oskit\n"
        "for info in pkgutil.walk_packages(oskit.__path__, 'oskit.'):\n"
        "    importlib.import_module(info.name)\n"
        "from oskit import filelock, opener, printing, dirs, memory, sound\n"
        "print(filelock.file_locker().name, opener.file_opener().name, printing.print_route().name,\n"
        "      dirs.data_folders().name, memory.this_process().name, sep='|')\n"
    )
    run = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr[-2000:]
    assert run.stdout.strip() == "msvcrt|os.startfile|Windows printing (Qt)|Windows|Windows (kernel32, psapi)"
