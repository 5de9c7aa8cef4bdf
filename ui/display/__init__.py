"""The room display: the second window the players watch (clock, game, bets, players, payouts).

``RoomDisplay`` and ``save_display_screenshots`` load on first use, so that the display's model
(``screens.frame``) imports without the window.
"""

from __future__ import annotations

from typing import Any

__all__ = ["RoomDisplay", "save_display_screenshots"]


def __getattr__(name: str) -> Any:
    if name == "RoomDisplay":
        from ui.display.window import RoomDisplay

        return RoomDisplay
    if name == "save_display_screenshots":
        from ui.display.screenshots import save_display_screenshots

        return save_display_screenshots
    raise AttributeError(f"module 'ui.display' has no attribute {name!r}")
