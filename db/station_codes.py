"""Join codes the director can revoke, each with its role enforced by the server.

    code = issue_code(url, "desk")     # a login of its own on the server: station_<random>, fresh password
    revoke_code(url, code)             # that login dropped, its connections cut; the code lets nobody in
    revoke_code(url, "station_3f…")    # the same, by the login's name (as codes() lists them)
    role_on_server(conn)               # "desk": what the server lets this login do, not what a code says

Every code is a PostgreSQL login role of its own (``station_`` and 16 random hex digits) with a fresh,
strong password, and a member of one group role per Floorman role (``floorman_director``,
``floorman_desk``, ``floorman_floor``, ``floorman_screen``). The groups hold the privileges: every one may
read the tournament (SELECT on its tables; LISTEN needs nothing), and only the director, desk and floor
groups may INSERT actions; no group may change or delete one. Only the director's group may write the
state snapshots every station opens from (INSERT, and DELETE to keep the latest few). What a desk or
floor group may INSERT is checked row by row by the server (db.server_roles). So a screen's code,
even edited to say "director", is refused by the server, and a station's role is read from its login's
group on the server, never from the code's text. Revoking a code drops its login and terminates its connections at once.

``url`` is the URL of the server's owner (the ``floorman`` role of db.pgserver, or a venue's role that may
create roles), naming the tournament's database.
"""

from __future__ import annotations

import re
import secrets
from typing import Any

import psycopg
from psycopg import sql

from app.commands.roles import DESK, DIRECTOR, FLOOR, ROLES, SCREEN
from app.i18n import _
from db.errors import StoreError
from db.joincode import JoinCodeError, info_from_url, is_code, make_code, read_code
from db.server_address import META_KEY, first_line, standbys_of

GROUPS: dict[str, str] = {role: f"floorman_{role}" for role in ROLES}  # as db.pgserver.STATION_GROUPS
WRITERS = (DIRECTOR, DESK, FLOOR)
_LOGIN = re.compile(r"station_[0-9a-f]{16}")
_TABLES = ("meta", "actions", "snapshots", "command_roles")


class CodeError(StoreError):
    """A code that could not be issued or revoked; ``message`` says why in words."""


def _connect(url: str) -> psycopg.Connection[tuple[Any, ...]]:
    try:
        return psycopg.connect(url, autocommit=True, connect_timeout=10)
    except psycopg.OperationalError as exc:
        raise CodeError(_("Floorman cannot reach the tournament server ({reason}); no code was changed.",
                          reason=first_line(exc))) from exc


def prepare_groups(conn: psycopg.Connection[tuple[Any, ...]]) -> None:
    """The four group roles (made if missing) and their privileges on this database's tables."""
    for role, group in GROUPS.items():
        with conn.transaction():
            if conn.execute("SELECT 1 FROM pg_roles WHERE rolname = %s", (group,)).fetchone() is None:
                try:
                    with conn.transaction():
                        conn.execute(sql.SQL("CREATE ROLE {} NOLOGIN").format(sql.Identifier(group)))
                except (psycopg.errors.DuplicateObject, psycopg.errors.UniqueViolation):
                    pass  # another database of the same server made it meanwhile
            for table in _tables(conn):
                conn.execute(sql.SQL("GRANT SELECT ON {} TO {}").format(sql.Identifier(table), sql.Identifier(group)))
            if role in WRITERS:
                conn.execute(sql.SQL("GRANT INSERT ON actions TO {}").format(sql.Identifier(group)))
            if role == DIRECTOR and "snapshots" in _tables(conn):  # every station trusts them: the director's
                conn.execute(sql.SQL("GRANT INSERT, DELETE ON snapshots TO {}").format(sql.Identifier(group)))


def _tables(conn: psycopg.Connection[tuple[Any, ...]]) -> list[str]:
    """The tournament's tables this database holds (one shared by an earlier version has no snapshots)."""
    return [t for t in _TABLES if conn.execute("SELECT to_regclass(%s) IS NOT NULL", (t,)).fetchone() == (True,)]


def issue_code(url: str, role: str, *, address: str | None = None, port: int | None = None) -> str:
    """A new join code for a station of ``role``: a login of its own on the server, in ``role``'s group.
    ``address`` and ``port``: where stations reach the server, when not where ``url`` reaches it."""
    if role not in ROLES:
        raise CodeError(_("'{role}' is not a station's role; a station is one of: {roles}.", role=role,
                          roles=", ".join(ROLES)))
    info = info_from_url(url, role)
    login, password = "station_" + secrets.token_hex(8), secrets.token_urlsafe(24)
    conn = _connect(url)
    try:
        prepare_groups(conn)
        with conn.transaction():
            conn.execute(sql.SQL("CREATE ROLE {} LOGIN PASSWORD {} IN ROLE {}").format(
                sql.Identifier(login), sql.Literal(password), sql.Identifier(GROUPS[role])))
        standbys = standbys_on_server(conn)
    except psycopg.errors.InsufficientPrivilege as exc:
        raise CodeError(_("The server's role {user} may not create the stations' logins ({reason}); no code "
                          "was issued.", user=repr(info.user), reason=exc)) from exc
    finally:
        conn.close()
    return make_code(type(info)(address or info.address, port or info.port, info.database, login, password, role,
                                standbys))


def standbys_on_server(conn: psycopg.Connection[tuple[Any, ...]]) -> tuple[tuple[str, int], ...]:
    """The standby copies the tournament lists (db.standby), for a code to name them too."""
    if conn.execute("SELECT to_regclass('meta') IS NOT NULL").fetchone() != (True,):
        return ()
    row = conn.execute("SELECT value FROM meta WHERE key = %s", (META_KEY,)).fetchone()
    return tuple(standbys_of({META_KEY: str(row[0])})) if row else ()


def login_of(code_or_name: str) -> str:
    """The login a join code (or a login's name) stands for; CodeError in words for anything else."""
    if is_code(code_or_name):
        try:
            name = read_code(code_or_name).user
        except JoinCodeError as err:
            raise CodeError(err.message) from None
    else:
        name = code_or_name.strip()
    if not _LOGIN.fullmatch(name):
        raise CodeError(_("{name} is not a station's join code or login (station_ and 16 letters and digits); "
                          "nothing was revoked.", name=repr(name)))
    return name


def revoke_code(url: str, code_or_name: str) -> int:
    """Drop the login of a join code (or named ``station_…``) and cut its connections; how many were cut.
    The code then lets nobody in, and a station that used it is told so at its next look."""
    login = login_of(code_or_name)
    conn = _connect(url)
    try:
        with conn.transaction():
            if conn.execute("SELECT 1 FROM pg_roles WHERE rolname = %s", (login,)).fetchone() is None:
                raise CodeError(_("There is no station with the login {login} on this server (revoked "
                                  "already?); nothing was revoked.", login=login))
            conn.execute(sql.SQL("ALTER ROLE {} NOLOGIN").format(sql.Identifier(login)))
        cut = conn.execute("SELECT count(*) FILTER (WHERE pg_terminate_backend(pid)) FROM pg_stat_activity "
                           "WHERE usename = %s", (login,)).fetchone()
        conn.execute(sql.SQL("DROP ROLE {}").format(sql.Identifier(login)))
    finally:
        conn.close()
    return int(cut[0]) if cut else 0


def codes(url: str) -> list[tuple[str, str]]:
    """Every station login on the server and its role: (login, role), by login."""
    conn = _connect(url)
    try:
        rows = conn.execute(
            "SELECT u.rolname, g.rolname FROM pg_auth_members m JOIN pg_roles g ON g.oid = m.roleid "
            "JOIN pg_roles u ON u.oid = m.member WHERE g.rolname = ANY(%s) ORDER BY u.rolname",
            (list(GROUPS.values()),)).fetchall()
    finally:
        conn.close()
    by_group = {group: role for role, group in GROUPS.items()}
    return [(str(login), by_group[str(group)]) for login, group in rows if _LOGIN.fullmatch(str(login))]


def role_on_server(conn: psycopg.Connection[tuple[Any, ...]]) -> str | None:
    """The role the server gives this connection's login (its group), or None for a login in no station
    group (the server's owner, who may act as any role)."""
    rows = conn.execute(
        "SELECT g.rolname FROM pg_auth_members m JOIN pg_roles g ON g.oid = m.roleid "
        "JOIN pg_roles u ON u.oid = m.member WHERE u.rolname = current_user AND g.rolname = ANY(%s)",
        (list(GROUPS.values()),)).fetchall()
    held = {str(row[0]) for row in rows}
    for role in (SCREEN, FLOOR, DESK, DIRECTOR):  # the least a login may do, should it be in two groups
        if GROUPS[role] in held:
            return role
    return None
