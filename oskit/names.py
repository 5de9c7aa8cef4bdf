"""File names that Linux, Windows and macOS all accept, and the words that say what was changed.

A tournament, a sheet or a backup saved on one laptop is copied to a USB stick and opened on another,
often a Windows one. So a name Floorman gives a file follows the strictest of the three systems:

- none of ``< > : " / \\ | ? *`` nor a control character (Windows; ``/`` and ``:`` on macOS too);
  each run of them becomes one ``-``;
- no dot or space at the end (Windows drops them, and then cannot find the file);
- not a device name Windows keeps (``CON``, ``PRN``, ``AUX``, ``NUL``, ``COM0``-``COM9``,
  ``LPT0``-``LPT9``), with or without an extension (``con.floorman`` is the console too): a ``_``
  is added (``CON_.floorman``);
- at most 255 bytes in UTF-8 (the longest name Linux takes), shortened before the extension;
- never empty, ``.`` or ``..``.

    cleaned = portable_name("Friday: Main Event?.floorman")
    cleaned.name        # "Friday- Main Event-.floorman"
    cleaned.changes     # ("the characters : and ? are not allowed in a file name on Windows: replaced by “-”",)
    cleaned.sentence()  # one sentence for the director, naming the old and the new name

Any player name, any tournament name, any accent or script is kept as it is: only these rules change a name.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

FORBIDDEN = '<>:"/\\|?*'
REPLACEMENT = "-"
MAX_BYTES = 255
_SUPERSCRIPTS = "\u00b9\u00b2\u00b3"
RESERVED = frozenset(
    {"CON", "PRN", "AUX", "NUL", "CONIN$", "CONOUT$"}
    | {f"{port}{n}" for port in ("COM", "LPT") for n in [*"0123456789", *_SUPERSCRIPTS]}
)
_BAD = re.compile("[" + re.escape(FORBIDDEN) + "\x00-\x1f\x7f]+")


@dataclass(frozen=True)
class PortableName:
    """A file name every system accepts (``name``), the one asked for, and what was changed, in words."""

    name: str
    asked: str
    changes: tuple[str, ...] = ()

    @property
    def changed(self) -> bool:
        return self.name != self.asked

    def sentence(self) -> str:
        """One sentence: ``“what?.pdf” is saved as “what-.pdf”: …``, or "" when nothing changed."""
        if not self.changed:
            return ""
        return f"“{self.asked}” is saved as “{self.name}”: " + "; ".join(self.changes) + "."


def _listed(chars: list[str]) -> str:
    """``the character ? is``, ``the characters : and ? are``, ``the characters ? and control characters are``."""
    shown = [c for c in dict.fromkeys(chars) if ord(c) >= 32 and ord(c) != 127]
    if len(shown) < len(set(chars)):
        shown.append("control characters")
    if len(shown) == 1:
        return "control characters are" if shown == ["control characters"] else f"the character {shown[0]} is"
    return "the characters " + ", ".join(shown[:-1]) + " and " + shown[-1] + " are"


def _split(name: str) -> tuple[str, str]:
    """``"friday.floorman"`` -> ``("friday", ".floorman")``; a name with no dot, or only a leading one, has none."""
    dot = name.rfind(".")
    if dot <= 0:
        return name, ""
    return name[:dot], name[dot:]


def _shorten(name: str) -> str:
    base, ext = _split(name)
    if len(ext.encode("utf-8")) > MAX_BYTES // 2:
        base, ext = name, ""
    room = MAX_BYTES - len(ext.encode("utf-8"))
    cut = base.encode("utf-8")[:room].decode("utf-8", errors="ignore")
    return cut.rstrip(". ") + ext


def portable_name(name: str, *, fallback: str = "tournament") -> PortableName:
    """``name`` made acceptable to Linux, Windows and macOS, with a reason in words for each change.

    ``name`` is a file name, not a path: a ``/`` or ``\\`` in it is a character like the others.
    ``fallback`` is used when nothing is left of the name.
    """
    changes: list[str] = []
    out = name
    bad = [c for run in _BAD.findall(out) for c in run]
    if bad:
        out = _BAD.sub(REPLACEMENT, out)
        changes.append(f"{_listed(bad)} not allowed in a file name on Windows: replaced by “{REPLACEMENT}”")
    trimmed = out.rstrip(". ")
    if trimmed != out:
        out = trimmed
        changes.append("Windows does not keep a dot or a space at the end of a file name: removed")
    if out in ("", ".", "..") or (bad and not _BAD.sub("", name).strip(". ")):  # nothing of the name was kept
        out = fallback
        changes.append(f"nothing usable was left of the name: “{fallback}” is used")
    if len(out.encode("utf-8")) > MAX_BYTES:
        out = _shorten(out)
        changes.append(f"a file name may be at most {MAX_BYTES} bytes long: shortened")
    device = out.split(".", 1)[0].rstrip(" ")
    if device.upper() in RESERVED:
        out = device + "_" + out[len(device):]
        changes.append(f"{device} is a name Windows keeps for a device, even with an extension: “_” added")
    return PortableName(out, name, tuple(changes))


def problems(name: str) -> tuple[str, ...]:
    """What in ``name`` one of the three systems would refuse, in words; empty when it is fine everywhere."""
    return portable_name(name).changes


def portable_path(path: Path, *, fallback: str = "tournament") -> tuple[Path, PortableName]:
    """``path`` with its last part made portable (:func:`portable_name`); the folders are left as they are."""
    cleaned = portable_name(path.name, fallback=fallback)
    return (path.with_name(cleaned.name) if cleaned.changed else path), cleaned
