"""The registration window (REG-1, P001): ``reg.opens_at`` and ``reg.closes_at``.

Both are ISO 8601 text or null (no limit): ``"2027-01-11T09:00"``, ``"2027-01-15T23:59:59+00:00"`` or
a bare date. A time without an offset is the local time of the computer running the tournament. A
bare date opens at the start of that day and closes at the end of it ([Reading] the seed's closing
day is open until its end).

Before the opening a registration is refused (``WINDOW_CLOSED``). After the closing it is recorded on
the waiting list, like one over the cap (``CAP_REACHED``, or refused with that code when the command
says ``"waitlist": false``). The window governs registration before play begins; late entry has its
own window (REG-3, REG-4).
"""

from __future__ import annotations

from typing import Any

from app.errors import RuleError
from app.i18n import _
from app.profiles.setting_checks import moment


def closing_words(text: str) -> str:
    """When registration closed, in words: a bare date closes at the end of that day."""
    stripped = text.strip()
    return f"the end of {stripped}" if len(stripped) == 10 else stripped


def registration_closed(settings: Any, now: float) -> bool:
    """REG-1: refuse before the opening; True when the registration comes after the closing."""
    opens, closes = settings["reg.opens_at"], settings["reg.closes_at"]
    if opens is not None and now < moment(opens):
        raise RuleError("WINDOW_CLOSED", _("Registration opens at {opens}.", opens=opens), "REG-1")
    return closes is not None and now >= moment(closes, closing=True)
