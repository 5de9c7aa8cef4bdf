"""Engine state as bytes and back, for snapshots that make opening and undo fast.

The state is pickled whole (so fields other areas add to it need no code here), and unpickled with a
restricted loader that only rebuilds classes from the engine's own ``app`` package and plain
containers: a tournament file received from someone else cannot run code through its snapshot.

A snapshot carries a *fingerprint* of the state's layout (the dataclasses the state is made of, and
their fields) and of the app version. A snapshot whose fingerprint differs is not used: the log is
replayed instead, which is always right, only slower.
"""

from __future__ import annotations

import gc
import hashlib
import io
import pickle
import sys
import typing
import zlib
from dataclasses import fields, is_dataclass
from typing import Any

from app.core.state import TournamentState

_SAFE_BUILTINS = frozenset({"set", "frozenset", "dict", "list", "tuple", "int", "float", "str", "bytes", "bool"})
_SAFE_OTHER = frozenset({("collections", "OrderedDict"), ("collections", "defaultdict"), ("collections", "deque")})


class _Unpickler(pickle.Unpickler):
    def find_class(self, module: str, name: str) -> Any:
        if (module.startswith("app.") and module in sys.modules) or (
            module == "builtins" and name in _SAFE_BUILTINS
        ) or (module, name) in _SAFE_OTHER:
            return super().find_class(module, name)
        if module == "copyreg" and name == "_reconstructor":
            return super().find_class(module, name)
        raise pickle.UnpicklingError(f"a snapshot may not contain {module}.{name}")


def dump_state(state: TournamentState) -> bytes:
    return zlib.compress(pickle.dumps(state, protocol=pickle.HIGHEST_PROTOCOL), 1)


def load_state(blob: bytes) -> TournamentState:
    # Unpickling builds a hundred thousand objects and no garbage: with the cycle collector running,
    # it would walk the whole heap several times meanwhile (3x slower in a 10,000-player undo).
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        state = _Unpickler(io.BytesIO(zlib.decompress(blob))).load()
    finally:
        if was_enabled:
            gc.enable()
    if not isinstance(state, TournamentState):
        raise pickle.UnpicklingError("a snapshot must hold a TournamentState")
    return state


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
    """A short hash of the state's layout (the dataclasses it is made of, with their fields) and ``version``.

    Walked from :class:`TournamentState` through the field types, so it does not depend on which
    other modules happen to be imported.
    """
    if version in _FINGERPRINT:
        return _FINGERPRINT[version]
    seen: dict[str, str] = {}
    _layout(TournamentState, seen)
    parts = [version] + [f"{k}={v}" for k, v in sorted(seen.items())]
    _FINGERPRINT[version] = digest = hashlib.sha256("\n".join(parts).encode()).hexdigest()[:32]
    return digest
