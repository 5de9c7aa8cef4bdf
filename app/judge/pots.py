"""Main and side pots from what each player put in (JDG-9), and a pot's chips shared out (JDG-10, JDG-11).

Every chip put in is in exactly one pot or goes back to the player who put it in (a bet nobody matched):
the pots and the chips returned add up to the contributions, to the chip.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from app.errors import RuleError


@dataclass(frozen=True)
class Layer:
    """One pot: its chips and the seats still in the hand that may win it (lowest seat first)."""

    amount: int
    eligible: tuple[int, ...]


def layers(put_in: Mapping[int, int], live: frozenset[int]) -> tuple[list[Layer], dict[int, int]]:
    """The pots, main pot first, and the chips returned to their owner because nobody matched them.

    Each level of contribution cuts a layer: every player's chips up to that level, less what the lower
    layers took. A layer's eligible players are those still in who put in at least its level; folded
    money stays in the layers it reached (dead money). Consecutive layers with the same eligible players
    are one pot. The top layer, when only the player who put it in is still in it and nobody else put
    anything in it, is his uncalled bet: it goes back to him and is no pot.
    """
    pots: list[Layer] = []
    returned: dict[int, int] = {}
    previous = 0
    for level in sorted({c for c in put_in.values() if c > 0}):
        amount = sum(min(c, level) - min(c, previous) for c in put_in.values())
        eligible = tuple(sorted(s for s in live if put_in[s] >= level))
        givers = [s for s, c in put_in.items() if c > previous]
        previous = level
        if len(givers) == 1 and (not eligible or eligible == (givers[0],)):
            returned[givers[0]] = returned.get(givers[0], 0) + amount
            continue
        if not eligible:
            seats = ", ".join(str(s) for s in sorted(givers))
            raise RuleError("FOLDED_ABOVE_LIVE", f"Seats {seats} folded with more in the pot ({level:,} chips) than "
                            "anyone still in the hand put in: nobody could have matched it. Check the amounts.",
                            "JDG-9")
        if pots and pots[-1].eligible == eligible:
            pots[-1] = Layer(pots[-1].amount + amount, eligible)
        else:
            pots.append(Layer(amount, eligible))
    return pots, returned


def split(amount: int, ways: Sequence[int], unit: int = 1) -> dict[int, int]:
    """``amount`` shared as evenly as the smallest chip (``unit``) allows among ``ways``, given in the order the
    odd chips go: each of the first ones gets one odd chip more, never more than one (JDG-11); what cannot be
    made of whole smallest chips goes with the first."""
    if not ways:
        return {}
    whole, rest = divmod(amount, unit)
    base, odd = divmod(whole, len(ways))
    shares = {w: (base + (1 if i < odd else 0)) * unit for i, w in enumerate(ways)}
    shares[ways[0]] += rest
    return shares
