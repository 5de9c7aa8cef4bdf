"""Questions the engine asks often, as data (app.errors.Question): the button at a table, and the rebuy
or decline of a player who lost all his chips. Each answer is a command the director runs first."""

from __future__ import annotations

from collections.abc import Iterable

from app.core.state import Player, Table, TournamentState
from app.errors import Choice, Question


def button_question(state: TournamentState, table: Table, text: str) -> Question:
    """BTN-4: which occupied seat has the button; each choice runs set_button for that seat."""
    choices = tuple(
        Choice(
            f"Seat {seat} ({state.players[pid].name})",
            command={"cmd": "set_button", "table": table.number, "seat": seat},
        )
        for seat, pid in sorted(table.seats.items())
    )
    return Question(text, None, "choice", choices)


def rebuy_or_decline_question(players: Iterable[Player], text: str) -> Question:
    """ENT-5: each player who lost all his chips rebuys or declines before play goes on."""
    choices: list[Choice] = []
    for p in players:
        choices.append(Choice(f"{p.name} rebuys", command={"cmd": "rebuy", "player": p.id}))
        choices.append(Choice(f"{p.name} declines the rebuy", command={"cmd": "decline_rebuy", "player": p.id}))
    return Question(text, None, "choice", tuple(choices))
