"""One bot process's match service, driven from a test (tests/distributed/test_processes.py).

    python -m tests.distributed.driver '<json settings>'

Settings: ``url`` (PostgreSQL), ``count``/``ids`` (the shards this process serves),
``mode``, and per mode:

- ``play``: play every live match it owns to the end, one task per match; prints
  ``{"ok": match_id, "step": n}`` after each committed move (flushed: a line printed is a
  move committed), then ``{"done": moves}``.
- ``contest``: once told ``go`` (a line on stdin), play ``move`` in ``match`` at
  ``version``; prints ``{"ok": ...}`` or ``{"refused": code}``.
- ``clocks``: with the clock moved ``offset`` seconds ahead, once told ``go``, fire every due timer it can claim until none is left; prints ``{"fired": match_id, "kind": kind}`` for each.
- ``serve``: a cluster under load until SIGTERM, stopped as ``bot.py`` stops (the same
  ``Intake``): ``players`` tasks each open a toy race in the process's guilds and play it
  to the end, a move every ``pace`` seconds, then the next; a clock sweep every 0.2 s fires
  the due clocks (the clock runs ``speed`` times faster than real time from ``epoch``).
  Prints ``{"ok": match_id, "step": n}`` per committed move, ``{"fired": match_id, "at":
  deadline, "kind": kind, "steps": [...]}`` per fired clock; on SIGTERM no new move starts,
  the sweep under way and the moves under way finish, and it prints ``{"stopped": left,
  "under_way": moves under way at the signal}`` and exits 0.

Every line is JSON on stdout; the test reads them as they come.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import signal
import sys
import time
from typing import Any

from service import MatchError, MatchService
from service.intake import Intake
from storage import ShardFilter, store_for
from tests.deadlines import HANG_GUARD
from tests.toys import register_toys

#: A graceful stop's bound here (the bot's STOP_TIMEOUT): generous, it only catches a hang.
STOP_TIMEOUT = HANG_GUARD


def say(**line: Any) -> None:
    print(json.dumps(line), flush=True)


async def play_to_end(service: MatchService, match_id: str, rng: random.Random) -> int:
    moves = 0
    match = await service.get(match_id)
    while match.status == "playing":
        user = match.seats[match.to_move[0]].user_id
        outcome = await service.play(match_id, user, f"add {rng.choice((1, 2, 3))}", match.version)
        match = outcome.final
        moves += 1
        say(ok=match_id, step=match.steps)
        await asyncio.sleep(0)  # let the other matches' tasks in between
    return moves


async def serve(service: MatchService, settings: dict[str, Any]) -> None:
    """Load until SIGTERM, then the graceful stop (see the module's docstring)."""
    intake = Intake()
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    loop.add_signal_handler(signal.SIGTERM, stop.set)
    sweeping = asyncio.Lock()
    count, ids = settings["count"], sorted(settings["ids"])
    pace, limit = float(settings["pace"]), float(settings["limit"])
    rng = random.Random(settings.get("seed", 1))

    async def move(match_id: str, user: int, notation: str, version: int) -> None:
        outcome = await service.play(match_id, user, notation, version)
        say(ok=match_id, step=outcome.final.steps)  # printed once committed

    async def player(number: int) -> None:
        shard = ids[number % len(ids)]
        while not intake.closing:
            guild = ((number * count + shard) << 22) + 17
            host, guest = 100_000 + number * 2, 100_001 + number * 2
            lobby = await service.new_match("toy-race", guild, 9, host, turn_limit=limit)
            await service.lobby_join(lobby.id, guest)
            match = await service.lobby_start(lobby.id, host)
            while match.status == "playing" and not intake.closing:
                await asyncio.sleep(pace * rng.uniform(0.5, 1.5))
                if intake.closing:
                    break
                match = await service.get(match.id)
                if match.status != "playing":
                    break
                user = match.seats[match.to_move[0]].user_id
                assert user is not None
                task = asyncio.ensure_future(
                    move(match.id, user, f"add {rng.choice((1, 2, 3))}", match.version)
                )
                intake.track(task)
                with contextlib.suppress(MatchError):  # the clock moved first: read again
                    await task
                match = await service.get(match.id)

    async def sweep() -> None:
        due = await service.due_timers()
        live = {m.id: m for m in await service.live_matches()}
        deadlines = {i: live[i].timer_at for i in due if i in live}
        for match_id in due:
            outcome = await service.fire_timer(match_id)
            steps = [step.final.steps for step in outcome.steps]
            say(fired=match_id, at=deadlines.get(match_id), kind=outcome.kind, steps=steps)

    async def clocks() -> None:
        while True:
            async with sweeping:
                await sweep()
            await asyncio.sleep(0.2)

    players = [asyncio.ensure_future(player(n)) for n in range(int(settings["players"]))]
    sweeper = asyncio.ensure_future(clocks())
    await stop.wait()
    intake.close()  # the bot's stop_gracefully, step by step
    under_way = intake.under_way
    async with sweeping:
        sweeper.cancel()
    left = await intake.drain(STOP_TIMEOUT)
    for task in players:
        task.cancel()
    await asyncio.gather(*players, sweeper, return_exceptions=True)
    await service.release_claims()
    say(stopped=left, under_way=under_way)


async def main(settings: dict[str, Any]) -> None:
    register_toys()
    offset = float(settings.get("offset", 0.0))
    epoch, speed = float(settings.get("epoch", 0.0)), float(settings.get("speed", 1.0))
    service = MatchService(
        store_for(settings["url"]),
        # the wall clock, moved ``offset`` on and run ``speed`` times faster from ``epoch``
        clock=lambda: epoch + (time.time() - epoch) * speed + offset,
        shards=ShardFilter(settings["count"], frozenset(settings["ids"])),
        owner=settings.get("owner"),
    )
    await service.start()
    say(ready=len(await service.live_matches()))
    mode = settings["mode"]
    if mode == "play":
        rng = random.Random(settings.get("seed", 1))
        ids = sorted(m.id for m in await service.live_matches())
        counts = await asyncio.gather(*(play_to_end(service, i, rng) for i in ids))
        say(done=sum(counts))
    elif mode == "contest":
        await asyncio.to_thread(sys.stdin.readline)  # "go": every process is ready
        try:
            await service.play(
                settings["match"], settings["user"], settings["move"], settings["version"]
            )
            say(ok=settings["match"])
        except MatchError as err:
            say(refused=err.code)
        say(done=True)
    elif mode == "clocks":
        await asyncio.to_thread(sys.stdin.readline)
        while due := await service.due_timers():
            for match_id in due:
                outcome = await service.fire_timer(match_id)
                say(fired=match_id, kind=outcome.kind)
        say(done=True)
    elif mode == "serve":
        await serve(service, settings)
    await service.close()


if __name__ == "__main__":
    asyncio.run(main(json.loads(sys.argv[1])))
