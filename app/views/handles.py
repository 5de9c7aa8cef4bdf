"""The engine's objects a window holds and passes around, named for the faces (ui/, sheets/).

A window keeps a :class:`Tournament` (through the store), shows its history and passes its state to
:func:`app.views.read`; these names let it do so without reaching into the engine's areas. What is
shown is read through :mod:`app.views`, never from these objects' insides.
"""

from app.core.events import Event
from app.core.registry import COMMAND_HELP, COMMANDS
from app.core.state import OUT, REGISTERED, SEATED, WAITING, WINNER, Player, Table, TournamentState
from app.core.timesource import FakeClock, TimeSource, WallClock
from app.engine import Tournament
from app.games.catalogue import CATALOGUE
from app.log.history import History, HistoryItem
from app.seating.draw import drawn_seats

__all__ = [
    "CATALOGUE",
    "COMMANDS",
    "COMMAND_HELP",
    "OUT",
    "REGISTERED",
    "SEATED",
    "WAITING",
    "WINNER",
    "Event",
    "FakeClock",
    "History",
    "HistoryItem",
    "Player",
    "Table",
    "TimeSource",
    "Tournament",
    "TournamentState",
    "WallClock",
    "drawn_seats",
]
