"""The pre-registered players who have not checked in (REG-10), under the player list: check one in at the
door (Ctrl+I, a double click, or the button), or take a name off the list (the director)."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from app.api import PreregisteredView, fmt
from app.i18n import _


class PreregisteredList(QFrame):
    """The names, the paid-ahead ones marked; hidden while nobody is pre-registered.

    Signals:
        check_in(str): the name to check in.
        remove(str): the name to take off the list.
    """

    check_in = Signal(str)
    remove = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("preregistered")
        self.title = QLabel()
        self.title.setObjectName("preregisteredTitle")
        self.list = QListWidget()
        self.list.setObjectName("preregisteredList")
        self.list.setMaximumHeight(max(120, self.list.fontMetrics().height() * 7))
        self.list.itemDoubleClicked.connect(lambda item: self.check_in.emit(item.data(Qt.ItemDataRole.UserRole)))
        self.check_button = QPushButton(_("Check in  (Ctrl+I)"))
        self.check_button.clicked.connect(self._check_selected)
        self.remove_button = QPushButton(_("Remove"))
        self.remove_button.setToolTip(_("Take the name off the pre-registered list (the director)"))
        self.remove_button.clicked.connect(self._remove_selected)
        buttons = QHBoxLayout()
        buttons.addWidget(self.title, 1)
        buttons.addWidget(self.check_button)
        buttons.addWidget(self.remove_button)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 4, 0, 0)
        lay.addLayout(buttons)
        lay.addWidget(self.list)
        self.hide()

    def show_rows(self, rows: tuple[PreregisteredView, ...]) -> None:
        selected = self.selected()
        self.list.clear()
        paid = sum(1 for r in rows if r.paid_ahead)
        count = fmt.chips(len(rows))
        self.title.setText(_("Pre-registered, not checked in: {n} ({paid} paid ahead)", n=count, paid=fmt.chips(paid))
                           if paid else _("Pre-registered, not checked in: {n}", n=count))
        for r in rows:
            item = QListWidgetItem(r.name + ("  · " + _("paid ahead") if r.paid_ahead else ""))
            item.setData(Qt.ItemDataRole.UserRole, r.name)
            self.list.addItem(item)
            if r.name == selected:
                self.list.setCurrentItem(item)
        self.setVisible(bool(rows))

    def names(self) -> list[str]:
        return [str(self.list.item(i).data(Qt.ItemDataRole.UserRole)) for i in range(self.list.count())]

    def selected(self) -> str:
        item = self.list.currentItem()
        return str(item.data(Qt.ItemDataRole.UserRole)) if item is not None else ""

    def _check_selected(self) -> None:
        name = self.selected()
        if name:
            self.check_in.emit(name)

    def _remove_selected(self) -> None:
        name = self.selected()
        if name:
            self.remove.emit(name)
