from __future__ import annotations

import pytest

from app.format import currency_name, ordinal
from app.i18n import use_language
from sheets.style import money
from sheets.words import amount_words, number_words


@pytest.mark.parametrize(
    "n,words",
    [
        (0, "zero"),
        (7, "seven"),
        (15, "fifteen"),
        (40, "forty"),
        (99, "ninety-nine"),
        (100, "one hundred"),
        (1205, "one thousand two hundred five"),
        (2_000_013, "two million thirteen"),
    ],
)
def test_number_words(n, words):
    assert number_words(n) == words


def test_amount_words_cheque_style():
    assert amount_words(123456) == "One thousand two hundred thirty-four and 56/100 dollars"
    assert amount_words(5) == "Zero and 05/100 dollars"
    assert amount_words(-250) == "Minus two and 50/100 dollars"


@pytest.mark.parametrize(
    "lang,cents,currency,words",
    [
        ("de", 123456, "EUR", "Eintausendzweihundertvierunddreißig und 56/100 Euro"),
        ("fr", 123456, "EUR", "Mille deux cent trente-quatre euros et 56/100"),
        ("fr", 2100, "EUR", "Vingt et un euros et 00/100"),
        ("es", 123456, "EUR", "Mil doscientos treinta y cuatro con 56/100 euros"),
        ("pt-BR", 2100, "$", "Vinte e um dólares e 00/100"),
        ("pt-BR", 123456, "EUR", "Mil, duzentos e trinta e quatro euros e 56/100"),  # small letters, as in prose
        ("pt-BR", 100, "USD", "Um dólar americano e 00/100"),
        ("es", 150000, "JPY", "Ciento cincuenta mil yenes japoneses"),
        ("de", -250, "$", "Minus zwei und 50/100 Dollar"),
    ],
)
def test_amount_words_in_the_receipts_language(lang, cents, currency, words):
    """Each language spells the number its own way (one German word, French "vingt et un") and names the
    currency in its own words and plural; the cents stay a cheque's fraction."""
    with use_language(lang):
        assert amount_words(cents, currency) == words


def test_amount_words_name_one_unit_in_the_singular():
    with use_language("es"):
        assert currency_name("EUR", 1) == "euro" and currency_name("EUR", 2) == "euros"
        assert currency_name("$", 1) == "dólar"
    assert currency_name("EUR", 1) == "euro" and currency_name("$", 3) == "dollars"


def test_a_language_whose_numbers_cannot_be_spelled_gets_no_words_not_english_ones():
    """A venue's own language that num2words does not know (Klingon here) leaves the receipt's line out."""
    with use_language("tlh"):
        assert number_words(21) is None
        assert amount_words(2100, "EUR") == ""
    with use_language("de-AT"):  # a regional code is spelled by its language
        assert number_words(21) == "einundzwanzig"


def test_money_and_ordinals():
    assert money(123456) == "$1,234.56"
    assert money(-5, "€") == "-€0.05"
    assert [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 101, 111)] == [
        "1st",
        "2nd",
        "3rd",
        "4th",
        "11th",
        "12th",
        "13th",
        "21st",
        "22nd",
        "101st",
        "111th",
    ]
