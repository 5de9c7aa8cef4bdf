"""The engine's commands, each declared once (public: the window, the CLI and the docs read these).

    from app.commands import catalogue, parse
    parse({"cmd": "bust", "player": "Ann Lee"})      # -> Bust(player="Ann Lee"), or RuleError INVALID_INPUT
    [c.name() for c in catalogue()]                  # every command, in a stable order
"""

from __future__ import annotations

from app.commands.base import Command, PlayerRef
from app.commands.catalogue import by_name, catalogue, declaration, parse, schema

__all__ = ["Command", "PlayerRef", "by_name", "catalogue", "declaration", "parse", "schema"]
