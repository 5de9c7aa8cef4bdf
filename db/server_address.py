"""Where a shared tournament's server is: the servers a URL names (the host and the standby copies the
stations follow), said in words without the password, and a server's refusal in one line.

    where(url)                       # "192.168.1.23:5433 (database tournament)"
    hosts_of(url)                    # [("192.168.1.23", "5433"), ("192.168.1.24", "5434")]: in the order tried
    follow_url(url, [("192.168.1.24", 5434)])  # the same URL naming the standby copy too (db.standby)
    standbys_of(meta)                # the standby copies a tournament's ``meta`` lists
    first_line(exc)                  # the first line of what the server (or libpq) said

A station reconnects to whichever of the servers its URL names takes commits now
(``target_session_attrs=read-write``): the host, or the standby copy that took over (db.standby). The
copies are listed in the tournament's ``meta`` (:data:`META_KEY`) and announced on its channel
(:data:`NOTICE`). Only libpq's connection strings are read here: nothing connects.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence

import psycopg
from psycopg.conninfo import conninfo_to_dict, make_conninfo

META_KEY = "standbys"  # meta: JSON list of [address, port], the standby copies stations may follow
NOTICE = "standby"  # the tournament channel's payload when a standby is added: stations re-read META_KEY


def _pairs(params: Mapping[str, object], default_port: str) -> list[tuple[str, str]]:
    """The (host, port) pairs of parsed connection parameters: one port for every host, or one each."""
    hosts = str(params.get("host") or "").split(",")
    ports = str(params.get("port") or default_port).split(",")
    if len(ports) == 1:
        ports = ports * len(hosts)
    return list(zip(hosts, ports, strict=False))


def where(url: str) -> str:
    """The server and database a URL names, in words, without its password."""
    try:
        info = conninfo_to_dict(url)
    except psycopg.Error:
        return "the server given"
    named = [("this computer" if not host or host.startswith("/") else host) + (f":{port}" if port else "")
             for host, port in _pairs(info, "")]  # a standby copy's too, once one is kept (db.standby)
    return f"{' or '.join(named)} (database {info.get('dbname') or info.get('user') or 'postgres'})"


def hosts_of(url: str) -> list[tuple[str, str]]:
    """The (host, port) pairs a URL or connection string names, in the order they are tried."""
    return _pairs(conninfo_to_dict(url), "5432")


def standbys_of(meta: dict[str, str]) -> list[tuple[str, int]]:
    """The standby copies a tournament's ``meta`` lists: (address, port), oldest first."""
    try:
        listed = json.loads(meta.get(META_KEY, "[]"))
    except ValueError:
        return []
    found = []
    for entry in listed if isinstance(listed, list) else []:
        if isinstance(entry, list) and len(entry) == 2 and isinstance(entry[0], str) and isinstance(entry[1], int):
            found.append((entry[0], entry[1]))
    return found


def follow_url(url: str, standbys: Sequence[tuple[str, int]]) -> str:
    """``url`` naming the standbys as well, so a reconnect lands on whichever of them takes commits now
    (``target_session_attrs=read-write``); ``url`` itself when there is no standby to add."""
    if not standbys:
        return url
    params = conninfo_to_dict(url)
    hosts = str(params.get("host") or "").split(",")
    ports = str(params.get("port") or "").split(",")
    if len(ports) == 1:
        ports = ports * len(hosts)
    known = set(zip(hosts, ports, strict=False))
    for address, port in standbys:
        if (address, str(port)) not in known:
            hosts.append(address)
            ports.append(str(port))
            known.add((address, str(port)))
    params.update(host=",".join(hosts), port=",".join(ports), target_session_attrs="read-write")
    params.pop("hostaddr", None)
    return make_conninfo("", **params)


def first_line(exc: BaseException) -> str:
    """The first line of what the server (or libpq) said, or the error's kind when it said nothing."""
    text = str(exc).strip()
    return text.splitlines()[0] if text else type(exc).__name__
