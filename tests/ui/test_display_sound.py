"""The chimes through the system's own player: which player on which system, one play per chime, mute."""

from __future__ import annotations

import shutil
import subprocess
import sys
import types

import pytest

from ui.display import settings as display_settings
from ui.display.chime import LEVEL_CHANGE, ONE_MINUTE, chime_path
from ui.display.sound import SILENT, SYSTEM, ChimePlayer, system_player


def which_of(*present: str):
    return lambda name: f"/usr/bin/{name}" if name in present else None


@pytest.mark.parametrize(("present", "chosen"), [
    (("paplay", "aplay", "pw-play"), "paplay"),
    (("aplay", "pw-play"), "aplay"),
    (("pw-play",), "pw-play"),
])
def test_linux_takes_the_first_player_present(monkeypatch, present, chosen) -> None:
    monkeypatch.setattr(sys, "platform", "linux")
    found, note = system_player(which=which_of(*present))
    assert found is not None and found.name == chosen and chosen in note
    started: list[list[str]] = []
    monkeypatch.setattr(subprocess, "Popen", lambda argv, **kw: started.append(argv))
    found.play(chime_path())
    assert started == [[f"/usr/bin/{chosen}", str(chime_path())]]


def test_macos_uses_afplay(monkeypatch) -> None:
    monkeypatch.setattr(sys, "platform", "darwin")
    found, _note = system_player(which=which_of("afplay", "paplay"))
    assert found is not None and found.name == "afplay"


def test_windows_uses_winsound_asynchronously(monkeypatch) -> None:
    monkeypatch.setattr(sys, "platform", "win32")
    calls: list[tuple[str, int]] = []
    fake = types.SimpleNamespace(SND_FILENAME=0x20000, SND_ASYNC=0x1, PlaySound=lambda p, f: calls.append((p, f)))
    monkeypatch.setitem(sys.modules, "winsound", fake)
    found, note = system_player(which=which_of())
    assert found is not None and found.name == "winsound" and "Windows" in note
    found.play(chime_path(2))
    assert calls == [(str(chime_path(2)), 0x20000 | 0x1)]


@pytest.mark.parametrize("platform", ["linux", "darwin"])
def test_no_player_is_silent_with_one_line(monkeypatch, qtbot, platform) -> None:
    monkeypatch.setattr(sys, "platform", platform)
    found, note = system_player(which=which_of())
    assert found is None and "silently" in note and "\n" not in note
    monkeypatch.delenv("FLOORMAN_NO_SOUND", raising=False)
    monkeypatch.setattr(shutil, "which", which_of())
    player = ChimePlayer()
    assert player.backend == SILENT and player.reason == note
    with qtbot.waitSignal(player.message) as said:
        assert player.strike(LEVEL_CHANGE) is False
    assert said.args == [note]


def test_tests_stay_silent(monkeypatch) -> None:
    monkeypatch.setenv("FLOORMAN_NO_SOUND", "1")
    monkeypatch.setattr(shutil, "which", which_of("paplay"))
    assert ChimePlayer().backend == SILENT


class FakeSound:
    name = "fake"

    def __init__(self) -> None:
        self.played: list[str] = []

    def play(self, path) -> None:
        self.played.append(path.name)


def test_each_chime_is_one_play_of_its_file() -> None:
    fake = FakeSound()
    player = ChimePlayer(sound=fake)
    assert player.backend == SYSTEM
    player.strike(ONE_MINUTE)
    player.strike(LEVEL_CHANGE)
    assert fake.played == ["chime.wav", "chime-2.wav"]
    assert all(chime_path(n).is_file() for n in (1, 2, 3))


def test_a_level_change_plays_once_and_mute_stops_it(qtbot) -> None:
    from app.core.timesource import FakeClock
    from app.engine import Tournament
    from app.profiles.profile import load_profile
    from ui.display import RoomDisplay

    clk = FakeClock()
    t = Tournament.create(load_profile("hat"), name="Sound", time=clk, seed=5)
    for i in range(6):
        t.execute({"cmd": "register", "name": f"Player {i + 1}"})
    t.execute({"cmd": "seat_all"})
    t.execute({"cmd": "start_clock"})
    fake = FakeSound()
    display = RoomDisplay(t, clk, player=ChimePlayer(sound=fake))
    qtbot.addWidget(display)
    display.refresh()
    clk.advance(30 * 60 - 30)  # past the one-minute chime, quietly
    display.refresh()
    fake.played.clear()
    clk.advance(30)  # level 2 begins
    display.refresh()
    display.refresh()
    assert fake.played == ["chime-2.wav"]
    display.player.set_muted(True)
    clk.advance(30 * 60)  # level 3 begins, muted
    display.refresh()
    assert fake.played == ["chime-2.wav"]


def test_the_view_menu_mutes_and_remembers(qtbot) -> None:
    from app.core.timesource import FakeClock
    from app.engine import Tournament
    from app.profiles.profile import load_profile
    from tests.ui.conftest import open_window
    from ui.session import Session

    t = Tournament.create(load_profile("tda"), name="Mute", time=FakeClock(), seed=3)
    w = open_window(qtbot, Session.in_memory(t))
    assert not w.mute_action.isChecked() and not w.leaders_action.isChecked()
    w.act_room_display()
    assert not w.display.player.muted and not w.display.panel.show_leaders
    w.mute_action.trigger()
    w.leaders_action.trigger()
    assert w.display.player.muted and w.display.panel.show_leaders
    assert display_settings.load() == display_settings.DisplaySettings(muted=True, chip_leaders=True)
    w.close()

    again = open_window(qtbot, Session.in_memory(Tournament.create(load_profile("tda"), name="Next", time=FakeClock())))
    assert again.mute_action.isChecked() and again.leaders_action.isChecked()
    again.act_room_display()
    assert again.display.player.muted and again.display.panel.show_leaders
    again.close()
