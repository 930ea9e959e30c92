"""A whole match as the public sees it: the spectator's view at the start and after each move.

A match is fully determined by (game, seat count, seed, options, moves), so the service
rebuilds an ended match's timeline from its stored log and the renderer's command line from
a moves file; the animated replay is drawn from these public views only, so it cannot show a
hidden card.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from gamecore.contract import Game


def public_timeline(
    game: Game,
    players: int,
    seed: int,
    options: Mapping[str, Any],
    moves: Iterable[tuple[int | None, str]],
) -> list[tuple[int | None, dict]]:
    """``(seat, public view)`` at the start (seat None) and after every move. A move's seat
    None means the first seat to move; an illegal move raises the game's ``IllegalAction``."""
    state = game.setup(players, seed, dict(options))
    timeline: list[tuple[int | None, dict]] = [(None, game.view(state, None))]
    for seat, notation in moves:
        if seat is None:
            status = game.status(state)
            if status.over or not status.to_move:
                break
            seat = status.to_move[0]
        state, _ = game.apply_notation(state, seat, notation)
        timeline.append((seat, game.view(state, None)))
    return timeline
