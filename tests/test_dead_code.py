"""No dead definitions: every module-level function, class and constant of the app's packages is named
somewhere else in the project (code, tests, docs, resources), or is registered by a decorator.

A definition nothing names is dead: delete it rather than keep it "for later". The few kept on purpose
are listed below with the reason.
"""

from __future__ import annotations

import ast
import re
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("app", "db", "ui", "sheets", "web", "floorman", "oskit", "screens")
# Subclasses register themselves: every command is declared once in app/commands and found by its name.
REGISTERING_BASES = {"Command"}
WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")

KEPT = {
    # The catalogue of reason codes a refusal may carry (rules specification, and the engine's own).
    ("app/errors.py", "SPEC_CODES"),
    ("app/errors.py", "INPUT_CODES"),
}


def project_words() -> Counter[str]:
    """Every word in the project's own files (not a virtual environment or a build beside them)."""
    suffixes = {".py", ".md", ".json", ".spec", ".toml", ".ini", ".mako"}
    files = [p for p in ROOT.iterdir() if p.is_file() and p.suffix in suffixes]
    for folder in (*PACKAGES, "tests", "docs", "resources", "packaging"):
        files += [p for p in (ROOT / folder).rglob("*") if p.suffix in suffixes and "__pycache__" not in p.parts]
    words: Counter[str] = Counter()
    for path in files:
        words.update(WORD.findall(path.read_text(encoding="utf-8", errors="replace")))
    return words


def module_definitions(path: Path) -> list[tuple[str, int]]:
    """(name, line) of the undecorated functions and classes and the assigned constants at a module's top."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out = []
    for node in tree.body:
        if isinstance(node, ast.ClassDef) and {ast.unparse(b) for b in node.bases} & REGISTERING_BASES:
            continue  # declared once and found by the registry that the base class keeps
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            if not node.decorator_list:
                out.append((node.name, node.lineno))
        elif isinstance(node, ast.Assign):
            out += [(t.id, node.lineno) for t in node.targets if isinstance(t, ast.Name)]
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name) and node.value is not None:
            out.append((node.target.id, node.lineno))
    return out


def test_no_module_level_definition_is_dead() -> None:
    words = project_words()
    dead = []
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            rel = path.relative_to(ROOT).as_posix()
            if "/migrations/" in rel or "/roster_migrations/" in rel:  # Alembic reads them by name
                continue
            for name, line in module_definitions(path):
                if name.startswith("__") or (rel, name) in KEPT:
                    continue
                if words[name] <= 1:
                    dead.append(f"{rel}:{line} {name}")
    assert dead == [], "defined but named nowhere else (delete, or say why it is kept in KEPT):\n" + "\n".join(dead)


def test_what_is_kept_on_purpose_is_still_there() -> None:
    for rel, name in KEPT:
        assert name in dict(module_definitions(ROOT / rel)), f"{rel} no longer defines {name}: drop it from KEPT"
