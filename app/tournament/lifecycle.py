"""Creating, starting and ending a tournament; notes for the audit trail."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from app.commands.tournament import ChangeSettings, EndFlightDay, JoinEvent, Note
from app.core.registry import applies, command
from app.core.state import TournamentState
from app.errors import RuleError
from app.events.tournament import EventJoined, FlightDayEnded, NoteWritten, SettingsChanged, TournamentCreated
from app.format import currency_name
from app.i18n import _
from app.levels.structure import Structure, check_forced_bets, check_setup, for_settings
from app.levels.timeline import structure_of
from app.profiles.profile import profile_from_dict, validate_settings
from app.tournament.day_end import DAY_END_REASONS

if TYPE_CHECKING:
    from app.core.context import Context


@applies
def _created(state: TournamentState, ev: TournamentCreated) -> None:
    state.profile = profile_from_dict(ev.profile)
    state.name = ev.title
    state.seed = ev.seed
    state.created_at = ev.at


@command
def note(ctx: Context, cmd: Note) -> None:
    """Write a note into the tournament's log (a ruling, a dispute, anything)."""
    if not cmd.text.strip():
        raise RuleError("INVALID_INPUT", _("A note needs some text."))
    ctx.emit(NoteWritten(text=cmd.text.strip()))


@applies
def _note(state: TournamentState, ev: NoteWritten) -> None:
    state.extra.setdefault("notes", []).append({"at": ev.at, "text": ev.text})


@command
def end_flight_day(ctx: Context, cmd: EndFlightDay) -> None:
    """FLT-3: the day ends once; every table bags (the engine refuses play after it: FLIGHT_BAGGED)."""
    if ctx.state.extra.get("day_ended"):
        raise RuleError("FLIGHT_BAGGED", _("This flight's day has already ended; its chips are bagged."))
    if cmd.reason not in DAY_END_REASONS:
        raise RuleError("INVALID_INPUT", _("A day ends by one of: {reasons}.", reasons=", ".join(DAY_END_REASONS)))
    if not ctx.state.tables:
        raise RuleError("NOT_STARTED", _("This flight has not been seated yet; there is nothing to bag."))
    ctx.emit(FlightDayEnded(reason=cmd.reason))


@applies
def _flight_day_ended(state: TournamentState, ev: FlightDayEnded) -> None:
    state.extra["day_ended"] = {"at": ev.at, "reason": ev.reason}


@command
def join_event(ctx: Context, cmd: JoinEvent) -> None:
    """FLT-1: this tournament is a flight of an event (its file and the flight's name), remembered in its file."""
    file, flight = cmd.event_file.strip(), " ".join(cmd.flight.split())
    if not file or not flight:
        raise RuleError("INVALID_INPUT", _("Name the event's file and this tournament's flight in it."), "FLT-1")
    if ctx.state.extra.get("event") == {"file": file, "flight": flight}:
        raise RuleError("INVALID_INPUT", _("This tournament is already {flight} of that event.", flight=flight),
                        "FLT-1")
    ctx.emit(EventJoined(event_file=file, flight=flight))


@applies
def _event_joined(state: TournamentState, ev: EventJoined) -> None:
    state.extra["event"] = {"file": ev.event_file, "flight": ev.flight}


# Settings that decide the structure in force or its cap on forced bets (CLK-9).
STRUCTURE_KEYS = frozenset({"structure.max_forced_bet", "structure.id", "structure.sb_rule", "structure.s004_scale"})


def structure_after(state: TournamentState, merged: dict[str, Any]) -> Structure:
    """The structure in force once ``merged`` applies: the clock's own (fixed at its start or set by the
    director), else the one the settings name."""
    if isinstance(state.clock.get("structure"), dict):
        return structure_of(state)
    return for_settings(merged)


def check_currency(state: TournamentState, currency: str) -> None:
    """§20.8: ``money.currency`` can change only until the first entry is paid. After that the money taken,
    the prize pool and every amount already written are in the first currency: a change is refused in
    words (``CURRENCY_LOCKED``) rather than making the pool read in another."""
    assert state.profile is not None
    old = str(state.profile["money.currency"])
    if currency == old or not any(state.money_counts.values()):
        return

    raise RuleError(
        "CURRENCY_LOCKED",
        _("The currency cannot change from {old} to {new}: entries were already paid, and the money taken and the "
          "prize pool are counted in {name}.", old=old, new=currency, name=currency_name(old)),
        "ENT-12",
    )


@command
def change_settings(ctx: Context, cmd: ChangeSettings) -> None:
    """Tune the tournament's rule profile (any [Config] key), checked like a profile file.

    A change of the structure or of its forced-bet cap is refused when a level of the structure in force
    would have a forced bet above the cap (CLK-9).
    """
    settings = cmd.settings
    if not settings:
        raise RuleError("INVALID_INPUT", _("Give the settings to change as an object of key: value pairs."))
    merged = validate_settings(settings, ctx.profile.settings)
    check_currency(ctx.state, str(merged["money.currency"]))
    changed = [k for k in ("bounty.kind", "bounty.amount_cents") if merged[k] != ctx.profile[k]]
    if changed and ctx.state.bounty_pool_cents + ctx.state.pool_cents > 0:  # KO-2
        raise RuleError("INVALID_INPUT", _("Entries were already taken with the bounty as it is: {key} cannot change "
                                           "now.", key=changed[0]), "KO-2")
    structure = structure_after(ctx.state, merged)
    if STRUCTURE_KEYS & settings.keys():
        check_forced_bets(structure, merged["structure.max_forced_bet"])
    check_setup(merged, structure)
    ctx.emit(SettingsChanged(settings=settings))


@applies
def _settings_changed(state: TournamentState, ev: SettingsChanged) -> None:
    assert state.profile is not None
    data = state.profile.to_dict()
    data["settings"] = validate_settings(ev.settings, state.profile.settings)
    state.profile = profile_from_dict(data)
