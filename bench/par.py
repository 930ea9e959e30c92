"""Issue 25 benchmark: par (1,000 plays of one deal per computer player) and a solo review.

    .venv/bin/python bench/par.py [--deals 5] [--plays 1000] [--review]

Targets, one core: par ≤ 2 s per computer player for 1,000 plays; a solo review ≤ 10 s.
Prints wall time and this process's CPU time (the one-core figure on a shared machine);
asserts nothing.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from gamecore.analysis.par import compute_par
from gamecore.analysis.review import review_game
from gamecore.registry import get_game
from gamecore.simulate import available_players


def _heuristic_moves(game_id: str, seed: int) -> list[str]:
    game = get_game(game_id)
    player = available_players(game)["heuristic"]
    state, moves, rng = game.setup(1, seed), [], random.Random(seed)
    while not game.status(state).over:
        action = player(game.view(state, 0), game.legal_actions(state, 0), rng)
        moves.append(game.format_action(action))
        state = game.apply(state, 0, action)[0]
    return moves


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=5)
    parser.add_argument("--plays", type=int, default=1000)
    parser.add_argument("--review", action="store_true", help="also review one heuristic game per deal")
    args = parser.parse_args()
    for game_id in ("cartographer", "dungeon-delver"):
        for seed in range(1, args.deals + 1):
            for player in ("heuristic", "random"):
                wall, cpu = time.perf_counter(), time.process_time()
                par = compute_par(game_id, seed, plays=args.plays, players=(player,))
                wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
                rate = 100 * par.computers[0].win_rate
                print(f"par {game_id} seed {seed} {player}: {args.plays} plays, wins {rate:.1f}%"
                      f"  wall {wall:.2f} s  cpu {cpu:.2f} s")
            if args.review:
                moves = _heuristic_moves(game_id, seed)
                wall, cpu = time.perf_counter(), time.process_time()
                review = review_game(game_id, seed, moves)
                wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
                print(f"review {game_id} seed {seed}: {len(review.decisions)} decisions"
                      f"  wall {wall:.2f} s  cpu {cpu:.2f} s")


if __name__ == "__main__":
    main()
