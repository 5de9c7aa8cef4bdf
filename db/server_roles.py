"""The server refuses what a station's role does not allow, whatever program the station's login uses.

A station's engine refuses a command its role may not enter (app.commands.roles) before anything is sent;
this module makes the tournament's PostgreSQL server refuse it too, so a desk's login connected with psql
cannot INSERT a bust-out by hand either. :func:`install` (run by :func:`db.shared_store.create_shared`, as
the database's owner, in the transaction that creates the tables) adds:

* ``command_roles``: one row ``(command, role)`` for each role besides the director's that may enter a
  command (each declaration's ``roles``), and ``(command, 'by_time')`` for each command time passing can
  make due (``by_time``), which the engine records as an automatic action of whichever station enters the
  next command;
* a ``BEFORE INSERT`` trigger on ``actions`` that reads the inserting login's group (``floorman_desk``,
  ``floorman_floor``, ``floorman_screen``, ``floorman_director``: db.station_codes; the least of them if
  several, whether the session's login or a role it SET ROLE to) and lets the row in only when that role
  may enter its command (a ``do``) or the command of its target (an ``undo``/``redo``), or when it is an
  automatic ``do`` of a command time made due. A screen may record nothing; a login in no station group
  (the server's owner, whom the director's own station uses) may record everything, as the director's
  group may. A refused row raises ``insufficient_privilege`` with the role and the action in words.

The server checks the command's name, not its events: the events a station's engine computed are recorded
as they are, as on a file.
"""

from __future__ import annotations

from typing import Any

import psycopg
from psycopg import sql

from app.commands.catalogue import catalogue
from app.commands.roles import DESK, DIRECTOR, FLOOR, SCREEN

BY_TIME = "by_time"
_GROUP = "floorman_"  # as db.station_codes.GROUPS
_LEAST_FIRST = (SCREEN, FLOOR, DESK, DIRECTOR)

TABLE_SQL = "CREATE TABLE command_roles (command text NOT NULL, role text NOT NULL, PRIMARY KEY (command, role))"

FUNCTION_SQL = """
CREATE FUNCTION floorman_action_allowed() RETURNS trigger LANGUAGE plpgsql
SET search_path = {schema}, pg_catalog, pg_temp AS $body$
DECLARE
    groups text[] := {groups};
    who text;
    cmd text;
BEGIN
    SELECT substr(g, length({prefix}) + 1) INTO who FROM unnest(groups) WITH ORDINALITY AS l(g, n)
     WHERE g IN (current_user, session_user)
        OR EXISTS (SELECT 1 FROM pg_auth_members m JOIN pg_roles r ON r.oid = m.roleid
                     JOIN pg_roles u ON u.oid = m.member
                    WHERE r.rolname = g AND u.rolname IN (current_user, session_user))
     ORDER BY n LIMIT 1;
    IF who IS NULL OR who = {director} THEN
        RETURN NEW;
    END IF;
    IF who = {screen} THEN
        RAISE EXCEPTION 'A screen station only shows the tournament: it cannot record "%".', NEW.label
            USING ERRCODE = 'insufficient_privilege';
    END IF;
    IF NEW.kind = 'do' THEN
        cmd := NEW.command::jsonb ->> 'cmd';
    ELSIF NEW.kind IN ('undo', 'redo') THEN
        SELECT a.command::jsonb ->> 'cmd' INTO cmd FROM actions a WHERE a.seq = NEW.target AND a.kind = 'do';
    END IF;
    IF cmd IS NOT NULL AND EXISTS (SELECT 1 FROM command_roles c WHERE c.command = cmd AND c.role = who) THEN
        RETURN NEW;
    END IF;
    IF NEW.kind = 'do' AND NEW.automatic
       AND EXISTS (SELECT 1 FROM command_roles c WHERE c.command = cmd AND c.role = {by_time}) THEN
        RETURN NEW;
    END IF;
    RAISE EXCEPTION 'A % station cannot record "%": that is not for its role (%).', who, NEW.label,
        coalesce(cmd, NEW.kind) USING ERRCODE = 'insufficient_privilege';
END
$body$
"""

TRIGGER_SQL = ("CREATE TRIGGER actions_by_role BEFORE INSERT ON actions FOR EACH ROW "
               "EXECUTE FUNCTION floorman_action_allowed()")


def command_roles() -> list[tuple[str, str]]:
    """The rows of ``command_roles``: who besides the director may enter each command, and what time makes due."""
    rows = [(decl.name(), role) for decl in catalogue() for role in sorted(decl.roles) if role in (DESK, FLOOR)]
    return rows + [(decl.name(), BY_TIME) for decl in catalogue() if decl.by_time]


def install(conn: psycopg.Connection[tuple[Any, ...]]) -> None:
    """The table, its rows and the trigger, in the database's current schema (inside the caller's transaction)."""
    schema = conn.execute("SELECT current_schema()").fetchone()
    if schema is None or schema[0] is None:
        raise psycopg.errors.InvalidSchemaName("the database has no schema to create the tournament's tables in")
    conn.execute(TABLE_SQL)
    conn.cursor().executemany("INSERT INTO command_roles (command, role) VALUES (%s, %s)", command_roles())
    groups = sql.SQL("ARRAY[{}]").format(sql.SQL(", ").join(sql.Literal(_GROUP + r) for r in _LEAST_FIRST))
    conn.execute(sql.SQL(FUNCTION_SQL).format(
        schema=sql.Identifier(str(schema[0])), groups=groups, prefix=sql.Literal(_GROUP),
        director=sql.Literal(DIRECTOR), screen=sql.Literal(SCREEN), by_time=sql.Literal(BY_TIME)))
    conn.execute(TRIGGER_SQL)
