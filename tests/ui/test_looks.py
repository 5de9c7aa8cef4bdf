"""The director's window in either look: the round tables' seat cards stay legible."""

from __future__ import annotations

from PySide6.QtGui import QColor, QFont, QFontMetrics

from ui import theme
from ui.widgets.round_table import accents, fit_name


def luminance(colour: QColor) -> float:
    def channel(v: float) -> float:
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4

    return 0.2126 * channel(colour.redF()) + 0.7152 * channel(colour.greenF()) + 0.0722 * channel(colour.blueF())


def contrast(a: QColor, b: QColor) -> float:
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def test_seat_numbers_and_red_suits_read_on_the_seat_card_in_both_looks():
    for colours, dark in ((theme.LIGHT, False), (theme.DARK, True)):
        card = QColor(colours["alt"])  # a seated player's card is filled with AlternateBase
        number, red = accents(dark)
        assert contrast(number, card) >= 4.5, (dark, number.name())
        assert contrast(red, card) >= 4.5, (dark, red.name())


def test_a_seat_name_that_does_not_fit_becomes_first_name_and_initial_not_a_cut_word(qapp):
    fm = QFontMetrics(QFont("DejaVu Sans", 8))
    room = fm.horizontalAdvance("Uma Y.") + 2
    assert fm.horizontalAdvance("Uma Yılmaz") > room
    assert fit_name("Uma Yılmaz", fm, room) == "Uma Y."
    assert fit_name("Rosa Lee", fm, fm.horizontalAdvance("Rosa Lee")) == "Rosa Lee"
    first_only = fm.horizontalAdvance("Valentina") + 1
    assert fit_name("Valentina Moreau", fm, first_only) == "Valentina"
    cut = fit_name("Maximilian Alexander von Hohenzollern-Sigmaringen", fm, 30)
    assert cut.endswith("…") and fm.horizontalAdvance(cut) <= 30


def test_player_list_columns_hold_a_ten_million_stack_and_a_long_status(window):
    view = window.player_panel.view
    fm = view.fontMetrics()
    assert view.columnWidth(3) >= fm.horizontalAdvance("12,345,678") + 8  # stack
    assert view.columnWidth(2) >= fm.horizontalAdvance("seated T112 S10") + 8  # status
    assert view.columnWidth(1) >= fm.horizontalAdvance("Maximilian") + 8, "names keep room beside them"
    assert view.verticalHeader().defaultSectionSize() >= fm.height() + 4
