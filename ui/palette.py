"""The command palette (Ctrl+K): type "bust ann", "rebuy 17", "move", "next level", "chip count".

What it knows comes from the catalogue of declared commands and the one map of bespoke actions
(:mod:`ui.command_map`): a command with a bespoke action runs it; every other command opens the form
generated from its declaration.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeyEvent, QKeySequence
from PySide6.QtWidgets import QDialog, QLineEdit, QListWidget, QListWidgetItem, QVBoxLayout, QWidget

from app.api import TournamentState
from app.i18n import _
from ui.command_map import ACTIONS, Bespoke, Controls, generated, words
from ui.feedback import Feedback
from ui.lookup import find_players
from ui.overview import PendingMove
from ui.texts import status_word


@dataclass(frozen=True)
class PaletteParts:
    """What the palette reads and does, by name (the window hands them in).

    ``controls``: what the table's actions are done with (:data:`ui.command_map.ACTIONS`; a row's own
    path for one player, its ``runs``, too); ``run_for``: one player's one-player command (its declaration
    run for him); ``show_player``: put a name in the search box.
    """

    state: Callable[[], TournamentState]
    controls: Controls
    not_offered: Callable[[], frozenset[str]]
    pending: Callable[[], list[PendingMove]]
    open_form: Callable[[str], None]
    run_for: Callable[[str, int], object]
    make_move: Callable[[PendingMove], object]
    show_player: Callable[[str], None]
    refusal: Callable[[str], str] = lambda _command: ""  # why this station may not run a command ("": it may)


@dataclass
class Suggestion:
    label: str
    run: Callable[[], object]
    command: str = ""  # the engine command it runs ("" for the window's own)
    refused: str = ""  # why this station may not run it: the line is greyed, and says so when chosen


def _names(b: Bespoke) -> list[str]:
    """The verbs an action is typed by: its command's words, its title's first word (in English and in the
    window's language), its aliases."""
    return [b.command.replace("_", ""), words(b.command), b.title.split()[0].lower().rstrip("…:"),
            b.shown_title().split()[0].lower().rstrip("…:"), *b.words]


def keys_words(shortcut: str) -> str:
    """A shortcut as the window's language writes its keys ("  (Strg+P)"), "" for none."""
    if not shortcut:
        return ""
    return f"  ({QKeySequence(shortcut).toString(QKeySequence.SequenceFormat.NativeText)})"


def _matches(low: str, *texts: str) -> bool:
    return any(t.lower().startswith(low) or (len(low) > 2 and low in t.lower()) for t in texts)


def _form(parts: PaletteParts, name: str) -> Callable[[], None]:
    return lambda: parts.open_form(name)


def suggestions(parts: PaletteParts, text: str, limit: int = 12) -> list[Suggestion]:
    """Every reading of ``text``, best first. Player verbs take a name or a number after them."""
    state: TournamentState = parts.state()
    not_offered = parts.not_offered()
    low = " ".join(text.strip().lower().split())
    out: list[Suggestion] = []

    def does(b: Bespoke) -> Callable[[], object]:
        return partial(b.does, parts.controls)

    # the palette's rows (a freezeout has no Rebuy): the engine's commands first, then the window's own
    offered = sorted((b for b in ACTIONS if b.palette and b.command not in not_offered), key=lambda b: b.own)
    if not low:
        out = [Suggestion(b.entry() if b.own else b.shown_title(), does(b), _command(b)) for b in offered
               if not b.player]
        out += [Suggestion(f"{d.title()}…", _form(parts, d.name()), d.name()) for d in generated()]
        return _mark(parts, out)[:limit]
    verb, _sep, rest = low.partition(" ")
    rest = text.strip().split(maxsplit=1)[1] if rest else ""
    named: set[str] = set()  # the player actions whose action bar is offered already
    for b in offered:  # "<verb> <player>"
        if not b.player or not any(n.startswith(verb) for n in _names(b)):
            continue
        if not rest:  # the verb alone: open the action bar for it
            named.add(b.command)
            keys = keys_words(b.shortcut)
            out.append(Suggestion(f"{b.shown_title()}…{keys}", does(b), b.command))
            continue
        for p in find_players(state, rest)[:limit]:
            label = (_("{action}: {name} (#{number}, {status})", action=b.shown_title(), name=p.name, number=p.id,
                       status=status_word(p.status)) if b.status
                     else _("{action}: {name} (#{number})", action=b.shown_title(), name=p.name, number=p.id))
            run = (partial(b.runs.palette, parts.controls.players, p.id) if b.runs is not None
                   else partial(parts.run_for, b.command, p.id))
            out.append(Suggestion(label, run, b.command))
    pending = parts.pending() if verb.startswith("move") else []
    for m in pending:
        out.append(Suggestion(m.text(state), partial(parts.make_move, m), "move"))
    for b in offered:  # a player verb named in full ("decline rebuy"): open its action bar
        if b.player and b.command not in named and _matches(low, b.title, b.shown_title(), words(b.command)):
            keys = keys_words(b.shortcut)
            out.append(Suggestion(f"{b.shown_title()}…{keys}", does(b), b.command))
    shown: set[str] = set()
    for b in offered:
        title = b.entry()
        if b.player or title in shown:  # one "Start or pause the clock" for its three commands
            continue
        if _matches(low, title, b.title, b.shown_title(), words(b.command), *b.words):
            shown.add(title)
            keys = keys_words(b.shortcut)
            out.append(Suggestion(f"{title}{keys}", does(b), _command(b)))
    for d in generated():
        if _matches(low, d.title(), words(d.name()), d.help()):  # its name in the reader's words, or in English
            out.append(Suggestion(f"{d.title()}… — {d.help()}", _form(parts, d.name()), d.name()))
    if not out and not rest:
        players = find_players(state, text)[:limit]
        out = [Suggestion(_("Show {name} (#{number})", name=p.name, number=p.id), partial(parts.show_player, p.name))
               for p in players]
    return _mark(parts, out)[:limit]


def _command(b: Bespoke) -> str:
    return "" if b.own else b.command


def _mark(parts: PaletteParts, out: list[Suggestion]) -> list[Suggestion]:
    """Each line this station's role may not run says why (greyed in the list), after the lines it may."""
    for s in out:
        s.refused = parts.refusal(s.command) if s.command else ""
    return sorted(out, key=lambda s: bool(s.refused))


class CommandPalette(QDialog):
    """A small popup over the window; Escape closes it, Enter runs the highlighted line."""

    def __init__(self, parts: PaletteParts, parent: QWidget) -> None:
        super().__init__(parent, Qt.WindowType.Dialog | Qt.WindowType.FramelessWindowHint)
        self.parts = parts
        self.window_ = parent
        self.setMinimumWidth(560)
        self.edit = QLineEdit()
        # Translators: what the director may type, as examples; the commands' English words work in every language
        self.edit.setPlaceholderText(_("bust ann · rebuy 17 · move · next level · register · chip count"))
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
        self._items = suggestions(self.parts, text)
        self.list.clear()
        for s in self._items:
            item = QListWidgetItem(s.label)
            if s.refused:  # greyed, and chosen anyway, it says who may
                item.setFlags(item.flags() & ~Qt.ItemFlag.ItemIsEnabled)
                item.setToolTip(s.refused)
            self.list.addItem(item)
        if self._items:
            self.list.setCurrentRow(0)

    def run_current(self) -> None:
        row = self.list.currentRow()
        if not 0 <= row < len(self._items):
            self.feedback.refuse(_("Nothing matches. Try “bust ann”, “rebuy 17”, “move” or “next level”."))
            return
        if self._items[row].refused:
            self.feedback.refuse(self._items[row].refused)
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
