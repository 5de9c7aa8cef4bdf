"""Imports every rules area so its commands, appliers and view parts register."""

from app import (  # noqa: F401
    absence,
    balancing,
    breaking,
    buttons,
    chipcount,
    clock_commands,
    eliminations,
    entries,
    lifecycle,
    payouts,
    places,
    purchases,
    rotation,
    seat_player,
    seating,
    stages,
    standings,
    studorder,
    tables_view,
    waitlist,
)
