"""What a window shows in the pseudo-language en-XA: words never translated, and words cut by their box.

Every translated word in en-XA is bracketed (``[Öþéñ~~]``), so a shown text with English letters outside
any bracket was never marked for translation, unless it is the tournament's own data (a player's name, a
table's, a file's) which the caller lists. A bracketed text whose closing bracket is not drawn was cut:
its label, button or tab is narrower than the text it was given (measured with the widget's own font,
as the room screens' fit tests measure theirs).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtGui import QTextDocument
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QComboBox,
    QGroupBox,
    QLabel,
    QLineEdit,
    QListView,
    QMenu,
    QTabBar,
    QWidget,
)

_BRACKETED = re.compile(r"\[[^\[\]]*\]")
_WORD = re.compile(r"[A-Za-z]{2,}")


@dataclass(frozen=True)
class Shown:
    widget: str
    text: str
    cut: bool = False

    def __str__(self) -> str:
        return f"{self.widget}: {self.text!r}" + (" (cut)" if self.cut else "")


def _plain(text: str) -> str:
    if "<" in text and ">" in text:
        doc = QTextDocument()
        doc.setHtml(text)
        return doc.toPlainText()
    return text.replace("&&", "\x00").replace("&", "").replace("\x00", "&")


def _name(widget: QWidget) -> str:
    return f"{type(widget).__name__}({widget.objectName() or '?'})"


def _label_cut(label: QLabel, text: str) -> bool:
    if label.wordWrap() or not text or label.pixmap() is not None and not label.pixmap().isNull():
        return False
    width = label.contentsRect().width() - 2 * label.margin() - label.indent() if label.indent() > 0 else (
        label.contentsRect().width() - 2 * label.margin())
    lines = _plain(text).split("\n")
    return any(label.fontMetrics().horizontalAdvance(line) > width + 1 for line in lines)


def shown_texts(root: QWidget) -> Iterator[Shown]:
    """Every text ``root`` and its visible children show now, with whether it is cut."""
    widgets = [root, *root.findChildren(QWidget)]
    for w in widgets:
        if not w.isVisibleTo(root) and w is not root:
            continue
        if w.isWindow() and w.windowTitle():
            yield Shown(_name(w) + ".title", w.windowTitle())
        if isinstance(w, QLabel) and w.text():
            yield Shown(_name(w), _plain(w.text()), _label_cut(w, w.text()))
        elif isinstance(w, QAbstractButton) and w.text():
            need = w.sizeHint().width()
            yield Shown(_name(w), _plain(w.text()), w.width() + 1 < need and w.width() > 0)
        elif isinstance(w, QGroupBox) and w.title():
            yield Shown(_name(w), _plain(w.title()))
        elif isinstance(w, QLineEdit) and w.placeholderText():
            yield Shown(_name(w) + ".placeholder", w.placeholderText())
        elif isinstance(w, QComboBox):
            for i in range(w.count()):
                if w.itemText(i):
                    yield Shown(_name(w) + f".item{i}", w.itemText(i))
        elif isinstance(w, QTabBar):
            for i in range(w.count()):
                text = _plain(w.tabText(i))
                rect = w.tabRect(i)
                cut = rect.width() > 0 and w.fontMetrics().horizontalAdvance(text) > rect.width()
                yield Shown(_name(w) + f".tab{i}", text, cut)
        elif isinstance(w, QListView) and w.model() is not None:  # a list: its rows' words (no headers)
            model = w.model()
            for row in range(model.rowCount(QModelIndex())):
                text = model.data(model.index(row, 0), Qt.ItemDataRole.DisplayRole)
                if isinstance(text, str) and text:
                    yield Shown(_name(w) + f".row{row}", text)
        elif isinstance(w, QAbstractItemView) and w.model() is not None:
            model = w.model()
            try:
                columns = model.columnCount()
            except TypeError:  # a list's model (QListWidget's) has no headers to show
                columns = 0
            for col in range(columns):
                head = model.headerData(col, Qt.Orientation.Horizontal, Qt.ItemDataRole.DisplayRole)
                if isinstance(head, str) and head:
                    yield Shown(_name(w) + f".column{col}", head)
        if w.toolTip():
            yield Shown(_name(w) + ".tooltip", _plain(w.toolTip()))


def menu_texts(menus: Iterable[QMenu]) -> Iterator[Shown]:
    """Every action of the menus (and their submenus), shown or not."""
    for menu in menus:
        if menu.title():
            yield Shown("QMenu", _plain(menu.title()))
        for action in menu.actions():
            sub = action.menu()
            if isinstance(sub, QMenu):
                yield from menu_texts([sub])
            elif action.text() and not action.isSeparator():
                yield Shown("QAction", _plain(action.text()))


def untranslated(shown: Iterable[Shown], data: Iterable[str] = ()) -> list[Shown]:
    """The texts with English words outside any bracket, other than the tournament's own ``data``."""
    known = sorted({d for d in data if d}, key=len, reverse=True)
    out = []
    for item in shown:
        rest, before = item.text, None
        while rest != before:  # a translated piece inside a translated sentence: the inner brackets first
            before, rest = rest, _BRACKETED.sub(" ", rest)
        for value in known:
            rest = rest.replace(value, " ")
        if _WORD.search(rest):
            out.append(item)
    return out


def cut(shown: Iterable[Shown]) -> list[Shown]:
    return [s for s in shown if s.cut]
