"""Cartolan reliability: many seeded games of mixed computer players must all finish.

Not a test: ``.venv/bin/python bench/cartolan_reliability.py [--games N] [--workers W]``.
For every preset × mode the engine offers, ``N`` games (default 10,000): 2–4 seats, each
seat a computer player drawn at random (Explorer, Trader, Router, Pirate or random), the
movement / exploration / Mythical City / second Adventurer / travel money / abandon options
drawn at random too. Players run strictly
(an error inside a heuristic is raised, not papered over) and every action they return must
be legal. Prints, per row, exceptions and non-terminations (both must be 0), mean steps
and rounds, and the time taken; exits with status 1 if anything failed.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
import traceback
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from gamecore.games.cartolan import GAME, presets
from gamecore.games.cartolan import players as heuristics
from gamecore.rng import mix_seed

SEAT_TYPES = ("explorer", "trader", "router", "pirate", "random")
MAX_STEPS = 60_000


@dataclass
class Tally:
    games: int = 0
    errors: int = 0
    stuck: int = 0
    steps: int = 0
    rounds: int = 0
    samples: list[str] = field(default_factory=list)

    def add(self, other: Tally) -> None:
        self.games += other.games
        self.errors += other.errors
        self.stuck += other.stuck
        self.steps += other.steps
        self.rounds += other.rounds
        self.samples += other.samples[: max(0, 5 - len(self.samples))]


def game_setup(preset: str, mode: str, seed: int) -> tuple[int, list[str], dict[str, str]]:
    """The seeded line-up and options of game ``seed``."""
    pick = random.Random(mix_seed(seed, preset, mode))
    seats = pick.randint(2, 4)
    types = [pick.choice(SEAT_TYPES) for _ in range(seats)]
    options = {
        "preset": preset,
        "mode": mode,
        "movement": pick.choice(("initial", "budgetted")),
        "exploration": pick.choice(("default", "clockwise", "continuous")),
        "mythical": pick.choice(("default", "on", "off")),
        "second_adventurer": pick.choice(("off", "on")),
        "travel_money": pick.choice(("default", "on", "off")),
        "abandon": pick.choice(("default", "on", "off")),
    }
    return seats, types, options


def play(preset: str, mode: str, seed: int) -> tuple[int, int]:
    """One game; returns (steps, rounds). Raises on any error; ``TimeoutError`` if stuck."""
    seats, types, options = game_setup(preset, mode, seed)
    found = {**GAME.players(), **heuristics.heuristic_players()}
    movers = [found[name] for name in types]
    rngs = [random.Random(mix_seed(seed, "seat", seat)) for seat in range(seats)]
    state = GAME.setup(seats, seed, options)
    steps = 0
    while not state.over:
        seat = state.seat
        legal = GAME.legal_actions(state, seat)
        if not legal:
            raise RuntimeError(f"seat {seat} has no legal action ({state.decision})")
        action = movers[seat](state, legal, rngs[seat])
        if action not in legal:
            raise RuntimeError(f"{types[seat]} chose an illegal action {action!r}")
        GAME.apply_in_place(state, seat, action)
        steps += 1
        if steps >= MAX_STEPS:
            raise TimeoutError(f"no result after {MAX_STEPS} steps")
    if not GAME.status(state).winners:
        raise RuntimeError("finished without winners")
    return steps, state.round


def run_chunk(preset: str, mode: str, seeds: range) -> Tally:
    heuristics.STRICT = True
    tally = Tally()
    for seed in seeds:
        tally.games += 1
        try:
            steps, rounds = play(preset, mode, seed)
        except TimeoutError as exc:
            tally.stuck += 1
            tally.samples.append(f"seed {seed}: {exc}")
            continue
        except Exception as exc:  # every failure is counted and sampled
            tally.errors += 1
            where = traceback.extract_tb(exc.__traceback__)[-1]
            tally.samples.append(
                f"seed {seed}: {type(exc).__name__}: {exc} ({where.filename}:{where.lineno})"
            )
            continue
        tally.steps += steps
        tally.rounds += rounds
    return tally


def run_row(preset: str, mode: str, games: int, workers: int) -> Tally:
    chunk = max(1, min(250, games // max(1, workers * 4)))
    chunks = [range(start, min(games, start + chunk)) for start in range(0, games, chunk)]
    total = Tally()
    if workers <= 1:
        for seeds in chunks:
            total.add(run_chunk(preset, mode, seeds))
        return total
    with ProcessPoolExecutor(max_workers=workers) as pool:
        for part in pool.map(run_chunk, [preset] * len(chunks), [mode] * len(chunks), chunks):
            total.add(part)
    return total


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000, help="games per preset × mode")
    parser.add_argument("--workers", type=int, default=1, help="worker processes")
    parser.add_argument("--presets", default=",".join(presets.PRESETS), help="e.g. classic")
    parser.add_argument("--modes", default=",".join(presets.IMPLEMENTED_MODES), help="e.g. regular")
    args = parser.parse_args()
    print(f"{'preset':8} {'mode':9} {'games':>6} {'errors':>6} {'stuck':>6} "
          f"{'steps':>7} {'rounds':>6} {'seconds':>8}")  # fmt: skip
    failed = False
    chosen_presets = args.presets.split(",")
    chosen_modes = args.modes.split(",")
    for preset in [p for p in presets.PRESETS[::-1] if p in chosen_presets]:
        for mode in [m for m in presets.IMPLEMENTED_MODES if m in chosen_modes]:
            start = time.perf_counter()
            tally = run_row(preset, mode, args.games, args.workers)
            seconds = time.perf_counter() - start
            finished = max(1, tally.games - tally.errors - tally.stuck)
            print(
                f"{preset:8} {mode:9} {tally.games:6} {tally.errors:6} {tally.stuck:6} "
                f"{tally.steps / finished:7.0f} {tally.rounds / finished:6.1f} {seconds:8.1f}"
            )
            for sample in tally.samples:
                print(f"    {sample}")
            failed |= bool(tally.errors or tally.stuck)
    print("FAILED" if failed else "all games finished")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
