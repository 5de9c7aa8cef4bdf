"""``floorman join CODE|URL --station NAME``: open a shared tournament as a station, headless.

    floorman join floorman:eyJ2Ijox… --station "Floor 2" --operator Lou
    floorman join postgresql://floorman:PW@192.168.1.23:5433/tournament --station Desk --role desk
    floorman join floorman:eyJ2Ijox… --station Director --export friday-back.floorman

Opens the tournament another laptop shares (``floorman host``), folds its log, and prints its summary
line and the last actions of its history, with the station and operator that entered each. The join
code carries the station's role (a code issued by the host: its login's role on the server, whatever the
code's text says); a URL is the director's unless ``--role`` says otherwise. ``--export FILE`` also saves
the shared tournament into a new normal tournament file (never over an existing one), and says which
actions it holds.

Exit codes: 0 opened (and saved); 2 not opened or not saved (a damaged code, a wrong password, a server out
of reach, a database that holds no tournament, a file that exists already), said in words.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

from floorman.args import Parser

if TYPE_CHECKING:
    from db.errors import StoreError
    from db.shared_store import SharedStore

TAIL = 10


def main(argv: list[str]) -> int:
    p = Parser(prog="floorman join", description="Open a shared tournament as a station.")
    p.add_argument("target", metavar="CODE|URL", help="a join code (floorman:…) or the server's postgresql:// URL")
    p.add_argument("--station", required=True, help="this station's name (Desk, Floor 2, …)")
    p.add_argument("--operator", default="", help="who is at this station")
    p.add_argument("--role", choices=("director", "desk", "floor", "screen"),
                   help="with a URL: this station's role (default director); a join code carries its own")
    p.add_argument("--history", type=int, default=TAIL, metavar="N", help=f"how many actions to list (default {TAIL})")
    p.add_argument("--export", metavar="FILE", help="also save the shared tournament as a normal tournament file")
    opts = p.parse_args(argv)

    from app.api import RuleError
    from db.errors import StoreError
    from db.joincode import JoinCodeError, info_from_url, is_code, read_code
    from db.server_address import where
    from db.shared_store import NotLetIn, ServerUnreachable, open_shared

    try:
        if is_code(opts.target):
            if opts.role is not None:
                print("floorman join: a join code carries the station's role; --role goes with a URL only. "
                      "Nothing was opened.", file=sys.stderr)
                return 2
            info = read_code(opts.target)
        else:
            info = info_from_url(opts.target, opts.role or "director")
        store = open_shared(info.url(), station=opts.station, operator=opts.operator, role=info.role)
    except JoinCodeError as err:
        print(f"floorman join: {err.message}", file=sys.stderr)
        return 2
    except (ServerUnreachable, NotLetIn) as err:
        print(f"floorman join: {_refusal(err, where(info.url()))}", file=sys.stderr)
        return 2
    except (StoreError, RuleError) as err:
        print(f"floorman join: {err.message} Nothing was opened.", file=sys.stderr)
        return 2
    try:
        print(_summary_line(store, store.role))  # the role the server gives its login
        items = store.history()
        shown = items[-opts.history:] if opts.history > 0 else []
        if len(items) > len(shown):
            print(f"history, the last {len(shown)} of {len(items)} actions:")
        for item in shown:
            who = f" \u2014 {item.who()}" if item.who() else ""
            undone = " (undone)" if item.undone else ""
            print(f"  {item.seq:>5}  {item.label}{undone}{who}")
        if opts.export:
            try:
                saved = store.save_as_file(opts.export)
            except StoreError as err:
                print(f"floorman join: {err.message}", file=sys.stderr)
                return 2
            print(saved.words())
    finally:
        store.close()
    return 0


def _refusal(err: StoreError, where: str) -> str:
    """A server that refused the password is said so; any other failure to connect as it is."""
    from db.shared_store import NotLetIn

    cause = err.__cause__
    text = str(cause or "")
    if isinstance(err, NotLetIn):
        return ("The tournament's server refused the password: this code or URL is wrong, or was revoked by the "
                "director. Ask the director for a new join code. Nothing was opened.")
    first = text.strip().splitlines()[0] if text.strip() else str(err.message)
    return (f"Floorman cannot reach the tournament's server at {where} ({first}). Nothing was opened: check "
            "that the host laptop is still serving and that this laptop is on its network.")


def _summary_line(store: SharedStore, role: str) -> str:
    from app.api import fmt, views

    count, money = fmt.count, fmt.money
    view = views.summary(store.tournament)
    f, c = view.field, view.clock
    if f.ended:
        stage = "ended"
    elif c.started:
        stage = f"level {c.level}{', on a break' if c.on_break else ''}{', paused' if c.paused else ''}"
    else:
        stage = "not started"
    return (f"{store.name or 'Tournament'} (shared; this station: {store.station}, {role}): "
            f"{count(f.players_left, 'player')} left of {count(f.registered, 'registered player')}, "
            f"{count(f.entries, 'entry', 'entries')}, prize pool {money(f.prize_pool_cents, view.currency)}, "
            f"{stage}; {count(store.last_seq, 'action')}")
