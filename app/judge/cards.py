"""Cards as a floor person types them: "As Kd 7h", "10c", "qs", "A♠". Each parsed to one card of the deck.

A card is its rank (A K Q J T 9 … 2; "10" is a ten) and its suit (s h d c, or the suit's sign). Anything
else is refused ``UNKNOWN_CARD`` in words; the same card twice in a hand is the caller's to refuse
(:func:`app.judge.rules.check_deck`).
"""

from __future__ import annotations

from pokerkit import Card, Rank, Suit

from app.errors import RuleError
from app.i18n import _

RULE = "JDG-1"
RANKS = "23456789TJQKA"  # low to high, aces high
SUITS = "cdhs"  # low to high: clubs, diamonds, hearts, spades (MIX-4's bridge order)
_SIGNS = {"♠": "s", "♥": "h", "♦": "d", "♣": "c", "♤": "s", "♡": "h", "♢": "d", "♧": "c"}


def parse_card(text: object) -> Card:
    """One card from its two (or three: "10h") characters; ``UNKNOWN_CARD`` in words otherwise."""
    raw = str(text).strip() if isinstance(text, str) else ""
    s = raw
    if s and s[-1] in _SIGNS:
        s = s[:-1] + _SIGNS[s[-1]]
    if s[:2] == "10":
        s = "T" + s[2:]
    if len(s) == 2 and s[0].upper() in RANKS and s[1].lower() in SUITS:
        return Card(Rank(s[0].upper()), Suit(s[1].lower()))
    shown = raw if raw else repr(text)
    raise RuleError("UNKNOWN_CARD", _("“{card}” is not a card: write a rank (A K Q J T 9 … 2) and a suit "
                                      "(s h d c), e.g. As or Td.", card=shown), RULE)


def parse_cards(cards: object, whose: str) -> tuple[Card, ...]:
    """A list of cards (["As", "Kd"]) or one string of them ("As Kd 7h", "AsKd7h"), ``whose`` naming them in
    a refusal ("Seat 3's cards")."""
    if isinstance(cards, str):
        items: list[object] = list(_split(cards))
    elif isinstance(cards, list | tuple):
        items = list(cards)
    else:
        raise RuleError("INVALID_INPUT", _("{whose} must be a list of cards such as [\"As\", \"Kd\"].", whose=whose),
                        RULE)
    return tuple(parse_card(c) for c in items)


def _split(text: str) -> list[str]:
    """"As Kd 7h", "As,Kd", "AsKd7h" or "10h 9h" into single cards."""
    out: list[str] = []
    for word in text.replace(",", " ").split():
        w = word
        while w:
            n = 3 if w.startswith("10") else 2
            out.append(w[:n])
            w = w[n:]
    return out


def text(card: Card) -> str:
    """"As", "Td": the card as it is typed."""
    return f"{card.rank.value}{card.suit.value}"


def rank_value(card: Card, aces_low: bool = False) -> int:
    """2 … 14 (ace high), or 1 for an ace when ``aces_low``."""
    v = RANKS.index(card.rank.value) + 2
    return 1 if aces_low and v == 14 else v


def suit_value(card: Card) -> int:
    """0 clubs, 1 diamonds, 2 hearts, 3 spades."""
    return SUITS.index(card.suit.value)
