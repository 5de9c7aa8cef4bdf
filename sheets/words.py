"""Amounts in words for receipts, as on a cheque: "One thousand two hundred and 50/100"."""

from __future__ import annotations

from app.api import fmt

_ONES = (
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen "
    "seventeen eighteen nineteen"
).split()
_TENS = "_ _ twenty thirty forty fifty sixty seventy eighty ninety".split()
_SCALES = ((10**12, "trillion"), (10**9, "billion"), (10**6, "million"), (1000, "thousand"))


def _under_thousand(n: int) -> list[str]:
    out: list[str] = []
    if n >= 100:
        out += [_ONES[n // 100], "hundred"]
        n %= 100
    if n >= 20:
        out.append(_TENS[n // 10] + (f"-{_ONES[n % 10]}" if n % 10 else ""))
    elif n or not out:
        out.append(_ONES[n])
    return out


def number_words(n: int) -> str:
    """A whole number in English words: 1205 -> "one thousand two hundred five"."""
    if n < 0:
        return "minus " + number_words(-n)
    if n == 0:
        return "zero"
    out: list[str] = []
    for scale, word in _SCALES:
        if n >= scale:
            out += _under_thousand(n // scale) + [word]
            n %= scale
    if n:
        out += _under_thousand(n)
    return " ".join(out)


def amount_words(cents: int, currency: str | None = None) -> str:
    """``123456`` -> "One thousand two hundred thirty-four and 56/100 dollars"; in a currency (an ISO code)
    its name and minor unit: ``(123456, "EUR")`` -> "... and 56/100 euros", ``(1500, "JPY")`` -> "One
    thousand five hundred Japanese yen" (no minor unit)."""
    digits = fmt.decimals(currency) if currency else 2
    unit = "dollars" if currency in (None, "", "USD", "$") else fmt.currency_name(currency)
    whole, part = divmod(abs(cents), 10**digits)
    if digits:
        text = f"{number_words(whole)} and {part:0{digits}d}/{10**digits} {unit}"
    else:
        text = f"{number_words(whole)} {unit}"
    if cents < 0:
        text = "minus " + text
    return text[0].upper() + text[1:]
