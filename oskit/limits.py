"""How many files the process may hold open at once, where the system says.

- Linux and macOS: the soft limit of ``RLIMIT_NOFILE`` (1,024 by default on Linux; 256 for a macOS app
  started from the Finder).
- Windows: None. Sockets there are not bounded by the C runtime's file limit, and ``resource`` is absent.
"""

from __future__ import annotations

import importlib


def open_file_limit() -> int | None:
    """The process's limit of open files, or None where there is none to read (or it is unlimited)."""
    try:
        resource = importlib.import_module("resource")
    except ImportError:
        return None
    soft, _hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    return None if soft == resource.RLIM_INFINITY else int(soft)
