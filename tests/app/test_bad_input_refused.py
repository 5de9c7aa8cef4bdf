"""Bad input is refused in words before it reaches the state: payout tables, profiles, names."""

from __future__ import annotations

import json

import pytest

from app.engine import Tournament
from app.errors import RuleError
from app.names import MAX_NAME
from app.profiles.profile import load_profile, profile_from_dict


def _tournament() -> Tournament:
    return Tournament.create(load_profile("tda"), name="Friday", seed=1)


@pytest.mark.parametrize("percents", [[float("nan")], [float("inf")], [], [float("nan"), 100]])
def test_nan_infinite_or_empty_payout_percents_are_refused(percents):
    with pytest.raises(RuleError) as err:
        profile_from_dict({"id": "x", "extends": "tda", "settings": {"payout.percents": percents}})
    assert err.value.code == "INVALID_PROFILE"
    t = _tournament()
    with pytest.raises(RuleError):
        t.execute({"cmd": "change_settings", "settings": {"payout.percents": percents}})
    t.view()  # every view still works


def test_an_empty_bracket_is_refused():
    with pytest.raises(RuleError):
        profile_from_dict({"id": "x", "extends": "tda",
                           "settings": {"payout.brackets": [{"max_players": 10, "percents": []}]}})


def test_nan_in_a_profile_file_is_refused(tmp_path):
    path = tmp_path / "nan.json"
    path.write_text('{"id": "nan", "extends": "tda", "settings": {"payout.percents": [NaN]}}')
    with pytest.raises(RuleError):
        load_profile(str(path))


def test_a_profile_that_extends_itself_is_refused(tmp_path):
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    a.write_text(json.dumps({"id": "a", "extends": str(a)}))
    with pytest.raises(RuleError) as err:
        load_profile(str(a))
    assert "extends itself" in err.value.message
    a.write_text(json.dumps({"id": "a", "extends": str(b)}))
    b.write_text(json.dumps({"id": "b", "extends": str(a)}))
    with pytest.raises(RuleError) as err:
        load_profile(str(a))
    assert "extends itself" in err.value.message


def test_deeply_nested_profile_json_is_refused(tmp_path):
    path = tmp_path / "deep.json"
    path.write_text("[" * 200_000 + "]" * 200_000)
    with pytest.raises(RuleError) as err:
        load_profile(str(path))
    assert err.value.code == "INVALID_PROFILE"


@pytest.mark.parametrize("name", ["Ann\x00Lee", "Ann\x1b[31mLee", "Bo\x07", "Evil\u202eeviL", "Del\x7f"])
def test_control_characters_in_a_name_are_refused(name):
    t = _tournament()
    with pytest.raises(RuleError) as err:
        t.execute({"cmd": "register", "name": name})
    assert err.value.code == "INVALID_INPUT" and "control" in err.value.message
    assert not t.state.players


def test_an_over_long_name_is_refused_in_words():
    t = _tournament()
    with pytest.raises(RuleError) as err:
        t.execute({"cmd": "register", "name": "A" * 10_000})
    assert f"at most {MAX_NAME} characters" in err.value.message
    t.execute({"cmd": "register", "name": "B" * MAX_NAME})  # the longest allowed is fine


@pytest.mark.parametrize("first, second", [("José", "Jose\u0301"), ("ANN LEE", "ann lee"), ("Ann Lee", "Ａｎｎ Ｌｅｅ"),
                                           ("Straße", "STRASSE"), ("Bo  Chen", "bo chen")])
def test_look_alike_names_are_duplicates(first, second):
    t = _tournament()
    t.execute({"cmd": "register", "name": first})
    with pytest.raises(RuleError) as err:
        t.execute({"cmd": "register", "name": second})
    assert err.value.code == "DUPLICATE_NAME" and "already registered" in err.value.message


def test_a_look_alike_name_finds_the_player():
    t = _tournament()
    t.execute({"cmd": "register", "name": "José Núñez"})
    from app.core.inputs import player

    assert player(t.state, "JOSE\u0301 NU\u0301N\u0303EZ").name == "José Núñez"
