"""The money trail: every movement of money in time order, then a summary that balances to the cent.

Drawn from :class:`sheets.money_data.MoneyTrail` (the engine's money log, totals and payout table);
nothing here decides a rule. Where the log, the engine's totals or the prizes do not agree, the sheet
says so in words, with the difference. On a tournament shared by several stations, a "Recorded by" column
names the station (and operator) that recorded each movement (the store's ``money_authors()``, passed as
the ``recorded_by`` option); a single laptop's trail has no such column.
"""

from __future__ import annotations

import time
from datetime import date
from typing import Any

from reportlab.lib import colors
from reportlab.platypus import Flowable, KeepTogether, Spacer

from app.api import fmt
from app.i18n import N_, _, ngettext
from sheets.fonts import BOLD
from sheets.model import printable
from sheets.money_data import FEE_TYPES, MoneyLine, MoneyTrail
from sheets.payouts import place_label
from sheets.style import GRID, MARGIN, SHADE, Options, build, day_text, money, p, styles, table, widths_for

TITLE = N_("Money trail")
ACCOUNTS = {"pool": N_("prize pool"), "bounty": N_("bounty pool"), "fee": N_("house fees"),
            "forfeit_fee": N_("forfeit fees"), "refund": N_("refunds")}


def _signed(cents: int, opts: Options) -> str:
    return "" if cents == 0 else ("+" if cents > 0 else "") + money(cents, opts.currency)


def _day(at: float) -> str:
    t = time.localtime(at)
    return day_text(date(t.tm_year, t.tm_mon, t.tm_mday))


def _trail_table(lines: list[MoneyLine], opts: Options, width: float) -> Flowable:
    cell = styles()["cell"].clone("trail", fontSize=9, leading=11)
    bounty = any(line.bounty_cents for line in lines)  # KO-2: a bounty column only where there are bounties
    shared = any(line.station or line.operator for line in lines)  # a shared tournament: who recorded each
    head = [_("Time"), _("Player"), _("What")] + ([_("Recorded by")] if shared else []) + [_("Cash"), _("Prize pool")] \
        + ([_("Bounty")] if bounty else []) + [_("Fees"), _("Pool after")]
    first_amount = 4 if shared else 3
    rows: list[list[Any]] = [head]
    extra: list[tuple[Any, ...]] = [("ALIGN", (first_amount, 0), (-1, -1), "RIGHT"), ("FONTSIZE", (0, 0), (-1, -1), 9)]
    extra += [("TOPPADDING", (0, 1), (-1, -1), 2), ("BOTTOMPADDING", (0, 1), (-1, -1), 2)]
    day = ""
    for line in lines:
        if _day(line.at) != day:
            day = _day(line.at)
            r = len(rows)
            rows.append([day] + [""] * (len(head) - 1))
            extra += [
                ("SPAN", (0, r), (-1, r)),
                ("FONTNAME", (0, r), (-1, r), BOLD),
                ("BACKGROUND", (0, r), (-1, r), SHADE),
            ]
        rows.append(
            [
                time.strftime("%H:%M:%S", time.localtime(line.at)),
                p(line.name, cell),
                p(line.what, cell),
            ]
            + ([p(line.recorded_by(), cell)] if shared else [])
            + [
                _signed(line.cash_cents, opts),
                _signed(line.pool_cents, opts),
            ]
            + ([_signed(line.bounty_cents, opts)] if bounty else [])
            + [
                _signed(line.fee_cents, opts),
                money(line.pool_after, opts.currency),
            ]
        )
    lines_only = [r for r in rows if r[1] != ""]  # the day rows span the table
    measured: tuple[int, ...]
    if bounty:
        shares, measured = [0.09, 0.2, 0.21, 0.1, 0.1, 0.09, 0.08, 0.13], (0, 3, 4, 5, 6, 7)
    else:
        shares, measured = [0.1, 0.22, 0.24, 0.1, 0.11, 0.09, 0.14], (0, 3, 4, 5, 6)
    if shared:  # the names and the words make room for who recorded each line
        shares = [s * 0.7 if i in (1, 2) else s for i, s in enumerate(shares)]
        shares.insert(3, 1.0 - sum(shares))
        measured = (0, *(m + 1 for m in measured[1:]))
    widths = widths_for(lines_only, shares, width, measured=measured, size=9)
    return table(rows, widths, width, extra=extra, zebra=False)


def _amounts(rows: list[tuple[str, int | None, bool]], opts: Options, width: float) -> Flowable:
    """Label / amount rows; bold rows are totals, with a rule above them."""
    st = styles()
    data: list[list[Any]] = []
    extra: list[tuple[Any, ...]] = [("ALIGN", (1, 0), (1, -1), "RIGHT")]
    for i, (label, cents, bold) in enumerate(rows):
        data.append([p(label, st["cellb" if bold else "cell"]), "" if cents is None else money(cents, opts.currency)])
        if bold:
            extra += [("FONTNAME", (1, i), (1, i), BOLD), ("LINEABOVE", (0, i), (-1, i), 0.8, GRID)]
    out = table(data, [0.75, 0.25], width, header_rows=0, zebra=False, grid=False, extra=extra)
    out.hAlign = "LEFT"
    return out


def _fees_after(kind: str) -> str:
    """ "Dealer fees, after refunds": one kind of fee kept."""
    name = _(FEE_TYPES[kind]) if kind in FEE_TYPES else kind
    text = _("{kind} fees, after refunds", kind=name)
    return text[:1].upper() + text[1:]


def _check(ok: bool, text: str) -> Flowable:
    st = styles()
    colour = "#000000" if ok else "#b00020"
    return p(("✓ " if ok else "✗ ") + text, st["body"].clone("check", textColor=colors.HexColor(colour)), bold=not ok)


def _balance(m: MoneyTrail, opts: Options, width: float) -> list[Flowable]:
    st = styles()
    c = opts.currency
    rows: list[tuple[str, int | None, bool]] = [(_("{what} ({count})", what=words, count=fmt.chips(n)), cents, False)
                                                for words, n, cents in m.kinds()]
    forfeits = [line for line in m.lines if line.kind == "forfeit_fee"]
    by_type = m.fees_by_type()
    only_house = set(by_type) <= {"house"}
    rows.append((_("House fees") if only_house else _("Fees (not prize money)"), m.fees_in(), False))
    if forfeits:
        rows.append((_("Forfeit fees ({count}), not prize money", count=fmt.chips(len(forfeits))),
                     sum(f.fee_cents for f in forfeits), False))
    bounties_in = m.bounties_in()
    if bounties_in:
        rows.append((_("Bounties (kept apart from the prize pool)"), bounties_in, False))
    rows.append((_("Total paid in"), m.paid_in(), True))
    rows.append((_("Refunds paid back ({count})", count=fmt.chips(m.refunds())), -m.refunded(), False))
    held = m.paid_in() - m.refunded()
    rows.append((_("Held now"), held, True))
    pool, fees, forfeit = (m.log_totals.get(a, 0) for a in ("pool", "fee", "forfeit_fee"))
    bounty = m.log_totals.get("bounty", 0)
    rows.append((_("Prize pool"), pool, False))
    if bounty or bounties_in:
        rows.append((_("Bounty pool, after refunds"), bounty, False))
    if only_house:
        rows.append((_("House fees, after refunds"), fees, False))
    else:
        rows += [(_fees_after(name), cents, False) for name, cents in by_type.items()]
    if forfeit or forfeits:
        rows.append((_("Forfeit fees (not prize money)"), forfeit, False))
    with_bounty = bool(bounty or bounties_in)
    rows.append((_("Prize pool + bounty pool + fees") if with_bounty else _("Prize pool + fees"),
                 pool + bounty + fees + forfeit, True))
    out: list[Flowable] = [p(_("Summary"), st["h2"]), _amounts(rows, opts, width * 0.7), Spacer(1, 4)]
    kept = pool + bounty + fees + forfeit
    balanced = held == kept
    if balanced:
        text = (_("What is held ({amount}) equals the prize pool, the bounty pool and the fees to the cent.",
                  amount=money(held, c)) if with_bounty else
                _("What is held ({amount}) equals the prize pool and the fees to the cent.", amount=money(held, c)))
    else:
        text = (_("What is held and the prize pool, the bounty pool and the fees differ by {amount}.",
                  amount=money(held - kept, c)) if with_bounty else
                _("What is held and the prize pool and the fees differ by {amount}.", amount=money(held - kept, c)))
    out.append(_check(balanced, text))
    wrong = m.mismatches()
    if not wrong:
        out.append(_check(True, _("The money log agrees with the tournament's own totals.")))
    for account, logged, engine in wrong:
        name = _(ACCOUNTS[account]) if account in ACCOUNTS else account
        out.append(_check(False, _("The log's {account} come to {logged}, the tournament's to {engine}.",
                                   account=name, logged=money(logged, c), engine=money(engine, c))))
    return out


def _prizes(m: MoneyTrail, opts: Options, width: float) -> list[Flowable]:
    st = styles()
    c = opts.currency
    out: list[Flowable] = [p(_("Prizes"), st["h2"])]
    pool = m.log_totals.get("pool", 0)
    if m.guarantee_cents:
        overlay = max(m.prize_pool_cents - pool, 0)
        text = _("Guarantee {guarantee}: the house adds {amount} to the prize pool.",
                 guarantee=money(m.guarantee_cents, c), amount=money(overlay, c)) if overlay else _(
            "Guarantee {guarantee}: the prize pool is above it.", guarantee=money(m.guarantee_cents, c))
        out.append(p(text, st["body"]))
    out.append(p(_("Prize pool to pay: {amount}", amount=money(m.prize_pool_cents, c)), st["body"], bold=True))
    if not m.paying or not m.prizes:
        why = _("This tournament has no payout table.") if not m.paying else _("No payout table yet.")
        return out + [p(why, st["body"])]
    rows: list[list[Any]] = [[_("Place"), _("Player"), _("Prize")]]
    for r in sorted(m.prizes, key=lambda r: (r.place, r.name or "")):
        rows.append([p(place_label(r), st["cell"]), p(r.name or "", st["cell"]), money(r.amount_cents, c)])
    total = m.prizes_total()
    rows.append([p(_("Total"), st["cellb"]), "", money(total, c)])
    extra = [
        ("ALIGN", (2, 0), (2, -1), "RIGHT"),
        ("FONTNAME", (0, -1), (-1, -1), BOLD),
        ("LINEABOVE", (0, -1), (-1, -1), 1.2, GRID),
    ]
    grid = table(rows, [0.3, 0.5, 0.2], width * 0.7, extra=extra)
    grid.hAlign = "LEFT"
    out += [grid, Spacer(1, 4)]
    decided = [r for r in m.prizes if r.name]
    if decided and len(decided) < len(m.prizes):
        paid = sum(r.amount_cents for r in decided)
        out.append(p(_("Places decided so far: {count}, for {amount}.", count=fmt.chips(len(decided)),
                       amount=money(paid, c)), st["body"]))
    diff = total - m.prize_pool_cents
    if diff == 0:
        out.append(_check(True, _("The prizes add up to the prize pool: {amount}.", amount=money(total, c))))
    else:
        amounts = {"total": money(total, c), "difference": money(abs(diff), c)}
        text = _("The prizes come to {total}, {difference} more than the prize pool (PAY-6).", **amounts) if diff > 0 \
            else _("The prizes come to {total}, {difference} less than the prize pool (PAY-6).", **amounts)
        out.append(_check(False, text))
    return out


def _bounties(m: MoneyTrail, opts: Options, width: float) -> list[Flowable]:
    """KO: the bounties paid out of the bounty pool (and by the house), and who won them."""
    st = styles()
    c = opts.currency
    pool = m.log_totals.get("bounty", 0)
    out: list[Flowable] = [p(_("Bounties"), st["h2"])]
    text = _("Bounty pool {pool}; paid so far {paid}, on players' heads or waiting for the winner {left}.",
             pool=money(pool, c), paid=money(m.bounties_paid_cents, c), left=money(pool - m.bounties_paid_cents, c))
    if m.house_bounties_paid_cents:
        text += " " + _("House bounties paid by the house, on top: {amount}.",
                        amount=money(m.house_bounties_paid_cents, c))
    out.append(p(text, st["body"]))
    if m.bounties_won:
        rows: list[list[Any]] = [[_("Player"), _("Knockouts"), _("Bounties won")]]
        for name, cents, knockouts in m.bounties_won:
            rows.append([p(printable(name), st["cell"]), fmt.chips(knockouts), money(cents, c)])
        grid = table(rows, [0.5, 0.2, 0.3], width * 0.7, extra=[("ALIGN", (1, 0), (2, -1), "RIGHT")])
        grid.hAlign = "LEFT"
        out.append(grid)
    return out


def money_trail(m: MoneyTrail | None, tournament: str, opts: Options) -> bytes:
    st = styles()
    width = opts.pagesize[0] - 2 * MARGIN
    m = m or MoneyTrail()
    count = ngettext("{count} movement ({rows} rows of the money log)",
                     "{count} movements ({rows} rows of the money log)", len(m.lines),
                     count=fmt.chips(len(m.lines)), rows=fmt.chips(m.log_rows))
    story: list[Flowable] = [p(_(TITLE), st["title"]), p(count, st["body"]), Spacer(1, 6)]
    if m.lines:
        story.append(_trail_table(m.lines, opts, width))
    else:
        story.append(p(_("No money has changed hands yet."), st["body"]))
    story += [Spacer(1, 8), KeepTogether(_balance(m, opts, width)), KeepTogether(_prizes(m, opts, width))]
    if m.log_totals.get("bounty", 0) or m.bounties_won:
        story.append(KeepTogether(_bounties(m, opts, width)))
    return build(story, opts, _(TITLE), tournament)
