"""The read side: what every screen and sheet reads from the engine.

``read(tournament_or_state, now)`` gives one frozen :class:`TournamentView` (computed once per change
of the state, the clock at ``now``); :mod:`app.views.format` writes its figures. The JSON view
(``Tournament.view()``, :mod:`app.views.build`) is what scenario files check.
"""

from app.views.leaders import ChipLeader, chip_leaders
from app.views.more import (
    Break,
    Level,
    MoneyRow,
    MoneyView,
    StructureRow,
    StructureView,
    level_games,
    money,
    structure,
    structure_json,
)
from app.views.read import (
    ClockView,
    DealLineView,
    DealView,
    FieldView,
    HandView,
    MoveView,
    PayoutView,
    PendingView,
    PlaceView,
    PlayerView,
    SeatView,
    TableView,
    TournamentView,
    clock_at,
    forget,
    game_name,
    read,
)

__all__ = [
    "ChipLeader",
    "chip_leaders",
    "Break",
    "Level",
    "MoneyRow",
    "MoneyView",
    "StructureRow",
    "StructureView",
    "level_games",
    "money",
    "structure",
    "structure_json",
    "ClockView",
    "DealLineView",
    "DealView",
    "FieldView",
    "HandView",
    "MoveView",
    "PayoutView",
    "PendingView",
    "PlaceView",
    "PlayerView",
    "SeatView",
    "TableView",
    "TournamentView",
    "clock_at",
    "forget",
    "game_name",
    "read",
]
