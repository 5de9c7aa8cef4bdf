"""The typed view as plain data: what the JSON view (``Tournament.view()``) is made of.

:func:`dump` turns a view object into dicts, lists and scalars: a record (a ``msgspec.Struct`` or a
dataclass) becomes a dict of its fields, in their order (a field holding :data:`OMIT` is left out), a
tuple or list a list, a mapping a dict. It computes nothing: every figure is the view's own.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import fields, is_dataclass
from typing import Any, Final

import msgspec


class _Omit:
    """A field the JSON leaves out (a key present only in some states, as ``in_hat`` in a hat game)."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "OMIT"

    def __bool__(self) -> bool:
        return False


OMIT: Final = _Omit()

_NAMES: dict[type, tuple[str, ...]] = {}


def _names(cls: type) -> tuple[str, ...]:
    names = _NAMES.get(cls)
    if names is None:
        names = _NAMES[cls] = tuple(f.name for f in fields(cls))
    return names


_SCALARS: Final = frozenset({str, int, float, bool, type(None)})


def _record(obj: Any, names: tuple[str, ...]) -> dict[str, Any]:
    out = {}
    for name in names:
        value = getattr(obj, name)
        if type(value) in _SCALARS:
            out[name] = value
        elif value is not OMIT:
            out[name] = dump(value)
    return out


def dump(obj: Any) -> Any:
    """``obj`` as plain data (dicts, lists, scalars); see the module's words."""
    kind = type(obj)
    if kind in _SCALARS:
        return obj
    if kind is dict:
        return {k: v if type(v) in _SCALARS else dump(v) for k, v in obj.items()}
    if kind is tuple or kind is list:
        return [x if type(x) in _SCALARS else dump(x) for x in obj]
    if isinstance(obj, msgspec.Struct):
        return _record(obj, obj.__struct_fields__)
    if isinstance(obj, Mapping):
        return {k: dump(v) for k, v in obj.items()}
    if isinstance(obj, tuple | list):
        return [dump(x) for x in obj]
    if is_dataclass(obj) and not isinstance(obj, type):
        return _record(obj, _names(type(obj)))
    return obj
