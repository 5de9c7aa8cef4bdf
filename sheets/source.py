"""Reads a tournament into :class:`sheets.model.Sheet` from :mod:`app.views`.

Every figure is the views' (payout rows, places, the structure, the seats, the moves); nothing here
decides a rule, and the sheets show what the window and the room display show.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from app.api import fmt, views
from app.i18n import N_, _
from sheets.model import Chip, Deal, DealLine, Level, Move, Payout, Race, RaceTable, Seat, Sheet
from sheets.money_data import collect_money

# The forced bets' families: the structure's column keys, translated where the sheet shows them.
BLINDS, STUD, LIMITS = N_("Blinds"), N_("Stud"), N_("Limits")


def seats(view: views.TournamentView) -> list[Seat]:
    out = [Seat(s.name, t.number, s.seat) for t in view.tables for s in t.seats]
    return sorted(out, key=lambda s: (s.table, s.seat))


def race_tables(view: views.TournamentView) -> list[RaceTable]:
    return [RaceTable(t.number, t.max_seats, {s.seat: s.name for s in t.seats}) for t in view.tables]


def _given(raw: Mapping[str, Any], names: Mapping[int, str]) -> Move:
    """A move the caller names: ``{"player": id or name, "to_table", "to_seat", "from_table", ...}``."""
    who = raw.get("name") or raw.get("player")
    name = names.get(who, str(who)) if isinstance(who, int) else str(who)
    return Move(
        name=name,
        from_table=raw.get("from_table"),
        from_seat=raw.get("from_seat"),
        to_table=int(raw.get("to_table", raw.get("table", 0))),
        to_seat=int(raw.get("to_seat", raw.get("seat", 0))),
        reason=str(raw.get("reason", "")),
    )


def _move(m: views.MoveView) -> Move:
    return Move(m.name, m.from_table, m.from_seat, m.to_table, m.to_seat, m.reason)


def moves(view: views.TournamentView, given: Any = None) -> list[Move]:
    """The moves to print: those the caller gives, every move ("all"), or by default the moves of the
    latest action that moved anyone (one balance, one broken table, one redraw)."""
    if given is not None and given != "all":
        names = {p.id: p.name for p in view.players}
        return [_given(m, names) for m in given]
    chosen: Iterable[views.MoveView] = view.moves if given == "all" else view.last_moves()
    return [_move(m) for m in chosen]


def _bets(lv: views.Level, families: list[str]) -> dict[str, str]:
    chips = fmt.chips
    blinds = f"{chips(lv.sb)} / {chips(lv.bb)}"
    out = {BLINDS: _("{blinds}, ante {ante}", blinds=blinds, ante=chips(lv.ante)) if lv.ante else blinds}
    if lv.has_stud:
        out[STUD] = _("ante {ante}, bring-in {bring_in}, complete {complete}", ante=chips(lv.stud_ante),
                      bring_in=chips(lv.bring_in), complete=chips(lv.complete))
        if LIMITS in families:
            stud = lv.limits("stud")
            out[STUD] += "; " + _("limits {small} / {big}", small=chips(stud["small_bet"]), big=chips(stud["big_bet"]))
    if LIMITS in families:
        out[LIMITS] = f"{chips(lv.small_bet)} / {chips(lv.big_bet)}"
    return {k: v for k, v in out.items() if k in families}


def structure(sv: views.StructureView, sheet: Sheet) -> None:
    if not sv.rows:
        return
    families = [BLINDS] + ([STUD] if any(r.level.has_stud for r in sv.rows) else [])
    if sv.limit:
        families.append(LIMITS)
    sheet.families = families
    chips = [Chip(value, colour) for value, colour in sv.chips]
    gone: set[int] = set()
    for row in sv.rows:
        lv = row.level
        sheet.levels.append(Level(lv.number, row.minutes, row.game, _bets(lv, families)))
        br = row.break_after
        if br is None:
            continue
        note = ""
        if br.race:
            gone |= set(br.race)
            leaving = tuple(c for c in chips if c.value in br.race)
            left = [c for c in chips if c.value not in gone]
            if leaving and left:
                when = _("Break after level {level}", level=lv.number)
                sheet.races.append(Race(lv.number, when, leaving, left[0], sv.race_out, sv.pool_rounding))
                note = _("Chip race: {chips} leave", chips=", ".join(c.label() for c in leaving))
        sheet.levels.append(Level(None, br.minutes, note=note))
    sheet.games = list(sv.games)
    if sv.generated:
        sheet.structure_notes.append(_("Levels go on rising in the same steps after level {level}.",
                                       level=len(sv.rows)))


def _bounties_won(view: views.TournamentView) -> dict[str, int]:
    """KO: bounty money won, by player name (only those who won some)."""
    return {pl.name: pl.bounties_won_cents for pl in view.players if pl.bounties_won_cents}


def payouts(view: views.TournamentView) -> list[Payout]:
    won = _bounties_won(view)
    flights = {d.place: d.flight for d in view.day1}  # FLT-7: a Day-1 finisher's place says his flight
    return [Payout(r.place, r.prize_cents, f"{r.name} ({flights[r.place]})" if r.place in flights and r.name
                   else r.name, r.span, bounties_cents=won.get(r.name or "", 0), seat=r.seat)
            for r in view.payouts]


def knocked_out_by(t: Any) -> dict[str, str]:
    """KO-1: who knocked each player out, by the name of the player knocked out ("Bo Chen and Cy Lo")."""
    return {row.name: _and(row.by_names) for row in views.knockouts(t) if row.by_names}


def _and(names: tuple[str, ...]) -> str:
    return names[0] if len(names) == 1 else _("{names} and {last}", names=", ".join(names[:-1]), last=names[-1])


def results(view: views.TournamentView, knocked: Mapping[str, str] | None = None) -> list[Payout]:
    """Every decided place, one row per player, with their own prize (their share of a tie), their
    knockouts, the bounties won and who knocked them out (``knocked``, by name: :func:`knocked_out_by`)."""
    won = _bounties_won(view)
    by = knocked or {}
    counts = {pl.name: pl.knockouts for pl in view.players if pl.knockouts}
    out = [
        Payout(pl.place, share, name, pl.span, bounties_cents=won.get(name, 0), knockouts=counts.get(name, 0),
               seat=pl.prize_text(share, view.currency) if pl.seat else "", knocked_out_by=by.get(name, ""))
        for pl in view.places
        for name, share in zip(pl.names, pl.shares_cents)
    ]
    # FLT-7, FLT-10: an event's Day 2 lists the Day-1 finishers below its own players, each with his flight
    out += [Payout(d.place, d.prize_cents, f"{d.name} ({d.flight})") for d in view.day1]
    return sorted(out, key=lambda r: (r.place, r.name or ""))


def collect(t: Any, options: Mapping[str, Any] | None = None) -> Sheet:
    """Everything the sheets print for tournament ``t`` (a tournament, or a session holding one).

    ``options["recorded_by"]``: on a shared tournament, the station and operator of each money-log row (the
    store's ``money_authors()``); the money trail then names them."""
    opts = dict(options or {})
    view = views.read(t)
    sheet = Sheet(view.name or _("Tournament"), seats=seats(view), moves=moves(view, opts.get("moves")))
    sheet.race_tables = race_tables(view)
    structure(views.structure(t), sheet)
    sheet.payouts = payouts(view)
    sheet.results = results(view, knocked_out_by(t))
    sheet.money = collect_money(views.money(t), sheet.payouts, opts.get("recorded_by") or ())
    sheet.pool_cents = view.field.prize_pool_cents
    sheet.fees_cents = view.field.fees_cents
    sheet.bounty_pool_cents = view.field.bounty_pool_cents
    sheet.prize_unit_cents = view.field.prize_unit_cents
    sheet.min_cash_cents = view.field.min_cash_cents
    sheet.entries = view.field.entries
    sheet.players_left = view.field.players_left
    sheet.level = view.clock.level
    sheet.currency = view.currency
    if view.deal is not None:
        lines = [DealLine(ln.name, ln.chips, ln.amount_cents) for ln in view.deal.lines]
        sheet.deal = Deal(view.deal.method_text, lines, view.deal.save_cents)
    return sheet
