"""``floorman simulate``: play a whole tournament headless, print its figures, exit 1 on a broken invariant."""

from __future__ import annotations

import json
import sys
from typing import Any

from app.api import InvariantBroken, RuleError, Simulation, run_flights, run_simulation, simulation_profile
from floorman.args import Parser
from oskit.memory import peak_rss_mb


def main(argv: list[str]) -> int:
    parser = Parser(prog="floorman simulate", description="Play a whole tournament headless.")
    parser.add_argument("--players", type=int, default=100, help="players (with --flights: entries per flight)")
    parser.add_argument("--flights", type=int, default=None, metavar="N",
                        help="play an event of N flights of --players entries each, into Day 2 and to its winner")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--profile", default="tda", help="profile id or a profile JSON file")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--db", metavar="FILE", help="persist every action to this tournament file")
    parser.add_argument("--print-seq", action="store_true", help="with --db: print each action's number once committed")
    parser.add_argument(
        "--check-every", type=int, default=None, metavar="N",
        help="check the invariants after every N-th action (1: every action, as CI does; 0: never; "
        "default: about 200 checks spread over the run and one at the end, so the run stays linear)",
    )
    args = parser.parse_args(argv)
    if args.players < 2:
        parser.error("a tournament needs at least 2 players")
    try:
        from db.errors import StoreError
    except ImportError:  # pragma: no cover - the store is always shipped
        StoreError = RuntimeError  # type: ignore[misc,assignment]  # noqa: N806
    if args.flights is not None and args.flights < 1:
        parser.error("an event needs at least one flight")
    try:
        result = _flights(args) if args.flights is not None else _tournament(args)
    except InvariantBroken as exc:
        print(f"invariant broken: {exc}", file=sys.stderr)
        return 1
    except RuleError as exc:
        if exc.code == "INVALID_PROFILE":
            print(f"floorman simulate: {exc.message}", file=sys.stderr)
            return 2
        print(f"the engine refused a simulated action: {exc}", file=sys.stderr)
        return 1
    except ValueError as exc:
        print(str(exc), file=sys.stderr)
        return 2
    except StoreError as exc:
        print(f"floorman simulate: {exc}", file=sys.stderr)
        return 2
    result["peak_rss_mb"] = peak_rss_mb()
    if args.json:
        print(json.dumps(result))
    else:
        for key, value in result.items():
            if key != "payouts":
                print(f"{key:>26}: {value}")
        for row in result["payouts"][:10]:
            day = f" ({row['day']})" if "day" in row else ""
            print(f"{'':>26}  {row['place']:>4}. {row['player']}{day}: {row['amount_cents'] / 100:,.2f}")
    # An event's money and chips are checked here; a single tournament's by its own invariants as it plays.
    event_adds_up = result.get("chips_conserved") and result.get("paid_cents") == result.get("prize_pool_cents")
    return 1 if args.flights is not None and not event_adds_up else 0


def _tournament(args: Any) -> dict[str, Any]:
    sim = Simulation(players=args.players, seed=args.seed, profile=args.profile, check_every=args.check_every)
    if args.db:
        from floorman.simulate_db import run_persisted

        return run_persisted(sim, args.db, print_seq=args.print_seq)
    return run_simulation(sim)


def _flights(args: Any) -> dict[str, Any]:
    """``--flights N``: N flights into Day 2 (FLT); with ``--db`` every event action goes to the event file."""
    if args.db:
        from db.event_store import EventStore

        profile = simulation_profile(args.profile, args.players * args.flights)
        with EventStore.create(args.db, profile, f"Simulation {args.seed}", seed=args.seed) as store:
            return run_flights(args.flights, args.players, seed=args.seed, profile=args.profile,
                               execute=store.execute, event=store.event)
    return run_flights(args.flights, args.players, seed=args.seed, profile=args.profile)
