"""After-game analysis and simulations as the Discord layer asks for them: a finished solo
game's par, the review of a finished match for one of its players, and ``/simulate``'s runs
and chart. The work is gamecore's, pure and CPU-bound: callers run these functions in a
worker thread. ``cogs/`` and ``bot.py`` take them from here, never from ``gamecore``
(``tests/cogs/test_codebase.py``), and never read a match's state themselves."""

from __future__ import annotations

from collections.abc import Sequence

from gamecore.analysis.outcome import MEASURES, Measure
from gamecore.analysis.par import PLAYS as PAR_PLAYS
from gamecore.analysis.par import TOLERANCE as PAR_TOLERANCE
from gamecore.analysis.par import Par
from gamecore.analysis.review import SAMPLES, Progress, Review, review_game
from gamecore.analysis.table_review import TABLE_SAMPLES, review_table
from gamecore.analysis.table_worlds import TABLE_GAMES
from gamecore.match import Match
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
from gamecore.takeback import played_line
from storage.records import ActionRecord

__all__ = [
    "CHART_LABELS",
    "MIXED",
    "PAR_PLAYS",
    "PAR_TOLERANCE",
    "Measure",
    "Par",
    "Review",
    "RunSpec",
    "available_players",
    "format_report",
    "has_par",
    "render_summary_chart",
    "resolve_player_types",
    "review_of",
    "reviewable",
    "run_games",
    "summarize",
]


def has_par(game_id: str) -> bool:
    """Whether a finished game of ``game_id`` gets a par (the solo games with a measure)."""
    return game_id in MEASURES


def reviewable(game_id: str) -> bool:
    """Whether ``/review`` covers ``game_id`` (the solo games and the table games)."""
    return game_id in MEASURES or game_id in TABLE_GAMES


def review_of(
    match: Match,
    actions: Sequence[ActionRecord],
    seat: int,
    samples: int | None = None,
    progress: Progress | None = None,
) -> Review:
    """The review of a finished ``match`` (its logged ``actions``) for the player in
    ``seat``: each of their decisions judged on what they could see; ``samples`` worlds per
    decision (None: the analysis's default for the game). Only the steps that stand are
    reviewed (a takeback's row and what it undid are left out)."""
    line = played_line([(a.seat, a.notation) for a in actions])
    if match.game_id in TABLE_GAMES:
        return review_table(
            match.game_id,
            match.seed,
            line,
            len(match.seats),
            match.options,
            seat=seat,
            samples=samples or TABLE_SAMPLES,
            progress=progress,
        )
    return review_game(
        match.game_id,
        match.seed,
        [notation for _, notation in line],
        match.options,
        samples=samples or SAMPLES,
        progress=progress,
    )
