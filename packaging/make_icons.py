"""Write the Windows icon (floorman.ico) and the macOS icon (floorman.icns) from resources/icons/floorman.svg.

    python packaging/make_icons.py          # rewrites both, beside the SVG

Both containers are written here byte by byte (no Pillow): each size is drawn from the SVG by Qt, so
every size is sharp, not a scaled-down 256 px picture.

- ICO (Windows): 16, 20, 24, 32, 40, 48, 64 and 128 px as 32-bit BMP (BGRA, with the AND mask every
  Windows version reads), 256 px as PNG (the Vista form, what Explorer shows in large views).
- ICNS (macOS): PNG images under their 4-letter types, 16 to 1024 px (Retina @2x included).
"""

from __future__ import annotations

import os
import struct
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ICONS = ROOT / "resources" / "icons"
ICO_BMP_SIZES = (16, 20, 24, 32, 40, 48, 64, 128)
ICO_PNG_SIZES = (256,)
ICNS_TYPES = (  # type, pixels
    (b"icp4", 16), (b"icp5", 32), (b"icp6", 64), (b"ic07", 128), (b"ic08", 256), (b"ic09", 512),
    (b"ic10", 1024), (b"ic11", 32), (b"ic12", 64), (b"ic13", 256), (b"ic14", 512),
)


def render(svg: Path, size: int):  # -> QImage
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer

    image = QImage(size, size, QImage.Format.Format_ARGB32)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
    QSvgRenderer(str(svg)).render(painter)
    painter.end()
    return image


def png_bytes(image) -> bytes:  # image: QImage
    from PySide6.QtCore import QBuffer, QByteArray, QIODevice

    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    if not image.save(buffer, "PNG"):
        raise RuntimeError("Qt could not write a PNG")
    buffer.close()
    return bytes(data.data())


def bmp_entry(image) -> bytes:  # image: QImage, 32-bit ARGB
    """An ICO image in BMP form: BITMAPINFOHEADER (height doubled), BGRA rows bottom-up, then the AND mask."""
    size = image.width()
    header = struct.pack("<IiiHHIIiiII", 40, size, size * 2, 1, 32, 0, 0, 0, 0, 0, 0)
    rows = []
    mask_stride = ((size + 31) // 32) * 4
    mask_rows = []
    for y in reversed(range(size)):
        row = bytearray()
        mask = bytearray(mask_stride)
        for x in range(size):
            argb = image.pixel(x, y)
            alpha = (argb >> 24) & 0xFF
            row += struct.pack("<I", argb)  # little-endian 0xAARRGGBB is B, G, R, A
            if alpha == 0:
                mask[x // 8] |= 0x80 >> (x % 8)
        rows.append(bytes(row))
        mask_rows.append(bytes(mask))
    return header + b"".join(rows) + b"".join(mask_rows)


def ico(svg: Path) -> bytes:
    images = [(s, bmp_entry(render(svg, s))) for s in ICO_BMP_SIZES]
    images += [(s, png_bytes(render(svg, s))) for s in ICO_PNG_SIZES]
    head = struct.pack("<HHH", 0, 1, len(images))
    offset = len(head) + 16 * len(images)
    directory, blobs = b"", b""
    for size, blob in images:
        side = 0 if size >= 256 else size  # 0 means 256
        directory += struct.pack("<BBBBHHII", side, side, 0, 0, 1, 32, len(blob), offset)
        blobs += blob
        offset += len(blob)
    return head + directory + blobs


def icns(svg: Path) -> bytes:
    drawn: dict[int, bytes] = {}
    body = b""
    for kind, size in ICNS_TYPES:
        if size not in drawn:
            drawn[size] = png_bytes(render(svg, size))
        body += kind + struct.pack(">I", 8 + len(drawn[size])) + drawn[size]
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def main() -> int:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtGui import QGuiApplication

    app = QGuiApplication.instance() or QGuiApplication(sys.argv[:1])
    svg = ICONS / "floorman.svg"
    (ICONS / "floorman.ico").write_bytes(ico(svg))
    (ICONS / "floorman.icns").write_bytes(icns(svg))
    print("wrote", ICONS / "floorman.ico", "and", ICONS / "floorman.icns")
    del app
    return 0


if __name__ == "__main__":
    sys.exit(main())
