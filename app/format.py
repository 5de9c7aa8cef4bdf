"""Every number and place as the director, the room and the paper read them. Pure Python.

One rule per kind of figure, used by the window, the room display and every sheet:

- **Money** always shows its minor unit: ``$1,234.50``, ``$25.00``, ``-$3.00``. One rule for every
  amount means the same prize reads the same on the strip, the room display and the payout sheet,
  whatever else is in the table beside it. ``currency`` is an ISO 4217 code (``"USD"``, ``"EUR"``,
  ``"GBP"``, ``"JPY"``; the tournament's ``money.currency``), formatted by Babel with the currency's
  symbol, decimals and grouping (``£1,234.50``, ``€1,234.50``, ``¥123,456``, ``CA$`` never: a Canadian
  amount is written as in Canada, ``$1,234.50``); a symbol (``"$"``) is printed before two decimals as
  before. It defaults to US dollars. Amounts are whole numbers of the currency's smallest unit (the
  engine's "cents"): for a currency without a minor unit, such as the yen, one "cent" is one yen, so
  ``money(123456, "JPY")`` is ``¥123,456``.
- **Chips** have thousands separators: ``12,500``.
- **Places** are ordinals (``1st``, ``22nd``); a tied block is written as ELIM-5 says, with the best
  place of the block: ``T-11th``.
- **Counts** name their noun in the right number: ``1 table``, ``2 tables``; never ``table(s)``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from decimal import Decimal
from functools import cache, lru_cache
from typing import Any

from babel.numbers import (
    NumberFormatError,
    format_currency,
    format_decimal,
    get_currency_name,
    get_currency_precision,
    get_currency_symbol,
    get_decimal_symbol,
    list_currencies,
    parse_decimal,
)

from app.i18n import N_, _, locale_id, ngettext
from app.i18n.ordinals import ordinal_in

USD = "USD"
NONE = "-"  # what an unknown figure shows as
# The English locale each currency is written in (its symbol, grouping and decimals); others: en_US. Only
# English locale data ships in the bundle (build.spec).
LOCALES: dict[str, str] = {
    "USD": "en_US", "CAD": "en_CA", "AUD": "en_AU", "NZD": "en_NZ", "GBP": "en_GB", "EUR": "en_IE",
    "CHF": "en_CH", "INR": "en_IN", "ZAR": "en_ZA", "SGD": "en_SG", "HKD": "en_HK", "JPY": "en_US",
}


@cache
def _codes() -> frozenset[str]:
    return frozenset(list_currencies())


def is_currency(code: Any) -> bool:
    """``code`` is an ISO 4217 currency code Babel knows (``"USD"``, ``"JPY"``), in capitals."""
    return isinstance(code, str) and len(code) == 3 and code.isupper() and code in _codes()


def iso_code(currency: str | None) -> str | None:
    """The ISO 4217 code a currency setting names (``None`` is the default, US dollars); None for a bare
    symbol such as ``"$"``, which names no one currency."""
    code = (currency or USD).upper()
    return code if is_currency(code) else None


def locale_for(currency: str) -> str:
    return LOCALES.get(currency, "en_US")


@lru_cache(maxsize=256)
def decimals(currency: str | None = USD) -> int:
    """Digits of the currency's minor unit: 2 for USD and EUR, 0 for JPY (amounts are whole units)."""
    code = iso_code(currency)
    return 2 if code is None else int(get_currency_precision(code))


def symbol(currency: str | None) -> str:
    """The sign printed with an amount: an ISO code becomes its symbol, a symbol stays as it is."""
    if not currency:
        return "$"
    code = iso_code(currency)
    return currency if code is None else str(get_currency_symbol(code, locale_for(code)))


def currency_name(currency: str | None, count: int = 2) -> str:
    """The currency in words in the reader's language, singular or plural for ``count``: ``"US dollars"``,
    ``"euros"``, ``"Japanese yen"``; German ``"Euro"``, Spanish ``"dólares estadounidenses"`` (a symbol:
    ``"dollars"``)."""
    code = iso_code(currency)
    if code is None:
        return ngettext("dollar", "dollars", count)
    here = locale_id()
    name = str(get_currency_name(code, count, here))
    # Portuguese writes a currency in running text in small letters ("dólares americanos"); its locale data
    # gives the names as headings ("Dólares americanos"), where the other shipped languages' data do not.
    return name[:1].lower() + name[1:] if here.split("_")[0] == "pt" else name


@lru_cache(maxsize=4096)
def _babel_money(cents: int, code: str, here: str) -> str:
    if here != "en":  # the reader's language writes the amount (1.234,50 € in German), in the tournament's currency
        return str(format_currency(Decimal(int(cents)).scaleb(-decimals(code)), code, locale=here))
    amount = Decimal(cents).scaleb(-int(get_currency_precision(code)))
    return str(format_currency(amount, code, locale=locale_for(code)))


def _writing_locale(code: str | None) -> str:
    """The locale :func:`money` writes an amount of ``code`` in: the reader's language's, or in English the
    currency's own (1'250.50 Swiss francs); a bare symbol, US English."""
    if code is None:
        return "en_US"
    here = locale_id()
    return locale_for(code) if here == "en" else here


def money(cents: int | None, currency: str | None = USD) -> str:
    """``123450`` -> ``$1,234.50``; ``2500`` -> ``$25.00``; ``None`` -> ``-``; ``(123456, "JPY")`` ->
    ``¥123,456``; ``(123450, "EUR")`` -> ``€1,234.50``."""
    if cents is None:
        return NONE
    code = iso_code(currency)
    if code is not None:
        return _babel_money(int(cents), code, locale_id())
    amount = Decimal(int(cents)) / 100
    sign = "-" if amount < 0 else ""
    return f"{sign}{symbol(currency)}{abs(amount):,.2f}"


def money_rounded(cents: int, currency: str | None = USD) -> str:
    """:func:`money` without a whole amount's zero cents, for a unit or a round figure: ``100`` -> ``$1``,
    German ``1 €``; an amount with cents keeps them (``$2.50``)."""
    text = money(cents, currency)
    places = decimals(currency)
    if not places or int(cents) % 10**places:
        return text
    here = _writing_locale(iso_code(currency))
    return text.replace(str(get_decimal_symbol(here)) + "0" * places, "", 1)


def parse_money(text: str, currency: str | None = USD) -> int | None:
    """An amount as a director types it, read the reader's language's way, in whole minor units (cents):
    ``"$1,250.50"`` or ``"1250.5"`` in English, ``"1.250,50 €"`` or ``"25,5"`` in German, ``"¥1,500"`` in yen.
    None for anything else: words, an amount with more decimals than the currency has (a yen has none), and
    a figure whose grouping the language would not write (``"25,50"`` in English, ``"25.50"`` in German),
    which could mean a hundred times more or less and is never guessed. Reads back what :func:`money` writes."""
    cleaned = text
    code = iso_code(currency)
    here = _writing_locale(code)  # read in the locale money() writes in
    local = str(get_currency_symbol(code, here)) if code else ""  # "US$" in Spanish, "$US" in French
    for mark in sorted({symbol(currency), local, code or "", "$"}, key=len, reverse=True):
        if mark:
            cleaned = cleaned.replace(mark, "")
    cleaned = "".join(cleaned.split())  # spaces, and the no-break spaces French groups thousands with
    if not cleaned or any(c.isalpha() for c in cleaned):
        return None
    try:
        value = parse_decimal(cleaned, locale=here, strict=True)
    except NumberFormatError:
        return None
    if not value.is_finite():
        return None
    minor = value.scaleb(decimals(currency))
    return int(minor) if minor == minor.to_integral_value() else None


def amount(cents: int, currency: str | None = USD) -> str:
    """An amount as a plain number for a file another program reads: the currency's decimals, no symbol, no
    grouping, exact to the cent: ``123450`` -> ``1234.50``; ``-300`` -> ``-3.00``; ``(123456, "JPY")`` ->
    ``123456``."""
    places = decimals(currency)
    value = Decimal(int(cents)).scaleb(-places)
    return f"{value:.{places}f}"


# A whole number grouped by threes with one mark throughout (the marks the shipped languages group with), or
# plain digits: "5,000", "5.000", "5 000", "5’000", "5000". Not "5,5" (five and a half? fifty-five?).
_WHOLE = re.compile(r"\d{1,3}([.,'’\u00a0\u202f ])\d{3}(?:\1\d{3})*|\d+")


def parse_whole(text: str) -> int | None:
    """A whole number (chips, players) as typed in any shipped language's way, grouped or not; None for anything
    else, such as a decimal mark or a group of other than three digits, which could be read ten or a thousand
    times wrong."""
    typed = text.strip()
    return int(re.sub(r"\D", "", typed)) if _WHOLE.fullmatch(typed) else None


def chips(n: int | float | None) -> str:
    """``12500`` -> ``12,500`` (German ``12.500``); ``None`` -> ``-``. Any whole count is written so."""
    if n is None:
        return NONE
    here = locale_id()
    if here != "en":
        return _babel_number(round(n), here)
    return f"{round(n):,}"


@lru_cache(maxsize=4096, typed=True)
def _babel_number(value: int | float, here: str) -> str:
    return str(format_decimal(value, locale=here))


def chips_short(n: int | float | None) -> str:
    """Chips for reading across a room: as :func:`chips`, a million and more shortened (``1.25M``)."""
    if n is None:
        return NONE
    value = float(n)
    if abs(value) >= 1_000_000:
        digits = 1 if abs(value) >= 10_000_000 else 2
        short = f"{value / 1_000_000:.{digits}f}".rstrip("0").rstrip(".")
        here = locale_id()
        if here != "en":
            short = _babel_number(float(short), here)
        return _("{number}M", number=short)
    return chips(value)


def ordinal(n: int) -> str:
    """``1`` -> ``1st``, ``12`` -> ``12th``, ``22`` -> ``22nd``."""
    return ordinal_in(locale_id(), n)


def place(place: int | None, tied: int = 1) -> str:
    """A finishing place (ELIM-5): ``11th``, or ``T-11th`` when ``tied`` players share the block."""
    if place is None:
        return ""
    return _("T-{place}", place=ordinal(place)) if tied > 1 else ordinal(place)


def count(n: int, noun: str, plural: str | None = None) -> str:
    """``count(1, "table")`` -> ``1 table``; ``count(2, "table")`` -> ``2 tables``."""
    word = noun if n == 1 else (plural or noun + "s")
    return f"{n:,} {word}"


# The stud and limit bets after the blinds and the ante, in the order a level's line says them.
BET_WORDS = {"bring_in": N_("bring in {chips}"), "complete": N_("complete {chips}"),
             "small_bet": N_("small bet {chips}"), "big_bet": N_("big bet {chips}")}


def bets(forced: Mapping[str, Any] | None) -> str:
    """A level's forced bets on one line: ``100/200 ante 25``; ``ante 10 bring in 25 complete 100``."""
    b = dict(forced or {})
    sb, bb, ante = b.get("sb"), b.get("bb"), b.get("ante")
    parts = []
    if sb or bb:
        parts.append(f"{chips(sb or 0)}/{chips(bb or 0)}")
    if ante:
        parts.append(_("ante {chips}", chips=chips(ante)))
    for key, words in BET_WORDS.items():
        if b.get(key):
            parts.append(_(words, chips=chips(b[key])))
    return " ".join(parts)


def clock(seconds: float | None) -> str:
    """Time left as a clock shows it: ``12:05``, ``1:02:03``; a started second counts whole."""
    if seconds is None:
        return "--:--"
    whole = max(0, -int(-round(float(seconds), 6) // 1))
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes:02d}:{secs:02d}"


CLOSED_EARLY = N_("Late registration closed by the director")


def late_registration(seconds_left: float | None, closed_early: bool) -> str:
    """REG-8 / REG-4 in words: ``Late registration closes in 12:05``, or closed early by the director, or ""."""
    if closed_early:
        return _(CLOSED_EARLY)
    if seconds_left:
        return _("Late registration closes in {time}", time=clock(seconds_left))
    return ""
