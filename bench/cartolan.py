"""Cartolan speed with its heuristic players: four-player games per second, one core.

Not a test: ``.venv/bin/python bench/cartolan.py [--seconds S] [--profile]``. For every preset
and mode the engine offers, four heuristic players (Explorer, Trader, Router, Pirate, seats
rotating) play whole games through the simulation fast path (the player reads the state,
``GAME.apply_in_place`` applies; ``simulate`` and ``/simulate`` take the same path through
``Game.simulation_step``). Modern Regular is also timed through the public contract
(``GAME.view`` + ``GAME.apply``, what a player that reads views costs). Rates use CPU time,
so a busy machine disturbs them less. The header says whether the mypyc-compiled modules are
in use (``make native``; ``CARTOLAN_PURE=1`` forces pure Python). Target: 375 modern Regular
games/s, five times the original's ~75/s. ``--profile`` adds a pyinstrument profile of the fast path;
``--winrates N`` the win share of each player type over N games per preset and mode.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from gamecore.games.cartolan import GAME, native, presets
from gamecore.games.cartolan.players import heuristic_players

TARGET = 375.0
LINEUP = ("explorer", "trader", "router", "pirate")


def play_fast(seed: int, preset: str, mode: str, seats: int = 4) -> int:
    """One game through the fast path; returns its number of steps."""
    players = heuristic_players()
    names = [LINEUP[(seed + i) % 4] for i in range(seats)]
    rngs = [random.Random(seed * 8 + i) for i in range(seats)]
    state = GAME.setup(seats, seed, {"preset": preset, "mode": mode})
    legal_actions = GAME.legal_actions
    apply = GAME.apply_in_place
    steps = 0
    while not state.over:
        seat = state.seat
        legal = legal_actions(state, seat)
        apply(state, seat, players[names[seat]](state, legal, rngs[seat]))
        steps += 1
    return steps


def play_contract(seed: int, preset: str, mode: str, seats: int = 4) -> int:
    """One game through the public contract: a view per decision and a copying ``apply``."""
    players = heuristic_players()
    names = [LINEUP[(seed + i) % 4] for i in range(seats)]
    rngs = [random.Random(seed * 8 + i) for i in range(seats)]
    state = GAME.setup(seats, seed, {"preset": preset, "mode": mode})
    steps = 0
    while not state.over:
        seat = state.seat
        legal = GAME.legal_actions(state, seat)
        action = players[names[seat]](GAME.view(state, seat), legal, rngs[seat])
        state, _ = GAME.apply(state, seat, action)
        steps += 1
    return steps


def win_rates(preset: str, mode: str, games: int) -> dict[str, Any]:
    """Win share per type over ``games`` four-player games, every type in every game and the
    seats rotating; a shared win counts for each winner."""
    wins = dict.fromkeys(LINEUP, 0)
    ends: dict[str, int] = {}
    rounds = 0
    for seed in range(games):
        players = heuristic_players()
        names = [LINEUP[(seed + i) % 4] for i in range(4)]
        rngs = [random.Random(seed * 8 + i) for i in range(4)]
        state = GAME.setup(4, seed, {"preset": preset, "mode": mode})
        while not state.over:
            seat = state.seat
            legal = GAME.legal_actions(state, seat)
            GAME.apply_in_place(state, seat, players[names[seat]](state, legal, rngs[seat]))
        for seat in state.winners:
            wins[names[seat]] += 1
        ends[state.end_reason] = ends.get(state.end_reason, 0) + 1
        rounds += state.round
    return {"wins": wins, "ends": ends, "rounds": rounds / games}


def print_win_rates(games: int) -> None:
    print(f"\nwin rates, {games} four-player games per row (seats rotating):")
    print(f"{'preset':8} {'mode':9} " + " ".join(f"{n:>9}" for n in LINEUP) + "  rounds  ends")
    for preset in presets.PRESETS[::-1]:
        for mode in presets.IMPLEMENTED_MODES:
            result = win_rates(preset, mode, games)
            shares = " ".join(f"{100 * result['wins'][n] / games:8.1f}%" for n in LINEUP)
            ends = ", ".join(f"{k} {v}" for k, v in sorted(result["ends"].items()))
            print(f"{preset:8} {mode:9} {shares}  {result['rounds']:6.1f}  {ends}")


def rate(
    play: Callable[[int, str, str], int], preset: str, mode: str, seconds: float
) -> tuple[float, float, int]:
    """(games per CPU second, steps per game, games) over at least ``seconds`` of CPU."""
    games = steps = 0
    start = time.process_time()
    while time.process_time() - start < seconds or games < 3:
        steps += play(games, preset, mode)
        games += 1
    elapsed = time.process_time() - start
    return games / elapsed, steps / games, games


def profile(games: int) -> None:
    from pyinstrument import Profiler  # noqa: PLC0415 - a dev tool: .venv/bin/pip install pyinstrument

    profiler = Profiler(interval=0.0005)
    profiler.start()
    for seed in range(games):
        play_fast(seed, "modern", "regular")
    profiler.stop()
    print(profiler.output_text(unicode=False, color=False, show_all=False))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="CPU seconds per row")
    parser.add_argument("--profile", action="store_true", help="also profile modern Regular")
    parser.add_argument("--profile-games", type=int, default=60)
    parser.add_argument("--winrates", type=int, default=0, metavar="N", help="win rates, N games")
    args = parser.parse_args()

    # Which code runs: the mypyc-compiled modules (tools/build_native.py) or the sources.
    print("native: yes (mypyc)" if native.NATIVE else f"native: no (pure Python) - {native.STATUS}")
    print(f"{'preset':8} {'mode':9} {'path':9} {'games/s':>8} {'steps/game':>10} {'games':>6}")
    headline = 0.0
    for preset in presets.PRESETS[::-1]:
        for mode in presets.IMPLEMENTED_MODES:
            try:
                per_second, steps, games = rate(play_fast, preset, mode, args.seconds)
            except Exception as exc:  # report the row, time the others
                print(f"{preset:8} {mode:9} {'fast':9} failed: {type(exc).__name__}: {exc}")
                continue
            if (preset, mode) == ("modern", "regular"):
                headline = per_second
            print(f"{preset:8} {mode:9} {'fast':9} {per_second:8.1f} {steps:10.0f} {games:6}")
    per_second, steps, games = rate(play_contract, "modern", "regular", args.seconds)
    print(f"{'modern':8} {'regular':9} {'contract':9} {per_second:8.1f} {steps:10.0f} {games:6}")
    print(
        f"\nmodern Regular, 4 heuristic players, fast path: {headline:.1f} games/s "
        f"(target {TARGET:.0f}, ratio {headline / TARGET:.2f})"
    )
    if args.profile:
        profile(args.profile_games)
    if args.winrates:
        print_win_rates(args.winrates)


if __name__ == "__main__":
    main()
