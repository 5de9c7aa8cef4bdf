"""The read side: what every screen and sheet reads from the engine.

``read(tournament_or_state, now)`` gives one frozen :class:`TournamentView` (computed once per change
of the state, the clock at ``now``); :mod:`app.format` writes its figures. The JSON view
(``Tournament.view()``, :func:`app.engine.build_view`), which scenario files check, is the same typed
view written out: :mod:`app.views.detail` adds the parts only the JSON shows and dumps each one.
"""

from app.views.ending import NextStepView, next_step
from app.views.knockouts import KnockoutRow, knockouts
from app.views.leaders import BountyLeader, ChipLeader, chip_leaders, largest_bounties, top_stacks
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
from app.views.offers import NOT_OFFERED_WORDS, not_offered
from app.views.parts.tournament import preregistered
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
    SummaryView,
    TableView,
    TournamentView,
    clock_at,
    currency_of,
    event_link,
    forget,
    game_name,
    read,
    summary,
)
from app.views.structure_edit import (
    StructureProblem,
    check_structure,
    editable_structure,
    level_game_choices,
    small_blind,
    structure_problems,
    stud_games,
)

__all__ = [
    "NextStepView",
    "next_step",
    "NOT_OFFERED_WORDS",
    "not_offered",
    "ChipLeader",
    "chip_leaders",
    "largest_bounties",
    "knockouts",
    "KnockoutRow",
    "BountyLeader",
    "top_stacks",
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
    "StructureProblem",
    "check_structure",
    "editable_structure",
    "level_game_choices",
    "small_blind",
    "structure_problems",
    "stud_games",
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
    "SummaryView",
    "TableView",
    "TournamentView",
    "clock_at",
    "currency_of",
    "event_link",
    "forget",
    "preregistered",
    "game_name",
    "read",
    "summary",
]
