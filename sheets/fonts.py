"""Fonts for every sheet: the bundled DejaVu Sans, and system fonts for scripts it lacks.

Every font is a TrueType font embedded in the PDF (subset), so a sheet prints the same everywhere.
Text is split into runs: characters the bundled font has use it, others use the first installed
font that has them. A character no font has is never drawn as an empty box: a name with such characters
prints with "?" in their place and a "†" after it (:meth:`FontSet.marked`), the sheet carries a
footnote saying so (:func:`footnote`), and the caller gets the list of those names to tell the director.

The installed fonts are read once, when a character first needs one; a font installed later, while the
app runs, is found the next time a sheet has a name no font had: the font folders are looked at again
when they changed (:meth:`FontSet.unprintable`), so "install a font and print again" needs no restart.
"""

from __future__ import annotations

import os
import zlib
from collections.abc import Iterable
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont, TTFontFile

from app.i18n import _

REGULAR = "FloormanSans"
BOLD = "FloormanSans-Bold"
_FILES = {REGULAR: "DejaVuSans.ttf", BOLD: "DejaVuSans-Bold.ttf"}

# Characters that never need a glyph (spacing and line controls).
_IGNORED = {ord(c) for c in "\n\r\t\u200b\u200c\u200d\ufeff"}

MARK = "\u2020"  # "†" after a name printed without some of its letters
MISSING = "?"  # in place of each letter no font has


def font_hint(names: Iterable[str]) -> str:
    """A font package that has the letters of ``names`` (Debian/Ubuntu names; Noto exists for every OS)."""
    cjk = any(
        0x2E80 <= ord(c) <= 0x9FFF or 0xAC00 <= ord(c) <= 0xD7AF or 0xF900 <= ord(c) <= 0xFAFF
        or 0x20000 <= ord(c) <= 0x3FFFF
        for n in names for c in n
    )
    return "fonts-noto-cjk" if cjk else "fonts-noto"


def footnote(names: Iterable[str]) -> str:
    """The line a sheet prints at the foot of each page when some names lack letters."""
    return _("{mark} printed without some letters: install a font with them (e.g. {font})", mark=MARK,
             font=font_hint(names))


class UnprintableNames(ValueError):
    """Some text has characters that no available font can print."""

    def __init__(self, names: list[str]) -> None:
        self.names = names
        super().__init__(
            "These names cannot be printed: no installed font has all their characters: "
            + ", ".join(f"“{n}”" for n in names)
            + ". Install a font for that script, or correct the names."
        )


def font_dir() -> Path:
    """The folder of the bundled fonts (resources/fonts)."""
    return Path(str(resources.files("resources") / "fonts"))


def system_font_dirs() -> list[Path]:
    """Where fonts are installed on this system (``oskit.dirs``; those that exist), or ``FLOORMAN_FONT_DIRS``."""
    env = os.environ.get("FLOORMAN_FONT_DIRS")
    if env is not None:
        return [Path(p) for p in env.split(os.pathsep) if p]
    from oskit.dirs import font_dirs

    return font_dirs()


@dataclass
class _Font:
    name: str
    chars: frozenset[int]


class FontSet:
    """The bundled fonts plus, on demand, the system fonts that cover other scripts."""

    def __init__(self, search_dirs: list[Path] | None = None) -> None:
        self._search_dirs = search_dirs
        self.regular = self._register(REGULAR, font_dir() / _FILES[REGULAR])
        self.bold = self._register(BOLD, font_dir() / _FILES[BOLD])
        self._fallbacks: list[_Font] | None = None
        self._seen: tuple[tuple[str, int, int], ...] = ()  # the font files when they were read
        self._by_char: dict[int, str | None] = {}
        self._paths: dict[str, Path] = {}

    @staticmethod
    def _register(name: str, path: Path, index: int = 0) -> _Font:
        try:
            font: Any = pdfmetrics.getFont(name)
        except KeyError:
            font = TTFont(name, str(path), subfontIndex=index)
            pdfmetrics.registerFont(font)
        return _Font(name, frozenset(font.face.charToGlyph))

    def _dirs(self) -> list[Path]:
        return self._search_dirs if self._search_dirs is not None else system_font_dirs()

    def _font_files(self) -> list[Path]:
        """The TrueType files in the font folders, in a fixed order."""
        return [path for folder in self._dirs() for path in sorted(folder.rglob("*"))
                if path.suffix.lower() in (".ttf", ".ttc") and path.is_file()]

    @staticmethod
    def _fingerprint(files: list[Path]) -> tuple[tuple[str, int, int], ...]:
        """What changes when a font is installed, replaced or removed."""
        out = []
        for path in files:
            try:
                st = path.stat()
            except OSError:
                continue
            out.append((str(path), st.st_mtime_ns, st.st_size))
        return tuple(out)

    def _scan(self) -> list[_Font]:
        """Read the character maps of installed TrueType fonts (once, when first needed)."""
        if self._fallbacks is None:
            found: list[_Font] = []
            files = self._font_files()
            self._seen = self._fingerprint(files)
            for path in files:
                try:
                    chars = frozenset(TTFontFile(str(path), validate=0, subfontIndex=0).charToGlyph)
                except Exception:  # noqa: BLE001 - an unreadable or CFF-flavoured font is skipped
                    continue
                name = f"Fallback-{path.stem}-{zlib.crc32(str(path).encode()):08x}"
                found.append(_Font(name, chars))
                self._paths[name] = path
            # Upright regular faces first: a name should not turn bold or slanted for one letter.
            found.sort(key=lambda f: any(w in f.name.lower() for w in ("bold", "italic", "oblique", "light")))
            self._fallbacks = found
        return self._fallbacks

    def look_again(self) -> bool:
        """If fonts were installed (or removed) since they were read: read them again, forget which characters
        no font had, and return True."""
        if self._fallbacks is None or self._fingerprint(self._font_files()) == self._seen:
            return False
        self._fallbacks = None
        self._by_char = {code: name for code, name in self._by_char.items() if name is not None}
        return True

    def _fallback_for(self, code: int) -> str | None:
        if code not in self._by_char:
            name = next((f.name for f in self._scan() if code in f.chars), None)
            if name is not None:
                self._register(name, self._paths[name])
            self._by_char[code] = name
        return self._by_char[code]

    def runs(self, text: str, bold: bool = False) -> list[tuple[str, str]]:
        """Split ``text`` into (font name, text) runs that together print every character.

        A character that no font has comes out as "?" (names are marked before drawing: :meth:`marked`).
        """
        main = self.bold if bold else self.regular
        chars = main.chars
        if all(ord(c) in chars or ord(c) in _IGNORED for c in text):
            return [(main.name, text)]
        out: list[tuple[str, str]] = []
        for c in text:
            code = ord(c)
            font: str | None
            if code in chars or code in _IGNORED:
                font = main.name
            elif code in self.regular.chars:
                font = self.regular.name
            else:
                font = self._fallback_for(code)
                if font is None:  # no font has it: a "?", never an empty box
                    font, c = main.name, MISSING
            if out and out[-1][0] == font:
                out[-1] = (font, out[-1][1] + c)
            else:
                out.append((str(font), c))
        return out

    def missing(self, text: str) -> set[str]:
        """Characters of ``text`` that neither the bundled nor any installed font has."""
        return {
            c
            for c in text
            if ord(c) not in self.regular.chars and ord(c) not in _IGNORED and self._fallback_for(ord(c)) is None
        }

    def unprintable(self, names: Iterable[str]) -> list[str]:
        """The names (sorted, once each) with characters no font has, after looking for fonts installed since."""
        names = list(names)
        bad = sorted({n for n in names if self.missing(n)})
        if bad and self.look_again():
            bad = sorted({n for n in names if self.missing(n)})
        return bad

    def marked(self, name: str) -> str:
        """``name`` as it prints: each character no font has as "?", and "†" after the name if any was missing."""
        gone = self.missing(name)
        if not gone:
            return name
        return "".join(MISSING if c in gone else c for c in name).rstrip() + MARK

    def check_printable(self, names: Iterable[str]) -> None:
        """Raise :class:`UnprintableNames` if any name has characters no font has (the sheets mark them instead)."""
        bad = self.unprintable(names)
        if bad:
            raise UnprintableNames(bad)

    def width(self, text: str, size: float, bold: bool = False) -> float:
        return sum(pdfmetrics.stringWidth(part, font, size) for font, part in self.runs(text, bold))


_DEFAULT: FontSet | None = None


def fonts() -> FontSet:
    """The shared font set (system fonts are read when first needed, and again when fonts were installed)."""
    global _DEFAULT
    if _DEFAULT is None:
        _DEFAULT = FontSet()
    return _DEFAULT
