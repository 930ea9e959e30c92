"""Issue 22 item 4: 1,000 turn clocks due at once, swept as the bot's clock loop does.

Opens ``--matches`` running multiplayer matches (people in every seat, the default turn
clock) spread over ``--channels`` channels, moves the service's clock past every deadline
and times one sweep: ``due_timers`` (the claims), then ``service.sweep.by_channel`` with
each clock's ``fire_timer`` (the timeout move, committed) followed by ``--requests``
Discord requests of ``--latency`` seconds each (the board edit and the channel line; no
Discord here, so their time is simulated by waiting). Runs the sweep one clock at a time
(``--limit 1``, the old loop) and with the bot's bound, each on fresh matches, and checks
that every clock fired exactly once.

    .venv/bin/python bench/clocks.py [--matches 1000] [--channels 1000] [--latency 0.1]

Target: 1,000 clocks handled in ≤ 5 s. Prints figures only.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from gamecore.match import DEFAULT_TURN_LIMIT
from gamecore.registry import get_game
from service import MatchService
from service.sweep import SWEEP_CONCURRENCY, by_channel
from storage import SqliteMatchStore


async def opened(path: str, args: argparse.Namespace) -> tuple[MatchService, list[float]]:
    offset = [0.0]
    service = MatchService(
        SqliteMatchStore(path, synchronous=args.sync), clock=lambda: time.time() + offset[0]
    )
    await service.start()

    async def one(index: int) -> None:
        game_id = args.games[index % len(args.games)]
        host = 10_000_000 + index
        lobby = await service.new_match(game_id, 1, 100 + index % args.channels, host)
        for extra in range(1, get_game(game_id).min_players):
            await service.lobby_join(lobby.id, host + extra * 1_000_000)
        await service.lobby_start(lobby.id, host)

    for first in range(0, args.matches, 100):  # 100 at a time: group commits
        await asyncio.gather(*(one(i) for i in range(first, min(args.matches, first + 100))))
    return service, offset


async def sweep(path: str, args: argparse.Namespace, limit: int) -> None:
    service, offset = await opened(path, args)
    before = {m.id: m.steps for m in await service.live_matches()}
    offset[0] = DEFAULT_TURN_LIMIT + 60  # every deadline passed
    kinds: Counter[str] = Counter()

    async def handle(match) -> None:  # type: ignore[no-untyped-def]
        outcome = await service.fire_timer(match.id)
        kinds[outcome.kind] += 1
        for _ in range(args.requests):  # the board edit, the channel's line
            await asyncio.sleep(args.latency)

    started = time.perf_counter()
    cpu = time.process_time()
    due = [await service.get(i) for i in await service.due_timers()]
    await by_channel(due, handle, limit)
    elapsed = time.perf_counter() - started
    cpu = time.process_time() - cpu
    again = await service.due_timers()
    steps = {m.id: m.steps for m in await service.live_matches()}
    once = sum(1 for i, n in before.items() if steps.get(i, n + 1) == n + 1)
    await service.close()
    print(
        f"  at most {limit:>3} channels at once: {len(due)} clocks handled in {elapsed:6.2f} s "
        f"(CPU {cpu:.2f} s); kinds {dict(kinds)}; fired exactly once: {once}/{len(before)}; "
        f"due after the sweep: {len(again)}"
    )


async def run(args: argparse.Namespace) -> None:
    print(
        f"{args.matches} clocks of {', '.join(args.games)} over {args.channels} channels, "
        f"{args.requests} Discord requests of {args.latency * 1000:.0f} ms per clock, "
        f"SQLite synchronous={args.sync}"
    )
    for limit in (1, SWEEP_CONCURRENCY) if args.limit is None else (args.limit,):
        with tempfile.TemporaryDirectory() as folder:
            await sweep(str(Path(folder) / "clocks.db"), args, limit)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=1000)
    parser.add_argument("--channels", type=int, default=1000)
    parser.add_argument("--games", nargs="+", default=["speiderne", "cartolan"])
    parser.add_argument("--latency", type=float, default=0.1, help="seconds per Discord request")
    parser.add_argument("--requests", type=int, default=2, help="Discord requests per clock")
    parser.add_argument("--limit", type=int, help="channels at once (default: 1, then the bot's)")
    parser.add_argument("--sync", default="NORMAL", choices=("FULL", "NORMAL", "OFF"))
    asyncio.run(run(parser.parse_args()))


if __name__ == "__main__":
    main()
