"""The event loop the bot runs on: uvloop (libuv's loop, written in C) where it is
installed, else asyncio's own.

Every turn, autocomplete and database reply is a few callbacks of the event loop; uvloop
runs them and its sockets with about 15 % less of the bot's CPU per turn than asyncio's
loop (bench/load.py, docs/scaling.md), and asyncpg's protocol is built for it. uvloop does
not exist on Windows: there the bot runs on asyncio's loop, the same code."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from typing import Any, TypeVar

T = TypeVar("T")

_NEW_LOOP: Callable[[], asyncio.AbstractEventLoop] | None
try:
    import uvloop
except ImportError:  # Windows, or an install without it: asyncio's loop
    _NEW_LOOP = None
else:
    _NEW_LOOP = uvloop.new_event_loop


def loop_factory() -> Callable[[], asyncio.AbstractEventLoop] | None:
    """What makes the bot's event loop (None: asyncio's default)."""
    return _NEW_LOOP


def run(main: Coroutine[Any, Any, T]) -> T:
    """``asyncio.run(main)`` on the bot's event loop."""
    with asyncio.Runner(loop_factory=loop_factory()) as runner:
        return runner.run(main)
