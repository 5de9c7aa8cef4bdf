"""``floorman --self-test``: open every top-level window, check each shows what it must, one line out."""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QEvent
from PySide6.QtWidgets import QApplication, QWidget


class SelfTestFailure(Exception):
    pass


def _check(ok: bool, why: str) -> None:
    if not ok:
        raise SelfTestFailure(why)


def _dispose(app: QApplication, widget: QWidget) -> None:
    """Close and delete a window through Qt's own queue, never by Python's garbage collector."""
    widget.close()
    widget.deleteLater()
    app.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    app.processEvents()


def _shown(app: QApplication, widget: QWidget) -> None:
    widget.resize(1366, 768)
    widget.show()
    app.processEvents()
    _check(widget.isVisible(), f"{type(widget).__name__} did not show")


def seconds_since_process_start() -> float | None:
    """Wall time since the operating system started this process (Linux, Windows), or None (macOS).

    This counts what a director waits for: the bundle's loader, the interpreter and every import.
    """
    from oskit.memory import seconds_since_start

    return seconds_since_start()


def check_welcome(app: QApplication) -> str:
    from ui.welcome import WelcomeWindow

    w = WelcomeWindow()
    try:
        _shown(app, w)
        first_window = seconds_since_process_start()
        _check(w.profiles.count() >= 6, f"the welcome screen lists {w.profiles.count()} profiles, not 6")
        shown = f", shown {first_window:.2f} s after start" if first_window is not None else ""
        return f"welcome ({w.profiles.count()} profiles{shown})"
    finally:
        _dispose(app, w)


def check_director(app: QApplication) -> tuple[str, Any]:
    from ui.demo_session import demo_session
    from ui.director import DirectorWindow

    session = demo_session()
    w = DirectorWindow(session)
    _shown(app, w)
    rows = w.players.rowCount()
    _check(rows > 0, "the player list is empty")
    tables = w.tables_tab.grid.table_widgets()
    _check(len(tables) > 0, "no table is drawn")
    _check(w.player_panel.proxy.rowCount() == rows, "the player filter hides players with no search text")
    w.player_panel.search.setText(session.state.players[1].name)
    _check(0 < w.player_panel.proxy.rowCount() < rows, "typing a name does not filter the player list")
    w.player_panel.search.clear()
    _check(w.strip.field.text().strip() != "", "the strip shows no field count")
    return f"director ({rows} players, {len(tables)} tables)", w


def check_display(app: QApplication, session: Any) -> str:
    from ui.display import RoomDisplay

    d = RoomDisplay(session, session.tournament.time)
    try:
        _shown(app, d)
        d.refresh()
        texts = [getattr(lbl, "text", lambda: "")() for lbl in d.findChildren(QWidget)]
        clock = [t for t in texts if isinstance(t, str) and ":" in t and any(c.isdigit() for c in t)]
        _check(bool(clock), "the room display shows no clock")
        return f"room display (clock {clock[0]})"
    finally:
        _dispose(app, d)


def check_sheets(session: Any) -> str:
    """A sheet drawn by reportlab, saved, and its page drawn back by pdfium (the preview and Qt printing)."""
    import tempfile
    from pathlib import Path

    from sheets import render
    from ui.printing.output import pdf_images

    pdf = render("tables", session.tournament)
    with tempfile.TemporaryDirectory(prefix="floorman-selftest-") as tmp:
        path = Path(tmp) / "tables.pdf"
        path.write_bytes(pdf)
        images = pdf_images(path, 1, 30)
    _check(len(images) == 1 and not images[0].isNull(), "pdfium did not draw the table list's first page")
    return "sheet drawn and read back"


def check_currency() -> str:
    """Money in a few currencies, in English and in each shipped language (Babel's locale data the bundle
    ships: app.format), whatever the window's own language is."""
    from app.api import fmt
    from app.i18n import use_language

    with use_language("en"):
        got = [fmt.money(123450, c) for c in ("EUR", "GBP", "CAD")] + [fmt.money(123456, "JPY")]
    _check(got == ["€1,234.50", "£1,234.50", "$1,234.50", "¥123,456"], f"money written wrong: {got}")
    wanted = {"de": "1.234,50\xa0€", "fr": "1\u202f234,50\xa0€", "es": "1.234,50\xa0€", "pt-BR": "€\xa01.234,50"}
    for code, text in wanted.items():
        with use_language(code):
            _check(fmt.money(123450, "EUR") == text, f"money in {code} written wrong: {fmt.money(123450, 'EUR')!r}")
            words = fmt.late_registration(65, False)
            _check(words != "Late registration closes in 01:05", f"the {code} catalogue was not read: {words!r}")
    return "currencies and languages written"


def run_self_test(app: QApplication, out: Callable[[str], None] = print) -> int:
    start = time.perf_counter()
    parts: list[str] = []
    director = None
    try:
        parts.append(check_welcome(app))
        text, director = check_director(app)
        parts.append(text)
        parts.append(check_display(app, director.session))
        parts.append(check_sheets(director.session))
        parts.append(check_currency())
    except Exception as exc:  # every failure becomes one readable line and a non-zero exit
        print(f"SELF-TEST FAILED: {exc}", file=sys.stderr)
        return 1
    finally:
        if director is not None:
            _dispose(app, director)
    out(f"SELF-TEST OK: {', '.join(parts)} in {time.perf_counter() - start:.2f} s")
    return 0
