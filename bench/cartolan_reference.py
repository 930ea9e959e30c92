"""Cartolan ``modern`` against the designer's code: end-of-game shares, rounds and win rates.

Not a test: ``.venv/bin/python bench/cartolan_reference.py [--games 4000]``. Plays modern
Regular four-player games between the Explorer, Trader, Router and Pirate (seats rotating;
movement ``initial``, exploration ``continuous``, the Mythical City in) through the
simulation fast path, and prints how the games ended (by margin, by the land pile, by the
water pile), the mean number of rounds and each type's win rate (a shared win split between
the winners) next to the reference figures measured on the designer's code (binding decision
14: that code with only its avoid-list slip corrected, 4,000 games). With 4,000 games a share
is known to about ±1.4 points (95%), a win rate to about ±1.4 points.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from gamecore.games.cartolan import GAME, native
from gamecore.games.cartolan.players import heuristic_players
from gamecore.games.cartolan.state import State

LINEUP = ("explorer", "trader", "router", "pirate")
OPTIONS = {"preset": "modern", "mode": "regular", "movement": "initial", "exploration": "continuous"}
#: The designer's code, avoid-list slip corrected (decision 14): shares in %, mean rounds,
#: win rates (ties split).
REFERENCE = {
    "margin": 73.0,
    "land": 16.7,
    "water": 10.4,
    "rounds": 16.6,
    "explorer": 0.25,
    "trader": 0.31,
    "router": 0.27,
    "pirate": 0.17,
}


def ending(state: State) -> str:
    """``margin``, or the pile whose tiles ran out (``water`` / ``land``)."""
    if state.end_reason == "margin":
        return "margin"
    water_out = not state.piles[0] and not state.discards[0]
    return "water" if water_out else "land"


def play(seed: int) -> tuple[str, int, dict[str, float]]:
    """One game: how it ended, its rounds, each type's share of the win."""
    players = heuristic_players()
    names = [LINEUP[(seed + i) % 4] for i in range(4)]
    rngs = [random.Random(seed * 8 + i) for i in range(4)]
    state = GAME.setup(4, seed, OPTIONS)
    while not state.over:
        seat = state.seat
        legal = GAME.legal_actions(state, seat)
        GAME._apply_inplace(state, seat, players[names[seat]](state, legal, rngs[seat]))
    share = 1 / len(state.winners)
    wins = {name: 0.0 for name in LINEUP}
    for seat in state.winners:
        wins[names[seat]] += share
    return ending(state), state.round, wins


def measure(games: int, first_seed: int = 0) -> dict[str, float]:
    ends = {"margin": 0, "land": 0, "water": 0}
    rounds = 0
    wins = {name: 0.0 for name in LINEUP}
    for seed in range(first_seed, first_seed + games):
        end, played, shares = play(seed)
        ends[end] += 1
        rounds += played
        for name, share in shares.items():
            wins[name] += share
    result = {key: 100 * count / games for key, count in ends.items()}
    result["rounds"] = rounds / games
    result.update({name: total / games for name, total in wins.items()})
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4000)
    parser.add_argument(
        "--first-seed", type=int, default=0, help="seeds first-seed .. first-seed+games-1"
    )
    args = parser.parse_args()
    print("native: yes (mypyc)" if native.NATIVE else f"native: no (pure Python) - {native.STATUS}")
    start = time.perf_counter()
    result = measure(args.games, args.first_seed)
    seconds = time.perf_counter() - start
    seeds = f"seeds {args.first_seed}..{args.first_seed + args.games - 1}"
    print(f"modern Regular, 4 players {'/'.join(LINEUP)}, {args.games} games, {seeds} ({seconds:.0f} s)")
    print(f"{'':22} {'project':>8} {'reference':>10}")
    rows = [
        ("ended by margin %", "margin"),
        ("ended by land pile %", "land"),
        ("ended by water pile %", "water"),
        ("mean rounds", "rounds"),
        *((f"win rate {name}", name) for name in LINEUP),
    ]
    for label, key in rows:
        digits = 2 if key in LINEUP else 1
        print(f"{label:22} {result[key]:8.{digits}f} {REFERENCE[key]:10.{digits}f}")


if __name__ == "__main__":
    main()
