"""Every rules area, imported once so its commands and event appliers register.

The engine (:mod:`app.engine`) imports this module; the area modules import the kernel (app.core) and
the areas below them, never the engine or the views (the layers are in pyproject.toml), so
registration makes no import cycle.
"""

from app import places  # noqa: F401
from app.absence import leaving  # noqa: F401
from app.balancing import breaking, history, locks, moves  # noqa: F401
from app.buttons import blinds, halting  # noqa: F401
from app.chips import chipcount, found_chips, race  # noqa: F401
from app.clock import commands, structure_commands  # noqa: F401
from app.eliminations import busts, deal, hand_for_hand, payouts, satellite  # noqa: F401
from app.entries import prereg, purchases, registration, waitlist  # noqa: F401
from app.games import rotation, studorder  # noqa: F401
from app.knockouts import bounties  # noqa: F401
from app.seating import day2, draw, seat_player, stages  # noqa: F401
from app.tournament import announcements, lifecycle  # noqa: F401
