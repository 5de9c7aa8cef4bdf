"""Headless Chromium driven over the DevTools protocol on a pipe (``--remote-debugging-pipe``): no port, no
extra package. One browser serves many pages: set the window's size, open an address, run a script in
the page and read its answer, take a screenshot.
"""

from __future__ import annotations

import base64
import json
import os
import subprocess
import time
from pathlib import Path
from typing import Any


class Browser:
    def __init__(self, executable: str, profile: Path) -> None:
        to_chrome_r, to_chrome_w = os.pipe()
        from_chrome_r, from_chrome_w = os.pipe()

        def fds() -> None:  # the protocol's pipes are the child's fd 3 (it reads) and 4 (it writes)
            os.dup2(to_chrome_r, 3)
            os.dup2(from_chrome_w, 4)

        self.proc = subprocess.Popen(
            [executable, "--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run", "--hide-scrollbars",
             "--remote-debugging-pipe", f"--user-data-dir={profile}", "--font-render-hinting=none", "about:blank"],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            pass_fds=(3, 4), preexec_fn=fds)
        os.close(to_chrome_r)
        os.close(from_chrome_w)
        self.out = os.fdopen(to_chrome_w, "wb", buffering=0)
        self.inp = os.fdopen(from_chrome_r, "rb", buffering=0)
        self.buf = b""
        self.next_id = 0
        self.events: list[dict[str, Any]] = []
        target = self.call("Target.createTarget", url="about:blank")["targetId"]
        self.session = self.call("Target.attachToTarget", targetId=target, flatten=True)["sessionId"]
        self.page("Page.enable")
        self.page("Runtime.enable")

    def _read(self) -> dict[str, Any]:
        while b"\0" not in self.buf:
            chunk = self.inp.read(1 << 16)
            if not chunk:
                raise RuntimeError("Chromium closed its end of the protocol's pipe")
            self.buf += chunk
        raw, self.buf = self.buf.split(b"\0", 1)
        return json.loads(raw)

    def call(self, method: str, session: str | None = None, **params: Any) -> Any:
        self.next_id += 1
        msg: dict[str, Any] = {"id": self.next_id, "method": method, "params": params}
        if session:
            msg["sessionId"] = session
        self.out.write(json.dumps(msg).encode() + b"\0")
        while True:
            answer = self._read()
            if answer.get("id") == self.next_id:
                if "error" in answer:
                    raise RuntimeError(f"{method}: {answer['error']}")
                return answer.get("result", {})
            self.events.append(answer)

    def new_tab(self) -> str:
        """Another page of the same browser; its session (pass it to :meth:`use`)."""
        target = self.call("Target.createTarget", url="about:blank")["targetId"]
        session: str = self.call("Target.attachToTarget", targetId=target, flatten=True)["sessionId"]
        self.call("Page.enable", session)
        self.call("Runtime.enable", session)
        return session

    def use(self, session: str) -> None:
        """The page the next calls talk to."""
        self.session = session

    def page(self, method: str, **params: Any) -> Any:
        return self.call(method, self.session, **params)

    def size(self, width: int, height: int) -> None:
        self.page("Emulation.setDeviceMetricsOverride", width=width, height=height, deviceScaleFactor=1,
                  mobile=False)

    def open(self, url: str) -> None:
        """Go to ``url`` and wait until its document is the one the page holds."""
        self.page("Page.navigate", url=url)
        self.wait_for(f"location.href==={json.dumps(url)} && document.readyState!=='loading'")

    def js(self, expression: str) -> Any:
        got = self.page("Runtime.evaluate", expression=expression, returnByValue=True, awaitPromise=True)
        if "exceptionDetails" in got:
            raise RuntimeError(f"script failed: {got['exceptionDetails']}")
        return got["result"].get("value")

    def wait_for(self, expression: str, timeout: float = 10.0) -> Any:
        """Poll ``expression`` in the page until it is truthy; its value."""
        end = time.monotonic() + timeout
        while True:
            try:
                value = self.js(expression)
            except RuntimeError:
                value = None
            if value:
                return value
            if time.monotonic() > end:
                raise AssertionError(f"the page never answered {expression!r}")
            time.sleep(0.05)

    def screenshot(self, path: Path) -> Path:
        data = self.page("Page.captureScreenshot", format="png")["data"]
        path.write_bytes(base64.b64decode(data))
        return path

    def close(self) -> None:
        try:
            self.call("Browser.close")
        except (RuntimeError, OSError):
            pass
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait(5)
        for f in (self.out, self.inp):
            try:
                f.close()
            except OSError:
                pass
