"""The catalogues: each language's ``.po`` files read once, merged, and looked up by the English words.

Shipped catalogues live in ``resources/locales/<code>/<package>.po`` (one file per package, so the
engine's words, the window's, the screens', the sheets' and the phones' are kept apart). A venue adds or
overrides a language by putting ``<code>.po`` or ``<code>/*.po`` files in a folder of its own
(:func:`add_folder`; the window and ``floorman`` pass the user's ``languages`` folder). Files are only
*read* (Babel's ``.po`` reader): nothing in them is run. An empty or fuzzy translation falls back to the
English words, so a half-done catalogue still shows every word.
"""

from __future__ import annotations

import gettext
import io
import logging
import zipfile
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from threading import Lock

from babel.messages.plurals import PLURALS
from babel.messages.pofile import read_po

from app.i18n.languages import ENGLISH, PSEUDO, shipped
from app.i18n.pseudo import pseudo

log = logging.getLogger(__name__)
_folders: list[Path] = []
_lock = Lock()
_loaded: dict[str, Catalogue] = {}

Key = tuple[str | None, str]  # (context, English words)


@dataclass
class Catalogue:
    """One language's words: the English words (with a context, for a word that reads two ways) to its own."""

    code: str
    singular: dict[Key, str] = field(default_factory=dict)
    plural: dict[Key, tuple[str, ...]] = field(default_factory=dict)
    plural_index: Callable[[int], int] = field(default=lambda n: int(n != 1))

    def gettext(self, msgid: str, context: str | None = None) -> str:
        if self.code == PSEUDO:
            return pseudo(msgid)
        return self.singular.get((context, msgid), msgid)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        if self.code == PSEUDO:
            return pseudo(singular if n == 1 else plural)
        forms = self.plural.get((None, singular))
        if forms:
            index = self.plural_index(n)
            if 0 <= index < len(forms) and forms[index]:
                return forms[index]
        return singular if n == 1 else plural


def add_folder(folder: str | Path) -> None:
    """Read a venue's own catalogues from ``folder`` too (they override the shipped words they give)."""
    path = Path(folder)
    with _lock:
        if path not in _folders:
            _folders.append(path)
            _loaded.clear()


def venue_languages() -> tuple[str, ...]:
    """Languages a venue added in its folders that Floorman does not ship."""
    found: list[str] = []
    for folder in list(_folders):
        if not folder.is_dir():
            continue
        for entry in sorted(folder.iterdir()):
            code = entry.stem if entry.suffix == ".po" else entry.name if entry.is_dir() else ""
            if code and code not in shipped() and code not in found and code != PSEUDO:
                found.append(code)
    return tuple(found)


def _shipped_files(code: str) -> list[tuple[str, bytes]]:
    """A language's shipped ``.po`` files: its folder in a source checkout, its zip in the venue bundle."""
    root = resources.files("resources") / "locales"
    folder = root / code
    if folder.is_dir():
        return [(f"resources/locales/{code}/{f.name}", f.read_bytes())
                for f in sorted(folder.iterdir(), key=lambda f: f.name) if f.name.endswith(".po")]
    packed = root / f"{code}.zip"
    return po_files_in_zip(packed.read_bytes(), f"resources/locales/{code}.zip") if packed.is_file() else []


def po_files_in_zip(data: bytes, label: str) -> list[tuple[str, bytes]]:
    """The ``.po`` members of a zip (packaging/localezips.py writes one per language); a damaged zip gives none."""
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as packed:
            return [(f"{label}/{n}", packed.read(n)) for n in sorted(packed.namelist()) if n.endswith(".po")]
    except (zipfile.BadZipFile, OSError) as exc:
        log.warning("language file %s not read: %s", label, exc)
        return []


def _venue_files(code: str) -> list[tuple[str, bytes]]:
    out: list[tuple[str, bytes]] = []
    for folder in list(_folders):
        candidates = [folder / f"{code}.po"]
        sub = folder / code
        if sub.is_dir():
            candidates += sorted(sub.glob("*.po"))
        for path in candidates:
            try:
                if path.is_file():
                    out.append((str(path), path.read_bytes()))
            except OSError as exc:  # an unreadable file is skipped, said in the log, never fatal
                log.warning("language file %s not read: %s", path, exc)
    return out


def _plural_rule(code: str) -> Callable[[int], int]:
    wanted = code.replace("-", "_")
    _count, expr = PLURALS.get(wanted) or PLURALS.get(wanted.split("_")[0]) or PLURALS["en"]
    return gettext.c2py(expr)  # Babel's own table of rules, never a file's header


def _read(catalogue: Catalogue, files: Iterable[tuple[str, bytes]]) -> None:
    for name, data in files:
        try:
            po = read_po(io.BytesIO(data), locale=None, abort_invalid=False)
        except Exception as exc:  # noqa: BLE001 - a broken venue file must not stop the program
            log.warning("language file %s not read: %s", name, exc)
            continue
        for message in po:
            if not message.id or message.fuzzy:
                continue
            if isinstance(message.id, (tuple, list)):
                forms = tuple(str(s) for s in (message.string or ()))
                if any(forms):
                    catalogue.plural[(message.context, str(message.id[0]))] = forms
            elif message.string:
                catalogue.singular[(message.context, str(message.id))] = str(message.string)


def catalogue_for(code: str) -> Catalogue:
    """The words of one language, read the first time it is asked for."""
    found = _loaded.get(code)
    if found is not None:
        return found
    with _lock:
        found = _loaded.get(code)
        if found is None:
            found = Catalogue(code, plural_index=_plural_rule(code))
            if code not in (ENGLISH, PSEUDO):
                _read(found, _shipped_files(code))
                _read(found, _venue_files(code))
            _loaded[code] = found
        return found
