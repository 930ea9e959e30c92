"""Issue 21 item 9: many ``/replay`` of long Cartolan matches at once.

``--replays`` replays of the classic 4-player Cartolan match of seed 24 (1,444 steps, played
by the heuristic computer players) go through the bot's ``ReplayQueue`` at the same moment,
as ``/replay`` sends them (the timeline built in the default executor as the service does,
the animation in the queue's own threads). Meanwhile a board picture is drawn in the default
executor every half second, as a move's redraw would be. Printed: the process's peak
resident memory above the idle process (sampled every 20 ms), how long the replays took,
and the longest a board waited.

    PYTHONPATH=. .venv/bin/python bench/replays.py [--replays 12] [--limit 2]

``--limit 12`` draws them all at once (no queue), for comparison. Exits 1 when the peak is
above ``--budget-mb`` (default 300).
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import threading
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cogs.delivery.replay_queue import ReplayQueue
from gamecore import get_game
from gamecore.simulate import available_players, player_rng
from gamecore.timeline import public_timeline
from renderer import render_board
from renderer.replay import animate

OPTIONS = {"preset": "classic", "mode": "regular"}
SEED, PLAYERS = 24, 4


def rss_mb() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def played_moves() -> list[tuple[int, str]]:
    """The match every replay shows, as the heuristic computer players play it."""
    game = get_game("cartolan")
    known = available_players(game)
    name = next(n for n in ("heuristic", "greedy", "random") if n in known)
    player = game.players().get(name, known[name])
    rngs = [player_rng(SEED, seat) for seat in range(PLAYERS)]
    state = game.setup(PLAYERS, SEED, OPTIONS)
    moves = []
    while not game.status(state).over:
        seat = game.status(state).to_move[0]
        action = player(game.view(state, seat), game.legal_actions(state, seat), rngs[seat])
        state, _ = game.apply(state, seat, action)
        moves.append((seat, game.format_action(action)))
    return moves


class Reply:
    """A deferred reply: the queue's place notices and progress lines land here."""

    def __init__(self) -> None:
        self.places: list[int] = []

    async def edit_original_response(self, *, content: str | None = None, **_: Any) -> None:
        if content and content.startswith("place "):
            self.places.append(int(content.split()[1]))


async def run(args: argparse.Namespace) -> int:
    game = get_game("cartolan")
    moves = played_moves()
    board_view = public_timeline(game, PLAYERS, SEED, OPTIONS, moves[:200])[-1][1]
    await asyncio.to_thread(render_board, "cartolan", board_view)  # warm the caches
    idle = rss_mb()
    peak = [idle]
    stop = threading.Event()

    def sample() -> None:
        while not stop.is_set():
            peak[0] = max(peak[0], rss_mb())
            time.sleep(0.02)

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    queue = ReplayQueue(limit=args.limit)
    waits: list[float] = []

    async def one(reply: Reply) -> int:
        timeline = await asyncio.to_thread(public_timeline, game, PLAYERS, SEED, OPTIONS, moves)
        picture = await queue.run(
            reply,  # type: ignore[arg-type]
            lambda progress: animate("cartolan", timeline, "en", progress),
            lambda done, total: f"{done}/{total}",
            lambda place: f"place {place}",
        )
        return len(picture)

    async def boards(done: asyncio.Event) -> None:
        while not done.is_set():
            started = time.perf_counter()
            await asyncio.to_thread(render_board, "cartolan", board_view)
            waits.append(time.perf_counter() - started)
            await asyncio.sleep(0.5)

    replies = [Reply() for _ in range(args.replays)]
    finished = asyncio.Event()
    drawer = asyncio.create_task(boards(finished))
    started = time.perf_counter()
    sizes = await asyncio.gather(*(one(reply) for reply in replies))
    elapsed = time.perf_counter() - started
    finished.set()
    await drawer
    stop.set()
    sampler.join()
    queue.close()
    above = peak[0] - idle
    told = sum(1 for reply in replies if reply.places)
    print(
        f"{args.replays} replays of a {len(moves)}-step Cartolan match, {args.limit} drawn at once"
    )
    print(
        f"  idle process {idle:.0f} MB, peak {peak[0]:.0f} MB: {above:.0f} MB above idle (budget {args.budget_mb} MB)"
    )
    print(
        f"  all done in {elapsed:.1f} s; GIFs {min(sizes) / 1e6:.2f} MB each; {told} told their place"
    )
    print(
        f"  boards drawn meanwhile: {len(waits)}, longest {max(waits):.2f} s, median {sorted(waits)[len(waits) // 2]:.2f} s"
    )
    return 0 if above <= args.budget_mb else 1


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--replays", type=int, default=12)
    parser.add_argument("--limit", type=int, default=2)
    parser.add_argument("--budget-mb", type=float, default=300.0)
    sys.exit(asyncio.run(run(parser.parse_args())))


if __name__ == "__main__":
    main()
