"""The league book in the roster's database: its own Alembic chain, an older roster upgraded with its
players kept, events joining seasons, results replaced (never added twice), merged entries (LGE-6..8)."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

import pytest

from app.league import EventOutcome, LeagueError, OutcomeRow
from db.league import LeagueBook, load_demo
from db.roster import ROSTER_REVISION, Roster, roster_migrations_folder

FIXTURE = Path(__file__).parent / "fixtures" / "roster-schema1.sqlite"


def outcome(key: str, names: list[str], finished: bool = True, played_on: str = "2026-05-01") -> EventOutcome:
    rows = tuple(OutcomeRow(n, i, 0, 0) for i, n in enumerate(names, 1)) if finished else ()
    return EventOutcome(key, key, played_on, len(rows), 2000, "USD", finished, rows)


def test_the_roster_revision_is_the_newest_migration():
    from alembic.config import Config
    from alembic.script import ScriptDirectory

    cfg = Config()
    cfg.set_main_option("script_location", str(roster_migrations_folder()))
    assert ScriptDirectory.from_config(cfg).get_current_head() == ROSTER_REVISION


def test_lge_8_an_older_roster_upgrades_and_keeps_its_players(tmp_path):
    path = tmp_path / "players.sqlite"
    shutil.copy(FIXTURE, path)
    with Roster.open(path) as roster:
        assert [p.name for p in roster.search("ann")] == ["Ann L.", "Ann Lee"]
        assert roster.get(1).nickname == "Annie"
        book = LeagueBook(roster)
        book.create_league("Campus", {"formula": {"kind": "linear"}})
        assert book.leagues() == ["Campus"]
    db = sqlite3.connect(path)
    try:
        assert db.execute("SELECT version_num FROM alembic_version").fetchone() == (ROSTER_REVISION,)
        assert db.execute("SELECT value FROM meta WHERE key = 'schema'").fetchone() == ("2",)
    finally:
        db.close()
    with Roster.open(path) as again:  # up to date: opened without running the migrations
        assert again.count() == 3


def test_a_new_roster_is_built_by_the_migrations(tmp_path):
    path = tmp_path / "players.sqlite"
    with Roster.open(path) as roster:
        roster.add("Bo Chen")
    db = sqlite3.connect(path)
    try:
        tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    finally:
        db.close()
    assert {"meta", "players", "leagues", "seasons", "league_events", "season_events", "league_results",
            "merges", "alembic_version"} <= tables


def test_a_roster_with_keys_of_the_older_fold_is_folded_again(tmp_path):
    """r0003: keys written before the fold spelled out ø and ł ("søren ørsted") are made again."""
    path = tmp_path / "players.sqlite"
    with Roster.open(path) as roster:
        roster.add("Ann Lee")
    db = sqlite3.connect(path)
    try:
        with db:
            db.execute("INSERT INTO players (name, nickname, contact, search_key, created_at, updated_at) "
                       "VALUES ('Søren Ørsted', 'Łuki', NULL, 'søren ørsted | łuki | ', 1.8e9, 1.8e9)")
            db.execute("UPDATE alembic_version SET version_num = 'r0002'")
    finally:
        db.close()
    with Roster.open(path) as roster:
        assert [p.name for p in roster.search("soren")] == ["Søren Ørsted"]
        assert [p.name for p in roster.search("luki")] == ["Søren Ørsted"]
        assert [p.name for p in roster.search("ann lee")] == ["Ann Lee"]
    db = sqlite3.connect(path)
    try:
        assert db.execute("SELECT version_num FROM alembic_version").fetchone() == (ROSTER_REVISION,)
        assert db.execute("SELECT search_key FROM players WHERE name = 'Søren Ørsted'").fetchone() == (
            "soren orsted | luki | ",)
    finally:
        db.close()


@pytest.fixture
def book(tmp_path):
    with Roster.open(tmp_path / "players.sqlite") as roster:
        b = LeagueBook(roster)
        b.create_league("Thursday", {"formula": {"kind": "table", "points": [10, 6, 4]}})
        b.add_season("Thursday", "Spring")
        yield b


def test_lge_6_only_a_joined_event_is_recorded_and_results_are_replaced(book):
    assert not book.record(outcome("night-1", ["Ann", "Bob"]))  # not in any season: nothing written
    book.join("Thursday", "Spring", outcome("night-1", ["Ann", "Bob"], finished=False))
    assert book.standings("Thursday", "Spring").rows == ()
    assert book.record(outcome("night-1", ["Ann", "Bob"]))
    assert book.record(outcome("night-1", ["Bob", "Ann"]))  # finished again: replaced, not added
    rows = book.standings("Thursday", "Spring").rows
    assert [(r.name, r.points, r.played) for r in rows] == [("Bob", 1000, 1), ("Ann", 600, 1)]
    assert book.joined("night-1") == [("Thursday", "Spring")]
    book.leave("Thursday", "Spring", "night-1")
    assert book.standings("Thursday", "Spring").rows == ()


def test_lge_7_an_undone_finish_withdraws_the_results(book):
    book.join("Thursday", "Spring", outcome("night-1", ["Ann", "Bob", "Cat"]))
    assert book.standings("Thursday", "Spring").finished == 1
    book.record(outcome("night-1", [], finished=False))
    s = book.standings("Thursday", "Spring")
    assert (s.events, s.finished, s.rows) == (1, 0, ())


def test_lge_8_merge_keeps_both_entries_and_the_history(book):
    roster = book.roster
    book.join("Thursday", "Spring", outcome("n1", ["Ann Lee", "Bob"]))
    book.join("Thursday", "Spring", outcome("n2", ["Bob", "Ann L."], played_on="2026-05-08"))
    a, b = roster.find_or_add("Ann L."), roster.find_or_add("Ann Lee")
    roster.merge(a, b)
    assert roster.get(a).merged_into == b and roster.count() == 2  # the entry stays; found as Ann Lee
    assert [p.name for p in roster.search("ann")] == ["Ann Lee"]
    rows = {r.name: r for r in book.standings("Thursday", "Spring").rows}
    assert rows["Ann Lee"].points == 1600 and rows["Ann Lee"].played == 2 and "Ann L." not in rows
    with pytest.raises(ValueError, match="already merged"):
        roster.merge(a, b)
    with pytest.raises(ValueError, match="already one entry"):
        roster.merge(b, b)
    roster.unmerge(a)
    assert {r.name for r in book.standings("Thursday", "Spring").rows} == {"Ann Lee", "Ann L.", "Bob"}
    (f, i, _at, undone), = roster.merge_history()
    assert (f, i) == (a, b) and undone is not None


def test_lge_8_both_merged_entries_in_one_event_keep_the_better_place(book):
    roster = book.roster
    book.join("Thursday", "Spring", outcome("n1", ["Ann L.", "Bob", "Ann Lee"]))
    roster.merge(roster.find_or_add("Ann L."), roster.find_or_add("Ann Lee"))
    rows = {r.name: r for r in book.standings("Thursday", "Spring").rows}
    assert (rows["Ann Lee"].points, rows["Ann Lee"].played, rows["Ann Lee"].best) == (1000, 1, 1)


def test_lge_1_bad_input_changes_nothing(book):
    for bad in (lambda: book.create_league("Thursday"), lambda: book.create_league("  "),
                lambda: book.add_season("Thursday", "Spring"), lambda: book.add_season("Nope", "S"),
                lambda: book.standings("Thursday", "Autumn"),
                lambda: book.set_rules("Thursday", {"best": -1})):
        with pytest.raises(LeagueError):
            bad()
    assert book.leagues() == ["Thursday"]
    assert book.rules("Thursday").formula.kind == "table"


def test_the_demo_season_loads_twice_without_doubling(book):
    load_demo(book)
    load_demo(book)
    s = book.standings("Thursday Home Game", "Spring")
    assert (s.events, s.finished, len(s.rows)) == (8, 8, 18)
    from app.league import table_rows
    from app.league.demo import demo_standings

    assert table_rows(s) == table_rows(demo_standings())


def test_lge_8_a_name_typed_without_its_special_letters_is_the_same_player(book):
    """Søren and Łukasz typed as "soren" and "lukasz" in the next event keep their league history."""
    book.join("Thursday", "Spring", outcome("n1", ["Søren Ørsted", "Łukasz Żak", "Ann Lee"]))
    book.join("Thursday", "Spring", outcome("n2", ["lukasz zak", "SOREN ORSTED", "ann lee"], played_on="2026-05-08"))
    rows = {r.name: r for r in book.standings("Thursday", "Spring").rows}
    assert sorted(rows) == ["Ann Lee", "Søren Ørsted", "Łukasz Żak"]
    assert rows["Søren Ørsted"].played == 2 and rows["Łukasz Żak"].played == 2
    assert book.roster.count() == 3
