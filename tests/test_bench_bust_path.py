"""The count of the project's files one bust goes through (tests/bench/bench_bust_path.py)."""

from __future__ import annotations

from pathlib import Path

from tests.bench import bench_bust_path as bench

ROOT = Path(__file__).resolve().parents[1]


def test_only_the_projects_packages_count_and_they_are_grouped_in_order() -> None:
    assert bench.project_file(str(ROOT / "ui" / "runner.py")) == "ui/runner.py"
    assert bench.project_file(str(ROOT / "tests" / "conftest.py")) is None
    assert bench.project_file(str(ROOT / "build.spec")) is None
    assert bench.project_file("/usr/lib/python3.11/json/__init__.py") is None
    assert bench.project_file("<frozen importlib._bootstrap>") is None
    grouped = bench.by_package(["ui/runner.py", "app/core/engine.py", "db/store.py", "app/errors.py"])
    assert list(grouped) == ["app", "db", "ui"]
    assert grouped["app"] == ["app/core/engine.py", "app/errors.py"]


def test_a_bust_is_traced_from_the_key_through_the_log_to_the_repaint(qtbot, tmp_path: Path) -> None:
    path = tmp_path / "demo.floorman"
    bench.write_demo_file(path)

    result = bench.measure(path)

    files = [f for group in result["by_package"].values() for f in group]
    assert result["files"] == len(files) == len(set(files))
    for step in ("ui/widgets/player_panel.py",      # the action bar the director types in
                 "ui/runner.py",                     # the window's runner sends the command
                 "app/eliminations/busts.py",        # the rule
                 "db/store.py", "db/writer.py",      # the log in the file
                 "ui/director.py", "ui/models/players.py"):  # the refresh and the list repainted
        assert step in files, f"{step} not on the traced path"
