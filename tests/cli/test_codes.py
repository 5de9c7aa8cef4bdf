"""``floorman codes``: the director lists, issues and revokes a shared tournament's join codes."""

from __future__ import annotations

from pathlib import Path

import pytest

from db.joincode import read_code
from db.shared_store import NotLetIn, create_shared, open_shared
from floorman.cli import main
from tests.db.test_station_codes import tournament_file


@pytest.fixture
def shared(pg_database: str, tmp_path: Path) -> str:
    create_shared(pg_database, from_file=tournament_file(tmp_path), station="Director").close()
    return pg_database


def test_codes_issued_listed_and_revoked_by_the_director(shared: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["codes", "--url", shared, "--issue", "floor"]) == 0
    code = capsys.readouterr().out.strip()
    login = read_code(code).user
    assert read_code(code).role == "floor"
    assert main(["codes", "--url", shared, "--list"]) == 0
    listed = capsys.readouterr().out
    assert f"{login}  floor" in listed and "can join." in listed  # the server may hold other tests' codes
    station = open_shared(read_code(code).url(), station="Floor 1", role="floor")
    try:
        assert main(["codes", "--url", shared, "--revoke", code]) == 0
        out = capsys.readouterr().out
        assert "lets nobody in any more" in out and "connection" in out
        with pytest.raises(NotLetIn):
            station.poll()
    finally:
        station.close()
    assert main(["codes", "--url", shared, "--list"]) == 0
    assert login not in capsys.readouterr().out


def test_codes_refuse_in_words_and_change_nothing(shared: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["codes", "--url", shared, "--revoke", "station_0000000000000000"]) == 2
    err = capsys.readouterr().err
    assert "revoked already?" in err and "nothing was revoked" in err and "Traceback" not in err
    assert main(["codes", "--url", shared, "--revoke", "x'); DROP ROLE floorman;--"]) == 2
    assert "is not a station's join code or login" in capsys.readouterr().err
    assert main(["codes", "--url", shared]) == 2
    assert "give one of --list, --issue ROLE or --revoke CODE" in capsys.readouterr().err
    assert main(["codes", "--url", shared, "--list"]) == 0
    assert "station_0000000000000000" not in capsys.readouterr().out
