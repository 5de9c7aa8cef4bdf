"""Small marks painted by several panes: the padlock of a locked seat (the table drawing, the list)."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen


def padlock(p: QPainter, at: QPointF, colour: QColor) -> None:
    """A small padlock centred on ``at``: the mark of a locked seat (LOCK-5)."""
    p.save()
    p.setPen(QPen(colour, 1.2))
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.drawArc(QRectF(at.x() - 2.6, at.y() - 5.5, 5.2, 6.0), 0, 180 * 16)
    p.setBrush(colour)
    p.drawRoundedRect(QRectF(at.x() - 3.6, at.y() - 2.0, 7.2, 5.6), 1.0, 1.0)
    p.restore()
