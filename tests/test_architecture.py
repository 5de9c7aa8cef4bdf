"""The rules engine runs with Qt, SQLAlchemy and reportlab absent; the store runs without Qt.

lint-imports checks the import graph statically (pyproject.toml); this checks it at run time, in a
child process where importing a forbidden package fails.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

BLOCK = """
import sys
for name in {blocked!r}:
    sys.modules[name] = None  # any import of it now raises ImportError
import importlib, pkgutil
import {package}
for info in pkgutil.walk_packages({package}.__path__, "{package}."):
    if "migrations." not in info.name:  # Alembic's scripts (the store's, the roster's) run only inside Alembic
        importlib.import_module(info.name)
print("imported", len(list(pkgutil.walk_packages({package}.__path__))))
"""


def run_blocked(package: str, blocked: list[str], extra: str = "") -> subprocess.CompletedProcess[str]:
    code = BLOCK.format(package=package, blocked=blocked) + extra
    return subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)


def test_every_engine_module_imports_without_qt_sqlalchemy_or_reportlab() -> None:
    run = run_blocked(
        "app",
        ["PySide6", "sqlalchemy", "alembic", "reportlab"],
        extra=(
            "from app.tools.simulate import Simulation, run_simulation\n"
            "print(run_simulation(Simulation(players=30, seed=2))['actions'] > 30)\n"
        ),
    )
    assert run.returncode == 0, run.stderr[-2000:]
    assert run.stdout.strip().endswith("True")


def test_every_store_module_imports_without_qt_or_reportlab() -> None:
    run = run_blocked("db", ["PySide6", "reportlab"])
    assert run.returncode == 0, run.stderr[-2000:]


def test_the_phones_web_server_imports_without_qt_the_store_or_reportlab() -> None:
    run = run_blocked("web", ["PySide6", "sqlalchemy", "alembic", "reportlab"])
    assert run.returncode == 0, run.stderr[-2000:]
