"""The join code: one short text that lets another laptop join a shared tournament as a given station.

    code = make_code(JoinInfo("192.168.1.23", 5433, "tournament", "floorman", PASSWORD, "desk"))
    code                    # "floorman:eyJ2IjoxLCJoIjoi…" (what the director reads out, or the QR code holds)
    info = read_code(code)  # JoinInfo(...), or JoinCodeError saying in words what is wrong with it
    info.url()              # postgresql://floorman:PASSWORD@192.168.1.23:5433/tournament

The code is ``floorman:`` and the URL-safe base64 (no padding) of a compact JSON object (the server's
address, port, database, user, password and the station's role) followed by the first four bytes of its
SHA-256: a code cut short, mistyped or pasted with a stray character is refused in words, never read as
another server. The code holds the password: whoever has it can reach the tournament, as with a URL.
A code issued once a second laptop keeps a standby copy (db.standby) also names the copy's address and port
(``"s"``, absent otherwise): its URL names both servers, so a station joins whichever takes actions.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import json
from dataclasses import dataclass
from typing import Any
from urllib.parse import quote, unquote, urlsplit

from app.commands.roles import DIRECTOR, ROLES
from app.i18n import N_, _

PREFIX = "floorman:"
VERSION = 1
_CHECK_BYTES = 4
_DEFAULT_PORT = 5432


class JoinCodeError(ValueError):
    """A join code (or a server's URL) that cannot be used; ``message`` says why in words."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


@dataclass(frozen=True)
class JoinInfo:
    """Where the shared tournament is and as what a station joins it."""

    address: str
    port: int
    database: str
    user: str
    password: str
    role: str = DIRECTOR
    standbys: tuple[tuple[str, int], ...] = ()  # standby copies' (address, port), tried after the server

    def url(self) -> str:
        """The server's ``postgresql://`` URL (user and password quoted, an IPv6 address bracketed); with
        standby copies, every server, and only one that takes actions is joined."""
        hosts = ",".join(f"[{a}]:{p}" if ":" in a else f"{a}:{p}"
                         for a, p in ((self.address, self.port), *self.standbys))
        tail = "?target_session_attrs=read-write" if self.standbys else ""
        return (f"postgresql://{quote(self.user, safe='')}:{quote(self.password, safe='')}@{hosts}/"
                f"{quote(self.database, safe='')}{tail}")

    def with_role(self, role: str) -> JoinInfo:
        return JoinInfo(self.address, self.port, self.database, self.user, self.password, _role(role),
                        self.standbys)


def _role(role: str) -> str:
    if role not in ROLES:
        raise JoinCodeError(_("'{role}' is not a station's role; a station is one of: {roles}.", role=role,
                              roles=", ".join(ROLES)))
    return role


def make_code(info: JoinInfo) -> str:
    """The join code of ``info``."""
    _role(info.role)
    fields: dict[str, Any] = {"v": VERSION, "h": info.address, "p": info.port, "d": info.database, "u": info.user,
                              "k": info.password, "r": info.role}
    if info.standbys:
        fields["s"] = [[address, port] for address, port in info.standbys]
    body = json.dumps(fields, separators=(",", ":"), ensure_ascii=False).encode()
    packed = body + hashlib.sha256(body).digest()[:_CHECK_BYTES]
    return PREFIX + base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")


_DAMAGED = N_("This join code is damaged (cut short, mistyped or with a character too many). Nothing was opened. "
              "Ask the director for the code again, or scan its QR code.")


def read_code(code: str) -> JoinInfo:
    """The :class:`JoinInfo` a join code holds; JoinCodeError in words for anything else."""
    text = "".join(code.split())  # a code read out or wrapped over lines may carry spaces
    if not text.lower().startswith(PREFIX):
        raise JoinCodeError(_("This is not a Floorman join code: a join code starts with \u201cfloorman:\u201d. "
                              "Nothing was opened."))
    data = text[len(PREFIX):]
    try:
        packed = base64.urlsafe_b64decode(data + "=" * (-len(data) % 4))
    except (binascii.Error, ValueError):
        raise JoinCodeError(_(_DAMAGED)) from None
    if len(data) % 4 == 1 or len(packed) <= _CHECK_BYTES:
        raise JoinCodeError(_(_DAMAGED))
    body, check = packed[:-_CHECK_BYTES], packed[-_CHECK_BYTES:]
    if hashlib.sha256(body).digest()[:_CHECK_BYTES] != check:
        raise JoinCodeError(_(_DAMAGED))
    try:
        fields: Any = json.loads(body.decode("utf-8"))
    except ValueError:
        raise JoinCodeError(_(_DAMAGED)) from None
    if not isinstance(fields, dict):
        raise JoinCodeError(_(_DAMAGED))
    if fields.get("v") != VERSION:
        raise JoinCodeError(_("This join code was made by a newer Floorman; update Floorman on this laptop to join. "
                              "Nothing was opened."))
    address, port, database = fields.get("h"), fields.get("p"), fields.get("d")
    user, password, role = fields.get("u"), fields.get("k"), fields.get("r")
    texts = (address, database, user, role)
    if not all(isinstance(t, str) and t for t in texts) or not isinstance(password, str) \
            or isinstance(port, bool) or not isinstance(port, int) or not 0 < port < 65536:
        raise JoinCodeError(_(_DAMAGED))
    assert isinstance(address, str) and isinstance(database, str) and isinstance(user, str)
    assert isinstance(password, str) and isinstance(role, str)
    return JoinInfo(address, port, database, user, password, _role(role), _standbys(fields.get("s", [])))


def _standbys(listed: Any) -> tuple[tuple[str, int], ...]:
    if not isinstance(listed, list):
        raise JoinCodeError(_(_DAMAGED))
    found = []
    for entry in listed:
        if not (isinstance(entry, list) and len(entry) == 2 and isinstance(entry[0], str) and entry[0]
                and isinstance(entry[1], int) and not isinstance(entry[1], bool) and 0 < entry[1] < 65536):
            raise JoinCodeError(_(_DAMAGED))
        found.append((entry[0], entry[1]))
    return tuple(found)


def info_from_url(url: str, role: str = DIRECTOR) -> JoinInfo:
    """The :class:`JoinInfo` of a ``postgresql://user:password@host:port/database`` URL, for ``role``."""
    try:
        parts = urlsplit(url.strip())
        port = parts.port or _DEFAULT_PORT
    except ValueError:
        raise JoinCodeError(_("This server address is not a valid postgresql:// URL (its port?). Nothing was "
                              "opened.")) from None
    if parts.scheme not in ("postgresql", "postgres") or not parts.hostname:
        raise JoinCodeError(_("A server's URL reads postgresql://USER:PASSWORD@HOST:PORT/DATABASE; this one does "
                              "not. Nothing was opened."))
    database = unquote(parts.path.lstrip("/"))
    if not parts.username or not database:
        raise JoinCodeError(_("The server's URL needs a user and a database (postgresql://USER:PASSWORD@HOST:PORT/"
                              "DATABASE). Nothing was opened."))
    return JoinInfo(parts.hostname, port, database, unquote(parts.username), unquote(parts.password or ""),
                    _role(role))


def is_code(text: str) -> bool:
    """Does ``text`` look like a join code (rather than a server's URL)?"""
    return text.strip().lower().startswith(PREFIX)


def terminal_qr(text: str) -> str:
    """A QR code of ``text`` drawn with block characters, for a terminal (segno, as the window's QR codes)."""
    import io

    import segno

    out = io.StringIO()
    segno.make(text, error="m").terminal(out=out, compact=True)
    return out.getvalue()
