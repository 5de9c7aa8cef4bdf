"""A label whose text takes the largest font that fits its box: long names shrink, never clip."""

from __future__ import annotations

import re

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QFont, QFontMetrics, QPalette, QResizeEvent
from PySide6.QtWidgets import QLabel, QWidget

FAMILY = "DejaVu Sans"
_DIGIT = re.compile(r"\d")


class FitLabel(QLabel):
    """One line of text sized to its geometry.

    The font's pixel size is the largest (up to ``max_fraction`` of the box height) for which the
    text's advance fits the width and the font's line height fits the height. With ``steady`` the
    fit is computed for the text with every digit made an 8, so a ticking clock keeps its size.
    """

    def __init__(
        self,
        parent: QWidget,
        *,
        bold: bool = False,
        align: Qt.AlignmentFlag = Qt.AlignmentFlag.AlignCenter,
        steady: bool = False,
        max_fraction: float = 1.0,
    ) -> None:
        super().__init__(parent)
        self._bold = bold
        self._steady = steady
        self._max_fraction = max_fraction
        self._cap: int | None = None  # a group's common size (see :func:`fit_together`)
        self._natural_key: tuple[str, int, int] | None = None
        self._natural = 1
        self._px = 0
        self.setAlignment(align | Qt.AlignmentFlag.AlignVCenter)
        self.setMargin(0)
        self.setIndent(0)
        self.setWordWrap(False)
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.setFont(self._font(12))

    def _font(self, px: int) -> QFont:
        font = QFont(FAMILY)
        font.setPixelSize(max(1, px))
        font.setBold(self._bold)
        font.setKerning(False)
        return font

    def set_colour(self, colour: str) -> None:
        pal = self.palette()
        pal.setColor(QPalette.ColorRole.WindowText, QColor(colour))
        self.setPalette(pal)

    def show_text(self, text: str) -> None:
        """Set the text, refitting only when it (or its digit pattern) changed."""
        if text != self.text():
            self.setText(text)
            self.refit()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.refit()

    def pattern(self) -> str:
        text = self.text()
        return _DIGIT.sub("8", text) if self._steady else text

    def natural_px(self) -> int:
        """The largest pixel size at which the text fits the box (remembered per text and size)."""
        key = (self.pattern(), self.width(), self.height())
        if key != self._natural_key:
            self._natural_key = key
            self._natural = self._search(*key)
        return self._natural

    def _search(self, pattern: str, width: int, height: int) -> int:
        lo, hi = 1, max(1, int(height * self._max_fraction))
        pattern = pattern or "8"  # an empty label keeps a font that fits its box
        if width <= 0:
            return 1
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if self._fits(self._font(mid), pattern, width, height):
                lo = mid
            else:
                hi = mid - 1
        return lo

    def refit(self) -> None:
        px = self.natural_px()
        if self._cap is not None:
            px = max(1, min(px, self._cap))
        if px != self._px:
            self._px = px
            self.setFont(self._font(px))

    @staticmethod
    def _fits(font: QFont, text: str, width: int, height: int) -> bool:
        fm = QFontMetrics(font)
        return fm.horizontalAdvance(text) <= width and fm.height() <= height

    def set_cap(self, px: int | None) -> None:
        if px != self._cap:
            self._cap = px
            self.refit()

    def fits(self) -> bool:
        """Whether the shown text fits its box with the current font (what the layout tests check)."""
        fm = self.fontMetrics()
        return fm.horizontalAdvance(self.text()) <= self.width() and fm.height() <= self.height()


def fit_together(labels: list[FitLabel]) -> None:
    """Give labels of one kind (the payout amounts, say) one size: the largest that fits them all."""
    sizes = [label.natural_px() for label in labels if label.text()]
    common = min(sizes) if sizes else None
    for label in labels:
        label.set_cap(common)
