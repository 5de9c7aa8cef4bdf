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

import json
import os
from pathlib import Path
from typing import Any
from urllib.parse import quote

from db.private import private_dir, private_file
from oskit.names import RESERVED
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
        raise TemplateError("Give the template a name.")
    if len(name) > MAX_NAME:
        raise TemplateError(f"A template's name has at most {MAX_NAME} characters.")
    return name


def path_of(kind: str, name: str) -> Path:
    return folder(kind) / file_name(clean_name(name))


def _write(path: Path, data: dict[str, Any]) -> None:
    text = json.dumps(data, indent=2, ensure_ascii=False)
    temp = path.with_name(path.name + ".saving")
    try:
        private_file(temp)
        temp.write_text(text, encoding="utf-8")
        os.replace(temp, path)
    except OSError as exc:
        temp.unlink(missing_ok=True)
        raise TemplateError(f"The template could not be saved: {exc.strerror or exc}.") from exc


def read(path: Path) -> dict[str, Any]:
    """The JSON object of a template file, or TemplateError saying in one sentence why it is refused."""
    try:
        if path.stat().st_size > MAX_BYTES:
            raise TemplateError(f"The template file {path.name} is too large to be a template, so it was not used.")
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError as exc:
        raise TemplateError(f"There is no template file {path.name}.") from exc
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        raise TemplateError(f"The template file {path.name} is damaged (not JSON data), so it was not used.") from exc
    if not isinstance(data, dict) or not isinstance(data.get("name"), str):
        raise TemplateError(f"The template file {path.name} is not a Floorman template, so it was not used.")
    return data


def names(kind: str) -> list[str]:
    """The names of the saved templates of ``kind`` (a damaged file is listed by its file name)."""
    out = []
    for path in folder(kind).glob("*.json"):
        try:
            out.append(read(path)["name"])
        except TemplateError:
            out.append(path.stem)
    return sorted(out, key=str.casefold)


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
    data = read(path_of(STRUCTURES, name))
    return _structure_of(data, settings)


def _structure_of(data: dict[str, Any], settings: Any) -> dict[str, Any]:
    structure = data.get("structure")
    if not isinstance(structure, dict) or not isinstance(structure.get("levels"), list):
        raise TemplateError(f"The template “{data['name']}” has no levels, so it was not used.")
    structure = {"levels": structure["levels"], "breaks": structure.get("breaks", [])}
    if settings is not None:
        from app import views

        problems = views.check_structure(structure, settings)
        if problems:
            raise TemplateError(f"The template “{data['name']}” was not used: {_lower_first(problems[0])}")
    return structure


def _lower_first(text: str) -> str:
    return text[:1].lower() + text[1:] if text[:1].isupper() and not text.startswith("Level") else text


def delete(kind: str, name: str) -> None:
    path_of(kind, name).unlink(missing_ok=True)


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
    return event_from_file(path_of(EVENTS, name))


def event_from_file(path: Path) -> EventTemplate:
    from app.errors import RuleError
    from app.profiles.profile import profile_from_dict

    data = read(path)
    if data.get("kind") != "event" or not isinstance(data.get("profile"), dict):
        raise TemplateError(f"The template “{data['name']}” is not an event template, so it was not used.")
    try:
        profile = profile_from_dict(data["profile"])
    except RuleError as err:
        raise TemplateError(f"The template “{data['name']}” was not used: {_lower_first(err.message)}") from err
    except Exception as exc:  # noqa: BLE001 - a profile of the wrong shape: said in one sentence
        raise TemplateError(f"The template “{data['name']}” has a damaged profile, so it was not used.") from exc
    structure = _structure_of(data, profile.settings) if "structure" in data else None
    venue = data.get("venue", "")
    if not isinstance(venue, str):
        raise TemplateError(f"The template “{data['name']}” has a damaged venue, so it was not used.")
    return EventTemplate(data["name"], profile, structure, venue.strip())


# -- the venue of each tournament file ------------------------------------------------------------------
def _venues_path() -> Path:
    return data_dir() / "venues.json"


def venue_of(tournament_path: str | Path) -> str:
    """The venue a tournament file was created for (an event template's), or ""."""
    try:
        data = json.loads(_venues_path().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return ""
    venue = data.get(str(Path(tournament_path).resolve())) if isinstance(data, dict) else None
    return venue if isinstance(venue, str) else ""


def remember_venue(tournament_path: str | Path, venue: str) -> None:
    path = _venues_path()
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        data = {}
    if not isinstance(data, dict):
        data = {}
    key = str(Path(tournament_path).resolve())
    if venue:
        data[key] = venue
    else:
        data.pop(key, None)
    try:
        _write(path, data)
    except TemplateError:  # the venue only heads printed sheets: never a reason to fail
        pass
