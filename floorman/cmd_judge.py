"""``floorman judge [--lines] [--profile ID_OR_FILE]``: a showdown as JSON on standard input, its ruling as JSON.

One hand (docs/judge.md): ``{"game": ID, "board": [...], "button": SEAT, "players": [{"seat", "cards",
"put_in", "folded"}, ...]}``; the ruling: the pots with their parts, winners and shares, every hand in words.
A hand that cannot be is one sentence on standard error and exit status 2. With ``--lines`` every line of the
input is a hand and every line of the output its ruling, or ``{"error": "sentence"}`` for a bad one (exit 0
when every line was read). The odd chip of a split pot follows the profile's ``pot.odd_chip`` (MIX-8).
"""

from __future__ import annotations

import json
import sys
from typing import Any

from floorman.args import Parser


def _ruling(line: str, odd_chip: str) -> dict[str, Any]:
    from app.api import RuleError, judge

    try:
        data = json.loads(line)
    except (json.JSONDecodeError, RecursionError) as exc:
        msg = getattr(exc, "msg", "too deeply nested")
        raise RuleError("INVALID_INPUT", f"The hand is not JSON ({msg}).", "JDG-1") from exc
    return judge(data, odd_chip)


def main(argv: list[str]) -> int:
    p = Parser(prog="floorman judge", description="Settle a showdown: one hand as JSON on standard input, its "
               "pots and winners as JSON on standard output (docs/judge.md).")
    p.add_argument("--lines", action="store_true", help="one hand per line in, one ruling per line out")
    p.add_argument("--profile", default="tda", metavar="ID_OR_FILE",
                   help="the profile whose odd-chip rule (pot.odd_chip) applies (default: tda)")
    opts = p.parse_args(argv)

    from app.api import RuleError, load_profile

    try:
        odd_chip = str(load_profile(opts.profile)["pot.odd_chip"])
    except RuleError as err:
        print(f"floorman judge: {err.message}", file=sys.stderr)
        return 2
    if not opts.lines:
        try:
            ruling = _ruling(sys.stdin.read(), odd_chip)
        except RuleError as err:
            print(f"floorman judge: {err.message}", file=sys.stderr)
            return 2
        print(json.dumps(ruling, indent=2, ensure_ascii=False))
        return 0
    for line in sys.stdin:
        if not line.strip():
            continue
        try:
            out: dict[str, Any] = _ruling(line, odd_chip)
        except RuleError as err:
            out = {"error": err.message, "code": err.code}
        print(json.dumps(out, ensure_ascii=False), flush=True)
    return 0
