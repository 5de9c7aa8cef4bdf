"""Injectable randomness. Every outcome drawn here is written into the event that uses it."""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from functools import lru_cache
from typing import TypeVar

T = TypeVar("T")

RANKS = "23456789TJQKA"
SUITS = "cdhs"  # bridge order: clubs < diamonds < hearts < spades


@lru_cache(maxsize=512)
def card_value(card: str) -> tuple[int, int]:
    """Rank first, then suit (CONV-7): 'As' is the highest card, '2c' the lowest."""
    rank, suit = card[:-1].upper(), card[-1].lower()
    if rank == "10":
        rank = "T"
    if rank not in RANKS or suit not in SUITS or len(card) not in (2, 3):
        raise ValueError(f"not a card: {card!r}")
    return RANKS.index(rank), SUITS.index(suit)


def full_deck() -> list[str]:
    return [r + s for s in SUITS for r in RANKS]


_DECK = tuple(full_deck())
DECK_ORDER = {card: card_value(card) for card in _DECK}  # card_value of each card as dealt here


def _shuffle_in_place(rng: random.Random, x: list[T]) -> None:
    """``rng.shuffle(x)``, the same draws in the same order, without a call per element (the seat draw
    shuffles a deck at every table: this is most of its cost)."""
    getrandbits = rng.getrandbits
    for i in range(len(x) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        r = getrandbits(k)
        while r >= n:
            r = getrandbits(k)
        x[i], x[r] = x[r], x[i]


def _same_as_library() -> bool:
    """Whether :func:`_shuffle_in_place` draws exactly as this Python's ``random.shuffle`` does."""
    for seed in range(3):
        a, b = list(range(60)), list(range(60))
        random.Random(seed).shuffle(a)
        _shuffle_in_place(random.Random(seed), b)
        if a != b:
            return False
    return True


_SHUFFLE = _shuffle_in_place if _same_as_library() else (lambda rng, x: rng.shuffle(x))


class RandomSource:
    """A seeded source. Tests may queue the exact outcomes they want with :meth:`dictate`."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self._rng = random.Random(seed)
        self._queued: list[object] = []

    def dictate(self, *outcomes: object) -> None:
        """Queue outcomes returned by the next draws, in order (a list for a shuffle)."""
        self._queued.extend(outcomes)

    def shuffle(self, items: Sequence[T]) -> list[T]:
        if self._queued:
            forced = self._queued.pop(0)
            if not isinstance(forced, list) or sorted(map(repr, forced)) != sorted(map(repr, items)):
                raise ValueError("a dictated shuffle must be a permutation of the items")
            return list(forced)
        out = list(items)
        _SHUFFLE(self._rng, out)
        return out

    def choice(self, items: Sequence[T]) -> T:
        if self._queued:
            forced = self._queued.pop(0)
            if forced not in items:
                raise ValueError(f"dictated choice {forced!r} is not one of the options")
            return forced  # type: ignore[return-value]
        return items[self._rng.randrange(len(items))]

    def randrange(self, n: int) -> int:
        return self._rng.randrange(n)

    def permutation(self, n: int) -> list[int]:
        """``shuffle(range(n))``. A shuffle draws the same whatever its items, so shuffling ``n`` places is
        ``[places[i] for i in permutation(n)]``, with the same draws."""
        if self._queued:
            return self.shuffle(range(n))
        out = list(range(n))
        _SHUFFLE(self._rng, out)
        return out

    def deal_hands(self, counts: Iterable[int]) -> list[list[str]]:
        """One hand of ``k`` distinct cards per count, each from a full deck: hand i is uniform over the
        ordered ``k``-card draws, as ``deal(k)`` is, but only its ``k`` cards are drawn (``k`` draws,
        where ``deal`` shuffles the whole deck). A seat draw deals one hand at every table."""
        if self._queued:
            return [self.deal(k) for k in counts]
        getrandbits, out = self._rng.getrandbits, []
        for k in counts:
            deck = list(_DECK)
            for i in range(min(k, 52)):  # a Fisher-Yates shuffle of the first k places only
                n = 52 - i
                bits = n.bit_length()
                r = getrandbits(bits)
                while r >= n:
                    r = getrandbits(bits)
                j = i + r
                deck[i], deck[j] = deck[j], deck[i]
            out.append(deck[:k])
        return out

    def deal(self, n: int, exclude: Sequence[str] = ()) -> list[str]:
        """Deal ``n`` distinct cards from a shuffled deck."""
        if exclude:
            skip = set(exclude)
            deck = [c for c in _DECK if c not in skip]
        else:
            deck = list(_DECK)
        return self.shuffle(deck)[:n]
