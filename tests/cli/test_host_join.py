"""``floorman host`` and ``floorman join`` against a real PostgreSQL server (tests/support/pg.py)."""

from __future__ import annotations

import os
import queue
import signal
import socket
import subprocess
import sys
import threading
from pathlib import Path

import psycopg
import pytest

from app.core.timesource import FakeClock
from app.errors import RuleError
from app.profiles.profile import load_profile
from db.joincode import JoinInfo, info_from_url, make_code, read_code
from db.shared_store import create_shared, open_shared
from db.store import TournamentStore
from floorman.cli import main

ROOT = Path(__file__).resolve().parents[2]
TRICKY = "Robert'); DROP TABLE actions;--"
QUOTED = 'Bo "Big" O\'Neil'


def tournament_file(folder: Path) -> Path:
    path = folder / "friday.floorman"
    with TournamentStore.create(path, load_profile("home-rebuy"), "Friday", time=FakeClock(), seed=5) as store:
        for name in ("Ann Lee", QUOTED, TRICKY):
            store.execute({"cmd": "register", "name": name})
        store.execute({"cmd": "seat_all"})
        store.execute({"cmd": "start_clock"})
    return path


def count_actions(url: str) -> int:
    with psycopg.connect(url) as conn:
        row = conn.execute("SELECT count(*) FROM actions").fetchone()
    assert row is not None
    return int(row[0])


@pytest.fixture
def shared(pg_database: str, tmp_path: Path) -> str:
    create_shared(pg_database, from_file=tournament_file(tmp_path), station="Director").close()
    return pg_database


def test_join_by_a_floor_code_prints_the_summary_and_the_history(shared: str, capsys) -> None:
    code = make_code(info_from_url(shared, "floor"))
    assert main(["join", code, "--station", "Floor 2", "--operator", "Lou"]) == 0
    out = capsys.readouterr().out
    first = out.splitlines()[0]
    assert first.startswith("Friday (shared; this station: Floor 2, floor): 3 players left")
    assert "6 actions" in first
    assert f"registration of {TRICKY}" in out and f"registration of {QUOTED}" in out
    assert count_actions(shared) == 6  # only read


def test_a_station_and_operator_named_with_quotes_and_sql_are_stored_as_written(shared: str, capsys) -> None:
    station, operator = "Floor \"2\"'; DROP TABLE meta;--", "O'Brien); DELETE FROM actions;--"
    code = make_code(info_from_url(shared, "floor"))
    assert main(["join", code, "--station", station, "--operator", operator]) == 0
    with open_shared(shared, station=station, operator=operator, role="floor") as floor:
        player = next(p.id for p in floor.tournament.state.players.values() if p.name == TRICKY)
        floor.execute({"cmd": "bust", "players": [player]})
    assert main(["join", shared, "--station", "Director"]) == 0
    out = capsys.readouterr().out
    assert f"bust-out of {TRICKY} \u2014 {station} ({operator})" in out
    assert count_actions(shared) == 7


def test_a_wrong_password_is_refused_in_words(shared: str, capsys) -> None:
    info = info_from_url(shared, "desk")
    wrong = JoinInfo(info.address, info.port, info.database, info.user, info.password + "x", "desk")
    assert main(["join", make_code(wrong), "--station", "Desk"]) == 2
    err = capsys.readouterr().err
    assert "refused the password" in err and "Nothing was opened" in err and "Traceback" not in err


def test_an_unreachable_server_is_said_in_words(capsys) -> None:
    with socket.socket() as sock:  # a port nobody listens on
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    code = make_code(JoinInfo("127.0.0.1", port, "tournament", "floorman", "pw", "floor"))
    assert main(["join", code, "--station", "Floor 1"]) == 2
    err = capsys.readouterr().err
    assert "cannot reach the tournament's server at 127.0.0.1:" in err and "Nothing was opened" in err


def test_a_damaged_code_is_refused_in_words(shared: str, capsys) -> None:
    code = make_code(info_from_url(shared, "floor"))
    assert main(["join", code[:-3], "--station", "Floor 1"]) == 2
    assert "damaged" in capsys.readouterr().err
    assert main(["join", code, "--station", "Floor 1", "--role", "director"]) == 2
    assert "carries the station's role" in capsys.readouterr().err


def test_a_desk_station_is_refused_a_directors_action_and_nothing_is_recorded(shared: str) -> None:
    with open_shared(shared, station="Desk", operator="Kim", role="desk") as desk:
        player = next(iter(desk.tournament.state.players))
        with pytest.raises(RuleError) as err:
            desk.execute({"cmd": "bust", "players": [player]})
        assert err.value.code == "ROLE_FORBIDDEN"
        assert desk.last_seq == 6
    assert count_actions(shared) == 6


def test_host_with_a_venue_url_copies_the_tournament_in_and_prints_a_code_per_role(pg_database: str,
                                                                                  tmp_path: Path,
                                                                                  capsys) -> None:
    path = tournament_file(tmp_path)
    assert main(["host", str(path), "--url", pg_database, "--role-codes"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split()[0] for line in lines] == ["director", "desk", "floor", "screen"]
    assert main(["join", lines[3].split()[1], "--station", "Bar screen"]) == 0
    assert "this station: Bar screen, screen" in capsys.readouterr().out
    assert main(["host", str(path), "--url", pg_database]) == 2  # never over a tournament already there
    assert "already holds a tournament" in capsys.readouterr().err
    assert count_actions(pg_database) == 6


def test_host_refuses_a_missing_file_in_words(tmp_path: Path, capsys) -> None:
    assert main(["host", str(tmp_path / "none.floorman")]) == 2
    assert "no tournament file" in capsys.readouterr().err


def test_host_serves_a_private_server_until_sigterm_then_stops_it(pg_folder: Path, tmp_path: Path, capsys) -> None:
    path = tournament_file(tmp_path)
    env = {**os.environ, "FLOORMAN_DATA_DIR": str(pg_folder)}
    host = subprocess.Popen([sys.executable, "-m", "floorman", "host", str(path), "--role-codes"], cwd=ROOT, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    lines: queue.Queue[str] = queue.Queue()
    assert host.stdout is not None
    def read() -> None:
        for line in host.stdout or ():
            lines.put(line)

    threading.Thread(target=read, daemon=True).start()
    try:
        codes = dict(lines.get(timeout=90).split() for _ in range(4))
        assert list(codes) == ["director", "desk", "floor", "screen"]
        assert main(["join", codes["desk"], "--station", "Desk", "--operator", "Kim"]) == 0
        assert "this station: Desk, desk): 3 players left" in capsys.readouterr().out
        with open_shared(read_code(codes["floor"]).url(), station="Floor 1", role="floor") as floor:
            assert floor.last_seq == 6
            floor.execute({"cmd": "bust", "player": "Ann Lee"})
    finally:
        host.send_signal(signal.SIGTERM)
        _out, err = host.communicate(timeout=60)
    assert host.returncode == 0, err
    assert "The server is stopped" in err and "Traceback" not in err
    from db.backups import list_backups
    from db.verify import verify_file

    kept = list_backups(path)  # the shared tournament backed up as a normal file when hosting stopped
    assert [(b.seq, b.reason) for b in kept] == [(7, "shared-stop")]
    assert f"Backups go to {path}.backups" in err
    assert verify_file(kept[0].path).ok
    with TournamentStore.open(kept[0].path, read_only=True) as backup:
        assert backup.history()[-1].label == "bust-out of Ann Lee" and backup.history()[-1].station == "Floor 1"
    assert main(["join", codes["desk"], "--station", "Desk"]) == 2  # the server is gone, and said so
    assert "cannot reach" in capsys.readouterr().err
    assert path.read_bytes()  # the file was only read


def test_host_draws_a_qr_code_of_the_chosen_roles_code(pg_database: str, tmp_path: Path, capsys) -> None:
    assert main(["host", str(tournament_file(tmp_path)), "--url", pg_database, "--qr", "floor"]) == 0
    out = capsys.readouterr().out
    floor_code = next(line.split(": ", 1)[1] for line in out.splitlines() if line.startswith("join code, floor:"))
    assert read_code(floor_code).role == "floor"
    assert "QR code of the floor's join code:" in out and out.count("\u2588") > 50
    assert "holds the password" in out


def test_join_export_saves_the_shared_tournament_as_a_normal_file(shared: str, tmp_path: Path, capsys) -> None:
    from db.verify import verify_file

    out = tmp_path / "back.floorman"
    code = make_code(info_from_url(shared, "director"))
    assert main(["join", code, "--station", "Director", "--export", str(out), "--history", "0"]) == 0
    said = capsys.readouterr().out.splitlines()[-1]
    assert said.startswith("Saved back.floorman from the tournament's server: actions 1\u20136, the last at ")
    report = verify_file(out)
    assert report.ok and report.actions == 6
    assert main(["join", code, "--station", "Director", "--export", str(out)]) == 2  # never over a file
    err = capsys.readouterr().err
    assert "already exists; Floorman will not overwrite it" in err and "Traceback" not in err


def test_host_stopped_with_ctrl_c_while_copying_leaves_no_server_and_no_folder(pg_folder: Path, tmp_path: Path,
                                                                                monkeypatch, capsys) -> None:
    import db.shared_store
    from db import pgserver

    started: list[pgserver.PgServer] = []
    real_start = pgserver.start

    def start(*args, **kwargs):  # type: ignore[no-untyped-def]
        started.append(real_start(*args, **kwargs))
        return started[-1]

    def interrupted(*_args, **_kwargs):  # type: ignore[no-untyped-def]
        raise KeyboardInterrupt

    monkeypatch.setenv("FLOORMAN_DATA_DIR", str(pg_folder))
    monkeypatch.setattr(pgserver, "start", start)
    monkeypatch.setattr(db.shared_store, "create_shared", interrupted)
    assert main(["host", str(tournament_file(tmp_path))]) == 2
    err = capsys.readouterr().err
    assert "stopped before the tournament was shared; nothing was shared" in err and "Traceback" not in err
    assert len(started) == 1 and not started[0].is_running()
    assert not started[0].folder.exists() and not list((pg_folder / "servers").iterdir())
