"""BRK-1, BAL-3: why the plan breaks a table or moves a player is kept in English in the log and read in the
reader's language where shown."""

from __future__ import annotations

from app.api import build_demo, reason_words, views
from app.balancing.reasons import said
from app.i18n import _, use_language


def test_brk_1_the_break_plans_reason_is_english_in_the_view_and_german_where_shown() -> None:
    t = build_demo()
    view = views.read(t, t.time.now())
    reason = next(p.reason for p in view.pending if p.kind == "break")
    assert reason == "270 players fit into 27 tables: tables 30, 29, 28 break together, into the tables that stay"
    with use_language("de"):
        assert reason_words(reason) == ("270 Spieler, 27 Tische reichen: Die Tische 30, 29, 28 werden zusammen "
                                        "aufgelöst, an die Tische, die bleiben")
    with use_language("en-XA"):
        shown = reason_words(reason)
        assert shown.startswith("[") and "fit" not in shown
    assert reason_words(reason) == reason


def test_a_reason_from_an_older_log_is_shown_as_written() -> None:
    with use_language("fr"):
        assert reason_words("moved by hand at the director's word") == "moved by hand at the director's word"


def test_bal_3_a_moves_reason_reads_in_french_with_its_spread() -> None:
    """The plan writes a move's reason in two steps (the spread, then the method's words); both translate."""
    inner = said(lambda: _("the player due the big blind next goes to the worst position"))
    outer = said(lambda: _("tables differ by {spread}: {reason}", spread=3, reason=reason_words(inner)))
    assert outer == "tables differ by 3: the player due the big blind next goes to the worst position"
    with use_language("fr"):
        assert reason_words(outer) == ("les tables diffèrent de 3\u202f: le joueur qui doit la prochaine grosse "
                                       "blinde va à la pire position")
