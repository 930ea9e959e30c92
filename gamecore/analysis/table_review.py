"""The review of a finished multiplayer game (Speiderne, Cartolan) from one seat's side.

As the solo review (:mod:`gamecore.analysis.review`), on worlds drawn from that seat's view
(:mod:`gamecore.analysis.table_worlds`): for each of the seat's decisions with a choice, the
move played and the advisor computer player's move for the same view are played out, every
seat then played by the advisor, and the seat's chance to win is the share of worlds it wins
(a shared win counts). The played move's rollouts also give every seat's chance after that
decision, which the chart draws as one line per seat. Fewer worlds than a solo review
(``TABLE_SAMPLES``): a 4-seat Cartolan game has a few hundred decisions per seat.
"""

from __future__ import annotations

import random
import time
from collections.abc import Mapping, Sequence
from typing import Any

from gamecore.analysis.outcome import Estimate, Measure
from gamecore.analysis.review import Decision, Progress, Review
from gamecore.analysis.table_worlds import TABLE_GAMES, table_world
from gamecore.contract import Game, IllegalAction
from gamecore.registry import get_game
from gamecore.rng import mix_seed
from gamecore.simulate import DEFAULT_MAX_STEPS, available_players, player_rngs

#: Worlds per decision in a multiplayer review.
TABLE_SAMPLES = 8
WIN = Measure("win")


def _advisor(game: Game[Any, Any]) -> str:
    return game.advisor or "heuristic"


def _replay(
    game: Game[Any, Any], start: Any, moves: Sequence[tuple[int | None, str]], seat: int
) -> list[tuple[int, Any, Any, int]]:
    """``(step, state before, action, legal count)`` of ``seat``'s decisions with a choice."""
    points = []
    state = start
    for step, (mover, text) in enumerate(moves, start=1):
        status = game.status(state)
        if status.over:
            raise ValueError(f"move {step} ({text!r}): the game is already over")
        who = mover if mover is not None else status.to_move[0]
        try:
            action = game.canonical_action(state, game.parse_action(text))
            auto = game.auto_actions(state)
            legal = game.legal_actions(state, who) if who == seat else []
            after = game.apply(state, who, action)[0]
        except IllegalAction as exc:
            raise ValueError(f"move {step} ({text!r}): {exc.reason}") from None
        if who == seat and action not in auto and len(legal) > 1:
            points.append((step, state, action, len(legal)))
        state = after
    return points


def _rollout(game: Game[Any, Any], state: Any, seats: int, seed: int) -> tuple[int, ...]:
    """The winners when every seat is played on by the advisor."""
    name = _advisor(game)
    players = [available_players(game)[name] for _ in range(seats)]  # fresh memories each
    final, _ = game.play_out(state, players, player_rngs(seed, seats), DEFAULT_MAX_STEPS)
    return game.status(final).winners


def review_table(
    game_id: str,
    seed: int,
    moves: Sequence[tuple[int | None, str]],
    seats: int,
    options: Mapping[str, Any] | None = None,
    seat: int = 0,
    samples: int = TABLE_SAMPLES,
    progress: Progress | None = None,
) -> Review:
    """Review ``seat``'s decisions in the game ``(game_id, seed, seats, options)`` played by
    ``moves`` (``(seat or None, notation)``; None: the first seat to move)."""
    if game_id not in TABLE_GAMES:
        raise ValueError(f"no multiplayer review for {game_id!r}")
    if not 0 <= seat < seats:
        raise ValueError(f"seat {seat} is not a seat of this game (0-{seats - 1})")
    began = time.perf_counter()
    game = get_game(game_id)
    points = _replay(game, game.setup(seats, seed, options), moves, seat)
    decisions = []
    seat_values = []
    for done, (step, state, action, options_count) in enumerate(points):
        if progress is not None:
            progress(done, len(points))
        legal = game.legal_actions(state, seat)
        adviser = available_players(game)[_advisor(game)]
        advice = adviser(
            game.view(state, seat), legal, random.Random(mix_seed(seed, "advice", step))
        )
        actions = [action] if advice == action else [action, advice]
        values: list[list[float]] = [[] for _ in actions]
        wins = [0.0] * seats
        for index in range(samples):
            world = table_world(
                game_id, state, seat, random.Random(mix_seed(seed, "worlds", step, index))
            )
            for slot, chosen in enumerate(actions):
                after = game.play(world, seat, chosen)[0]  # legal for the seat to move
                winners = _rollout(game, after, seats, mix_seed(seed, "rollout", step, index))
                values[slot].append(1.0 if seat in winners else 0.0)
                if slot == 0:
                    for winner in winners:
                        wins[winner] += 1
        weights = [1.0] * samples
        decisions.append(
            Decision.judged(game, step, options_count, actions, values, weights, False)
        )
        seat_values.append(tuple(w / samples for w in wins))
    if progress is not None:
        progress(len(points), len(points))
    return Review(
        game_id,
        seed,
        seat,
        WIN,
        tuple(decisions),
        samples,
        time.perf_counter() - began,
        tuple(seat_values),
    )


__all__ = ["TABLE_SAMPLES", "Estimate", "review_table"]
