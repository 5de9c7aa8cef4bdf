"""Refusals: every refused command raises a RuleError with a reason code and plain words."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

# Reason codes from the rules specification, plus the engine's own input checks.
SPEC_CODES = frozenset(
    {
        "NOT_OFFERED",
        "WINDOW_CLOSED",
        "REQUIRES_ZERO_STACK",
        "LIMIT_REACHED",
        "AMOUNT_INVALID",
        "EXCEEDS_START_STACK",
        "STACK_AT_OR_ABOVE_START",
        "PLAYER_ELIMINATED",
        "CAP_REACHED",
        "NO_OPEN_SEAT",
        "MISSING_IDENTITY",
        "ENTRY_ABOVE_MAX",
        "PURCHASE_ABOVE_PER_HAND_MAX",
        "FORCED_BET_ABOVE_MAX",
        "LEVEL_LENGTH_TOO_EARLY",
        "LEVEL_LENGTH_ALREADY_CHANGED",
        "DENOMINATION_STILL_NEEDED",
        "CHIPS_EXCEED_ISSUED",  # section 20.9: a count that would put more chips in play than were issued
        "CURRENCY_LOCKED",
    }
)

INPUT_CODES = frozenset(
    {
        "UNKNOWN_COMMAND",
        "INVALID_INPUT",
        "UNKNOWN_PLAYER",
        "UNKNOWN_TABLE",
        "SEAT_OUT_OF_RANGE",
        "SEAT_TAKEN",
        "DUPLICATE_NAME",
        "NOT_SEATED",
        "TOURNAMENT_OVER",
        "NOT_STARTED",
        "ALREADY_STARTED",
        "NEEDS_INPUT",
        "NOTHING_TO_UNDO",
        "NOTHING_TO_REDO",
        "INVALID_PROFILE",
        "INVALID_STRUCTURE",
        "CLOCK_STATE",
        "MOVE_NOT_ALLOWED",
        "ROLE_FORBIDDEN",  # a station's role does not enter this command (app/commands/roles.py)
        # The director's announcements on the room's screens (app/tournament/announcements.py).
        "ANNOUNCEMENT_EMPTY",
        "ANNOUNCEMENT_TOO_LONG",
        "TIME_PASSED",
        "UNKNOWN_ANNOUNCEMENT",
        "ANNOUNCEMENT_OVER",
        "UNKNOWN_LANGUAGE",  # a language code with no catalogue (app/i18n)
    }
)


@dataclass(frozen=True)
class Choice:
    """One answer the director may give to a question.

    ``value`` goes into the command's field and the command is repeated; a choice with a ``command``
    instead asks for that command to run first (e.g. the rebuy), after which the first is repeated.
    """

    label: str
    value: Any = None
    command: dict[str, Any] | None = None

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"label": self.label}
        if self.command is not None:
            out["command"] = self.command
        else:
            out["value"] = self.value
        return out


@dataclass(frozen=True)
class Question:
    """What a NEEDS_INPUT refusal asks: the question in words, the field its answer fills, the answers.

    ``kind`` says what an answer is: "bool" (yes or no), "choice" (one of ``choices``), "integer" (a
    whole number, e.g. a seat), or "amounts" (a whole number for each key in ``keys``, e.g. each busted
    player's starting stack, as an object key: number). ``field`` is None when every choice is a command
    to run first. A question of another kind may also offer choices that are commands: another way to
    answer (e.g. "amounts" of a chip count, or accepting the count as entered).

    The answer is given in one of two ways: the same command again with the answer in ``field``, or a
    choice's ``command`` run first, after which the same command is repeated as it was.

    Questions asked today: the level of a hand around a level change (CONV-6, "bool"), the starting
    stacks of a multi-player bust (ELIM-4, "amounts"), the button at a table (BTN-4, BAL-3: "choice" of
    set_button commands), the rebuy or decline of a player who lost his chips (ENT-5: "choice" of
    commands), the counts before a chip race (RACE-3, "amounts"), the end of the first stage (ELIM-8,
    "bool"), the stud dealer's seat (MIX-6, "integer") and a player's counted stack for a top-up or an
    add-on only for a player with no chips (ENT-6, ENT-7, "integer").
    """

    text: str
    field: str | None
    kind: str
    choices: tuple[Choice, ...] = ()
    keys: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"text": self.text, "field": self.field, "kind": self.kind}
        if self.choices:
            out["choices"] = [c.to_dict() for c in self.choices]
        if self.keys:
            out["keys"] = list(self.keys)
        return out


class RuleError(Exception):
    """A director command that the rules (or plain sense) forbid.

    ``code`` is a stable reason code used by tests and scenario files; ``message`` is what the
    director reads; ``rule`` names the spec rule behind it when there is one. A refused profile setting
    also names the ``setting`` and the ``reason`` apart, so a form can put the reason beside that setting
    in any language without reading the sentence.
    """

    def __init__(self, code: str, message: str, rule: str | None = None, *, question: Question | None = None,
                 setting: str | None = None, reason: str | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.rule = rule
        self.question = question
        self.setting = setting
        self.reason = reason

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"code": self.code, "message": self.message, "rule": self.rule}
        if self.question is not None:
            out["question"] = self.question.to_dict()
        return out

    def __str__(self) -> str:
        return f"{self.message} [{self.code}{' ' + self.rule if self.rule else ''}]"
