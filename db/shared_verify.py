"""Checking a shared tournament's log from scratch, as ``floorman verify`` checks a file (db.verify).

    report = verify_shared(url)    # db.verify.Report; report.path names the server, never its password

It reads the log and its snapshots as of one moment (one transaction; it changes nothing) and checks that
the actions run from 1 without a gap and start with the tournament's creation, that every command and every
event decodes (those of undone actions too: a redo would apply them) and is of a type this version knows,
then what :func:`db.verify.check` checks of a file: the whole log replayed from the start gives the state a
station opens with (its latest snapshot plus the actions after it), each snapshot equals the log replayed up
to it, and the engine's invariants hold. ServerUnreachable, NotLetIn or NotATournamentFile (StoreError) when
it cannot be read at all.
"""

from __future__ import annotations

from typing import Any

import psycopg

from app.core.registry import APPLIERS
from app.errors import RuleError
from app.log.history import Action
from db.server_address import where
from db.shared_store import (
    _SELECT_AFTER,
    _SNAPSHOTS_HELD,
    ServerUnreachable,
    _action,
    _fold,
    _one,
    _read_meta,
    _unreachable,
    connect,
)
from db.store import SNAPSHOT_EVERY
from db.verify import Report, check

_SELECT_SNAPSHOTS = "SELECT action_seq, fingerprint, state FROM snapshots ORDER BY action_seq"
_REPLAY_ERRORS = (KeyError, ValueError, TypeError, AttributeError, IndexError, RecursionError)


def verify_shared(url: str) -> Report:
    report = Report(where(url))
    conn = connect(url)
    try:
        _read_meta(conn, url)
        with conn.transaction():
            rows = conn.execute(_SELECT_AFTER, (0,)).fetchall()
            actions = _readable(rows, report)
            if actions is None or not _contiguous(actions, report) or not _decoded(actions, report):
                return report
            snapshots = [(int(seq), str(fp), bytes(blob)) for seq, fp, blob in conn.execute(_SELECT_SNAPSHOTS)] \
                if _one(conn, _SNAPSHOTS_HELD) else []
            try:
                loaded = _fold(conn, actions, None, SNAPSHOT_EVERY).tournament.state
            except _REPLAY_ERRORS as exc:
                report.problems.append(f"the log cannot be replayed ({exc})")
                return report
            except RuleError as exc:
                report.problems.append(f"the log holds a change this version refuses: {exc.message}")
                return report
    except psycopg.OperationalError as exc:
        raise ServerUnreachable(_unreachable(url, exc)) from exc
    finally:
        conn.close()
    check(report, actions, loaded, snapshots)
    return report


def _readable(rows: list[tuple[Any, ...]], report: Report) -> list[Action] | None:
    actions = []
    for row in rows:
        try:
            actions.append(_action(row)[0])
        except (ValueError, TypeError, RecursionError) as exc:
            report.problems.append(f"the command of action {row[0]} cannot be read ({exc})")
    report.actions = len(rows)
    return actions if len(actions) == len(rows) else None


def _contiguous(actions: list[Action], report: Report) -> bool:
    if not actions or actions[0].kind != "create" or actions[0].seq != 1:
        report.problems.append("the log does not start with the creation of the tournament")
        return False
    for before, after in zip(actions, actions[1:]):
        if after.seq != before.seq + 1:
            report.problems.append(f"the log has a gap: action {after.seq} follows action {before.seq}")
            return False
    return True


def _decoded(actions: list[Action], report: Report) -> bool:
    for action in actions:
        try:
            unknown = [e.type for e in action.events if e.type not in APPLIERS]
        except Exception as exc:  # noqa: BLE001 - a damaged event is a finding, not a crash
            report.problems.append(f"the events of action {action.seq} cannot be read ({type(exc).__name__})")
            return False
        if unknown:
            report.problems.append(f"action {action.seq} holds an event this version does not know: {unknown[0]!r}")
            return False
    return True
