from __future__ import annotations

import pytest

from app.format import ordinal
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
