"""The open-file limit the phone server keeps half of for the director's own work."""

from __future__ import annotations

import importlib
import types

import pytest

from oskit import limits


def test_the_open_file_limit_is_the_soft_limit_of_this_process() -> None:
    resource = importlib.import_module("resource")
    soft, _hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    expected = None if soft == resource.RLIM_INFINITY else soft
    assert limits.open_file_limit() == expected


def test_an_unlimited_process_has_no_limit_to_keep(monkeypatch: pytest.MonkeyPatch) -> None:
    fake = types.SimpleNamespace(RLIMIT_NOFILE=7, RLIM_INFINITY=-1, getrlimit=lambda _which: (-1, -1))
    monkeypatch.setattr(limits.importlib, "import_module", lambda _name: fake)
    assert limits.open_file_limit() is None


def test_windows_without_resource_has_no_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    def missing(name: str) -> types.ModuleType:
        raise ImportError(name)

    monkeypatch.setattr(limits.importlib, "import_module", missing)
    assert limits.open_file_limit() is None
