"""Issue 21 item 9: replays are drawn a few at a time, in threads of their own; the others
wait in order and are told their place. (simcord runs one interaction at a time, so the
concurrent replays meet the queue here, through the interaction calls it makes.)"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable
from typing import Any

from cogs.delivery.progress import Progress
from cogs.delivery.replay_queue import ReplayQueue
from tests.deadlines import HANG_GUARD


class Reply:
    """The deferred reply of one ``/replay``: what it showed, in order."""

    def __init__(self) -> None:
        self.shown: list[str | None] = []

    async def edit_original_response(self, *, content: str | None = None, **_: Any) -> None:
        self.shown.append(content)


async def until(condition: Callable[[], bool]) -> None:
    for _ in range(int(HANG_GUARD / 0.005)):
        if condition():
            return
        await asyncio.sleep(0.005)
    raise AssertionError("the queue never got there")


async def test_replays_wait_their_turn_are_told_their_place_and_leave_boards_alone() -> None:
    queue = ReplayQueue(limit=1)
    release = threading.Event()
    threads: list[str] = []

    def drawing(index: int) -> Callable[[Progress], int]:
        def draw(progress: Progress) -> int:
            threads.append(threading.current_thread().name)
            if index == 0:
                release.wait(HANG_GUARD)  # the first replay is long
            progress(1, 1)
            return index

        return draw

    replies = [Reply() for _ in range(3)]
    tasks = [
        asyncio.create_task(
            queue.run(
                reply,
                drawing(i),
                lambda done, total: f"{done}/{total}",
                lambda place: f"place {place}",
            )  # type: ignore[arg-type]
        )
        for i, reply in enumerate(replies)
    ]
    try:
        await until(
            lambda: queue.running == 1 and queue.waiting == 2 and len(replies[2].shown) == 1
        )
        assert replies[1].shown == ["place 1"] and replies[2].shown == ["place 2"]
        # A board drawn meanwhile does not wait behind the replay (the default executor).
        assert await asyncio.wait_for(asyncio.to_thread(lambda: "board"), HANG_GUARD) == "board"
    finally:
        release.set()
    assert await asyncio.gather(*tasks) == [0, 1, 2]
    assert replies[2].shown[:2] == ["place 2", "place 1"]  # told when the queue moved
    assert all(reply.shown[-1] == "1/1" for reply in replies)
    assert threads and all(name.startswith("replay") for name in threads)
    assert (queue.running, queue.waiting) == (0, 0)
    queue.close()
