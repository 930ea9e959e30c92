"""Resident memory of a bot process once every game has drawn its board and a hand
(docs/scaling.md, docs/operations.md): the interpreter, discord.py, Pillow, the games'
code and the renderer's caches (fonts, palettes, cached pieces) all loaded.

    .venv/bin/python bench/process_memory.py [--matches 1000]

Prints the RSS after importing the bot, after ``--matches`` live matches were opened, and
after one board and one hand of every drawn game were rendered (as the first turn of each
game in a running bot does).
"""

from __future__ import annotations

import argparse
import asyncio
import resource
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from turns import new_live_match, open_service

import bot  # noqa: F401 - the process as the bot runs it (discord.py, cogs)
import renderer
from gamecore.match import Match


def rss_mb() -> float:
    """The current resident size (``/proc/self/statm``), not the peak."""
    pages = int(Path("/proc/self/statm").read_text().split()[1])
    return pages * resource.getpagesize() / 2**20


async def run(matches: int) -> None:
    print(f"bot imported: {rss_mb():.0f} MB")
    with tempfile.TemporaryDirectory() as folder:
        service = await open_service(str(Path(folder) / "m.db"), "NORMAL")
        games = renderer.drawn_games()
        ids = [(await new_live_match(service, games[i % len(games)], i)).id for i in range(matches)]
        print(f"{matches} live matches of {', '.join(games)}: {rss_mb():.0f} MB")
        first: dict[str, Match] = {}
        for match_id in ids:
            match = await service.get(match_id)
            first.setdefault(match.game_id, match)
        for game_id, match in first.items():
            renderer.render_board(game_id, service.view_for(match, None))
            seat = match.seats[match.to_move[0]] if match.to_move else match.seats[0]
            renderer.render_hand(game_id, service.view_for(match, seat.user_id))
        print(
            f"every game's board and a hand drawn: {rss_mb():.0f} MB "
            f"(peak {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MB)"
        )
        await service.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=1000)
    asyncio.run(run(parser.parse_args().matches))


if __name__ == "__main__":
    main()
