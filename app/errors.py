"""Refusals: every refused command raises a RuleError with a reason code and plain words."""

from __future__ import annotations

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
    }
)


class RuleError(Exception):
    """A director command that the rules (or plain sense) forbid.

    ``code`` is a stable reason code used by tests and scenario files; ``message`` is what the
    director reads; ``rule`` names the spec rule behind it when there is one.
    """

    def __init__(self, code: str, message: str, rule: str | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.rule = rule

    def to_dict(self) -> dict[str, str | None]:
        return {"code": self.code, "message": self.message, "rule": self.rule}

    def __str__(self) -> str:
        return f"{self.message} [{self.code}{' ' + self.rule if self.rule else ''}]"
