"""The floor's judge: one showdown in, its ruling out (docs/judge.md, JDG-1..JDG-12).

    judge({"game": "omaha_hilo", "board": ["5h", "Qd", "7c", "2s", "Kd"], "button": 3,
           "players": [{"seat": 1, "cards": ["Ah", "3c", "Qs", "Jd"], "put_in": 500}, ...]}, odd_chip="tda20")

returns the pots (main first), each with the players who may win it, each part's winners and best hands and
each player's share, every live player's hand in words, the chips returned because nobody called them, and
the ruling in sentences. A hand that cannot be is refused ``RuleError`` with a code and words, and nothing is
ruled.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from pokerkit import Card, Hand

from app.errors import RuleError
from app.games.catalogue import CATALOGUE
from app.i18n import N_, _, ngettext
from app.judge.cards import parse_cards, rank_value, suit_value, text
from app.judge.hands import SHOWDOWNS, Part, Showdown
from app.judge.pots import Layer, layers, split
from app.judge.words import cards_text, hand_words

ODD_CHIP_RULES = ("tda20", "s000")
FIELDS = frozenset({"game", "board", "boards", "button", "players", "smallest_chip"})
PLAYER_FIELDS = frozenset({"seat", "name", "cards", "put_in", "folded"})
CODES = frozenset({"UNKNOWN_GAME", "UNKNOWN_CARD", "DUPLICATE_CARD", "WRONG_CARD_COUNT", "BOARD_SIZE",
                   "NEGATIVE_PUT_IN", "NO_PLAYER_LEFT", "DUPLICATE_SEAT", "BUTTON_NEEDED", "FOLDED_ABOVE_LIVE",
                   "INVALID_INPUT"})


@dataclass(frozen=True)
class Seat:
    seat: int
    name: str
    cards: tuple[Card, ...]
    put_in: int
    folded: bool


def _bad(words: str, rule: str = "JDG-1") -> RuleError:
    return RuleError("INVALID_INPUT", words, rule)


def _whole(value: object, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise _bad(_("{what} must be a whole number of chips, not {value}.", what=what, value=repr(value)))
    return value


def showdown_of(game_id: object) -> Showdown:
    """The showdown of a game of the catalogue; ``UNKNOWN_GAME`` in words otherwise."""
    if not isinstance(game_id, str) or game_id not in SHOWDOWNS:
        raise RuleError("UNKNOWN_GAME", _("There is no game called {game}. Games: {games}.", game=repr(game_id),
                                          games=", ".join(SHOWDOWNS)), "JDG-7")
    return SHOWDOWNS[game_id]


def _boards(data: Mapping[str, Any], sd: Showdown) -> tuple[tuple[Card, ...], ...]:
    name = CATALOGUE[sd.game].name
    if sd.boards == 2:
        if "board" in data and data["board"]:
            raise RuleError("BOARD_SIZE", _("{game} deals two boards: give \"boards\": [[five cards], [five "
                                            "cards]] instead of \"board\".", game=name), "JDG-1")
        raw = data.get("boards")
        if not isinstance(raw, list) or len(raw) != 2:
            raise RuleError("BOARD_SIZE", _("{game} deals two boards of five cards: give \"boards\" with two "
                                            "lists of five cards.", game=name), "JDG-1")
        boards = tuple(parse_cards(b, _("Board {n}", n=i + 1)) for i, b in enumerate(raw))
    else:
        if data.get("boards"):
            raise RuleError("BOARD_SIZE", _("{game} has one board: give \"board\", not \"boards\".", game=name)
                            if sd.boards else _("{game} has no board: give no \"boards\".", game=name), "JDG-1")
        boards = (parse_cards(data.get("board", []), _("The board")),)
    for i, board in enumerate(boards):
        which = _("Board {n}", n=i + 1) if sd.boards == 2 else _("The board")
        if sd.boards == 0 and sd.board_size == 0 and len(board) > (1 if sd.shown == 7 else 0):
            if sd.shown == 7:
                raise RuleError("BOARD_SIZE", _("{game} has no board; only a 7th-street card dealt to everyone, "
                                                "when the deck runs short, is on it (one card), not {n}.",
                                                game=name, n=len(board)), "JDG-1")
            raise RuleError("BOARD_SIZE", ngettext("{game} has no board: leave it empty (the board has {n} card).",
                                                   "{game} has no board: leave it empty (the board has {n} cards).",
                                                   len(board), game=name), "JDG-1")
        if sd.boards and len(board) != sd.board_size:
            raise RuleError("BOARD_SIZE", ngettext("{which} has {n} card; at a showdown of {game} it has {size}.",
                                                   "{which} has {n} cards; at a showdown of {game} it has {size}.",
                                                   len(board), which=which, game=name, size=sd.board_size), "JDG-1")
    return boards


def _players(data: Mapping[str, Any], sd: Showdown, community: int) -> list[Seat]:
    raw = data.get("players")
    if not isinstance(raw, list) or not raw:
        raise _bad(_("Give the players: a list of objects with \"seat\", \"cards\", \"put_in\" and \"folded\"."))
    name = CATALOGUE[sd.game].name
    shown = sd.shown - community  # stud: a 7th-street card on the board is everyone's seventh
    seats: list[Seat] = []
    for p in raw:
        if not isinstance(p, dict):
            raise _bad(_("Each player is an object with a seat, cards and put_in, not {given}.", given=repr(p)))
        extra = sorted(set(p) - PLAYER_FIELDS)
        if extra:
            raise _bad(_("A player has no field {field}; a player's fields are {fields}.", field=repr(extra[0]),
                         fields=", ".join(sorted(PLAYER_FIELDS))))
        seat = p.get("seat")
        if isinstance(seat, bool) or not isinstance(seat, int) or seat < 1:
            raise _bad(_("A player's seat must be a number from 1, not {seat}.", seat=repr(seat)))
        if any(s.seat == seat for s in seats):
            raise RuleError("DUPLICATE_SEAT", _("Seat {seat} is given twice.", seat=seat), "JDG-1")
        who = str(p.get("name") or _("Seat {seat}", seat=seat))
        put_in = _whole(p.get("put_in", 0), _("{who}'s put_in", who=who))
        if put_in < 0:
            raise RuleError("NEGATIVE_PUT_IN", _("{who} put in {chips} chips: what a player put in cannot be "
                                                 "below 0.", who=who, chips=f"{put_in:,}"), "JDG-9")
        folded = p.get("folded", False)
        if not isinstance(folded, bool):
            raise _bad(_("{who}'s folded must be true or false, not {given}.", who=who, given=repr(folded)))
        cards = parse_cards(p.get("cards", []), _("{who}'s cards", who=who))
        if not folded and len(cards) != shown:
            raise RuleError("WRONG_CARD_COUNT", ngettext(
                "{who} shows {n} card; at a showdown of {game} a player shows {shown} ({how}).",
                "{who} shows {n} cards; at a showdown of {game} a player shows {shown} ({how}).",
                len(cards), who=who, game=name, shown=shown, how=_(sd.how)), "JDG-1")
        if folded and len(cards) > shown:
            raise RuleError("WRONG_CARD_COUNT", _("{who} folded with {n} cards; in {game} a hand has at most "
                                                  "{shown}.", who=who, n=len(cards), game=name, shown=shown), "JDG-1")
        seats.append(Seat(seat, who, cards, put_in, folded))
    return seats


def check_deck(seats: Sequence[Seat], boards: Sequence[Sequence[Card]]) -> None:
    """Every card of one deck at most once: on the boards and in every hand, folded ones too."""
    where: dict[Card, str] = {}
    places = [(_("on board {n}", n=i + 1) if len(boards) > 1 else _("on the board"), b) for i, b in enumerate(boards)]
    places += [(_("in {who}'s hand", who=s.name), s.cards) for s in seats]
    for at, cards in places:
        for c in cards:
            if c in where:
                words = _("{card} is {at} twice: a deck has each card once.", card=text(c), at=at) \
                    if where[c] == at else _("{card} is {at} and {before}: a deck has each card once.", card=text(c),
                                             at=at, before=where[c])
                raise RuleError("DUPLICATE_CARD", words, "JDG-1")
            where[c] = at


def _order_by_seat(seats: Sequence[int], button: int) -> list[int]:
    """Clockwise from the first seat left of the button (the button's own seat last)."""
    return sorted(seats, key=lambda s: ((s - button - 1) % 100_000, s))


def _suit_key(hand: Hand) -> list[tuple[int, int]]:
    return sorted(((rank_value(c), suit_value(c)) for c in hand.cards), reverse=True)


class Judge:
    """One showdown checked, then ruled (:meth:`ruling`)."""

    def __init__(self, data: object, odd_chip: str = "tda20") -> None:
        if not isinstance(data, dict):
            raise _bad(_("A hand is a JSON object with \"game\", \"board\", \"button\" and \"players\"."))
        if odd_chip not in ODD_CHIP_RULES:
            raise _bad(_("The odd-chip rule is one of {rules}, not {given}.", rules=", ".join(ODD_CHIP_RULES),
                         given=repr(odd_chip)), "JDG-11")
        sd = showdown_of(data.get("game"))
        extra = sorted(set(data) - FIELDS)
        if extra:
            raise _bad(_("A hand has no field {field}; its fields are {fields}.", field=repr(extra[0]),
                         fields=", ".join(sorted(FIELDS))))
        self.sd = sd
        self.boards = _boards(data, sd)
        community = len(self.boards[0]) if sd.boards == 0 else 0
        self.seats = {s.seat: s for s in _players(data, sd, community)}
        check_deck(list(self.seats.values()), self.boards)
        self.live = frozenset(s.seat for s in self.seats.values() if not s.folded)
        if not self.live:
            raise RuleError("NO_PLAYER_LEFT", _("Every player folded: at least one player is still in the hand at "
                                                "a showdown."), "JDG-9")
        self.unit = _whole(data.get("smallest_chip", 1), "smallest_chip")
        if self.unit < 1:
            raise _bad(_("The smallest chip in play is worth at least 1, not {n}.", n=self.unit), "JDG-11")
        self.by_seat = sd.by_seat or odd_chip == "s000"
        button = data.get("button")
        if self.by_seat and (isinstance(button, bool) or not isinstance(button, int) or button < 1):
            words = _("Say where the button is (\"button\": a seat number): a tie's odd chip goes to the first "
                      "seat left of it.") if sd.by_seat else \
                _("Say where the dealer sits (\"button\": a seat number): under this rule set a tie's odd chip in "
                  "stud goes to the first player clockwise from him.")
            raise RuleError("BUTTON_NEEDED", words, "JDG-11")
        self.button = int(button) if self.by_seat and isinstance(button, int) else 0
        self.hands: dict[int, tuple[Hand | None, ...]] = {
            s: tuple(part.evaluate(self.seats[s].cards, self.boards[part.board] if self.boards else ())
                     for part in sd.parts)
            for s in sorted(self.live)
        }

    def _odd_order(self, seats: Sequence[int], part: int | None) -> list[int]:
        """The order the odd chips go among tied ``seats``: clockwise from the button, or in stud (under TDA
        20) by the high card by suit of the tied hands (JDG-11)."""
        if self.by_seat or part is None:
            return _order_by_seat(seats, self.button) if self.by_seat else sorted(seats)
        return sorted(seats, key=lambda s: _suit_key(self._hand(s, part)), reverse=True)

    def _hand(self, seat: int, part: int) -> Hand:
        hand = self.hands[seat][part]
        assert hand is not None
        return hand

    def _why_odd(self, got: dict[int, int], order: list[int], part: int | None) -> str:
        """Who had the odd chips and why: "the odd chip to Ann, first left of the button"."""
        low = min(got.values())
        odd = [s for s in order if got[s] > low]
        names = _(" and ").join(self.seats[s].name for s in odd)
        if self.by_seat or part is None:
            return ngettext("the odd chip to {names}, first left of the button",
                            "the odd chips, one each, to {names}, first left of the button", len(odd), names=names)
        cards = ", ".join(text(max(self._hand(s, part).cards, key=lambda c: (rank_value(c), suit_value(c))))
                          for s in odd)
        return ngettext("the odd chip to {names}, high card by suit ({cards})",
                        "the odd chips, one each, to {names}, high card by suit ({cards})", len(odd), names=names,
                        cards=cards)

    def _pot(self, index: int, layer: Layer) -> tuple[dict[str, Any], list[str]]:
        names = ", ".join(self.seats[s].name for s in layer.eligible)
        label = _("Main pot") if index == 0 else _("Side pot {n}", n=index)
        lines = [_("{pot}, {chips} chips ({names}):", pot=label, chips=f"{layer.amount:,}", names=names)]
        shares: dict[int, int] = {}
        out_parts: list[dict[str, Any]] = []
        if len(layer.eligible) == 1:
            (only,) = layer.eligible
            shares[only] = layer.amount
            out_parts.append({"part": "uncontested", "amount": layer.amount, "winners": [only], "best": {}})
            lines.append("  " + _("{who} is the only player left in it and takes it.", who=self.seats[only].name))
            return self._pot_out(index, layer, out_parts, shares), lines
        winners: list[list[int]] = []
        for i in range(len(self.sd.parts)):
            contenders = [s for s in layer.eligible if self.hands[s][i] is not None]
            if not contenders:
                winners.append([])
                continue
            best = max(self._hand(s, i) for s in contenders)
            winners.append([s for s in contenders if self._hand(s, i) == best])
        active = [i for i, w in enumerate(winners) if w]
        portions = split(layer.amount, active, self.unit) if active else {}
        for i, part in enumerate(self.sd.parts):
            amount = portions.get(i, 0)
            best_of = {str(s): cards_text(part, self._hand(s, i)) for s in layer.eligible if self.hands[s][i]}
            out_parts.append({"part": part.name, "amount": amount, "winners": self._odd_order(winners[i], i)
                              if winners[i] else [], "best": best_of})
            lines.append(self._part_line(part, i, winners[i], amount, shares, bool(active)))
        if not active:
            order = self._odd_order(layer.eligible, None)
            got = split(layer.amount, order, self.unit)
            for s, n in got.items():
                shares[s] = shares.get(s, 0) + n
            out_parts.append({"part": "shared", "amount": layer.amount, "winners": order, "best": {}})
            lines.append("  " + _("Nobody qualifies for any part: the pot is shared by everyone in it ({shares}).",
                                  shares=self._share_words(got, order, None)))
        return self._pot_out(index, layer, out_parts, shares), lines

    def _part_line(self, part: Part, i: int, winners: list[int], amount: int, shares: dict[int, int],
                   any_active: bool) -> str:
        title = _(part.name).capitalize()
        if not winners:
            nobody = _(part.none_words or N_("no hand"))
            if any_active:
                return "  " + _("{part}: {nobody} among these players; the other part takes its share.", part=title,
                                nobody=nobody)
            return "  " + _("{part}: {nobody} among these players.", part=title, nobody=nobody)
        order = self._odd_order(winners, i)
        got = split(amount, order, self.unit)
        for s, n in got.items():
            shares[s] = shares.get(s, 0) + n
        hand = hand_words(part, self._hand(order[0], i))
        if len(order) == 1:
            return "  " + _("{part} ({chips}): {who} wins with {hand}.", part=title, chips=f"{amount:,}",
                            who=self.seats[order[0]].name, hand=hand)
        who = _(" and ").join(self.seats[s].name for s in order)
        return "  " + _("{part} ({chips}): {who} tie with {hand}; {shares}.", part=title, chips=f"{amount:,}", who=who,
                        hand=hand, shares=self._share_words(got, order, i))

    def _share_words(self, got: dict[int, int], order: list[int], part: int | None) -> str:
        each = ", ".join(f"{self.seats[s].name} {n:,}" for s, n in got.items())
        if len(set(got.values())) > 1:
            return f"{each}, {self._why_odd(got, order, part)}"
        return each

    def _pot_out(self, index: int, layer: Layer, parts: list[dict[str, Any]], shares: dict[int, int]) -> dict[str, Any]:
        return {"pot": "main pot" if index == 0 else f"side pot {index}", "amount": layer.amount,
                "eligible": list(layer.eligible), "parts": parts, "shares": {str(s): shares[s] for s in sorted(shares)}}

    def ruling(self) -> dict[str, Any]:
        put_in = {s.seat: s.put_in for s in self.seats.values()}
        pots, returned = layers(put_in, self.live)
        out_pots: list[dict[str, Any]] = []
        lines: list[str] = []
        for index, layer in enumerate(pots):
            pot, words = self._pot(index, layer)
            out_pots.append(pot)
            lines += words
        for s, n in sorted(returned.items()):
            lines.append(_("{who} takes back {chips} chips nobody called.", who=self.seats[s].name, chips=f"{n:,}"))
        hands = {
            str(s): {part.name: hand_words(part, h) if h is not None else _(part.none_words or N_("no hand"))
                     for part, h in zip(self.sd.parts, self.hands[s], strict=True)}
            for s in sorted(self.live)
        }
        won: dict[str, int] = {}
        for pot in out_pots:
            for s, n in pot["shares"].items():
                won[s] = won.get(s, 0) + n
        return {"game": self.sd.game, "pots": out_pots, "hands": hands,
                "returned": {str(s): n for s, n in sorted(returned.items())},
                "won": {s: won[s] for s in sorted(won, key=int)}, "words": lines}


def judge(data: object, odd_chip: str = "tda20") -> dict[str, Any]:
    """The ruling of one showdown (see the module's docstring); RuleError in words when it cannot be."""
    return Judge(data, odd_chip).ruling()
