"""The store's words in the reader's language: a file that is not a tournament, a file already open."""

from __future__ import annotations

import re
import sqlite3
from pathlib import Path

import pytest

from app.i18n import PSEUDO, use_language
from db.errors import FileLocked, NotATournamentFile, StoreError
from db.store import TournamentStore

_BRACKETED = re.compile(r"\[[^\[\]]*\]")


def _refusal(path: Path, error: type[StoreError], language: str) -> StoreError:
    with use_language(language), pytest.raises(error) as refused:
        TournamentStore.open(path)
    return refused.value


def _bracketed(message: str, *data: str) -> bool:
    """The whole message is one translated text, with only the data (a path, a holder) inside it."""
    for value in data:
        message = message.replace(value, "")
    return message.startswith("[") and message.endswith("]") and not re.search(r"[A-Za-z]{2}",
                                                                               _BRACKETED.sub("", message))


def test_a_file_that_is_not_a_tournament_in_the_pseudo_language_and_in_german(tmp_path: Path) -> None:
    text = tmp_path / "notes.floorman"
    text.write_bytes(b"Friday's notes, not a tournament\n" * 10)
    other = tmp_path / "other.floorman"
    with sqlite3.connect(other) as conn:
        conn.execute("CREATE TABLE things (x)")
    conn.close()
    for path in (text, other):
        assert _bracketed(_refusal(path, NotATournamentFile, PSEUDO).message, str(path))
    assert _refusal(text, NotATournamentFile, "de").message == (
        f"{text} ist keine Floorman-Turnierdatei (es ist überhaupt keine SQLite-Datenbank).")
    assert _refusal(other, NotATournamentFile, "de").message == (
        f"{other} gehört zu einem anderen Programm: es ist keine Floorman-Turnierdatei.")
    assert _refusal(text, NotATournamentFile, "en").message == (
        f"{text} is not a Floorman tournament file (it is not a SQLite database at all).")


def test_a_locked_file_in_the_pseudo_language_and_in_french(store: TournamentStore, store_path: Path) -> None:
    store.execute({"cmd": "note", "text": "first"})
    locked = _refusal(store_path, FileLocked, PSEUDO)
    assert isinstance(locked, FileLocked) and locked.holder.startswith("Floorman on ")  # the lock file's own words
    assert _bracketed(locked.message, store_path.name, locked.holder)
    french = _refusal(store_path, FileLocked, "fr")
    assert french.message == (
        f"{store_path.name} est déjà ouvert dans {locked.holder}. Une seule copie de Floorman peut modifier un "
        "tournoi\u202f; fermez l'autre, ou ouvrez celui-ci en lecture seule.")
    english = _refusal(store_path, FileLocked, "en")
    assert english.message == (
        f"{store_path.name} is already open in {locked.holder}. Only one copy of Floorman may change a tournament; "
        "close the other one, or open this one read-only.")


def test_undo_and_redo_say_what_they_stepped_in_the_readers_language(store: TournamentStore) -> None:
    store.execute({"cmd": "register", "name": "Ann Lee"})
    with use_language("fr"):
        assert store.undo() == "inscription de Ann Lee"
        assert store.redo() == "inscription de Ann Lee"
        assert [item.label for item in store.history()][-2:] == ["Annuler\u202f: inscription de Ann Lee",
                                                                "Rétablir\u202f: inscription de Ann Lee"]
    assert store.undo() == "registration of Ann Lee"
    assert [item.label for item in store.history()][-1] == "Undo: registration of Ann Lee"
