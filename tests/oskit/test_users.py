"""The hosted server's system user: made only when Floorman runs as root, never on Windows."""

from __future__ import annotations

import subprocess
from types import SimpleNamespace
from typing import Any

import pytest

from oskit import users


class FakePwd:
    def __init__(self, known: dict[str, tuple[int, int]]) -> None:
        self.known = known

    def getpwnam(self, name: str) -> Any:
        if name not in self.known:
            raise KeyError(name)
        uid, gid = self.known[name]
        return SimpleNamespace(pw_name=name, pw_uid=uid, pw_gid=gid)


def test_windows_has_no_root_and_no_service_user(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(users.os, "geteuid", lambda: 0, raising=False)
    assert users.service_user("embedded_postgres", platform="win32", pwd=FakePwd({})) is None


def test_a_normal_user_runs_the_server_as_themselves(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(users.os, "geteuid", lambda: 1000)
    assert users.service_user("embedded_postgres", platform="linux", pwd=FakePwd({})) is None


def test_root_gets_the_existing_user(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(users.os, "geteuid", lambda: 0)
    got = users.service_user("embedded_postgres", platform="darwin", pwd=FakePwd({"embedded_postgres": (998, 997)}))
    assert got == ("embedded_postgres", 998, 997)


def test_root_makes_a_missing_user_and_says_why_when_it_cannot(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(users.os, "geteuid", lambda: 0)
    known: dict[str, tuple[int, int]] = {}
    calls: list[list[str]] = []

    def useradd(argv: list[str], **_kw: Any) -> Any:
        calls.append(argv)
        known[argv[-1]] = (990, 990)
        return subprocess.CompletedProcess(argv, 0, "", "")

    monkeypatch.setattr(users.subprocess, "run", useradd)
    assert users.service_user("pg_floor", platform="linux", pwd=FakePwd(known)) == ("pg_floor", 990, 990)
    assert calls and calls[0][0] == "useradd" and calls[0][-1] == "pg_floor"

    monkeypatch.setattr(users.subprocess, "run",
                        lambda argv, **_kw: subprocess.CompletedProcess(argv, 9, "", "useradd: permission denied"))
    with pytest.raises(users.UserNotMade, match="permission denied"):
        users.service_user("pg_other", platform="linux", pwd=FakePwd({}))
