"""The ``floorman`` command line: version, subcommands and their refusals."""

from __future__ import annotations

import subprocess
import sys

from floorman import __version__
from floorman.cli import SUBCOMMANDS, main


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "floorman", *args], capture_output=True, text=True, timeout=120)


def test_version() -> None:
    out = run("--version")
    assert out.returncode == 0 and out.stdout.strip() == f"floorman {__version__}"


def test_every_subcommand_has_help() -> None:
    for name in SUBCOMMANDS:
        out = run(name, "--help")
        assert out.returncode == 0, (name, out.stderr)
        assert "usage: floorman" in out.stdout


def test_bench_refuses_an_unknown_benchmark() -> None:
    out = run("bench", "nosuch")
    assert out.returncode == 2 and "no benchmark called 'nosuch'" in out.stderr


def test_script_reports_the_failing_step(tmp_path) -> None:  # type: ignore[no-untyped-def]
    bad = tmp_path / "bad.json"
    bad.write_text('{"profile": "tda", "steps": [{"do": {"cmd": "bust", "player": "Nobody"}}]}', encoding="utf-8")
    assert main(["script", str(bad)]) == 1


def test_bench_json_keeps_stdout_for_the_figures_and_passes_quick_on(monkeypatch, capsys) -> None:
    """``floorman bench stations --quick --json``: the benchmark gets both flags, and the heading goes to
    stderr so what it prints on stdout is JSON alone."""
    import subprocess

    from floorman import cmd_bench

    ran: list[list[str]] = []

    def fake_run(argv, cwd=None):
        ran.append(list(argv))
        return subprocess.CompletedProcess(argv, 0)

    monkeypatch.setattr(subprocess, "run", fake_run)
    assert cmd_bench.main(["stations", "--quick", "--json"]) == 0
    out = capsys.readouterr()
    assert ran and ran[0][-3:] == ["tests.bench.bench_stations", "--quick", "--json"]
    assert out.out == "" and "== stations" in out.err
