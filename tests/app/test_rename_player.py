"""rename_player: a name typed wrong at registration is corrected; the history keeps the old name (REG-1)."""

from __future__ import annotations

from app.core.timesource import FakeClock
from app.engine import Tournament
from app.log.history import History
from app.log.history_labels import label_for
from app.profiles.profile import load_profile
from tests.app.money_kit import enter, make, players, refused


def test_reg_1_a_name_typed_wrong_is_corrected_everywhere():
    t = make("home-nl")
    enter(t, "Ann Le", "Bob")
    events = t.execute({"cmd": "rename_player", "player": "ann le", "name": "  Ann   Lee "})
    assert [(e.type, e.data) for e in events] == [("player_renamed", {"player": 1, "old": "Ann Le", "new": "Ann Lee"})]
    assert "Ann Lee" in players(t) and "Ann Le" not in players(t)
    assert t.state.by_name["ann lee"] == 1 and "ann le" not in t.state.by_name
    refused(t, {"cmd": "buy_in", "player": "Ann Le"}, "UNKNOWN_PLAYER")


def test_reg_1_the_new_name_is_checked_like_a_registration():
    t = make("home-nl")
    enter(t, "Ann Le", "Bob Roy")
    refused(t, {"cmd": "rename_player", "player": "Ann Le", "name": " bob  ROY"}, "DUPLICATE_NAME")
    refused(t, {"cmd": "rename_player", "player": "Ann Le", "name": "  "}, "INVALID_INPUT")
    refused(t, {"cmd": "rename_player", "player": "Ann Le", "name": "Ann Le"}, "INVALID_INPUT")
    refused(t, {"cmd": "rename_player", "player": "Nobody", "name": "Ann Lee"}, "UNKNOWN_PLAYER")
    refused(t, {"cmd": "rename_player", "player": "Ann Le"}, "INVALID_INPUT")
    t.execute({"cmd": "rename_player", "player": "Ann Le", "name": "ANN LE"})  # only the capitals change
    assert "ANN LE" in players(t)


def test_reg_1_the_history_keeps_the_old_name_and_undo_restores_it():
    h = History(Tournament.create(load_profile("home-nl"), time=FakeClock(), seed=1))
    h.run({"cmd": "register", "name": "Ann Le"})
    h.run({"cmd": "rename_player", "player": "Ann Le", "name": "Ann Lee"})
    assert h.actions[-1].label == "name of Ann Le corrected to Ann Lee"
    assert label_for({"cmd": "rename_player", "player": 1, "name": "Ann Lee"}, h.tournament.state) == (
        "name of Ann Lee corrected to Ann Lee"
    )
    h.undo()
    assert h.tournament.state.players[1].name == "Ann Le"
    assert h.tournament.state.by_name == {"ann le": 1}
    h.redo()
    assert h.tournament.state.players[1].name == "Ann Lee"


def test_reg_1_a_rename_keys_the_new_name_as_registration_does_and_frees_the_old_one():
    t = make("home-nl")
    enter(t, "Hans Straße", "Bob")
    t.execute({"cmd": "rename_player", "player": "Hans Straße", "name": "Ｊｏｈｎ Ｒｏｅ"})  # full-width letters
    assert t.state.by_name["john roe"] == 1 and "hans strasse" not in t.state.by_name
    refused(t, {"cmd": "register", "name": "John Roe"}, "DUPLICATE_NAME")  # the same name (NFKC)
    t.execute({"cmd": "register", "name": "Hans Strasse"})  # the old name is free again
    assert t.state.players[t.state.by_name["hans strasse"]].name == "Hans Strasse"


def test_reg_9_the_same_name_but_for_its_accents_is_asked_and_answered_either_way():
    from app.errors import RuleError

    t = make("home-nl")
    enter(t, "José Núñez")
    try:
        t.execute({"cmd": "register", "name": "jose nunez"})
        raise AssertionError("not asked")
    except RuleError as err:
        assert err.code == "NEEDS_INPUT" and err.rule == "REG-9"
        assert err.question is not None and err.question.field == "another" and err.question.kind == "bool"
        assert err.message == "José Núñez is already registered; register another jose nunez?"
    seq = t.state.seq
    refused(t, {"cmd": "register", "name": "Jose Nunez", "another": False}, "DUPLICATE_NAME")
    assert t.state.seq == seq and len(t.state.players) == 1
    t.execute({"cmd": "register", "name": "Jose Nunez", "another": True})
    assert sorted(players(t)) == ["Jose Nunez", "José Núñez"]
    t.execute({"cmd": "rename_player", "player": "Jose Nunez", "name": "Jo Nunez"})  # the fold follows a rename
    t.execute({"cmd": "register", "name": "Jose Nuñez", "another": True})
    assert t.state.by_fold["jose nunez"] == [1, 3] and t.state.by_fold["jo nunez"] == [2]
    t.execute({"cmd": "register", "name": "Ana Lee"})  # no accent anywhere: never asked


def test_reg_9_letters_unicode_does_not_decompose_fold_like_accents():
    """ø, ł, æ, œ, ß, đ, ð, þ, ı (and their capitals) are asked about as accents are: "soren" is Søren."""
    from app.errors import RuleError
    from app.names import fold_key

    pairs = {"Søren Ørsted": "soren orsted", "ŁUKASZ Łoś": "lukasz los", "Æsa Cœur": "aesa coeur",
             "Hans Straße": "hans strasse", "Đorđe Ðuro": "dorde duro", "Þór": "thor", "Işık": "isik",
             "HANS STRAẞE": "hans strasse", "İlker": "ilker"}
    for name, typed in pairs.items():
        assert fold_key(name) == fold_key(typed) == typed, name
    t = make("home-nl")
    enter(t, "Søren Ørsted", "Łukasz Żak")
    for typed, registered in (("soren orsted", "Søren Ørsted"), ("LUKASZ ZAK", "Łukasz Żak")):
        seq = t.state.seq
        try:
            t.execute({"cmd": "register", "name": typed})
            raise AssertionError(f"{typed} was not asked about")
        except RuleError as err:
            assert err.code == "NEEDS_INPUT" and err.rule == "REG-9"
            assert err.message == f"{registered} is already registered; register another {typed}?"
        assert t.state.seq == seq and len(t.state.players) == 2
        refused(t, {"cmd": "register", "name": typed, "another": False}, "DUPLICATE_NAME")
    assert t.state.by_fold["soren orsted"] == [1] and t.state.by_fold["lukasz zak"] == [2]


def test_reg_9_a_name_of_invisible_characters_is_refused_in_words():
    t = make("home-nl")
    enter(t, "Ann Lee")
    for blank in ("\u200b", "\u200b \u200c\u200d", "\ufeff\u2060", "\u00ad", "\u3164", "\u0301"):
        err = refused(t, {"cmd": "register", "name": blank}, "INVALID_INPUT")
        assert "invisible characters" in err.message
        refused(t, {"cmd": "rename_player", "player": "Ann Lee", "name": blank}, "INVALID_INPUT")
    assert list(players(t)) == ["Ann Lee"]
    t.execute({"cmd": "register", "name": "Ra\u200dvi"})  # a joiner inside a real name is the name's own
    t.execute({"cmd": "register", "name": "Mehr\u200cdad"})


def test_reg_9_a_word_mixing_look_alike_alphabets_is_asked_about_and_answered_either_way():
    from app.errors import RuleError

    t = make("home-nl")
    enter(t, "Ann Lee")
    look_alike = "\u0410nn Lee"  # a Cyrillic capital A
    try:
        t.execute({"cmd": "register", "name": look_alike})
        raise AssertionError("not asked")
    except RuleError as err:
        assert err.code == "NEEDS_INPUT" and err.rule == "REG-9"
        assert err.question is not None and (err.question.field, err.question.kind) == ("mixed_scripts", "bool")
        assert err.message == (f"{look_alike} mixes alphabets in \"\u0410nn\" ('\u0410' is Cyrillic, the rest is "
                               "Latin): it looks like a Latin name but a search typed in Latin letters will not find "
                               "it. Register it as typed?")
    seq = t.state.seq
    refused(t, {"cmd": "register", "name": look_alike, "mixed_scripts": False}, "INVALID_INPUT")
    refused(t, {"cmd": "register", "name": look_alike, "mixed_scripts": "yes"}, "INVALID_INPUT")
    assert t.state.seq == seq and list(players(t)) == ["Ann Lee"]
    t.execute({"cmd": "register", "name": look_alike, "mixed_scripts": True})
    assert sorted(players(t)) == sorted(["Ann Lee", look_alike])
    for one_script_a_word in ("\u0418\u0432\u0430\u043d \u041f\u0435\u0442\u0440\u043e\u0432",
                              "\u0418\u0432\u0430\u043d Smith", "\u039d\u03af\u03ba\u03bf\u03c2 Papas",
                              "Zo\u00eb M\u00fcller"):
        t.execute({"cmd": "register", "name": one_script_a_word})  # never asked
