"""Imports every rules area so its commands, appliers and view parts register."""

from app import (  # noqa: F401
    buttons,
    lifecycle,
    seat_player,
    seating,
    tables_view,
)
