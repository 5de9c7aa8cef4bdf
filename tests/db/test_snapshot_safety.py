"""A tournament file received from someone else cannot run code, and snapshots hold data only.

The crafted snapshot below is the exploit the old format allowed: a Python pickle (hand-assembled
here, opcode by opcode, so the test needs no pickler) that resolves ``app.log.snapshots.pickle.loads``
through the old restricted loader and feeds it a second pickle calling ``os.system``. Opening,
verifying or printing the file must never run it: snapshots are msgpack data decoded into the
state's dataclasses, and any snapshot in another format is ignored (the log is replayed).
"""

from __future__ import annotations

import re
import sqlite3
import struct
import subprocess
import sys
import zlib
from pathlib import Path

import msgspec
import pytest

from app.core.state import TournamentState
from app.core.timesource import FakeClock
from app.log.snapshots import MAGIC, SnapshotFormatError, dump_state, load_state, state_limit
from app.profiles.profile import load_profile
from db.store import TournamentStore, state_fingerprint
from db.verify import verify_file
from floorman.cli import main as floorman


def _unicode(text: str) -> bytes:
    raw = text.encode()
    return b"\x8c" + bytes([len(raw)]) + raw  # SHORT_BINUNICODE


def crafted_snapshot(marker: Path) -> bytes:
    """The old format's bytes for: app.log.snapshots.pickle.loads(<pickle of os.system('touch MARKER')>)."""
    command = f"touch '{marker}'".encode()
    inner = b"\x80\x02cos\nsystem\nX" + struct.pack("<I", len(command)) + command + b"\x85R."
    outer = (b"\x80\x04" + _unicode("app.log.snapshots") + _unicode("pickle.loads") + b"\x93"  # STACK_GLOBAL
             + b"B" + struct.pack("<I", len(inner)) + inner + b"\x85R.")  # BINBYTES, TUPLE1, REDUCE, STOP
    return zlib.compress(outer, 1)


def _file_with_snapshot(path: Path, blob: bytes, fingerprint: str) -> int:
    clock = FakeClock()
    with TournamentStore.create(path, load_profile("home-nl"), "Friday", time=clock, seed=3) as store:
        for name in ("Ann Lee", "Bo Chen", "Cy Diaz"):
            clock.advance(10)
            store.execute({"cmd": "register", "name": name})
        seq = store.last_seq
    conn = sqlite3.connect(path)
    with conn:
        conn.execute("INSERT INTO snapshots (action_seq, fingerprint, state) VALUES (?, ?, ?)",
                     (seq, fingerprint, blob))
    conn.close()
    return seq


@pytest.mark.parametrize("fingerprint", ["current", "empty"])
def test_a_crafted_snapshot_never_runs_code(tmp_path: Path, fingerprint: str) -> None:
    marker = tmp_path / "marker"
    path = tmp_path / "crafted.floorman"
    fp = state_fingerprint() if fingerprint == "current" else ""
    seq = _file_with_snapshot(path, crafted_snapshot(marker), fp)

    with TournamentStore.open(path) as store:
        assert store.last_seq == seq
        assert len(store.tournament.state.players) == 3  # rebuilt from the log
    assert not marker.exists()
    with TournamentStore.open(path, read_only=True) as store:
        assert len(store.tournament.state.players) == 3
    assert not marker.exists()
    verify_file(path)
    assert not marker.exists()
    assert floorman(["verify", str(path)]) in (0, 1)
    assert not marker.exists()
    assert floorman(["print", "seating", str(path), "--out", str(tmp_path / "out.pdf")]) in (0, 1, 2)
    assert not marker.exists()


def test_a_snapshot_in_another_format_is_refused_and_the_log_replayed(tmp_path: Path) -> None:
    marker = tmp_path / "marker"
    with pytest.raises(SnapshotFormatError):
        load_state(crafted_snapshot(marker))
    with pytest.raises(SnapshotFormatError):
        load_state(MAGIC[:-1] + b"\x09" + b"later version")
    with pytest.raises(SnapshotFormatError):
        load_state(MAGIC + b"not zlib")
    assert not marker.exists()
    path = tmp_path / "old.floorman"
    _file_with_snapshot(path, b"\x80\x05" + b"\x00" * 40, state_fingerprint())
    with TournamentStore.open(path) as store:
        assert sorted(p.name for p in store.tournament.state.players.values()) == ["Ann Lee", "Bo Chen", "Cy Diaz"]
    assert verify_file(path).problems == ["the snapshot after action 4 cannot be read: it is not in this "
                                          "version's snapshot format"]


def test_snapshot_decodes_only_into_the_state() -> None:
    state = TournamentState(name="x")
    blob = dump_state(state)
    assert blob.startswith(MAGIC)
    assert load_state(blob) == state


def test_no_module_uses_the_python_pickler() -> None:
    root = Path(__file__).resolve().parents[2]
    offenders = []
    for folder in ("app", "db", "floorman", "sheets", "ui", "tests"):
        for f in (root / folder).rglob("*.py"):
            text = f.read_text(encoding="utf-8")
            if re.search(r"^\s*(import|from)\s+(c?pickle|_pickle|dill|shelve)\b", text, re.MULTILINE):
                offenders.append(str(f.relative_to(root)))
    assert offenders == []


def test_marker_helper_really_builds_the_exploit(tmp_path: Path) -> None:
    """The crafted bytes are what the old loader ran: a well-formed pickle stream, checked by its opcodes."""
    blob = zlib.decompress(crafted_snapshot(tmp_path / "m"))
    assert blob.startswith(b"\x80\x04") and blob.endswith(b"R.")
    assert b"pickle.loads" in blob and b"os\nsystem\n" in blob


def zlib_bomb(megabytes: int) -> bytes:
    """Snapshot bytes that inflate to ``megabytes`` MB of zeros: a valid zlib stream (its checksum too).

    After a full flush the compressor starts afresh, so one compressed megabyte of zeros is the same
    bytes every time: it is compressed once and repeated, and the checksum computed for the whole.
    """
    zeros = bytes(1024 * 1024)
    deflater = zlib.compressobj(9)
    first = deflater.compress(zeros) + deflater.flush(zlib.Z_FULL_FLUSH)
    again = deflater.compress(zeros) + deflater.flush(zlib.Z_FULL_FLUSH)
    end = deflater.flush(zlib.Z_FINISH)[:-4]  # the last block, less the checksum of two megabytes
    checksum = 1
    for _ in range(megabytes):
        checksum = zlib.adler32(zeros, checksum)
    return MAGIC + first + again * (megabytes - 1) + end + checksum.to_bytes(4, "big")


def crafted_state(count: int) -> bytes:
    """Snapshot bytes of a state whose waiting list holds ``count`` zeros: MessagePack that is one byte an
    entry but a pointer of eight bytes in memory, compressed a thousand times."""
    body = b"\x81" + msgspec.msgpack.encode("waiting") + b"\xdd" + count.to_bytes(4, "big") + bytes(count)
    return MAGIC + zlib.compress(body, 9)


def test_a_zlib_bomb_snapshot_is_refused_without_inflating_it(tmp_path: Path) -> None:
    """A snapshot of 0.6 MB that inflates to 600 MB, and one of 50 KB whose 48 million entries would take
    400 MB once decoded: open, read-only open, verify and print (all the ways a file is loaded, the
    phone server's reload included) stay far below that in memory."""
    bomb = zlib_bomb(600)
    assert len(bomb) < 1024 * 1024
    assert len(zlib.decompress(zlib_bomb(3)[len(MAGIC):])) == 3 * 1024 * 1024  # a sound stream, small
    with pytest.raises(SnapshotFormatError, match="larger than any tournament"):
        load_state(bomb)
    assert load_state(crafted_state(5)).waiting == [0] * 5
    crowd = crafted_state(48 * 1024 * 1024)
    assert len(crowd) < 100_000
    with pytest.raises(SnapshotFormatError, match="larger than any tournament's state of that many actions"):
        load_state(crowd, state_limit(4))
    path = tmp_path / "bomb.floorman"
    seq = _file_with_snapshot(path, bomb, state_fingerprint())
    conn = sqlite3.connect(path)
    with conn:
        conn.execute("INSERT INTO snapshots (action_seq, fingerprint, state) VALUES (?, ?, ?)",
                     (seq, state_fingerprint(), crowd))
    conn.close()
    # The peak is the high-water mark of this process's own memory (VmHWM). Not getrusage's maxrss:
    # Linux carries that over from the parent when the child is forked, so under a test run that has
    # grown to 400 MB the child would report the run's size, not its own.
    script = f"""
import sys
from pathlib import Path
from db.store import TournamentStore
from db.verify import verify_file
from floorman.cli import main as floorman
path = Path({str(path)!r})
with TournamentStore.open(path) as store:
    assert len(store.tournament.state.players) == 3
with TournamentStore.open(path, read_only=True) as store:
    assert len(store.tournament.state.players) == 3
print(verify_file(path).problems)
floorman(["print", "seating", str(path), "--out", {str(tmp_path / "out.pdf")!r}])
status = Path("/proc/self/status").read_text()
print("peak", int(status.split("VmHWM:")[1].split()[0]) // 1024)
"""
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120,
                          cwd=Path(__file__).resolve().parents[2])
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].count("larger than any tournament") == 2, lines[0]
    peak_mb = int(lines[-1].split()[-1])
    assert peak_mb < 400, f"loading the file took {peak_mb} MB"
