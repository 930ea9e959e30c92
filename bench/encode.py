"""Issue 22 item 3: what encoding a state costs, per game (``Game.to_json``, what every
write stores).

    .venv/bin/python bench/encode.py [--games 20] [--moves 200] [--repeat 5]

Plays ``--games`` seeded random games of each game (up to ``--moves`` moves each), keeps
every state met, then times ``to_json`` over all of them; prints the median, p99 and mean
per state, and the mean encoded size. Asserts nothing.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from gamecore.registry import game_ids, get_game


def seeded_states(game_id: str, games: int, moves: int) -> list[Any]:
    """The states of ``games`` seeded random games of ``game_id`` (at most ``moves`` each)."""
    game = get_game(game_id)
    states = []
    for seed in range(games):
        rng = random.Random(seed)
        state = game.setup(max(2, game.min_players) if game.max_players > 1 else 1, seed)
        states.append(state)
        for _ in range(moves):
            to_move = game.status(state).to_move
            if not to_move:
                break
            actions = game.legal_actions(state, to_move[0])
            if not actions:
                break
            state, _events = game.apply(state, to_move[0], rng.choice(actions))
            states.append(state)
    return states


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--moves", type=int, default=200)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    print(f"{'game':<16}{'states':>8}{'p50 µs':>10}{'p99 µs':>10}{'mean µs':>10}{'bytes':>8}")
    for game_id in game_ids():
        try:
            game = get_game(game_id)
        except ModuleNotFoundError:
            continue
        states = seeded_states(game_id, args.games, args.moves)
        times: list[float] = []
        for _ in range(args.repeat):
            for state in states:
                start = time.perf_counter()
                game.to_json(state)
                times.append(time.perf_counter() - start)
        times.sort()
        size = statistics.fmean(len(game.to_json(s)) for s in states)
        print(
            f"{game_id:<16}{len(states):>8}{times[len(times) // 2] * 1e6:>10.1f}"
            f"{times[int(len(times) * 0.99)] * 1e6:>10.1f}{statistics.fmean(times) * 1e6:>10.1f}"
            f"{size:>8.0f}"
        )


if __name__ == "__main__":
    main()
