"""The system's voice (oskit.speech): which one on Linux, macOS and Windows (their commands faked), the
words never on a command line a shell or an option parser reads, sentences in turn without the caller
waiting, failures logged; and once for real: espeak-ng speaks into a WAV file that sox measures."""

from __future__ import annotations

import base64
import os
import re
import shutil
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from oskit import LINUX, speech, system

# A player's name a careless command line would take for options, a second command or say's own commands.
NASTY = "-v xx --help 'Bob' \"the Rock\"; rm -rf / $(reboot) [[volm 0.0]]"

ESPEAK_VOICES = """\
Pty Language       Age/Gender VoiceName          File                 Other Languages
 2  en-gb           --/M      English_(Great_Britain) gmw/en               (en 2)
 2  en-us           --/M      English_(America)  gmw/en-US            (en 3)
 5  en-us           --/F      us-mbrola-1        mb/mb-us1            (en 8)
 5  en-gb-scotland  --/M      English_(Scotland) gmw/en-GB-scotland   (en 4)
 5  variant         --/M      Storm              !v/Storm             (en-us 5)
"""

SAY_VOICES = """\
Albert              en_US    # Hello! My name is Albert.
Amélie              fr_CA    # Bonjour, je m’appelle Amélie.
Bad News            en_US    # Hello! My name is Bad News.
Daniel              en_GB    # Hello! My name is Daniel.
"""

SPD_VOICES = """\
         NAME                 LANGUAGE             VARIANT
English_(America)                en-US                none
       Afrikaans                   af                 none
  en-gb-scotland            en-GB-scotland            none
"""


def which_of(*present: str):
    return lambda name: f"/usr/bin/{name}" if name in present else None


class FakeRun:
    """subprocess.run, faked: records each call and answers with the given output and code."""

    def __init__(self, stdout: str = "", returncode: int = 0, stderr: str = "", writes: bool = False) -> None:
        self.calls: list[tuple[list[str], dict]] = []
        self.stdout, self.returncode, self.stderr, self.writes = stdout, returncode, stderr, writes

    def __call__(self, argv, **kw):
        self.calls.append((argv, kw))
        if self.writes:
            out = next((argv[i + 1] for i, a in enumerate(argv) if a in ("-w", "-o")), None) or \
                (kw.get("env") or {}).get("FLOORMAN_SPEECH_OUT")
            Path(out).write_bytes(b"RIFF")
        return subprocess.CompletedProcess(argv, self.returncode, self.stdout.encode("utf-8"),
                                           self.stderr.encode("utf-8"))


@pytest.fixture
def fake_run(monkeypatch: pytest.MonkeyPatch) -> FakeRun:
    fake = FakeRun()
    monkeypatch.setattr(subprocess, "run", fake)
    return fake


# --- which voice on which system -------------------------------------------------------------------


@pytest.mark.parametrize(("present", "chosen", "kind"), [
    (("espeak-ng", "espeak", "spd-say"), "espeak-ng", speech.EspeakVoice),
    (("espeak", "spd-say"), "espeak", speech.EspeakVoice),
    (("spd-say",), "spd-say", speech.SpdSayVoice),
])
def test_linux_takes_the_first_voice_present(monkeypatch: pytest.MonkeyPatch, present, chosen, kind) -> None:
    monkeypatch.setattr(sys, "platform", "linux")
    found, note = speech.system_voice(which=which_of(*present))
    assert isinstance(found, kind) and found.program == f"/usr/bin/{chosen}"
    assert note == f"Announcements are spoken by {chosen}."


@pytest.mark.parametrize(("platform", "note"), [
    ("linux", "No voice found (espeak-ng, espeak or spd-say): the room display chimes instead."),
    ("darwin", "No voice found (say): the room display chimes instead."),
    ("win32", "Windows speech needs PowerShell, which is missing: the room display chimes instead."),
])
def test_no_voice_is_none_and_one_line(monkeypatch: pytest.MonkeyPatch, platform: str, note: str) -> None:
    monkeypatch.setattr(sys, "platform", platform)
    monkeypatch.setattr(speech.shutil, "which", which_of())
    assert speech.system_voice() == (None, note)


def test_macos_speaks_with_say_and_windows_with_powershell(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "platform", "darwin")
    mac, note = speech.system_voice(which=which_of("say", "espeak-ng"))
    assert isinstance(mac, speech.SayVoice) and note == "Announcements are spoken by macOS (say)."
    monkeypatch.setattr(sys, "platform", "win32")
    win, note = speech.system_voice(which=which_of("pwsh", "say"))
    assert isinstance(win, speech.WindowsVoice) and win.program == "/usr/bin/pwsh"
    assert note == "Announcements are spoken by Windows speech (SAPI)."


# --- Linux: espeak-ng and speech-dispatcher ----------------------------------------------------------


def test_espeak_reads_the_words_from_stdin_never_from_its_arguments(fake_run: FakeRun) -> None:
    voice = speech.EspeakVoice("/usr/bin/espeak-ng")
    voice.speak(NASTY, "en-gb", 65)
    voice.speak("Level two.")
    assert voice.wait(5)
    (first, kw), (second, _kw) = fake_run.calls
    assert first == ["/usr/bin/espeak-ng", "-v", "en-gb", "-a", "65", "--stdin"]
    assert kw["input"] == NASTY.encode("utf-8") and "shell" not in kw and kw["timeout"] == speech.SPEAK_TIMEOUT
    assert second == ["/usr/bin/espeak-ng", "-a", "100", "--stdin"]


def test_espeak_lists_its_english_voices_once_each(fake_run: FakeRun) -> None:
    fake_run.stdout = ESPEAK_VOICES
    assert speech.EspeakVoice("/usr/bin/espeak-ng").voices() == ["en-gb", "en-us", "en-gb-scotland"]
    assert fake_run.calls[0][0] == ["/usr/bin/espeak-ng", "--voices=en"]


def test_espeak_writes_a_file_and_says_when_it_could_not(fake_run: FakeRun, tmp_path: Path) -> None:
    voice = speech.EspeakVoice("/usr/bin/espeak-ng")
    out = tmp_path / "level.wav"
    fake_run.writes = True
    voice.speak_to_file(NASTY, out, "en-us")
    assert fake_run.calls[-1][0] == ["/usr/bin/espeak-ng", "-v", "en-us", "-w", str(out), "--stdin"]
    assert fake_run.calls[-1][1]["input"] == NASTY.encode("utf-8")
    fake_run.writes, fake_run.returncode, fake_run.stderr = False, 1, "Failed to read voice 'xx'"
    with pytest.raises(speech.SpeechError, match=r"^The voice could not write other\.wav: espeak-ng stopped with "
                                                 r"code 1: Failed to read voice 'xx'\.$"):
        voice.speak_to_file("Level two.", tmp_path / "other.wav", "xx")


def test_spd_say_puts_the_words_after_a_double_dash(fake_run: FakeRun) -> None:
    voice = speech.SpdSayVoice("/usr/bin/spd-say")
    voice.speak(NASTY, "English_(America)", 75)
    voice.speak("Level two.", "", 100)
    assert voice.wait(5)
    assert fake_run.calls[0][0] == ["/usr/bin/spd-say", "-w", "-i", "50", "-y", "English_(America)", "--", NASTY]
    assert fake_run.calls[1][0] == ["/usr/bin/spd-say", "-w", "-i", "100", "--", "Level two."]
    fake_run.stdout = SPD_VOICES
    assert voice.voices() == ["English_(America)", "en-gb-scotland"]


def test_spd_say_writes_no_file(tmp_path: Path) -> None:
    with pytest.raises(speech.SpeechError, match="speech-dispatcher speaks aloud only"):
        speech.SpdSayVoice("/usr/bin/spd-say").speak_to_file("Level two.", tmp_path / "x.wav")
    assert not (tmp_path / "x.wav").exists()


# --- macOS: say --------------------------------------------------------------------------------------


def test_say_reads_stdin_with_its_volume_and_no_command_of_a_name(fake_run: FakeRun) -> None:
    voice = speech.SayVoice("/usr/bin/say")
    voice.speak(NASTY, "Bad News", 50)
    assert voice.wait(5)
    argv, kw = fake_run.calls[0]
    assert argv == ["/usr/bin/say", "-v", "Bad News", "-f", "-"]
    words = kw["input"].decode("utf-8")
    assert words.startswith("[[volm 0.50]] -v xx --help") and words.count("[[") == 1  # the name's is broken up
    fake_run.stdout = SAY_VOICES
    assert voice.voices() == ["Albert", "Bad News", "Daniel", "Amélie"]
    assert fake_run.calls[-1][0] == ["/usr/bin/say", "-v", "?"]


def test_say_writes_wave_or_aiff(fake_run: FakeRun, tmp_path: Path) -> None:
    voice = speech.SayVoice("/usr/bin/say")
    fake_run.writes = True
    voice.speak_to_file("Level two.", tmp_path / "a.wav")
    voice.speak_to_file("Level two.", tmp_path / "a.aiff", "Daniel")
    assert fake_run.calls[0][0] == ["/usr/bin/say", "-o", str(tmp_path / "a.wav"), "--file-format=WAVE",
                                    "--data-format=LEI16@22050", "-f", "-"]
    assert fake_run.calls[1][0] == ["/usr/bin/say", "-v", "Daniel", "-o", str(tmp_path / "a.aiff"), "-f", "-"]


# --- Windows: SAPI through PowerShell ------------------------------------------------------------------


def _script(argv: list[str]) -> str:
    assert argv[:-1] == ["C:/ps/powershell.exe", "-NoProfile", "-NonInteractive", "-ExecutionPolicy", "Bypass",
                         "-EncodedCommand"]
    return base64.b64decode(argv[-1]).decode("utf-16-le")


def test_windows_speaks_with_the_words_on_stdin_and_the_voice_in_the_environment(fake_run: FakeRun) -> None:
    voice = speech.WindowsVoice("C:/ps/powershell.exe")
    voice.speak(NASTY, "Microsoft Zira Desktop", 70)
    assert voice.wait(5)
    argv, kw = fake_run.calls[0]
    script = _script(argv)
    assert "System.Speech" in script and "$s.Volume = 70;" in script and "$s.Speak($t)" in script
    assert "Zira" not in script and "rm -rf" not in script  # nothing typed is ever part of the script
    assert kw["input"] == NASTY.encode("utf-8") and kw["creationflags"] == speech.NO_WINDOW
    assert kw["env"]["FLOORMAN_SPEECH_VOICE"] == "Microsoft Zira Desktop" and kw["env"]["PATH"] == os.environ["PATH"]


def test_windows_lists_english_voices_first_and_writes_a_file(fake_run: FakeRun, tmp_path: Path) -> None:
    voice = speech.WindowsVoice("C:/ps/powershell.exe")
    fake_run.stdout = "fr-FR\tMicrosoft Hortense Desktop\r\nen-US\tMicrosoft Zira Desktop\r\nen-GB\tMicrosoft Hazel\r\n"
    assert voice.voices() == ["Microsoft Zira Desktop", "Microsoft Hazel", "Microsoft Hortense Desktop"]
    assert "GetInstalledVoices" in _script(fake_run.calls[0][0])
    out = tmp_path / "level.wav"
    fake_run.writes = True
    voice.speak_to_file("Level two.", out, "Microsoft Hazel")
    argv, kw = fake_run.calls[-1]
    assert "SetOutputToWaveFile($env:FLOORMAN_SPEECH_OUT)" in _script(argv) and str(out) not in _script(argv)
    assert kw["env"]["FLOORMAN_SPEECH_OUT"] == str(out) and kw["env"]["FLOORMAN_SPEECH_VOICE"] == "Microsoft Hazel"


def test_encoded_command_is_utf16_base64() -> None:
    assert base64.b64decode(speech.encoded("Write-Output 'é'")).decode("utf-16-le") == "Write-Output 'é'"


# --- failures: logged, never raised at the window ------------------------------------------------------


def test_a_failing_voice_is_logged(fake_run: FakeRun, caplog: pytest.LogCaptureFixture) -> None:
    fake_run.returncode, fake_run.stderr = 1, "ALSA lib: cannot open device\nno sound card"
    voice = speech.EspeakVoice("/usr/bin/espeak-ng")
    voice.speak("Level two.")
    assert voice.wait(5)
    assert "the announcement could not be spoken: espeak-ng stopped with code 1: no sound card" in caplog.text
    assert voice.voices() == []
    assert "the system's voices could not be listed: espeak-ng stopped with code 1" in caplog.text


@pytest.mark.parametrize("error", [OSError("No such file or directory"),
                                   subprocess.TimeoutExpired(["espeak-ng"], 120.0)])
def test_a_voice_that_cannot_start_or_hangs_is_logged(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                                      caplog: pytest.LogCaptureFixture, error: Exception) -> None:
    def refuse(argv, **kw):
        raise error

    monkeypatch.setattr(subprocess, "run", refuse)
    voice = speech.EspeakVoice("/usr/bin/espeak-ng")
    voice.speak("Level two.")
    assert voice.wait(5)
    assert "the announcement could not be spoken" in caplog.text
    assert voice.voices() == [] and "the system's voices could not be listed" in caplog.text
    with pytest.raises(speech.SpeechError, match=r"^The voice could not write x\.wav: "):
        voice.speak_to_file("Level two.", tmp_path / "x.wav")


def test_sentences_are_spoken_in_turn_while_the_caller_goes_on() -> None:
    go = threading.Event()
    busy: list[int] = []
    spoken: list[str] = []
    lock = threading.Lock()
    now = [0]

    def slow(job: speech.Utterance) -> subprocess.CompletedProcess[bytes]:
        go.wait(5)  # the voice is still speaking when the caller has long gone on
        with lock:
            now[0] += 1
            busy.append(now[0])
        time.sleep(0.01)
        spoken.append(job.stdin.decode())
        with lock:
            now[0] -= 1
        return subprocess.CompletedProcess(list(job.argv), 0, b"", b"")

    voice = speech.EspeakVoice("/usr/bin/espeak-ng", speaker=speech.Speaker(slow))
    for n in range(4):
        voice.speak(f"Sentence {n}.")
    assert spoken == [] and not voice.wait(0.05)  # all four asked for; none spoken yet; the caller is free
    go.set()
    assert voice.wait(5)
    assert spoken == [f"Sentence {n}." for n in range(4)] and max(busy) == 1  # one at a time, in order


def test_an_idle_speaker_ends_its_thread_and_starts_another(monkeypatch: pytest.MonkeyPatch, fake_run: FakeRun) -> None:
    monkeypatch.setattr(speech, "IDLE_SECONDS", 0.01)
    voice = speech.EspeakVoice("/usr/bin/espeak-ng")
    voice.speak("Level two.")
    assert voice.wait(5)
    deadline = time.monotonic() + 5
    while voice.speaker.alive and time.monotonic() < deadline:
        time.sleep(0.01)
    assert not voice.speaker.alive
    voice.speak("Level three.")
    assert voice.wait(5) and [kw["input"] for _argv, kw in fake_run.calls] == [b"Level two.", b"Level three."]


# --- for real: espeak-ng into a WAV file, measured by sox -------------------------------------------------


def _needed(program: str) -> str:
    found = shutil.which(program)
    if found:
        return found
    if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
        pytest.fail(f"{program} is missing (apt-get install espeak-ng sox); the real speech test must run in CI")
    pytest.skip(f"{program} is not installed")


@pytest.mark.skipif(system() != LINUX, reason="espeak-ng is Linux's voice; Windows' and macOS' are tested faked above")
def test_espeak_ng_speaks_a_level_into_a_wav_that_sox_measures(tmp_path: Path) -> None:
    espeak, sox = _needed("espeak-ng"), _needed("sox")
    found, _note = speech.system_voice("linux", which=lambda name: espeak if name == "espeak-ng" else None)
    assert isinstance(found, speech.EspeakVoice)
    assert "en-us" in found.voices()
    out = tmp_path / "level.wav"
    found.speak_to_file("Level seven. Blinds four hundred, eight hundred, ante eight hundred.", out, "en-us")
    stat = subprocess.run([sox, str(out), "-n", "stat"], capture_output=True, text=True, timeout=60)
    assert stat.returncode == 0, stat.stderr
    figures = dict(re.findall(r"^([A-Za-z ()]+?):\s+(-?[\d.]+)$", stat.stderr, re.MULTILINE))
    assert float(figures["Length (seconds)"]) > 1.0
    assert float(figures["RMS     amplitude"]) > 0.01 and float(figures["Maximum amplitude"]) > 0.1  # not silent
