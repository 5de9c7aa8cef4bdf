"""Change notification: a pane is redrawn only when the view it shows changed.

Each pane keeps the last view it drew; after a command the window asks every pane for its view,
compares, and redraws only those that differ. ``rebuilds`` counts the redraws (tests read it).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


class Pane:
    def __init__(self, name: str, view: Callable[[], Any], draw: Callable[[Any], None]) -> None:
        self.name = name
        self.view = view
        self.draw = draw
        self.last: Any = None
        self.drawn = False
        self.rebuilds = 0

    def update(self, force: bool = False) -> bool:
        """Redraw when the view changed (or ``force``); True when it did."""
        view = self.view()
        if self.drawn and not force and view == self.last:
            return False
        self.last, self.drawn = view, True
        self.rebuilds += 1
        self.draw(view)
        return True


class Panes:
    def __init__(self) -> None:
        self.by_name: dict[str, Pane] = {}

    def add(self, name: str, view: Callable[[], Any], draw: Callable[[Any], None]) -> Pane:
        pane = Pane(name, view, draw)
        self.by_name[name] = pane
        return pane

    def update(self, force: bool = False) -> list[str]:
        """Redraw the panes whose view changed; their names."""
        return [p.name for p in self.by_name.values() if p.update(force)]

    def rebuilds(self) -> dict[str, int]:
        return {name: p.rebuilds for name, p in self.by_name.items()}
