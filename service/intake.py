"""The work a process has taken on, so that a graceful stop can refuse new work, let the
work under way finish, and say what did not finish in time."""

from __future__ import annotations

import asyncio
import time


class Intake:
    """Tasks being worked on (e.g. every task an interaction started); ``close`` stops the
    intake, ``drain`` waits for what is under way."""

    def __init__(self) -> None:
        self._tasks: set[asyncio.Task[object]] = set()
        self.closing = False

    @property
    def under_way(self) -> int:
        return len(self._tasks)

    def track(self, task: asyncio.Task[object]) -> None:
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def close(self) -> None:
        """From now on the owner refuses new work (it reads ``closing``)."""
        self.closing = True

    async def drain(self, timeout: float) -> int:
        """Wait up to ``timeout`` seconds for the work under way (also work it starts
        meanwhile); returns how many tasks were still running then."""
        deadline = time.monotonic() + timeout
        while self._tasks:
            left = deadline - time.monotonic()
            if left <= 0:
                break
            await asyncio.wait(set(self._tasks), timeout=left)
        return len(self._tasks)
