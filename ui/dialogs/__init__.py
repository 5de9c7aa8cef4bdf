"""The window's dialogs. :func:`ok_cancel` is the button row most of them end with."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QDialog, QDialogButtonBox


def ok_cancel(dialog: QDialog, on_ok: Callable[[], None]) -> QDialogButtonBox:
    """OK runs ``on_ok`` (which accepts the dialog when the answer is right); Cancel and Esc reject."""
    buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
    buttons.accepted.connect(on_ok)
    buttons.rejected.connect(dialog.reject)
    return buttons
