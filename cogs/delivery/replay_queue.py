"""Replays drawn a few at a time, in threads of their own.

A replay of a long match takes seconds of CPU and tens of megabytes; a dozen at once would
take a small host's memory and keep every board waiting for a thread. :class:`ReplayQueue`
draws at most ``limit`` replays at once, in its own executor (boards and other pictures use
the default one, so they never wait behind a replay); the others wait in the order they
came and their deferred reply says which place they hold, updated as the queue moves.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from typing import TypeVar

from cogs.delivery import replies
from cogs.delivery.progress import Progress, run_with_progress
from cogs.delivery.replies import Interaction

T = TypeVar("T")

#: Replays drawn at the same time (each one has a thread; the rest wait their turn).
REPLAYS_AT_ONCE = 2


class ReplayQueue:
    """At most ``limit`` replays drawn at once, first come first served."""

    def __init__(self, limit: int = REPLAYS_AT_ONCE) -> None:
        self.limit = limit
        self.executor = ThreadPoolExecutor(max_workers=limit, thread_name_prefix="replay")
        self._waiting: list[object] = []
        self._running = 0
        self._changed = asyncio.Condition()

    @property
    def running(self) -> int:
        return self._running

    @property
    def waiting(self) -> int:
        return len(self._waiting)

    async def run(
        self,
        interaction: Interaction,
        work: Callable[[Progress], T],
        text: Callable[[int, int], str],
        queued: Callable[[int], str],
    ) -> T:
        """``work`` in the queue's executor once a place is free, its progress shown as
        ``text(done, total)``; while it waits, the deferred reply shows ``queued(place)``."""
        await self._enter(lambda place: _show(interaction, queued(place)))
        try:
            return await run_with_progress(interaction, work, text, executor=self.executor)
        finally:
            async with self._changed:
                self._running -= 1
                self._changed.notify_all()

    async def _enter(self, tell: Callable[[int], Awaitable[None]]) -> None:
        ticket = object()
        self._waiting.append(ticket)
        told = 0
        try:
            async with self._changed:
                while not (self._running < self.limit and self._waiting[0] is ticket):
                    place = self._waiting.index(ticket) + 1
                    if place != told:  # tell outside the lock: Discord may be slow
                        told = place
                        self._changed.release()
                        try:
                            await tell(place)
                        finally:
                            await self._changed.acquire()
                        continue
                    await self._changed.wait()
                self._waiting.remove(ticket)
                self._running += 1
                self._changed.notify_all()  # everyone behind moved up one place
        except BaseException:
            if ticket in self._waiting:
                self._waiting.remove(ticket)
            raise

    def close(self) -> None:
        """Stop the replay threads (replays still waiting are dropped)."""
        self.executor.shutdown(wait=False, cancel_futures=True)


async def _show(interaction: Interaction, text: str) -> None:
    await replies.tolerate(interaction.edit_original_response(content=text))
