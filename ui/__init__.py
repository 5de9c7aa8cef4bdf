"""The director's window and the room display (PySide6 only; no rule is decided here).

PySide6 is pinned to 6.11.3: 6.12.0 on CPython 3.11 drops a reference to ``None`` on every Qt call
that returns nothing, and a window refreshing all night aborts the interpreter ("deallocating
None"). tests/ui/test_none_refcount.py keeps that from coming back with an upgrade.
"""
