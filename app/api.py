"""The engine as its faces use it: the director's window (ui/), the sheets, the phones' server (web/) and
the command line (floorman/) import the engine from this module only (an import-linter contract).

What a face shows it reads through :mod:`app.views` (``views.read(tournament, now)``: one frozen view),
every figure written by :mod:`app.format` (``fmt``); what it does is a command declared in
:mod:`app.commands` (the one other module a face imports), run by the :class:`Tournament` it holds
(through the store), refused in words
(:class:`RuleError`, a :class:`Question` when a fact is missing). The rest of the engine (its kernel,
its rules areas, its log) is its own business: a name a face needs is added here, where it is seen.
"""

from app import format as fmt
from app import views
from app.balancing.reasons import in_words as reason_words
from app.clock.view import clock_text
from app.commands.roles import DESK, DIRECTOR, FLOOR, ROLES, SCREEN, allowed, who_may
from app.core.events import Event
from app.core.state import OUT, SEATED, WAITING, WINNER, Player, Table, TournamentState
from app.core.timesource import FakeClock, TimeSource, WallClock
from app.engine import Tournament
from app.errors import Choice, Question, RuleError
from app.events.base import ALL_CHANGED, Aspect, Changes, what_changed
from app.flights import event as flight_event
from app.flights.event import FlightEvent
from app.format import CLOSED_EARLY, money
from app.games.catalogue import CATALOGUE
from app.judge import CODES as JUDGE_CODES
from app.judge import ODD_CHIP_RULES, judge
from app.league import (
    COLUMNS,
    LeagueError,
    Standing,
    Standings,
    history_rows,
    outcome_of,
    rules_from,
    table_rows,
    to_csv,
    to_json,
)
from app.league.demo import demo_standings
from app.league.standings import HistoryRow
from app.log.history import History, HistoryItem
from app.names import fold_key, name_key
from app.profiles.profile import (
    SCHEMA,
    SHIPPED,
    Profile,
    default_of,
    final_size_for,
    load_profile,
    profile_from_dict,
    validate_settings,
)
from app.profiles.setting_checks import IDENTITY_FIELDS
from app.seating.draw import drawn_seats
from app.signups import NEW, Candidate, Plan, Preview, PreviewRow, SignupRow, preview, row_problem
from app.tools.demo import build_demo
from app.tools.scenario import ScenarioFailure, load_scenario, run_scenario
from app.tools.simulate import InvariantBroken, Simulation, run_simulation, simulation_profile
from app.tools.simulate_flights import run_flights
from app.views import (
    ClockView,
    FieldView,
    KnockoutRow,
    MoneyView,
    NextStepView,
    PayoutView,
    PendingView,
    TournamentView,
    chip_leaders,
    currency_of,
    knockouts,
    largest_bounties,
)
from app.views import seats as seat_views
from app.views.deal import CHIP_CHOP, ICM, Deal, DealPlayer, deal_for_state, deal_players, prizes_in_play
from app.views.parts.tournament import PreregisteredView
from app.views.seats import last_balance as last_balance_view

__all__ = [
    # the read side and its figures
    "views",
    "seat_views",
    "fmt",
    "money",
    "CLOSED_EARLY",
    "ClockView",
    "FieldView",
    "KnockoutRow",
    "MoneyView",
    "NextStepView",
    "PayoutView",
    "PendingView",
    "TournamentView",
    "PreregisteredView",
    "chip_leaders",
    "currency_of",
    "knockouts",
    "largest_bounties",
    "last_balance_view",
    "CHIP_CHOP",
    "ICM",
    "Deal",
    "DealPlayer",
    "deal_for_state",
    "deal_players",
    "prizes_in_play",
    # the objects a face holds and passes around
    "Tournament",
    "FlightEvent",
    "flight_event",
    "run_flights",
    "TournamentState",
    "Player",
    "Table",
    "OUT",
    "SEATED",
    "WAITING",
    "WINNER",
    "Event",
    "History",
    "HistoryItem",
    "TimeSource",
    "FakeClock",
    "WallClock",
    "CATALOGUE",
    "judge",
    "JUDGE_CODES",
    "ODD_CHIP_RULES",
    "drawn_seats",
    # what an action's events changed (each event declares it)
    "ALL_CHANGED",
    "Aspect",
    "Changes",
    "what_changed",
    # stations' roles: what a desk, a floor or a screen station may enter (the engine checks it)
    "DIRECTOR",
    "DESK",
    "FLOOR",
    "SCREEN",
    "ROLES",
    "allowed",
    "who_may",
    # refusals and questions (the commands themselves are declared in app.commands)
    "RuleError",
    "clock_text",
    "reason_words",
    "Question",
    "Choice",
    # players' names
    "fold_key",
    "name_key",
    # a sign-up list matched to the roster and the tournament before it is imported (REG-10)
    "SignupRow",
    "Preview",
    "PreviewRow",
    "Candidate",
    "Plan",
    "NEW",
    "preview",
    "row_problem",
    # rule profiles
    "Profile",
    "SCHEMA",
    "SHIPPED",
    "IDENTITY_FIELDS",
    "default_of",
    "final_size_for",
    "load_profile",
    "profile_from_dict",
    "validate_settings",
    # leagues
    "COLUMNS",
    "LeagueError",
    "Standing",
    "Standings",
    "HistoryRow",
    "history_rows",
    "outcome_of",
    "rules_from",
    "table_rows",
    "to_csv",
    "to_json",
    "demo_standings",
    # the demo, scenario files and the simulator
    "build_demo",
    "ScenarioFailure",
    "load_scenario",
    "run_scenario",
    "InvariantBroken",
    "Simulation",
    "run_simulation",
    "simulation_profile",
]
