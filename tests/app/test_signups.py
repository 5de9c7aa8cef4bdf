"""A sign-up list matched to the roster and the tournament before it is imported (REG-10): pure Python."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from app.names import fold_key
from app.signups import NEW, SignupRow, preview, row_problem, words_key

# Letters with and without accents, capitals too, as names are typed.
_letters = st.sampled_from(list("abcdeéèêëfghiíïjklmnñoóöøpqrstuúüvwxyzAÁBCÇDEÉFGHIÍJKLMNÑOÓÖPQRSTUÚÜVWXYZßæł"))
_word = st.text(_letters, min_size=1, max_size=10)
_name = st.lists(_word, min_size=2, max_size=3).map(" ".join)


def _strip_accents_and_case(name: str) -> str:
    return fold_key(name)


@given(_name)
def test_reg_10_the_matching_key_is_idempotent(name: str) -> None:
    assert fold_key(fold_key(name)) == fold_key(name)
    assert words_key(" ".join(words_key(name))) == words_key(name)


@given(_name)
def test_reg_10_the_matching_key_ignores_accents_and_case(name: str) -> None:
    assert words_key(name.upper()) == words_key(name.lower()) == words_key(_strip_accents_and_case(name))
    assert fold_key(name.swapcase()) == fold_key(name)


@given(_word, _word)
def test_reg_10_a_transposition_is_found_both_ways(first: str, last: str) -> None:
    straight, turned = f"{first} {last}", f"{last}, {first}"
    for known, typed in ((straight, turned), (turned, straight), (straight, f"{last} {first}")):
        row = preview([SignupRow(2, typed)], roster=[known]).rows[0]
        if fold_key(typed.replace(",", " ")) == fold_key(known.replace(",", " ")):
            assert row.outcome == "matched"  # "Ann Ann" turned is still "Ann Ann"
        else:
            assert row.outcome == "ask" and row.candidates[0].how == "transposed"
            assert row.candidates[0].name == known


def test_reg_10_accents_and_case_match_the_roster_and_keep_its_spelling() -> None:
    p = preview([SignupRow(2, "jose  nunez", True), SignupRow(3, "ANN LEE")], roster=["José Núñez", "Ann Lee"])
    assert [(r.outcome, r.name) for r in p.rows] == [("matched", "José Núñez"), ("matched", "Ann Lee")]
    plan = p.plan()
    assert plan.paid == ("José Núñez",) and plan.unpaid == ("Ann Lee",) and plan.left_out == ()


def test_reg_10_a_transposed_name_is_asked_and_never_guessed() -> None:
    alone = preview([SignupRow(2, "Nunez Jose")], roster=["José Núñez"]).rows[0]
    assert alone.outcome == "ask" and alone.candidates[0].how == "transposed"
    rows = [SignupRow(2, "Núñez, José"), SignupRow(3, "Lee, Ann"), SignupRow(4, "Bo Chen")]
    p = preview(rows, roster=["José Núñez", "Ann Lee"])
    assert [r.outcome for r in p.rows] == ["ask", "ask", "new"]
    assert p.rows[0].candidates[0].name == "José Núñez" and "transposed" in p.rows[0].reason
    unanswered = p.plan()
    assert unanswered.names == ("Bo Chen",)
    assert [(line, why) for line, _n, why in unanswered.left_out][:2] == [
        (2, "asked and not answered: left out"), (3, "asked and not answered: left out")]
    answered = p.plan({2: "José Núñez", 3: NEW})
    assert answered.names == ("José Núñez", "Lee, Ann", "Bo Chen")


def test_reg_10_players_already_in_the_tournament_are_said_and_left_alone() -> None:
    p = preview([SignupRow(2, "ann lee"), SignupRow(3, "Bo Chen"), SignupRow(4, "Chen Bo")],
                roster=["Ann Lee"], players=["Ann Lee"], preregistered=["Bo Chen"])
    assert [r.outcome for r in p.rows] == ["already", "already", "ask"]
    assert "registered in this tournament" in p.rows[0].reason
    assert "pre-registered" in p.rows[1].reason
    plan = p.plan({4: "Bo Chen"})
    assert plan.names == () and "the same player as Bo Chen" in plan.left_out[2][2]


def test_reg_10_two_roster_players_of_one_name_are_asked() -> None:
    p = preview([SignupRow(2, "Ann Lee")], roster=["Ann Lée", "Ann Lee"])
    assert p.rows[0].outcome == "ask" and len(p.rows[0].candidates) == 2
    assert p.plan({2: "Ann Lée"}).names == ("Ann Lée",)
    assert "not one of its candidates" in p.plan({2: "Zed"}).left_out[0][2]


def test_reg_10_duplicates_within_the_file_are_said() -> None:
    rows = [SignupRow(2, "Ann Lee"), SignupRow(3, "ann  LÉE"), SignupRow(4, "Lee, Ann")]
    p = preview(rows)
    assert [r.outcome for r in p.rows] == ["new", "duplicate", "ask"]
    assert "line 2" in p.rows[1].reason
    assert p.rows[2].candidates[0].where == "list"
    assert p.plan({4: "Ann Lee"}).names == ("Ann Lee",)
    assert p.plan({4: NEW}).names == ("Ann Lee", "Lee, Ann")


def test_reg_10_bad_rows_are_skipped_with_their_reason_and_the_rest_kept() -> None:
    rows = [SignupRow(2, ""), SignupRow(3, "x" * 81), SignupRow(4, "Ann\u0007Lee"), SignupRow(5, "\u200b"),
            SignupRow(6, "Bo Chen")]
    p = preview(rows)
    assert [r.outcome for r in p.rows] == ["skipped"] * 4 + ["new"]
    assert [r.reason for r in p.rows[:4]] == ["no name", "name too long (81 characters; at most 80)",
                                              "the name holds control or invisible characters", "no name"]
    assert "\u0007" not in p.rows[2].typed
    assert p.plan().names == ("Bo Chen",) and len(p.plan().left_out) == 4
    assert row_problem("Ann Lee") is None
    assert p.counts == {"skipped": 4, "new": 1}
