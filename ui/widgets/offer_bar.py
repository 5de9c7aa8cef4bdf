"""The offer under the strip: "Seat draw done — print: [Seating slips] [Table list]  Ctrl+P: every sheet"."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QProgressBar,
    QPushButton,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from app.i18n import _
from ui.feedback import Feedback
from ui.printing.jobs import SheetJob
from ui.printing.offers import Offer


class OfferBar(QFrame):
    """Hidden until something is worth printing; stays until the next offer or the director closes it.

    Signals:
        chosen(object): the SheetJob of the button pressed.
    """

    chosen = Signal(object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("offerBar")
        self.offer: Offer | None = None
        self.text = QLabel()
        self.buttons: list[QPushButton] = []
        self.busy = QProgressBar()
        self.busy.setRange(0, 0)  # turning: a sheet is being drawn
        self.busy.setMaximumWidth(140)
        self.busy.setTextVisible(False)
        self.busy_text = QLabel()
        self.busy_text.setObjectName("dim")
        self.hint = QLabel(_("Ctrl+P: every sheet"))
        self.hint.setObjectName("dim")
        self.close_button = QToolButton()
        self.close_button.setText("✕")
        self.close_button.setToolTip(_("Dismiss"))
        self.close_button.clicked.connect(self.dismiss)
        self.feedback = Feedback()
        self.row = QHBoxLayout()
        lay = QVBoxLayout(self)
        lay.setContentsMargins(10, 3, 10, 3)
        lay.setSpacing(2)
        lay.addLayout(self.row)
        lay.addWidget(self.feedback)
        self.row.addWidget(self.text)
        self.row.addStretch(1)
        for w in (self.busy_text, self.busy, self.hint, self.close_button):
            self.row.addWidget(w)
        self.set_busy("")
        self.setVisible(False)

    def show_offer(self, offer: Offer) -> None:
        for b in self.buttons:
            self.row.removeWidget(b)
            b.deleteLater()
        self.buttons = []
        self.offer = offer
        self.feedback.hide()
        self.text.setText(_("{why} — print:", why=offer.why))
        for i, job in enumerate(offer.jobs):
            b = QPushButton(job.title)
            b.setToolTip(_("{sheet}, {why}: preview, then open or print", sheet=job.title, why=job.why))
            b.clicked.connect(lambda _=False, j=job: self.chosen.emit(j))
            self.row.insertWidget(1 + i, b)
            self.buttons.append(b)
        self.text.show()
        self.hint.show()
        self.close_button.show()
        self.show()

    def jobs(self) -> list[SheetJob]:
        return list(self.offer.jobs) if self.offer is not None else []

    def dismiss(self) -> None:
        self.offer = None
        for b in self.buttons:
            b.hide()
        self.text.hide()
        self.hint.hide()
        self.close_button.hide()
        self.feedback.hide()
        self.setVisible(bool(self.busy_text.text()))

    def refuse(self, text: str) -> None:
        """A sheet that could not be drawn: the reason in words (the names that cannot print)."""
        self.feedback.refuse(text)
        self.close_button.show()
        self.show()

    def set_busy(self, text: str) -> None:
        """"Drawing 10,000 seating slips…" with a turning bar; empty text hides it."""
        self.busy_text.setText(text)
        self.busy_text.setVisible(bool(text))
        self.busy.setVisible(bool(text))
        if text:
            self.show()
        elif self.offer is None and not self.feedback.isVisibleTo(self):
            self.hide()
