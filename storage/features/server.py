"""Server settings (``/settings``; service/settings.py names the keys, values are JSON text)
and the followers of a match (``/game follow``: told by DM, or in a thread they chose).

The service keeps every server's settings in memory and reads one again only after a change
to it was heard (``watch_settings``): on PostgreSQL each write tells every process in the
same statement (``Dialect.announce``, heard by storage/pg_notify.py); SQLite is used by one
process, whose own writes are all there is to hear."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from storage.sql import Query, SqlBackend

if TYPE_CHECKING:
    from storage.pg_notify import NotifyMemo

_SETTINGS = Query("SELECT key, value FROM guild_settings WHERE guild_id = :guild_id")
_SAVE_SETTING = Query(
    lambda d: d.announce(
        "INSERT INTO guild_settings (guild_id, key, value) VALUES (:guild_id, :key, :value) "
        "ON CONFLICT (guild_id, key) DO UPDATE SET value = excluded.value",
        "heard",
    )
)
_DROP_SETTING = Query(
    lambda d: d.announce(
        "DELETE FROM guild_settings WHERE guild_id = :guild_id AND key = :key", "heard"
    )
)
_FOLLOWERS = Query(
    "SELECT user_id, thread_id FROM match_followers WHERE match_id = :match_id ORDER BY at, user_id"
)
_FOLLOW = Query(
    "INSERT INTO match_followers (match_id, user_id, thread_id, at) "
    "VALUES (:match_id, :user_id, :thread_id, :at) "
    "ON CONFLICT (match_id, user_id) DO UPDATE SET thread_id = excluded.thread_id"
)
_UNFOLLOW = Query("DELETE FROM match_followers WHERE match_id = :match_id AND user_id = :user_id")
_FOLLOWED_BY = Query("SELECT match_id FROM match_followers WHERE user_id = :user_id ORDER BY at")
_RECENT_STEPS = Query(
    lambda d: (
        "SELECT match_id, COUNT(*) FROM actions "
        f"WHERE match_id IN ({d.each('match_ids', 'text')}) AND at >= :since GROUP BY match_id"
    ),
    lists=("match_ids",),
)

#: Told of a change of one server's settings (its id), here or in another process; None:
#: changes may have gone unheard (everything read before may be stale).
SettingsWatcher = Callable[[int | None], None]


def guild_key(guild_id: int) -> str:
    """The listeners' name of a server's settings (a notification's payload)."""
    return f"g{guild_id}"


@dataclass(frozen=True, slots=True)
class Follower:
    """Someone who follows a match: told of its turns and result by DM, or in
    ``thread_id`` (a thread they chose) when set."""

    user_id: int
    thread_id: int | None = None

    @classmethod
    def from_row(cls, row: Any) -> Follower:
        """From (user_id, thread_id)."""
        return cls(int(row[0]), None if row[1] is None else int(row[1]))


class Server(SqlBackend):
    #: The PostgreSQL store's listener (storage/pg_notify.py); None: one process (SQLite).
    memo: NotifyMemo | None = None
    _settings_watchers: list[SettingsWatcher] | None = None

    # -- settings -----------------------------------------------------------------------
    async def guild_settings(self, guild_id: int) -> dict[str, str]:
        """The stored settings of one server: key → value (JSON); absent: the default."""
        return {r[0]: r[1] for r in await self.read(_SETTINGS, guild_id=guild_id)}

    async def all_guild_settings(self, shards_sql: str) -> dict[int, dict[str, str]]:
        """Every stored setting of the servers ``shards_sql`` (``ShardFilter.sql()``) selects."""
        query = Query(f"SELECT guild_id, key, value FROM guild_settings WHERE {shards_sql}")
        found: dict[int, dict[str, str]] = {}
        for row in await self.read(query):
            found.setdefault(int(row[0]), {})[row[1]] = row[2]
        return found

    async def save_guild_setting(self, guild_id: int, key: str, value: str | None) -> None:
        """Store one setting (``None``: back to its default); every process hears it."""
        heard = guild_key(guild_id)
        try:
            if value is None:
                await self.write(_DROP_SETTING, guild_id=guild_id, key=key, heard=heard)
            else:
                await self.write(
                    _SAVE_SETTING, guild_id=guild_id, key=key, value=value, heard=heard
                )
        finally:
            if self.memo is not None:
                self.memo.forget(heard)
            for watcher in self._settings_watchers or ():
                watcher(guild_id)

    def watch_settings(self, watcher: SettingsWatcher) -> None:
        """Call ``watcher`` on every change of a server's settings heard from now on."""
        if self.memo is not None:
            self.memo.guild_watchers.append(watcher)
            return
        if self._settings_watchers is None:
            self._settings_watchers = []
        self._settings_watchers.append(watcher)

    def settings_heard(self) -> bool:
        """Whether every change is heard now (False: the service reads each time)."""
        return self.memo is None or self.memo.listening

    # -- followers ----------------------------------------------------------------------
    async def followers(self, match_id: str) -> list[Follower]:
        return [Follower.from_row(r) for r in await self.read(_FOLLOWERS, match_id=match_id)]

    async def follow(self, match_id: str, follower: Follower, at: float) -> None:
        """Add a follower (one who follows already: their thread is replaced)."""
        await self.write(
            _FOLLOW,
            match_id=match_id,
            user_id=follower.user_id,
            thread_id=follower.thread_id,
            at=at,
        )

    async def unfollow(self, match_id: str, user_id: int) -> bool:
        """Forget one follower; True if they followed."""
        return await self.write(_UNFOLLOW, match_id=match_id, user_id=user_id) > 0

    async def followed_by(self, user_id: int) -> list[str]:
        """The ids of the matches ``user_id`` follows, oldest first."""
        return [r[0] for r in await self.read(_FOLLOWED_BY, user_id=user_id)]

    async def recent_steps(self, match_ids: Sequence[str], since: float) -> dict[str, int]:
        """Steps logged at or after ``since`` per match of ``match_ids`` (absent: none)."""
        if not match_ids:
            return {}
        rows = await self.read(_RECENT_STEPS, match_ids=list(match_ids), since=since)
        return {r[0]: int(r[1]) for r in rows}
