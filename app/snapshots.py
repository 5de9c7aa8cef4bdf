"""Engine state as bytes and back, for snapshots that make opening and undo fast.

The state is pickled whole (so fields other areas add to it need no code here), and unpickled with a
restricted loader that only rebuilds classes from the engine's own ``app`` package and plain
containers: a tournament file received from someone else cannot run code through its snapshot.

A snapshot carries a *fingerprint* of the state's layout (every dataclass of the ``app`` package and
its fields) and of the app version. A snapshot whose fingerprint differs is not used: the log is
replayed instead, which is always right, only slower.
"""

from __future__ import annotations

import hashlib
import io
import pickle
import sys
import zlib
from dataclasses import fields, is_dataclass
from typing import Any

from app.state import TournamentState

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
    state = _Unpickler(io.BytesIO(zlib.decompress(blob))).load()
    if not isinstance(state, TournamentState):
        raise pickle.UnpicklingError("a snapshot must hold a TournamentState")
    return state


_FINGERPRINT: dict[str, str] = {}


def fingerprint(version: str = "") -> str:
    """A short hash of the state's layout (app dataclasses and their fields) and ``version``."""
    if version in _FINGERPRINT:
        return _FINGERPRINT[version]
    parts: list[str] = [version]
    for name, module in sorted(sys.modules.items()):
        if not (name == "app" or name.startswith("app.")) or module is None:
            continue
        for attr, obj in sorted(vars(module).items()):
            if isinstance(obj, type) and is_dataclass(obj) and obj.__module__ == name:
                parts.append(f"{name}.{attr}:" + ",".join(f.name for f in fields(obj)))
    _FINGERPRINT[version] = digest = hashlib.sha256("\n".join(parts).encode()).hexdigest()[:32]
    return digest
