"""Undo and redo through the store's own history (never while the director is typing)."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QAbstractSpinBox, QApplication, QLineEdit, QMessageBox, QPlainTextEdit, QTextEdit

from app.api import RuleError
from app.commands.roles import SCREEN
from app.i18n import N_, _
from ui.control.parts import Shell
from ui.errors import store_message
from ui.session import Session
from ui.shortcuts import UNDO_WHEN_EMPTY

if TYPE_CHECKING:
    from ui.tabs.simple_tabs import HistoryTab


SCREEN_UNDO = N_("A screen station only shows the tournament: undo and redo are for the stations that enter it.")


def typing() -> bool:
    """The director is typing something of their own to undo (the action bar empty has nothing: after a
    command, whose name it clears, Ctrl+Z undoes the command at once)."""
    w = QApplication.focusWidget()
    if isinstance(w, QLineEdit) and w.property(UNDO_WHEN_EMPTY):
        return bool(w.text())
    return isinstance(w, QTextEdit | QPlainTextEdit | QAbstractSpinBox)


class HistoryControl:
    """Undo and redo: Edit's two entries (made here, placed by the menus), the History tab's buttons."""

    def __init__(self, session: Session, tab: HistoryTab, shell: Shell) -> None:
        self.session, self.tab, self.shell = session, tab, shell
        self.undo_action = QAction(_("Undo"), shell.parent)
        self.redo_action = QAction(_("Redo"), shell.parent)
        self.ask_box: QMessageBox | None = None  # the question before undoing another station's action

    def act_undo(self) -> None:
        self._step(undo=True)

    def act_redo(self) -> None:
        self._step(undo=False)

    def _step(self, undo: bool) -> None:
        if typing():
            return
        who = self.session.entered_elsewhere(undo)
        if who is not None:
            self._ask(undo, who)
            return
        self._do_step(undo)

    def _ask(self, undo: bool, who: str) -> None:
        """Another station entered the action: say who, and ask first; Enter and Esc keep it."""
        label = (self.session.undo_label() if undo else self.session.redo_label()) or ""
        at = self.session.entered_at(undo)
        action = label[:1].upper() + label[1:]
        if undo:
            title, go_words, keep_words = _("Undo another station's action"), _("Undo it"), _("Keep it")
            question = (_("Undo \u201c{action}\u201d entered by {who} at {time}?", action=action, who=who,
                          time=time.strftime('%H:%M', time.localtime(at))) if at is not None
                        else _("Undo \u201c{action}\u201d entered by {who}?", action=action, who=who))
        else:
            title, go_words, keep_words = _("Redo another station's action"), _("Redo it"), _("Leave it undone")
            question = (_("Redo \u201c{action}\u201d entered by {who} at {time}?", action=action, who=who,
                          time=time.strftime('%H:%M', time.localtime(at))) if at is not None
                        else _("Redo \u201c{action}\u201d entered by {who}?", action=action, who=who))
        box = QMessageBox(QMessageBox.Icon.Question, title, question, QMessageBox.StandardButton.NoButton,
                          self.shell.parent)
        go = box.addButton(go_words, QMessageBox.ButtonRole.AcceptRole)
        keep = box.addButton(keep_words, QMessageBox.ButtonRole.RejectRole)
        box.setDefaultButton(keep)
        box.setEscapeButton(keep)
        box.buttonClicked.connect(lambda button: self._do_step(undo) if button is go else None)
        box.finished.connect(lambda _code: self._asked())
        self.ask_box = box
        box.open()

    def _asked(self) -> None:
        self.ask_box = None
        self.shell.activate()

    def _do_step(self, undo: bool) -> None:
        session = self.session
        try:
            label = session.undo() if undo else session.redo()
        except RuleError as err:
            self.tab.feedback.refuse(err.message)
            return
        except Exception as exc:  # a read-only file: the store says so
            said = store_message(exc)
            if said is None:
                raise
            self.shell.say(said, 8000)
            return
        self.shell.say(_("Undone: {action}", action=label) if undo else _("Redone: {action}", action=label), 5000)

    def labels(self) -> None:
        u, r = self.session.undo_label(), self.session.redo_label()
        screen = self.session.role == SCREEN  # a screen station changes nothing: nothing to undo or redo here
        if screen:
            u = r = None
        self.undo_action.setText(_("Undo: {action}", action=u) if u else _("Undo"))
        self.undo_action.setEnabled(u is not None)
        self.redo_action.setText(_("Redo: {action}", action=r) if r else _("Redo"))
        self.redo_action.setEnabled(r is not None)
        for action in (self.undo_action, self.redo_action):
            action.setToolTip(_(SCREEN_UNDO) if screen else action.text())
            action.setStatusTip(_(SCREEN_UNDO) if screen else "")
        self.tab.set_labels(u, r)
