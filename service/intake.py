"""The work a process has taken on, so that a graceful stop can refuse new work, let the
work under way finish, and say what did not finish in time."""

from __future__ import annotations

import asyncio
import contextvars
import time
from collections.abc import Coroutine, Iterator
from contextlib import contextmanager
from typing import Any


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


class _Collector:
    """The tasks created while it is open (``collecting_tasks``)."""

    def __init__(self) -> None:
        self.tasks: list[asyncio.Task[Any]] = []
        self.open = True


_COLLECTING: contextvars.ContextVar[_Collector | None] = contextvars.ContextVar(
    "collecting_tasks", default=None
)


def install_task_collector(loop: asyncio.AbstractEventLoop) -> None:
    """Make ``loop`` tell ``collecting_tasks`` about every task created inside it (one
    check per task; chained to a task factory already set)."""
    previous = loop.get_task_factory()
    if getattr(previous, "collects_tasks", False):
        return  # installed already (a bot started again on the same loop)

    def factory(
        loop: asyncio.AbstractEventLoop,
        coro: Coroutine[Any, Any, Any],
        context: contextvars.Context | None = None,
    ) -> asyncio.Future[Any]:
        if previous is not None and context is None:
            task = previous(loop, coro)
        elif previous is not None:  # typeshed's factory type lacks ``context``; asyncio passes it
            task = previous(loop, coro, context=context)  # type: ignore[call-arg]
        else:
            task = asyncio.Task(coro, loop=loop, context=context)
        collector = _COLLECTING.get()
        if collector is not None and collector.open and isinstance(task, asyncio.Task):
            collector.tasks.append(task)
        return task

    factory.collects_tasks = True  # type: ignore[attr-defined]
    loop.set_task_factory(factory)  # type: ignore[arg-type]


@contextmanager
def collecting_tasks() -> Iterator[list[asyncio.Task[Any]]]:
    """The tasks created inside the block (on a loop with ``install_task_collector``);
    tasks those tasks create later are not added (the collector closes with the block)."""
    collector = _Collector()
    token = _COLLECTING.set(collector)
    try:
        yield collector.tasks
    finally:
        collector.open = False
        _COLLECTING.reset(token)
