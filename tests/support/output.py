"""A program the tests start in its own process, its output read line by line as it comes."""

from __future__ import annotations

import queue
import subprocess
import threading
import time


class Output:
    """The lines ``process`` writes (its stdout, text): ``until`` waits for words, ``seen`` keeps every line read."""

    def __init__(self, process: subprocess.Popen[str]) -> None:
        self.process = process
        self.lines: queue.Queue[str] = queue.Queue()
        self.seen: list[str] = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        for line in self.process.stdout or ():
            self.lines.put(line.rstrip("\n"))

    def until(self, words: str, timeout: float = 90) -> str:
        """The first line from here on with ``words`` in it; waits at most ``timeout`` seconds in all."""
        deadline = time.monotonic() + timeout
        while True:
            try:
                line = self.lines.get(timeout=max(0.1, deadline - time.monotonic()))
            except queue.Empty:
                said = "\n".join(self.seen[-20:]) or "(nothing)"
                raise AssertionError(f"no line with {words!r} in {timeout:.0f} s; the program said:\n{said}") from None
            self.seen.append(line)
            if words in line:
                return line
