"""Imports every rules area so its commands, appliers and view parts register."""

from app import (  # noqa: F401
    eliminations,
    entries,
    lifecycle,
    payouts,
    places,
    purchases,
    standings,
)
