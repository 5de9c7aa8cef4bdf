"""Questions the engine asks often, as data (app.errors.Question): the button at a table, and the rebuy
or decline of a player who lost all his chips. Each answer is a command the director runs first."""

from __future__ import annotations

from collections.abc import Iterable

from app.core.state import Player, Table, TournamentState
from app.errors import Choice, Question, RuleError
from app.i18n import _, ngettext


def button_question(state: TournamentState, table: Table, text: str) -> Question:
    """BTN-4: which occupied seat has the button; each choice runs set_button for that seat."""
    choices = tuple(
        Choice(
            _("Seat {seat} ({name})", seat=seat, name=state.players[pid].name),
            command={"cmd": "set_button", "table": table.number, "seat": seat},
        )
        for seat, pid in sorted(table.seats.items())
    )
    return Question(text, None, "choice", choices)


def rebuy_or_decline_question(players: Iterable[Player], text: str) -> Question:
    """ENT-5: each player who lost all his chips rebuys or declines before play goes on."""
    choices: list[Choice] = []
    for p in players:
        choices.append(Choice(_("{name} rebuys", name=p.name), command={"cmd": "rebuy", "player": p.id}))
        choices.append(Choice(_("{name} declines the rebuy", name=p.name),
                              command={"cmd": "decline_rebuy", "player": p.id}))
    return Question(text, None, "choice", tuple(choices))


def _decide(names: str, n: int, when: str) -> str:
    """The question's words, by when the rebuy or the decline is wanted: whole sentences for the translators
    (the English is the same for one player and several; other languages' verbs are not)."""
    if when == "first":
        return ngettext("{names} lost all their chips: enter the rebuy or the decline first.",
                        "{names} lost all their chips: enter the rebuy or the decline first.", n, names=names)
    if when in ("before the next hand", _("before the next hand")):  # the callers may give it translated
        return ngettext("{names} lost all their chips: enter the rebuy or the decline before the next hand.",
                        "{names} lost all their chips: enter the rebuy or the decline before the next hand.", n,
                        names=names)
    if when in ("before the winners go to the winners' table", _("before the winners go to the winners' table")):
        return ngettext("{names} lost all their chips: enter the rebuy or the decline before the winners go to the "
                        "winners' table.",
                        "{names} lost all their chips: enter the rebuy or the decline before the winners go to the "
                        "winners' table.", n, names=names)
    return f"{names} lost all their chips: enter the rebuy or the decline {when}."


def rebuys_decided_first(players: list[Player], when: str = "first") -> None:
    """ENT-5: a player who lost all his chips is not yet in or out; while any of ``players`` is deciding,
    the command waits for the rebuy or the decline (asked as a question, ``when``: "first", "before ...")."""
    deciding = [p for p in players if p.deciding]
    if deciding:
        names = ", ".join(p.name for p in deciding)
        text = _decide(names, len(deciding), when)
        raise RuleError("NEEDS_INPUT", text, "ENT-5", question=rebuy_or_decline_question(deciding, text))
