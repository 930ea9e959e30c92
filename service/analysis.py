"""After-game analysis and simulations as the Discord layer uses them: a solo deal's par,
the review of a finished match, the games' outcome measures, and ``/simulate``'s runs and
chart. The work is gamecore's (pure, run by the cogs in a worker thread); ``cogs/`` and
``bot.py`` import it from here, never from ``gamecore`` (``tests/bot/test_codebase.py``)."""

from __future__ import annotations

from gamecore.analysis.outcome import MEASURES, Measure, rank
from gamecore.analysis.par import PLAYS as PAR_PLAYS
from gamecore.analysis.par import Par, compute_par
from gamecore.analysis.review import SAMPLES, Review, review_game
from gamecore.analysis.table_review import TABLE_SAMPLES, review_table
from gamecore.analysis.table_worlds import TABLE_GAMES
from gamecore.plot import LABELS as CHART_LABELS
from gamecore.plot import render_summary_chart
from gamecore.simulate import (
    MIXED,
    RunSpec,
    available_players,
    format_report,
    resolve_player_types,
    run_games,
    summarize,
)

__all__ = [
    "CHART_LABELS",
    "MEASURES",
    "MIXED",
    "PAR_PLAYS",
    "SAMPLES",
    "TABLE_GAMES",
    "TABLE_SAMPLES",
    "Measure",
    "Par",
    "Review",
    "RunSpec",
    "available_players",
    "compute_par",
    "format_report",
    "rank",
    "render_summary_chart",
    "resolve_player_types",
    "review_game",
    "review_table",
    "run_games",
    "summarize",
]
