"""Benchmark: 10,000 seating slips to one PDF (target: under 15 s).

Run: .venv/bin/python tests/bench/bench_sheets.py [count]

Prints the time for sheets.slips.seating_slips beside a bare reportlab canvas loop that draws the
same text (same font, same page grid, no fitting, no cut marks, no script runs), so the cost of the
slip layout itself can be read off.
"""

from __future__ import annotations

import io
import sys
import time

from reportlab.lib.pagesizes import LETTER
from reportlab.pdfgen.canvas import Canvas

from sheets.fonts import BOLD, REGULAR, fonts
from sheets.model import Seat
from sheets.slips import PER_PAGE, seating_slips
from sheets.style import Options

NAMES = ("Łukasz Żółć", "José Núñez", "Ørjan Berg", "Αλέξης Παππάς", "Дмитрий Иванов", "Ann Lee", "Bo Chen")


def seats(count: int) -> list[Seat]:
    return [Seat(f"{NAMES[i % len(NAMES)]} {i}", i // 10 + 1, i % 10 + 1) for i in range(count)]


def bare_canvas(items: list[Seat], tournament: str) -> bytes:
    """The same text on the same pages with nothing but drawString calls."""
    buf = io.BytesIO()
    c = Canvas(buf, pagesize=LETTER, pageCompression=1, initialFontName=REGULAR)
    w, h = LETTER[0] / 2, LETTER[1] / 5
    for start in range(0, len(items), PER_PAGE):
        for k, s in enumerate(items[start : start + PER_PAGE]):
            x, y = (k % 2) * w + 40, (4 - k // 2) * h + 20
            c.setFont(REGULAR, 9)
            c.drawString(x, y + 110, tournament)
            c.setFont(BOLD, 16)
            c.drawString(x, y + 90, s.name)
            c.setFont(REGULAR, 9)
            c.drawString(x, y + 60, "TABLE")
            c.drawString(x + 120, y + 60, "SEAT")
            c.setFont(BOLD, 40)
            c.drawString(x, y + 20, str(s.table))
            c.drawString(x + 120, y + 20, str(s.seat))
        c.showPage()
    c.save()
    return buf.getvalue()


def main(count: int = 10_000) -> int:
    fonts()
    items = seats(count)
    t0 = time.perf_counter()
    pdf = seating_slips(items, "Sunday Deepstack", Options())
    slips = time.perf_counter() - t0
    t0 = time.perf_counter()
    bare = bare_canvas(items, "Sunday Deepstack")
    canvas = time.perf_counter() - t0
    pages = -(-count // PER_PAGE)
    print(f"seating slips: {count} slips, {pages} pages, {len(pdf) / 1e6:.1f} MB in {slips:.2f} s (target < 15 s)")
    print(f"bare canvas loop, same text: {len(bare) / 1e6:.1f} MB in {canvas:.2f} s")
    print(f"slip layout overhead: {slips / canvas:.2f}x the bare loop")
    return 0 if slips < 15 else 1


if __name__ == "__main__":
    sys.exit(main(int(sys.argv[1]) if len(sys.argv) > 1 else 10_000))
