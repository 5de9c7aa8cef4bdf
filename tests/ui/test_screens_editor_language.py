"""The room screens' layout editor in the pseudo-language en-XA: every word it shows is translated (the
pieces' titles and groups, the presets' names, screens and descriptions, the controls), and none is cut."""

from __future__ import annotations

import re

import pytest
from PySide6.QtWidgets import QComboBox, QTreeWidget

from app.api import CATALOGUE
from app.i18n import PSEUDO, set_language
from screens.pieces import PIECES
from tests.support.pseudo_check import cut, shown_texts, untranslated
from ui.screens_editor.dialog import LayoutEditor

COLOUR = re.compile(r"#[0-9a-fA-F]{6}")


@pytest.fixture
def pseudo_editor(qtbot, tmp_path):
    set_language(PSEUDO)
    dialog = LayoutEditor(folder=tmp_path / "layouts")
    qtbot.addWidget(dialog)
    dialog.show()
    yield dialog
    set_language("en")


def test_the_editor_shows_no_word_untranslated_and_none_cut_in_the_pseudo_language(pseudo_editor) -> None:
    editor = pseudo_editor
    games = [str(g.name) for g in CATALOGUE.values()]
    data = [*games, "OK", "Cancel"]
    for tab in range(editor.tabs.count()):
        editor.tabs.setCurrentIndex(tab)
        # the fonts' names are the system's (the font box lists them as they are)
        texts = [s for s in shown_texts(editor) if not s.widget.startswith("QFontComboBox")]
        texts = [type(s)(s.widget, COLOUR.sub(" ", s.text), s.cut) for s in texts]
        assert not untranslated(texts, data=data), untranslated(texts, data=data)
        assert not cut(texts), cut(texts)
    tree = editor.findChild(QTreeWidget, "pieces")
    titles = [tree.topLevelItem(g).child(i).text(0) for g in range(tree.topLevelItemCount())
              for i in range(tree.topLevelItem(g).childCount())]
    assert len(titles) == len(PIECES) and all(t.startswith("[") for t in titles)
    screens = editor.findChild(QComboBox, "screen")
    assert all(screens.itemText(i).startswith("[") for i in range(screens.count()))
    assert editor.presets.currentItem().text().startswith("[") and editor.description.text().startswith("[")
