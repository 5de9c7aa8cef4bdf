"""The structure sheet: levels, forced bets per game family, breaks, chip races, games in the hat."""

from __future__ import annotations

from typing import Any

from reportlab.lib.units import mm
from reportlab.platypus import Flowable, KeepTogether, Spacer

from app.i18n import _, ngettext
from sheets.model import Level, Race
from sheets.style import MARGIN, SHADE, Options, build, p, styles, table, widths_for


def race_line(race: Race) -> str:
    leaving = ", ".join(c.label() for c in race.leaving)
    return _("{when}: {leaving} leave play, raced up to {into}", when=race.when, leaving=leaving,
             into=race.into.label())


def structure_sheet(
    levels: list[Level],
    families: list[str],
    games: list[str],
    races: list[Race],
    notes: list[str],
    tournament: str,
    opts: Options,
) -> bytes:
    st = styles()
    width = opts.pagesize[0] - 2 * MARGIN
    story: list[Flowable] = [p(_("Structure"), st["title"])]
    for note in notes:
        story.append(p(note, st["body"]))
    if not levels:
        story.append(p(_("No levels are set for this tournament."), st["body"]))
        return build(story, opts, _("Structure"), tournament)
    show_game = any(lv.game for lv in levels)
    show_notes = any(lv.note for lv in levels if lv.number is not None)
    head = [_("Level"), _("Minutes")] + ([_("Game")] if show_game else []) + [_(f) for f in families] + (
        [_("Notes")] if show_notes else [])
    fixed = [0.08, 0.09] + ([0.17] if show_game else [])
    rest = 1 - sum(fixed)
    share = 0.8 if show_notes else 1.0
    widths = fixed + [rest * share / max(1, len(families))] * len(families) + ([rest * 0.2] if show_notes else [])
    rows: list[list[Any]] = [head]
    extra: list[tuple[Any, ...]] = [("ALIGN", (0, 0), (1, -1), "CENTER")]
    for lv in levels:
        r = len(rows)
        if lv.number is None:
            text = ngettext("Break — {count} minute", "Break — {count} minutes", lv.minutes, count=lv.minutes) + (
                f" · {lv.note}" if lv.note else "")
            rows.append([p(text, st["cellb"])] + [""] * (len(head) - 1))
            extra += [("SPAN", (0, r), (-1, r)), ("BACKGROUND", (0, r), (-1, r), SHADE)]
            continue
        row: list[Any] = [str(lv.number), str(lv.minutes)]
        if show_game:
            row.append(p(lv.game, st["cell"]))
        row += [p(lv.bets.get(f, "—"), st["cell"]) for f in families]
        if show_notes:
            row.append(p(lv.note, st["cell"]))
        rows.append(row)
    # the level and minutes columns as wide as their words (a longer word in another language)
    widths = widths_for(rows[:1], widths, width, measured=[0, 1])
    story.append(table(rows, widths, width, extra=extra, zebra=False))
    if races:
        block: list[Flowable] = [p(_("Chip races"), st["h2"])]
        block += [p(race_line(r), st["body"]) for r in races]
        story.append(KeepTogether(block))
    if games:
        story += [Spacer(1, 2 * mm), KeepTogether([p(_("Games"), st["h2"]), p(", ".join(games), st["body"])])]
    return build(story, opts, _("Structure"), tournament)
