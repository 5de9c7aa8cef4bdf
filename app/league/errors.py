"""A league setting or action that cannot be accepted; ``message`` says why in plain words."""

from __future__ import annotations


class LeagueError(ValueError):
    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message
