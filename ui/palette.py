"""The command palette (Ctrl+K): type "bust ann", "rebuy 17", "move", "next level"; Enter runs the top line."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QDialog, QLineEdit, QListWidget, QListWidgetItem, QVBoxLayout

from app.views.handles import TournamentState
from ui import commands
from ui.actions import GLOBAL_ACTIONS, PLAYER_ACTIONS
from ui.lookup import find_players
from ui.widgets.player_panel import Feedback

if TYPE_CHECKING:
    from ui.director import DirectorWindow


@dataclass
class Suggestion:
    label: str
    run: Callable[[], bool | None]


VERB_ALIASES = {"buy": "buyin", "buy-in": "buyin", "add-on": "addon", "top": "topup", "re-entry": "reentry",
                "reenter": "reentry", "back": "returned", "out": "bust", "kill": "bust", "chips": "stack"}


def suggestions(window: DirectorWindow, text: str, limit: int = 12) -> list[Suggestion]:
    """Every reading of ``text``, best first. Player verbs take a name or a number after them."""
    state: TournamentState = window.session.state
    words = text.strip().split(maxsplit=1)
    if not words:
        return [Suggestion(a.title, getattr(window, a.slot)) for a in GLOBAL_ACTIONS]
    verb = VERB_ALIASES.get(words[0].lower(), words[0].lower())
    rest = words[1] if len(words) > 1 else ""
    out: list[Suggestion] = []
    player_verbs = {a.key: a for a in PLAYER_ACTIONS}
    matching_verbs = [k for k in [*player_verbs, "bust"] if k.startswith(verb)]
    for key in matching_verbs:
        players = find_players(state, rest)[:limit] if rest else []
        for p in players:
            if key == "bust":
                label = f"Bust-out: {p.name} (#{p.id}, {p.status})"
                out.append(Suggestion(label, lambda pid=p.id: window.bust(commands.bust([pid]))))
            else:
                action = player_verbs[key]
                out.append(Suggestion(f"{action.title}: {p.name} (#{p.id})",
                                      lambda a=action, pid=p.id: window.run(a.build(pid), done=f"{a.title} done.")))
    if verb.startswith("move") and window.pending:
        for m in window.pending:
            out.append(Suggestion(m.text(state), lambda m=m: window.make_move(m)))
    low = text.strip().lower()
    for a in GLOBAL_ACTIONS:
        if low in a.title.lower() or a.key.startswith(low):
            keys = f"  ({a.shortcut})" if a.shortcut else ""
            out.append(Suggestion(f"{a.title}{keys}", getattr(window, a.slot)))
    if not out and rest == "" and verb not in player_verbs:
        players = find_players(state, text)[:limit]
        out = [Suggestion(f"Show {p.name} (#{p.id})", lambda n=p.name: window.player_panel.search.setText(n))
               for p in players]
    return out[:limit]


class CommandPalette(QDialog):
    """A small popup over the window; Escape closes it, Enter runs the highlighted line."""

    def __init__(self, window: DirectorWindow) -> None:
        super().__init__(window, Qt.WindowType.Dialog | Qt.WindowType.FramelessWindowHint)
        self.window_ = window
        self.setMinimumWidth(560)
        self.edit = QLineEdit()
        self.edit.setPlaceholderText("bust ann · rebuy 17 · move · next level · register")
        self.list = QListWidget()
        self.feedback = Feedback()
        lay = QVBoxLayout(self)
        lay.addWidget(self.edit)
        lay.addWidget(self.feedback)
        lay.addWidget(self.list)
        self.edit.textChanged.connect(self.update_list)
        self.edit.returnPressed.connect(self.run_current)
        self.list.itemActivated.connect(lambda _item: self.run_current())
        self._items: list[Suggestion] = []
        self.update_list("")

    def popup(self) -> None:
        geo = self.window_.geometry()
        self.move(geo.x() + (geo.width() - 560) // 2, geo.y() + 80)
        self.show()
        self.edit.setFocus()

    def update_list(self, text: str) -> None:
        self._items = suggestions(self.window_, text)
        self.list.clear()
        for s in self._items:
            self.list.addItem(QListWidgetItem(s.label))
        if self._items:
            self.list.setCurrentRow(0)

    def run_current(self) -> None:
        row = self.list.currentRow()
        if not 0 <= row < len(self._items):
            self.feedback.refuse("Nothing matches. Try “bust ann”, “rebuy 17”, “move” or “next level”.")
            return
        self.close()
        self._items[row].run()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() in (Qt.Key.Key_Down, Qt.Key.Key_Up):
            step = 1 if event.key() == Qt.Key.Key_Down else -1
            row = max(0, min(self.list.count() - 1, self.list.currentRow() + step))
            self.list.setCurrentRow(row)
            return
        super().keyPressEvent(event)
