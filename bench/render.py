"""Render benchmark: CPU per board of today's renderer beside an earlier one's, in one run.

Run: ``.venv/bin/python bench/render.py [--base REV] [--repeat N] [--rounds R] [--game ID]``.
The views are built once from today's engines; ``git archive REV`` puts the earlier tree in a
temporary folder, and the two renderers draw the same views in alternating subprocesses
(earlier, today, earlier, today, ...), so both see the same machine load. Each case prints the
median CPU time per render (``time.process_time``, after a warm-up render: fonts, card faces
and palettes are built once per process) of the best round, the ratio, the PNG sizes and the
picture sizes. The goal is at most 0.7x at the same picture size, no board slower where the
picture grew, and PNGs under 300 KB. ``--base`` defaults to the tree before boards were drawn
on palette canvases (renderer/palette_canvas.py); ``--base 6cad881`` compares with the
renderer before the first round of render work. Each case's CPU also depends on what the
process has drawn before (pieces are mapped onto the palette once and kept), so the figure is
that of a board drawn again, as the bot draws a match's board turn after turn.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
#: The renderer before palette canvases (boards drawn in RGB and mapped whole).
BASE = "21ad38e"
TARGET_RATIO = 0.7
MAX_PNG = 300_000


def played_view(
    game_id: str, players: int, seed: int, steps: int, options: dict[str, Any] | None = None
) -> dict[str, Any]:
    """The view after ``steps`` moves of a seeded game (moves picked in a fixed pattern)."""
    from gamecore import get_game  # noqa: PLC0415 - a worker process needs no engine

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


def cases() -> list[tuple[str, str, dict[str, Any], str]]:
    """(name, game, view, board or hand) of every case."""
    sys.path.insert(0, str(ROOT))
    from tests.renderer.cartolan_views import synthetic_view  # noqa: PLC0415 - test views, main process only

    return [
        ("cartographer board", "cartographer", played_view("cartographer", 1, 1, 12), "board"),
        (
            "dungeon-delver board",
            "dungeon-delver",
            played_view("dungeon-delver", 1, 2, 10),
            "board",
        ),
        ("speiderne board (4 players)", "speiderne", played_view("speiderne", 4, 3, 60), "board"),
        ("speiderne board (6 players)", "speiderne", played_view("speiderne", 6, 1, 40), "board"),
        ("speiderne hand", "speiderne", played_view("speiderne", 4, 3, 60), "hand"),
        ("cartolan 20 tiles", "cartolan", synthetic_view(20), "board"),
        ("cartolan 100 tiles", "cartolan", synthetic_view(100), "board"),
        ("cartolan 400 tiles (cropped)", "cartolan", synthetic_view(400), "board"),
        (
            "cartolan real game (modern)",
            "cartolan",
            played_view("cartolan", 3, 11, 300, {"preset": "modern"}),
            "board",
        ),
    ]


def work(cases_file: str, repeat: int) -> None:
    """In a worker: render every case of ``cases_file`` with the ``renderer`` on sys.path and
    print one JSON line per case: median CPU ms, PNG bytes, picture size."""
    from PIL import Image  # noqa: PLC0415 - with it

    import renderer  # noqa: PLC0415 - whichever tree the worker was started in

    for name, game_id, view, kind in json.loads(Path(cases_file).read_text()):
        renderer.warm_up(game_id)
        draw = renderer.render_board if kind == "board" else renderer.render_hand
        png = draw(game_id, view)
        cpus = []
        for _ in range(repeat):
            started = time.process_time()
            draw(game_id, view)
            cpus.append((time.process_time() - started) * 1000)
        size = Image.open(io.BytesIO(png)).size
        print(json.dumps([name, statistics.median(cpus), len(png), size]), flush=True)


def _run(tree: Path, cases_file: str, repeat: int) -> dict[str, tuple[float, int, list[int]]]:
    env = dict(os.environ, PYTHONPATH=str(tree))
    out = subprocess.run(
        [
            sys.executable,
            str(Path(__file__).resolve()),
            "--worker",
            cases_file,
            "--repeat",
            str(repeat),
        ],
        cwd=tree,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    return {row[0]: (row[1], row[2], row[3]) for row in map(json.loads, out.splitlines())}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", default=BASE, help=f"the earlier revision (default {BASE})")
    parser.add_argument("--repeat", type=int, default=30, help="renders per case and round")
    parser.add_argument("--rounds", type=int, default=2, help="alternating rounds per tree")
    parser.add_argument("--game", help="only the cases of this game")
    parser.add_argument("--worker", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        work(args.worker, args.repeat)
        return
    chosen = [c for c in cases() if not args.game or c[1] == args.game]
    with tempfile.TemporaryDirectory() as scratch:
        base = Path(scratch) / "base"
        base.mkdir()
        archive = subprocess.run(
            ["git", "-C", str(ROOT), "archive", args.base], capture_output=True, check=True
        ).stdout
        subprocess.run(["tar", "-x", "-C", str(base)], input=archive, check=True)
        cases_file = str(Path(scratch) / "cases.json")
        Path(cases_file).write_text(json.dumps(chosen))
        before: dict[str, list[tuple[float, int, list[int]]]] = {}
        after: dict[str, list[tuple[float, int, list[int]]]] = {}
        for _ in range(args.rounds):
            for tree, into in ((base, before), (ROOT, after)):
                for name, row in _run(tree, cases_file, args.repeat).items():
                    into.setdefault(name, []).append(row)
    print(
        f"CPU ms per render, best of {args.rounds} rounds of {args.repeat} (median each); base {args.base}"
    )
    print(
        f"{'case':<30} {'before':>7} {'after':>7} {'ratio':>6} {'PNG before':>11} {'after':>8}  size before → after"
    )
    for name, *_ in chosen:
        old = min(before[name], key=lambda r: r[0])
        new = min(after[name], key=lambda r: r[0])
        ratio = new[0] / old[0]
        same = tuple(old[2]) == tuple(new[2])
        verdict = (
            ("ok" if ratio <= TARGET_RATIO else "ABOVE 0.7")
            if same
            else ("ok (grew)" if ratio <= 1 else "SLOWER")
        )
        if name.endswith("hand") and same:  # hands are mapped whole: only boards have a goal
            verdict = "ok (no goal)" if ratio <= 1.1 else "SLOWER"
        if new[1] >= MAX_PNG:
            verdict += f", PNG over {MAX_PNG // 1000} KB"
        print(
            f"{name:<30} {old[0]:7.2f} {new[0]:7.2f} {ratio:6.2f} {old[1] / 1024:9.0f} K "
            f"{new[1] / 1024:6.0f} K  {old[2][0]}x{old[2][1]} → {new[2][0]}x{new[2][1]}  {verdict}"
        )


if __name__ == "__main__":
    main()
