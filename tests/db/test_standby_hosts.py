"""Take-over across real hosts: the host laptop, the standby laptop and a station, each in a network
namespace of its own on one network (a bridge); the host laptop vanishes from the network mid-tournament
(no reset, no answer: its cable pulled), the standby takes over, and the station follows it by itself."""

from __future__ import annotations

import os
import secrets
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.cli.test_host_join import tournament_file
from tests.support.output import Output

ROOT = Path(__file__).resolve().parents[2]
LAPTOPS = ("host", "station", "standby")
LETTER = {"host": "h", "station": "c", "standby": "s"}  # in the namespaces' and cards' short names


def _ip(*args: str) -> None:
    subprocess.run(["ip", *args], check=True, capture_output=True, text=True)


class Lan:
    """Three laptops on one network: each a namespace with its address, joined by a bridge."""

    def __init__(self) -> None:
        tag = secrets.token_hex(3)
        net = 1 + secrets.randbelow(254)
        self.tag = tag
        self.bridge_ns = f"fm{tag}l"
        self.ns = {laptop: f"fm{tag}{LETTER[laptop]}" for laptop in LAPTOPS}
        self.address = {laptop: f"10.201.{net}.{i}" for i, laptop in enumerate(LAPTOPS, 1)}
        self.made: list[str] = []

    def build(self) -> None:
        for ns in (self.bridge_ns, *self.ns.values()):
            _ip("netns", "add", ns)
            self.made.append(ns)
            _ip("-n", ns, "link", "set", "lo", "up")
        _ip("-n", self.bridge_ns, "link", "add", "br0", "type", "bridge")
        _ip("-n", self.bridge_ns, "link", "set", "br0", "up")
        for laptop, ns in self.ns.items():
            port, card = self.port(laptop), self.card(laptop)
            _ip("-n", self.bridge_ns, "link", "add", port, "type", "veth", "peer", "name", card, "netns", ns)
            _ip("-n", self.bridge_ns, "link", "set", port, "master", "br0")
            _ip("-n", self.bridge_ns, "link", "set", port, "up")
            _ip("-n", ns, "addr", "add", f"{self.address[laptop]}/24", "dev", card)
            _ip("-n", ns, "link", "set", card, "up")

    def port(self, laptop: str) -> str:
        return f"b{self.tag}{LETTER[laptop]}"

    def card(self, laptop: str) -> str:
        return f"e{self.tag}{LETTER[laptop]}"

    def pull_cable(self, laptop: str) -> None:
        _ip("-n", self.ns[laptop], "link", "set", self.card(laptop), "down")

    def remove(self) -> None:
        for ns in self.made:
            subprocess.run(["ip", "netns", "del", ns], check=False, capture_output=True)


@pytest.fixture
def lan() -> Iterator[Lan]:
    made = Lan()
    try:
        made.build()
        yield made
    finally:
        made.remove()


class OnLaptop(Output):
    """A Python program run on one of the laptops; its output read line by line as it comes."""

    def __init__(self, lan: Lan, laptop: str, args: list[str], data_dir: Path | None = None) -> None:
        env = {**os.environ, **({"FLOORMAN_DATA_DIR": str(data_dir)} if data_dir else {})}
        super().__init__(subprocess.Popen(["ip", "netns", "exec", lan.ns[laptop], sys.executable, *args], cwd=ROOT,
                                          env=env, text=True, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                          stderr=subprocess.STDOUT))

    def ask(self, line: str, timeout: float = 60) -> str:
        assert self.process.stdin is not None
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()
        answer = self.lines.get(timeout=timeout)
        self.seen.append(answer)
        return answer

    def stop(self) -> None:
        if self.process.poll() is None:
            if self.process.stdin is not None:
                self.process.stdin.close()
            self.process.send_signal(signal.SIGINT)
        try:
            self.process.wait(timeout=60)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


def three_laptops(lan, pg_folder: Path, tmp_path: Path, running: list[OnLaptop], role: str,
                  name: str) -> tuple[OnLaptop, OnLaptop, OnLaptop]:
    """The host serving a tournament, a synchronous standby on the second laptop, and a station of ``role``
    called ``name`` joined on the third; each appended to ``running`` as it starts, so the caller stops them."""
    host = OnLaptop(lan, "host", ["-m", "floorman", "host", str(tournament_file(tmp_path)), "--address",
                                  lan.address["host"], "--role-codes"], pg_folder / "host-data")
    running.append(host)
    codes: dict[str, str] = {}
    while len(codes) < 5:
        role_said, code = host.until(" floorman:").split()
        codes[role_said] = code
    standby = OnLaptop(lan, "standby", ["-m", "floorman", "standby", codes["standby"], "--address",
                                        lan.address["standby"]], pg_folder / "standby-data")
    running.append(standby)
    standby.until("synchronous")
    station = OnLaptop(lan, "station", ["-m", "tests.db.netns_station", codes[role], name])
    running.append(station)
    assert station.until("joined") == "joined 6"
    return host, standby, station


def test_the_host_laptop_vanishes_the_standby_takes_over_and_the_station_follows(lan, pg_folder, tmp_path):
    running: list[OnLaptop] = []
    try:
        host, standby, station = three_laptops(lan, pg_folder, tmp_path, running, "floor", "Floor 2")
        assert station.ask("act") == "ok 7"  # on the host, and on the standby before it was shown done

        lan.pull_cable("host")  # the host laptop is gone: no answer at all, not even a refusal
        begun = time.monotonic()
        refused = station.ask("act")
        said_in = time.monotonic() - begun
        assert refused.startswith("refused Floorman cannot reach the tournament server"), refused
        assert "Nothing was changed" in refused
        assert said_in < 20  # said in seconds, not after TCP's minutes
        standby.until("stopped answering", timeout=60)  # its link times out in 5 s; a busy machine is slower

        taken = subprocess.run(["ip", "netns", "exec", lan.ns["standby"], sys.executable, "-m", "floorman",
                                "takeover"], cwd=ROOT, capture_output=True, text=True, timeout=120,
                               env={**os.environ, "FLOORMAN_DATA_DIR": str(pg_folder / "standby-data")})
        assert taken.returncode == 0, taken.stderr
        assert "now the tournament's server" in taken.stdout and "7 actions" in taken.stdout
        standby.until("took over")
        begun = time.monotonic()
        assert station.ask("act") == "ok 8"  # on the standby laptop, reached by itself; the refused one is not there
        assert time.monotonic() - begun < 15
        assert station.ask("look") == "seen 8"
    finally:
        for program in reversed(running):
            program.stop()
    assert not any("Traceback" in line for program in running for line in program.seen)


def test_the_standby_laptop_vanishes_and_the_host_says_so_and_goes_on(lan, pg_folder, tmp_path):
    running: list[OnLaptop] = []
    try:
        host, standby, station = three_laptops(lan, pg_folder, tmp_path, running, "desk", "Desk")
        lan.pull_cable("standby")  # the second laptop is gone without a word
        begun = time.monotonic()
        assert station.ask("act") == "ok 7"  # held while the host waits for the copy, then recorded
        held = time.monotonic() - begun
        assert held < 20
        said = host.until("stopped answering", timeout=30)
        assert "on this laptop only" in said
        assert station.ask("act") == "ok 8"  # no longer held
    finally:
        for program in reversed(running):
            program.stop()
    assert not any("Traceback" in line for program in running for line in program.seen)
