"""The player list's columns are as wide as their values and headings in the window's language."""

from __future__ import annotations

import pytest

from app.api import build_demo, fmt
from app.i18n import set_language
from ui.models.players import PlayerModel
from ui.texts import widest_status
from ui.widgets.player_panel import PlayerPanel


@pytest.mark.parametrize("code", ["de", "fr", "en-XA"])
def test_status_and_paid_columns_hold_the_languages_widest_words(qtbot, code: str) -> None:  # noqa: ANN001
    set_language(code)
    try:
        t = build_demo(players=30)
        panel = PlayerPanel(PlayerModel(t.state, t.time.now()))
        qtbot.addWidget(panel)
        fm, head = panel.view.fontMetrics(), panel.view.horizontalHeader().fontMetrics()
        status, paid = 2, 5
        assert panel.view.columnWidth(status) >= fm.horizontalAdvance(widest_status())
        assert panel.view.columnWidth(paid) >= fm.horizontalAdvance(fmt.money(1_234_500))
        for col in range(panel.model.columnCount()):
            title = str(panel.model.headerData(col, 1))
            if col != 1:  # the name column stretches
                assert panel.view.columnWidth(col) >= head.horizontalAdvance(title), title
    finally:
        set_language("en")
