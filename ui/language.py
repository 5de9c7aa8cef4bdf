"""The window's language: chosen once, remembered, and given to Qt's own words too.

On the first start the window follows the system's language (the nearest one Floorman has, else English);
the director's later choice (View > Language) is kept in ``languages.json`` in the user data folder, with the
sheets' and the phones' languages beside it. ``floorman --lang CODE`` wins over both for one run. A venue's
own catalogues are read from the ``languages`` folder in the same place (docs/languages.md says how).
"""

from __future__ import annotations

import contextlib
import json
import os
from pathlib import Path

from PySide6.QtCore import QLibraryInfo, QLocale, QTranslator
from PySide6.QtWidgets import QApplication

from app.i18n import PSEUDO, add_folder, normalise, set_language, shipped
from app.i18n.catalogues import venue_languages
from app.i18n.languages import best_match
from db.private import private_file
from ui import datafiles, errors

# The places that read a language of their own: the window, the printed sheets, the phones' pages. Each
# room screen keeps its own in its display settings.
PLACES = ("window", "sheets", "phones")
_translators: list[QTranslator] = []


def _file() -> Path:
    return errors.data_dir() / "languages.json"


def venue_folder() -> Path:
    """Where a venue puts its own catalogues (``xx.po``, or ``xx/*.po``)."""
    return errors.data_dir() / "languages"


def offered() -> tuple[str, ...]:
    """Every language on offer: the shipped ones, then the venue's own."""
    add_folder(venue_folder())
    return (*shipped(), *venue_languages())


def _choices(data: object) -> dict[str, str]:
    if not isinstance(data, dict):
        raise ValueError("it is not a table of languages")
    return {str(k): str(v) for k, v in data.items() if k in PLACES and isinstance(v, str)}


def saved() -> dict[str, str]:
    """The languages the director chose, by place (none chosen yet: empty)."""
    return datafiles.load(_file(), "the chosen languages", _choices, {})


def remember(place: str, code: str) -> None:
    """Keep the language chosen for one place (a file that cannot be written only loses the choice)."""
    choices = saved()
    choices[place] = code
    path = _file()
    temp = path.with_name(path.name + ".saving")
    try:
        private_file(temp)
        temp.write_text(json.dumps(choices, indent=1), encoding="utf-8")
        os.replace(temp, path)
    except OSError:
        with contextlib.suppress(OSError):
            temp.unlink(missing_ok=True)


def chosen(place: str) -> str:
    """The language of a place: the director's choice, else the system's nearest (the window's, for the others)."""
    known = (*offered(), PSEUDO)
    choices = saved()
    for candidate in (choices.get(place), choices.get("window")):
        if candidate:
            with contextlib.suppress(Exception):
                return normalise(candidate, known)
    return best_match(list(QLocale.system().uiLanguages()), offered())


def install(app: QApplication, code: str) -> None:
    """Write the window in ``code``: Floorman's words (app.i18n) and Qt's own (its dialogs' buttons)."""
    set_language(code)
    for old in _translators:
        app.removeTranslator(old)
    _translators.clear()
    if code == PSEUDO:
        return
    qt_code = code.replace("-", "_")
    QLocale.setDefault(QLocale(qt_code))
    folder = QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)
    for name in ("qtbase",):
        translator = QTranslator(app)
        if translator.load(f"{name}_{qt_code}", folder) or translator.load(f"{name}_{qt_code.split('_')[0]}", folder):
            app.installTranslator(translator)
            _translators.append(translator)


def start_language(requested: str | None) -> str:
    """The window's language for this run: ``--lang`` when given (checked), else :func:`chosen`."""
    if requested:
        return normalise(requested, (*offered(), PSEUDO))
    return chosen("window")
