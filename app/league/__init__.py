"""Leagues and seasons across events: points formulas as data, best N of M, tie-breaks, standings.

Pure Python (no Qt, no database): the roster's database (``db/league.py``) stores leagues, seasons
and the events' results; the window, the printed sheet, the CSV and ``floorman league`` read the
standings computed here.
"""

from app.league.errors import LeagueError
from app.league.formula import Formula, formula_from
from app.league.outcome import EventOutcome, OutcomeRow, event_key, outcome_of
from app.league.rules import TIEBREAKS, LeagueRules, rules_from, rules_from_json
from app.league.standings import (
    COLUMNS,
    EventResults,
    Finish,
    HistoryRow,
    Standing,
    Standings,
    compute,
    history_rows,
    points_text,
    table_rows,
    to_csv,
    to_json,
)

__all__ = [
    "COLUMNS", "TIEBREAKS", "EventOutcome", "EventResults", "Finish", "Formula", "HistoryRow", "LeagueError",
    "LeagueRules", "OutcomeRow", "Standing", "Standings", "compute", "event_key", "formula_from", "history_rows",
    "outcome_of", "points_text", "rules_from", "rules_from_json", "table_rows", "to_csv", "to_json",
]
