"""The engine's refusals and questions in the reader's language: every word the rules areas say to the
director is marked (in the pseudo-language en-XA nothing is left in English outside its brackets but the
players' names and the figures), and the shipped languages say them naturally, plurals included."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import Any

import pytest

from app.core.timesource import FakeClock
from app.engine import Tournament
from app.errors import RuleError
from app.i18n import PSEUDO, use_language
from app.league.errors import LeagueError
from app.league.formula import formula_from
from app.league.rules import rules_from
from app.profiles.profile import load_profile, profile_from_dict
from tests.app.question_cases import CASES, QuestionCase

_INNERMOST = re.compile(r"\[[^\[\]]*\]")
_WORD = re.compile(r"[A-Za-z]{2,}")
NAMES = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Joe")

# The questions whose words (and answers) come from the rules areas; the ENT-5 questions ("lost all their
# chips: rebuy or decline") and the button's seat choices are asked from the engine's core.
OWN_CHOICES = {"conv-6 level change (bust)", "conv-6 level change (no-show)", "race-3 count does not add up",
               "elim-8 stage not over", "ko-1 who knocked the player out", "reg-9 same name but for its accents",
               "reg-10 pre-registered name the same but for its accents", "reg-9 a word mixing look-alike alphabets"}
OWN_QUESTIONS = [c for c in CASES if not c.name.startswith("ent-5")]


def english_left(text: str, data: Iterable[str] = ()) -> str:
    """What of ``text`` is outside every bracket (nested ones too) and not the tournament's own data."""
    rest = text
    while True:
        stripped = _INNERMOST.sub(" ", rest)
        if stripped == rest:
            break
        rest = stripped
    for value in sorted({d for d in data if d}, key=len, reverse=True):
        rest = rest.replace(value, " ")
    return " ".join(_WORD.findall(rest))


def _make(profile: str = "home-nl", **settings: Any) -> Tournament:
    data = load_profile(profile).to_dict()
    data["settings"] = {**data["settings"], **{k.replace("__", "."): v for k, v in settings.items()}}
    return Tournament.create(profile_from_dict(data), name="Languages", time=FakeClock(), seed=3)


def _run(t: Tournament, *commands: dict[str, Any]) -> Tournament:
    for cmd in commands:
        t.execute(cmd)
    return t


def _field(count: int = 8, profile: str = "home-nl", **settings: Any) -> Tournament:
    t = _make(profile, **settings)
    for name in NAMES[:count]:
        t.execute({"cmd": "register", "name": name})
    return t


def _playing(count: int = 8, **settings: Any) -> Tournament:
    t = _field(count, **settings)
    _run(t, {"cmd": "seat_all"}, {"cmd": "start_clock"})
    for number in sorted(t.state.tables):
        t.execute({"cmd": "set_button", "table": number, "seat": min(t.state.tables[number].seats)})
    return t


def _refusal(t: Tournament, cmd: dict[str, Any], code: str, language: str = PSEUDO) -> RuleError:
    logged = len(t.log)
    with use_language(language), pytest.raises(RuleError) as info:
        t.execute(cmd)
    assert info.value.code == code, info.value
    assert len(t.log) == logged  # refused: nothing recorded
    return info.value


# Each refusal: a name, how to get there (a tournament and the refused command), and the expected code.
Refused = tuple[str, Callable[[], tuple[Tournament, dict[str, Any]]], str]


def _taken_seat() -> tuple[Tournament, dict[str, Any]]:
    t = _field(3)
    _run(t, {"cmd": "open_table", "table": 2}, {"cmd": "seat_player", "player": "Ann", "table": 2, "seat": 4})
    return t, {"cmd": "seat_player", "player": "Bob", "table": 2, "seat": 4}


def _used_reentries() -> tuple[Tournament, dict[str, Any]]:
    return _used_reentries_n(1)


REFUSALS: list[Refused] = [
    ("entries: a name twice", lambda: (_field(2), {"cmd": "register", "name": "Ann"}), "DUPLICATE_NAME"),
    ("entries: a buy-in twice", lambda: (_field(2), {"cmd": "buy_in", "player": "Ann"}), "LIMIT_REACHED"),
    ("entries: no rebuys", lambda: (_playing(8, rebuy__offered=False), {"cmd": "rebuy", "player": "Ann"}),
     "NOT_OFFERED"),
    ("entries: re-entries used", _used_reentries, "LIMIT_REACHED"),
    ("entries: add-on out of its level", lambda: (_playing(8, addon__offered=True, addon__level=4),
                                                  {"cmd": "addon", "player": "Ann"}), "WINDOW_CLOSED"),
    ("eliminations: a bust before the start", lambda: (_field(4), {"cmd": "bust", "players": ["Ann"]}),
     "NOT_STARTED"),
    ("eliminations: everybody busts", lambda: (_playing(2), {"cmd": "bust", "players": ["Ann", "Bob"]}),
     "INVALID_INPUT"),
    ("eliminations: hand-for-hand not on", lambda: (_playing(8), {"cmd": "hand_for_hand", "on": False}),
     "INVALID_INPUT"),
    ("chips: a chip not in the set", lambda: (_playing(8), {"cmd": "found_chips", "player": "Ann",
                                                            "denomination": 7, "count": 3}), "INVALID_INPUT"),
    ("chips: a player counted twice", lambda: (_playing(8), {"cmd": "chip_count",
                                                             "counts": {"Ann": 100, "ann": 200}}),
     "INVALID_INPUT"),
    ("seating: a seat taken", _taken_seat, "SEAT_TAKEN"),
    ("seating: nobody to seat", lambda: (_make(), {"cmd": "seat_all"}), "INVALID_INPUT"),
    ("balancing: nothing to balance", lambda: (_playing(8), {"cmd": "balance"}), "INVALID_INPUT"),
    ("balancing: the last table", lambda: (_playing(6), {"cmd": "break_table", "table": 1}),
     "MOVE_NOT_ALLOWED"),
    ("clock: started twice", lambda: (_playing(8), {"cmd": "start_clock"}), "CLOCK_STATE"),
    ("clock: resumed while running", lambda: (_playing(8), {"cmd": "resume_clock"}), "CLOCK_STATE"),
    ("clock: a level beyond the structure", lambda: (_playing(8), {"cmd": "jump_to_level", "level": 999}),
     "INVALID_INPUT"),
    ("clock: not on a break", lambda: (_playing(8), {"cmd": "end_break"}), "CLOCK_STATE"),
    ("knockouts: a player knocks himself out",
     lambda: (_playing(8, rebuy__offered=False, bounty__kind="fixed", bounty__amount_cents=500),
              {"cmd": "bust", "players": ["Ann"], "eliminated_by": ["Ann"]}), "INVALID_INPUT"),
    ("absence: away twice", lambda: (_run(_playing(8), {"cmd": "absent", "player": "Ann"}),
                                     {"cmd": "absent", "player": "Ann"}), "INVALID_INPUT"),
    ("games: not dealer's choice", lambda: (_playing(8), {"cmd": "choose_game", "game": "nlhe"}),
     "NOT_OFFERED"),
    ("profiles: a setting out of range", lambda: (_field(2), {"cmd": "change_settings",
                                                              "settings": {"table.max_seats": 99}}),
     "INVALID_PROFILE"),
    ("levels: a structure without levels", lambda: (_field(2), {"cmd": "set_structure",
                                                                "structure": {"levels": []}}),
     "INVALID_STRUCTURE"),
    ("payouts: unlocked twice", lambda: (_playing(8), {"cmd": "unlock_payouts"}), "INVALID_INPUT"),
]


@pytest.mark.parametrize("name, build, code", REFUSALS, ids=[r[0] for r in REFUSALS])
def test_every_refusal_of_the_rules_areas_is_translated(name: str, build: Any, code: str) -> None:
    t, cmd = build()
    err = _refusal(t, cmd, code)
    assert err.message.startswith("["), err.message
    assert not english_left(err.message, NAMES + ("Zed",)), err.message


def _question_data(case: QuestionCase, t: Tournament) -> list[str]:
    return [p.name for p in t.state.players.values()]


@pytest.mark.parametrize("case", OWN_QUESTIONS, ids=lambda c: c.name)
def test_every_question_of_the_rules_areas_is_translated(case: QuestionCase) -> None:
    t, command = case.build()
    with use_language(PSEUDO), pytest.raises(RuleError) as info:
        t.execute(command)
    err = info.value
    assert err.code == "NEEDS_INPUT" and err.question is not None
    data = _question_data(case, t)
    for text in (err.message, err.question.text):
        assert text.startswith("["), text
        assert not english_left(text, data), text
    if case.name in OWN_CHOICES:
        for choice in err.question.choices:
            assert not english_left(choice.label, data), choice.label


def test_the_league_refusals_and_words_are_translated() -> None:
    with use_language(PSEUDO):
        with pytest.raises(LeagueError) as info:
            formula_from({"kind": "expression", "expression": "10 - place"})
        assert not english_left(info.value.message), info.value.message
        with pytest.raises(LeagueError) as info:
            formula_from({"kind": "expression", "expression": "sqrt(1, 2)"})
        assert not english_left(info.value.message), info.value.message
        rules = rules_from({"formula": {"kind": "linear", "per_place": 2, "first": 5}, "bonus": {"knockout": 1},
                            "best": 1})
        for line in rules.describe():
            assert not english_left(line, ("entries", "place")), line


def test_the_english_words_stay_as_they_were() -> None:
    t, cmd = _used_reentries()
    err = _refusal(t, cmd, "LIMIT_REACHED", "en")
    assert err.message == "Ann has used their 1 re-entry."


def test_french_refusal_with_a_plural_at_one_and_at_two() -> None:
    for n, words in ((1, "Ann a déjà utilisé le maximum de 1 réentrée."),
                     (2, "Ann a déjà utilisé le maximum de 2 réentrées.")):
        t, cmd = _used_reentries_n(n)
        assert _refusal(t, cmd, "LIMIT_REACHED", "fr").message == words


def _used_reentries_n(limit: int) -> tuple[Tournament, dict[str, Any]]:
    t = _playing(8, rebuy__offered=False, reentry__offered=True, reentry__max_per_player=limit,
                 late__mode="levels", late__last_level=6)
    for _n in range(limit):
        t.execute({"cmd": "bust", "players": ["Ann"]})
        t.execute({"cmd": "reenter", "player": "Ann"})
    t.execute({"cmd": "bust", "players": ["Ann"]})
    return t, {"cmd": "reenter", "player": "Ann"}


def test_german_refusal_word_for_word() -> None:
    t, cmd = _taken_seat()
    err = _refusal(t, cmd, "SEAT_TAKEN", "de")
    assert err.message == "Tisch 2 Platz 4 ist von Ann besetzt."


def test_spanish_refusal_word_for_word() -> None:
    err = _refusal(_playing(8, rebuy__offered=False), {"cmd": "rebuy", "player": "Ann"}, "NOT_OFFERED", "es")
    assert err.message == "Este torneo no tiene recompras."


def test_brazilian_refusal_with_a_plural_word_for_word() -> None:
    t, cmd = _used_reentries_n(2)
    assert _refusal(t, cmd, "LIMIT_REACHED", "pt-BR").message == "Ann já usou o máximo de 2 reentradas."
    err = _refusal(_field(4), {"cmd": "bust", "players": ["Ann"]}, "NOT_STARTED", "pt-BR")
    assert err.message == "O torneio não começou: ninguém pode ser eliminado ainda."


def test_the_sign_up_list_says_why_in_the_readers_language() -> None:
    from app.signups import SignupRow, preview

    rows = [SignupRow(2, "Lee Kim"), SignupRow(3, "Kim, Lee"), SignupRow(4, "Ann Roe"), SignupRow(5, "Ann Roe"),
            SignupRow(6, ""), SignupRow(7, "Sam Poe")]
    with use_language(PSEUDO):
        shown = preview(rows, roster=["Lee Kim", "Sam Poe", "Sam  Poe"])
        plan = shown.plan({})
        words = [r.reason for r in shown.rows] + [why for _line, _typed, why in plan.left_out]
    names = ("Lee Kim", "Kim, Lee", "Ann Roe", "Sam Poe", "Sam  Poe")
    assert len(words) >= len(rows)
    for text in words:
        assert text.startswith("[") and not english_left(text, names), text


def test_every_profile_settings_help_is_translated_and_keeps_its_null_remark() -> None:
    from app.i18n import _
    from app.profiles.profile import SCHEMA

    for key, setting in SCHEMA.items():
        with use_language(PSEUDO):
            assert _(setting.help).startswith("["), key
        for code in ("de", "fr", "es", "pt-BR"):
            with use_language(code):
                words = _(setting.help)
            assert words != setting.help, (code, key)
            # The settings dialog reads what an empty value means from the "(null: ...)" remark.
            assert ("(null: " in words) == ("(null: " in setting.help), (code, key, words)


def test_the_split_pots_odd_chip_rule_is_said_in_the_readers_language() -> None:
    from app.games.catalogue import CATALOGUE, betting

    settings = load_profile("tda").settings
    bets = {"small_bet": 100, "big_bet": 200}
    with use_language(PSEUDO):
        words = betting(CATALOGUE["stud_hilo"], bets, settings)["odd_chip"]
    assert words.startswith("[") and not english_left(words), words
    with use_language("es"):
        words = betting(CATALOGUE["omaha_hilo"], bets, {**settings, "pot.odd_chip": "s000"})["odd_chip"]
    assert words == ("La mano high recibe la ficha de más; la ficha sobrante de una mitad empatada va al jugador "
                     "más cercano al crupier, en el sentido de las agujas del reloj.")
