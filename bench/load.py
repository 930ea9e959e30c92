"""Issue 7 load test: 1,000 live matches, a mixed stream of moves and autocompletes.

Interactions arrive as Discord would deliver them (random times, ``--rate`` moves per
second plus ``--autocompletes`` autocompletes per move) on random matches, through the
match service (no Discord, no rendering), for ``--seconds``; then ``--saturate`` seconds
of players who never pause show the most turns per second. Prints throughput, p50/p99
latency and peak RSS.

    .venv/bin/python bench/load.py [--seconds 60] [--rate 300] [--matches 1000]

Targets: ≥ 300 turns/s, turn p99 ≤ 30 ms, peak RSS ≤ 150 MB. Prints figures only.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import resource
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from turns import (  # noqa: E402
    available_games,
    choose_move,
    line,
    open_service,
    percentile,
    populate,
    take_turn,
)

from gamecore.match import MatchError  # noqa: E402
from service import MatchService  # noqa: E402


def peak_rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


class Stream:
    """Moves and autocompletes on random matches; one move at a time per match."""

    def __init__(self, service: MatchService, ids: list[str], seed: int) -> None:
        self.service = service
        self.ids = ids
        self.rng = random.Random(seed)
        self.counter = [len(ids)]
        self.busy: set[str] = set()
        self.turns: list[float] = []
        self.completes: list[float] = []
        self.conflicts: list[str] = []

    async def _pick(self) -> tuple[str, int] | None:
        for _ in range(20):
            slot = self.rng.randrange(len(self.ids))
            picked = await take_turn(self.service, self.ids, slot, self.rng, self.counter)
            if picked is not None and picked[0] not in self.busy:
                return picked
        return None

    async def autocomplete(self) -> None:
        picked = await self._pick()
        if picked is None:
            return
        match_id, user = picked
        moves = await self.service.legal_moves(match_id, user)
        typed = self.rng.choice(moves)[: self.rng.randrange(4)] if moves else ""
        t0 = time.perf_counter()
        await self.service.legal_moves(match_id, user, typed)
        self.completes.append(time.perf_counter() - t0)

    async def move(self) -> None:
        picked = await self._pick()
        if picked is None:
            return
        match_id, user = picked
        self.busy.add(match_id)
        try:
            move = await choose_move(self.service, match_id, user, self.rng)
            if move is None:
                return
            version = (await self.service.get(match_id)).version
            t0 = time.perf_counter()
            try:
                await self.service.play(match_id, user, move, version)
            except MatchError as err:
                self.conflicts.append(err.code)
                return
            self.turns.append(time.perf_counter() - t0)
        finally:
            self.busy.discard(match_id)


async def open_loop(stream: Stream, rate: float, autocompletes: int, seconds: float) -> float:
    """Interactions arrive at random (Poisson) times at ``rate`` moves per second plus
    ``autocompletes`` autocompletes per move, as Discord would deliver them."""
    tasks: set[asyncio.Task] = set()
    started = time.perf_counter()
    next_at = started
    total_rate = rate * (1 + autocompletes)
    while next_at < started + seconds:
        next_at += stream.rng.expovariate(total_rate)
        delay = next_at - time.perf_counter()
        if delay > 0:
            await asyncio.sleep(delay)
        is_move = stream.rng.random() < 1 / (1 + autocompletes)
        task = asyncio.create_task(stream.move() if is_move else stream.autocomplete())
        tasks.add(task)
        task.add_done_callback(tasks.discard)
    await asyncio.gather(*tasks)
    return time.perf_counter() - started


async def closed_loop(stream: Stream, clients: int, autocompletes: int, seconds: float) -> float:
    """Saturation: ``clients`` players who never pause; shows the most turns per second."""
    deadline = time.perf_counter() + seconds

    async def client() -> None:
        while time.perf_counter() < deadline:
            for _ in range(autocompletes):
                await stream.autocomplete()
            await stream.move()

    started = time.perf_counter()
    await asyncio.gather(*(client() for _ in range(clients)))
    return time.perf_counter() - started


def report(title: str, stream: Stream, elapsed: float) -> float:
    rate = len(stream.turns) / elapsed
    print(
        f"{title}: {rate:,.0f} turns/s, {len(stream.completes) / elapsed:,.0f} autocompletes/s "
        f"over {elapsed:.0f} s ({len(stream.conflicts)} moves refused, "
        f"{stream.counter[0] - len(stream.ids)} finished matches replaced)"
    )
    print("  " + line("turn (service path)", stream.turns))
    print("  " + line("autocomplete", stream.completes))
    return rate


async def run(args: argparse.Namespace) -> None:
    with tempfile.TemporaryDirectory() as folder:
        service = await open_service(args.db or str(Path(folder) / "load.db"), args.sync)
        ids = await populate(service, args.matches)
        print(
            f"{len(ids)} live matches of {', '.join(available_games())} "
            f"(synchronous={args.sync}); RSS after loading {peak_rss_mb():.0f} MB"
        )
        steady = Stream(service, ids, args.seed)
        cpu = time.process_time()
        elapsed = await open_loop(steady, args.rate, args.autocompletes, args.seconds)
        cpu = time.process_time() - cpu
        rate = report(f"steady load at {args.rate:.0f} moves/s", steady, elapsed)
        print(
            f"  CPU of this process (all threads): {cpu / elapsed:.0%} of one core, "
            f"{cpu * 1000 / max(1, len(steady.turns)):.2f} ms per move incl. its "
            f"autocompletes; machine load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores"
        )
        saturated = Stream(service, ids, args.seed + 1)
        if args.saturate > 0:
            elapsed = await closed_loop(saturated, args.clients, args.autocompletes, args.saturate)
            top = report(f"saturation with {args.clients} clients", saturated, elapsed)
        await service.close()
    rss = peak_rss_mb()
    print(f"peak RSS: {rss:.0f} MB")
    p99 = percentile(steady.turns, 0.99)
    verdict = [
        f"≥ 300 turns/s: {'met' if max(rate, top if args.saturate > 0 else 0) >= 300 else 'MISSED'}",
        f"p99 ≤ 30 ms at {args.rate:.0f}/s: {'met' if p99 <= 0.030 else 'MISSED'}",
        f"≤ 150 MB: {'met' if rss <= 150 else 'MISSED'}",
    ]
    print("targets: " + "; ".join(verdict))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--matches", type=int, default=1000)
    parser.add_argument("--rate", type=float, default=300.0, help="moves per second")
    parser.add_argument("--saturate", type=float, default=10.0, help="seconds at full speed")
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--autocompletes", type=int, default=3)
    parser.add_argument("--sync", default="FULL", choices=("FULL", "NORMAL", "OFF"))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--db", help="database file (default: a temporary one)")
    asyncio.run(run(parser.parse_args()))


if __name__ == "__main__":
    main()
