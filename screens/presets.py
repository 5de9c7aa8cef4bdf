"""The shipped presets' own words: their names, their screens' names, their banners and their descriptions.

A preset is a data file (``resources/layouts``), so its words are marked here, where the catalogue finds them,
and shown through :func:`shown`: a preset's words in the reader's language, a venue's own words (its layout's
name, a sponsor's banner it typed) as they are.
"""

from __future__ import annotations

from app.i18n import N_, _

WORDS: frozenset[str] = frozenset((
    # the presets' names
    N_("Big clock"),
    N_("Classic"),
    N_("Mixed games"),
    N_("Sponsors"),
    # their screens' names
    N_("Clock"),
    N_("Level up"),
    N_("Break"),
    N_("Final table"),
    N_("Hand for hand"),
    N_("Bubble"),
    N_("Announcement"),
    N_("Payouts"),
    N_("Chip leaders"),
    N_("Levels ahead"),
    N_("Partners"),
    N_("Phones and rules"),
    # their banners in words
    N_("Thank you to our partners"),
    N_("Ask the desk about sponsoring this event"),
    # their descriptions (the editor shows them)
    N_("For a big room read from its far end: the clock at half the screen's height and the bets under it, "
       "nothing else."),
    N_("For a screen turned upright in a big room: the clock as wide as the screen and the bets under it, "
       "nothing else."),
    N_("The clock, the blinds and the field on one screen; payouts and chip leaders take turns with it."),
    N_("The clock, the blinds and the field on a screen turned upright; payouts and chip leaders take turns with it."),
    N_("For HORSE and dealer's choice: the game in play in its own colour above the clock, the bets as its "
       "family has them (blinds, antes and bring-in, limits) and the games ahead."),
    N_("For HORSE and dealer's choice on a screen turned upright: the game in play in its own colour, the "
       "clock, the bets as its family has them and the games ahead."),
    N_("The clock and the bets above a strip of sponsors' banners taking turns; a full-screen banner, the "
       "phones' code and the house rules join the cycle."),
    N_("On a screen turned upright: the clock and the bets with a sponsors' banner under them; a "
       "full-screen banner, the phones' code and the house rules join the cycle."),
))


def shown(text: str) -> str:
    """``text`` in the reader's language when it is one of the presets' words, else as it is (the venue's)."""
    return _(text) if text in WORDS else text
