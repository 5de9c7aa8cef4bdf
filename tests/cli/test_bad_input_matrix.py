"""Bad input on the command line: a refusal in at most three lines, a non-zero exit, no traceback,
and the tournament file's bytes unchanged."""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
from pathlib import Path

import pytest

from app.profiles.profile import load_profile
from db.store import TournamentStore, state_fingerprint
from floorman.cli import main


def _digest(path: Path) -> str | None:
    return hashlib.sha256(path.read_bytes()).hexdigest() if path.is_file() else None


def _tournament(folder: Path, name: str = "friday.floorman", players: int = 12) -> Path:
    path = folder / name
    with TournamentStore.create(path, load_profile("tda"), "Friday", backup_dir=folder / "b") as store:
        for i in range(players):
            store.execute({"cmd": "register", "name": f"Player {i + 1}"})
        store.execute({"cmd": "seat_all"})
        store.execute({"cmd": "change_settings", "settings": {"payout.percents": [100]}})
    return path


def _edit(path: Path, sql: str, *params: object) -> None:
    conn = sqlite3.connect(path)
    conn.execute(sql, params)
    conn.commit()
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.execute("PRAGMA journal_mode=DELETE")
    conn.close()


def _damaged(folder: Path) -> Path:
    path = folder / "damaged.floorman"
    with TournamentStore.create(path, load_profile("tda"), "Damaged", backup_dir=folder / "db") as store:
        for i in range(300):
            store.execute({"cmd": "note", "text": f"note number {i} " + "x" * 200})
        store.backup_now()
    data = bytearray(path.read_bytes())
    page = int.from_bytes(data[16:18], "big")
    for k in range(3 * page, 4 * page):
        data[k] = (k * 31) % 251
    path.write_bytes(bytes(data))
    return path


@pytest.fixture(scope="module")
def files(tmp_path_factory) -> dict[str, Path]:
    return _files(tmp_path_factory.mktemp("bad-input"))


def _files(tmp_path: Path) -> dict[str, Path]:
    good = _tournament(tmp_path)
    nan = _tournament(tmp_path, "nan.floorman")
    _edit(nan, "UPDATE actions SET events = replace(events, '[100]', '[NaN]'), "
               "command = replace(command, '[100]', '[NaN]') WHERE seq = (SELECT MAX(seq) FROM actions)")
    empty = _tournament(tmp_path, "empty-payouts.floorman")
    _edit(empty, "UPDATE actions SET events = replace(events, '[100]', '[]'), "
                 "command = replace(command, '[100]', '[]') WHERE seq = (SELECT MAX(seq) FROM actions)")
    schema = _tournament(tmp_path, "schema.floorman")
    _edit(schema, "UPDATE meta SET value = 'two' WHERE key = 'schema'")
    snap = _tournament(tmp_path, "snapshot.floorman")
    _edit(snap, "INSERT INTO snapshots (action_seq, fingerprint, state) VALUES (3, ?, ?)", state_fingerprint(),
          b"\x00garbage")
    fifo = tmp_path / "pipe.floorman"
    os.mkfifo(fifo)
    return {"good": good, "nan": nan, "empty": empty, "schema": schema, "snapshot": snap, "fifo": fifo,
            "damaged": _damaged(tmp_path), "folder": tmp_path, "text": _text(tmp_path)}


def _text(folder: Path) -> Path:
    path = folder / "letter.txt"
    path.write_text("Dear director\n")
    return path


CASES = {
    "print over the tournament": ["print", "results", "{good}", "--out", "{good}"],
    "print over a text file": ["print", "results", "{good}", "--out", "{text}"],
    "print into a missing folder": ["print", "results", "{good}", "--out", "{folder}/nowhere/x.pdf"],
    "print on bad paper": ["print", "results", "{good}", "--out", "{folder}/x.pdf", "--paper", "b5"],
    "print a missing file": ["print", "results", "{folder}/missing.floorman", "--out", "{folder}/x.pdf"],
    "print with a missing logo": ["print", "results", "{good}", "--out", "{folder}/x.pdf", "--logo", "{folder}/no.png"],
    "print with a bad date": ["print", "results", "{good}", "--out", "{folder}/x.pdf", "--date", "friday"],
    "print an unknown sheet": ["print", "flyer", "{good}", "--out", "{folder}/x.pdf"],
    "print a FIFO": ["print", "results", "{fifo}", "--out", "{folder}/x.pdf"],
    "print a damaged file": ["print", "results", "{damaged}", "--out", "{folder}/x.pdf"],
    "print NaN payouts": ["print", "payouts", "{nan}", "--out", "{folder}/x.pdf"],
    "print empty payouts": ["print", "results", "{empty}", "--out", "{folder}/x.pdf"],
    "verify a FIFO": ["verify", "{fifo}"],
    "verify a damaged file": ["verify", "{damaged}"],
    "verify a damaged snapshot": ["verify", "{snapshot}"],
    "verify a word for the schema": ["verify", "{schema}"],
    "verify NaN payouts": ["verify", "{nan}"],
    "verify empty payouts": ["verify", "{empty}"],
    "verify a missing file": ["verify", "{folder}/missing.floorman"],
    "simulate into the tournament": ["simulate", "--players", "4", "--db", "{good}"],
    "simulate into a text file": ["simulate", "--players", "4", "--db", "{text}"],
    "simulate into a missing folder": ["simulate", "--players", "4", "--db", "{folder}/nowhere/x.floorman"],
    "simulate into a FIFO": ["simulate", "--players", "4", "--db", "{fifo}"],
    "simulate with a bad profile": ["simulate", "--players", "4", "--profile", "{text}"],
    "simulate with a bad option": ["simulate", "--players", "many"],
    "restore a missing backup": ["restore", "{good}", "{folder}/missing.floorman"],
    "restore a text file": ["restore", "{good}", "{text}"],
    "restore a FIFO": ["restore", "{good}", "{fifo}"],
    "restore number 99": ["restore", "{good}", "99"],
}


@pytest.mark.timeout(60)
@pytest.mark.parametrize("case", list(CASES))
def test_bad_input_is_refused_in_words(case, files, capsys):
    argv = [a.format(**files) for a in CASES[case]]
    watched = [p for k, p in files.items() if k != "folder" and p.is_file()]
    before = {p: _digest(p) for p in watched}
    try:
        code = main(argv)
    except SystemExit as exit_:  # argparse's own exit for a usage mistake
        code = exit_.code
    out = capsys.readouterr()
    text = out.out + out.err
    assert code not in (0, None), text
    assert "Traceback" not in text
    assert 1 <= len(out.err.strip().splitlines()) <= 3, out.err
    assert {p: _digest(p) for p in watched} == before
    assert not (files["folder"] / "x.pdf").exists()


@pytest.mark.parametrize("damage", ["page", "header", "cut", "zeros"])
def test_restore_over_a_damaged_file_works(tmp_path, capsys, damage):
    damaged = _damaged(tmp_path)
    data = damaged.read_bytes()
    if damage == "header":
        damaged.write_bytes(b"scribbled over the header" + data[25:])
    elif damage == "cut":
        damaged.write_bytes(data[: len(data) // 3])
    elif damage == "zeros":
        damaged.write_bytes(bytes(len(data)))
    wrecked = damaged.read_bytes()
    assert main(["verify", str(damaged)]) == 2
    backups = sorted((tmp_path / "db").iterdir())
    assert main(["restore", str(damaged), str(backups[-1])]) == 0, capsys.readouterr().err
    assert main(["verify", str(damaged)]) == 0
    kept = [p for p in (tmp_path / "damaged.floorman.backups").iterdir() if "before-restore" in p.name]
    assert [p.read_bytes() for p in kept if p.name.endswith("damaged.floorman")] in ([wrecked], []), "kept as it was"
    assert kept, "the damaged file is kept, in case"


def test_the_damaged_file_message_is_short(files, capsys):
    assert main(["verify", str(files["damaged"])]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) <= 3 and len(err) < 600, err


def test_json_verify_of_a_bad_file_is_json(files, capsys):
    assert main(["verify", str(files["schema"]), "--json"]) != 0
    assert json.loads(capsys.readouterr().out)["ok"] is False
