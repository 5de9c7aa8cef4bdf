"""Pre-registration and check-in at the door (REG-10, after REG-1 and REG-2).

A sign-up list (or a phone call) puts names on the pre-registered list: ``state.extra["preregistered"]``,
a list of ``{"name", "paid_ahead"}`` in the order they were taken. A pre-registered name is not a player:
no seat, no chips, not in the field, the prize pool or the places, so the seat draw and the balancing
never see it and a no-show never gets a seat. ``check_in`` takes the name off the list and registers
him as ``register`` does (he pays, or his buy-in paid ahead goes into the pool, and after the draw he is
seated as a late entrant is); ``remove_preregistration`` takes a name off the list. The names that
checked in are kept (``state.extra["checked_in"]``) so a second check-in is refused in words.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from app.commands.entries import CheckIn, Preregister, Register, RemovePreregistration
from app.core.registry import applies, command
from app.core.state import TournamentState
from app.entries.ledger import has_started
from app.entries.registration import late_entry_check
from app.errors import Choice, Question, RuleError
from app.events.entries import PlayersPreregistered, PreregistrationEnded
from app.format import chips as fmt_chips
from app.i18n import _
from app.names import fold_key, has_visible_character, name_key, name_problem, tidy

if TYPE_CHECKING:
    from app.core.context import Context

MAX_PREREGISTER = 5000  # names in one command: a sign-up list, not a phone book


def preregistered(state: TournamentState) -> list[dict[str, Any]]:
    """The pre-registered names not yet checked in, in the order they were taken."""
    found: list[dict[str, Any]] = state.extra.get("preregistered", [])
    return found


def _find(state: TournamentState, name: str) -> dict[str, Any] | None:
    key = name_key(name)
    return next((row for row in preregistered(state) if name_key(row["name"]) == key), None)


def is_preregistered(state: TournamentState, name: str) -> bool:
    return _find(state, name) is not None


def _checked_name(ctx: Context, raw: str, seen: set[str]) -> str:
    name = tidy(raw)
    if not name or not has_visible_character(name):
        raise RuleError(
            "INVALID_INPUT", _("A pre-registered player needs a name; one of the names is empty."), "REG-10"
        )
    problem = name_problem(name)
    if problem is not None:
        raise RuleError("INVALID_INPUT", _("{name}: {problem}", name=name[:40], problem=problem), "REG-10")
    key = name_key(name)
    if key in seen:
        raise RuleError(
            "DUPLICATE_NAME", _("{name} is named twice; pre-register each player once.", name=name), "REG-10"
        )
    pid = ctx.state.by_name.get(key)
    if pid is not None and pid in ctx.state.players:
        raise RuleError(
            "DUPLICATE_NAME",
            _(
                "{name} is already registered ({name2}); nothing was pre-registered.",
                name=name,
                name2=ctx.state.players[pid].name,
            ),
            "REG-10",
        )
    if is_preregistered(ctx.state, name):
        raise RuleError(
            "DUPLICATE_NAME", _("{name} is already pre-registered; nothing was pre-registered.", name=name), "REG-10"
        )
    seen.add(key)
    return name


def _same_but_for_accents(ctx: Context, names: list[str], another: bool | None) -> None:
    """REG-9 for a pre-registration: a name that differs from a registered or pre-registered one only in its
    accents and case is asked about; ``another`` True takes them all, False refuses."""
    known = {fold_key(p.name): p.name for p in ctx.state.players.values()}
    known.update({fold_key(r["name"]): r["name"] for r in preregistered(ctx.state)})
    clash = next(((name, known[fold_key(name)]) for name in names if fold_key(name) in known), None)
    if clash is None or another:
        return
    name, same = clash
    if another is False:
        raise RuleError("DUPLICATE_NAME", _("Nothing was pre-registered: {same} is already in.", same=same), "REG-10")
    text = _("{same} is already in; pre-register another {name}?", same=same, name=name)
    question = Question(text, "another", "bool", (Choice(_("Pre-register another {name}", name=name), True),
                                                  Choice(_("No: {same} is already in", same=same), False)))
    raise RuleError("NEEDS_INPUT", text, "REG-10", question=question)


@command
def preregister(ctx: Context, cmd: Preregister) -> None:
    """Names go on the pre-registered list: not seated, not in the field until they check in (REG-10)."""
    if not cmd.names:
        raise RuleError("INVALID_INPUT", _("Name at least one player to pre-register."), "REG-10")
    if len(cmd.names) > MAX_PREREGISTER:
        raise RuleError("INVALID_INPUT", _("At most {most} names can be pre-registered at once; this list has {n}.",
                                           most=fmt_chips(MAX_PREREGISTER), n=fmt_chips(len(cmd.names))), "REG-10")
    if ctx.state.ended:
        raise RuleError("TOURNAMENT_OVER", _("The tournament is over; nobody can be pre-registered."), "REG-10")
    if has_started(ctx.state):
        late_entry_check(ctx)  # after the start a pre-registered player could only enter late
    seen: set[str] = set()
    names = [_checked_name(ctx, raw, seen) for raw in cmd.names]
    _same_but_for_accents(ctx, names, cmd.another)
    listed = {name_key(n) for n in names}
    paid = [tidy(n) for n in cmd.paid_names]
    stray = next((n for n in paid if name_key(n) not in listed), None)
    if stray is not None:
        raise RuleError(
            "INVALID_INPUT", _("{stray} is among the names paid ahead but not among the names.", stray=stray), "REG-10"
        )
    paid_keys = {name_key(n) for n in paid}
    paid_names = [] if cmd.paid_ahead else [n for n in names if name_key(n) in paid_keys]
    ctx.emit(PlayersPreregistered(names=names, paid_ahead=cmd.paid_ahead, paid_names=paid_names))


def _not_on_the_list(ctx: Context, name: str) -> RuleError:
    key = name_key(name)
    if key in {name_key(n) for n in ctx.state.extra.get("checked_in", [])}:
        return RuleError("ALREADY_CHECKED_IN", _("{name} has already checked in.", name=tidy(name)), "REG-10")
    pid = ctx.state.by_name.get(key)
    if pid is not None and pid in ctx.state.players:
        return RuleError(
            "NOT_PREREGISTERED",
            _("{name} is registered already and was never pre-registered.", name=ctx.state.players[pid].name),
            "REG-10",
        )
    if not tidy(name):
        return RuleError("NOT_PREREGISTERED", _("That name is not on the pre-registered list."), "REG-10")
    return RuleError("NOT_PREREGISTERED", _("{name} is not on the pre-registered list.", name=tidy(name)), "REG-10")


@command
def check_in(ctx: Context, cmd: CheckIn) -> None:
    """A pre-registered player arrives: off the list, then registered (and paid, and seated) as ``register``
    does (REG-10); a refusal of the registration leaves him on the list."""
    row = _find(ctx.state, cmd.name_)
    if row is None:
        raise _not_on_the_list(ctx, cmd.name_)
    name, paid_ahead = str(row["name"]), bool(row.get("paid_ahead"))
    if paid_ahead and not cmd.pay:
        raise RuleError(
            "INVALID_INPUT",
            _("{name} paid the buy-in ahead: it is taken into the prize pool at check-in.", name=name),
            "REG-10",
        )
    ctx.emit(PreregistrationEnded(name_=name, checked_in=True))
    ctx.run(Register(name_=name, pay=cmd.pay, waitlist=cmd.waitlist, post_bb=cmd.post_bb, another=cmd.another,
                     mixed_scripts=cmd.mixed_scripts))


@command
def remove_preregistration(ctx: Context, cmd: RemovePreregistration) -> None:
    """The director takes a name off the pre-registered list (REG-10)."""
    row = _find(ctx.state, cmd.name_)
    if row is None:
        raise _not_on_the_list(ctx, cmd.name_)
    ctx.emit(PreregistrationEnded(name_=str(row["name"]), checked_in=False))


@applies
def _preregistered(state: TournamentState, ev: PlayersPreregistered) -> None:
    rows = state.extra.setdefault("preregistered", [])
    paid = set(ev.paid_names)
    rows.extend({"name": name, "paid_ahead": ev.paid_ahead or name in paid} for name in ev.names)


@applies
def _preregistration_ended(state: TournamentState, ev: PreregistrationEnded) -> None:
    key = name_key(ev.name_)
    state.extra["preregistered"] = [r for r in preregistered(state) if name_key(r["name"]) != key]
    if ev.checked_in:
        state.extra.setdefault("checked_in", []).append(ev.name_)
