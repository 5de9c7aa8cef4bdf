"""Every shipped catalogue is complete: no word missing or stale, every placeholder the English one."""

from __future__ import annotations

import pytest

from app.tools.catalogues import TARGETS, placeholders, problems


@pytest.mark.parametrize("code", TARGETS)
def test_catalogue_is_complete_and_current(code: str) -> None:
    found = [str(p) for p in problems(code)]
    assert not found, f"{len(found)} problems, first: " + "; ".join(found[:8])


def test_placeholders_are_read_as_format_names() -> None:
    assert placeholders("{name} busts in {place}") == {"name", "place"}
    assert placeholders("{{literal}} {n:,}") == {"n"}
    assert placeholders("{broken") == {"<unbalanced braces>"}
