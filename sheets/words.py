"""Amounts in words for receipts, as on a cheque, in the reader's language.

"One thousand two hundred thirty-four and 56/100 dollars", "Eintausendzweihundertvierunddreißig und 56/100
Euro", "Mil doscientos treinta y cuatro con 56/100 euros". The whole number is spelled by num2words (a
well-kept library that knows each language's numbers: German writes them as one word, French says "vingt et
un"); the currency's name and its plural come from Babel's locale data (``fmt.currency_name``); the
cheque's pattern ("and 56/100") is a marked string of the sheets' catalogue, so a venue's language
writes it its own way. A language num2words does not know gets no words at all (the receipt leaves the
line out) rather than English ones.
"""

from __future__ import annotations

from functools import cache

from num2words import CONVERTER_CLASSES, num2words

from app.api import fmt
from app.i18n import PSEUDO, _, language
from app.i18n.pseudo import pseudo

ENGLISH = "en"


@cache
def _speller(lang: str) -> str | None:
    """num2words' name for a language (``pt-BR`` -> ``pt_BR``, ``de-AT`` -> ``de``), or None if it has none."""
    if lang in (ENGLISH, PSEUDO):
        return ENGLISH
    for name in (lang.replace("-", "_"), lang.split("-")[0].lower()):
        if name in CONVERTER_CLASSES:
            return name
    return None


def number_words(n: int, lang: str | None = None) -> str | None:
    """A whole number in words in ``lang`` (the reader's language if None): 1205 -> "one thousand two hundred
    five" (US cheque style: no commas, "and" kept for the cents), "eintausendzweihundertfünf", "mil
    doscientos cinco"; None in a language num2words cannot spell."""
    speller = _speller(lang or language())
    if speller is None:
        return None
    text = str(num2words(int(n), lang=speller))
    if speller == ENGLISH:
        text = text.replace(",", "").replace(" and ", " ")
    # The pseudo-language's words are the English ones made over, so a test sees them as translated words.
    return pseudo(text) if (lang or language()) == PSEUDO else text


def amount_words(cents: int, currency: str | None = None) -> str:
    """``123456`` -> "One thousand two hundred thirty-four and 56/100 dollars"; in a currency (an ISO code)
    its name and minor unit, in the reader's language: ``(123456, "EUR")`` -> "... and 56/100 euros",
    ``(1500, "JPY")`` -> "One thousand five hundred Japanese yen" (no minor unit). Empty in a language whose
    numbers cannot be spelled."""
    digits = fmt.decimals(currency) if currency else 2
    whole, part = divmod(abs(cents), 10**digits)
    spelled = number_words(whole)
    if spelled is None:
        return ""
    # A cheque in the US says "dollars", not Babel's "US dollars"; every other name is Babel's.
    english_dollars = fmt.iso_code(currency) in (None, "USD") and language() in (ENGLISH, PSEUDO)
    unit = _("dollars") if english_dollars else fmt.currency_name(currency, whole)
    if digits:
        text = _("{whole} and {part}/{per} {currency}", whole=spelled, part=f"{part:0{digits}d}",
                 per=str(10**digits), currency=unit)
    else:
        text = _("{whole} {currency}", whole=spelled, currency=unit)
    if cents < 0:
        text = _("minus {amount}", amount=text)
    return text[0].upper() + text[1:]

