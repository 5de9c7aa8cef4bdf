"""Director-entered chip counts and the ``chips`` view.

The engine knows each player's stack only when somebody counts it. Chips won from a busted player are
*loose*: in play, in nobody's counted stack yet, kept by the table where they were won and going with
their holders when they move or their table breaks (app.chips.loose). A count of a table must name
every player there; it is expected to equal the table's counted stacks plus the loose chips that must
be there (those that may also be at a table not counted show as they are found).

- It adds up: the stacks are set, the loose chips are absorbed.
- It does not (a chip fell, a stack was miscounted): the count is *flagged* with the difference per
  table and nothing changes until the director accepts it (``accept_chip_count``, or ``chip_count`` with
  ``"accept": true``). The accepted difference is recorded as a correction: chips added to or removed
  from play, so chips stay accounted for.
- Chips in play never exceed the chips issued (entries, rebuys, add-ons, top-ups, less the chips a race
  or a forfeit removed; section 20.9): a count that would put more in play is refused
  (``CHIPS_EXCEED_ISSUED``), naming the difference, accepted or not.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from app.chips import loose
from app.chips.stacks import note_counted
from app.commands.chips import AcceptChipCount, ChipCount
from app.core import inputs
from app.core.registry import applies, command
from app.core.state import WINNER, TournamentState
from app.errors import RuleError
from app.events.chips import ChipCountApplied, ChipCountFlagged
from app.format import chips as fmt_chips
from app.i18n import _

if TYPE_CHECKING:
    from app.core.context import Context


def _settle(state: TournamentState, counts: dict[int, int]) -> loose.Settled:
    """Per table counted (0: players not at a table): counted minus expected, and the loose chips taken."""
    counted: dict[int, int] = {}
    stacks: dict[int, int] = {}
    for pid, chips in counts.items():
        p = state.players[pid]
        key = p.table if p.table is not None else loose.NO_TABLE
        counted[key] = counted.get(key, 0) + chips
        stacks[key] = stacks.get(key, 0) + p.stack
    return loose.settle(state, counted, stacks)


def issued(state: TournamentState) -> int:
    """The chips issued (section 20.9): entries, rebuys, add-ons, top-ups and the chips a race or a found
    chip added, less those a race, a forfeit or a removal took out. Counts never add to it."""
    return state.expected_chips() - state.count_corrections


def _never_above_issued(state: TournamentState, settled: loose.Settled) -> None:
    """Section 20.9: a count never puts more chips in play than were issued."""
    total = settled.total
    if total <= 0 or state.count_corrections + total <= 0:
        return
    after = state.expected_chips() + total
    over = after - issued(state)
    where = ", ".join(f"{_place(t)} {'+' if d > 0 else ''}{fmt_chips(d)}" for t, d in settled.differences if d)
    counted = {t for t, _ in settled.differences}
    hint = ""
    groups = loose.linked(state, counted)
    if groups:
        together = "; ".join(_tables_words(g) for g in groups)
        hint = " " + _("Players moved between {tables} since they were counted: count those tables together.",
                       tables=together)
    raise RuleError(
        "CHIPS_EXCEED_ISSUED",
        _("This count would put {after} chips in play, but only {chips} were issued (entries, rebuys, add-ons and "
          "top-ups, less the chips removed): {over} too many ({where}). Count again.", after=fmt_chips(after),
          chips=fmt_chips(issued(state)), over=fmt_chips(over), where=where) + hint,
        "CHIPS",
    )


def _tables_words(tables: list[int]) -> str:
    return _("tables {tables} and {last}", tables=", ".join(str(t) for t in tables[:-1]), last=tables[-1])


def _place(table: int) -> str:
    return _("table {number}", number=table) if table else _("players not at a table")


def _check_tables(state: TournamentState, counts: dict[int, int], since: bool = False) -> None:
    """Every player of each table counted, and no chips in front of a player deciding on a rebuy."""
    for pid, chips in counts.items():
        p = state.players[pid]
        if p.deciding and chips > 0:
            # ENT-5: he lost every chip in that hand; chips counted in front of him belong to someone else.
            raise RuleError(
                "INVALID_INPUT",
                (
                    _(
                        "{name} lost all their chips since the count and is deciding on a rebuy: enter the rebuy "
                        "or the decline, "
                        "then count the table.",
                        name=p.name,
                    )
                    if since
                    else _(
                        "{name} lost all their chips and is deciding on a rebuy: enter the rebuy or the decline, "
                        "then count "
                        "the table.",
                        name=p.name,
                    )
                ),
                "ENT-5",
            )
    for number in sorted({t for pid in counts if (t := state.players[pid].table) is not None}):
        missing = [state.players[pid].name for pid in state.tables[number].seats.values() if pid not in counts]
        if missing:
            raise RuleError(
                "INVALID_INPUT",
                (
                    _(
                        "Count all of table {number} since the count: missing {names}.",
                        number=number,
                        names=", ".join(missing),
                    )
                    if since
                    else _("Count all of table {number}: missing {names}.", number=number, names=", ".join(missing))
                ),
            )


@command
def chip_count(ctx: Context, cmd: ChipCount) -> None:
    """Enter counted stacks, a whole table at a time; a count that does not add up is flagged."""
    given = cmd.counts
    if not given:
        raise RuleError("INVALID_INPUT", _("counts is an object of player: chips."))
    counts: dict[int, int] = {}
    for ref, chips in given.items():
        p = inputs.live(inputs.player(ctx.state, ref))
        if p.id in counts:
            raise RuleError("INVALID_INPUT", _("{name} is counted twice.", name=p.name))
        counts[p.id] = inputs.whole(chips, _("{name}'s chips", name=p.name))
    _check_tables(ctx.state, counts)
    settled = _settle(ctx.state, counts)
    _never_above_issued(ctx.state, settled)
    rows = list(counts.items())
    diffs = _pairs(settled.differences)
    if any(d for _, d in diffs) and not cmd.accept:
        ctx.emit(ChipCountFlagged(counts=rows, differences=diffs))
        return
    ctx.emit(ChipCountApplied(counts=rows, differences=diffs, correction=any(d for _, d in diffs),
                              taken=_pairs(settled.taken), tables=_tables_of(ctx.state, counts)))


def _pairs(rows: list[list[int]]) -> list[tuple[int, int]]:
    return [(int(a), int(b)) for a, b in rows]


def _tables_of(state: TournamentState, counts: dict[int, int]) -> list[int]:
    return sorted({p.table if (p := state.players[pid]).table is not None else loose.NO_TABLE for pid in counts})


@command
def accept_chip_count(ctx: Context, cmd: AcceptChipCount) -> None:
    """Accept the flagged count as it was entered; its difference is recorded as a correction."""
    pending = ctx.state.pending_count
    if pending is None:
        raise RuleError("INVALID_INPUT", _("There is no flagged chip count to accept."))
    counts = {int(pid): int(chips) for pid, chips in pending["counts"]}
    if any(not ctx.state.players[pid].live for pid in counts):
        raise RuleError("INVALID_INPUT", _("A player of the flagged count is out since; count again."))
    _check_tables(ctx.state, counts, True)  # a bust or a move since: the count is stale
    settled = _settle(ctx.state, counts)
    _never_above_issued(ctx.state, settled)
    ctx.emit(ChipCountApplied(counts=_pairs(pending["counts"]), differences=_pairs(settled.differences),
                              correction=True, taken=_pairs(settled.taken), tables=_tables_of(ctx.state, counts)))


def _rows(pairs: list[tuple[int, int]]) -> list[list[int]]:
    """Pairs as the state keeps them (and a snapshot gives them back): lists."""
    return [[a, b] for a, b in pairs]


@applies
def _flagged(state: TournamentState, ev: ChipCountFlagged) -> None:
    state.pending_count = {"counts": _rows(ev.counts), "differences": _rows(ev.differences), "at": ev.at}


@applies
def _applied(state: TournamentState, ev: ChipCountApplied) -> None:
    for pid, chips in ev.counts:
        state.players[pid].stack = chips
        note_counted(state, state.players[pid], ev.at)
    total = sum(diff for _, diff in ev.differences)
    if ev.taken is not None:
        loose.counted_tables(state, set(ev.tables or ()), _rows(ev.taken))
    else:  # logs written before the loose chips went with their holders: each counted table's own lot
        for key, _diff in ev.differences:
            loose.drop(state, key)
    if total > 0:
        state.chips_added += total
    else:
        state.chips_removed -= total
    state.count_corrections += total
    if ev.correction:
        state.extra.setdefault("chip_corrections", []).append(
            {"at": ev.at, "differences": _rows(ev.differences), "total": total}
        )
    state.pending_count = None
    state.extra["counts_applied"] = int(state.extra.get("counts_applied", 0)) + 1  # chip leaders mean something now


def chips_in_play(state: TournamentState) -> int:
    """The chips on the tables: the players still in, the winner, and (SAT-3) the players whose chips
    won them a seat when a satellite stopped, who leave play holding their stacks."""
    stacks = sum(p.stack for p in state.players.values() if p.live or p.status == WINNER or p.out_reason == "seat")
    return stacks + sum(state.loose_chips.values())
