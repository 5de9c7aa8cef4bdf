"""The sheets' own language, chosen in the print dialog (Ctrl+P) and remembered, apart from the window's."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QWidget

from app.i18n import LANGUAGES, PSEUDO, language_name
from tests.support.pseudo_check import Shown, cut, shown_texts, untranslated
from tests.ui.test_print_sheets import opened, pdf_text  # noqa: F401 - the fixture, and the PDF's words
from ui import language
from ui.printing.chooser import SheetChooser
from ui.printing.jobs import SheetJob


def test_the_print_dialog_in_the_pseudo_language_is_all_translated_and_uncut(qtbot, pseudo):
    parent = QWidget()
    qtbot.addWidget(parent)
    chooser = SheetChooser([], lambda _job: None, parent)
    chooser.show()
    qtbot.waitExposed(chooser)
    items = [Shown("sheet", chooser.list.item(i).text()) for i in range(chooser.list.count())]
    chooser.list.hide()  # its rows are read above, one by one
    shown = list(shown_texts(chooser))
    names = (*LANGUAGES.values(), language_name(PSEUDO))
    assert len(shown) >= 3 and untranslated(shown, names) == []
    assert cut(shown) == []
    assert len(items) >= 10 and untranslated(items) == []


def test_the_sheets_language_is_chosen_in_the_dialog_remembered_and_given_to_the_job(qtbot):
    language.remember("sheets", "fr")
    ran: list[SheetJob] = []
    parent = QWidget()
    qtbot.addWidget(parent)
    chooser = SheetChooser([], ran.append, parent)
    assert chooser.language.currentData() == "fr"  # the language chosen for the sheets
    chooser.language.setCurrentIndex(chooser.language.findData("de"))
    assert language.saved()["sheets"] == "de" and language.chosen("sheets") == "de"
    chooser.list.setCurrentRow(0)
    chooser.run_current()
    assert ran and ran[0].options["language"] == "de"
    assert SheetChooser([], ran.append, parent).language.currentData() == "de"  # remembered


def test_ctrl_p_prints_a_sheet_in_the_language_chosen_for_the_sheets(qtbot, window, opened):  # noqa: F811
    qtbot.keyClick(window, Qt.Key.Key_P, Qt.KeyboardModifier.ControlModifier)
    chooser = window.printing.sheet_chooser
    chooser.language.setCurrentIndex(chooser.language.findData("es"))
    qtbot.keyClicks(chooser.edit, "payouts")
    assert chooser.jobs[0].sheet == "payouts"
    with qtbot.waitSignal(window.printing.renderer.finished, timeout=20_000):
        qtbot.keyClick(chooser.edit, Qt.Key.Key_Return)
    preview = window.printing.previews[-1]
    qtbot.mouseClick(preview.open_button, Qt.MouseButton.LeftButton)
    text = pdf_text(opened[0])
    assert "Pagos" in text and "Bote de premios" in text and "Payouts" not in text
    assert "Payouts" in preview.windowTitle()  # the window itself stays in its own language


def test_the_preview_in_the_pseudo_language_is_all_translated_and_uncut(qtbot, pseudo, tmp_path):
    from ui.printing.jobs import SheetResult, job_for
    from ui.printing.preview import PreviewDialog

    path = tmp_path / "friday-payouts.pdf"
    path.write_bytes(b"%PDF-1.4\n")
    job = job_for("payouts")
    preview = PreviewDialog(SheetResult(job, path, 3, [], 0.1), lambda _path: False)
    qtbot.addWidget(preview)
    preview.show()
    qtbot.waitExposed(preview)
    preview.open_pdf()  # no viewer: said in words, in the window's language
    shown = list(shown_texts(preview))
    qt_own = ("Close",)  # the standard button: Qt's translator writes it (none exists for the pseudo-language)
    assert untranslated(shown, (str(path), "Floorman", *qt_own)) == []
    assert cut(shown) == []
    assert "[Påýöûţš~]" in preview.windowTitle()
