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

Every line is JSON on stdout; the test reads them as they come.
"""

from __future__ import annotations

import asyncio
import json
import random
import sys
import time
from typing import Any

from gamecore.registry import register
from service import MatchError, MatchService
from storage import ShardFilter, store_for
from tests.service.toys import TOYS


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


async def main(settings: dict[str, Any]) -> None:
    for game in TOYS:
        register(game)
    offset = float(settings.get("offset", 0.0))
    service = MatchService(
        store_for(settings["url"]),
        clock=lambda: time.time() + offset,
        shards=ShardFilter(settings["count"], frozenset(settings["ids"])),
        owner=settings.get("owner"),
    )
    await service.start()
    say(ready=len(service._live))
    mode = settings["mode"]
    if mode == "play":
        rng = random.Random(settings.get("seed", 1))
        ids = sorted(service._live)
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
    await service.close()


if __name__ == "__main__":
    asyncio.run(main(json.loads(sys.argv[1])))
