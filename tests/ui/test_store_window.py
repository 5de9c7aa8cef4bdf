"""The window and its tournament file: timed backups, a failed backup shown, a file moved away."""

from __future__ import annotations

import pytest

from app.profiles.profile import load_profile
from db import store as store_module
from db.backups import list_backups
from db.store import TournamentStore
from tests.ui.conftest import open_window
from ui.session import Session


@pytest.fixture
def fast_backups(monkeypatch):
    monkeypatch.setattr(store_module, "BACKUP_EVERY_SECONDS", 0.2)
    monkeypatch.setattr(store_module, "BACKUP_SPACING", 0.0)


def _window(qtbot, store, path):
    w = open_window(qtbot, Session(store, str(path)))
    w.store.timer.setInterval(20)
    return w


def test_the_window_makes_timed_and_level_backups(qtbot, tmp_path, clock, fast_backups):
    path = tmp_path / "friday.floorman"
    store = TournamentStore.create(path, load_profile("home-nl"), "Friday", time=clock)
    w = _window(qtbot, store, path)
    assert w.store.timer.isActive()
    w.run({"cmd": "start_clock"})
    clock.advance(3 * 3600)  # hours later: another level, or a break
    qtbot.waitUntil(lambda: any(b.reason.startswith(("level-", "break")) for b in list_backups(path)), timeout=5000)
    qtbot.waitUntil(lambda: any(b.reason == "timer" for b in list_backups(path)), timeout=5000)
    assert w.store.banner.isHidden()
    w.close()


def test_a_failed_backup_is_shown_in_one_sentence(qtbot, tmp_path, clock, fast_backups):
    path = tmp_path / "friday.floorman"
    blocker = tmp_path / "blocked"
    blocker.write_text("a file where the backup folder should be")
    store = TournamentStore.create(path, load_profile("home-nl"), "Friday", time=clock, backup_dir=blocker)
    w = _window(qtbot, store, path)
    qtbot.waitUntil(lambda: not w.store.banner.isHidden(), timeout=5000)
    text = w.store.banner.text()
    assert "backup" in text.lower() and "\n" not in text
    w.close()


def test_a_renamed_file_is_said_and_save_as_carries_on(qtbot, tmp_path, clock):
    path = tmp_path / "friday.floorman"
    store = TournamentStore.create(path, load_profile("home-nl"), "Friday", time=clock)
    w = _window(qtbot, store, path)
    assert w.run({"cmd": "register", "name": "Ann Lee"})
    path.rename(tmp_path / "renamed.floorman")
    assert not w.run({"cmd": "register", "name": "Bo Chen"})
    assert "renamed, moved or deleted" in w.store.banner.text()
    assert not w.store.save_as_button.isHidden()
    target = tmp_path / "rescued.floorman"
    w.store.path_chooser = lambda parent, suggested: str(target)
    w.store.save_as_button.click()
    assert w.store.save_as_button.isHidden() and "Saved as" in w.store.banner.text()
    assert w.run({"cmd": "register", "name": "Bo Chen"})
    w.close()
    with TournamentStore.open(target, read_only=True) as again:
        assert {p.name for p in again.tournament.state.players.values()} == {"Ann Lee", "Bo Chen"}


def test_the_window_saves_sheets_only_where_it_may(tmp_path):
    from sheets.output import OutputRefused
    from ui.printing import output

    made = output.save_pdf(b"%PDF-1.4 sheet", "sheet.pdf", tmp_path)
    assert made.read_bytes() == b"%PDF-1.4 sheet"
    tournament = tmp_path / "friday.floorman"
    TournamentStore.create(tournament, load_profile("home-nl"), "Friday").close()
    before = tournament.read_bytes()
    with pytest.raises(OutputRefused):
        output.save_pdf(b"%PDF-1.4 sheet", tournament.name, tmp_path)
    assert tournament.read_bytes() == before


def test_a_second_window_through_a_hard_link_is_refused_in_words(tmp_path):
    import os

    from db.errors import FileLocked
    from ui.start import store_session

    path = tmp_path / "friday.floorman"
    first = store_session(path, load_profile("home-nl"), "Friday")
    try:
        first.execute({"cmd": "register", "name": "Ann Lee"})
        linked = tmp_path / "linked.floorman"
        os.link(path, linked)
        with pytest.raises(FileLocked) as err:  # not a misleading "damaged": the writer's -wal has another name
            store_session(linked)
        assert "already open" in err.value.message
    finally:
        first.close()


def test_closing_after_a_rename_asks_and_loses_nothing(qtbot, tmp_path, clock):
    """The window no longer closes without asking once its file was renamed; Cancel keeps it open, and
    closing anyway leaves every action in the renamed file."""
    path, renamed = tmp_path / "friday.floorman", tmp_path / "friday-final.floorman"
    store = TournamentStore.create(path, load_profile("home-nl"), "Friday", time=clock)
    w = _window(qtbot, store, path)
    assert w.run({"cmd": "register", "name": "Ann Lee"})
    assert w.run({"cmd": "register", "name": "Bo Chen"})
    path.rename(renamed)
    asked: list[str] = []
    w.store.close_asker = lambda parent, text: asked.append(text) or "cancel"
    assert not w.close()
    assert w.isVisible() and len(asked) == 1 and "renamed, moved or deleted" in asked[0]
    w.store.close_asker = lambda parent, text: asked.append(text) or "close"
    assert w.close()
    assert len(asked) == 2
    with TournamentStore.open(renamed, read_only=True) as again:
        assert {p.name for p in again.tournament.state.players.values()} == {"Ann Lee", "Bo Chen"}


def test_closing_after_a_rename_can_save_as_first(qtbot, tmp_path, clock):
    path = tmp_path / "friday.floorman"
    store = TournamentStore.create(path, load_profile("home-nl"), "Friday", time=clock)
    w = _window(qtbot, store, path)
    assert w.run({"cmd": "register", "name": "Ann Lee"})
    path.unlink()
    target = tmp_path / "rescued.floorman"
    w.store.path_chooser = lambda parent, suggested: str(target)
    w.store.close_asker = lambda parent, text: "save"
    assert w.close()
    with TournamentStore.open(target, read_only=True) as again:
        assert {p.name for p in again.tournament.state.players.values()} == {"Ann Lee"}
