"""One long replay's cost: CPU time and Python's peak memory, printed (no verdict).

The classic 4-player Cartolan match of seed 24 (1,444 steps, the heuristic computer players)
animated once, as ``/replay`` does: the CPU time of the animation (``time.process_time``, one
core) and Python's peak allocation while it runs (``tracemalloc``), beside the targets (10 s
of CPU on a quiet core, 40 MiB). CPU time grows with the neighbours' load on shared cores, so
say the machine's load (printed) beside the figures. tests/renderer/test_replay.py checks what
does not depend on the machine: the views streamed, the GIF's size, the map's window.

    PYTHONPATH=. .venv/bin/python bench/replay_cost.py
"""

from __future__ import annotations

import sys
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from gamecore import get_game
from gamecore.simulate import available_players, player_rng
from gamecore.timeline import public_timeline
from renderer.replay import animate

OPTIONS = {"preset": "classic", "mode": "regular"}
SEED, PLAYERS = 24, 4
TARGET_CPU_S = 10.0
TARGET_PEAK_MIB = 40.0


def played_moves() -> list[tuple[int | None, str]]:
    """The match, as the heuristic computer players play it."""
    game = get_game("cartolan")
    movers = [
        game.players().get("heuristic", available_players(game)["random"]) for _ in range(PLAYERS)
    ]
    rngs = [player_rng(SEED, seat) for seat in range(PLAYERS)]
    state = game.setup(PLAYERS, SEED, OPTIONS)
    moves: list[tuple[int | None, str]] = []
    while not game.status(state).over:
        seat = game.status(state).to_move[0]
        action = movers[seat](game.view(state, seat), game.legal_actions(state, seat), rngs[seat])
        state, _ = game.apply(state, seat, action)
        moves.append((seat, game.format_action(action)))
    return moves


def main() -> None:
    timeline = public_timeline(get_game("cartolan"), PLAYERS, SEED, OPTIONS, played_moves())
    animate("cartolan", timeline[:3])  # fonts, tiles and palettes are built once per process
    started = time.process_time()
    data = animate("cartolan", timeline)
    cpu = time.process_time() - started
    tracemalloc.start()
    try:
        animate("cartolan", timeline)
        peak = tracemalloc.get_traced_memory()[1] / 2**20
    finally:
        tracemalloc.stop()
    load = Path("/proc/loadavg").read_text().split()[:3] if Path("/proc/loadavg").exists() else []
    print(f"a {len(timeline)}-step Cartolan replay: GIF {len(data) / 2**20:.2f} MiB")
    print(f"  CPU {cpu:.1f} s (target {TARGET_CPU_S:.0f} s on a quiet core)")
    print(f"  Python's peak {peak:.1f} MiB while animating (target {TARGET_PEAK_MIB:.0f} MiB)")
    print(f"  machine load {' '.join(load) or 'unknown'}")


if __name__ == "__main__":
    main()
