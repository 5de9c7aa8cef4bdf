"""``floorman codes``: the join codes of a shared tournament, listed, issued and revoked by the director.

    floorman codes --url postgresql://floorman:PW@192.168.1.23:5433/tournament --list
    floorman codes --url postgresql://… --issue desk                  # a new desk code (a login of its own)
    floorman codes --url postgresql://… --revoke floorman:eyJ2Ijox…   # or its login: station_0123456789abcdef

``--url`` is the director's address of the tournament's server, as ``floorman host`` prints it. Revoking
a code drops its login on the server and cuts its connections: the station using it is told at its
next look, and the code lets nobody in again.

Exit codes: 0 done; 2 nothing changed (no such code, a damaged code, the server out of reach), said in words.
"""

from __future__ import annotations

import sys

from floorman.args import Parser

ROLES = ("director", "desk", "floor", "screen")


def main(argv: list[str]) -> int:
    p = Parser(prog="floorman codes", description="List, issue or revoke the join codes of a shared tournament.")
    p.add_argument("--url", required=True, help="the director's postgresql:// URL of the tournament's server")
    p.add_argument("--list", action="store_true", help="list every station login and its role")
    p.add_argument("--issue", choices=ROLES, metavar="ROLE", help="issue a new code for a station of ROLE")
    p.add_argument("--revoke", metavar="CODE|LOGIN", help="the join code (floorman:…) or login to revoke")
    opts = p.parse_args(argv)
    if (opts.revoke is not None) + opts.list + (opts.issue is not None) != 1:
        print("floorman codes: give one of --list, --issue ROLE or --revoke CODE. Nothing was changed.",
              file=sys.stderr)
        return 2

    from db.station_codes import CodeError, codes, issue_code, revoke_code

    try:
        if opts.list:
            rows = codes(opts.url)
            for login, role in rows:
                print(f"{login}  {role}")
            print(f"{len(rows)} station code{'s' if len(rows) != 1 else ''} can join.")
        elif opts.issue is not None:
            print(issue_code(opts.url, opts.issue))
        else:
            cut = revoke_code(opts.url, opts.revoke)
            print(f"Revoked: that code lets nobody in any more ({cut} connection{'s' if cut != 1 else ''} cut).")
    except CodeError as err:
        print(f"floorman codes: {err.message}", file=sys.stderr)
        return 2
    return 0
