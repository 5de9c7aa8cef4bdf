"""The window's modules import each other one way only: no module, and no package of ui/, is in a circle.

A controller is built with the parts it uses (ui.control.parts), never the window, and what several
packages share lives below them (ui.feedback, ui.glyphs, ui.qr); a new circle fails here, naming it.
Imports made for type checking count: they tie the modules together all the same.
"""

from __future__ import annotations

import grimp

ROOT = "ui"


def _graph() -> dict[str, set[str]]:
    g = grimp.build_graph(ROOT, cache_dir=None)
    return {m: {i for i in g.find_modules_directly_imported_by(m) if i.split(".")[0] == ROOT}
            for m in g.modules if m.split(".")[0] == ROOT}


def _package(module: str) -> str:
    """ui.control.players -> ui.control; ui.director -> ui.director (a module of ui/ is its own unit)."""
    return ".".join(module.split(".")[:2])


def circles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Each circle found by a depth-first walk, as the path that closes it (a -> b -> a)."""
    found: list[list[str]] = []
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def walk(node: str) -> None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(edges.get(node, ())):
            if state.get(nxt) == 1:
                found.append([*path[path.index(nxt):], nxt])
            elif nxt not in state:
                walk(nxt)
        path.pop()
        state[node] = 2

    for node in sorted(edges):
        if node not in state:
            walk(node)
    return found


def test_circles_are_found():
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == [["a", "b", "c", "a"]]
    assert circles({"a": {"b"}, "b": set(), "c": {"a"}}) == []


def test_no_module_of_ui_is_in_an_import_circle():
    assert circles(_graph()) == []


def test_no_package_of_ui_is_in_an_import_circle():
    packages: dict[str, set[str]] = {}
    for module, imported in _graph().items():
        mine = _package(module)
        packages.setdefault(mine, set()).update(_package(i) for i in imported if _package(i) != mine)
    assert circles(packages) == []
