"""The money trail as plain data, read from the money view (:func:`app.views.money`).

Each row of ``state.money_log`` is ``{at, kind, player, cents, to}`` with ``to`` one of ``pool``,
``bounty`` (KO-2), ``fee``, ``forfeit_fee`` or ``refund``. Rows written by one purchase (the price to the pool and its
house fee) or one refund (out of the pool, out of the fees, paid back) are shown on one line; nothing
is dropped or added. The summary adds the log up and sets it beside the engine's own totals and its
payout table, so a difference shows on paper instead of being hidden.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from app.api import MoneyView
from app.i18n import N_, _
from sheets.model import Payout, printable

KIND_WORDS = {
    "entry": N_("Buy-in"),
    "reentry": N_("Re-entry"),
    "rebuy": N_("Rebuy"),
    "addon": N_("Add-on"),
    "topup": N_("Top-up"),
    "purchase": N_("Chip purchase"),
    "forfeit_fee": N_("Forfeit fee (absent)"),
    "refund": N_("Refund"),
}
KIND_PLURAL = {
    "entry": N_("Buy-ins"),
    "reentry": N_("Re-entries"),
    "rebuy": N_("Rebuys"),
    "addon": N_("Add-ons"),
    "topup": N_("Top-ups"),
    "purchase": N_("Chip purchases"),
}
REFUND_REASONS = {"withdrawn": N_("withdrew"), "never_seated": N_("never seated")}
# The kinds of fee a profile splits a buy-in's fee into (data keys; their words where a sheet shows them).
FEE_TYPES = {"house": N_("house"), "dealer": N_("dealer"), "staff": N_("staff")}
FEE_ACCOUNTS = ("fee", "forfeit_fee")


@dataclass
class MoneyLine:
    """One movement: a purchase with its fee, a forfeit fee, or a refund."""

    at: float
    player: int | None
    name: str
    kind: str  # the log's kind, without "_fee"
    what: str
    cash_cents: int = 0  # money handed over (negative: paid back to the player)
    pool_cents: int = 0  # into (or out of) the prize pool
    fee_cents: int = 0  # into (or out of) the house fees and forfeit fees
    bounty_cents: int = 0  # into (or out of) the bounty pool (KO-2)
    pool_after: int = 0  # the prize pool after this line
    fee_split: dict[str, int] = field(default_factory=dict)  # house, dealer, staff -> cents (ENT-11)
    accounts: set[str] = field(default_factory=set)
    station: str = ""  # the station that recorded it on a shared tournament ("Desk 1"), else ""
    operator: str = ""  # who was at that station
    seat: str = ""  # FLT-9: the satellite whose seat paid it (no cash at the desk)

    def __post_init__(self) -> None:
        self.name = printable(self.name)

    def recorded_by(self) -> str:
        """ "Desk 1 (Kim)", "Desk 1", or "" on a single laptop."""
        station, operator = printable(self.station), printable(self.operator)
        if station and operator:
            return f"{station} ({operator})"
        return station or operator


@dataclass
class MoneyTrail:
    lines: list[MoneyLine] = field(default_factory=list)
    log_rows: int = 0
    log_totals: dict[str, int] = field(default_factory=dict)  # account -> sum of its rows
    engine: dict[str, int] = field(default_factory=dict)  # account -> the engine's own total
    guarantee_cents: int = 0
    prize_pool_cents: int = 0  # what the prizes must add up to: the pool, or the guarantee
    prizes: list[Payout] = field(default_factory=list)
    paying: bool = True  # the tournament has a payout table (PAY-6 applies)
    bounties_paid_cents: int = 0  # KO: paid out of the bounty pool
    house_bounties_paid_cents: int = 0  # KO-5: paid by the house, on top
    bounties_won: list[tuple[str, int, int]] = field(default_factory=list)  # (name, cents, knockouts)

    def bounties_in(self) -> int:
        """KO-2: the bounty parts of the purchases, before refunds."""
        return sum(line.bounty_cents for line in self.lines if line.kind != "refund")

    def kinds(self) -> list[tuple[str, int, int]]:
        """(words, count, cents into the pool) per kind of purchase, in the order first seen."""
        out: dict[str, list[int]] = {}
        for line in self.lines:
            if line.kind not in ("refund", "forfeit_fee"):
                row = out.setdefault(line.kind, [0, 0])
                row[0] += 1
                row[1] += line.pool_cents
        return [(_(KIND_PLURAL[k]) if k in KIND_PLURAL else k.replace("_", " ").capitalize(), n, c)
                for k, (n, c) in out.items()]

    def paid_in(self, kind: str | None = None) -> int:
        return sum(max(line.cash_cents, 0) for line in self.lines if kind is None or line.kind == kind)

    def fees_in(self) -> int:
        return sum(line.fee_cents for line in self.lines if line.kind not in ("refund", "forfeit_fee"))

    def fees_by_type(self) -> dict[str, int]:
        """Fees kept after refunds, by type (house, dealer, staff), in the order first seen."""
        out: dict[str, int] = {}
        for line in self.lines:
            if line.kind != "forfeit_fee":
                for name, cents in line.fee_split.items():
                    out[name] = out.get(name, 0) + cents
        return out

    def refunded(self) -> int:
        return -sum(line.cash_cents for line in self.lines if line.kind == "refund")

    def refunds(self) -> int:
        return sum(1 for line in self.lines if line.kind == "refund")

    def prizes_total(self) -> int:
        return sum(p.amount_cents for p in self.prizes)

    def mismatches(self) -> list[tuple[str, int, int]]:
        """(account, log total, engine total) where the money log and the engine disagree."""
        return [(a, self.log_totals.get(a, 0), v) for a, v in self.engine.items() if self.log_totals.get(a, 0) != v]

    def shared(self) -> bool:
        """Was any movement recorded at a named station (a tournament shared by several stations)?"""
        return any(line.station or line.operator for line in self.lines)

    def names(self) -> list[str]:
        return ([line.name for line in self.lines]
                + [who for line in self.lines for who in (line.station, line.operator) if who]
                + [p.name for p in self.prizes if p.name]
                + [name for name, _c, _n in self.bounties_won])


def _base(kind: str) -> str:
    if kind.endswith("_bounty"):  # KO-2: a purchase's bounty part joins its line
        return kind[: -len("_bounty")]
    return kind[:-4] if kind.endswith("_fee") and kind != "forfeit_fee" else kind


def _what(line: MoneyLine, reason: str | None) -> str:
    words = _(KIND_WORDS[line.kind]) if line.kind in KIND_WORDS else line.kind.replace("_", " ").capitalize()
    if line.kind == "refund":
        if not reason:
            return words
        why = _(REFUND_REASONS[reason]) if reason in REFUND_REASONS else reason.replace("_", " ")
        return _("{what} ({why})", what=words, why=why)
    if "fee" in line.accounts and line.kind != "forfeit_fee":
        kinds = [k for k in line.fee_split if line.fee_split[k]] or ["house"]
        if kinds == ["house"]:
            fee = _("house fee")
        else:
            named = [_(FEE_TYPES[k]) if k in FEE_TYPES else k for k in kinds]
            joined = named[0] if len(named) == 1 else _("{names} and {last}", names=", ".join(named[:-1]),
                                                         last=named[-1])
            fee = _("{kinds} fees", kinds=joined)
        return _("{what} + {fee}", what=words, fee=fee) if "pool" in line.accounts else _(
            "{what}: {fee}", what=words, fee=fee)
    return words


def lines_from_log(
    log: Sequence[Mapping[str, Any]], names: Mapping[int, str], reasons: Mapping[int, str],
    recorded_by: Sequence[tuple[str, str]] = (),
) -> list[MoneyLine]:
    """Group the log's rows into lines: a row joins the line before it when it has the same time, player
    and kind and goes to an account that line has not had yet, and was recorded by the same station.
    ``recorded_by``: the (station, operator) of each row, on a shared tournament (else empty)."""
    out: list[MoneyLine] = []
    pool = 0
    for i, row in enumerate(log):
        at, who, kind = float(row["at"]), row.get("player"), _base(str(row["kind"]))
        to, cents = str(row["to"]), int(row["cents"])
        name = names.get(who, "") if isinstance(who, int) else str(who or "")
        station, operator = recorded_by[i] if i < len(recorded_by) else ("", "")
        last = out[-1] if out else None
        if last is None or (last.at, last.player, last.kind, last.station, last.operator) != (
                at, who, kind, station, operator) or to in last.accounts:
            last = MoneyLine(at, who if isinstance(who, int) else None, name, kind, "", station=station,
                             operator=operator)
            out.append(last)
        last.accounts.add(to)
        if to == "pool":
            last.pool_cents += cents
            pool += cents
        elif to == "bounty":
            last.bounty_cents += cents
        elif to in FEE_ACCOUNTS:
            last.fee_cents += cents
            split = row.get("split") or ({"house": cents} if to == "fee" else {})
            for name, c in split.items():
                last.fee_split[str(name)] = last.fee_split.get(str(name), 0) + int(c)
        if row.get("seat"):
            last.seat = str(row["seat"])
        if to == "refund":
            last.cash_cents = -cents
        elif "refund" not in last.accounts and not last.seat:  # FLT-9: a seat paid it, not cash
            last.cash_cents += cents
        last.pool_after = pool
    for line in out:
        line.what = _what(line, reasons.get(line.player) if line.player is not None else None)
        if line.seat:
            line.what += _(", paid by a seat from {satellite}", satellite=line.seat)
    return out


def collect_money(money: MoneyView, prizes: list[Payout],
                  recorded_by: Sequence[tuple[str, str]] = ()) -> MoneyTrail:
    """The money trail of a tournament's money view; ``prizes`` are the payout rows the sheets already read;
    ``recorded_by``: the (station, operator) of each money row on a shared tournament (the store's
    ``money_authors()``), used only when there is one for every row."""
    names = {r.player_id: r.name for r in money.rows if r.player_id is not None}
    log = [{"at": r.at, "kind": r.kind, "player": r.player_id if r.player_id is not None else r.name,
            "cents": r.cents, "to": r.to, "split": dict(r.split), "seat": r.seat} for r in money.rows]
    authors = [(str(s), str(o)) for s, o in recorded_by] if len(recorded_by) == len(money.rows) else []
    trail = MoneyTrail(lines=lines_from_log(log, names, money.refund_reasons, authors), log_rows=len(money.rows))
    for r in money.rows:
        trail.log_totals[r.to] = trail.log_totals.get(r.to, 0) + r.cents
    trail.engine = dict(money.engine)
    trail.prize_pool_cents = money.prize_pool_cents
    trail.guarantee_cents = money.guarantee_cents
    trail.paying = money.paying
    trail.prizes = list(prizes)
    trail.bounties_paid_cents = money.bounties_paid_cents
    trail.house_bounties_paid_cents = money.house_bounties_paid_cents
    trail.bounties_won = [(str(name), int(cents), int(n)) for name, cents, n in money.bounties_won]
    return trail
