"""Run inside a network namespace by tests/db/test_standby_hosts.py: a station on a shared tournament,
driven one line at a time on stdin, answering one line each on stdout.

    python -m tests.db.netns_station CODE STATION
    act   -> "ok SEQ" (a note recorded as action SEQ) or "refused WORDS"
    look  -> "seen SEQ" (the last action this station holds) or "lost WORDS"
"""

from __future__ import annotations

import sys

from db.errors import StoreError
from db.joincode import read_code
from db.shared_store import open_shared


def main(code: str, station: str) -> None:
    info = read_code(code)
    with open_shared(info.url(), station=station, role=info.role) as store:
        print(f"joined {store.last_seq}", flush=True)
        for n, line in enumerate(sys.stdin):
            try:
                if line.strip() == "act":
                    store.execute({"cmd": "note", "text": f"{station} #{n}"})
                    print(f"ok {store.last_seq}", flush=True)
                else:
                    store.poll()
                    print(f"seen {store.last_seq}", flush=True)
            except StoreError as err:
                word = "refused" if line.strip() == "act" else "lost"
                print(f"{word} {' '.join(err.message.split())}", flush=True)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
