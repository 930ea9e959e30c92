"""Render benchmark: median and 90th-percentile time, PNG size and picture size per board.

Run: ``.venv/bin/python bench/render.py [--repeat N] [--game cartolan]``. Prints one line per
case, then whether Cartolan's 100-tile map meets its target (median ≤ 50 ms, issue 6). Times are
wall-clock and CPU (process) time per render after a warm-up render (fonts, card faces and the
game's palette are built once per process; that one-off cost is printed separately).
"""

from __future__ import annotations

import argparse
import io
import statistics
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from PIL import Image

import renderer
from gamecore import get_game
from tests.renderer.cartolan_views import synthetic_view


def played_view(
    game_id: str, players: int, seed: int, steps: int, options: dict | None = None
) -> dict[str, Any]:
    """The view after ``steps`` moves of a seeded game (moves picked in a fixed pattern)."""
    game = get_game(game_id)
    state = game.setup(players, seed, options or {})
    for step in range(steps):
        status = game.status(state)
        if status.over:
            break
        seat = status.to_move[0]
        actions = game.legal_actions(state, seat)
        state, _ = game.apply(state, seat, actions[(seed + 3 * step) % len(actions)])
    return game.view(state, game.status(state).to_move[0] if game.status(state).to_move else 0)


def measure(render: Callable[[], bytes], repeat: int) -> tuple[float, float, float, bytes]:
    """(median wall ms, 90th-percentile wall ms, median CPU ms, the PNG)."""
    png = render()
    walls, cpus = [], []
    for _ in range(repeat):
        wall, cpu = time.perf_counter(), time.process_time()
        render()
        walls.append((time.perf_counter() - wall) * 1000)
        cpus.append((time.process_time() - cpu) * 1000)
    walls.sort()
    return statistics.median(walls), walls[int(len(walls) * 0.9) - 1], statistics.median(cpus), png


#: Issue 6: a Cartolan map of 100 tiles in at most 50 ms (median wall-clock time).
TARGET_CASE = "cartolan 100 tiles"
TARGET_MS = 50.0


def cases() -> list[tuple[str, str, dict[str, Any], str]]:
    return [
        ("cartographer board", "cartographer", played_view("cartographer", 1, 1, 12), "board"),
        (
            "dungeon-delver board",
            "dungeon-delver",
            played_view("dungeon-delver", 1, 2, 10),
            "board",
        ),
        ("speiderne board (4 players)", "speiderne", played_view("speiderne", 4, 3, 60), "board"),
        ("speiderne hand", "speiderne", played_view("speiderne", 4, 3, 60), "hand"),
        ("cartolan 20 tiles", "cartolan", synthetic_view(20), "board"),
        ("cartolan 60 tiles", "cartolan", synthetic_view(60), "board"),
        ("cartolan 100 tiles", "cartolan", synthetic_view(100), "board"),
        ("cartolan 120 tiles", "cartolan", synthetic_view(120), "board"),
        ("cartolan 400 tiles (cropped)", "cartolan", synthetic_view(400), "board"),
        (
            "cartolan real game (modern)",
            "cartolan",
            played_view("cartolan", 3, 11, 300, {"preset": "modern"}),
            "board",
        ),
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=40)
    parser.add_argument("--game", choices=renderer.drawn_games(), help="only the cases of this game")
    args = parser.parse_args()
    for game_id in [args.game] if args.game else renderer.drawn_games():
        started = time.process_time()
        renderer.warm_up(game_id)
        print(
            f"warm-up {game_id:<16} {(time.process_time() - started) * 1000:7.0f} ms CPU (once per process)"
        )
    print(f"{'case':<32} {'median':>8} {'p90':>8} {'cpu':>8} {'bytes':>9}  size")
    medians: dict[str, float] = {}
    for name, game_id, view, kind in cases():
        if args.game and game_id != args.game:
            continue
        draw = renderer.render_board if kind == "board" else renderer.render_hand
        median, p90, cpu, png = measure(partial(draw, game_id, view), args.repeat)
        width, height = Image.open(io.BytesIO(png)).size
        medians[name] = median
        print(
            f"{name:<32} {median:7.1f}ms {p90:7.1f}ms {cpu:7.1f}ms {len(png):9,d}  {width}x{height}"
        )
    if TARGET_CASE in medians:
        verdict = "met" if medians[TARGET_CASE] <= TARGET_MS else "MISSED"
        print(
            f"target: {TARGET_CASE} median ≤ {TARGET_MS:g} ms: {verdict} ({medians[TARGET_CASE]:.1f} ms)"
        )


if __name__ == "__main__":
    main()
