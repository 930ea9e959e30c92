"""Issue 7.2 benchmark: double clicks on one board, and matches that do not block each other.

Part 1 (races): for each real game, ``--racers`` concurrent ``play`` calls on the same
match with different legal moves and the same version (clicks on one board): exactly one
must be applied, the others refused with ``stale_version`` ("the board changed"), the log
must hold one move. Then the same for ``/play``, which carries no version: ``--racers``
identical ``/play`` commands at once, each bound (as ``cogs/commands/play.py`` binds it) to
the version the player could see when it arrived; exactly one may apply.
The script exits 1 when any race ends WRONG.

Part 2 (independence): 1, 10 and 100 matches played at the same time, one player per match
who moves as soon as the last move is committed, through the match service on SQLite
(``synchronous=FULL``): total turns per second and per-turn latency. If matches blocked each
other, turns/s would stay flat as matches are added; group commit lets it grow.

    .venv/bin/python bench/races.py [--seconds 5] [--concurrency 1 10 100]
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from turns import (
    available_games,
    line,
    new_live_match,
    open_service,
    percentile,
    person_to_move,
)

from gamecore.match import MatchError
from service import MatchService, TurnOutcome


async def _tally(
    service: MatchService, match_id: str, results: Sequence[object], racers: int
) -> tuple[int, int, int, bool]:
    """Moves applied, moves refused as stale, steps logged, and whether exactly one won."""
    applied = [r for r in results if isinstance(r, TurnOutcome)]
    stale = [r for r in results if isinstance(r, MatchError) and r.code == "stale_version"]
    log = await service.actions(match_id)
    expected_log = applied[0].final.steps if applied else -1
    ok = len(applied) == 1 and len(stale) == racers - 1 and len(log) == expected_log
    return len(applied), len(stale), len(log), ok


async def race(service: MatchService, game_id: str, racers: int, index: int) -> str:
    match = await new_live_match(service, game_id, index)
    user = person_to_move(match)
    assert user is not None, "a race starts at a person's turn"
    moves = await service.legal_moves(match.id, user)
    results = await asyncio.gather(
        *(
            service.play(match.id, user, moves[i % len(moves)], match.version)
            for i in range(racers)
        ),
        return_exceptions=True,
    )
    applied, stale, log, ok = await _tally(service, match.id, results, racers)
    return (
        f"{game_id:<16} {racers} racers, {len(set(moves[:racers]))} different moves: "
        f"{applied} applied, {stale} 'board changed', log {log} step(s) "
        f"-> {'ok' if ok else 'WRONG'}"
    )


async def race_play(service: MatchService, game_id: str, racers: int, index: int) -> str:
    """The same ``/play`` sent ``racers`` times at once, as the command handles it."""
    match = await new_live_match(service, game_id, index)
    user = person_to_move(match)
    assert user is not None, "a race starts at a person's turn"
    move = (await service.legal_moves(match.id, user))[0]

    async def command() -> TurnOutcome:
        seen = service.live_versions(user)  # read when the command arrives, before any wait
        await asyncio.sleep(0)  # the acknowledgement to Discord
        return await service.play(match.id, user, move, seen.get(match.id))

    results = await asyncio.gather(*(command() for _ in range(racers)), return_exceptions=True)
    applied, stale, log, ok = await _tally(service, match.id, results, racers)
    return (
        f"{game_id:<16} {racers} x /play {move!r}: {applied} applied, {stale} 'board "
        f"changed', log {log} step(s) -> {'ok' if ok else 'WRONG'}"
    )


async def independent(
    service: MatchService, matches: int, seconds: float, seed: int
) -> tuple[float, float]:
    games = available_games()
    ids = [
        (await new_live_match(service, games[i % len(games)], 50_000 + seed * 1000 + i)).id
        for i in range(matches)
    ]
    latencies: list[float] = []
    deadline = time.perf_counter() + seconds
    counter = [0]

    async def player(slot: int) -> None:
        rng = random.Random(seed * 1000 + slot)
        while time.perf_counter() < deadline:
            match = await service.get(ids[slot])
            user = person_to_move(match) if match.status == "playing" else None
            if user is None:
                counter[0] += 1
                ids[slot] = (
                    await new_live_match(
                        service, match.game_id, 900_000 + seed * 10_000 + counter[0]
                    )
                ).id
                continue
            moves = await service.legal_moves(match.id, user)
            t0 = time.perf_counter()
            await service.play(match.id, user, rng.choice(moves), match.version)
            latencies.append(time.perf_counter() - t0)

    started = time.perf_counter()
    await asyncio.gather(*(player(slot) for slot in range(matches)))
    elapsed = time.perf_counter() - started
    print(f"  {matches:>4} concurrent matches: {len(latencies) / elapsed:7,.0f} turns/s")
    print("        " + line("turn (service path)", latencies))
    return len(latencies) / elapsed, percentile(latencies, 0.99)


async def run(args: argparse.Namespace) -> bool:
    """True when every race ended as it must."""
    lines: list[str] = []
    with tempfile.TemporaryDirectory() as folder:
        service = await open_service(str(Path(folder) / "races.db"), args.sync)
        print(f"Part 1: {args.racers} simultaneous moves on one version (real games)")
        for index, game_id in enumerate(available_games()):
            lines.append(await race(service, game_id, args.racers, 700_000 + index))
            print("  " + lines[-1])
        print(f"Part 1b: the same /play sent {args.racers} times at once (no version typed)")
        for index, game_id in enumerate(available_games()):
            lines.append(await race_play(service, game_id, args.racers, 710_000 + index))
            print("  " + lines[-1])
        print(f"Part 2: independent matches, {args.seconds:.0f} s each, synchronous={args.sync}")
        rates = []
        for step, matches in enumerate(args.concurrency):
            rate, _ = await independent(service, matches, args.seconds, step + 1)
            rates.append(rate)
        await service.close()
    if len(rates) > 1:
        print(
            f"speed-up from {args.concurrency[0]} to {args.concurrency[-1]} matches: "
            f"{rates[-1] / rates[0]:.1f}x (1.0x would mean matches wait for each other)"
        )
    wrong = [line for line in lines if line.endswith("WRONG")]
    if wrong:
        print(f"{len(wrong)} race(s) ended WRONG")
    return not wrong


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--racers", type=int, default=50)
    parser.add_argument("--concurrency", type=int, nargs="+", default=[1, 10, 100])
    parser.add_argument("--sync", default="FULL", choices=("FULL", "NORMAL", "OFF"))
    sys.exit(0 if asyncio.run(run(parser.parse_args())) else 1)


if __name__ == "__main__":
    main()
