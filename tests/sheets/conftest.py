"""A small demo tournament for the sheet tests, set up through the engine's commands."""

from __future__ import annotations

import io
from typing import Any

import pytest
from pypdf import PdfReader

from floorman.cmd_print import DEMO_NAMES, builtin_demo

UNICODE_NAMES = DEMO_NAMES[:5]


@pytest.fixture(scope="session")
def demo() -> Any:
    return builtin_demo()


def pdf_text(data: bytes) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(data)).pages)


def page_count(data: bytes) -> int:
    return len(PdfReader(io.BytesIO(data)).pages)


def unembedded_fonts(data: bytes) -> list[str]:
    """Base names of fonts used on any page that carry no embedded font program."""
    bad = []
    for page in PdfReader(io.BytesIO(data)).pages:
        fonts = page["/Resources"].get_object().get("/Font", {})
        for ref in fonts.values():
            font = ref.get_object()
            desc = font.get("/FontDescriptor")
            if desc is None and "/DescendantFonts" in font:
                desc = font["/DescendantFonts"][0].get_object().get("/FontDescriptor")
            desc = desc.get_object() if desc is not None else {}
            if not any(k in desc for k in ("/FontFile", "/FontFile2", "/FontFile3")):
                bad.append(str(font.get("/BaseFont")))
    return bad
