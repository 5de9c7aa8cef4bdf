"""How a PDF reaches a printer on this system.

- Linux, macOS: CUPS. Where its ``lp`` exists, the PDF goes to the queue as it is (CUPS renders it);
  Floorman checks the queue by name first (``lpstat``).
- Windows: there is no queue that takes a PDF as it is, so Qt paints each page (drawn by pdfium) on
  the printer chosen in the print dialog, and Windows' own spooler takes it from there.

    route = print_route()
    if route.takes_pdf(): ...   # lp -d QUEUE -- FILE
    else: ...                   # paint the pages on a QPrinter
"""

from __future__ import annotations

import functools
import shutil
from collections.abc import Callable
from typing import Protocol

from oskit import WINDOWS, system


class PrintRoute(Protocol):
    name: str

    def takes_pdf(self) -> bool:
        """True when the system's print queue takes a PDF file as it is (through ``lp``)."""
        ...


class CupsRoute:
    """Linux and macOS: CUPS's ``lp``, when it is installed (on macOS it always is)."""

    name = "CUPS (lp)"

    def __init__(self, which: Callable[[str], str | None] | None = None) -> None:
        self._which = which

    def takes_pdf(self) -> bool:
        return (self._which or shutil.which)("lp") is not None


class PaintedRoute:
    """Windows: Qt paints the pages on the chosen printer; an ``lp`` on PATH (Cygwin, MSYS) is not Windows' queue."""

    name = "Windows printing (Qt)"

    def takes_pdf(self) -> bool:
        return False


def route_for(platform: str | None = None) -> PrintRoute:
    """The print route of ``platform`` (default: this system, read now)."""
    return PaintedRoute() if system(platform) == WINDOWS else CupsRoute()


@functools.cache
def print_route() -> PrintRoute:
    return route_for()
