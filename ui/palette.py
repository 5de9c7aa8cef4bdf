"""The command palette (Ctrl+K): type "bust ann", "rebuy 17", "move", "next level", "chip count".

What it knows comes from the catalogue of declared commands and the one map of bespoke actions
(:mod:`ui.command_map`): a command with a bespoke action runs it; every other command opens the form
generated from its declaration.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QDialog, QLineEdit, QListWidget, QListWidgetItem, QVBoxLayout

from app.api import TournamentState
from ui.command_map import BESPOKE, Bespoke, generated, words
from ui.control.players import bust_command
from ui.lookup import find_players
from ui.widgets.player_panel import Feedback

if TYPE_CHECKING:
    from ui.director import DirectorWindow


@dataclass
class Suggestion:
    label: str
    run: Callable[[], object]


def _names(b: Bespoke) -> list[str]:
    """The verbs an action is typed by: its command's words, its title's first word, its aliases."""
    return [b.command.replace("_", ""), words(b.command), b.title.split()[0].lower().rstrip("…:"), *b.words]


def _matches(low: str, *texts: str) -> bool:
    return any(t.lower().startswith(low) or (len(low) > 2 and low in t.lower()) for t in texts)


def _form(window: DirectorWindow, name: str) -> Callable[[], None]:
    return lambda: window.open_form(name)


def suggestions(window: DirectorWindow, text: str, limit: int = 12) -> list[Suggestion]:
    """Every reading of ``text``, best first. Player verbs take a name or a number after them."""
    state: TournamentState = window.session.state
    actions = window.bespoke_actions()
    extra = window.window_actions()
    low = " ".join(text.strip().lower().split())
    out: list[Suggestion] = []
    offered = [b for b in BESPOKE if b.command not in window.not_offered]  # a freezeout has no Rebuy
    if not low:
        out = [Suggestion(b.title, actions[b.command]) for b in offered if not b.player and b.command in actions]
        out += [Suggestion(a.title, a.run) for a in extra]
        out += [Suggestion(f"{words(d.name())}…", _form(window, d.name())) for d in generated()]
        return out[:limit]
    verb, _, rest = low.partition(" ")
    rest = text.strip().split(maxsplit=1)[1] if rest else ""
    seen: set[str] = set()
    for b in offered:  # "<verb> <player>"
        if not b.player or b.command in seen or not any(n.startswith(verb) for n in _names(b)):
            continue
        if not rest:  # the verb alone: open the action bar for it
            keys = f"  ({b.shortcut})" if b.shortcut else ""
            out.append(Suggestion(f"{b.title}…{keys}", actions[b.command]))
            continue
        seen.add(b.command)
        for p in find_players(state, rest)[:limit]:
            if b.command == "bust":
                out.append(Suggestion(f"Bust-out: {p.name} (#{p.id}, {p.status})",
                                      partial(window.players_ctl.bust, bust_command([p.id]))))
            else:
                out.append(Suggestion(
                    f"{b.title}: {p.name} (#{p.id})",
                    partial(window.run, {"cmd": b.command, "player": p.id}, done="Done."),
                ))
    if verb.startswith("move") and window.pending:
        for m in window.pending:
            out.append(Suggestion(m.text(state), partial(window.tables_ctl.make_move, m)))
    shown: set[str] = set()
    for b in offered:  # a player verb named in full ("decline rebuy"): open its action bar
        if b.player and b.command in actions and not any(s.run == actions[b.command] for s in out) and _matches(
            low, b.title, words(b.command)
        ):
            keys = f"  ({b.shortcut})" if b.shortcut else ""
            out.append(Suggestion(f"{b.title}…{keys}", actions[b.command]))
    for b in offered:
        title = "Start or pause the clock" if b.command.endswith("_clock") else b.title
        if b.player or title in shown or b.command not in actions:
            continue
        if _matches(low, title, words(b.command), *b.words):
            shown.add(title)
            keys = f"  ({b.shortcut})" if b.shortcut else ""
            out.append(Suggestion(f"{title}{keys}", actions[b.command]))
    for a in extra:
        if _matches(low, a.title, *a.words):
            keys = f"  ({a.shortcut})" if a.shortcut else ""
            out.append(Suggestion(a.title if not keys else f"{a.title}{keys}", a.run))
    for d in generated():
        if _matches(low, words(d.name()), d.help()):
            out.append(Suggestion(f"{words(d.name())}… — {d.help()}", _form(window, d.name())))
    if not out and not rest:
        players = find_players(state, text)[:limit]
        out = [Suggestion(f"Show {p.name} (#{p.id})", partial(window.player_panel.search.setText, p.name))
               for p in players]
    return out[:limit]


class CommandPalette(QDialog):
    """A small popup over the window; Escape closes it, Enter runs the highlighted line."""

    def __init__(self, window: DirectorWindow) -> None:
        super().__init__(window, Qt.WindowType.Dialog | Qt.WindowType.FramelessWindowHint)
        self.window_ = window
        self.setMinimumWidth(560)
        self.edit = QLineEdit()
        self.edit.setPlaceholderText("bust ann · rebuy 17 · move · next level · register · chip count")
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
        super().move(geo.x() + (geo.width() - 560) // 2, geo.y() + 80)
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
        self.window_.activateWindow()  # the window's keys work at once after a command from the palette
        self._items[row].run()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() in (Qt.Key.Key_Down, Qt.Key.Key_Up):
            step = 1 if event.key() == Qt.Key.Key_Down else -1
            row = max(0, min(self.list.count() - 1, self.list.currentRow() + step))
            self.list.setCurrentRow(row)
            return
        super().keyPressEvent(event)
