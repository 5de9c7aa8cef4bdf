"""``floorman standby`` and ``floorman takeover`` with ``floorman host``, each a real process and server."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from db import pgserver
from db.joincode import read_code
from db.shared_store import ServerUnreachable, open_shared
from db.standby import start_standby
from db.station_codes import issue_code
from floorman.cli import main
from tests.cli.test_host_join import tournament_file
from tests.support.output import Output

ROOT = Path(__file__).resolve().parents[2]


class Running(Output):
    """A ``floorman`` subcommand running in its own process; its output lines read as they come."""

    def __init__(self, args: list[str], data_dir: Path) -> None:
        env = {**os.environ, "FLOORMAN_DATA_DIR": str(data_dir)}
        super().__init__(subprocess.Popen([sys.executable, "-m", "floorman", *args], cwd=ROOT, env=env, text=True,
                                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT))

    def stop(self) -> int:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
        try:
            return self.process.wait(timeout=60)
        finally:
            while not self.lines.empty():
                self.seen.append(self.lines.get())


@pytest.fixture
def hosted(pg_folder: Path, tmp_path: Path) -> Iterator[tuple[Running, dict[str, str]]]:
    host = Running(["host", str(tournament_file(tmp_path)), "--role-codes"], pg_folder / "host-data")
    try:
        codes: dict[str, str] = {}
        while len(codes) < 5:
            role, code = host.until(" floorman:").split()
            codes[role] = code
        yield host, codes
    finally:
        host.stop()
        for pid_file in pg_folder.glob("*-data/*/*/data/postmaster.pid"):  # a killed one leaves its file
            assert not pgserver._alive(int(pid_file.read_text().split()[0])), f"left running: {pid_file}"


def test_standby_follows_the_host_then_takes_over_when_it_dies(hosted, pg_folder, capsys, monkeypatch):
    host, codes = hosted
    standby = Running(["standby", codes["standby"]], pg_folder / "standby-data")
    try:
        standby.until("synchronous")
        with open_shared(read_code(codes["floor"]).url(), station="Floor 2", role="floor") as floor:
            player = next(p.id for p in floor.tournament.state.players.values() if p.table is not None)
            floor.execute({"cmd": "bust", "players": [player]})
            monkeypatch.setenv("FLOORMAN_DATA_DIR", str(pg_folder / "standby-data"))
            assert main(["takeover"]) == 2  # the host still answers: refused in words
            assert "still answers" in capsys.readouterr().err
            (postmaster,) = (pg_folder / "host-data").glob("servers/*/data/postmaster.pid")
            os.kill(int(postmaster.read_text().split()[0]), signal.SIGKILL)  # the host laptop dies
            host.until("stopped by itself")
            standby.until("stopped answering")
            with pytest.raises(ServerUnreachable):
                floor.execute({"cmd": "note", "text": "no server"})
            assert main(["takeover"]) == 0
            out = capsys.readouterr().out
            assert "now the tournament's server" in out and "7 actions" in out
            standby.until("took over")
            floor.execute({"cmd": "note", "text": "on the new server"})  # the station followed by itself
            assert floor.last_seq == 8
            assert main(["takeover"]) == 2  # nothing left to promote
            assert "no running standby" in capsys.readouterr().err
            # The new server keeps a standby of its own; gone, it is said, and the server stops waiting for it.
            new_url = out.rsplit("(holds the password): ", 1)[1].split()[0]
            third = start_standby(new_url, pg_folder / "third")
            os.kill(third.server.pid, signal.SIGKILL)
            floor.execute({"cmd": "note", "text": "while the third laptop is gone"})
            assert "on this laptop only" in standby.until("stopped answering", timeout=30)
            third.server.stop()
    finally:
        assert standby.stop() == 0
    assert "The tournament's server is stopped" in standby.seen[-1]
    assert not any("Traceback" in line for line in standby.seen + host.seen)


def test_a_stations_code_cannot_keep_a_standby_and_nothing_is_made(hosted, pg_folder, capsys):
    _host, codes = hosted
    desk = issue_code(read_code(codes["standby"]).url(), "director")
    assert main(["standby", desk, "--folder", str(pg_folder / "copy")]) == 2
    err = capsys.readouterr().err
    assert "it is a station's" in err and "no standby was made" in err
    assert not (pg_folder / "copy" / "data").exists()
    assert main(["standby", "floorman:garbage"]) == 2
    assert "damaged" in capsys.readouterr().err
    assert main(["takeover", "--folder", str(pg_folder / "copy")]) == 2
    assert "holds no standby copy" in capsys.readouterr().err


def test_the_host_says_when_its_standby_is_gone_and_actions_go_on(hosted, pg_folder):
    host, codes = hosted
    standby = Running(["standby", codes["standby"]], pg_folder / "standby-data")
    try:
        standby.until("synchronous")
        (postmaster,) = (pg_folder / "standby-data").glob("standbys/*/data/postmaster.pid")
        os.kill(int(postmaster.read_text().split()[0]), signal.SIGKILL)  # the second laptop is gone
        with open_shared(read_code(codes["desk"]).url(), station="Desk", role="desk") as desk:
            desk.execute({"cmd": "note", "text": "cash box counted"})  # held a moment, then recorded
            assert desk.last_seq == 7
        said = host.until("stopped answering", timeout=30)
        assert "on this laptop only" in said
    finally:
        standby.stop()
    assert any("stopped by itself" in line for line in standby.seen)


def test_without_the_postgresql_client_both_commands_say_so(monkeypatch, capsys):
    import builtins

    real_import = builtins.__import__

    def no_client(name, *args, **kwargs):
        if name in ("db.standby", "db.shared_store") or name.startswith("psycopg"):
            raise ModuleNotFoundError(f"No module named {name!r}")
        return real_import(name, *args, **kwargs)

    for module in ("db.standby", "db.shared_store"):
        monkeypatch.delitem(sys.modules, module, raising=False)
    monkeypatch.setattr(builtins, "__import__", no_client)
    assert main(["standby", "postgresql://floorman:pw@127.0.0.1:5433/tournament"]) == 2
    assert "no PostgreSQL client" in capsys.readouterr().err
    assert main(["takeover"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("floorman takeover: this Floorman has no PostgreSQL client") and "Traceback" not in err
