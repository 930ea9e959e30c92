"""Speed of the game cores: random-player games per second and time per step, one core.

Not a test: run ``make bench`` (or ``.venv/bin/python bench/core.py [--seconds S]``) and
read the figures. Target: at least 20,000 Cartographer games per minute (333 games/s),
so that ``/simulate`` answers in seconds.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from gamecore.contract import Game
from gamecore.registry import list_games
from gamecore.simulate import available_players, play_game, player_rng

TARGETS = {"cartographer": 20_000 / 60}


def games_per_second(game: Game[Any, Any], seats: int, seconds: float) -> tuple[float, int, int]:
    """Whole games (setup, views, random player, score) for ``seconds``: rate, games, errors."""
    types = ["random"] * seats
    start = time.perf_counter()
    games = errors = 0
    while time.perf_counter() - start < seconds:
        record = play_game(game, games, types)
        errors += record["result"] == "error"
        games += 1
    return games / (time.perf_counter() - start), games, errors


def step_costs(game: Game[Any, Any], seats: int, seconds: float) -> tuple[float, float, float, int]:
    """Mean microseconds per step of ``legal_actions``, ``apply`` and ``view`` + ``status``."""
    random_player = available_players(game)["random"]
    legal_time = apply_time = other_time = 0.0
    steps = 0
    seed = 10_000
    clock = time.perf_counter
    start = clock()
    while clock() - start < seconds:
        state = game.setup(seats, seed, None)
        rngs = [player_rng(seed, seat) for seat in range(seats)]
        status = game.status(state)
        while not status.over and steps < 10_000_000:
            seat = status.to_move[0]
            t0 = clock()
            legal = game.legal_actions(state, seat)
            t1 = clock()
            view = game.view(state, seat)
            t2 = clock()
            action = random_player(view, legal, rngs[seat])
            t3 = clock()
            state, _ = game.apply(state, seat, action)
            t4 = clock()
            status = game.status(state)
            t5 = clock()
            legal_time += t1 - t0
            apply_time += t4 - t3
            other_time += (t2 - t1) + (t5 - t4)
            steps += 1
        seed += 1
    if not steps:
        return 0.0, 0.0, 0.0, 0
    scale = 1e6 / steps
    return legal_time * scale, apply_time * scale, other_time * scale, steps


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="seconds per game and measure")
    args = parser.parse_args()
    print("random players, one process")
    print(
        f"{'game':<16}{'seats':>6}{'games/s':>10}{'games/min':>11}{'legal µs':>10}{'apply µs':>10}"
        f"{'view+status µs':>16}{'steps':>9}  target"
    )
    for game in list_games():
        seats = game.min_players
        rate, games, errors = games_per_second(game, seats, args.seconds)
        legal_us, apply_us, other_us, steps = step_costs(game, seats, args.seconds / 2)
        target = TARGETS.get(game.id)
        verdict = ""
        if target:
            verdict = f"≥ {target:.0f}/s: {'met' if rate >= target else 'NOT met'}"
        if errors:
            verdict += f"  ({errors} of {games} games ended in error)"
        print(
            f"{game.id:<16}{seats:>6}{rate:>10.0f}{rate * 60:>11.0f}{legal_us:>10.1f}{apply_us:>10.1f}"
            f"{other_us:>16.1f}{steps:>9}  {verdict}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
