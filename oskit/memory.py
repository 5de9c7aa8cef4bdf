"""The process's peak memory and how long ago the system started it, where the system says.

- Linux: ``getrusage`` (kilobytes), else ``/proc/self/status`` (``VmHWM``); start from ``/proc``.
- macOS: ``getrusage`` (bytes, not kilobytes); the start time is not read (None).
- Windows: ``GetProcessMemoryInfo`` (peak working set) and ``GetProcessTimes`` through ctypes.

Each answer is None when the system does not tell; nothing here ever fails a caller.
"""

from __future__ import annotations

import ctypes
import functools
import importlib
import os
from pathlib import Path
from typing import Any, Protocol

from oskit import MACOS, WINDOWS, system

MB = 1024 * 1024


class ProcessInfo(Protocol):
    name: str

    def peak_bytes(self) -> int | None:
        """The most memory the process has held at once (resident set / working set), in bytes."""
        ...

    def seconds_since_start(self) -> float | None:
        """Wall time since the system started this process: the loader, the interpreter, every import."""
        ...


def _rusage_peak(unit: int) -> int | None:
    try:
        resource = importlib.import_module("resource")
    except ImportError:
        return None
    return int(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss) * unit


class LinuxProcess:
    name = "Linux (/proc, getrusage)"

    def __init__(self, proc: Path = Path("/proc")) -> None:
        self.proc = proc

    def peak_bytes(self) -> int | None:
        peak = _rusage_peak(1024)  # Linux counts ru_maxrss in kilobytes
        if peak is not None:
            return peak
        try:
            for line in (self.proc / "self" / "status").read_text(encoding="ascii").splitlines():
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) * 1024
        except (OSError, ValueError, IndexError):
            pass
        return None

    def seconds_since_start(self) -> float | None:
        try:
            stat = (self.proc / "self" / "stat").read_text(encoding="ascii")
            start_ticks = int(stat.rsplit(")", 1)[1].split()[19])
            uptime = float((self.proc / "uptime").read_text(encoding="ascii").split()[0])
            return uptime - start_ticks / os.sysconf("SC_CLK_TCK")
        except (OSError, ValueError, IndexError, AttributeError):
            return None


class MacProcess:
    name = "macOS (getrusage)"

    def peak_bytes(self) -> int | None:
        return _rusage_peak(1)  # macOS counts ru_maxrss in bytes

    def seconds_since_start(self) -> float | None:
        return None


class _MemoryCounters(ctypes.Structure):
    _fields_ = [
        ("cb", ctypes.c_uint32),
        ("PageFaultCount", ctypes.c_uint32),
        ("PeakWorkingSetSize", ctypes.c_size_t),
        ("WorkingSetSize", ctypes.c_size_t),
        ("QuotaPeakPagedPoolUsage", ctypes.c_size_t),
        ("QuotaPagedPoolUsage", ctypes.c_size_t),
        ("QuotaPeakNonPagedPoolUsage", ctypes.c_size_t),
        ("QuotaNonPagedPoolUsage", ctypes.c_size_t),
        ("PagefileUsage", ctypes.c_size_t),
        ("PeakPagefileUsage", ctypes.c_size_t),
    ]


class _FileTime(ctypes.Structure):
    _fields_ = [("dwLowDateTime", ctypes.c_uint32), ("dwHighDateTime", ctypes.c_uint32)]

    @property
    def ticks(self) -> int:
        """100-nanosecond intervals."""
        return (int(self.dwHighDateTime) << 32) | int(self.dwLowDateTime)


class WindowsProcess:
    """Through ``kernel32`` and ``psapi`` (``dlls``: ``ctypes.windll``, or a stand-in with both)."""

    name = "Windows (kernel32, psapi)"

    def __init__(self, dlls: Any | None = None) -> None:
        self._dlls = dlls

    def _windll(self) -> Any | None:
        return self._dlls if self._dlls is not None else getattr(ctypes, "windll", None)

    def _process(self, dlls: Any) -> ctypes.c_void_p:
        dlls.kernel32.GetCurrentProcess.restype = ctypes.c_void_p
        return ctypes.c_void_p(dlls.kernel32.GetCurrentProcess())

    def peak_bytes(self) -> int | None:
        dlls = self._windll()
        if dlls is None:
            return None
        try:
            counters = _MemoryCounters()
            counters.cb = ctypes.sizeof(counters)
            if not dlls.psapi.GetProcessMemoryInfo(self._process(dlls), ctypes.byref(counters), counters.cb):
                return None
            return int(counters.PeakWorkingSetSize)
        except (OSError, AttributeError):
            return None

    def seconds_since_start(self) -> float | None:
        dlls = self._windll()
        if dlls is None:
            return None
        try:
            created, ended, kernel, user, now = (_FileTime() for _ in range(5))
            if not dlls.kernel32.GetProcessTimes(self._process(dlls), ctypes.byref(created), ctypes.byref(ended),
                                                 ctypes.byref(kernel), ctypes.byref(user)):
                return None
            dlls.kernel32.GetSystemTimeAsFileTime(ctypes.byref(now))
            return (now.ticks - created.ticks) / 10_000_000
        except (OSError, AttributeError):
            return None


def process_for(platform: str | None = None) -> ProcessInfo:
    """The process information of ``platform`` (default: this system, read now)."""
    kind = system(platform)
    if kind == WINDOWS:
        return WindowsProcess()
    if kind == MACOS:
        return MacProcess()
    return LinuxProcess()


@functools.cache
def this_process() -> ProcessInfo:
    return process_for()


def peak_rss_mb() -> float | None:
    """The process's peak memory in MB (one decimal), or None where the system does not say."""
    peak = this_process().peak_bytes()
    return None if peak is None else round(peak / MB, 1)


def seconds_since_start() -> float | None:
    return this_process().seconds_since_start()
