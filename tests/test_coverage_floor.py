"""The coverage floors CI holds each package to (tests/support/coverage_floor.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support import coverage_floor as cf

ROOT = Path(__file__).resolve().parents[1]


def test_every_package_has_a_floor_in_pyproject() -> None:
    floors = cf.read_floors(ROOT / "pyproject.toml")
    assert sorted(floors) == sorted(cf.PACKAGES)
    assert all(0 < floor <= 100 for floor in floors.values())


def test_files_are_added_up_per_package_and_outsiders_left_out(tmp_path: Path) -> None:
    files = [
        (str(tmp_path / "app" / "a.py"), 100, 10),
        (str(tmp_path / "app" / "sub" / "b.py"), 100, 30),
        (str(tmp_path / "db" / "store.py"), 50, 0),
        (str(tmp_path / "tests" / "test_x.py"), 40, 40),     # not a package of the app
        (str(tmp_path / "setup_helper.py"), 10, 10),         # at the top, in no package
        ("/elsewhere/app/c.py", 10, 10),                      # another checkout
    ]
    measured = cf.tally(files, tmp_path)
    assert measured == {"app": cf.PackageCoverage("app", 200, 40), "db": cf.PackageCoverage("db", 50, 0)}
    assert measured["app"].percent == pytest.approx(80.0)
    assert measured["db"].percent == 100.0


def test_a_package_under_its_floor_is_a_drop_and_one_at_its_floor_is_not() -> None:
    measured = {"app": cf.PackageCoverage("app", 1000, 151), "db": cf.PackageCoverage("db", 1000, 150)}
    floors = {"app": 85.0, "db": 85.0}
    assert cf.drops(measured, floors) == ["app: 84.9% of its lines ran, under its floor of 85.0%"]
    lines = cf.table(measured, floors)
    assert lines[1].startswith("app") and lines[1].endswith("DROPPED")
    assert lines[2].startswith("db") and "DROPPED" not in lines[2]
    assert lines[-1].split()[:3] == ["total", "2000", "301"]


def test_a_package_with_a_floor_that_nothing_measured_is_a_drop() -> None:
    measured = {"app": cf.PackageCoverage("app", 10, 0)}
    assert cf.drops(measured, {"app": 90.0, "oskit": 50.0}) == ["oskit: no file of it was measured (floor 50.0%)"]


def test_the_check_reads_a_coverage_data_file_and_fails_under_a_floor(tmp_path: Path,
                                                                     capsys: pytest.CaptureFixture[str]) -> None:
    """A data file in which one line of oskit/names.py ran: oskit is far under any floor, the run fails."""
    coverage = pytest.importorskip("coverage")  # pinned in requirements-dev.txt; an older venv may lack it
    names = ROOT / "oskit" / "names.py"
    first_import = next(n for n, line in enumerate(names.read_text(encoding="utf-8").splitlines(), 1)
                        if line.startswith(("from ", "import ")))
    data = coverage.CoverageData(basename=str(tmp_path / ".coverage"))
    data.add_lines({str(names): [first_import]})
    data.write()
    pyproject = tmp_path / "pyproject.toml"
    pyproject.write_text("[tool.coverage.floors]\noskit = 50.0\n", encoding="utf-8")

    code = cf.main(["--data-file", str(tmp_path / ".coverage"), "--pyproject", str(pyproject)])

    out = capsys.readouterr().out
    assert code == 1
    row = next(line for line in out.splitlines() if line.startswith("oskit"))
    statements, missed = int(row.split()[1]), int(row.split()[2])
    assert statements > 10 and missed == statements - 1
    assert "coverage dropped: oskit:" in out

    pyproject.write_text("[tool.coverage.floors]\noskit = 0.1\n", encoding="utf-8")
    assert cf.main(["--data-file", str(tmp_path / ".coverage"), "--pyproject", str(pyproject)]) == 0


def test_no_data_file_says_so(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert cf.main(["--data-file", str(tmp_path / "missing")]) == 2
    assert "no coverage data there" in capsys.readouterr().err
