"""The mouse wheel scrolls the page under the pointer; a spin box or a list it passes over keeps its value
until the director has clicked into it (ui.wheel, installed on the application at launch)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtWidgets import QApplication, QComboBox, QDoubleSpinBox, QScrollArea, QSpinBox, QVBoxLayout, QWidget

from app.profiles.profile import load_profile
from ui import wheel
from ui.dialogs.new_tournament import NewTournamentDialog


@pytest.fixture
def wheel_filter(qapp):
    """The application's filter, as launch installs it; taken away after the test."""
    installed = wheel.install(qapp)
    yield installed
    qapp.removeEventFilter(installed)
    installed.setParent(None)  # not the application's any more


def roll(widget: QWidget, notches: int = -1) -> None:
    """The wheel turned over the middle of ``widget`` (down for a negative number of notches)."""
    pos = QPointF(widget.rect().center())
    QApplication.sendEvent(widget, QWheelEvent(
        pos, QPointF(widget.mapToGlobal(pos)), QPoint(0, 0), QPoint(0, 120 * notches), Qt.MouseButton.NoButton,
        Qt.KeyboardModifier.NoModifier, Qt.ScrollPhase.NoScrollPhase, False))


def long_page(qtbot) -> tuple[QScrollArea, QSpinBox, QDoubleSpinBox, QComboBox]:
    page = QWidget()
    lay = QVBoxLayout(page)
    spin, money, combo = QSpinBox(), QDoubleSpinBox(), QComboBox()
    spin.setValue(3)
    money.setValue(25.0)
    combo.addItems(["one", "two", "three"])
    for i in range(30):
        lay.addWidget(spin if i == 10 else money if i == 11 else combo if i == 12 else QSpinBox())
    area = QScrollArea()
    area.setWidget(page)
    area.resize(300, 200)
    qtbot.addWidget(area)
    area.show()
    qtbot.waitExposed(area)
    return area, spin, money, combo


def test_the_wheel_over_a_spin_box_or_list_scrolls_the_page_and_changes_nothing(qtbot, wheel_filter):
    area, spin, money, combo = long_page(qtbot)
    bar = area.verticalScrollBar()
    for box in (spin, money, combo, spin.lineEdit(), money.lineEdit()):
        before = bar.value()
        roll(box)
        assert bar.value() > before, box  # the page scrolled
        assert (spin.value(), money.value(), combo.currentIndex()) == (3, 25.0, 0)
    for box in (spin, money, combo):
        assert box.focusPolicy() == Qt.FocusPolicy.StrongFocus  # the wheel never gives them the keyboard


def test_once_clicked_into_the_wheel_changes_the_value(qtbot, wheel_filter):
    area, spin, money, combo = long_page(qtbot)
    area.activateWindow()
    qtbot.waitUntil(area.isActiveWindow)
    spin.setFocus()
    qtbot.waitUntil(spin.hasFocus)
    roll(spin, 1)
    assert spin.value() == 4
    combo.setFocus()
    qtbot.waitUntil(combo.hasFocus)
    roll(combo)
    assert combo.currentIndex() == 1 and spin.value() == 4


def test_scrolling_the_new_tournament_rules_leaves_top_ups_per_player_alone(qtbot, tmp_path, wheel_filter):
    dialog = NewTournamentDialog(load_profile("home-rebuy"), tmp_path)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    dialog.other_toggle.setChecked(True)
    top_ups = dialog.rows["topup.max_per_player"].editor.spin  # type: ignore[attr-defined]
    before = top_ups.value()
    bar = dialog.area.verticalScrollBar()
    bar.setValue(0)
    for _ in range(before + 2):
        roll(top_ups)
    assert top_ups.value() == before and dialog.changes() == {}
    assert bar.value() > 0


def test_launch_installs_the_filter_on_the_application(qapp, monkeypatch):
    from ui import launch, theme

    monkeypatch.setattr(theme, "apply", lambda app, dark: None)  # this test's application keeps its looks
    assert qapp.findChild(wheel.WheelNeedsFocus) is None
    app = launch._app()
    installed = app.findChild(wheel.WheelNeedsFocus)
    try:
        assert app is qapp and installed is not None
        assert wheel.install(app) is installed  # once
    finally:
        app.removeEventFilter(installed)
        installed.setParent(None)  # not the application's any more
