"""The payout sheet, payout receipts to sign at the cage, and the final results.

Places and amounts are the engine's; a tie shows every tied player on the places they share, each
with their split. Names stay blank until a place is decided.
"""

from __future__ import annotations

from typing import Any

from reportlab.lib.units import mm
from reportlab.platypus import CondPageBreak, Flowable, KeepTogether, Spacer
from reportlab.platypus.flowables import HRFlowable

from app.api import fmt
from sheets.model import Payout
from sheets.style import GRID, MARGIN, SHADE, Options, build, money, p, styles, table
from sheets.words import amount_words


def place_label(row: Payout) -> str:
    """ "3rd", or "T-3rd" for a block of places shared by tied players (ELIM-5)."""
    return fmt.place(row.place, row.tied)


def _summary(pool_cents: int, entries: int, players_left: int, opts: Options, fees_cents: int = 0,
             bounty_pool_cents: int = 0) -> str:
    parts = [f"Prize pool {money(pool_cents, opts.currency)}"]
    if bounty_pool_cents:
        parts.append(f"bounty pool {money(bounty_pool_cents, opts.currency)} (apart from the prizes)")
    if fees_cents:
        parts.append(f"fees {money(fees_cents, opts.currency)} (not prize money)")
    parts.append(fmt.count(entries, "entry", "entries"))
    if players_left:
        parts.append(fmt.count(players_left, "player") + " left")
    return " · ".join(parts)


def shaping_text(opts: Options, prize_unit_cents: int = 1, min_cash_cents: int | None = None) -> str:
    """PAY-8, PAY-9 in words: "Prizes are rounded to €5.00, the remainder to 1st. Every paid place pays at
    least €100.00." (empty when neither applies)."""
    parts = []
    if prize_unit_cents > 1:
        parts.append(f"Prizes are rounded to {money(prize_unit_cents, opts.currency)}, the remainder to 1st.")
    if min_cash_cents:
        parts.append(f"Every paid place pays at least {money(min_cash_cents, opts.currency)}.")
    return " ".join(parts)


def payout_sheet(
    rows: list[Payout], tournament: str, opts: Options, pool_cents: int = 0, entries: int = 0, players_left: int = 0,
    fees_cents: int = 0, prize_unit_cents: int = 1, min_cash_cents: int | None = None, bounty_pool_cents: int = 0,
) -> bytes:
    st = styles()
    width = opts.pagesize[0] - 2 * MARGIN
    story: list[Flowable] = [
        p("Payouts", st["title"]),
        p(_summary(pool_cents, entries, players_left, opts, fees_cents, bounty_pool_cents), st["body"]),
    ]
    shaping = shaping_text(opts, prize_unit_cents, min_cash_cents)
    if shaping:
        story.append(p(shaping, st["body"]))
    story.append(Spacer(1, 4 * mm))
    if not rows:
        story.append(p("No payout table yet: nothing is paid until the field is known.", st["body"]))
        return build(story, opts, "Payouts", tournament)
    bounties = bool(bounty_pool_cents) or any(r.bounties_cents for r in rows)  # KO: bounties won per player
    data: list[list[Any]] = [["Place", "Amount", "Name"] + (["Bounties won"] if bounties else [])]
    for r in sorted(rows, key=lambda r: (r.place, r.name or "")):
        data.append(
            [
                p(place_label(r), st["cell"]),
                p(r.seat or money(r.amount_cents, opts.currency), st["num"]),
                p(r.name or "", st["cell"]),
            ]
            + ([p(money(r.bounties_cents, opts.currency) if r.bounties_cents else "", st["num"])] if bounties else [])
        )
    total = sum(r.amount_cents for r in rows)
    data.append([p("Total", st["cellb"]), p(money(total, opts.currency), st["num"]), ""] + ([""] if bounties else []))
    extra = [("FONTNAME", (0, -1), (-1, -1), "FloormanSans-Bold"), ("LINEABOVE", (0, -1), (-1, -1), 1.2, GRID)]
    story.append(table(data, [0.2, 0.2, 0.4, 0.2] if bounties else [0.3, 0.2, 0.5], width, extra=extra))
    return build(story, opts, "Payouts", tournament)


def _receipt(r: Payout, tournament: str, opts: Options, width: float, pool_cents: int = 0,
             fees_cents: int = 0) -> list[Flowable]:
    st = styles()
    amount = money(r.amount_cents, opts.currency)
    words = amount_words(r.amount_cents, opts.currency)
    if r.seat:  # SAT-4: a seat in the target event, valued at its buy-in
        amount, words = r.seat, f"{r.seat} (worth {amount} in all)"
    lines: list[list[Any]] = [
        [p("Place", st["cellb"]), p(place_label(r), st["cell"])],
        [p("Player", st["cellb"]), p(r.name or "", st["cellb"])],
        [p("Prize" if r.seat else "Amount", st["cellb"]), p(amount, st["cellb"])],
        [p("In words", st["cellb"]), p(words, st["cell"])],
    ]
    if r.bounties_cents:  # KO: bounty money is not prize money; it is shown apart, and the total
        total = r.amount_cents + r.bounties_cents
        lines += [
            [p("Bounties won", st["cellb"]), p(money(r.bounties_cents, opts.currency), st["cell"])],
            [p("Total", st["cellb"]), p(money(total, opts.currency), st["cellb"])],
        ]
    extra = [("TOPPADDING", (0, 0), (-1, -1), 6), ("BACKGROUND", (0, 0), (0, -1), SHADE)]
    grid = table(lines, [0.22, 0.78], width, header_rows=0, zebra=False, extra=extra)
    sign = table(
        [["", "", "", "", ""], ["Player's signature", "", "Date", "", "Paid by (director)"]],
        [0.42, 0.04, 0.2, 0.04, 0.3],
        width,
        header_rows=0,
        zebra=False,
        grid=False,
        extra=[("LINEBELOW", (c, 0), (c, 0), 0.8, GRID) for c in (0, 2, 4)]
        + [("TOPPADDING", (0, 0), (-1, 0), 28), ("FONTSIZE", (0, 1), (-1, 1), 8)],
    )
    prize = amount
    if r.seat:  # "a seat in Main Event and $0.03 in cash"
        seat, _plus, cash = r.seat.partition(" + ")
        prize = f"a {seat[0].lower()}{seat[1:]}" + (f" and {cash} in cash" if cash else "")
    text = f"I received {prize} as my prize for finishing {place_label(r)} in {tournament}."
    if r.bounties_cents:
        text += f" I also received {money(r.bounties_cents, opts.currency)} in bounties, apart from the prize pool."
    if fees_cents:
        text += (f" Prize pool {money(pool_cents, opts.currency)}; the fees taken with the buy-ins "
                 f"({money(fees_cents, opts.currency)}) are not prize money.")
    return [
        p(f"Payout receipt — {tournament}", st["h2"]),
        grid,
        Spacer(1, 3 * mm),
        p(text, st["body"]),
        sign,
        Spacer(1, 6 * mm),
        HRFlowable(width="100%", thickness=0.5, dash=(3, 3), color=GRID, spaceAfter=6 * mm),
    ]


def receipts(rows: list[Payout], tournament: str, opts: Options, blank: bool = False, pool_cents: int = 0,
             fees_cents: int = 0) -> bytes:
    """One receipt per decided place (``blank``: one per paid place, names left to fill in)."""
    st = styles()
    width = opts.pagesize[0] - 2 * MARGIN
    chosen = sorted((r for r in rows if blank or r.name), key=lambda r: (r.place, r.name or ""))
    story: list[Flowable] = []
    if not chosen:
        story.append(p("No place has been paid yet, so there is no receipt to sign.", st["body"]))
    for r in chosen:
        story += [CondPageBreak(95 * mm), KeepTogether(_receipt(r, tournament, opts, width, pool_cents, fees_cents))]
    return build(story, opts, "Payout receipts", tournament)


def results_sheet(rows: list[Payout], tournament: str, opts: Options, entries: int = 0) -> bytes:
    st = styles()
    width = opts.pagesize[0] - 2 * MARGIN
    story: list[Flowable] = [p("Results", st["title"])]
    if entries:
        story.append(p(fmt.count(entries, "entry", "entries"), st["body"]))
    if not rows:
        story.append(p("No one has finished yet.", st["body"]))
        return build(story, opts, "Results", tournament)
    bounties = any(r.bounties_cents or r.knockouts for r in rows)  # KO: knockouts and bounties won per player
    knocked = any(r.knocked_out_by for r in rows)  # KO-1: who knocked each player out
    head = ["Place", "Name", "Prize"] + (["Knockouts", "Bounties"] if bounties else []) + (
        ["Knocked out by"] if knocked else [])
    data: list[list[Any]] = [head]
    for r in sorted(rows, key=lambda r: (r.place, r.name or "")):
        label = place_label(r)
        prize = r.seat or (money(r.amount_cents, opts.currency) if r.amount_cents else "")
        won = [p(str(r.knockouts) if r.knockouts else "", st["num"]),
               p(money(r.bounties_cents, opts.currency) if r.bounties_cents else "", st["num"])] if bounties else []
        by = [p(r.knocked_out_by, st["cell"])] if knocked else []
        data.append([p(label, st["cell"]), p(r.name or "", st["cell"]), p(prize, st["num"])] + won + by)
    widths = {(False, False): [0.2, 0.55, 0.25], (True, False): [0.15, 0.37, 0.18, 0.13, 0.17],
              (False, True): [0.12, 0.33, 0.2, 0.35], (True, True): [0.08, 0.22, 0.13, 0.13, 0.13, 0.31]}
    story.append(table(data, widths[(bounties, knocked)], width))
    return build(story, opts, "Results", tournament)
