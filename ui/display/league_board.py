"""The league standings on the room display, between events (before the clock starts, after the winner).

The director ticks View → League standings on the room display; the display then shows this board
instead of the clock while the event waits to start or has ended, and the clock again the moment it
starts (or its finish is undone). The rows are ``app.league.table_rows``' (rank, name, points).
"""

from __future__ import annotations

from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import QColor, QPalette, QResizeEvent
from PySide6.QtWidgets import QWidget

from screens import frame as model
from ui.display import theme
from ui.display.fitlabel import FitLabel, fit_together

ROWS = 10
LEFT = Qt.AlignmentFlag.AlignLeft
RIGHT = Qt.AlignmentFlag.AlignRight


class LeagueBoard(QWidget):
    """A title, a line of what the season is, and the top ``ROWS`` players: rank, name, points."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAutoFillBackground(True)
        self.title = FitLabel(self, bold=True)
        self.subtitle = FitLabel(self)
        self.ranks = [FitLabel(self, align=LEFT) for _ in range(ROWS)]
        self.names = [FitLabel(self, bold=True, align=LEFT) for _ in range(ROWS)]
        self.points = [FitLabel(self, bold=True, align=RIGHT) for _ in range(ROWS)]
        look = theme.LOOKS[model.WAITING]
        pal = self.palette()
        pal.setColor(QPalette.ColorRole.Window, QColor(look.background))
        self.setPalette(pal)
        self.title.set_colour(look.clock)
        self.subtitle.set_colour(look.muted)
        for label in self.ranks:
            label.set_colour(look.muted)
        for label in self.names + self.points:
            label.set_colour(look.text)
        self.shown: list[tuple[str, str, str]] = []

    def show_board(self, title: str, subtitle: str, rows: list[tuple[str, str, str]]) -> None:
        self.shown = rows[:ROWS]
        self.title.show_text(title)
        self.subtitle.show_text(subtitle)
        for i in range(ROWS):
            rank, name, points = self.shown[i] if i < len(self.shown) else ("", "", "")
            self.ranks[i].show_text(rank)
            self.names[i].show_text(name)
            self.points[i].show_text(points)
        self._fit()

    def _fit(self) -> None:
        for group in (self.ranks, self.names, self.points):
            fit_together(group)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        w, h = self.width(), self.height()
        mx = round(w * 0.06)
        inner = w - 2 * mx
        self.title.setGeometry(QRect(mx, round(h * 0.03), inner, round(h * 0.1)))
        self.subtitle.setGeometry(QRect(mx, round(h * 0.135), inner, round(h * 0.05)))
        top, row_h = 0.21, 0.077
        rank_w, points_w = round(inner * 0.12), round(inner * 0.2)
        for i in range(ROWS):
            y, rh = round(h * (top + i * row_h)), round(h * row_h * 0.9)
            self.ranks[i].setGeometry(QRect(mx, y, rank_w, rh))
            self.names[i].setGeometry(QRect(mx + rank_w, y, inner - rank_w - points_w, rh))
            self.points[i].setGeometry(QRect(mx + inner - points_w, y, points_w, rh))
        for label in [self.title, self.subtitle, *self.ranks, *self.names, *self.points]:
            label.refit()
        self._fit()
