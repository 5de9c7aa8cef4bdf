"""Every module of the engine loads first, on its own: no import cycle hides behind the order in which
the rest of the suite happens to load them (``floorman simulate`` once stopped on one)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

PROBE = """
import importlib, pkgutil, sys
import app
names = sorted(m.name for m in pkgutil.walk_packages(app.__path__, "app."))
failed = []
for name in names:
    for loaded in [m for m in sys.modules if m == "app" or m.startswith("app.")]:
        del sys.modules[loaded]
    try:
        importlib.import_module(name)
    except Exception as exc:
        failed.append(f"{name}: {type(exc).__name__}: {exc}")
print(len(names))
print("\\n".join(failed))
"""


def test_every_engine_module_loads_first_on_its_own() -> None:
    done = subprocess.run([sys.executable, "-c", PROBE], cwd=ROOT, capture_output=True, text=True, timeout=240,
                          check=False)
    assert done.returncode == 0, done.stderr
    count, *failed = done.stdout.splitlines()
    assert int(count) > 50
    assert [line for line in failed if line] == []
