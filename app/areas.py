"""Imports every rules area so its commands, appliers and view parts register."""

from app import (  # noqa: F401
    absence,
    buttons,
    chipcount,
    eliminations,
    entries,
    lifecycle,
    payouts,
    places,
    purchases,
    seat_player,
    seating,
    standings,
    tables_view,
    waitlist,
)
