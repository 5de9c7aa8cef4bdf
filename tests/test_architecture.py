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


# -- the engine's modules in layers -------------------------------------------------------------------
# The layers themselves are an import-linter contract (pyproject.toml, `lint-imports`); these tests keep
# the two things it does not see: a circle of imports between modules, and an import made inside a
# function to dodge one.


def module_graph() -> dict[str, set[str]]:
    """Every module of app/ and the modules of app/ it imports (TYPE_CHECKING blocks left out)."""
    import grimp

    graph = grimp.build_graph("app", exclude_type_checking_imports=True, cache_dir=None)
    return {m: set(graph.find_modules_directly_imported_by(m)) for m in graph.modules}


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """A circle of imports (its modules, the first repeated at the end), or None; depth first, no recursion."""
    state: dict[str, int] = {}  # 1: on the path being walked, 2: done (no circle through it)
    for root in sorted(graph):
        if state.get(root):
            continue
        path = [root]
        todo = [iter(sorted(graph[root]))]
        state[root] = 1
        while todo:
            nxt = next(todo[-1], None)
            if nxt is None:
                state[path.pop()] = 2
                todo.pop()
            elif state.get(nxt) == 1:
                return path[path.index(nxt):] + [nxt]
            elif not state.get(nxt):
                state[nxt] = 1
                path.append(nxt)
                todo.append(iter(sorted(graph.get(nxt, ()))))
    return None


def test_no_module_of_the_engine_imports_itself_back() -> None:
    graph = module_graph()
    assert "app.engine" in graph and "app.areas" in graph["app.engine"]
    assert find_cycle(graph) is None, " -> ".join(find_cycle(graph) or [])


def test_the_cycle_finder_finds_a_circle() -> None:
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b", "c"}, "b": {"c"}, "c": set()}) is None


def imports_inside_functions(source: str) -> list[int]:
    """Lines of ``source`` that import an app module anywhere but at the top of the module (or in a
    ``if TYPE_CHECKING:`` block there)."""
    import ast

    found = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef | ast.Lambda):
            continue
        for inner in ast.walk(node):
            names = ([inner.module or ""] if isinstance(inner, ast.ImportFrom)
                     else [a.name for a in inner.names] if isinstance(inner, ast.Import) else [])
            if any(n == "app" or n.startswith("app.") for n in names):
                found.append(inner.lineno)
    return sorted(set(found))


def test_no_engine_module_imports_inside_a_function() -> None:
    """An import inside a function hides a circle from the checks: every import of app/ is at the top."""
    found = [f"{path.relative_to(ROOT)}:{line}" for path in sorted((ROOT / "app").rglob("*.py"))
             for line in imports_inside_functions(path.read_text(encoding="utf-8"))]
    assert not found, f"imports inside functions: {found}"


def test_the_import_finder_sees_an_import_in_a_function_only() -> None:
    source = (
        "from typing import TYPE_CHECKING\nfrom app.core.state import OUT\n"
        "if TYPE_CHECKING:\n    from app.core.context import Context\n"
        "def f():\n    '''from app import x'''\n    from app.views.read import read\n"
        "class C:\n    def g(self):\n        import app.engine\n"
    )
    assert imports_inside_functions(source) == [7, 10]


def test_the_faces_contract_names_every_engine_module_but_the_public_one() -> None:
    """ui/, sheets/, web/ and floorman/ import the engine through app.api (and the commands' declarations,
    app.commands): the contract forbids every other module of app/, so a new package is private until it is
    named in app.api."""
    import pkgutil
    import tomllib

    import app
    import app.api

    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    contracts = config["tool"]["importlinter"]["contracts"]
    faces = [c for c in contracts if c["type"] == "forbidden"
             and set(c["source_modules"]) == {"ui", "sheets", "web", "floorman", "screens"}]
    assert len(faces) == 1
    engine = {f"app.{info.name}" for info in pkgutil.iter_modules(app.__path__)}
    assert set(faces[0]["forbidden_modules"]) == engine - {"app.api", "app.commands", "app.i18n"}
    assert all(hasattr(app.api, name) for name in app.api.__all__)
    assert len(set(app.api.__all__)) == len(app.api.__all__)
