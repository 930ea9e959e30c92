"""Turn-notice settings held in memory on PostgreSQL: each turn notice needs the people's
``/notify`` settings and the match's "not for this turn" list, and reading both from the
server cost two round trips per turn (the move itself is one). The PostgreSQL store keeps
what it read here and reads again only what changed.

Every process sharing the database must see a change at once: the write that changes a
setting or a quiet list sends ``pg_notify`` in its own transaction, and each store listens
on one connection of its own (outside the pool: the pool keeps no session state). A
notification drops the entry it names in every process, the writer's included. While the
listening connection is down nothing is kept (every read goes to the server) and a new one
is tried, at most every ``RETRY_AFTER`` seconds, off any turn's path."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable, Iterable
from typing import Any

import asyncpg

from storage.records import NotifySettings

log = logging.getLogger("tabletop.storage")

#: The channel every store listens on; a payload is ``u<user id>``, ``q<match id>`` or
#: ``g<guild id>`` (a server's settings, storage/features/server.py).
CHANNEL = "tabletop_notify"
#: Seconds between tries to open the listening connection again.
RETRY_AFTER = 5.0
#: Entries kept before the memory starts again from empty (about 200 bytes each).
MAX_ENTRIES = 100_000


class NotifyMemo:
    """What the store read of notify settings (user → settings, None: none stored) and
    quiet lists (match → users), valid while the listening connection is up."""

    def __init__(self, connect: Callable[[], Awaitable[asyncpg.Connection]]) -> None:
        self._connect = connect
        self._listener: asyncpg.Connection | None = None
        self._settings: dict[int, NotifySettings | None] = {}
        self._quiet: dict[str, frozenset[int]] = {}
        #: Bumped by every change heard: a read that started before one keeps nothing.
        self.generation = 0
        #: Told of every change of a server's settings heard (its id; None: listening
        #: stopped, so changes may go unheard): storage/features/server.py.
        self.guild_watchers: list[Callable[[int | None], None]] = []
        self._next_try = 0.0
        self._opening: asyncio.Task[None] | None = None

    async def open(self) -> None:
        """Listen (a failure leaves the memory off and is tried again later)."""
        try:
            conn = await self._connect()
            await conn.add_listener(CHANNEL, self._heard)
        except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError, TimeoutError) as err:
            log.warning("notify settings are read on every turn until listening works: %s", err)
            self._next_try = asyncio.get_running_loop().time() + RETRY_AFTER
            return
        conn.add_termination_listener(self._lost)
        self._listener = conn

    async def close(self) -> None:
        if self._opening is not None:
            self._opening.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._opening
        listener, self._listener = self._listener, None
        if listener is not None:
            with contextlib.suppress(Exception):
                await listener.close(timeout=2)
        self.forget_all()

    @property
    def listening(self) -> bool:
        """Whether what is kept is current; if not, a new listener is tried in the
        background (at most every ``RETRY_AFTER`` seconds)."""
        if self._listener is not None and not self._listener.is_closed():
            return True
        self._listener = None
        loop = asyncio.get_running_loop()
        if (self._opening is None or self._opening.done()) and loop.time() >= self._next_try:
            self._next_try = loop.time() + RETRY_AFTER
            self._opening = loop.create_task(self.open())
        return False

    # -- what was read ----------------------------------------------------------------
    def settings(self, user_ids: Iterable[int]) -> tuple[dict[int, NotifySettings], list[int]]:
        """The kept settings of ``user_ids`` (people with none stored left out) and the
        ids not kept (to read)."""
        if not self.listening:
            return {}, list(user_ids)
        known: dict[int, NotifySettings] = {}
        missing: list[int] = []
        for user in user_ids:
            if user not in self._settings:
                missing.append(user)
            elif (kept := self._settings[user]) is not None:
                known[user] = kept
        return known, missing

    def keep_settings(
        self, generation: int, read: Iterable[int], found: dict[int, NotifySettings]
    ) -> None:
        """Keep what a read that began at ``generation`` found for ``read``."""
        if generation != self.generation or not self.listening:
            return
        if len(self._settings) >= MAX_ENTRIES:
            self._settings.clear()
        for user in read:
            self._settings[user] = found.get(user)

    def quiet(self, match_id: str) -> frozenset[int] | None:
        return self._quiet.get(match_id) if self.listening else None

    def keep_quiet(self, generation: int, match_id: str, users: frozenset[int]) -> None:
        if generation != self.generation or not self.listening:
            return
        if len(self._quiet) >= MAX_ENTRIES:
            self._quiet.clear()
        self._quiet[match_id] = users

    # -- changes ------------------------------------------------------------------------
    def forget(self, key: str) -> None:
        """A change to ``key`` (storage/features/notify.py: ``user_key``/``quiet_key``), here or in another process."""
        self.generation += 1
        if key.startswith("g"):
            with contextlib.suppress(ValueError):
                guild = int(key[1:])
                for watcher in self.guild_watchers:
                    watcher(guild)
        elif key.startswith("u"):
            with contextlib.suppress(ValueError):
                self._settings.pop(int(key[1:]), None)
        else:
            self._quiet.pop(key[1:], None)

    def forget_all(self) -> None:
        self.generation += 1
        for watcher in self.guild_watchers:
            watcher(None)
        self._settings.clear()
        self._quiet.clear()

    def _heard(self, _conn: Any, _pid: int, _channel: str, payload: str) -> None:
        self.forget(payload)

    def _lost(self, _conn: Any) -> None:
        """The listening connection closed: changes may go unheard, so nothing is kept."""
        self._listener = None
        self.forget_all()
