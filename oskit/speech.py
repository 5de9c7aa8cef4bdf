"""Speak a sentence through the system's own voice, without making the window wait.

- Linux: ``espeak-ng`` (or ``espeak``), else speech-dispatcher's ``spd-say``;
- macOS: ``say``;
- Windows: the speech that ships with Windows (SAPI, through .NET's ``System.Speech``), driven by
  ``powershell``: nothing to install.

Each voice is a command started with an argument list, never through a shell; the words go in on
standard input (``espeak-ng``, ``say``, PowerShell) or after ``--`` (``spd-say``), so a player's name
that starts with a dash or holds quotes is spoken, never read as an option or a command. One worker
thread per voice speaks the sentences in turn (two announcements never talk over each other) while the
caller goes on. :func:`system_voice` picks one and says in one line what it picked, or why there is none.
"""

from __future__ import annotations

import base64
import logging
import os
import queue
import re
import shutil
import subprocess
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from oskit import MACOS, WINDOWS, system

log = logging.getLogger("floorman.speech")

LINUX_SPEAKERS = ("espeak-ng", "espeak", "spd-say")
SPEAK_TIMEOUT = 120.0  # seconds one sentence may take before its command is given up
LIST_TIMEOUT = 20.0  # seconds to list the voices
IDLE_SECONDS = 5.0  # a speaker's thread ends after this long with nothing to say; the next sentence starts one
NO_WINDOW = 0x08000000  # Windows' CREATE_NO_WINDOW: no console flashes up on the director's screen


class SpeechError(Exception):
    """A voice could not do what it was asked; the message says why in one sentence."""


class Voice(Protocol):
    """The system's speech: its voices, a sentence spoken now, a sentence written to a sound file."""

    name: str

    def voices(self) -> list[str]:
        """The voices a director can pick (English ones first where the system says), by the name
        :meth:`speak` takes."""
        ...

    def speak(self, text: str, voice: str = "", volume: int = 100) -> None:
        """Speak ``text`` with ``voice`` ("" the system's default) at ``volume`` per cent, without waiting."""
        ...

    def speak_to_file(self, text: str, path: Path, voice: str = "") -> None:
        """Write ``text`` spoken into the sound file ``path``; waits until it is written (raises SpeechError)."""
        ...

    def wait(self, timeout: float | None = None) -> bool:
        """Wait until every sentence asked for has been spoken; False if ``timeout`` ran out first."""
        ...


@dataclass(frozen=True)
class Utterance:
    """One run of a speech command: its argument list, what goes in on standard input, its environment."""

    argv: tuple[str, ...]
    stdin: bytes = b""
    env: tuple[tuple[str, str], ...] = ()
    creationflags: int = 0


def run(job: Utterance, timeout: float = SPEAK_TIMEOUT) -> subprocess.CompletedProcess[bytes]:
    """Run one speech command to its end (never through a shell); its output is kept for the error."""
    env = {**os.environ, **dict(job.env)} if job.env else None
    return subprocess.run(  # noqa: S603 (a fixed program found on PATH; the words go in on stdin or after --)
        list(job.argv), input=job.stdin, capture_output=True, env=env, timeout=timeout, check=False,
        creationflags=job.creationflags,
    )


def _failure(job: Utterance, done: subprocess.CompletedProcess[bytes]) -> str:
    said = (done.stderr or b"").decode("utf-8", "replace").strip().splitlines()
    return f"{Path(job.argv[0]).name} stopped with code {done.returncode}" + (f": {said[-1]}" if said else "")


class Speaker:
    """Speaks the sentences it is given one after another, on a thread of its own."""

    def __init__(self, runner: Callable[[Utterance], subprocess.CompletedProcess[bytes]] = run) -> None:
        self._runner = runner
        self._jobs: queue.Queue[Utterance] = queue.Queue()
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()

    def put(self, job: Utterance) -> None:
        self._jobs.put(job)
        with self._lock:
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._work, name="floorman-speech", daemon=True)
                self._thread.start()

    def _work(self) -> None:
        while True:
            try:
                job = self._jobs.get(timeout=IDLE_SECONDS)
            except queue.Empty:
                return  # idle: the thread ends; the next sentence starts another
            try:
                done = self._runner(job)
                if done.returncode != 0:
                    log.warning("the announcement could not be spoken: %s", _failure(job, done))
            except (OSError, subprocess.SubprocessError) as exc:
                log.warning("the announcement could not be spoken: %s", exc)
            finally:
                self._jobs.task_done()

    @property
    def alive(self) -> bool:
        """Its thread is running (it ends when idle)."""
        return self._thread is not None and self._thread.is_alive()

    def wait(self, timeout: float | None = None) -> bool:
        done = threading.Event()

        def join() -> None:
            self._jobs.join()
            done.set()

        threading.Thread(target=join, daemon=True).start()
        return done.wait(timeout)


def _listed(job: Utterance) -> str:
    """What a voice-listing command prints ("" when it fails: no voices to pick, the default still speaks)."""
    try:
        done = run(job, LIST_TIMEOUT)
    except (OSError, subprocess.SubprocessError) as exc:
        log.warning("the system's voices could not be listed: %s", exc)
        return ""
    if done.returncode != 0:
        log.warning("the system's voices could not be listed: %s", _failure(job, done))
        return ""
    return (done.stdout or b"").decode("utf-8", "replace")


def _written(job: Utterance, path: Path) -> None:
    try:
        done = run(job)
    except (OSError, subprocess.SubprocessError) as exc:
        raise SpeechError(f"The voice could not write {path.name}: {exc}.") from exc
    if done.returncode != 0 or not path.is_file():
        raise SpeechError(f"The voice could not write {path.name}: {_failure(job, done)}.")


def _percent(volume: int) -> int:
    return max(0, min(100, int(volume)))


class _CommandVoice:
    """What the command voices share: a speaker thread and its wait."""

    name = ""

    def __init__(self, program: str, speaker: Speaker | None = None) -> None:
        self.program = program
        self.speaker = speaker or Speaker()

    def wait(self, timeout: float | None = None) -> bool:
        return self.speaker.wait(timeout)


class EspeakVoice(_CommandVoice):
    """``espeak-ng`` (or the older ``espeak``): the words on standard input, ``-a`` the amplitude."""

    def __init__(self, program: str, name: str = "espeak-ng", speaker: Speaker | None = None) -> None:
        super().__init__(program, speaker)
        self.name = name

    def _argv(self, voice: str) -> list[str]:
        return [self.program, "-v", voice] if voice else [self.program]

    def voices(self) -> list[str]:
        """The English voices by language code (``en-gb``, ``en-us``...); MBROLA ones need extra files."""
        out: list[str] = []
        for line in _listed(Utterance((self.program, "--voices=en"))).splitlines()[1:]:
            cols = line.split()
            if len(cols) >= 5 and cols[1].startswith("en") and not cols[4].startswith("mb/") and cols[1] not in out:
                out.append(cols[1])
        return out

    def speak(self, text: str, voice: str = "", volume: int = 100) -> None:
        argv = [*self._argv(voice), "-a", str(_percent(volume)), "--stdin"]
        self.speaker.put(Utterance(tuple(argv), text.encode("utf-8")))

    def speak_to_file(self, text: str, path: Path, voice: str = "") -> None:
        _written(Utterance((*self._argv(voice), "-w", str(path), "--stdin"), text.encode("utf-8")), path)


class SpdSayVoice(_CommandVoice):
    """speech-dispatcher's ``spd-say``, waiting for each sentence (``-w``); the words after ``--``.

    speech-dispatcher speaks; it writes no file.
    """

    name = "speech-dispatcher"

    def voices(self) -> list[str]:
        out: list[str] = []
        """``spd-say -L``: ``NAME  LANGUAGE  VARIANT`` a line; the English ones."""
        for line in _listed(Utterance((self.program, "-L"))).splitlines()[1:]:
            cols = line.split()
            name = " ".join(cols[:-2])
            if name and cols[-2].lower().startswith("en") and name not in out:
                out.append(name)
        return out

    def speak(self, text: str, voice: str = "", volume: int = 100) -> None:
        argv = [self.program, "-w", "-i", str(_percent(volume) * 2 - 100)]
        if voice:
            argv += ["-y", voice]
        self.speaker.put(Utterance((*argv, "--", text)))

    def speak_to_file(self, text: str, path: Path, voice: str = "") -> None:
        raise SpeechError("speech-dispatcher speaks aloud only; it cannot write a sound file (install espeak-ng).")


_SAY_VOICE = re.compile(r"^(?P<name>.+?)\s{2,}(?P<locale>[a-z]{2,3}[_-][A-Za-z0-9_-]+)\s+#")


class SayVoice(_CommandVoice):
    """macOS ``say``: the words on standard input (``-f -``); the volume is its ``[[volm]]`` command."""

    name = "macOS speech (say)"

    def _argv(self, voice: str) -> list[str]:
        return [self.program, "-v", voice] if voice else [self.program]

    def voices(self) -> list[str]:
        """``say -v ?``: one voice a line, ``Samantha      en_US    # Hello...``; English ones first."""
        english: list[str] = []
        other: list[str] = []
        for line in _listed(Utterance((self.program, "-v", "?"))).splitlines():
            m = _SAY_VOICE.match(line)
            if m:
                (english if m["locale"].lower().startswith("en") else other).append(m["name"].strip())
        return english + other

    @staticmethod
    def _words(text: str) -> str:
        return text.replace("[[", "[ [")  # a name's brackets are read, never taken for say's own commands

    def speak(self, text: str, voice: str = "", volume: int = 100) -> None:
        words = f"[[volm {_percent(volume) / 100:.2f}]] {self._words(text)}"
        self.speaker.put(Utterance((*self._argv(voice), "-f", "-"), words.encode("utf-8")))

    def speak_to_file(self, text: str, path: Path, voice: str = "") -> None:
        argv = [*self._argv(voice), "-o", str(path)]
        if path.suffix.lower() == ".wav":
            argv += ["--file-format=WAVE", "--data-format=LEI16@22050"]
        _written(Utterance((*argv, "-f", "-"), self._words(text).encode("utf-8")), path)


# The words come in on standard input (UTF-8), the voice and the file in the environment: nothing the
# director or a player typed is ever part of the script PowerShell reads.
_WINDOWS_PRELUDE = (
    "$ErrorActionPreference = 'Stop'; Add-Type -AssemblyName System.Speech; "
    "$s = New-Object System.Speech.Synthesis.SpeechSynthesizer; "
)
_WINDOWS_WORDS = (
    "[Console]::InputEncoding = [System.Text.Encoding]::UTF8; $t = [Console]::In.ReadToEnd(); "
    "if ($env:FLOORMAN_SPEECH_VOICE) { try { $s.SelectVoice($env:FLOORMAN_SPEECH_VOICE) } catch { } }; "
)
_WINDOWS_LIST = (
    "[Console]::OutputEncoding = [System.Text.Encoding]::UTF8; "
    "foreach ($v in $s.GetInstalledVoices()) { if ($v.Enabled) { "
    "$v.VoiceInfo.Culture.Name + \"`t\" + $v.VoiceInfo.Name } }"
)


def encoded(script: str) -> str:
    """A PowerShell script as ``-EncodedCommand`` takes it (base64 of UTF-16LE): no quoting to go wrong."""
    return base64.b64encode(script.encode("utf-16-le")).decode("ascii")


class WindowsVoice(_CommandVoice):
    """SAPI through .NET's ``System.Speech``, which every Windows has, driven by ``powershell``."""

    name = "Windows speech (SAPI)"

    def _job(self, script: str, text: str = "", env: Sequence[tuple[str, str]] = ()) -> Utterance:
        argv = (self.program, "-NoProfile", "-NonInteractive", "-ExecutionPolicy", "Bypass",
                "-EncodedCommand", encoded(_WINDOWS_PRELUDE + script))
        return Utterance(argv, text.encode("utf-8"), tuple(env), NO_WINDOW)

    def voices(self) -> list[str]:
        """The installed voices' names, English ones first (``Microsoft Zira Desktop``...)."""
        english: list[str] = []
        other: list[str] = []
        for line in _listed(self._job(_WINDOWS_LIST)).splitlines():
            culture, _, name = line.strip().partition("\t")
            if name:
                (english if culture.lower().startswith("en") else other).append(name)
        return english + other

    def speak(self, text: str, voice: str = "", volume: int = 100) -> None:
        script = f"{_WINDOWS_WORDS}$s.Volume = {_percent(volume)}; $s.Speak($t)"
        self.speaker.put(self._job(script, text, [("FLOORMAN_SPEECH_VOICE", voice)]))

    def speak_to_file(self, text: str, path: Path, voice: str = "") -> None:
        script = f"{_WINDOWS_WORDS}$s.SetOutputToWaveFile($env:FLOORMAN_SPEECH_OUT); $s.Speak($t); $s.Dispose()"
        env = [("FLOORMAN_SPEECH_VOICE", voice), ("FLOORMAN_SPEECH_OUT", str(path))]
        _written(self._job(script, text, env), path)


def system_voice(
    platform: str | None = None, which: Callable[[str], str | None] | None = None
) -> tuple[Voice | None, str]:
    """The system's voice for ``platform`` (default ``sys.platform``) and a one-line note about it."""
    find = which or shutil.which
    kind = system(platform)
    if kind == WINDOWS:
        found = find("powershell") or find("pwsh")
        if found:
            return WindowsVoice(found), "Announcements are spoken by Windows speech (SAPI)."
        return None, "Windows speech needs PowerShell, which is missing: the room display chimes instead."
    if kind == MACOS:
        found = find("say")
        if found:
            return SayVoice(found), "Announcements are spoken by macOS (say)."
        return None, "No voice found (say): the room display chimes instead."
    for program in LINUX_SPEAKERS:
        found = find(program)
        if found:
            voice: Voice = SpdSayVoice(found) if program == "spd-say" else EspeakVoice(found, program)
            return voice, f"Announcements are spoken by {program}."
    return None, "No voice found (espeak-ng, espeak or spd-say): the room display chimes instead."
