"""Who may enter what: the role of a station, and the check every command passes where it enters.

    allowed("desk", "rebuy")        # True: the cashier desk takes rebuys
    allowed("desk", "bust")         # False: bust-outs are the floor's (or the director's)
    check_role("desk", Bust(player="Ann"), "bust-out of Ann")   # RuleError ROLE_FORBIDDEN, in words

Every command declares, once, the roles besides the director that may run it (``roles`` in its
declaration, app/commands/<area>.py); the director may run everything and a screen nothing. A station
that is not the director's enters only what its job is: the desk takes the money and seats players
(nothing that changes the play), the floor enters what happens at the tables.
"""

from __future__ import annotations

from app.commands.base import DESK, DIRECTOR, DIRECTOR_ONLY, FLOOR, ROLES, SCREEN, Command
from app.commands.catalogue import by_name
from app.errors import RuleError
from app.i18n import N_, _

__all__ = ["DESK", "DIRECTOR", "FLOOR", "ROLES", "SCREEN", "allowed", "check_role", "known_role", "who_may"]

_WHO = {
    # Translators: who may enter a command; it ends the sentence "A desk station cannot enter ...: that is for {who}."
    frozenset(): N_("the director"),
    frozenset({DESK}): N_("the desk or the director"),
    frozenset({FLOOR}): N_("the floor or the director"),
    frozenset({DESK, FLOOR}): N_("the desk, the floor or the director"),
}
# A station refused, by its role and what it was doing (each a whole sentence, for the translators).
_REFUSED = {
    (SCREEN, "enter"): N_("A screen station only shows the tournament: it cannot enter \u201c{what}\u201d."),
    (SCREEN, "undo"): N_("A screen station only shows the tournament: it cannot undo \u201c{what}\u201d."),
    (SCREEN, "redo"): N_("A screen station only shows the tournament: it cannot redo \u201c{what}\u201d."),
    (DESK, "enter"): N_("A desk station cannot enter \u201c{what}\u201d: that is for {who}."),
    (DESK, "undo"): N_("A desk station cannot undo \u201c{what}\u201d: that is for {who}."),
    (DESK, "redo"): N_("A desk station cannot redo \u201c{what}\u201d: that is for {who}."),
    (FLOOR, "enter"): N_("A floor station cannot enter \u201c{what}\u201d: that is for {who}."),
    (FLOOR, "undo"): N_("A floor station cannot undo \u201c{what}\u201d: that is for {who}."),
    (FLOOR, "redo"): N_("A floor station cannot redo \u201c{what}\u201d: that is for {who}."),
}


def known_role(role: str) -> str:
    """``role`` if it is one of :data:`ROLES`, else RuleError INVALID_INPUT naming them."""
    if role not in ROLES:
        raise RuleError("INVALID_INPUT", _("'{role}' is not a station's role; a station is one of: {roles}.",
                                           role=role, roles=", ".join(ROLES)))
    return role


def allowed(role: str | None, command: type[Command] | Command | str) -> bool:
    """May a station of ``role`` run ``command`` (a declaration, or a command's name)? None is the
    director (a single laptop). An unknown command's name is the director's alone."""
    role = DIRECTOR if role is None else known_role(role)
    if role == DIRECTOR:
        return True
    if role == SCREEN:
        return False
    return role in _roles_of(command)


def _roles_of(command: type[Command] | Command | str) -> frozenset[str]:
    if isinstance(command, str):
        decl = by_name(command)
        return decl.roles if decl is not None else DIRECTOR_ONLY
    return command.roles


def who_may(command: type[Command] | Command | str) -> str:
    """Who may run it, in words: "the floor or the director", "the director"."""
    return _(_WHO[frozenset(_roles_of(command) & {DESK, FLOOR})])


def check_role(role: str | None, command: type[Command] | Command | str, what: str, *, doing: str = "enter") -> None:
    """RuleError ROLE_FORBIDDEN, in words, when a station of ``role`` may not run ``command``.

    ``what`` names the action as the history does ("bust-out of Ann Lee"); ``doing`` is the verb
    ("enter", "undo", "redo").
    """
    if allowed(role, command):
        return
    template = _REFUSED[(role or DIRECTOR, doing)]
    raise RuleError("ROLE_FORBIDDEN", _(template, what=what, who=who_may(command)))
