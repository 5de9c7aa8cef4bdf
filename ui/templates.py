"""Named templates in the user data folder: structures, and whole events (profile, structure, payouts, venue).

A template is data only: one JSON object per file, written owner-only, read back with :mod:`json` and
checked before it is used (a structure by the engine's structure checks, a profile by the profile
checks). Any name works, ``Friday #3 / "deep"`` included: the file name is the name percent-encoded,
and the name itself is kept inside the file.

    save_structure("Friday deep", {"levels": [...], "breaks": [...]})
    load_structure("Friday deep")            # the structure's object, or TemplateError in one sentence
    structure_names()                        # the saved names, sorted
"""

from __future__ import annotations

import contextlib
import json
import os
import time
from pathlib import Path
from typing import Any
from urllib.parse import quote

from app.i18n import N_, _
from db.private import private_dir, private_file
from oskit.names import RESERVED
from ui import datafiles
from ui.errors import data_dir

STRUCTURES = "structures"
EVENTS = "events"
MAX_BYTES = 1_000_000  # a template is a few kilobytes; anything this large is not one
MAX_NAME = 120
_RESERVED = RESERVED  # Windows' device names (oskit.names), with or without an extension


class TemplateError(Exception):
    """A template that cannot be saved or used; ``message`` is one sentence for the director."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def folder(kind: str) -> Path:
    """The folder of one kind of template (``structures`` or ``events``), owner-only when made here."""
    return private_dir(data_dir() / kind, tighten=False)


def file_name(name: str) -> str:
    """A file name for any template name: percent-encoded, never hidden, never a reserved device name."""
    encoded = quote(name, safe=" -_,()'&+!@=")
    if encoded.startswith("."):
        encoded = "%2E" + encoded[1:]
    if encoded.split(".")[0].rstrip(" ").upper() in _RESERVED:
        encoded = "%5F" + encoded
    return encoded + ".json"


def clean_name(name: str) -> str:
    name = " ".join(name.split())
    if not name:
        raise TemplateError(_("Give the template a name."))
    if len(name) > MAX_NAME:
        raise TemplateError(_("A template's name has at most {count} characters.", count=MAX_NAME))
    return name


def path_of(kind: str, name: str) -> Path:
    return folder(kind) / file_name(clean_name(name))


def find(kind: str, name: str) -> Path:
    """The file of the template listed as ``name``: the file named after it, else (the file was renamed
    by hand, or copied) the file that holds that name."""
    path = path_of(kind, name)
    if path.exists():
        return path
    for other in sorted(folder(kind).glob("*.json")):
        if _name_in(other) == clean_name(name):
            return other
    return path


def _name_in(path: Path) -> str | None:
    try:
        name = read(path)["name"]
    except TemplateError:
        return None
    return name if isinstance(name, str) else None


def _write(path: Path, data: dict[str, Any]) -> None:
    text = json.dumps(data, indent=2, ensure_ascii=False)
    temp = path.with_name(path.name + ".saving")
    try:
        private_file(temp)
        temp.write_text(text, encoding="utf-8")
        os.replace(temp, path)
    except OSError as exc:
        temp.unlink(missing_ok=True)
        raise TemplateError(_("The template could not be saved: {error}.", error=exc.strerror or exc)) from exc


def read(path: Path) -> dict[str, Any]:
    """The JSON object of a template file, or TemplateError saying in one sentence why it is refused.

    A file that is not a template at all (too large, not JSON, nested too deep, not an object with a
    name) is set aside (``ui.datafiles``): renamed ``NAME.json.bad-<stamp>``, said once, never read again.
    """
    try:
        data = datafiles.read_json(path, max_bytes=MAX_BYTES)
        if not isinstance(data, dict) or not isinstance(data.get("name"), str):
            raise datafiles.BadDataFile(_("it is not a Floorman template"))
    except FileNotFoundError as exc:
        raise TemplateError(_("There is no template file {file}.", file=path.name)) from exc
    except datafiles.BadDataFile as exc:
        raise TemplateError(datafiles.set_aside(path, N_("a template file"), exc.message)) from exc
    return data


STALE_SAVING = 600.0  # seconds: a template is written in milliseconds, so a .saving this old was left by a kill


def _drop_stale_saving(where: Path) -> None:
    """Remove the ``NAME.json.saving`` files a Floorman killed while saving a template left behind."""
    now = time.time()
    for temp in where.glob("*.json.saving"):
        with contextlib.suppress(OSError):
            if temp.is_file() and not temp.is_symlink() and now - temp.stat().st_mtime > STALE_SAVING:
                temp.unlink()


def names(kind: str) -> list[str]:
    """The names of the saved templates of ``kind`` (a file that is not a template is set aside, not listed)."""
    out = []
    _drop_stale_saving(folder(kind))
    for path in folder(kind).glob("*.json"):
        try:
            out.append(read(path)["name"])
        except TemplateError:  # set aside, and said once (ui.datafiles.take_notices)
            continue
    return sorted(set(out), key=str.casefold)


def save_structure(name: str, structure: dict[str, Any]) -> Path:
    """Write the levels and breaks of ``structure`` as the structure template ``name``."""
    name = clean_name(name)
    data = {"kind": "structure", "name": name,
            "structure": {"levels": list(structure.get("levels", [])), "breaks": list(structure.get("breaks", []))}}
    path = path_of(STRUCTURES, name)
    _write(path, data)
    return path


def load_structure(name: str, settings: Any = None) -> dict[str, Any]:
    """The structure template ``name`` ({"levels", "breaks"}), checked by the engine against the profile
    ``settings`` when given."""
    data = read(find(STRUCTURES, name))
    return _structure_of(data, settings)


def _structure_of(data: dict[str, Any], settings: Any) -> dict[str, Any]:
    structure = data.get("structure")
    if not isinstance(structure, dict) or not isinstance(structure.get("levels"), list):
        raise TemplateError(_("The template “{name}” has no levels, so it was not used.", name=data["name"]))
    structure = {"levels": structure["levels"], "breaks": structure.get("breaks", [])}
    if settings is not None:
        from app.api import views

        problems = views.check_structure(structure, settings)
        if problems:
            raise TemplateError(_("The template “{name}” was not used: {reason}", name=data["name"],
                                  reason=_lower_first(problems[0])))
    return structure


def _lower_first(text: str) -> str:
    return text[:1].lower() + text[1:] if text[:1].isupper() and not text.startswith("Level") else text


def delete(kind: str, name: str) -> None:
    find(kind, name).unlink(missing_ok=True)


# -- event templates -----------------------------------------------------------------------------------
def save_event(name: str, profile: dict[str, Any], structure: dict[str, Any] | None, venue: str) -> Path:
    """Write an event template: the profile (its settings, payouts included), the structure, the venue."""
    name = clean_name(name)
    data: dict[str, Any] = {"kind": "event", "name": name, "profile": profile, "venue": venue}
    if structure is not None:
        data["structure"] = {"levels": list(structure.get("levels", [])), "breaks": list(structure.get("breaks", []))}
    path = path_of(EVENTS, name)
    _write(path, data)
    return path


class EventTemplate:
    """A checked event template: ``profile`` (app.profiles Profile), ``structure`` (or None), ``venue``."""

    def __init__(self, name: str, profile: Any, structure: dict[str, Any] | None, venue: str) -> None:
        self.name, self.profile, self.structure, self.venue = name, profile, structure, venue


def load_event(name: str) -> EventTemplate:
    """The event template ``name``, its profile and structure checked by the engine."""
    return event_from_file(find(EVENTS, name))


def event_from_file(path: Path) -> EventTemplate:
    from app.api import RuleError, profile_from_dict

    data = read(path)
    if data.get("kind") != "event" or not isinstance(data.get("profile"), dict):
        raise TemplateError(_("The template “{name}” is not an event template, so it was not used.", name=data["name"]))
    try:
        profile = profile_from_dict(data["profile"])
    except RuleError as err:
        raise TemplateError(_("The template “{name}” was not used: {reason}", name=data["name"],
                              reason=_lower_first(err.message))) from err
    except Exception as exc:  # noqa: BLE001 - a profile of the wrong shape: said in one sentence
        raise TemplateError(_("The template “{name}” has a damaged profile, so it was not used.",
                              name=data["name"])) from exc
    structure = _structure_of(data, profile.settings) if "structure" in data else None
    venue = data.get("venue", "")
    if not isinstance(venue, str):
        raise TemplateError(_("The template “{name}” has a damaged venue, so it was not used.", name=data["name"]))
    return EventTemplate(data["name"], profile, structure, venue.strip())


# -- the venue of each tournament file ------------------------------------------------------------------
def _venues_path() -> Path:
    return data_dir() / "venues.json"


def _venues(data: Any) -> dict[str, str]:
    if not isinstance(data, dict):
        raise ValueError(N_("it is not a list of venues"))
    return {str(k): v for k, v in data.items() if isinstance(v, str)}


def venues() -> dict[str, str]:
    """Tournament file -> its venue; a venues file that is not one is set aside (said once)."""
    return datafiles.load(_venues_path(), N_("the list of venues"), _venues, {})


def venue_of(tournament_path: str | Path) -> str:
    """The venue a tournament file was created for (an event template's), or ""."""
    return venues().get(str(Path(tournament_path).resolve()), "")


def remember_venue(tournament_path: str | Path, venue: str) -> None:
    path = _venues_path()
    data = venues()
    key = str(Path(tournament_path).resolve())
    if venue:
        data[key] = venue
    else:
        data.pop(key, None)
    try:
        _write(path, data)
    except TemplateError:  # the venue only heads printed sheets: never a reason to fail
        pass
