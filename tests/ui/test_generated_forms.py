"""Commands without a bespoke action: a form generated from the declaration, reached from Ctrl+K."""

from __future__ import annotations

import msgspec
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QCheckBox, QLineEdit, QSpinBox

from app.commands import catalogue
from ui.command_map import bespoke, generated, words
from ui.dialogs.command_form import CommandForm
from ui.palette import suggestions


def test_every_declared_command_has_a_form_and_a_palette_entry(qtbot, window):
    for decl in catalogue():
        form = CommandForm(decl.name(), window.session.state, window.runner, parent=window)
        qtbot.addWidget(form)
        declared = {f.encode_name for f in msgspec.structs.fields(decl)} - {"at"}
        assert set(form.fields) == declared and "at" not in form.fields
        form.check()  # never raises: a wrong form says so under it
    for decl in generated():
        labels = [s.label for s in suggestions(window.palette_parts, words(decl.name()))]
        assert any(label.startswith(words(decl.name())) for label in labels), (decl.name(), labels)
    for decl in catalogue():  # a purchase the profile does not offer (a freezeout's rebuy) is left out
        if bespoke(decl.name()) is not None and decl.name() not in window.not_offered:
            assert suggestions(window.palette_parts, words(decl.name())), decl.name()


def test_the_bust_form_checks_as_typed_and_runs_through_the_runner(qtbot, window):
    window.tables_ctl.act_seat_draw()
    window.run({"cmd": "start_clock"})  # play begins: nobody busts before (ELIM-6)
    form = CommandForm("bust", window.session.state, window.runner, parent=window)
    qtbot.addWidget(form)
    ok = form.buttons.button(form.buttons.StandardButton.Ok)
    assert isinstance(form.fields["player"].widget, QLineEdit)  # a player picker
    assert form.fields["player"].widget.completer() is not None
    assert isinstance(form.fields["hand_for_hand"].widget, QCheckBox)
    assert isinstance(form.fields["hand_level"].widget, QSpinBox)
    form.fields["stacks"].widget.setText("Ann Lee: lots")
    assert not ok.isEnabled() and not form.error.isHidden() and "stacks" in form.error.text()
    form.fields["stacks"].widget.clear()
    assert ok.isEnabled() and form.error.isHidden()
    form.fields["player"].widget.setText("Nobody Here")
    form.show()
    qtbot.mouseClick(ok, Qt.MouseButton.LeftButton)
    assert form.feedback.property("kind") == "refused" and form.feedback.text().count(". ") == 0  # one sentence
    form.fields["player"].widget.setText("Ann Lee")
    qtbot.mouseClick(ok, Qt.MouseButton.LeftButton)
    ann = window.session.state.players[window.session.state.by_name["ann lee"]]
    assert ann.status == "out" and not form.isVisible()
