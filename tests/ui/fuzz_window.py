"""The deep fuzz's random tournaments played with the director's window open on them.

``QT_QPA_PLATFORM=offscreen python -m tests.ui.fuzz_window [FIRST] [COUNT] [--undo]`` plays the cases of
``tests.app.fuzz_deep`` (a shipped profile, a field of up to 60, 50 to 400 commands) through the
window's session, so the window redraws after every command as it does for the director; now and then
it switches to another tab and draws the whole window (every visible row and seat asks its model)
and the room display beside it, and with ``--undo`` it undoes or redoes through the session. Any
error raised while the window redraws or paints fails the case: a screen must show every state the
engine can reach. Not part of the test suite (it runs for minutes); what it finds becomes a test of
its own.
"""

from __future__ import annotations

import random
import sys
import traceback
from types import TracebackType

from PySide6.QtWidgets import QApplication

from app.engine import Tournament
from app.errors import RuleError
from tests.app.fuzz_deep import case, failed_case, run_cases
from tests.app.fuzz_run import Director
from ui.session import Session

_errors: list[str] = []


def _hook(kind: type[BaseException], exc: BaseException, tb: TracebackType | None) -> None:
    where = traceback.extract_tb(tb)[-1] if tb is not None else None
    _errors.append(f"{kind.__name__} {str(exc)[:200]}" + (f" ({where.filename}:{where.lineno})" if where else ""))


def play(number: int, undo: bool = False) -> str | None:
    from ui.director import DirectorWindow

    profile, players, seed, features, begin, steps = case(number)
    _errors.clear()
    d = Director(profile, players, seed, features)
    t = d.t
    session = Session.in_memory(t)
    history = session.backend._history  # type: ignore[attr-defined]
    engine_execute = Tournament.execute
    t.run_due = lambda before=None: history.run_due(before)  # type: ignore[method-assign,assignment]
    t.execute = lambda cmd, *a, **k: (  # type: ignore[method-assign]
        engine_execute(t, cmd, *a, **k) if a or k else session.execute(cmd))
    window = DirectorWindow(session)
    window.resize(1366, 768)
    window.show()
    window.act_room_display()  # the room display follows the same session
    r = random.Random(number * 13 + 7)
    app = QApplication.instance()
    assert app is not None
    try:
        if begin:
            d.run({"cmd": "seat_all"})
            d.run({"cmd": "start_clock"})
        for i, (op, entropy) in enumerate(steps):
            if undo and r.random() < 0.1:
                try:
                    session.undo() if r.random() < 0.7 else session.redo()
                except RuleError:
                    pass
            else:
                d.step(op, entropy)
            app.processEvents()
            if i % 20 == 0:
                window.tabs.setCurrentIndex(r.randrange(window.tabs.count()))
                window.grab()
                if window.display is not None:
                    window.display.grab()
            if _errors:
                return f"{profile}, {players} players, seed {seed}, after {op}: {_errors[0]}"
        window.grab()
        app.processEvents()
    except Exception as exc:  # noqa: BLE001 - every failure is reported, none stops the run
        return failed_case(number, exc)
    finally:
        if window.display is not None:
            window.display.close()
        window.close()
        window.deleteLater()
        app.processEvents()
    return f"{profile}, {players} players, seed {seed}: {_errors[0]}" if _errors else None


def main(argv: list[str]) -> int:
    app = QApplication.instance() or QApplication([])
    sys.excepthook = _hook
    status = run_cases(argv, lambda number: play(number, undo="--undo" in argv), count=20)
    del app
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
