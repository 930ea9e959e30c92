"""Cartolan ``modern`` against the designer's code: end-of-game shares, rounds and win rates.

Not a test: ``.venv/bin/python bench/cartolan_reference.py [--games 16000] [--workers 2]``.
Plays modern Regular four-player games between the Explorer, Trader, Router and Pirate (seats
rotating; movement ``initial``, exploration ``continuous``, the Mythical City in) through the
simulation fast path, and prints how the games ended (by margin, by the land pile, by the
water pile), the mean number of rounds and each type's win rate (a shared win split between
the winners) next to the reference of binding decision 14 as restated on 2026-11-28: the
designer's code with decisions 4 and 8 and the Router's step past a ransacked Agent it cannot
restore, 16.72 ± 0.045 rounds and the shares over 26,722 games, the win rates over 16,000.

Each difference is printed with its standard error: the project's from its own games, the
reference's as published (the rounds) or from a sample of the reference's size with the same
spread, plus the rounding of the published figure. A difference beyond 3 errors is flagged
``!!``; the last column says whether it is inside the decision's tolerance (shares ±0.7
points, win rates ±0.01; the rounds have none: their flag is the judge).
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from gamecore.games.cartolan import GAME, native, turns
from gamecore.games.cartolan.players import heuristic_players
from gamecore.games.cartolan.state import State

LINEUP = ("explorer", "trader", "router", "pirate")
OPTIONS = {
    "preset": "modern",
    "mode": "regular",
    "movement": "initial",
    "exploration": "continuous",
}
ENDS = ("margin", "land", "water")
KEYS = (*ENDS, "rounds", *LINEUP)
#: Decision 14 restated (2026-11-28): shares in %, mean rounds, win rates (ties split).
REFERENCE = {
    "margin": 71.7,
    "land": 17.3,
    "water": 10.9,
    "rounds": 16.72,
    "explorer": 0.26,
    "trader": 0.30,
    "router": 0.27,
    "pirate": 0.17,
}
#: The games behind each reference figure: the rounds and shares were measured over 26,722
#: games, the win rates (published with the first restatement) over 16,000.
REFERENCE_GAMES = {"margin": 26_722, "land": 26_722, "water": 26_722, "rounds": 26_722} | {
    name: 16_000 for name in LINEUP
}
#: A reference figure's standard error where it was published with one.
REFERENCE_ERROR = {"rounds": 0.045}
#: The last digit the reference is published to (its rounding is part of its error).
UNIT = {"margin": 0.1, "land": 0.1, "water": 0.1, "rounds": 0.01} | {name: 0.01 for name in LINEUP}
#: Decision 14's tolerance: shares within ±0.7 points, win rates within ±0.01.
TOLERANCE = {"margin": 0.7, "land": 0.7, "water": 0.7} | {name: 0.01 for name in LINEUP}
#: A difference beyond this many standard errors is flagged.
FLAG_SIGMAS = 3.0


def reference_order(state: State) -> None:
    """Turn order as in the reference's games: seat by seat from seat 0, so the four play in
    the lineup's cyclic order (Explorer, Trader, Router, Pirate, each seed starting one
    further along). The designer's ``play_round`` plays ``game.players`` in list order, and
    ``bench/cartolan_designer.py`` seats them so; ``modern`` shuffles the turn order (§3.5),
    and that alone moves the win rates (the Router's by about +0.015: a Pirate that does not
    always move right after it). Called right after ``GAME.setup``: its first turn begins
    again for seat 0."""
    state.order = list(range(state.players))
    state.order_pos = 0
    state.adv_index = 0
    turns.begin_turn(state)


def ending(state: State) -> str:
    """``margin``, or the pile whose tiles ran out (``water`` / ``land``)."""
    if state.end_reason == "margin":
        return "margin"
    water_out = not state.piles[0] and not state.discards[0]
    return "water" if water_out else "land"


def play(seed: int) -> dict[str, float]:
    """One game as numbers: 100 for the way it ended (0 for the others), its rounds, each
    type's share of the win."""
    players = heuristic_players()
    names = [LINEUP[(seed + i) % 4] for i in range(4)]
    rngs = [random.Random(seed * 8 + i) for i in range(4)]
    state = GAME.setup(4, seed, OPTIONS)
    reference_order(state)
    while not state.over:
        seat = state.seat
        legal = GAME.legal_actions(state, seat)
        GAME.apply_in_place(state, seat, players[names[seat]](state, legal, rngs[seat]))
    values = {end: 0.0 for end in ENDS}
    values[ending(state)] = 100.0
    values["rounds"] = float(state.round)
    values.update({name: 0.0 for name in LINEUP})
    share = 1 / len(state.winners)
    for seat in state.winners:
        values[names[seat]] += share
    return values


def sums(seeds: range) -> dict[str, tuple[float, float]]:
    """Per key, the sum and the sum of squares of the games' values."""
    totals = {key: (0.0, 0.0) for key in KEYS}
    for seed in seeds:
        for key, value in play(seed).items():
            total, squares = totals[key]
            totals[key] = (total + value, squares + value * value)
    return totals


def measure(games: int, first_seed: int = 0, workers: int = 1) -> dict[str, tuple[float, float]]:
    """Per key, the mean over the games and the standard deviation of one game's value."""
    chunk = max(50, games // (workers * 16))
    ranges = [
        range(start, min(start + chunk, first_seed + games))
        for start in range(first_seed, first_seed + games, chunk)
    ]
    totals = {key: (0.0, 0.0) for key in KEYS}
    if workers > 1:
        with ProcessPoolExecutor(workers) as pool:
            parts = list(pool.map(sums, ranges))
    else:
        parts = [sums(seeds) for seeds in ranges]
    for part in parts:
        for key, (total, squares) in part.items():
            totals[key] = (totals[key][0] + total, totals[key][1] + squares)
    result = {}
    for key, (total, squares) in totals.items():
        mean = total / games
        variance = max(0.0, squares / games - mean * mean) * games / max(1, games - 1)
        result[key] = (mean, math.sqrt(variance))
    return result


def compare(key: str, mean: float, spread: float, games: int) -> tuple[float, float, bool]:
    """The difference from the reference, its standard error, and whether it is flagged."""
    reference = REFERENCE[key]
    rounding = UNIT[key] / math.sqrt(12)  # uniform over the last published digit
    theirs = REFERENCE_ERROR.get(key, spread / math.sqrt(REFERENCE_GAMES[key]))
    error = math.sqrt(spread**2 / games + theirs**2 + rounding**2)
    difference = mean - reference
    return difference, error, abs(difference) > FLAG_SIGMAS * error


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=16_000)
    parser.add_argument(
        "--first-seed", type=int, default=0, help="seeds first-seed .. first-seed+games-1"
    )
    parser.add_argument("--workers", type=int, default=1, help="processes playing the games")
    args = parser.parse_args()
    print("native: yes (mypyc)" if native.NATIVE else f"native: no (pure Python) - {native.STATUS}")
    start = time.perf_counter()
    result = measure(args.games, args.first_seed, args.workers)
    seconds = time.perf_counter() - start
    seeds = f"seeds {args.first_seed}..{args.first_seed + args.games - 1}"
    print(
        f"modern Regular, 4 players {'/'.join(LINEUP)}, {args.games} games, {seeds}"
        f" ({seconds:.0f} s, {args.workers} worker{'s' if args.workers > 1 else ''})"
    )
    print(
        f"reference: decision 14 restated, {REFERENCE_GAMES['rounds']} games"
        f" (win rates {REFERENCE_GAMES[LINEUP[0]]}); rounds ± {REFERENCE_ERROR['rounds']}"
    )
    print(
        f"{'':22} {'project':>8} {'reference':>10} {'difference':>11} {'error':>7} {'sigmas':>7}  tolerance"
    )
    rows = [
        ("ended by margin %", "margin"),
        ("ended by land pile %", "land"),
        ("ended by water pile %", "water"),
        ("mean rounds", "rounds"),
        *((f"win rate {name}", name) for name in LINEUP),
    ]
    flagged = 0
    for label, key in rows:
        digits = 3 if key in LINEUP else 2
        mean, spread = result[key]
        difference, error, flag = compare(key, mean, spread, args.games)
        flagged += flag
        limit = TOLERANCE.get(key)
        within = "-" if limit is None else ("within" if abs(difference) <= limit else "OUTSIDE")
        print(
            f"{label:22} {mean:8.{digits}f} {REFERENCE[key]:10.{digits}f} {difference:+11.{digits}f}"
            f" {error:7.{digits}f} {difference / error:+7.1f}{' !!' if flag else '   '} {within}"
        )
    print(f"{flagged} figure{'s' if flagged != 1 else ''} beyond {FLAG_SIGMAS:.0f} standard errors")


if __name__ == "__main__":
    main()
