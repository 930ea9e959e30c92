"""Issue 25 benchmark: par (1,000 plays of one deal per computer player) and a solo review.

    .venv/bin/python bench/par.py [--deals 5] [--plays 1000] [--review [--no-par]] [--cartolan SEED]

Targets, one core: par ≤ 2 s per computer player for 1,000 plays; a solo review ≤ 10 s;
``--cartolan``: the review of seat 0 of a 4-seat Cartolan game of its advisor players, cut
at 1,000 steps, ≤ 60 s.
Prints wall time and this process's CPU time (the one-core figure on a shared machine),
and with ``--review`` the highest review CPU per game over the deals; asserts nothing.
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
from gamecore.analysis.table_review import review_table
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


def _cartolan_moves(seed: int, steps: int) -> list[tuple[int | None, str]]:
    game = get_game("cartolan")
    name = game.advisor or "heuristic"
    players = [available_players(game)[name] for _ in range(4)]
    rngs = [random.Random(seat) for seat in range(4)]
    state = game.setup(4, seed)
    moves: list[tuple[int | None, str]] = []
    while not game.status(state).over and len(moves) < steps:
        seat = game.status(state).to_move[0]
        action = players[seat](game.view(state, seat), game.legal_actions(state, seat), rngs[seat])
        moves.append((seat, game.format_action(action)))
        state = game.apply(state, seat, action)[0]
    return moves


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=5)
    parser.add_argument("--plays", type=int, default=1000)
    parser.add_argument(
        "--review", action="store_true", help="also review one heuristic game per deal"
    )
    parser.add_argument(
        "--cartolan", type=int, metavar="SEED", help="time a 4-seat Cartolan review"
    )
    parser.add_argument("--no-par", action="store_true", help="reviews only (with --review)")
    args = parser.parse_args()
    if args.cartolan is not None:
        seed = args.cartolan
        table_moves = _cartolan_moves(seed, 1000)
        while len(table_moves) < 1000:  # the first game from SEED on that lasts 1,000 steps
            seed += 1
            table_moves = _cartolan_moves(seed, 1000)
        args.cartolan = seed
        wall, cpu = time.perf_counter(), time.process_time()
        review = review_table("cartolan", args.cartolan, table_moves, 4, seat=0)
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        print(
            f"review cartolan seed {args.cartolan}: {len(table_moves)} steps, {len(review.decisions)} decisions"
            f" of seat 0, {review.samples} worlds each  wall {wall:.1f} s  cpu {cpu:.1f} s"
        )
        return
    worst: dict[str, float] = {}
    for game_id in ("cartographer", "dungeon-delver"):
        for seed in range(1, args.deals + 1):
            for player in () if args.no_par else ("heuristic", "random"):
                wall, cpu = time.perf_counter(), time.process_time()
                par = compute_par(game_id, seed, plays=args.plays, players=(player,))
                wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
                rate = 100 * par.computers[0].win_rate
                print(
                    f"par {game_id} seed {seed} {player}: {args.plays} plays, wins {rate:.1f}%"
                    f"  wall {wall:.2f} s  cpu {cpu:.2f} s"
                )
            if args.review:
                moves = _heuristic_moves(game_id, seed)
                wall, cpu = time.perf_counter(), time.process_time()
                review = review_game(game_id, seed, moves)
                wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
                print(
                    f"review {game_id} seed {seed}: {len(review.decisions)} decisions"
                    f"  wall {wall:.2f} s  cpu {cpu:.2f} s"
                )
                worst[game_id] = max(worst.get(game_id, 0.0), cpu)
    for game_id, cpu in worst.items():
        print(f"review {game_id}: at most {cpu:.2f} s CPU over {args.deals} deals (goal 10 s)")


if __name__ == "__main__":
    main()
