"""A few cases of the store fuzz (``python -m tests.db.fuzz_store``) kept in the suite: those that found
defects, so they stay fixed, and so the fuzz itself keeps working. A case is a number: changing the
fuzz's mix of steps changes what each number plays, so after such a change check that these still
fail with their fix taken out (and pick new numbers if not)."""

from __future__ import annotations

import pytest

from tests.db.fuzz_store import play


@pytest.mark.parametrize("number", [10, 78, 79, 93, 2281])
def test_store_fuzz_case_holds(number: int) -> None:
    """10, 78, 79, 93: a redo kept the snapshot taken since its undo, and the next undo lost the redone
    action; 2281: a P004 card draw between tied tables picked one whose button was unknown (BAL-2)."""
    assert play(number) is None
