"""Turn notices each person controls (``/notify``), and "not for this turn" per match.

The PostgreSQL store keeps what it read in memory (``memo``, storage/pg_notify.py: valid
while it listens for other processes' changes) and each write tells every process's memory
in the same statement (``Dialect.announce``); SQLite (one process) reads every time."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from storage.records import NotifySettings
from storage.sql import Query, SqlBackend

if TYPE_CHECKING:
    from storage.pg_notify import NotifyMemo

_SETTINGS = Query(
    lambda d: (
        "SELECT user_id, dm, reminders, dm_failed_told, remind_every FROM notify_settings "
        f"WHERE user_id IN ({d.each('user_ids', 'bigint')})"
    ),
    lists=("user_ids",),
)
_INTERVALS = Query(
    "SELECT user_id, remind_every FROM notify_settings "
    "WHERE remind_every IS NOT NULL AND reminders = 1"
)
_SAVE = Query(
    lambda d: d.announce(
        "INSERT INTO notify_settings (user_id, dm, reminders, dm_failed_told, remind_every) "
        "VALUES (:user_id, :dm, :reminders, :dm_failed_told, :remind_every) "
        "ON CONFLICT (user_id) DO UPDATE SET dm = excluded.dm, reminders = excluded.reminders, "
        "dm_failed_told = excluded.dm_failed_told, remind_every = excluded.remind_every",
        "key",
    )
)
_QUIET = Query("SELECT user_id FROM notify_quiet WHERE match_id = :match_id")
_SET_QUIET = Query(
    lambda d: d.announce(
        "INSERT INTO notify_quiet (match_id, user_id) VALUES (:match_id, :user_id) "
        "ON CONFLICT DO NOTHING",
        "key",
    )
)
_CLEAR_QUIET = Query(
    lambda d: d.announce(
        "DELETE FROM notify_quiet WHERE match_id = :match_id AND user_id = :user_id", "key"
    )
)


def user_key(user_id: int) -> str:
    """The memory's name of a person's settings (a notification's payload)."""
    return f"u{user_id}"


def quiet_key(match_id: str) -> str:
    """The memory's name of a match's quiet list (a notification's payload)."""
    return f"q{match_id}"


class Notify(SqlBackend):
    #: What this process read, current while it listens (PostgreSQL); None: read each time.
    memo: NotifyMemo | None = None

    async def notify_settings(self, user_ids: Sequence[int]) -> dict[int, NotifySettings]:
        """The stored ``/notify`` settings of ``user_ids`` (absent: the defaults)."""
        if self.memo is None:
            known: dict[int, NotifySettings] = {}
            missing = list(user_ids)
        else:
            known, missing = self.memo.settings(user_ids)
        if not missing:
            return known
        generation = None if self.memo is None else self.memo.generation
        rows = await self.read(_SETTINGS, user_ids=missing)
        found = {r[0]: NotifySettings.from_row(r) for r in rows}
        if self.memo is not None and generation is not None:
            self.memo.keep_settings(generation, missing, found)
        return {**known, **found}

    async def save_notify(self, settings: NotifySettings) -> None:
        """Store one person's ``/notify`` settings (one statement, heard by every process)."""
        dm, reminders, told, every = settings.to_row()[1:]
        key = user_key(settings.user_id)
        try:
            await self.write(
                _SAVE,
                user_id=settings.user_id,
                dm=dm,
                reminders=reminders,
                dm_failed_told=told,
                remind_every=every,
                key=key,
            )
        finally:
            if self.memo is not None:
                self.memo.forget(key)

    async def interval_reminders(self) -> dict[int, float]:
        """Every person who asked for reminders at an interval: user → seconds."""
        return {r[0]: r[1] for r in await self.read(_INTERVALS)}

    async def quiet_users(self, match_id: str) -> set[int]:
        """The people who asked for no notice for the rest of their turn in ``match_id``."""
        kept = None if self.memo is None else self.memo.quiet(match_id)
        if kept is not None:
            return set(kept)
        generation = None if self.memo is None else self.memo.generation
        users = frozenset(r[0] for r in await self.read(_QUIET, match_id=match_id))
        if self.memo is not None and generation is not None:
            self.memo.keep_quiet(generation, match_id, users)
        return set(users)

    async def set_quiet(self, match_id: str, user_id: int, quiet: bool) -> None:
        """Mark (or clear) "not for this turn" of ``user_id`` in ``match_id``."""
        key = quiet_key(match_id)
        try:
            await self.write(
                _SET_QUIET if quiet else _CLEAR_QUIET, match_id=match_id, user_id=user_id, key=key
            )
        finally:
            if self.memo is not None:
                self.memo.forget(key)
