"""The bounties (the JSON view's ``bounties``, KO): the bounty pool, what each player has on his head,
has won and how many he knocked out, and every knockout with its payments."""

from __future__ import annotations

import msgspec

from app.core.state import WINNER, TournamentState
from app.knockouts.bounties import house_bounty


class BountyHolder(msgspec.Struct, frozen=True):
    player: str
    bounty_cents: int  # on his head now (KO-2, KO-3)
    won_cents: int
    knockouts: int  # KO-1
    house_bounty_cents: int  # KO-5: the house's bounty on him, while he is in
    live: bool


class KnockoutLine(msgspec.Struct, frozen=True):
    """What one eliminator was paid for a knockout."""

    player: str
    cash_cents: int
    added_cents: int  # added to his own bounty (progressive)
    house_cents: int


class KnockoutRecord(msgspec.Struct, frozen=True):
    player: str  # who was knocked out
    by: tuple[str, ...]  # his eliminators
    bounty_cents: int
    house_bounty_cents: int
    lines: tuple[KnockoutLine, ...]
    corrected: bool  # KO-8: the eliminator was corrected since


class BountiesView(msgspec.Struct, frozen=True):
    kind: str  # none, fixed or progressive
    pool_cents: int
    paid_cents: int
    unclaimed_cents: int
    house_paid_cents: int
    players: tuple[BountyHolder, ...]
    knockouts: tuple[KnockoutRecord, ...]


def bounties(state: TournamentState) -> BountiesView:
    assert state.profile is not None
    names = {pid: p.name for pid, p in state.players.items()}
    holders = []
    for p in state.players.values():
        house = house_bounty(state, p)
        if p.bounty_cents or p.bounties_won_cents or p.knockouts or house:
            live = p.live or p.status == WINNER
            holders.append(BountyHolder(p.name, p.bounty_cents, p.bounties_won_cents, p.knockouts,
                                        house if live else 0, live))
    knockouts = tuple(
        KnockoutRecord(
            player=names.get(int(r["player"]), ""),
            by=tuple(names.get(int(x), "") for x in r["by"]),
            bounty_cents=int(r["bounty"]),
            house_bounty_cents=int(r["house_bounty"]),
            lines=tuple(KnockoutLine(names.get(int(ln["player"]), ""), int(ln["cash"]), int(ln["added"]),
                                     int(ln["house"])) for ln in r["lines"]),
            corrected=bool(r.get("corrected")),
        )
        for r in state.knockout_log
    )
    return BountiesView(
        kind=str(state.profile["bounty.kind"]),
        pool_cents=state.bounty_pool_cents,
        paid_cents=state.bounties_paid_cents,
        unclaimed_cents=state.bounty_unclaimed_cents,
        house_paid_cents=state.house_bounties_paid_cents,
        players=tuple(holders),
        knockouts=knockouts,
    )
