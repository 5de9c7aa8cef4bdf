"""The pseudo-language en-XA: every word bracketed, accented and lengthened by 40 %.

A word shown without its brackets was never marked for translation; a word whose closing bracket is
missing was cut by its box. Placeholders (``{name}``), Qt's shortcut marks (``&File``), markup tags and
entities are kept as they are, so a pseudo-translated string still formats and renders.
"""

from __future__ import annotations

import math
import re

_ACCENTED = str.maketrans(
    "AaBCcDdEeGgHhIiJjKkLlNnOoRrSsTtUuWwYyZz",
    "ÅåƁÇçĐđÉéĜĝĤĥÎîĴĵĶķĻļÑñÖöŔŕŠšŢţÛûŴŵÝýŽž",
)
# Pieces never changed: placeholders, markup tags, entities, Qt's "&&" and "&X" shortcut marks.
_KEEP = re.compile(r"(\{[^{}]*\}|<[^<>]*>|&[a-zA-Z]+;|&&|&(?=\w)|%\w)")
_PAD = "~"


def pseudo(text: str) -> str:
    """``"Open {name}"`` -> ``"[Öþéñ {name}~~~]"``: 40 % longer than the English words (at least one mark)."""
    if not text:
        return text
    parts = _KEEP.split(text)
    words = 0
    out: list[str] = []
    for index, part in enumerate(parts):
        if index % 2:  # a kept piece
            out.append(part)
        else:
            out.append(part.translate(_ACCENTED))
            words += len(part)
    pad = max(1, math.ceil(words * 0.4) - 2)
    return "[" + "".join(out) + _PAD * pad + "]"
