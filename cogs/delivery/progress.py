"""Slow work in a worker thread while the deferred reply shows how far it is."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from concurrent.futures import Executor
from typing import TypeVar

from cogs.delivery import replies
from cogs.delivery.replies import Interaction

T = TypeVar("T")
Progress = Callable[[int, int], None]


async def run_with_progress(
    interaction: Interaction,
    work: Callable[[Progress], T],
    text: Callable[[int, int], str],
    *,
    executor: Executor | None = None,
) -> T:
    """``work(progress)`` in a worker thread (of ``executor``, default the loop's); each ``progress(done, total)`` it reports edits
    the deferred reply to ``text(done, total)`` (the thread hands its counts to the loop,
    which edits the message, so no timer is involved; only the newest count is shown)."""
    loop = asyncio.get_running_loop()
    updates: asyncio.Queue[tuple[int, int]] = asyncio.Queue()

    def progress(done: int, total: int) -> None:
        loop.call_soon_threadsafe(updates.put_nowait, (done, total))

    job: asyncio.Future[T] = loop.run_in_executor(executor, work, progress)
    while not job.done():
        update = asyncio.ensure_future(updates.get())
        await asyncio.wait((job, update), return_when=asyncio.FIRST_COMPLETED)
        if not update.done():
            update.cancel()
            continue
        done, total = update.result()
        while not updates.empty():
            done, total = updates.get_nowait()
        await replies.tolerate(interaction.edit_original_response(content=text(done, total)))
    return job.result()
