"""The money trail: every movement of money in time order, then a summary that balances to the cent.

Drawn from :class:`sheets.money_data.MoneyTrail` (the engine's money log, totals and payout table);
nothing here decides a rule. Where the log, the engine's totals or the prizes do not agree, the sheet
says so in words, with the difference. On a tournament shared by several stations, a "Recorded by" column
names the station (and operator) that recorded each movement (the store's ``money_authors()``, passed as
the ``recorded_by`` option); a single laptop's trail has no such column.
"""

from __future__ import annotations

import time
from typing import Any

from reportlab.lib import colors
from reportlab.platypus import Flowable, KeepTogether, Spacer

from sheets.fonts import BOLD
from sheets.model import printable
from sheets.money_data import MoneyLine, MoneyTrail
from sheets.payouts import place_label
from sheets.style import GRID, MARGIN, SHADE, Options, build, money, p, styles, table, widths_for

TITLE = "Money trail"
ACCOUNTS = {"pool": "prize pool", "bounty": "bounty pool", "fee": "house fees", "forfeit_fee": "forfeit fees",
            "refund": "refunds"}


def _signed(cents: int, opts: Options) -> str:
    return "" if cents == 0 else ("+" if cents > 0 else "") + money(cents, opts.currency)


def _day(at: float) -> str:
    t = time.localtime(at)
    return f"{time.strftime('%A', t)} {t.tm_mday} {time.strftime('%B %Y', t)}"


def _trail_table(lines: list[MoneyLine], opts: Options, width: float) -> Flowable:
    cell = styles()["cell"].clone("trail", fontSize=9, leading=11)
    bounty = any(line.bounty_cents for line in lines)  # KO-2: a bounty column only where there are bounties
    shared = any(line.station or line.operator for line in lines)  # a shared tournament: who recorded each
    head = ["Time", "Player", "What"] + (["Recorded by"] if shared else []) + ["Cash", "Prize pool"] \
        + (["Bounty"] if bounty else []) + ["Fees", "Pool after"]
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


def _check(ok: bool, text: str) -> Flowable:
    st = styles()
    colour = "#000000" if ok else "#b00020"
    return p(("✓ " if ok else "✗ ") + text, st["body"].clone("check", textColor=colors.HexColor(colour)), bold=not ok)


def _balance(m: MoneyTrail, opts: Options, width: float) -> list[Flowable]:
    st = styles()
    c = opts.currency
    rows: list[tuple[str, int | None, bool]] = [(f"{words} ({n})", cents, False) for words, n, cents in m.kinds()]
    forfeits = [line for line in m.lines if line.kind == "forfeit_fee"]
    by_type = m.fees_by_type()
    only_house = set(by_type) <= {"house"}
    rows.append(("House fees" if only_house else "Fees (not prize money)", m.fees_in(), False))
    if forfeits:
        rows.append((f"Forfeit fees ({len(forfeits)}), not prize money", sum(f.fee_cents for f in forfeits), False))
    bounties_in = m.bounties_in()
    if bounties_in:
        rows.append(("Bounties (kept apart from the prize pool)", bounties_in, False))
    rows.append(("Total paid in", m.paid_in(), True))
    rows.append((f"Refunds paid back ({m.refunds()})", -m.refunded(), False))
    held = m.paid_in() - m.refunded()
    rows.append(("Held now", held, True))
    pool, fees, forfeit = (m.log_totals.get(a, 0) for a in ("pool", "fee", "forfeit_fee"))
    bounty = m.log_totals.get("bounty", 0)
    rows.append(("Prize pool", pool, False))
    if bounty or bounties_in:
        rows.append(("Bounty pool, after refunds", bounty, False))
    if only_house:
        rows.append(("House fees, after refunds", fees, False))
    else:
        rows += [(f"{name.capitalize()} fees, after refunds", cents, False) for name, cents in by_type.items()]
    if forfeit or forfeits:
        rows.append(("Forfeit fees (not prize money)", forfeit, False))
    with_bounty = bool(bounty or bounties_in)
    rows.append(("Prize pool + bounty pool + fees" if with_bounty else "Prize pool + fees",
                 pool + bounty + fees + forfeit, True))
    out: list[Flowable] = [p("Summary", st["h2"]), _amounts(rows, opts, width * 0.7), Spacer(1, 4)]
    kept = pool + bounty + fees + forfeit
    balanced = held == kept
    words = "the prize pool, the bounty pool and the fees" if with_bounty else "the prize pool and the fees"
    out.append(
        _check(balanced, f"What is held ({money(held, c)}) equals {words} to the cent.")
        if balanced
        else _check(False, f"What is held and {words} differ by {money(held - kept, c)}.")
    )
    wrong = m.mismatches()
    if not wrong:
        out.append(_check(True, "The money log agrees with the tournament's own totals."))
    for account, logged, engine in wrong:
        name = ACCOUNTS.get(account, account)
        out.append(
            _check(False, f"The log's {name} come to {money(logged, c)}, the tournament's to {money(engine, c)}.")
        )
    return out


def _prizes(m: MoneyTrail, opts: Options, width: float) -> list[Flowable]:
    st = styles()
    c = opts.currency
    out: list[Flowable] = [p("Prizes", st["h2"])]
    pool = m.log_totals.get("pool", 0)
    if m.guarantee_cents:
        overlay = max(m.prize_pool_cents - pool, 0)
        text = f"Guarantee {money(m.guarantee_cents, c)}: " + (
            f"the house adds {money(overlay, c)} to the prize pool." if overlay else "the prize pool is above it."
        )
        out.append(p(text, st["body"]))
    out.append(p(f"Prize pool to pay: {money(m.prize_pool_cents, c)}", st["body"], bold=True))
    if not m.paying or not m.prizes:
        why = "This tournament has no payout table." if not m.paying else "No payout table yet."
        return out + [p(why, st["body"])]
    rows: list[list[Any]] = [["Place", "Player", "Prize"]]
    for r in sorted(m.prizes, key=lambda r: (r.place, r.name or "")):
        rows.append([p(place_label(r), st["cell"]), p(r.name or "", st["cell"]), money(r.amount_cents, c)])
    total = m.prizes_total()
    rows.append([p("Total", st["cellb"]), "", money(total, c)])
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
        out.append(p(f"Places decided so far: {len(decided)}, for {money(paid, c)}.", st["body"]))
    diff = total - m.prize_pool_cents
    if diff == 0:
        out.append(_check(True, f"The prizes add up to the prize pool: {money(total, c)}."))
    else:
        more = "more" if diff > 0 else "less"
        text = f"The prizes come to {money(total, c)}, {money(abs(diff), c)} {more} than the prize pool (PAY-6)."
        out.append(_check(False, text))
    return out


def _bounties(m: MoneyTrail, opts: Options, width: float) -> list[Flowable]:
    """KO: the bounties paid out of the bounty pool (and by the house), and who won them."""
    st = styles()
    c = opts.currency
    pool = m.log_totals.get("bounty", 0)
    out: list[Flowable] = [p("Bounties", st["h2"])]
    text = f"Bounty pool {money(pool, c)}; paid so far {money(m.bounties_paid_cents, c)}"
    text += f", on players' heads or waiting for the winner {money(pool - m.bounties_paid_cents, c)}."
    if m.house_bounties_paid_cents:
        text += f" House bounties paid by the house, on top: {money(m.house_bounties_paid_cents, c)}."
    out.append(p(text, st["body"]))
    if m.bounties_won:
        rows: list[list[Any]] = [["Player", "Knockouts", "Bounties won"]]
        for name, cents, knockouts in m.bounties_won:
            rows.append([p(printable(name), st["cell"]), str(knockouts), money(cents, c)])
        grid = table(rows, [0.5, 0.2, 0.3], width * 0.7, extra=[("ALIGN", (1, 0), (2, -1), "RIGHT")])
        grid.hAlign = "LEFT"
        out.append(grid)
    return out


def money_trail(m: MoneyTrail | None, tournament: str, opts: Options) -> bytes:
    st = styles()
    width = opts.pagesize[0] - 2 * MARGIN
    m = m or MoneyTrail()
    count = f"{len(m.lines)} movement{'s' if len(m.lines) != 1 else ''} ({m.log_rows} rows of the money log)"
    story: list[Flowable] = [p(TITLE, st["title"]), p(count, st["body"]), Spacer(1, 6)]
    if m.lines:
        story.append(_trail_table(m.lines, opts, width))
    else:
        story.append(p("No money has changed hands yet.", st["body"]))
    story += [Spacer(1, 8), KeepTogether(_balance(m, opts, width)), KeepTogether(_prizes(m, opts, width))]
    if m.log_totals.get("bounty", 0) or m.bounties_won:
        story.append(KeepTogether(_bounties(m, opts, width)))
    return build(story, opts, TITLE, tournament)
