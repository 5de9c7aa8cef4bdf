"""The tournament as JSON: what scenario files check and what every screen and sheet reads."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from app.registry import VIEW_PARTS

if TYPE_CHECKING:
    from app.engine import Tournament


def build_view(tournament: Tournament, part: str | None = None) -> dict[str, Any]:
    state = tournament.state
    if part is not None:
        if part not in VIEW_PARTS:
            raise KeyError(f"no view part {part!r}; parts: {', '.join(sorted(VIEW_PARTS))}")
        return {part: VIEW_PARTS[part](state)}
    return {name: fn(state) for name, fn in sorted(VIEW_PARTS.items())}
