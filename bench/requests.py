"""Requests Discord counts per ``/play`` turn, by kind, through the real bot on simcord.

Discord allows a bot 50 requests per second in all (its global limit); requests made with
an interaction's token (its response and follow-ups, their edits and deletions) are not
counted. This bench plays ``--steps`` ``/play`` commands of a ``--players``-person game
(every seat a person; each plays its first legal move) through bot.py on simcord, and
counts the logged requests by kind, from the first ``/play`` on:

- ``lanes``: as the bot runs (the board and the ping through the turn's interaction);
- ``channel``: the same with lanes switched off (every message through the channel);

each with people taking ``--gap`` seconds a step (virtual time), and once more with
``--slow-gap`` (longer than an interaction token's 15 minutes). Prints, per run, counted
requests per ``/play`` step by kind and the steps/s one bot can take before the 50/s limit
binds (50 / counted per step), and apart the opening: ``/game new``, each join and the
start click, each ``--gap`` apart, and the first ``/play`` ``--gap`` after it. ``--postgres`` runs the bot on a throw-away PostgreSQL 18
(the test wheel) instead of SQLite and also prints the database round trips per step,
counted on the wire of every pooled connection (each Sync, Query or Flush waits for the
server). Counting starts after ``--warm`` steps (each person's notify settings are read
once, then held in memory); waiting between steps includes the clock sweep the bot runs once
a minute, so the round trips of a turn alone are those of ``--gap 0``.

    .venv/bin/python bench/requests.py [--game cartolan] [--players 4] [--steps 120]
        [--postgres]

Targets: at most 1.0 counted request per multiplayer ``/play`` step on average; at most 2
PostgreSQL round trips per step.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import sys
import tempfile
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

GLOBAL_LIMIT = 50


async def play(
    args: argparse.Namespace, gap: float, lanes: bool
) -> tuple[int, Counter[str], int | None, int]:
    """One game's first ``args.steps`` ``/play`` steps: (steps played, counted by kind,
    PostgreSQL round trips or None on SQLite, counted in the opening)."""
    import simcord  # noqa: PLC0415 - the bench's own harness, loaded when it runs

    from bot import Settings, create_bot  # noqa: PLC0415 - the real bot, with every cog
    from cogs.delivery.publisher import Publisher  # noqa: PLC0415 - to switch lanes off

    original = Publisher.lane_for
    if not lanes:
        Publisher.lane_for = lambda *_: None  # type: ignore[method-assign]
    try:
        with tempfile.TemporaryDirectory() as scratch:
            server = None
            url = f"sqlite:///{scratch}/bench.db"
            if args.postgres:
                from tests.pg_server import DURABLE_SETTINGS, PostgresServer  # noqa: PLC0415 - bench-only wheel

                Path(scratch).chmod(0o755)  # the server may run as its own user
                server = PostgresServer(DURABLE_SETTINGS, scratch=scratch)
                server.start()
                url = server.url()
            bot = create_bot(Settings(database_url=url))
            bot.computer_delay = 0.0
            env = simcord.Env(bot)
            await env.start()
            try:
                return await _game(env, args, gap)
            finally:
                await bot.close()
                await env.shutdown()
                if server is not None:
                    server.stop()
    finally:
        Publisher.lane_for = original  # type: ignore[method-assign]


async def _game(
    env: Any, args: argparse.Namespace, gap: float
) -> tuple[int, Counter[str], int | None, int]:
    from tests.cogs.helpers import counted_kinds  # noqa: PLC0415 - after sys.path is set
    from tests.storage.wire import Wire  # noqa: PLC0415 - after sys.path is set

    guild = env.create_guild("Bench")
    channel = guild.create_text_channel("games")
    people = [guild.add_member(env.create_user(f"p{i}")) for i in range(args.players)]
    host = people[0]
    opened = len(env.http_requests)
    await host.slash(channel, "game new", game=args.game, seed=args.seed)
    (match,) = await env.bot.service.find_matches(host.id, channel.id)
    lobby = next(m for m in channel.history() if m.id == match.board_message_id)
    for person in people[1:]:
        await env.advance_time(gap)
        await person.click(lobby, custom_id=f"tt:lb:{match.id}:join")
    await env.advance_time(gap)
    await host.click(lobby, custom_id=f"tt:lb:{match.id}:start")
    await env.advance_time(gap)
    by_id = {p.id: p for p in people}
    first, wires, steps, opening = len(env.http_requests), None, 0, 0
    while steps < args.steps + args.warm:
        if steps == args.warm:
            first = len(env.http_requests)
            wires = Wire(env.bot.service.store) if args.postgres else None
        match = await env.bot.service.get(match.id)
        if match.status != "playing":
            break
        person = by_id[match.seats[match.to_move[0]].user_id]
        moves = await env.bot.service.legal_moves(match.id, person.id)
        await person.slash(channel, "play", move=moves[(args.seed + 3 * steps) % len(moves)])
        steps += 1
        if steps == 1:
            opening = sum(counted_kinds(env.http_requests[opened:]).values())
        await env.advance_time(gap)
    played = max(0, steps - args.warm)
    trips = wires.trips if wires else None
    return played, counted_kinds(env.http_requests[first:]), trips, opening


def report(name: str, steps: int, counted: Counter[str], trips: int | None, opening: int) -> float:
    per_step = sum(counted.values()) / max(steps, 1)
    database = f"  {trips / max(steps, 1):.2f} PostgreSQL round trips/step" if trips else ""
    rate = GLOBAL_LIMIT / per_step if per_step else float("inf")
    detail = ", ".join(f"{kind} {n / max(steps, 1):.3f}" for kind, n in counted.most_common())
    print(
        f"{name:<34} {steps:>5} steps  {per_step:5.3f} counted/step  "
        f"{rate:8.1f} steps/s before 50/s binds   [{detail or 'none'}]{database}"
        f"   opening (game new, joins, start, first /play): {opening} counted"
    )
    return per_step


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="cartolan")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--steps", type=int, default=120)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--gap", type=float, default=20.0, help="seconds between steps")
    parser.add_argument("--slow-gap", type=float, default=16 * 60.0)
    parser.add_argument("--postgres", action="store_true", help="an embedded PostgreSQL")
    parser.add_argument("--warm", type=int, default=8, help="steps played before counting")
    args = parser.parse_args()
    logging.disable(logging.WARNING)  # the bot's info lines are not the bench's output
    print(f"{args.players}-person {args.game}, /play steps, seed {args.seed}")
    for gap in (args.gap, args.slow_gap):
        for lanes in (False, True):
            steps, counted, trips, opening = await play(args, gap, lanes)
            name = f"{'lanes' if lanes else 'channel only'}, {gap:.0f} s a step"
            report(name, steps, counted, trips, opening)


if __name__ == "__main__":
    asyncio.run(main())
