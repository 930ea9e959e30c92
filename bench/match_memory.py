"""Memory one live match costs a bot process (docs/scaling.md): Python heap growth per match
held in the service's memory, per game, measured with ``tracemalloc``.

    .venv/bin/python bench/match_memory.py [--matches 200] [--moves 10]

Each match is created with people in every seat and played ``--moves`` moves (a state in
the middle of a game, not a fresh one), then the heap is compared with the same service
before the matches existed. Legal-move caches are emptied first (they are bounded:
``legal_cache_size`` entries per process, not per match).
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import random
import sys
import tempfile
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from turns import available_games, new_live_match, open_service, person_to_move

from gamecore.registry import get_game


async def per_match(game_id: str, count: int, moves: int, folder: str) -> tuple[float, float]:
    """Heap bytes per live match, and the stored state's size in bytes (the row a move
    rewrites)."""
    service = await open_service(str(Path(folder) / f"{game_id}.db"), "NORMAL")
    rng = random.Random(1)
    gc.collect()
    tracemalloc.start()
    before = tracemalloc.take_snapshot()
    for index in range(count):
        match = await new_live_match(service, game_id, index)
        for _ in range(moves):
            user = person_to_move(match)
            legal = await service.legal_moves(match.id, user, limit=None) if user else []
            if user is None or not legal or match.status != "playing":
                break
            match = (await service.play(match.id, user, rng.choice(legal))).final
    service._legal.clear()
    service._computers.clear()
    gc.collect()
    after = tracemalloc.take_snapshot()
    tracemalloc.stop()
    grown = sum(s.size_diff for s in after.compare_to(before, "filename"))
    mine = [m for m in service._live.values() if m.game_id == game_id]
    game = get_game(game_id)
    state = sum(len(game.to_json(m.state)) for m in mine if m.state is not None)
    await service.close()
    return grown / max(1, len(mine)), state / max(1, len(mine))


async def main(args: argparse.Namespace) -> None:
    with tempfile.TemporaryDirectory() as folder:
        for game_id in available_games():
            size, state = await per_match(game_id, args.matches, args.moves, folder)
            print(
                f"{game_id:<16} {size / 1024:7.1f} KiB per live match (heap, tracemalloc); "
                f"stored state {state / 1024:5.1f} KiB"
            )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=200)
    parser.add_argument("--moves", type=int, default=10)
    asyncio.run(main(parser.parse_args()))
