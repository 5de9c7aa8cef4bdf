"""Chips won from busted players: in play, in nobody's counted stack yet, and where they may be.

A bust leaves the busted player's chips at his table, with whoever won them: ``state.loose_chips`` keeps
them by the table where they were won. Their holders may leave that table (a balancing move, a broken
table, a redraw); the chips go with them. So each lot also keeps the tables where it may be now
(``state.loose_tables``; a lot without an entry is still only at its own table): a move adds the
player's new table, a broken table hands its lots to every table that took its players, a redraw puts
every lot at every new table. Chips are only where somebody sits (or with the players not at a table):
a lot whose tables all emptied or broke with nobody to take it may be at any of those, and stays in play
until a count finds it.

A player who moves also carries whatever his stack gained or lost since it was counted, and leaves the
opposite at his old table: until those tables are counted, only their sum is known. So the tables
players moved between are kept as groups (``state.moved_between``), and a count of a whole group
compares its sum.

A count of whole tables (:func:`settle`) expects the counted players' stacks plus the loose chips that
must be among them: every lot whose tables were all counted. A lot also at a table not counted may be
there as well, in part; the count takes what its tables' surplus shows, and the rest stays with the
tables not counted. Once counted, a table holds no loose chips any more. A count of every table takes
every lot, so a final table's count of every chip adds up.
"""

from __future__ import annotations

from dataclasses import dataclass

from app.core.state import WINNER, TournamentState

NO_TABLE = 0  # the players not at a table (not seated yet) count as one "table"
# A lot that may be at more tables than this is kept as ANYWHERE (any table somebody sits at): in a field
# of hundreds of tables the list would only grow with every move and break, each costing a pass over it,
# while "it may be at any of 40 tables" tells a director no more than "anywhere". A count of every table
# still expects such a lot whole; a count of some takes what their surplus shows, as for any other lot.
ANYWHERE_AFTER = 32
ANYWHERE: list[int] = []


def field_chips(state: TournamentState) -> int:
    """The chips the players still in the field hold (the winner included), with the chips won from busted
    players that no count has credited yet: what an average stack is taken over."""
    stacks = sum(p.stack for p in state.players.values() if p.live or p.status == WINNER)
    return stacks + sum(state.loose_chips.values())


def places(state: TournamentState) -> set[int]:
    """Where chips can be now: the tables somebody sits at, and (``NO_TABLE``) the players still in who
    are not at a table. An emptied or broken table holds none: its players took theirs with them."""
    held = {n for n, t in state.tables.items() if t.seats}
    if any(p.table is None and p.live for p in state.players.values()):
        held.add(NO_TABLE)
    return held


def where(state: TournamentState, key: int, now: set[int] | None = None) -> set[int]:
    """The tables (still in play) where the chips won at table ``key`` may be now (``now``: the
    :func:`places`, when the caller asks about many lots at once: each look costs a pass over the field)."""
    now = places(state) if now is None else now
    stored = state.loose_tables.get(key, [key])
    if not stored:
        return set(now)  # ANYWHERE
    live = set(stored) & now
    return live or set(now)  # nowhere known (every table it may be at is gone or empty): anywhere


def add(state: TournamentState, key: int, chips: int, at: int | None = None) -> None:
    """``chips`` more (fewer, when negative) loose chips of the lot won at table ``key``; ``at``: a table
    where they are now (a bust puts them at its own table)."""
    state.loose_chips[key] = state.loose_chips.get(key, 0) + chips
    stored = state.loose_tables.get(key, [key])
    if stored:  # a lot anywhere stays so
        _store(state, key, set(stored) | ({at} if at is not None else set()))
    if not state.loose_chips[key]:
        drop(state, key)


def drop(state: TournamentState, key: int) -> None:
    state.loose_chips.pop(key, None)
    state.loose_tables.pop(key, None)


def _store(state: TournamentState, key: int, tables: set[int]) -> None:
    if tables == {key}:
        state.loose_tables.pop(key, None)
    else:
        state.loose_tables[key] = ANYWHERE if len(tables) > ANYWHERE_AFTER else sorted(tables)


def take_for(state: TournamentState, table: int, chips: int) -> None:
    """A player at ``table`` was counted with ``chips`` more than his last stack (fewer when negative):
    the difference comes out of the loose chips that may be at his table, his table's own lot first
    (or, fewer, stays at his table with whoever won them)."""
    now: set[int] | None = None
    for key in sorted(state.loose_chips, key=lambda k: (k != table, k)):
        v = state.loose_chips.get(key, 0)
        if chips <= 0:
            break
        now = places(state) if now is None else now
        if v <= 0 or table not in where(state, key, now):
            continue
        part = min(v, chips)
        add(state, key, -part)
        chips -= part
    if chips:
        add(state, table, -chips, at=table)


def _link(state: TournamentState, tables: set[int], gone: int | None = None) -> None:
    """Players moved between ``tables``: one group with every group they touch (``gone``: a broken table,
    no longer in any group)."""
    joined = set(tables)
    kept = []
    for group in state.moved_between:
        if joined & set(group):
            joined |= set(group)
        else:
            kept.append(group)
    joined.discard(gone)
    if len(joined) > 1:
        kept.append(sorted(joined))
    state.moved_between = sorted(kept)


def moved(state: TournamentState, src: int, dst: int) -> None:
    """A player left table ``src`` for ``dst``: what may be at ``src`` may now be at ``dst`` too."""
    for key in list(state.loose_chips):
        stored = state.loose_tables.get(key, [key])
        if src in stored and dst not in stored:  # a look at the list first: most lots are elsewhere
            _store(state, key, set(stored) | {dst})
    _link(state, {src, dst})


def broken(state: TournamentState, number: int, destinations: set[int]) -> None:
    """Table ``number`` broke and its players went to ``destinations``: its loose chips went with them."""
    for key in list(state.loose_chips):
        stored = state.loose_tables.get(key, [key])
        if number in stored:  # a look at the list first: most lots are elsewhere
            _store(state, key, (set(stored) - {number}) | destinations)
    _link(state, destinations | {number}, gone=number)


def everywhere(state: TournamentState) -> None:
    """Everyone drew a new seat (a redraw, a stage's new table): every lot may be at any table now."""
    tables = set(state.tables)
    for key in list(state.loose_chips):
        _store(state, key, tables or {key})
    state.moved_between = [sorted(tables)] if len(tables) > 1 else []


def _present(state: TournamentState, group: list[int]) -> set[int]:
    """The tables of a group that still seat players (an emptied table can no longer be counted)."""
    return {t for t in group if t in state.tables and state.tables[t].seats}


def linked(state: TournamentState, tables: set[int]) -> list[list[int]]:
    """The groups of tables players moved between that ``tables`` count only in part."""
    out = []
    for group in state.moved_between:
        present = _present(state, group) | (set(group) & tables)
        if present & tables and not present <= tables:
            out.append(sorted(present))
    return out


@dataclass(frozen=True)
class Settled:
    """What a count of whole tables comes to: per table, counted minus expected (stacks and the loose
    chips that are there), and the loose chips each lot gives up to the counted stacks."""

    differences: list[list[int]]  # [[table, chips]] sorted by table
    taken: list[list[int]]  # [[lot's table, chips]]

    @property
    def total(self) -> int:
        return sum(d for _, d in self.differences)


def settle(state: TournamentState, counted: dict[int, int], stacks: dict[int, int]) -> Settled:
    """``counted`` and ``stacks``: per table, the chips counted and the counted players' last stacks."""
    diff = {t: counted[t] - stacks[t] for t in counted}
    tables = set(counted)
    taken: dict[int, int] = {}
    lots = sorted((k, v) for k, v in state.loose_chips.items() if v)
    now = places(state)
    # Lots entirely among the counted tables must all be there; then lots also at a table not counted
    # give what their counted tables show beyond their stacks.
    for whole in (True, False):
        for key, v in lots:
            here = where(state, key, now)
            inside = sorted(here & tables, key=lambda t: (t != key, t))
            if not inside or (here <= tables) != whole:
                continue
            if whole and v < 0:
                diff[inside[0]] -= v
                taken[key] = v
                continue
            rest = v
            for t in inside:
                part = min(rest, max(diff[t], 0))
                diff[t] -= part
                rest -= part
            if whole and rest:
                diff[inside[0]] -= rest  # chips that should be here and are not: a shortfall
                rest = 0
            if v - rest:
                taken[key] = v - rest
    # Players moved between the tables of a group counted whole: only the group's sum says anything.
    for group in state.moved_between:
        present = sorted(_present(state, group) | (set(group) & tables))
        if len(present) > 1 and set(present) <= tables:
            diff[present[0]] = sum(diff[t] for t in present)
            for t in present[1:]:
                diff[t] = 0
    return Settled([[t, diff[t]] for t in sorted(diff)], [[k, c] for k, c in sorted(taken.items())])


def counted_tables(state: TournamentState, tables: set[int], taken: list[list[int]]) -> None:
    """After a count of ``tables``: each lot gives up what was taken, and no lot is at a counted table."""
    state.moved_between = [g for g in state.moved_between if not (_present(state, g) | set(g) & tables) <= tables]
    for key, chips in taken:
        state.loose_chips[int(key)] = state.loose_chips.get(int(key), 0) - int(chips)
    now = places(state)
    for key in list(state.loose_chips):
        # Where it may be now, as the count judged it: a lot whose tables all broke or emptied may be at
        # any table, so a count of some tables leaves it with the others.
        rest = where(state, key, now) - tables
        if not state.loose_chips[key] or not rest:
            drop(state, key)
        else:
            _store(state, key, rest)
