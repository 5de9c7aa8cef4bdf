"""A QR code as a pixmap: the phones' address, on the share panel and the room display."""

from __future__ import annotations

import io

from PySide6.QtGui import QPixmap


def qr_pixmap(text: str, scale: int = 6) -> QPixmap:
    """A QR code of ``text`` (segno's PNG output, loaded into a pixmap)."""
    import segno

    buf = io.BytesIO()
    segno.make(text, error="m").save(buf, kind="png", scale=scale, border=3)
    pix = QPixmap()
    pix.loadFromData(buf.getvalue(), "PNG")
    return pix
