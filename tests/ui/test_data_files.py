"""Every data file the app reads from its folder (recent list, event and structure templates, venues, the room
display's settings, saved profiles) is checked: a bad one is set aside with one sentence, never fatal."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QApplication

from app.profiles.profile import load_profile
from ui import datafiles, templates
from ui.display import settings as display_settings
from ui.recent import recent_files, remember

pytestmark = pytest.mark.qt_log_ignore("does not support raise", "does not support grabbing the keyboard")

DEEP = "[" * 200_000 + "]" * 200_000  # 400 KB, nested 200,000 deep
BAD_CONTENTS = {
    "deeply-nested": DEEP.encode(),
    "a-number": b"5",
    "not-json": b"{\"name\": \"cut sh",
    "not-text": b"\xff\xfe\x00garbage\x00",
    "too-large": b"[" + b"0," * 600_000 + b"0]",
    "nested-40-deep": ("[" * 40 + "]" * 40).encode(),
}


def _recent(folder: Path) -> tuple[Path, Callable[[], Any], Any]:
    return folder / "recent.json", recent_files, []


def _venues(folder: Path) -> tuple[Path, Callable[[], Any], Any]:
    return folder / "venues.json", lambda: templates.venue_of(folder / "x.floorman"), ""


def _display(folder: Path) -> tuple[Path, Callable[[], Any], Any]:
    return folder / "display.json", display_settings.load, display_settings.DisplaySettings()


def _event_template(folder: Path) -> tuple[Path, Callable[[], Any], Any]:
    return templates.folder(templates.EVENTS) / "Friday.json", lambda: templates.names(templates.EVENTS), []


def _structure_template(folder: Path) -> tuple[Path, Callable[[], Any], Any]:
    return templates.folder(templates.STRUCTURES) / "Deep.json", lambda: templates.names(templates.STRUCTURES), []


FILES = {"recent": _recent, "venues": _venues, "display": _display, "event-template": _event_template,
         "structure-template": _structure_template}


@pytest.fixture(autouse=True)
def _no_notices_left():
    datafiles.take_notices()
    yield
    datafiles.take_notices()


@pytest.mark.parametrize("content", BAD_CONTENTS, ids=list(BAD_CONTENTS))
@pytest.mark.parametrize("which", FILES, ids=list(FILES))
def test_a_bad_data_file_is_set_aside_with_a_sentence(user_data: Path, which: str, content: str):
    path, read, default = FILES[which](user_data)
    path.write_bytes(BAD_CONTENTS[content])
    assert read() == default
    assert not path.exists()
    (aside,) = path.parent.glob(path.name + ".bad-*")
    assert aside.read_bytes() == BAD_CONTENTS[content]  # kept as it was, for whoever wants to look
    (said,) = datafiles.take_notices()
    assert path.name in said and aside.name in said and "\n" not in said
    assert read() == default and datafiles.take_notices() == []  # said once; the default from now on


@pytest.mark.parametrize("data, why", [("5", "not a list"), ('{"a": 1}', "not a list"), ('"x"', "not a list")])
def test_recent_json_of_the_wrong_shape_never_stops_an_open(user_data: Path, tmp_path: Path, data: str, why: str):
    from db.store import TournamentStore
    from ui.start import store_session

    (user_data / "recent.json").write_text(data, encoding="utf-8")
    event = tmp_path / "friday.floorman"
    TournamentStore.create(event, load_profile("tda"), "Friday").close()
    session = store_session(event)  # remembers the file in the recent list
    try:
        assert recent_files() == [event.resolve()]
    finally:
        session.close()
    (said,) = datafiles.take_notices()
    assert "recent tournaments" in said and why in said
    remember(event)
    assert recent_files() == [event.resolve()]


def test_a_deeply_nested_event_template_leaves_the_welcome_screen_up_and_says_so(qtbot, user_data: Path):
    from ui.start import Starter

    templates.save_event("Friday", load_profile("tda").to_dict(), None, "The Club")
    bad = templates.folder(templates.EVENTS) / "Monday.json"
    bad.write_text(DEEP, encoding="utf-8")
    (user_data / "recent.json").write_text("5", encoding="utf-8")
    starter = Starter(QApplication.instance())
    starter.show_welcome()
    welcome = starter.welcome
    qtbot.addWidget(welcome)
    assert welcome.isVisible()
    assert welcome.select_event_template("Friday") and not welcome.select_event_template("Monday")
    said = welcome.feedback.text()
    assert said.startswith("The list of recent tournaments (recent.json) could not be used (it is not a list of "
                           "files): it was renamed recent.json.bad-")  # read first, then the templates
    assert said.endswith("(1 more file could not be used either.)")
    assert not bad.exists() and list(bad.parent.glob("Monday.json.bad-*"))


def test_a_bad_saved_profile_is_set_aside_and_a_refused_one_is_named(qtbot, user_data: Path):
    from ui.recent import profiles_dir
    from ui.welcome import WelcomeWindow

    (profiles_dir() / "deep.json").write_text(DEEP, encoding="utf-8")
    (profiles_dir() / "odd.json").write_text('{"id": "odd", "extends": "nope"}', encoding="utf-8")
    welcome = WelcomeWindow()
    qtbot.addWidget(welcome)
    said = welcome.feedback.text()
    assert said.startswith("A saved profile (deep.json) could not be used (it is nested far too deeply)")
    assert said.endswith("(1 more file could not be used either.)")  # odd.json: kept, not listed
    assert list(profiles_dir().glob("deep.json.bad-*")) and (profiles_dir() / "odd.json").exists()


def test_the_directors_window_says_a_file_set_aside(qtbot, user_data: Path, session):
    from tests.ui.conftest import open_window

    (user_data / "display.json").write_text("[1, 2]", encoding="utf-8")
    assert display_settings.load() == display_settings.DisplaySettings()
    w = open_window(qtbot, session)
    assert "The room display's settings (display.json) could not be used" in w.store.banner.text()
