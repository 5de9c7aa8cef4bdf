"""The writer lock on Windows (msvcrt, faked here) and on Linux and macOS (flock, real), through db.lock."""

from __future__ import annotations

import os
import sys
import types
from pathlib import Path

import pytest

from db.errors import FileLocked
from db.lock import WriterLock
from oskit.filelock import WINDOWS_LOCK_OFFSET, FlockLocker, MsvcrtLocker, file_locker, locker_for


class FakeMsvcrt(types.ModuleType):
    """``msvcrt.locking`` as Windows does it: a byte range of a file, locked by one handle at a time."""

    LK_UNLCK, LK_LOCK, LK_NBLCK, LK_RLCK, LK_NBRLCK = 0, 1, 2, 3, 4

    def __init__(self) -> None:
        super().__init__("msvcrt")
        self.held: dict[tuple[int, int, int], int] = {}  # (device, inode, offset) -> fd
        self.calls: list[tuple[int, int, int]] = []

    def locking(self, fd: int, mode: int, nbytes: int) -> None:
        info = os.fstat(fd)
        offset = os.lseek(fd, 0, os.SEEK_CUR)
        key = (info.st_dev, info.st_ino, offset)
        self.calls.append((mode, offset, nbytes))
        if mode == self.LK_NBLCK:
            if key in self.held:
                raise PermissionError(13, "Permission denied")  # what Windows says for a range held elsewhere
            self.held[key] = fd
        elif mode == self.LK_UNLCK:
            if self.held.get(key) != fd:
                raise PermissionError(13, "Permission denied")
            del self.held[key]


@pytest.fixture
def windows(monkeypatch: pytest.MonkeyPatch) -> FakeMsvcrt:
    fake = FakeMsvcrt()
    monkeypatch.setattr(sys, "platform", "win32")
    monkeypatch.setitem(sys.modules, "msvcrt", fake)
    return fake


def _tournament(tmp_path: Path) -> Path:
    path = tmp_path / "friday.floorman"
    path.write_bytes(b"")
    return path


def test_windows_picks_msvcrt_and_locks_one_byte_past_the_text(windows: FakeMsvcrt, tmp_path: Path) -> None:
    assert isinstance(file_locker(), MsvcrtLocker)
    path = _tournament(tmp_path)
    first = WriterLock(path)
    first.acquire()
    assert {(mode, offset, n) for mode, offset, n in windows.calls} == {(FakeMsvcrt.LK_NBLCK, WINDOWS_LOCK_OFFSET, 1)}
    assert "Floorman on" in (tmp_path / "friday.floorman.lock").read_text(encoding="utf-8")  # readable while held
    second = WriterLock(path)
    with pytest.raises(FileLocked) as refused:
        second.acquire()
    assert "already open in Floorman on" in refused.value.message and "read-only" in refused.value.message
    first.release()
    assert windows.held == {}
    second.acquire()  # the lock is free again
    assert second.held
    second.release()
    assert windows.held == {}


def test_windows_lock_refused_under_another_name_through_a_hard_link(windows: FakeMsvcrt, tmp_path: Path) -> None:
    path = _tournament(tmp_path)
    other = tmp_path / "other-name.floorman"
    os.link(path, other)
    first = WriterLock(path)
    first.acquire()
    with pytest.raises(FileLocked):
        WriterLock(other).acquire()
    first.release()


@pytest.mark.parametrize("platform", ["linux", "darwin"])
def test_linux_and_macos_use_flock(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, platform: str) -> None:
    monkeypatch.setattr(sys, "platform", platform)
    assert isinstance(file_locker(), FlockLocker)
    path = _tournament(tmp_path)
    first = WriterLock(path)
    first.acquire()
    with pytest.raises(FileLocked):
        WriterLock(path).acquire()
    first.release()
    again = WriterLock(path)
    again.acquire()
    again.release()


def test_only_windows_takes_msvcrt(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "msvcrt", FakeMsvcrt())
    assert isinstance(locker_for("win32"), MsvcrtLocker)
    for posix in ("linux", "darwin", "freebsd14", "cygwin"):  # Cygwin's Python is POSIX: it has fcntl
        assert isinstance(locker_for(posix), FlockLocker)
