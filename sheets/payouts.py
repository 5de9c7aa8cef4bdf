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
from app.i18n import _, language, ngettext
from sheets.model import Payout
from sheets.style import GRID, MARGIN, SHADE, Options, build, money, p, styles, table
from sheets.words import amount_words


def place_label(row: Payout) -> str:
    """ "3rd", or "T-3rd" for a block of places shared by tied players (ELIM-5)."""
    return fmt.place(row.place, row.tied)


def _summary(pool_cents: int, entries: int, players_left: int, opts: Options, fees_cents: int = 0,
             bounty_pool_cents: int = 0) -> str:
    parts = [_("Prize pool {amount}", amount=money(pool_cents, opts.currency))]
    if bounty_pool_cents:
        parts.append(_("bounty pool {amount} (apart from the prizes)", amount=money(bounty_pool_cents, opts.currency)))
    if fees_cents:
        parts.append(_("fees {amount} (not prize money)", amount=money(fees_cents, opts.currency)))
    parts.append(entries_text(entries))
    if players_left:
        parts.append(ngettext("{count} player left", "{count} players left", players_left,
                              count=fmt.chips(players_left)))
    return " · ".join(parts)


def entries_text(entries: int) -> str:
    """``12 entries``, in the sheet's language."""
    return ngettext("{count} entry", "{count} entries", entries, count=fmt.chips(entries))


def shaping_text(opts: Options, prize_unit_cents: int = 1, min_cash_cents: int | None = None) -> str:
    """PAY-8, PAY-9 in words: "Prizes are rounded to €5.00, the remainder to 1st. Every paid place pays at
    least €100.00." (empty when neither applies)."""
    parts = []
    if prize_unit_cents > 1:
        parts.append(_("Prizes are rounded to {amount}, the remainder to {first}.",
                       amount=money(prize_unit_cents, opts.currency), first=fmt.ordinal(1)))
    if min_cash_cents:
        parts.append(_("Every paid place pays at least {amount}.", amount=money(min_cash_cents, opts.currency)))
    return " ".join(parts)


def payout_sheet(
    rows: list[Payout], tournament: str, opts: Options, pool_cents: int = 0, entries: int = 0, players_left: int = 0,
    fees_cents: int = 0, prize_unit_cents: int = 1, min_cash_cents: int | None = None, bounty_pool_cents: int = 0,
) -> bytes:
    st = styles()
    width = opts.pagesize[0] - 2 * MARGIN
    story: list[Flowable] = [
        p(_("Payouts"), st["title"]),
        p(_summary(pool_cents, entries, players_left, opts, fees_cents, bounty_pool_cents), st["body"]),
    ]
    shaping = shaping_text(opts, prize_unit_cents, min_cash_cents)
    if shaping:
        story.append(p(shaping, st["body"]))
    story.append(Spacer(1, 4 * mm))
    if not rows:
        story.append(p(_("No payout table yet: nothing is paid until the field is known."), st["body"]))
        return build(story, opts, _("Payouts"), tournament)
    bounties = bool(bounty_pool_cents) or any(r.bounties_cents for r in rows)  # KO: bounties won per player
    data: list[list[Any]] = [[_("Place"), _("Amount"), _("Name")] + ([_("Bounties won")] if bounties else [])]
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
    data.append([p(_("Total"), st["cellb"]), p(money(total, opts.currency), st["num"]), ""]
                + ([""] if bounties else []))
    extra = [("FONTNAME", (0, -1), (-1, -1), "FloormanSans-Bold"), ("LINEABOVE", (0, -1), (-1, -1), 1.2, GRID)]
    story.append(table(data, [0.2, 0.2, 0.4, 0.2] if bounties else [0.3, 0.2, 0.5], width, extra=extra))
    return build(story, opts, _("Payouts"), tournament)


def _receipt(r: Payout, tournament: str, opts: Options, width: float, pool_cents: int = 0,
             fees_cents: int = 0) -> list[Flowable]:
    st = styles()
    amount = money(r.amount_cents, opts.currency)
    words = amount_words(r.amount_cents, opts.currency)  # cheque words, empty where a language has none
    if r.seat:  # SAT-4: a seat in the target event, valued at its buy-in
        amount, words = r.seat, _("{seat} (worth {amount} in all)", seat=r.seat, amount=amount)
    lines: list[list[Any]] = [
        [p(_("Place"), st["cellb"]), p(place_label(r), st["cell"])],
        [p(_("Player"), st["cellb"]), p(r.name or "", st["cellb"])],
        [p(_("Prize") if r.seat else _("Amount"), st["cellb"]), p(amount, st["cellb"])],
    ]
    if words:
        lines.append([p(_("In words"), st["cellb"]), p(words, st["cell"])])
    if r.bounties_cents:  # KO: bounty money is not prize money; it is shown apart, and the total
        total = r.amount_cents + r.bounties_cents
        lines += [
            [p(_("Bounties won"), st["cellb"]), p(money(r.bounties_cents, opts.currency), st["cell"])],
            [p(_("Total"), st["cellb"]), p(money(total, opts.currency), st["cellb"])],
        ]
    extra = [("TOPPADDING", (0, 0), (-1, -1), 6), ("BACKGROUND", (0, 0), (0, -1), SHADE)]
    grid = table(lines, [0.22, 0.78], width, header_rows=0, zebra=False, extra=extra)
    sign = table(
        [["", "", "", "", ""], [_("Player's signature"), "", _("Date"), "", _("Paid by (director)")]],
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
        if language() == "en":  # "a seat in Main Event": English reads the engine's "Seat in ..." mid-sentence
            seat = f"a {seat[0].lower()}{seat[1:]}"
        if cash:
            # Translators: {seat} is the seat won, as "Seat in Main Event"
            text = _("I received {seat} and {cash} in cash as my prize for finishing {place} in {tournament}.",
                     seat=seat, cash=cash, place=place_label(r), tournament=tournament)
        else:
            text = _("I received {prize} as my prize for finishing {place} in {tournament}.",
                     prize=seat, place=place_label(r), tournament=tournament)
    else:
        text = _("I received {prize} as my prize for finishing {place} in {tournament}.", prize=prize,
                 place=place_label(r), tournament=tournament)
    if r.bounties_cents:
        text += " " + _("I also received {amount} in bounties, apart from the prize pool.",
                        amount=money(r.bounties_cents, opts.currency))
    if fees_cents:
        text += " " + _("Prize pool {pool}; the fees taken with the buy-ins ({fees}) are not prize money.",
                        pool=money(pool_cents, opts.currency), fees=money(fees_cents, opts.currency))
    return [
        p(_("Payout receipt — {tournament}", tournament=tournament), st["h2"]),
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
        story.append(p(_("No place has been paid yet, so there is no receipt to sign."), st["body"]))
    for r in chosen:
        story += [CondPageBreak(95 * mm), KeepTogether(_receipt(r, tournament, opts, width, pool_cents, fees_cents))]
    return build(story, opts, _("Payout receipts"), tournament)


def results_sheet(rows: list[Payout], tournament: str, opts: Options, entries: int = 0) -> bytes:
    st = styles()
    width = opts.pagesize[0] - 2 * MARGIN
    story: list[Flowable] = [p(_("Results"), st["title"])]
    if entries:
        story.append(p(entries_text(entries), st["body"]))
    if not rows:
        story.append(p(_("No one has finished yet."), st["body"]))
        return build(story, opts, _("Results"), tournament)
    bounties = any(r.bounties_cents or r.knockouts for r in rows)  # KO: knockouts and bounties won per player
    knocked = any(r.knocked_out_by for r in rows)  # KO-1: who knocked each player out
    head = [_("Place"), _("Name"), _("Prize")] + ([_("Knockouts"), _("Bounties")] if bounties else []) + (
        [_("Knocked out by")] if knocked else [])
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
    return build(story, opts, _("Results"), tournament)
