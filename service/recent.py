"""A board's recent steps rebuilt from the action log, so they survive a restart.

The log keeps each step's seat and notation; replaying it from the match's seed and options
gives each step's events again (a match is fully determined by them, as ``/replay`` relies
on). What the log does not keep is told from the replay: a step is automatic when the game
had an automatic action pending before it (the service plays those at once, so no person
could have acted in between; it becomes a follow-up of the step before, as it was shown),
and a computer's when its seat is a computer's now. A turn a clock played for a person reads
as their move. A takeback's undone steps are left out, as they no longer stand.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from gamecore.contract import Game
from gamecore.match import Match
from gamecore.takeback import marked_count
from service.api import StepKind, TurnOutcome


def recent_steps(
    game: Game[Any, Any], match: Match, log: Sequence[tuple[int, str]], count: int
) -> list[TurnOutcome]:
    """The last ``count`` steps of ``match`` (its automatic follow-ups inside the step before),
    oldest first; each step's ``match`` is ``match`` without its state, its ``steps`` the
    number of log rows once this one was played."""
    kept: deque[TurnOutcome] = deque(maxlen=count)
    bare = replace(match, state=None)
    state = game.setup(len(match.seats), match.seed, dict(match.options))
    for number, seat, notation in standing(log):
        automatic = bool(game.auto_actions(state))
        state, events = game.apply_notation(state, seat, notation)
        kind: StepKind = (
            "auto" if automatic else "computer" if match.seats[seat].is_computer else "move"
        )
        step = TurnOutcome(
            match=replace(bare, steps=number),
            seat=seat,
            seat_name=match.seats[seat].name,
            notation=notation,
            events=tuple(events),
            kind=kind,
        )
        if automatic and kept:
            kept[-1] = replace(kept[-1], follow_ups=(*kept[-1].follow_ups, step))
        else:
            kept.append(step)
    return list(kept)


def standing(log: Sequence[tuple[int, str]]) -> list[tuple[int, int, str]]:
    """The steps that stand (a takeback's marker row removes itself and the steps it undid:
    ``gamecore.takeback``), each as (its row number in the log, seat, notation)."""
    line: list[tuple[int, int, str]] = []
    for number, (seat, notation) in enumerate(log, start=1):
        undone = marked_count(notation)
        if undone is None:
            line.append((number, seat, notation))
        else:
            del line[len(line) - undone :]
    return line
