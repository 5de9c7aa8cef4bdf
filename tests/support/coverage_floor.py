"""Line coverage per package, each held to a floor.

The floors are in ``pyproject.toml`` (``[tool.coverage.floors]``, per cent); CI runs the whole suite
with coverage and this check (``.ci/run``), prints one line per package and fails when a package's
coverage drops under its floor. Raise a floor when its package's coverage rises.

As a pytest plugin (the whole suite, measured by pytest-cov)::

    python -m pytest -q --cov --cov-report= -p tests.support.coverage_floor --coverage-floors

On a coverage data file already written (``.coverage`` by default)::

    python -m tests.support.coverage_floor [--data-file .coverage]
"""

from __future__ import annotations

import argparse
import sys
import tomllib
from collections.abc import Generator, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("app", "db", "ui", "sheets", "web", "floorman", "oskit", "screens")


@dataclass(frozen=True)
class PackageCoverage:
    package: str
    statements: int
    missing: int

    @property
    def percent(self) -> float:
        if self.statements == 0:
            return 100.0
        return 100.0 * (self.statements - self.missing) / self.statements


def read_floors(pyproject: Path = ROOT / "pyproject.toml") -> dict[str, float]:
    """Each package's floor (per cent) from ``[tool.coverage.floors]``."""
    with pyproject.open("rb") as f:
        table = tomllib.load(f).get("tool", {}).get("coverage", {}).get("floors", {})
    return {str(name): float(value) for name, value in table.items()}


def package_of(path: str, root: Path = ROOT) -> str | None:
    """The project package a measured file belongs to (None: outside the project's packages)."""
    try:
        rel = Path(path).resolve().relative_to(root.resolve())
    except ValueError:
        return None
    return rel.parts[0] if len(rel.parts) > 1 and rel.parts[0] in PACKAGES else None


def tally(files: Iterable[tuple[str, int, int]], root: Path = ROOT) -> dict[str, PackageCoverage]:
    """Statements and missed statements added up per package from (path, statements, missing)."""
    sums: dict[str, list[int]] = {}
    for path, statements, missing in files:
        package = package_of(path, root)
        if package is None:
            continue
        total = sums.setdefault(package, [0, 0])
        total[0] += statements
        total[1] += missing
    return {name: PackageCoverage(name, s, m) for name, (s, m) in sorted(sums.items())}


def drops(measured: dict[str, PackageCoverage], floors: dict[str, float]) -> list[str]:
    """One sentence per package under its floor; a package with a floor that nothing measured is one."""
    out = []
    for package, floor in floors.items():
        got = measured.get(package)
        if got is None:
            out.append(f"{package}: no file of it was measured (floor {floor:.1f}%)")
        elif got.percent < floor:
            out.append(f"{package}: {got.percent:.1f}% of its lines ran, under its floor of {floor:.1f}%")
    return out


def table(measured: dict[str, PackageCoverage], floors: dict[str, float]) -> list[str]:
    """The per-package table: statements, missed, covered and floor."""
    lines = [f"{'package':<10}{'statements':>11}{'missed':>8}{'covered':>9}{'floor':>8}"]
    total_s = total_m = 0
    named = set(measured) | set(floors)
    for package in [p for p in PACKAGES if p in named] + sorted(named - set(PACKAGES)):
        got = measured.get(package, PackageCoverage(package, 0, 0))
        floor = floors.get(package)
        shown_floor = f"{floor:.1f}%" if floor is not None else "-"
        mark = "  DROPPED" if floor is not None and (package not in measured or got.percent < floor) else ""
        lines.append(f"{package:<10}{got.statements:>11}{got.missing:>8}{got.percent:>8.1f}%{shown_floor:>8}{mark}")
        total_s += got.statements
        total_m += got.missing
    total = PackageCoverage("total", total_s, total_m)
    lines.append(f"{'total':<10}{total_s:>11}{total_m:>8}{total.percent:>8.1f}%")
    return lines


def measure(cov: Any, root: Path = ROOT) -> dict[str, PackageCoverage]:
    """Per-package coverage from a ``coverage.Coverage`` whose data is loaded."""
    files = []
    for path in cov.get_data().measured_files():
        if package_of(path, root) is None:
            continue
        _, statements, _, missing, _ = cov.analysis2(path)
        files.append((path, len(statements), len(missing)))
    return tally(files, root)


def load(data_file: Path, root: Path = ROOT) -> dict[str, PackageCoverage]:
    import coverage

    cov = coverage.Coverage(data_file=str(data_file), config_file=str(root / "pyproject.toml"))
    cov.load()
    return measure(cov, root)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.support.coverage_floor", description=__doc__.split("\n")[0])
    parser.add_argument("--data-file", type=Path, default=ROOT / ".coverage", help="coverage data (default .coverage)")
    parser.add_argument("--pyproject", type=Path, default=ROOT / "pyproject.toml", help="where the floors are")
    args = parser.parse_args(argv)
    if not args.data_file.exists():
        print(f"{args.data_file}: no coverage data there; run the suite with coverage first", file=sys.stderr)
        return 2
    floors = read_floors(args.pyproject)
    measured = load(args.data_file)
    print("\n".join(table(measured, floors)))
    dropped = drops(measured, floors)
    for line in dropped:
        print(f"coverage dropped: {line}")
    return 1 if dropped else 0


# -- the pytest plugin ------------------------------------------------------------------------------


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--coverage-floors", action="store_true", default=False,
                     help="after the run, print line coverage per package and fail under a package's floor "
                          "(pyproject.toml [tool.coverage.floors]; needs --cov)")


_REPORT = pytest.StashKey[list[str]]()


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtestloop(session: pytest.Session) -> Generator[None, object, object]:
    # Outside pytest-cov's own wrapper: by the time this resumes, it has stopped measuring and combined
    # the data of every process.
    result = yield
    config = session.config
    if not config.getoption("--coverage-floors") or config.getoption("collectonly"):
        return result
    plugin = config.pluginmanager.getplugin("_cov")
    controller = getattr(plugin, "cov_controller", None)
    if controller is None:
        raise pytest.UsageError("--coverage-floors needs the run measured: add --cov (pytest-cov)")
    floors = read_floors()
    measured = measure(controller.cov)
    lines = table(measured, floors)
    dropped = drops(measured, floors)
    lines += [f"coverage dropped: {line}" for line in dropped]
    config.stash[_REPORT] = lines
    if dropped:
        session.testsfailed += 1
    return result


def pytest_terminal_summary(terminalreporter: Any, config: pytest.Config) -> None:
    lines = config.stash.get(_REPORT, None)
    if not lines:
        return
    terminalreporter.write_sep("-", "line coverage per package (floors: pyproject.toml [tool.coverage.floors])")
    for line in lines:
        terminalreporter.write_line(line, red=line.startswith("coverage dropped") or line.endswith("DROPPED"))


if __name__ == "__main__":
    raise SystemExit(main())
