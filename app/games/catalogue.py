"""The game catalogue (MIX-2, MIX-3, MIX-4, MIX-5, MIX-10): every game named in seeds 000 and 002.

Each game has a stable id, its family (flop, draw, stud), the forced-bet column it uses (the blind
column, or the stud column of antes, bring-in and complete), its betting rounds with the limit that
applies on each (small bet or big bet), and for stud games who brings it in and who acts first later.
Seed 002's game types are kept as given: TD triple draw, LB lowball, F flop game, SP split pot.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from app.errors import RuleError
from app.i18n import N_, _

FLOP_ROUNDS = (("preflop", "small"), ("flop", "small"), ("turn", "big"), ("river", "big"))
TRIPLE_DRAW_ROUNDS = (("predraw", "small"), ("first draw", "small"), ("second draw", "big"), ("third draw", "big"))
DRAWMAHA_ROUNDS = (("preflop", "small"), ("flop, then the draw", "small"), ("turn", "big"), ("river", "big"))
STUD_ROUNDS = (("3rd street", "small"), ("4th street", "small"), ("5th street", "big"), ("6th street", "big"),
               ("7th street", "big"))


@dataclass(frozen=True)
class Game:
    id: str
    name: str
    family: str  # "flop", "draw" or "stud"
    rounds: tuple[tuple[str, str], ...]  # (betting round, "small" or "big" bet)
    hole_cards: int
    types: tuple[str, ...] = ()
    split: bool = False
    bring_in: str | None = None  # stud: "low" (lowest up card) or "high" (highest up card)
    aces: str = "high"  # stud: aces "high" or "low" when ranking up cards
    acts_first: str | None = None  # stud, later streets: best "high" or best "low" hand showing
    source: str = "S000"

    @property
    def forced(self) -> str:
        """Which forced-bet column the game uses (MIX-2): "stud" or "blinds"."""
        return "stud" if self.family == "stud" else "blinds"

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "name": self.name,
            "family": self.family,
            "forced": self.forced,
            "rounds": [{"round": r, "bet": b} for r, b in self.rounds],
            "hole_cards": self.hole_cards,
            "types": list(self.types),
            "split": self.split,
            "bring_in": self.bring_in,
        }


def _flop(gid: str, name: str, cards: int, types: tuple[str, ...] = ("F",), src: str = "S000") -> Game:
    return Game(gid, name, "flop", FLOP_ROUNDS, cards, types, "SP" in types, source=src)


def _draw(gid: str, name: str, cards: int, types: tuple[str, ...], src: str = "S002") -> Game:
    return Game(gid, name, "draw", TRIPLE_DRAW_ROUNDS, cards, types, "SP" in types, source=src)


def _stud(gid: str, name: str, types: tuple[str, ...], bring_in: str, aces: str, acts: str, src: str) -> Game:
    return Game(gid, name, "stud", STUD_ROUNDS, 7, types, "SP" in types, bring_in, aces, acts, src)


CATALOGUE: dict[str, Game] = {
    g.id: g
    for g in (
        _flop("holdem", "Texas Hold'em", 2),
        _flop("omaha", "Omaha", 4),
        _flop("omaha_hilo", "Omaha Hi-Lo", 4, ("F", "SP")),
        _flop("crazy_pineapple", "Crazy Pineapple", 3),
        _flop("crazy_pineapple_hilo", "Crazy Pineapple Hi-Lo", 3, ("F", "SP")),
        _flop("aviation", "Aviation", 4),
        _flop("double_board_omaha", "Double Board Omaha", 4, ("F", "SP"), "S002"),
        _flop("big_o_hilo", "Big O Hi-Lo", 5, ("F", "SP"), "S002"),
        Game("drawmaha_high", "Drawmaha (five-card draw high)", "flop", DRAWMAHA_ROUNDS, 5, ("F", "TD", "SP"), True,
             source="S002"),
        Game("drawmaha_27", "Drawmaha (2-7 low)", "flop", DRAWMAHA_ROUNDS, 5, ("F", "TD", "SP", "LB"), True,
             source="S002"),
        _draw("triple_draw_a5", "A-5 Triple Draw", 5, ("TD", "LB"), "S000"),
        _draw("triple_draw_27", "2-7 Triple Draw", 5, ("TD", "LB")),
        _draw("archie", "Archie", 5, ("TD", "LB", "SP")),
        _draw("badugi", "Badugi", 4, ("TD", "LB")),
        _draw("badacey", "Badacey", 5, ("TD", "LB", "SP")),
        _draw("badeucy", "Badeucy", 5, ("TD", "LB", "SP")),
        _stud("stud", "Seven-Card Stud", (), "low", "high", "high", "S000"),
        _stud("stud_hilo", "Seven-Card Stud Hi-Lo", ("SP", "LB"), "low", "high", "high", "S000"),
        _stud("razz", "Razz", ("LB",), "high", "low", "low", "S000"),
        _stud("razzdugi", "Razzdugi", ("LB", "SP"), "high", "low", "low", "S002"),
        _stud("razzdugi_27", "2-7 Razzdugi", ("LB", "SP"), "high", "high", "low", "S002"),
        _stud("super_razzdugi", "Super Razzdugi", ("LB", "SP"), "high", "low", "low", "S002"),
    )
}


def game(game_id: str) -> Game:
    g = CATALOGUE.get(game_id)
    if g is None:
        known = ", ".join(CATALOGUE)
        raise RuleError(
            "INVALID_INPUT",
            _("There is no game called {game_id!r}. Games: {known}.", game_id=game_id, known=known),
            "MIX-2",
        )
    return g


def check_games(ids: list[str]) -> list[Game]:
    """The games of a mix, each known to the catalogue."""
    return [game(g) for g in ids]


def raise_cap(settings: Mapping[str, Any], players_left: int | None = None) -> int | None:
    """Raises allowed after the opening bet (MIX-5); None when the cap is lifted heads-up."""
    if settings["limit.betting"] != "limit":
        return None
    if settings["limit.cap_heads_up"] == "lifted_at_two" and players_left is not None and players_left <= 2:
        return None
    return int(settings["limit.max_raises"])


def betting(
    g: Game, bets: Mapping[str, int], settings: Mapping[str, Any], players_left: int | None = None
) -> dict[str, Any]:
    """The betting of one game at one level: each round's bet size and the largest bet allowed.

    ``bets`` holds the level's small and big bet for the game's family. In pot-limit and no-limit the
    rounds carry no fixed size and there is no cap.
    """
    kind = str(settings["limit.betting"])
    cap = raise_cap(settings, players_left)
    double = kind == "limit" and doubles_on_open_pair(g, settings)
    rounds = []
    for name, size in g.rounds:
        entry: dict[str, Any] = {"round": name}
        if kind == "limit":
            bet = int(bets["small_bet" if size == "small" else "big_bet"])
            entry.update(bet=bet, max_bet=None if cap is None else bet * (1 + cap))
            if double and name == "4th street":
                entry["open_pair_bet"] = int(bets["big_bet"])  # MIX-7: an open pair may bet the big bet
        rounds.append(entry)
    out: dict[str, Any] = {"betting": kind, "max_raises": cap, "rounds": rounds}
    if g.family == "stud":
        out["double_on_open_pair"] = double
    if g.split:
        out["odd_chip"] = _(ODD_CHIP[str(settings["pot.odd_chip"])])
    return out


# MIX-8: who gets a split pot's odd chip, in words for the dealer (the hand itself is not tracked here).
ODD_CHIP = {
    "tda20": N_("Break odd chips into the smallest chip in play; the high hand's side gets the odd chip of the "
                "whole pot; a tied side's odd chip goes to the first seat left of the button (stud: the high card "
                "by suit)."),
    "s000": N_("The high hand gets the extra chip; a tied half's odd chip goes to the player nearest the dealer, "
               "clockwise."),
}


def doubles_on_open_pair(g: Game, settings: Mapping[str, Any]) -> bool:
    """MIX-7: 4th-street bets double for an open pair only where the setting allows it, and only in stud
    high; never in stud hi-lo or the razz games (split or lowball)."""
    return bool(settings["stud.double_on_open_pair"]) and g.family == "stud" and not g.split and "LB" not in g.types
