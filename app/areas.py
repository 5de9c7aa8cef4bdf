"""Imports every rules area so its commands, appliers and view parts register."""

from app import lifecycle  # noqa: F401
