"""An event log that is read from disk only when someone looks at it.

Opening a large tournament loads a snapshot and replays only the tail of the log, so the tens of
thousands of earlier events need not be parsed at all unless something reads ``tournament.log``.
:class:`LazyLog` is a real ``list`` of events: the first read fills it from its loader; ``append`` and
``extend`` before that are kept aside and added after the loaded events, so running a command does
not force the load.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from typing import Any

from app.core.events import Event, decode


def events_from_json(raw: str) -> list[Event]:
    return [decode(e) for e in json.loads(raw)]


class LazyLog(list[Event]):
    def __init__(self, loader: Callable[[], list[Event]], count: int) -> None:
        super().__init__()
        self._loader: Callable[[], list[Event]] | None = loader
        self._pending: list[Event] = []
        self._count = count

    @property
    def loaded(self) -> bool:
        return self._loader is None

    def _load(self) -> None:
        loader = self._loader
        if loader is not None:
            self._loader = None
            super().extend(loader())
            super().extend(self._pending)
            self._pending = []

    def append(self, event: Event) -> None:
        if self._loader is not None:
            self._pending.append(event)
        else:
            super().append(event)

    def extend(self, events: Iterable[Event]) -> None:
        if self._loader is not None:
            self._pending.extend(events)
        else:
            super().extend(events)

    def __len__(self) -> int:
        return self._count + len(self._pending) if self._loader is not None else super().__len__()

    def __bool__(self) -> bool:
        return len(self) > 0


def _reading(name: str) -> Any:
    base = getattr(list, name)

    def method(self: LazyLog, *args: Any, **kwargs: Any) -> Any:
        self._load()
        return base(self, *args, **kwargs)

    method.__name__ = name
    return method


for _name in ("__iter__", "__getitem__", "__setitem__", "__delitem__", "__contains__", "__reversed__", "__eq__",
              "__ne__", "__lt__", "__le__", "__gt__", "__ge__", "__add__", "__iadd__", "__mul__", "__imul__",
              "__rmul__", "__repr__", "__reduce_ex__", "__copy__", "copy", "index", "count", "pop", "insert",
              "remove", "clear", "sort", "reverse"):
    if hasattr(list, _name):
        setattr(LazyLog, _name, _reading(_name))
