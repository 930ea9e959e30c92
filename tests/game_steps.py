"""Seeded games played step by step, for tests that look at every step (events, views)."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from gamecore.registry import get_game

#: Picks a move: (step index, seat to move, state before, its legal actions) -> action.
Chooser = Callable[[int, int, Any, Sequence[Any]], Any]


@dataclass(frozen=True)
class Step:
    index: int
    seat: int
    action: Any
    before: Any
    after: Any
    events: Any


def game_steps(game_id: str, state: Any, choose: Chooser, limit: int) -> Iterator[Step]:
    """Each step of ``state`` played on by ``choose`` until the game ends or ``limit`` steps."""
    game = get_game(game_id)
    for index in range(limit):
        status = game.status(state)
        if status.over:
            return
        seat = status.to_move[0]
        action = choose(index, seat, state, game.legal_actions(state, seat))
        after, events = game.apply(state, seat, action)
        yield Step(index, seat, action, state, after, events)
        state = after
