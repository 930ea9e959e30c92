"""Due turn clocks handled concurrently, with a bound (issue 22 item 4).

Each clock may edit a board and post a line, so a sweep of many clocks one after another
takes minutes of Discord round trips. ``by_channel`` runs the clocks of different channels
at once, at most ``limit`` channels at a time (a bound on the requests in flight), and the
clocks of one channel one after another, so a channel never sees a burst from one sweep
(Discord limits the messages per channel: about 5 per 5 s).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Iterable

from gamecore.match import Match

#: Channels whose clocks are handled at once in one sweep.
SWEEP_CONCURRENCY = 100

log = logging.getLogger("tabletop.table")


async def by_channel(
    matches: Iterable[Match],
    handle: Callable[[Match], Awaitable[object]],
    limit: int = SWEEP_CONCURRENCY,
) -> None:
    """``handle`` every match: channels concurrently (at most ``limit`` at once), a
    channel's matches in order. A failure is logged with the match id and stops nothing."""
    channels: dict[int, list[Match]] = {}
    for match in matches:
        channels.setdefault(match.channel_id, []).append(match)
    gate = asyncio.Semaphore(limit)

    async def one_channel(queue: list[Match]) -> None:
        async with gate:
            for match in queue:
                try:
                    await handle(match)
                except Exception:
                    log.exception("turn clock of match %s failed", match.id)

    await asyncio.gather(*(one_channel(queue) for queue in channels.values()))
