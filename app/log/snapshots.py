"""Engine state as bytes and back, for snapshots that make opening and undo fast.

A snapshot is data, never code: the state's dataclasses encoded as MessagePack by ``msgspec``, and
decoded with ``type=TournamentState``, so decoding can only build the state's own dataclasses and
plain values (numbers, strings, lists, dicts, sets). Nothing in a snapshot names a class or a function
to call, so a tournament file received from someone else cannot run code through it.

Layout of a snapshot: :data:`MAGIC` (``FMSNAP`` and one version byte), then the MessagePack bytes
compressed with zlib (level 1). Bytes that do not start with :data:`MAGIC`, such as the snapshots of
older versions of the app, raise :class:`SnapshotFormatError`; the store then replays the log.
Decompression is bounded (:data:`MAX_STATE_BYTES`): a crafted snapshot that would inflate to
gigabytes (a "zlib bomb") is refused after reading that much, the same way.

A snapshot also carries a *fingerprint* of the state's layout (the dataclasses the state is made of,
and their fields), of the snapshot format and of the app version. A snapshot whose fingerprint
differs is not used: the log is replayed instead, which is always right, only slower.
"""

from __future__ import annotations

import hashlib
import typing
import zlib
from dataclasses import fields, is_dataclass
from typing import Any

import msgspec

from app.core.collector import collector_paused
from app.core.state import TournamentState
from app.profiles.profile import SCHEMA, profile_from_dict

FORMAT_VERSION = 1
MAGIC = b"FMSNAP" + bytes([FORMAT_VERSION])

# The largest state a snapshot may inflate to. The finished 10,000-player tournament of ``floorman
# simulate --players 10000`` is about 7 MB of MessagePack (0.8 MB compressed, 250-300 bytes for each of
# its 29,203 actions); this leaves room for a field several times larger, and keeps a crafted snapshot
# from taking more memory than that. A snapshot read from a file is held to less still: what its actions
# could have made (``state_limit``), so a small file cannot make a large state.
MAX_STATE_BYTES = 64 * 1024 * 1024
BASE_STATE_BYTES = 4 * 1024 * 1024  # a new tournament: the profile, the structure, hundreds of tables
STATE_BYTES_PER_ACTION = 2048  # several times what one action adds to a real state
_CHUNK = 1024 * 1024

_ENCODER = msgspec.msgpack.Encoder()
_DECODER = msgspec.msgpack.Decoder(TournamentState)


class SnapshotFormatError(ValueError):
    """The bytes are not a snapshot this version can read (another format, another version, damaged)."""


def encode_state(state: TournamentState) -> bytes:
    """The state as plain MessagePack (no header, no compression): equal states give equal bytes."""
    return _ENCODER.encode(state)


def dump_state(state: TournamentState) -> bytes:
    return MAGIC + zlib.compress(_ENCODER.encode(state), 1)


def state_limit(actions: int) -> int:
    """The most a snapshot taken after ``actions`` actions may inflate to (at most :data:`MAX_STATE_BYTES`)."""
    return min(MAX_STATE_BYTES, BASE_STATE_BYTES + STATE_BYTES_PER_ACTION * max(0, actions))


def load_state(blob: bytes, limit: int = MAX_STATE_BYTES) -> TournamentState:
    """The state in snapshot bytes; :class:`SnapshotFormatError` if they are not one, or would inflate to
    more than ``limit`` bytes (:func:`state_limit` for a snapshot read from a file)."""
    if not bytes(blob[: len(MAGIC)]) == MAGIC:
        raise SnapshotFormatError("it is not in this version's snapshot format")
    # Decoding builds a hundred thousand objects and no garbage: with the cycle collector running,
    # it would walk the whole heap several times meanwhile.
    with collector_paused():
        try:
            state = _DECODER.decode(inflate(bytes(blob[len(MAGIC):]), limit))
        except (zlib.error, msgspec.DecodeError) as exc:  # ValidationError is a DecodeError
            raise SnapshotFormatError(f"it is damaged ({exc})") from exc
    return with_current_settings(state)


def with_current_settings(state: TournamentState) -> TournamentState:
    """A snapshot written before a profile setting was added lacks it; replaying its log gives it its
    default (the profile is read again from the log's data). So does this: the profile is read again from
    its own data, every key this version knows filled in, and the snapshot equals the replay."""
    profile = state.profile
    if profile is not None and set(profile.settings) != set(SCHEMA):
        state.profile = profile_from_dict(profile.to_dict())
    return state


def inflate(data: bytes, limit: int = MAX_STATE_BYTES) -> bytes:
    """``zlib.decompress(data)``, refused once the output would pass ``limit`` bytes.

    Inflated a megabyte at a time, so at most ``limit`` bytes (plus one chunk) are ever held: a
    crafted snapshot that would inflate to gigabytes costs no more memory than a real one.
    """
    inflater = zlib.decompressobj()
    parts: list[bytes] = []
    size = 0
    pending = data
    while pending or not inflater.eof:
        part = inflater.decompress(pending, _CHUNK)
        pending = inflater.unconsumed_tail
        size += len(part)
        if size > limit:
            raise SnapshotFormatError(f"it would inflate to more than {limit / (1024 * 1024):.0f} MB, "
                                      "larger than any tournament's state of that many actions")
        parts.append(part)
        if not part and not pending:
            break
    if not inflater.eof:
        raise SnapshotFormatError("it is damaged (its compressed data is cut short)")
    return b"".join(parts)


_FINGERPRINT: dict[str, str] = {}


def _layout(cls: type, seen: dict[str, str]) -> None:
    """Record ``cls`` and, through its field types, every dataclass of the ``app`` package it holds."""
    name = f"{cls.__module__}.{cls.__qualname__}"
    if name in seen or not is_dataclass(cls):
        return
    try:
        hints = typing.get_type_hints(cls)
    except Exception:  # a hint that cannot be resolved still counts by its text
        hints = {}
    seen[name] = ",".join(f"{f.name}:{hints.get(f.name, f.type)}" for f in fields(cls))
    for hint in hints.values():
        for inner in _types_in(hint):
            if inner.__module__.split(".")[0] == "app":
                _layout(inner, seen)


def _types_in(hint: Any) -> list[type]:
    out = [hint] if isinstance(hint, type) else []
    for arg in typing.get_args(hint):
        out += _types_in(arg)
    return out


def fingerprint(version: str = "") -> str:
    """A short hash of the state's layout (the dataclasses it is made of, with their fields), the
    snapshot format and ``version``.

    Walked from :class:`TournamentState` through the field types, so it does not depend on which
    other modules happen to be imported.
    """
    if version in _FINGERPRINT:
        return _FINGERPRINT[version]
    seen: dict[str, str] = {}
    _layout(TournamentState, seen)
    parts = [f"msgpack-{FORMAT_VERSION}", version] + [f"{k}={v}" for k, v in sorted(seen.items())]
    _FINGERPRINT[version] = digest = hashlib.sha256("\n".join(parts).encode()).hexdigest()[:32]
    return digest
