"""The new-tournament summary in words: amounts in dollars, choices by name, the engine's refusals beside
the setting and beside OK, and a created tournament holding exactly the edited settings."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from app.api import fmt
from app.errors import RuleError
from app.profiles.profile import SHIPPED, load_profile, profile_from_dict, validate_settings
from ui.dialogs import setting_text as st
from ui.dialogs.new_tournament import NewTournamentDialog
from ui.dialogs.setting_words import plain_message
from ui.recent import saved_profiles

pytestmark = pytest.mark.qt_log_ignore("does not support raise", "does not support grabbing the keyboard")


def ok_button(dialog: NewTournamentDialog):
    return dialog.buttons.button(dialog.buttons.StandardButton.Ok)


def type_into(qtbot, line, text: str) -> None:
    line.selectAll()
    qtbot.keyClicks(line, text)


def test_money_is_read_as_dollars_and_cents_without_float_arithmetic():
    assert st.parse_money("$25.50") == 2550
    assert st.parse_money(" $1,250.5 ") == 125050
    assert st.parse_money("0.29") == 29  # 0.29 * 100 is 28.999999999999996 in floating point
    assert st.parse_money(".05") == 5
    assert st.parse_money("25.555") is None and st.parse_money("ten") is None
    assert st.format_money(2550) == "$25.50" and st.format_money(1_000_000) == "$10,000.00"
    assert st.parse_percents("50 / 30 / 20") == [50, 30, 20] and st.parse_percents("40%, 32.5%, 27.5%") == [
        40, 32.5, 27.5]
    assert st.parse_chips("25 green × 400\n100 black x 600\n5,000") == [
        {"value": 25, "colour": "green", "count": 400}, {"value": 100, "colour": "black", "count": 600},
        {"value": 5000}]
    assert st.parse_brackets("up to 20: 50 / 30 / 20\n1,000: 100") == [
        {"max_players": 20, "percents": [50, 30, 20]}, {"max_players": 1000, "percents": [100]}]
    assert st.parse_games("Texas Hold'em / omaha / Razz") == ["holdem", "omaha", "razz"]


@pytest.mark.parametrize("pid", SHIPPED)
def test_every_shipped_profile_opens_unchanged_with_ok_enabled(qtbot, tmp_path, pid):
    dialog = NewTournamentDialog(load_profile(pid), tmp_path)
    qtbot.addWidget(dialog)
    assert dialog.changes() == {}
    assert dialog.validate() and ok_button(dialog).isEnabled()
    assert dialog.rows["money.buy_in_cents"].editor.edit.text().startswith("$")  # type: ignore[attr-defined]


def test_readable_editors(qtbot, tmp_path):
    dialog = NewTournamentDialog(load_profile("home-rebuy"), tmp_path)
    qtbot.addWidget(dialog)
    assert dialog.rows["money.buy_in_cents"].editor.edit.text() == "$20.00"  # type: ignore[attr-defined]
    percents = dialog.rows["payout.percents"].editor
    assert percents.text() == "40 / 25 / 15 / 12 / 8"  # type: ignore[attr-defined]
    assert percents.note.text() == "1st 40% · 2nd 25% · 3rd 15% · 4th 12% · 5th 8% — total 100%"  # type: ignore
    percents.setText("50 / 30 / 15")  # type: ignore[attr-defined]
    assert percents.note.text().endswith("total 95%")  # type: ignore[attr-defined]
    assert dialog.rows["payout.percents"].feedback.text() == (
        "Percent per place: percentages must add up to 100, not 95.")
    rebuys = dialog.rows["rebuy.max_per_player"].editor
    assert rebuys.none.text() == "Unlimited" and rebuys.value() is None  # type: ignore[attr-defined]
    rebuys.none.setChecked(False)  # type: ignore[attr-defined]
    rebuys.inner.spin.setValue(2)  # type: ignore[attr-defined]
    assert dialog.rows["rebuy.price_cents"].editor.none.text() == "Same as the buy-in"  # type: ignore
    assert dialog.changes() == {"payout.percents": [50, 30, 15], "rebuy.max_per_player": 2}
    assert not dialog.other_panel.isVisible()  # the other rules start folded away


def test_a_refusal_shows_the_engines_message_beside_the_setting_and_ok(qtbot, tmp_path):
    base = load_profile("home-nl")  # names its final table (9): it does not follow the table size
    dialog = NewTournamentDialog(base, tmp_path)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    with pytest.raises(RuleError) as refused:
        validate_settings({"table.max_seats": 7}, base.settings)
    type_into(qtbot, dialog.rows["table.max_seats"].editor.spin.lineEdit(), "7")  # type: ignore[attr-defined]
    named = dialog.rows["final_table.size"].feedback
    assert named.isVisible() and named.property("kind") == "refused"
    assert named.text() == plain_message(refused.value)
    assert named.text().startswith("Final table seats: can be at most one more than")
    assert named.toolTip() == refused.value.message  # the engine's own words, key and all
    assert dialog.feedback.isVisible() and dialog.feedback.text() == named.text()
    assert not ok_button(dialog).isEnabled() and not dialog.save_button.isEnabled()
    type_into(qtbot, dialog.rows["final_table.size"].editor.spin.lineEdit(), "8")  # type: ignore[attr-defined]
    assert not named.isVisible() and not dialog.feedback.isVisible()
    assert ok_button(dialog).isEnabled()


def test_a_refusal_of_a_folded_setting_unfolds_all_other_rules(qtbot, tmp_path):
    dialog = NewTournamentDialog(load_profile("tda"), tmp_path)
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.rows["balance.spread"].editor.spin.setValue(0)  # type: ignore[attr-defined]
    assert dialog.other_panel.isVisible() and dialog.rows["balance.spread"].feedback.isVisible()
    assert dialog.feedback.text() == "Balancing spread: must be at least 1."


def test_the_created_tournament_has_exactly_the_edited_settings(qtbot, tmp_path, monkeypatch):
    from ui.start import Starter, store_session

    base = load_profile("tda")
    target = tmp_path / "edited.floorman"
    seen: dict[str, object] = {}

    def fill_in(dialog: NewTournamentDialog) -> int:
        dialog.show()
        qtbot.waitExposed(dialog)
        dialog.path.setText(str(target))
        type_into(qtbot, dialog.rows["money.buy_in_cents"].editor.edit, "$25.50")  # type: ignore[attr-defined]
        seats = dialog.rows["seat.method"].editor.combo  # type: ignore[attr-defined]
        seats.setCurrentIndex(seats.findText("Card draw (suit = table)"))
        type_into(qtbot, dialog.rows["table.max_seats"].editor.spin.lineEdit(), "7")  # type: ignore[attr-defined]
        seen["followed"] = dialog.rows["final_table.size"].value()  # BRK-6: follows the table size
        type_into(qtbot, dialog.rows["final_table.size"].editor.spin.lineEdit(), "9")  # type: ignore[attr-defined]
        seen["refused"] = not ok_button(dialog).isEnabled()
        type_into(qtbot, dialog.rows["final_table.size"].editor.spin.lineEdit(), "8")  # type: ignore[attr-defined]
        dialog.rows["rebuy.offered"].editor.box.setChecked(True)  # type: ignore[attr-defined]
        dialog.rows["payout.percents"].editor.setText("45 / 30 / 15 / 10")  # type: ignore[attr-defined]
        qtbot.mouseClick(ok_button(dialog), Qt.MouseButton.LeftButton)
        return dialog.result()

    monkeypatch.setattr(NewTournamentDialog, "exec", fill_in)
    starter = Starter(QApplication.instance())
    starter.new_tournament(base)
    assert seen == {"followed": 7, "refused": True}
    window = starter.windows[-1]
    qtbot.addWidget(window)
    edits = {"money.buy_in_cents": 2550, "seat.method": "card_draw", "table.max_seats": 7, "final_table.size": 8,
             "rebuy.offered": True, "payout.percents": [45, 30, 15, 10]}
    assert dict(window.session.state.profile.settings) == {**base.settings, **edits}
    window.close()
    reopened = store_session(target)
    try:
        assert dict(reopened.state.profile.settings) == {**base.settings, **edits}
        assert type(reopened.state.profile["money.buy_in_cents"]) is int
    finally:
        reopened.close()


def test_save_as_a_profile_keeps_a_copy_for_the_welcome_screen(qtbot, tmp_path, user_data: Path):
    dialog = NewTournamentDialog(load_profile("home-nl"), tmp_path)
    qtbot.addWidget(dialog)
    dialog.name.setText("Friday deep stack")
    dialog.rows["money.start_stack"].editor.spin.setValue(30000)  # type: ignore[attr-defined]
    qtbot.mouseClick(dialog.save_button, Qt.MouseButton.LeftButton)
    assert dialog.saved_profile is not None and dialog.saved_profile in saved_profiles()
    assert dialog.feedback.property("kind") == "done" and "Friday deep stack" in dialog.feedback.text()
    saved = load_profile(str(dialog.saved_profile))
    assert saved.name == "Friday deep stack" and saved["money.start_stack"] == 30000
    assert dict(saved.settings) == dict(dialog.edited_profile().settings)
    assert json.loads(dialog.saved_profile.read_text(encoding="utf-8"))["id"] == "friday-deep-stack"


def test_brk_6_a_saved_profile_loads_back_with_its_final_table(qtbot, tmp_path, user_data: Path):
    """A final table size the profile leaves out follows the table size; one the director sets is kept,
    even when it equals the schema's default (saved as differences from what a left-out key becomes)."""
    dialog = NewTournamentDialog(load_profile("tda"), tmp_path)
    qtbot.addWidget(dialog)
    dialog.name.setText("Ten handed")
    dialog.rows["table.max_seats"].editor.spin.setValue(10)  # type: ignore[attr-defined]
    assert dialog.rows["final_table.size"].value() == 10  # follows
    qtbot.mouseClick(dialog.save_button, Qt.MouseButton.LeftButton)
    assert dialog.saved_profile is not None
    data = json.loads(dialog.saved_profile.read_text(encoding="utf-8"))
    assert data["settings"]["table.max_seats"] == 10 and "final_table.size" not in data["settings"]
    assert load_profile(str(dialog.saved_profile))["final_table.size"] == 10

    dialog = NewTournamentDialog(load_profile("tda"), tmp_path)
    qtbot.addWidget(dialog)
    dialog.name.setText("Ten handed, final nine")
    dialog.rows["table.max_seats"].editor.spin.setValue(10)  # type: ignore[attr-defined]
    dialog.rows["final_table.size"].editor.spin.setValue(9)  # type: ignore[attr-defined]
    dialog.rows["table.max_seats"].editor.spin.setValue(10)  # type: ignore[attr-defined]
    assert dialog.rows["final_table.size"].value() == 9  # the director's own: it stays
    qtbot.mouseClick(dialog.save_button, Qt.MouseButton.LeftButton)
    assert dialog.saved_profile is not None
    data = json.loads(dialog.saved_profile.read_text(encoding="utf-8"))
    assert data["settings"]["final_table.size"] == 9
    saved = load_profile(str(dialog.saved_profile))
    assert (saved["table.max_seats"], saved["final_table.size"]) == (10, 9)
    assert dict(saved.settings) == dict(dialog.edited_profile().settings)
    again = NewTournamentDialog(saved, tmp_path)  # and it opens unchanged
    qtbot.addWidget(again)
    assert again.changes() == {} and again.rows["final_table.size"].value() == 9


@pytest.mark.parametrize("pid", SHIPPED)
def test_pay_8_every_shipped_profile_states_its_prize_rounding(pid):
    from importlib import resources

    data = json.loads(resources.files("resources").joinpath("profiles", f"{pid}.json").read_text(encoding="utf-8"))
    assert "payout.round_to_cents" in data["settings"]  # its own choice, not one left to the defaults


def test_pay_8_the_new_tournament_offers_prize_rounding_with_the_profiles_choice(qtbot, tmp_path):
    from app.engine import Tournament
    from app.views import read

    dialog = NewTournamentDialog(load_profile("home-rebuy"), tmp_path)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    row = dialog.rows["payout.round_to_cents"]
    assert row.isVisible() and not dialog.other_panel.isVisible()  # in the Payouts summary, not folded away
    combo = row.editor.combo  # type: ignore[attr-defined]
    assert combo.currentText() == "The cent (exact amounts)" and row.value() is None
    assert [combo.itemText(i) for i in range(combo.count())] == [
        "The cent (exact amounts)", "$1 (whole amounts)", "$5", "$10", "$25", "$50", "$100"]
    dialog.grab().save(str(tmp_path / "new-tournament-rounding.png"))
    combo.setCurrentIndex(combo.findText("$5"))
    assert dialog.changes() == {"payout.round_to_cents": 500} and ok_button(dialog).isEnabled()
    profile = dialog.edited_profile()
    t = Tournament.create(profile, name="Round prizes", seed=1)
    for i in range(7):
        t.execute({"cmd": "register", "name": f"Player {i + 1}"})
    prizes = [p.prize_cents for p in read(t.state, 0.0).payouts]
    assert prizes == [6000, 3500, 2000, 1500, 1000]  # $140 at 40/25/15/12/8: $16.80 and $11.20 without rounding
    combo.setCurrentIndex(combo.findText("The cent (exact amounts)"))
    assert dialog.changes() == {}
    own = profile_from_dict({**load_profile("home-rebuy").to_dict(), "settings": {
        **load_profile("home-rebuy").settings, "payout.round_to_cents": 200}})
    chosen = NewTournamentDialog(own, tmp_path)
    qtbot.addWidget(chosen)
    assert chosen.rows["payout.round_to_cents"].editor.combo.currentText() == "$2"  # type: ignore[attr-defined]
    assert chosen.changes() == {}


def test_a_refused_setting_is_put_beside_its_row_in_any_language() -> None:
    """The engine's refusal names its setting apart from its words, so the form finds the row in German too."""
    from app.api import RuleError, validate_settings
    from app.i18n import use_language
    from ui.dialogs.setting_words import label_of, named_key

    with use_language("de"):
        with pytest.raises(RuleError) as refused:
            validate_settings({"table.max_seats": 1})
        assert named_key(refused.value) == "table.max_seats"
        assert plain_message(refused.value).startswith(label_of("table.max_seats") + ":")
        assert "Profile setting" not in plain_message(refused.value)


def _in_euros(pid: str = "home-nl"):
    data = load_profile(pid).to_dict()
    data["settings"] = {**data["settings"], "money.currency": "EUR"}
    return profile_from_dict(data)


def test_ent_12_a_german_director_types_euros_with_a_decimal_comma(qtbot, tmp_path, german):
    """In German and in euros the buy-in reads "100,00 €" and "25,50" is 25.50 euros, not 2,550: an amount
    the language would not write ("25.50") is refused in money, and nothing is created."""
    dialog = NewTournamentDialog(_in_euros(), tmp_path)
    qtbot.addWidget(dialog)
    buy_in = dialog.rows["money.buy_in_cents"].editor
    assert buy_in.edit.text() == fmt.money(_in_euros().settings["money.buy_in_cents"], "EUR")  # type: ignore
    assert buy_in.edit.text().endswith("\xa0€") and "," in buy_in.edit.text()  # type: ignore[attr-defined]
    buy_in.edit.setText("25,50")  # type: ignore[attr-defined]
    assert dialog.changes()["money.buy_in_cents"] == 2550 and dialog.validate()
    buy_in.edit.setText("25.50")  # type: ignore[attr-defined]
    assert not dialog.validate() and not ok_button(dialog).isEnabled()
    assert dialog.rows["money.buy_in_cents"].feedback.text() == "Buy-in: muss ein Betrag wie 25,00\xa0€ sein."
    buy_in.edit.setText("1.250,5")  # type: ignore[attr-defined]
    assert dialog.changes()["money.buy_in_cents"] == 125050 and dialog.validate()


def test_ent_12_the_amounts_follow_a_currency_typed_in_the_form(qtbot, tmp_path):
    """Typing JPY in the currency field shows every amount in yen, each keeping its figure in minor units
    (the profile's numbers); the prize-rounding units and the fixed amounts too."""
    dialog = NewTournamentDialog(load_profile("home-nl"), tmp_path)
    qtbot.addWidget(dialog)
    buy_in = dialog.rows["money.buy_in_cents"].editor
    cents = dialog.base.settings["money.buy_in_cents"]
    assert buy_in.edit.text() == fmt.money(cents)  # type: ignore[attr-defined]
    dialog.rows["money.currency"].editor.setText("JP")  # type: ignore[attr-defined]
    assert buy_in.edit.text() == fmt.money(cents)  # type: ignore[attr-defined]  # half a code changes nothing
    dialog.rows["money.currency"].editor.setText("JPY")  # type: ignore[attr-defined]
    assert buy_in.edit.text() == fmt.money(cents, "JPY")  # type: ignore[attr-defined]
    assert buy_in.value() == cents and dialog.validate()
    rounding = dialog.rows["payout.round_to_cents"].editor.combo  # type: ignore[attr-defined]
    assert [rounding.itemText(i) for i in (1, 2)] == ["¥100", "¥500"]  # a yen is a whole amount already
    fixed = dialog.rows["payout.fixed_cents"].editor
    fixed.setText("¥5,000 / ¥3,000")  # type: ignore[attr-defined]
    assert fixed.value() == [5000, 3000]  # type: ignore[attr-defined]
    assert dialog.changes()["money.currency"] == "JPY"


def test_pay_7_percents_with_a_decimal_comma_are_read_as_one_percent_each(german):
    """German writes 12,5 %: "12,5 / 7,5" is two places, never four (12, 5, 7, 5); a comma before a space
    still parts places, and the summary writes the language's decimal comma back."""
    assert st.parse_percents("50 / 30 / 12,5 / 7,5") == [50, 30, 12.5, 7.5]
    assert st.parse_percents("50, 30, 20") == [50, 30, 20]
    assert st.parse_percents("50,30,20") is None  # neither a decimal nor a list: refused, not guessed
    assert st.format_list([35.98, 17.98, 13]) == "35,98 / 17,98 / 13"
    assert st.percent_summary([50, 30, 12.5, 7.5]) == "1. 50 % · 2. 30 % · 3. 12,5 % · 4. 7,5 % — gesamt 100 %"


def test_chips_and_bracket_sizes_are_written_and_read_the_languages_way(german):
    """German groups thousands with a dot: the chip set and the payout brackets say "5.000", read it back,
    and refuse "5,5" (a decimal comma in a whole number) instead of reading fifty-five."""
    chips = [{"value": 25, "colour": "green", "count": 400}, {"value": 5000, "colour": "black", "count": 1200}]
    assert st.format_chips(chips) == "25 green × 400\n5.000 black × 1.200"
    assert st.parse_chips("25 green × 400\n5.000 black × 1.200") == chips
    assert st.parse_chips("5,5 red") is None
    brackets = [{"max_players": 1000, "percents": [40, 30, 20, 10]}]
    assert st.format_brackets(brackets) == "bis 1.000: 40 / 30 / 20 / 10"
    assert st.parse_brackets("bis 1.000: 40 / 30 / 20 / 10") == brackets
