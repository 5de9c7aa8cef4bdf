"""Run inside a network namespace by tests/db/test_station_codes.py: a private server on ADDRESS holding
the tournament FILE, a floor station's join code printed on one line, then served until stdin closes.

    python -m tests.db.netns_host FOLDER FILE ADDRESS
"""

from __future__ import annotations

import sys

from db import pgserver
from db.shared_store import create_shared
from db.station_codes import issue_code


def main(folder: str, path: str, address: str) -> None:
    server = pgserver.start(folder, address=address)
    try:
        create_shared(server.url(), from_file=path, station="Director").close()
        print(issue_code(server.url(), "floor"), flush=True)
        sys.stdin.read()  # serves until the test closes its end
    finally:
        server.stop()


if __name__ == "__main__":
    main(*sys.argv[1:4])
