"""The figure CI prints of how far each package is from ``mypy --strict`` (tests/support/strict_types.py)."""

from __future__ import annotations

import pytest

from tests.support import strict_types as st


def test_errors_are_counted_per_package_and_notes_and_other_files_left_out() -> None:
    out = [
        'db/store.py:12: error: Function is missing a return type annotation  [no-untyped-def]',
        'db/store.py:40:5: error: Returning Any from function declared to return "int"  [no-any-return]',
        "db/store.py:40: note: See https://mypy.readthedocs.io/en/stable/...",
        "ui/director.py:7: error: Missing type parameters for generic type \"dict\"  [type-arg]",
        "oskit/names.pyi:3: error: Unused \"type: ignore\" comment  [unused-ignore]",
        "tests/test_x.py:1: error: something in a test  [misc]",
        "Found 4 errors in 3 files (checked 288 source files)",
        "",
    ]
    counts = st.count_errors(out)
    assert counts == {"db": 2, "ui": 1, "oskit": 1}


def test_app_is_left_out_by_default_and_an_unknown_package_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert "app" not in st.NOT_YET_STRICT and set(st.NOT_YET_STRICT) | {"app"} == set(st.PACKAGES)
    assert st.main(["nowhere"]) == 2
    assert "not a package of the project: nowhere" in capsys.readouterr().err
