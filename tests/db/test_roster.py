"""The shared player roster: add, edit, search by any part of a name, nickname or contact."""

from __future__ import annotations

import pytest

from app.names import fold_key as fold
from db.errors import NotATournamentFile
from db.roster import Roster, default_roster_path


@pytest.fixture
def roster(tmp_path):
    with Roster.open(tmp_path / "players.sqlite") as r:
        yield r


def test_add_and_search(roster):
    ann = roster.add("  Ann   Lee ", nickname="Annie", contact="+1 555 0100")
    roster.add("Zoë Müller", contact="ID 4471")
    roster.add("Joann Banks")
    assert ann.name == "Ann Lee"
    assert [p.name for p in roster.search("ann")] == ["Ann Lee", "Joann Banks"]  # name starting with it first
    assert [p.name for p in roster.search("zoe muller")] == ["Zoë Müller"]  # accents ignored
    assert [p.name for p in roster.search("4471")] == ["Zoë Müller"]
    assert [p.name for p in roster.search("annie")] == ["Ann Lee"]
    assert roster.search("100%") == []  # LIKE wildcards are plain text
    assert roster.count() == 3
    assert [p.name for p in roster.search("")] == ["Ann Lee", "Joann Banks", "Zoë Müller"]


def test_update_and_persist(tmp_path):
    path = tmp_path / "players.sqlite"
    with Roster.open(path) as r:
        bo = r.add("Bo Chen")
        r.update(bo.id, nickname="The Rock", contact="555-0199")
    with Roster.open(path) as again:
        assert again.get(bo.id).nickname == "The Rock"
        assert [p.id for p in again.search("rock")] == [bo.id]
        with pytest.raises(KeyError):
            again.get(999)
        with pytest.raises(ValueError):
            again.add("   ")


def test_default_path_follows_the_override(tmp_path, monkeypatch):
    monkeypatch.setenv("FLOORMAN_DATA_DIR", str(tmp_path / "data"))
    assert default_roster_path() == tmp_path / "data" / "players.sqlite"
    with Roster.open() as r:
        r.add("Cy Diaz")
    assert (tmp_path / "data" / "players.sqlite").is_file()
    monkeypatch.delenv("FLOORMAN_DATA_DIR")
    assert default_roster_path().name == "players.sqlite"


def test_a_tournament_file_is_not_a_roster(store, store_path):
    store.close()
    before = store_path.read_bytes()
    with pytest.raises(NotATournamentFile):
        Roster.open(store_path)
    assert store_path.read_bytes() == before


def test_fold():
    assert fold("  Zoë   MÜLLER ") == "zoe muller"


def test_letters_without_an_accent_to_drop_fold_too(roster):
    """ø, ł, æ, ß, đ, þ and the like fold as accents do: typed on a plain keyboard, the name is found."""
    soren = roster.add("Søren Ørsted")
    lukasz = roster.add("Łukasz Żak", nickname="ŁUKI")
    roster.add("Ægir Þórsson")
    roster.add("Đorđe Strauß")
    assert [p.id for p in roster.search("soren")] == [soren.id]
    assert [p.id for p in roster.search("ORSTED")] == [soren.id]
    assert [p.id for p in roster.search("lukasz zak")] == [lukasz.id]
    assert [p.id for p in roster.search("luki")] == [lukasz.id]
    assert [p.name for p in roster.search("aegir thorsson")] == ["Ægir Þórsson"]
    assert [p.name for p in roster.search("dorde strauss")] == ["Đorđe Strauß"]
    assert roster.find("soren orsted") == soren.id and roster.find("LUKASZ ZAK") == lukasz.id
