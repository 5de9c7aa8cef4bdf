"""Setting values as short readable text and back: "$25.00", "50 / 30 / 20", "25 green × 400".

Reading never guesses: text that is not understood is handed to the engine as typed, and the engine's
refusal says what is wrong. Money is written and read in the tournament's currency and the reader's language
(``app.format``) and kept in whole minor units (cents).
"""

from __future__ import annotations

import re
from decimal import Decimal
from typing import Any

from babel.numbers import get_decimal_symbol

from app.api import CATALOGUE, fmt
from app.i18n import _, locale_id
from ui.texts import ordinal

_NUMBER = re.compile(r"\d+(?:\.\d+)?")


def format_money(cents: int, currency: str | None = None) -> str:
    """An amount as the window writes it in the tournament's currency and the reader's language."""
    return fmt.money(int(cents), currency)


def parse_money(text: str, currency: str | None = None) -> int | None:
    """ "$1,250.50" -> 125050 (German "1.250,50 €"); None for text that is not an amount (``fmt.parse_money``:
    a figure that could be read a hundred times too big or small is not one)."""
    return fmt.parse_money(text, currency)


def _decimal_mark() -> str:
    """The reader's language's decimal mark: "." in English, "," in German, French, Spanish, Portuguese."""
    return str(get_decimal_symbol(locale_id()))


def format_number(n: int | float) -> str:
    """A whole number grouped ("1,000"), a fraction exactly as stored with the language's decimal mark ("12.5",
    German "12,5")."""
    if isinstance(n, float) and n.is_integer():
        n = int(n)
    return f"{n:,}" if isinstance(n, int) else str(n).replace(".", _decimal_mark())


def _split(text: str, separators: str = r"[\s/,;]+") -> list[str]:
    return [part for part in re.split(separators, text.strip()) if part]


def parse_ints(text: str) -> list[int] | None:
    """ "18 / 9" -> [18, 9]; "" -> []."""
    parts = _split(text.replace("%", ""))
    if not all(p.isdigit() for p in parts):
        return None
    return [int(p) for p in parts]


def format_list(values: list[Any]) -> str:
    return " / ".join(format_number(v) for v in values)


def parse_percents(text: str) -> list[int | float] | None:
    """ "50 / 30 / 20" or "50%, 30%, 20%" -> [50, 30, 20]; 12.5 stays 12.5. In a language that writes a decimal
    comma ("12,5 / 7,5" in German) a comma between digits is that mark, and only a comma before a space parts
    two percents ("50, 30, 20"): "12,5" is never read as 12 and 5."""
    body = text.replace("%", "")
    if _decimal_mark() == ",":
        parts = [p.replace(",", ".") for p in _split(body, r"(?:[\s/;]|,(?=\s|$))+")]
    else:
        parts = _split(body)
    out: list[int | float] = []
    for part in parts:
        if not _NUMBER.fullmatch(part):
            return None
        d = Decimal(part)
        out.append(int(d) if d == d.to_integral_value() else float(d))
    return out


def percent_summary(values: list[int | float]) -> str:
    """ "1st 50% · 2nd 30% · 3rd 20% — total 100%"."""
    places = " · ".join(_("{place} {percent}%", place=ordinal(i), percent=format_number(v))
                        for i, v in enumerate(values, start=1))
    total = sum((Decimal(str(v)) for v in values), Decimal(0))
    shown_total = f"{total.normalize():f}".replace(".", _decimal_mark())
    return (_("{places} — total {total}%", places=places, total=shown_total) if values
            else _("no places paid"))


def format_money_list(values: list[int], currency: str | None = None) -> str:
    return " / ".join(format_money(v, currency) for v in values)


def parse_money_list(text: str, currency: str | None = None) -> list[int] | None:
    out = []
    for part in _split(text, r"\s*[/;]\s*"):
        cents = parse_money(part, currency)
        if cents is None:
            return None
        out.append(cents)
    return out


def money_summary(values: list[int], currency: str | None = None) -> str:
    places = " · ".join(f"{ordinal(i)} {format_money(v, currency)}" for i, v in enumerate(values, start=1))
    return (_("{places} — total {total}", places=places, total=format_money(sum(values), currency)) if values
            else _("no amounts"))


def format_brackets(brackets: list[dict[str, Any]]) -> str:
    return "\n".join(_("up to {players}: {percents}", players=fmt.chips(b["max_players"]),
                        percents=format_list(b["percents"])) for b in brackets)


# "up to 20: 50 / 30 / 20", in any language's words ("bis 20 Spieler: ..."): the words around the number are read
# past, the number and the percents count.
_BRACKET = re.compile(r"(?:[^\W\d_][^\W\d]*['’]?[^\W\d]*\s*)*?(\d[\d.,'’\u00a0\u202f]*)\s*(?:[^\W\d_]+)?\s*:\s*(.*)",
                      re.IGNORECASE)


def parse_brackets(text: str) -> list[dict[str, Any]] | None:
    """One bracket a line: "up to 20: 50 / 30 / 20"."""
    out: list[dict[str, Any]] = []
    for line in filter(None, (ln.strip() for ln in text.splitlines())):
        found = _BRACKET.fullmatch(line)
        percents = parse_percents(found.group(2)) if found else None
        players = fmt.parse_whole(found.group(1)) if found else None
        if percents is None or players is None:
            return None
        out.append({"max_players": players, "percents": percents})
    return out


def format_chips(chips: list[dict[str, Any]]) -> str:
    lines = []
    for c in chips:
        line = fmt.chips(c["value"])
        if c.get("colour"):
            line += f" {c['colour']}"
        if "count" in c:
            line += f" × {fmt.chips(c['count'])}"
        lines.append(line)
    return "\n".join(lines)


_GROUPED = r"\d[\d.,'’\u00a0\u202f]*"  # a whole number as any shipped language groups it (fmt.parse_whole reads it)
_CHIP = re.compile(rf"({_GROUPED})\s*(.*?)\s*(?:(?:×|\*|\bx)\s*({_GROUPED}))?", re.IGNORECASE)


def parse_chips(text: str) -> list[dict[str, Any]] | None:
    """One chip a line: value, colour, × how many ("25 green × 400")."""
    out: list[dict[str, Any]] = []
    for line in filter(None, (ln.strip() for ln in text.splitlines())):
        found = _CHIP.fullmatch(line)
        if found is None:
            return None
        value = fmt.parse_whole(found.group(1))
        count = fmt.parse_whole(found.group(3)) if found.group(3) else None
        if value is None or (found.group(3) and count is None):
            return None  # "5,5": five and a half, or fifty-five? never guessed
        chip: dict[str, Any] = {"value": value}
        if found.group(2):
            chip["colour"] = found.group(2)
        if count is not None:
            chip["count"] = count
        out.append(chip)
    return out


def format_games(ids: list[str]) -> str:
    return " / ".join(CATALOGUE[g].name if g in CATALOGUE else g for g in ids)


def parse_games(text: str) -> list[str]:
    """Game names (or catalogue ids) separated by "/"; a name the catalogue lacks is kept as typed."""
    by_name = {g.name.lower(): g.id for g in CATALOGUE.values()} | {g.id: g.id for g in CATALOGUE.values()}
    return [by_name.get(part.lower(), part) for part in _split(text, r"\s*/\s*")]
