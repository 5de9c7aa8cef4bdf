"""Printed sheets drawn with reportlab from the engine's state.

from sheets import render, SHEET_NAMES
pdf = render("seating", tournament, {"paper": "a4", "venue": "The Card Room"})
"""

from sheets.fonts import UnprintableNames
from sheets.render import SHEET_NAMES, SHEETS, Drawn, draw, draw_tournament, render, render_sheet

__all__ = ["SHEETS", "SHEET_NAMES", "Drawn", "UnprintableNames", "draw", "draw_tournament", "render", "render_sheet"]
