"""The deal calculator as the window's deal dialog reads it (ELIM-6: deals are not enforced).

A deal is worked out for the director to show the players; nothing is recorded until the director
enters the agreed prizes as a command.
"""

from app.eliminations.deal import CHIP_CHOP, ICM, Deal, DealPlayer, deal_for_state, deal_players, prizes_in_play

__all__ = ["CHIP_CHOP", "ICM", "Deal", "DealPlayer", "deal_for_state", "deal_players", "prizes_in_play"]
