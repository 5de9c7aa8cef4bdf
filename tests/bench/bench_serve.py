"""Phones' server benchmark (a script, not a test): python -m tests.bench.bench_serve [--clients 300] [--seconds 20]

On 127.0.0.1 only, bounded in time: the demo tournament (300 players) served on a free port,
``--clients`` live (server-sent events) connections from a child process, and the director busting
a player every ``--every`` seconds. Measures:
1. the latency of a state update, from the director's action to each phone receiving it (p50/p99);
2. the director's side of a bust while the server is loaded: the engine's command, the snapshot
   read and the publish (p50/p99; this is what the window does besides drawing);
3. the server thread's CPU time, as a share of one core.
Targets: update p99 < 100 ms, the director's bust < 50 ms, server CPU < 30 % of one core.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import subprocess
import sys
import time

SEQ = re.compile(rb'"seq":(\d+)')


def thread_cpu_seconds(native_id: int) -> float:
    """User + system CPU time of one thread of this process (Linux /proc)."""
    with open(f"/proc/self/task/{native_id}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def _client(port: int, seen: dict[int, float], deadline: float, connected: list[int]) -> None:
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(b"GET /api/events HTTP/1.1\r\nHost: bench\r\nAccept: text/event-stream\r\n\r\n")
    await writer.drain()
    status = await reader.readline()
    if b" 200 " not in status:
        writer.close()
        return
    connected[0] += 1
    carry = b""
    try:
        while time.time() < deadline:
            chunk = await asyncio.wait_for(reader.read(65536), max(0.05, deadline - time.time()))
            if not chunk:
                break
            now = time.time()
            data = carry + chunk
            for m in SEQ.finditer(data):
                seen.setdefault(int(m.group(1)), now)
            carry = data[-24:]
    except (TimeoutError, ConnectionError):
        pass
    finally:
        writer.close()


async def _clients(port: int, n: int, seconds: float) -> list[dict[int, float]]:
    deadline = time.time() + seconds
    seen: list[dict[int, float]] = [{} for _ in range(n)]
    connected = [0]
    tasks = [asyncio.create_task(_client(port, seen[i], deadline, connected)) for i in range(n)]
    await asyncio.gather(*tasks, return_exceptions=True)
    print(json.dumps({"connected": connected[0]}), file=sys.stderr)
    return seen


def clients_main(port: int, n: int, seconds: float) -> None:
    seen = asyncio.run(_clients(port, n, seconds))
    json.dump([{str(k): v for k, v in s.items()} for s in seen], sys.stdout)


def pct(values: list[float], p: float) -> float:
    v = sorted(values)
    return v[min(len(v) - 1, int(round(p / 100 * (len(v) - 1))))] if v else float("nan")


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--clients", type=int, default=300)
    ap.add_argument("--seconds", type=float, default=20.0, help="how long the clients stay connected (at most 60)")
    ap.add_argument("--every", type=float, default=0.5, help="seconds between two busts")
    ap.add_argument("--child", type=int, default=0, help=argparse.SUPPRESS)
    args = ap.parse_args()
    seconds = min(args.seconds, 60.0)
    if args.child:
        clients_main(args.child, args.clients, seconds)
        return 0

    from app import views
    from app.core.timesource import WallClock
    from app.tools.demo import build_demo
    from web.server import PhoneServer
    from web.snapshot import make_snapshot

    t = build_demo(time=WallClock())
    server = PhoneServer("127.0.0.1", 0, per_address=None)  # every phone comes from loopback here
    server.start()
    server.publish(make_snapshot(views.read(t, t.time.now())))
    assert server._thread is not None and server._thread.native_id is not None
    tid = server._thread.native_id
    # The phones: two child processes (so one busy reader does not queue every phone behind it).
    shares = [args.clients // 2, args.clients - args.clients // 2]
    children = [subprocess.Popen([sys.executable, "-m", "tests.bench.bench_serve", "--child", str(server.port),
                                  "--clients", str(n), "--seconds", str(seconds)],
                                 stdout=subprocess.PIPE, stderr=subprocess.PIPE) for n in shares if n]
    try:
        ready = time.monotonic() + min(10.0, seconds / 2)
        while server.hub.clients < args.clients and time.monotonic() < ready:
            time.sleep(0.05)
        connected = server.hub.clients
        cpu0, wall0 = thread_cpu_seconds(tid), time.monotonic()
        acted: dict[int, float] = {}
        published: dict[int, float] = {}
        director_ms: list[float] = []
        stop_at = time.monotonic() + max(1.0, seconds - (time.monotonic() - (ready - min(10.0, seconds / 2))) - 2.0)
        live = [p.name for p in views.read(t, t.time.now()).players if p.place is None and p.table is not None]
        while time.monotonic() < stop_at and len(live) > 10:
            name = live.pop()
            start = time.time()
            t0 = time.perf_counter()
            t.execute({"cmd": "bust", "player": name})
            snap = make_snapshot(views.read(t, t.time.now()))
            published[int(snap.key[0])] = time.time()
            server.publish(snap)
            director_ms.append((time.perf_counter() - t0) * 1000)
            acted[int(snap.key[0])] = start
            time.sleep(args.every)
        cpu1, wall1 = thread_cpu_seconds(tid), time.monotonic()
        seen: list[dict[str, float]] = []
        for child in children:
            out, _err = child.communicate(timeout=seconds + 30)
            seen += json.loads(out or b"[]")
    finally:
        for child in children:
            if child.poll() is None:
                child.kill()
        server.stop()
    lat = [(at - acted[int(seq)]) * 1000 for s in seen for seq, at in s.items() if int(seq) in acted]
    fan = [(at - published[int(seq)]) * 1000 for s in seen for seq, at in s.items() if int(seq) in published]
    expected = len(acted) * connected
    cpu_share = (cpu1 - cpu0) / max(1e-9, wall1 - wall0) * 100
    size = len(snap.with_time(0)) if acted else 0
    print(f"clients connected: {connected} of {args.clients} (refused {server.hub.refused})")
    print(f"state updates: {len(acted)} busts, one every {args.every:.2f} s; state size {size / 1024:.1f} KB")
    print(f"updates received: {len(lat)} of {expected}")
    print(f"update latency (action -> phone): p50 {pct(lat, 50):.1f} ms, p99 {pct(lat, 99):.1f} ms, "
          f"max {max(lat, default=float('nan')):.1f} ms  (target p99 < 100 ms)")
    print(f"of which the server's part (publish -> phone): p50 {pct(fan, 50):.1f} ms, p99 {pct(fan, 99):.1f} ms")
    print(f"director's bust (command + snapshot + publish) under load: p50 {pct(director_ms, 50):.1f} ms, "
          f"p99 {pct(director_ms, 99):.1f} ms  (target < 50 ms)")
    print(f"server thread CPU: {cpu_share:.1f} % of one core over {wall1 - wall0:.1f} s  (target < 30 %)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
