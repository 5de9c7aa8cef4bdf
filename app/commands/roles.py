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

from collections.abc import Callable

from app.commands.base import DESK, DIRECTOR, DIRECTOR_ONLY, FLOOR, ROLES, SCREEN, Command
from app.commands.catalogue import by_name
from app.errors import RuleError
from app.i18n import N_, _, pgettext

__all__ = ["DESK", "DIRECTOR", "FLOOR", "ROLES", "SCREEN", "allowed", "check_role", "known_role", "who_may"]

_ANY = _NOBODY = frozenset[str]()
_WHO: dict[frozenset[str], Callable[[], str]] = {
    # Translators: who may enter a command, as the subject of a sentence ("Only ... may use it").
    frozenset(): lambda: pgettext("who may", "the director"),
    frozenset({DESK}): lambda: pgettext("who may", "the desk or the director"),
    frozenset({FLOOR}): lambda: pgettext("who may", "the floor or the director"),
    frozenset({DESK, FLOOR}): lambda: pgettext("who may", "the desk, the floor or the director"),
}

# A station refused, by its role, what it was doing and who else may (each a whole sentence, for the translators).
_REFUSED: dict[tuple[str, str, frozenset[str]], str] = {
    (SCREEN, "enter", _ANY): N_("A screen station only shows the tournament: it cannot enter \u201c{what}\u201d."),
    (SCREEN, "undo", _ANY): N_("A screen station only shows the tournament: it cannot undo \u201c{what}\u201d."),
    (SCREEN, "redo", _ANY): N_("A screen station only shows the tournament: it cannot redo \u201c{what}\u201d."),
    (DESK, "enter", _NOBODY): N_("A desk station cannot enter \u201c{what}\u201d: that is for the director."),
    (DESK, "enter", frozenset({FLOOR})): N_(
        "A desk station cannot enter \u201c{what}\u201d: that is for the floor or the director."),
    (DESK, "undo", _NOBODY): N_("A desk station cannot undo \u201c{what}\u201d: that is for the director."),
    (DESK, "undo", frozenset({FLOOR})): N_(
        "A desk station cannot undo \u201c{what}\u201d: that is for the floor or the director."),
    (DESK, "redo", _NOBODY): N_("A desk station cannot redo \u201c{what}\u201d: that is for the director."),
    (DESK, "redo", frozenset({FLOOR})): N_(
        "A desk station cannot redo \u201c{what}\u201d: that is for the floor or the director."),
    (FLOOR, "enter", _NOBODY): N_("A floor station cannot enter \u201c{what}\u201d: that is for the director."),
    (FLOOR, "enter", frozenset({DESK})): N_(
        "A floor station cannot enter \u201c{what}\u201d: that is for the desk or the director."),
    (FLOOR, "undo", _NOBODY): N_("A floor station cannot undo \u201c{what}\u201d: that is for the director."),
    (FLOOR, "undo", frozenset({DESK})): N_(
        "A floor station cannot undo \u201c{what}\u201d: that is for the desk or the director."),
    (FLOOR, "redo", _NOBODY): N_("A floor station cannot redo \u201c{what}\u201d: that is for the director."),
    (FLOOR, "redo", frozenset({DESK})): N_(
        "A floor station cannot redo \u201c{what}\u201d: that is for the desk or the director."),
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
    return _WHO[frozenset(_roles_of(command) & {DESK, FLOOR})]()


def check_role(role: str | None, command: type[Command] | Command | str, what: str, *, doing: str = "enter") -> None:
    """RuleError ROLE_FORBIDDEN, in words, when a station of ``role`` may not run ``command``.

    ``what`` names the action as the history does ("bust-out of Ann Lee"); ``doing`` is the verb
    ("enter", "undo", "redo").
    """
    if allowed(role, command):
        return
    others = frozenset() if role == SCREEN else frozenset(_roles_of(command) & {DESK, FLOOR})
    template = _REFUSED.get((role or DIRECTOR, doing, others))
    if template is None:  # not a refusal the table knows (a verb of its own): said in English
        raise RuleError("ROLE_FORBIDDEN", f"A {role} station cannot {doing} \u201c{what}\u201d: that is for "
                        f"{who_may(command)}.")
    raise RuleError("ROLE_FORBIDDEN", _(template, what=what))
