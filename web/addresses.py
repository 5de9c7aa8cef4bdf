"""The machine's network addresses a director can share the phones' view on."""

from __future__ import annotations

import contextlib
import socket

LOOPBACK = "127.0.0.1"
EVERY = "0.0.0.0"


def addresses() -> list[str]:
    """IPv4 addresses of this machine, the venue network's first, then 127.0.0.1 (always offered)."""
    found: list[str] = []
    # The address the system would use to reach another network (a UDP "connect" sends nothing).
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        s.connect(("192.0.2.1", 9))
        found.append(s.getsockname()[0])
    with contextlib.suppress(OSError):
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET, socket.SOCK_STREAM):
            found.append(str(info[4][0]))
    out = []
    for a in found:
        if a not in out and not a.startswith("127.") and a != EVERY:
            out.append(a)
    return out + [LOOPBACK]


def default_address() -> str:
    """The first address that is not the loopback one, else 127.0.0.1."""
    return addresses()[0]
