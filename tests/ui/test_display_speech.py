"""The room display's spoken announcements: the words (pure), the moments on the fake clock (the chimes'
own trigger), never twice, chimes for what is not spoken, and the voice's preferences."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from app.core.timesource import FakeClock
from app.engine import Tournament
from app.profiles.profile import load_profile
from ui.display import RoomDisplay
from ui.display import settings as display_settings
from ui.display.announce import (
    BREAKS,
    FIVE_MINUTES,
    LEVELS,
    REGISTRATION,
    announcement,
    bets_words,
    break_words,
    level_words,
    number_words,
)
from ui.display.chime import BREAK_END, FIVE_TO_BREAK, LEVEL_CHANGE, ONE_MINUTE, ChimePolicy
from ui.display.settings import DisplaySettings
from ui.display.sound import ChimePlayer
from ui.display.voice import NO_SOUND, RoomVoice

LEVEL_S = 20 * 60  # the tda profile's levels; late registration closes after level 3; a break after level 4


class FakeVoice:
    """The system's voice, faked: what it was asked to say, when (the fake clock), with which voice, how loud."""

    name = "fake voice"

    def __init__(self, clock: FakeClock | None = None, listed: tuple[str, ...] = ("en-gb", "en-us")) -> None:
        self.clock = clock
        self.listed = list(listed)
        self.spoken: list[tuple[float, str, str, int]] = []

    def voices(self) -> list[str]:
        return list(self.listed)

    def speak(self, text: str, voice: str = "", volume: int = 100) -> None:
        self.spoken.append((self.clock.now() if self.clock else 0.0, text, voice, volume))

    def speak_to_file(self, text: str, path: Path, voice: str = "") -> None:
        path.write_text(text)

    def wait(self, timeout: float | None = None) -> bool:
        return True


class FakeSound:
    name = "fake"

    def __init__(self) -> None:
        self.played: list[str] = []

    def play(self, path) -> None:
        self.played.append(path.name)


ON = DisplaySettings(speech=True, voice="en-gb", volume=70, say_registration=True)


def tournament(clock: FakeClock, profile: str = "tda") -> Tournament:
    t = Tournament.create(load_profile(profile), name="Speech", time=clock, seed=5)
    for i in range(8):
        t.execute({"cmd": "register", "name": f"Player {i + 1}"})
    t.execute({"cmd": "seat_all"})
    t.execute({"cmd": "start_clock"})
    return t


def room(qtbot, t: Tournament, clock: FakeClock, settings: DisplaySettings = ON, voice: FakeVoice | None = None):
    sound = FakeSound()
    fake = voice or FakeVoice(clock)
    display = RoomDisplay(t, clock, player=ChimePlayer(sound=sound), voice=RoomVoice(settings, fake))
    qtbot.addWidget(display)
    return display, fake, sound


def run_for(display: RoomDisplay, clock: FakeClock, seconds: int, step: int = 10) -> None:
    for _ in range(seconds // step):
        clock.advance(step)
        display.refresh()


# --- the words --------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("n", "words"), [
    (0, "zero"), (5, "five"), (15, "fifteen"), (25, "twenty-five"), (75, "seventy-five"), (100, "one hundred"),
    (150, "one hundred fifty"), (400, "four hundred"), (1000, "one thousand"), (1200, "twelve hundred"),
    (2500, "twenty-five hundred"), (3000, "three thousand"), (10_000, "ten thousand"),
    (12_500, "twelve thousand five hundred"), (25_000, "twenty-five thousand"),
    (150_000, "one hundred fifty thousand"), (1_000_000, "one million"),
    (1_250_000, "one million two hundred fifty thousand"), (2_000_000_000, "two billion"), (-5, "minus five"),
])
def test_numbers_are_said_as_a_floor_says_chips(n: int, words: str) -> None:
    assert number_words(n) == words


def test_forced_bets_in_words_by_family() -> None:
    assert bets_words({"family": "blinds", "sb": 400, "bb": 800, "ante": 800}) == \
        "Blinds four hundred, eight hundred, ante eight hundred."
    assert bets_words({"family": "blinds", "sb": 0, "bb": 1000, "ante": 0}) == "Big blind one thousand."
    assert bets_words({"family": "stud", "ante": 15, "bring_in": 25, "complete": 100, "small_bet": 100,
                       "big_bet": 200}) == \
        "Ante fifteen, bring-in twenty-five, complete one hundred. Limits one hundred, two hundred."
    assert bets_words({"family": "blinds", "sb": 25, "bb": 50, "small_bet": 50, "big_bet": 100}) == \
        "Blinds twenty-five, fifty. Limits fifty, one hundred."
    assert bets_words({}) == "" and bets_words(None) == ""


def test_a_level_names_its_game_when_the_game_changes() -> None:
    razz = {"level": 3, "game": {"name": "Razz"}, "betting": {"betting": "limit"},
            "forced_bets": {"family": "stud", "ante": 15, "bring_in": 25, "complete": 75}}
    draw = {**razz, "level": 2, "game": {"name": "A-5 Triple Draw"}}
    bets = "Ante fifteen, bring-in twenty-five, complete seventy-five."
    assert level_words(razz, draw) == f"Level three. Limit Razz. {bets}"
    assert level_words(razz, {**razz, "level": 2}) == f"Level three. {bets}"


def test_the_last_level_to_register_is_said_only_when_asked_and_true() -> None:
    clock = {"level": 3, "forced_bets": {"family": "blinds", "sb": 75, "bb": 150}, "seconds_left": 1200,
             "late_registration_open": True, "late_registration_seconds_left": 1200}
    assert level_words(clock, clock, registration=True) == \
        "Level three. Blinds seventy-five, one hundred fifty. This is the last level to register."
    assert level_words(clock, clock) == "Level three. Blinds seventy-five, one hundred fifty."
    assert level_words({**clock, "late_registration_seconds_left": 2400}, clock, registration=True) == \
        "Level three. Blinds seventy-five, one hundred fifty."
    assert level_words({**clock, "late_registration_seconds_left": None}, clock, registration=True) == \
        "Level three. Blinds seventy-five, one hundred fifty."


def test_a_break_says_its_minutes_and_colour_up() -> None:
    brk = {"break": {"minutes": 15, "race": [25]}}
    assert break_words(brk, {25: "green 25", 100: "black 100"}) == \
        "Break, fifteen minutes. Colour-up of the green twenty-five chips."
    assert break_words({"break": {"minutes": 1, "race": [5, 25, 1000]}}, {5: "red 5", 1000: "yellow 1,000"}) == \
        "Break, one minute. Colour-up of the red five, twenty-five and yellow one thousand chips."
    assert break_words({"break": None}) == "Break."


# --- when: the chimes' moments, spoken, at the exact fake-clock moments ----------------------------------------


def test_the_night_is_announced_at_its_moments_and_chimes_the_rest(qtbot) -> None:
    clock = FakeClock()
    start = clock.now()
    t = tournament(clock)
    display, voice, sound = room(qtbot, t, clock)
    run_for(display, clock, 6000)
    said = [(round(at - start), text) for at, text, _voice, _volume in voice.spoken]
    assert said == [
        (1200, "Level two. Blinds fifty, one hundred."),
        (2400, "Level three. Blinds seventy-five, one hundred fifty. This is the last level to register."),
        (3600, "Level four. Blinds one hundred, two hundred, ante twenty-five."),
        (4500, "Five minutes to the break."),
        (4800, "Break, fifteen minutes."),
        (5700, "The break is over. Level five. Blinds one hundred fifty, three hundred, ante twenty-five."),
    ]
    assert {(v, vol) for _at, _text, v, vol in voice.spoken} == {("en-gb", 70)}
    assert display.voice.said == [text for _at, text in said]
    # the one-minute warnings still chime; the spoken moments do not chime as well
    assert display.chimes == [ONE_MINUTE] * 4 and sound.played == ["chime.wav"] * 4


def test_a_colour_up_break_says_its_chips(qtbot) -> None:
    clock = FakeClock()
    t = tournament(clock, "hat")
    clock.advance(4 * 30 * 60 - 5)
    display, voice, _sound = room(qtbot, t, clock)
    run_for(display, clock, 10, step=1)
    assert [text for _at, text, _v, _vol in voice.spoken] == ["Break, ten minutes. Colour-up of the red five chips."]


def test_a_clock_that_jumps_says_the_level_but_no_stale_warning(qtbot) -> None:
    """A laptop woken from sleep five seconds before the break: the level is news, five minutes is not."""
    clock = FakeClock()
    t = tournament(clock, "hat")
    display, voice, sound = room(qtbot, t, clock)
    clock.advance(4 * 30 * 60 - 5)
    display.refresh()
    assert [text for _at, text, _v, _vol in voice.spoken] == [  # level four's game is the hat's draw
        "Level four. Limit Texas Hold'em. Blinds fifty, one hundred. Limits one hundred, two hundred."]
    assert sound.played == []  # spoken, not chimed


def test_nothing_is_said_twice_after_a_restart_at_the_same_time(qtbot) -> None:
    clock = FakeClock()
    t = tournament(clock)
    display, voice, _sound = room(qtbot, t, clock)
    clock.advance(LEVEL_S - 1)
    display.refresh()
    clock.advance(1)  # level 2 begins now
    display.refresh()
    display.refresh()
    assert [text for _at, text, _v, _vol in voice.spoken] == ["Level two. Blinds fifty, one hundred."]
    display.close()
    again, voice_again, sound_again = room(qtbot, t, clock)  # the display opened again, the same second
    again.refresh()
    clock.advance(0.05)
    again.refresh()
    assert voice_again.spoken == [] and sound_again.played == [] and again.chimes == []
    run_for(again, clock, LEVEL_S, step=20)  # and the next level is said once, as ever
    assert [text for _at, text, _v, _vol in voice_again.spoken] == \
        ["Level three. Blinds seventy-five, one hundred fifty. This is the last level to register."]


def test_a_kind_turned_off_chimes_as_before(qtbot) -> None:
    clock = FakeClock()
    t = tournament(clock)
    settings = DisplaySettings(speech=True, say_levels=False, say_five_minutes=False)
    display, voice, sound = room(qtbot, t, clock, settings)
    run_for(display, clock, 6000)
    assert [text for _at, text, _v, _vol in voice.spoken] == ["Break, fifteen minutes.", "The break is over."]
    assert display.chimes == [ONE_MINUTE, LEVEL_CHANGE, ONE_MINUTE, LEVEL_CHANGE, ONE_MINUTE, LEVEL_CHANGE,
                              ONE_MINUTE]
    assert sound.played == ["chime.wav", "chime-2.wav"] * 3 + ["chime.wav"]


def test_speech_off_no_voice_or_muted_leaves_the_chimes(qtbot, monkeypatch) -> None:
    clock = FakeClock()
    t = tournament(clock)
    off, voice_off, sound_off = room(qtbot, t, clock, DisplaySettings())
    missing = RoomDisplay(t, clock, player=ChimePlayer(sound=FakeSound()),
                          voice=RoomVoice(ON, finder=lambda: (None, "No voice found (say): the room display chimes "
                                                                    "instead.")))
    qtbot.addWidget(missing)
    muted, voice_muted, sound_muted = room(qtbot, t, clock)
    muted.player.set_muted(True)
    clock.advance(LEVEL_S)
    for display in (off, missing, muted):
        display.refresh()
        assert display.chimes == [LEVEL_CHANGE]
    assert voice_off.spoken == [] and voice_muted.spoken == [] and missing.voice.said == []
    assert sound_off.played == ["chime-2.wav"] and sound_muted.played == []
    assert missing.voice.tell_once() == "No voice found (say): the room display chimes instead."
    assert off.voice.tell_once() == ""


def test_tests_and_silenced_machines_never_speak(monkeypatch) -> None:
    monkeypatch.setenv("FLOORMAN_NO_SOUND", "1")
    voice = RoomVoice(ON)
    assert voice.voice is None and not voice.speaking and voice.note == NO_SOUND
    assert voice.say("Level two.") is False and voice.test(ON) is False


def test_the_room_voice_is_the_systems_own(monkeypatch) -> None:
    import sys

    from oskit import speech

    monkeypatch.delenv("FLOORMAN_NO_SOUND", raising=False)
    monkeypatch.setattr(sys, "platform", "linux")
    monkeypatch.setattr(speech.shutil, "which", lambda name: "/usr/bin/espeak-ng" if name == "espeak-ng" else None)
    voice = RoomVoice(ON)
    assert isinstance(voice.voice, speech.EspeakVoice) and voice.speaking
    assert voice.tell_once() == "Announcements are spoken by espeak-ng." and voice.tell_once() == ""


def test_the_display_says_once_which_voice_speaks(qtbot) -> None:
    clock = FakeClock()
    t = tournament(clock)
    display, _voice, _sound = room(qtbot, t, clock)
    said: list[str] = []
    display.sound_message.connect(said.append)
    display.show()
    qtbot.waitExposed(display)
    assert said[-1] == "Announcements are spoken by fake voice."
    display.hide()
    display.show()
    assert said.count("Announcements are spoken by fake voice.") == 1


def test_moments_are_one_trigger_for_chimes_and_voice() -> None:
    """The policy's moments: a level change, a break's start and end, one minute left, five to the break."""
    clock = FakeClock()
    t = tournament(clock)
    from ui.display.source import DisplaySource

    source, policy = DisplaySource(t, clock), ChimePolicy()
    seen: list[tuple[int, list[str]]] = []
    start = clock.now()
    for _ in range(600):
        frame = source.frame()
        due = policy.update(frame)
        if due:
            seen.append((round(clock.now() - start), due))
            said = announcement(due, frame, policy.before, {LEVELS, BREAKS, FIVE_MINUTES, REGISTRATION})
            assert said.moments == frozenset(due) - {ONE_MINUTE}
        clock.advance(10)
    assert seen == [(1140, [ONE_MINUTE]), (1200, [LEVEL_CHANGE]), (2340, [ONE_MINUTE]), (2400, [LEVEL_CHANGE]),
                    (3540, [ONE_MINUTE]), (3600, [LEVEL_CHANGE]), (4500, [FIVE_TO_BREAK]), (4740, [ONE_MINUTE]),
                    (4800, [LEVEL_CHANGE]), (5700, [BREAK_END])]


# --- the preferences ---------------------------------------------------------------------------------------


def test_speech_settings_are_remembered_and_bad_values_set_aside() -> None:
    chosen = DisplaySettings(speech=True, voice="Microsoft Zira Desktop", volume=35, say_five_minutes=False)
    display_settings.save(chosen)
    assert display_settings.load() == chosen
    display_settings.settings_path().write_text(
        '{"speech": "yes", "voice": 7, "volume": true, "say_levels": false, "muted": true}', encoding="utf-8")
    assert display_settings.load() == DisplaySettings(say_levels=False, muted=True)
    display_settings.settings_path().write_text('{"speech": true, "volume": 250}', encoding="utf-8")
    assert display_settings.load() == DisplaySettings(speech=True, volume=100)


def test_the_voice_dialog_chooses_tests_and_applies(qtbot) -> None:
    from ui.display.voice_dialog import CHIMES, DEFAULT_VOICE, VoiceDialog

    fake = FakeVoice()
    voice = RoomVoice(DisplaySettings(), fake)
    dialog = VoiceDialog(DisplaySettings(chip_leaders=True), voice)
    qtbot.addWidget(dialog)
    assert [dialog.voices.itemText(i) for i in range(dialog.voices.count())] == [CHIMES, DEFAULT_VOICE, "en-gb",
                                                                                  "en-us"]
    assert dialog.voices.currentText() == CHIMES and not dialog.test_button.isEnabled()
    assert dialog.chosen() == DisplaySettings(chip_leaders=True)  # as it was: off, the chimes
    dialog.voices.setCurrentIndex(dialog.voices.findData("en-us"))
    dialog.volume.setValue(40)
    dialog.kinds[FIVE_MINUTES].setChecked(False)
    dialog.kinds[REGISTRATION].setChecked(True)
    assert dialog.test_button.isEnabled() and dialog.volume_text.text() == "40 %"
    qtbot.mouseClick(dialog.test_button, Qt.MouseButton.LeftButton)
    assert fake.spoken == [(0.0, "Level seven. Blinds four hundred, eight hundred, ante eight hundred.", "en-us", 40)]
    assert dialog.note.text().startswith("Speaking: ")
    assert dialog.chosen() == DisplaySettings(chip_leaders=True, speech=True, voice="en-us", volume=40,
                                              say_five_minutes=False, say_registration=True)
    assert voice.settings == DisplaySettings()  # the test saved nothing


def test_a_voice_this_computer_lacks_gives_way_to_its_default(caplog) -> None:
    fake = FakeVoice(listed=("en-us",))
    voice = RoomVoice(DisplaySettings(speech=True, voice="Microsoft Zira Desktop", volume=60), fake)
    assert voice.say("Level two.") and voice.say("Level three.")
    voice.apply(DisplaySettings(speech=True, voice="en-us"))
    assert voice.say("Level four.")
    assert [(text, name, volume) for _at, text, name, volume in fake.spoken] == [
        ("Level two.", "", 60), ("Level three.", "", 60), ("Level four.", "en-us", 80)]
    assert "the voice 'Microsoft Zira Desktop' is not on this computer" in caplog.text


def test_the_voice_dialog_without_a_voice_offers_the_chimes_and_says_why(qtbot) -> None:
    from ui.display.voice_dialog import CHIMES, VoiceDialog

    voice = RoomVoice(ON, finder=lambda: (None, "No voice found (say): the room display chimes instead."))
    dialog = VoiceDialog(ON, voice)
    qtbot.addWidget(dialog)
    assert [dialog.voices.itemText(i) for i in range(dialog.voices.count())] == [CHIMES]
    assert dialog.note.text() == "No voice found (say): the room display chimes instead."
    assert dialog.chosen().speech is False and dialog.chosen().voice == "en-gb"  # the voice is kept for later
    dialog.test()
    assert dialog.note.text() == "No voice found (say): the room display chimes instead."


def test_a_remembered_voice_missing_here_is_kept_and_named(qtbot) -> None:
    from ui.display.voice_dialog import VoiceDialog

    chosen = DisplaySettings(speech=True, voice="Microsoft Zira Desktop")
    dialog = VoiceDialog(chosen, RoomVoice(chosen, FakeVoice()))
    qtbot.addWidget(dialog)
    assert dialog.voices.currentText() == "Microsoft Zira Desktop (not on this computer)"
    assert dialog.chosen() == chosen


def test_the_view_menu_sets_the_voice_for_the_display_and_next_time(qtbot, clock, monkeypatch) -> None:
    from tests.ui.conftest import make_session, open_window
    from ui.display.voice_dialog import VoiceDialog

    fake = FakeVoice(clock)
    monkeypatch.setattr("ui.display.voice._system", lambda: (fake, "Announcements are spoken by fake voice."))

    def choose(dialog: VoiceDialog) -> int:
        dialog.voices.setCurrentIndex(dialog.voices.findData("en-gb"))
        dialog.volume.setValue(55)
        return VoiceDialog.DialogCode.Accepted

    monkeypatch.setattr(VoiceDialog, "exec", choose)
    w = open_window(qtbot, make_session(clock, start=True))
    w.act_room_display()
    w.voice_action.trigger()
    expected = DisplaySettings(speech=True, voice="en-gb", volume=55)
    assert display_settings.load() == expected and w.display.voice.settings == expected
    clock.advance(LEVEL_S)
    w.display.refresh()
    assert fake.spoken == [(clock.now(), "Level two. Blinds fifty, one hundred.", "en-gb", 55)]
    assert w.display.chimes == []
    monkeypatch.setattr(VoiceDialog, "exec", lambda dialog: VoiceDialog.DialogCode.Rejected)
    w.voice_action.trigger()  # cancelled: nothing changes
    assert display_settings.load() == expected
    w.close()
