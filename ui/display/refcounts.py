"""Keeps PySide6 6.12 from freeing ``None``, ``True`` and ``False`` on Python 3.11.

PySide6 6.12.0's bindings return ``None`` (every method returning void) and ``True``/``False``
without taking a reference, as if those objects were immortal, which they are only from Python 3.12
on (PEP 683). On 3.11 each such call drops one reference; ``None`` starts near 5,000 references, so
a window repainting all night would end with "Fatal Python error: none_dealloc" within minutes.

:func:`protect_singletons` gives the three objects 2**40 extra references, once per process, which
makes them as good as immortal. It does nothing on Python 3.12 and later, on debug builds, and on
interpreters other than CPython.
"""

from __future__ import annotations

import ctypes
import sys

_EXTRA = 1 << 40
_done = False


def needed() -> bool:
    return sys.implementation.name == "cpython" and sys.version_info < (3, 12) and not hasattr(sys, "gettotalrefcount")


def protect_singletons() -> bool:
    """Make ``None``, ``True`` and ``False`` immortal in practice; True if it changed anything."""
    global _done
    if _done or not needed():
        return False
    for obj in (None, True, False):
        # The reference count is the first field of every object (Py_ssize_t ob_refcnt).
        ctypes.c_ssize_t.from_address(id(obj)).value += _EXTRA
    _done = True
    return True
