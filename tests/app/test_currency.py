"""The tournament's currency (ENT-12): ISO code, symbol, decimals and grouping by Babel in app.format."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from app import format as fmt
from app.errors import RuleError
from app.i18n import use_language
from app.profiles.profile import validate_settings
from app.views import read
from tests.app.money_kit import enter, make, refused


@pytest.mark.parametrize(
    ("currency", "cents", "text"),
    [
        ("USD", 123450, "$1,234.50"),
        ("USD", -300, "-$3.00"),
        ("EUR", 123450, "€1,234.50"),
        ("GBP", 2500, "£25.00"),
        ("CAD", 123450, "$1,234.50"),
        ("AUD", 123450, "$1,234.50"),
        ("JPY", 123456, "¥123,456"),
        ("INR", 12345678, "₹1,23,456.78"),
        ("$", 2500, "$25.00"),
        (None, 5, "$0.05"),
    ],
)
def test_ent_12_money_in_each_currency(currency, cents, text):
    assert fmt.money(cents, currency) == text


def test_ent_12_decimals_and_names():
    assert (fmt.decimals("USD"), fmt.decimals("JPY"), fmt.decimals("KWD")) == (2, 0, 3)
    assert fmt.currency_name("EUR") == "euros" and fmt.symbol("GBP") == "£"


@pytest.mark.parametrize("bad", ["usd", "XYZ", "dollars", 840, None])
def test_ent_12_currency_setting_is_checked(bad):
    with pytest.raises(RuleError) as err:
        validate_settings({"money.currency": bad})
    assert "money.currency" in err.value.message


def test_ent_12_views_carry_the_currency():
    t = make("tda", **{"money.currency": "EUR", "money.buy_in_cents": 5000})
    enter(t, "Ann", "Bob")
    view = read(t)
    assert view.currency == "EUR" and view.money(view.field.pool_cents) == "€100.00"


def test_ent_12_cheque_words_follow_the_currency():
    from sheets.words import amount_words

    assert amount_words(1500, "JPY") == "One thousand five hundred Japanese yen"
    assert amount_words(123456, "EUR") == "One thousand two hundred thirty-four and 56/100 euros"
    assert amount_words(123456, "USD") == "One thousand two hundred thirty-four and 56/100 dollars"


def test_ent_12_payout_sheet_in_yen():
    from sheets import render
    from tests.sheets.conftest import pdf_text

    t = make("tda", **{"money.currency": "JPY", "money.buy_in_cents": 5000, "payout.table": "percent",
                       "payout.percents": [50, 30, 20]})
    enter(t, "Ann", "Bob", "Cat")
    text = " ".join(pdf_text(render("payouts", t)).split())
    assert "Prize pool ¥15,000" in text and "¥7,500" in text


def test_ent_12_currency_locked_after_the_first_entry_is_paid():
    """§20.8: the currency can change until the first entry is paid; after that it is refused in words
    (CURRENCY_LOCKED) and nothing changes: the pool does not start reading in another currency."""
    t = make("tda", **{"money.currency": "EUR", "money.buy_in_cents": 5000})
    t.execute({"cmd": "register", "name": "Ann", "pay": False})  # registered, nothing paid yet
    t.execute({"cmd": "change_settings", "settings": {"money.currency": "GBP"}})
    t.execute({"cmd": "change_settings", "settings": {"money.currency": "EUR"}})
    t.execute({"cmd": "buy_in", "player": "Ann", "amount_cents": 5000})
    err = refused(t, {"cmd": "change_settings", "settings": {"money.currency": "USD"}}, "CURRENCY_LOCKED")
    assert "EUR" in err.message and "USD" in err.message and "euros" in err.message
    err = refused(t, {"cmd": "change_settings", "settings": {"money.currency": "JPY", "table.max_seats": 9}},
                  "CURRENCY_LOCKED")  # with another key: nothing of it applies either
    assert read(t).currency == "EUR" and read(t).money(read(t).field.pool_cents) == "€50.00"
    t.execute({"cmd": "change_settings", "settings": {"money.currency": "EUR", "table.max_seats": 9}})  # unchanged
    assert t.state.profile["table.max_seats"] == 9


def test_ent_12_currency_stays_locked_after_the_only_entry_is_refunded():
    """Money came in and went out in euros: the record is in euros, so the currency stays."""
    t = make("tda", **{"money.currency": "EUR", "money.buy_in_cents": 5000})
    enter(t, "Ann")
    t.execute({"cmd": "withdraw", "player": "Ann"})
    refused(t, {"cmd": "change_settings", "settings": {"money.currency": "USD"}}, "CURRENCY_LOCKED")


@pytest.mark.parametrize("lang,typed,cents", [
    ("en", "$1,250.50", 125050), ("en", "25.5", 2550), ("en", ".05", 5), ("en", "€25", 2500),
    ("de", "25,50", 2550), ("de", "1.250,50 €", 125050), ("de", "1.250", 125000),
    ("fr", "1 250,50 €", 125050), ("fr", "25,5", 2550),
    ("es", "1.250,50", 125050), ("pt-BR", "€ 1.250,50", 125050),
])
def test_ent_12_an_amount_typed_is_read_the_readers_way(lang, typed, cents):
    """What a director types in an amount field, read with the separators of the window's language."""
    with use_language(lang):
        assert fmt.parse_money(typed, "EUR") == cents


@pytest.mark.parametrize("lang,typed", [
    ("en", "25,50"),  # 2,550 or 25.50? never guessed: a hundredfold mistake in a prize
    ("de", "25.50"),  # the same doubt the other way round
    ("en", "25.555"), ("en", "ten"), ("en", ""), ("en", "NaN"), ("en", "1e3"),
])
def test_ent_12_an_amount_that_could_be_misread_is_not_read(lang, typed):
    with use_language(lang):
        assert fmt.parse_money(typed, "EUR") is None


def test_ent_12_a_yen_amount_has_no_cents_to_type():
    assert fmt.parse_money("¥1,500", "JPY") == 1500 and fmt.parse_money("1,500.50", "JPY") is None


@given(cents=st.integers(-10**9, 10**9), currency=st.sampled_from(["USD", "EUR", "GBP", "JPY", "CHF", "BRL", "INR",
                                                                    "$", None]),
       lang=st.sampled_from(["en", "de", "fr", "es", "pt-BR", "en-XA"]))
def test_ent_12_every_amount_written_is_read_back_the_same(cents, currency, lang):
    """Whatever the window writes in an amount field, in any language and currency, reads back to the cent."""
    with use_language(lang):
        assert fmt.parse_money(fmt.money(cents, currency), currency) == cents
        assert fmt.parse_money(fmt.money_rounded(cents, currency), currency) == cents


@pytest.mark.parametrize("typed,whole", [
    ("5000", 5000), ("5,000", 5000), ("5.000", 5000), ("5\u202f000", 5000), ("5’000", 5000),
    ("1,000,000", 1_000_000), ("1.000.000", 1_000_000),
    ("5,5", None), ("5,00", None), ("1,000.000", None), ("12,50,000", None), ("", None), ("five", None),
])
def test_a_whole_number_is_read_grouped_any_shipped_languages_way_and_never_guessed(typed, whole):
    """Chips and players are whole: "5.000" (German) and "5,000" (English) are both five thousand, but "5,5"
    could be five and a half or fifty-five and is not read at all."""
    assert fmt.parse_whole(typed) == whole


@given(n=st.integers(0, 10**9), lang=st.sampled_from(["en", "de", "fr", "es", "pt-BR"]))
def test_every_whole_number_written_is_read_back(n, lang):
    with use_language(lang):
        assert fmt.parse_whole(fmt.chips(n)) == n
