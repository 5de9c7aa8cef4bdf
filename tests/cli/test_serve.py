"""``floorman serve FILE``: the file opened read-only and followed while the director's copy writes it."""

from __future__ import annotations

import json
import subprocess
import sys
import time
import urllib.request

from app.profiles.profile import load_profile
from db.store import TournamentStore
from tests.support.serving import start_serve

NAMES = ["José Núñez", "Ann Lee", "Bo Chen", "Carla Novak", "Dev Patel", "Elif Kaya"]


def get(url: str) -> dict:
    with urllib.request.urlopen(url, timeout=5) as r:  # noqa: S310 - 127.0.0.1 only
        return json.loads(r.read())


def test_serve_follows_the_file(tmp_path):
    path = tmp_path / "night.floorman"
    store = TournamentStore.create(path, load_profile("tda"), "Friday", seed=0)
    try:
        for name in NAMES:
            store.execute({"cmd": "register", "name": name})
        store.execute({"cmd": "seat_all"})
        store.execute({"cmd": "start_clock"})
        proc, url = start_serve(str(path), "--stop-after", "25")
        try:
            deadline = time.monotonic() + 10
            state = get(url + "api/state")
            while state["players_left"] != 6 and time.monotonic() < deadline:
                time.sleep(0.2)
                state = get(url + "api/state")
            assert state["players_left"] == 6 and state["name"] == "Friday"
            assert get(url + "api/seat?name=NUNEZ")["matches"][0]["name"] == "José Núñez"
            store.execute({"cmd": "bust", "player": "Ann Lee"})
            deadline = time.monotonic() + 10
            while get(url + "api/state")["players_left"] != 5 and time.monotonic() < deadline:
                time.sleep(0.2)
            assert get(url + "api/state")["players_left"] == 5
            # The room display in a browser follows the file too: the same layout the Qt display draws (one
            # whose cycle is a single screen with the players on it, so its turns cannot hide them).
            shown = ""
            deadline = time.monotonic() + 10
            while shown != "5 / 6" and time.monotonic() < deadline:
                pic = get(url + "display/state?layout=big-clock-16x9&screen=Hall")
                shown = next((b["lines"][1]["t"] for b in pic["boxes"] if b["piece"] == "players"), "")
                time.sleep(0.2)
            assert shown == "5 / 6" and pic["layout"] == "big-clock-16x9"
        finally:
            proc.terminate()
            proc.wait(10)
    finally:
        store.close()


def test_serve_needs_a_file_or_the_demo():
    done = subprocess.run([sys.executable, "-m", "floorman", "serve"], capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and "FILE or --demo" in done.stderr
