"""The director's window and the room display (PySide6 only; no rule is decided here).

PySide6 6.12 on CPython 3.11 drops one reference to ``None`` on every call of a Qt method that returns
nothing (``QLabel.setText``, ``QSortFilterProxyModel.endFilterChange``...) and on every ``None``
returned from a Python override such as ``QAbstractItemModel.data``. ``None`` starts with a few
thousand references, so a window that refreshes ten times a second would reach zero within minutes and
the interpreter would abort ("deallocating None"). From CPython 3.12 on, ``None`` is immortal and this
cannot happen; on 3.11 the package gives ``None`` a reference count that no run can exhaust, before
any Qt code runs (every window module is imported through this package).
"""

from __future__ import annotations

import sys


def _keep_none_alive() -> None:
    if sys.version_info >= (3, 12) or sys.implementation.name != "cpython":
        return
    import ctypes

    refcount = ctypes.c_ssize_t.from_address(id(None))  # ob_refcnt is the first field of every object
    if refcount.value < 1 << 40:
        refcount.value += 1 << 46


_keep_none_alive()
