"""Any failure while committing an action leaves the engine and the file at the same action.

A lone surrogate (``"\\udcff"``, what a badly decoded file name or clipboard gives) cannot be encoded
as UTF-8: SQLite's driver raised ``UnicodeEncodeError``, which the store did not expect, so the
engine kept the action the file did not have, the next action was written with a gap, and the file
no longer opened. Text that cannot be stored is now refused before anything runs, and whatever
fails during a commit rolls the engine back.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from app.errors import RuleError
from db import writer
from db.errors import StoreError
from db.store import TournamentStore
from db.verify import verify_file


@pytest.mark.parametrize("command", [
    {"cmd": "note", "text": "bad \udcff text"},
    {"cmd": "register", "name": "Ann \ud800 Lee"},
    {"cmd": "note", "text": "fine", "extra": {"nested": ["\udfff"]}},
    {"cmd": "note", "\udcff": "a bad key"},
])
def test_text_that_cannot_be_stored_is_refused_first(store: TournamentStore, store_path: Path,
                                                     command: dict) -> None:
    store.execute({"cmd": "note", "text": "before"})
    before = store.last_seq
    state = store.tournament.state.seq
    with pytest.raises(RuleError) as err:
        store.execute(command)
    assert err.value.code == "INVALID_INPUT"
    assert "cannot be saved" in err.value.message
    assert store.last_seq == before and store.tournament.state.seq == state
    store.execute({"cmd": "note", "text": "after"})
    store.close()
    with TournamentStore.open(store_path) as again:
        assert again.last_seq == before + 1
    assert verify_file(store_path).ok


@pytest.mark.parametrize("number", [float("nan"), float("inf"), -float("inf")])
def test_numbers_json_cannot_hold_are_refused(store: TournamentStore, number: float) -> None:
    with pytest.raises(RuleError) as err:
        store.execute({"cmd": "note", "text": "x", "value": number})
    assert err.value.code == "INVALID_INPUT"
    assert store.last_seq == 1


def test_a_bad_label_is_refused(store: TournamentStore) -> None:
    with pytest.raises(RuleError) as err:
        store.execute({"cmd": "note", "text": "x"}, label="note \udcff")
    assert err.value.code == "INVALID_INPUT"
    assert store.last_seq == 1


@pytest.mark.parametrize("failure", [RuntimeError("boom"), TypeError("not serialisable"), KeyboardInterrupt()])
def test_any_failure_in_a_commit_rolls_the_engine_back(store: TournamentStore, store_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch,
                                                       failure: BaseException) -> None:
    store.execute({"cmd": "register", "name": "Ann Lee"})
    players = dict(store.tournament.state.players)

    def broken(self: writer.LogWriter, action: object, snapshot: bytes | None = None) -> None:
        raise failure

    with monkeypatch.context() as m:
        m.setattr(writer.LogWriter, "write", broken)
        expected = KeyboardInterrupt if isinstance(failure, KeyboardInterrupt) else StoreError
        with pytest.raises(expected):
            store.execute({"cmd": "register", "name": "Bo Chen"})
    assert store.last_seq == 2
    assert store.tournament.state.players == players
    store.execute({"cmd": "register", "name": "Cy Diaz"})
    assert store.last_seq == 3
    store.close()
    with TournamentStore.open(store_path) as again:
        assert sorted(p.name for p in again.tournament.state.players.values()) == ["Ann Lee", "Cy Diaz"]
    assert verify_file(store_path).ok


def test_a_failure_after_the_row_is_committed_keeps_the_action(store: TournamentStore, store_path: Path,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """Interrupted after SQLite committed: the file has the action, so the engine keeps it too."""
    real = writer.LogWriter.write

    def committed_then_interrupted(self: writer.LogWriter, action: object, snapshot: bytes | None = None) -> None:
        real(self, action, snapshot)  # type: ignore[arg-type]
        raise KeyboardInterrupt

    with monkeypatch.context() as m:
        m.setattr(writer.LogWriter, "write", committed_then_interrupted)
        with pytest.raises(KeyboardInterrupt):
            store.execute({"cmd": "register", "name": "Bo Chen"})
    assert store.last_seq == 2 and len(store.tournament.state.players) == 1
    store.execute({"cmd": "note", "text": "next"})
    store.close()
    with TournamentStore.open(store_path) as again:
        assert again.last_seq == 3
    assert verify_file(store_path).ok


def test_undo_and_redo_roll_back_too(store: TournamentStore, store_path: Path,
                                     monkeypatch: pytest.MonkeyPatch) -> None:
    store.execute({"cmd": "register", "name": "Ann Lee"})

    def broken(self: writer.LogWriter, action: object, snapshot: bytes | None = None) -> None:
        raise RuntimeError("boom")

    with monkeypatch.context() as m:
        m.setattr(writer.LogWriter, "write", broken)
        with pytest.raises(StoreError):
            store.undo()
    assert len(store.tournament.state.players) == 1 and store.last_seq == 2
    store.undo()
    with monkeypatch.context() as m:
        m.setattr(writer.LogWriter, "write", broken)
        with pytest.raises(StoreError):
            store.redo()
    assert len(store.tournament.state.players) == 0 and store.last_seq == 3
    store.redo()
    store.close()
    assert verify_file(store_path).ok
