"""The service's part of server settings (``/settings``, service/settings.py) and of
following a match (``/game follow``, ``/game watch``): ``MatchService`` inherits it.

Settings are read before most commands are acknowledged, so they never wait for the
database: every server of this process's shards is read at start-up, and a server's entry
is read again only after a change to it was heard (in any process: the store calls
``_settings_changed``; on PostgreSQL through LISTEN/NOTIFY). While changes cannot be heard
(the listening connection is down) every read goes to the database. Followers are read from
the database when a match's turn changes (one small read); how many follow each match is
kept in memory for its board (``follower_count``), current as of this process's last read."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gamecore.contract import IllegalAction
from gamecore.match import Match
from service.settings import GuildSettings, encode, key_of
from storage import MatchStore, ShardFilter
from storage.features.server import Follower

#: People who may follow one match, and matches one person may follow at once: each
#: follower costs a DM (or a thread message) per turn, so neither may grow without end.
MAX_FOLLOWERS = 25
MAX_FOLLOWING = 10
#: "Liveliest" for ``/game watch``: the most steps in this many seconds (the last hour).
LIVELY_WINDOW = 3600.0


class ServerFeatures:
    """Server settings and followers (mixed into ``MatchService``)."""

    store: MatchStore
    shards: ShardFilter
    clock: Callable[[], float]
    _live: dict[str, Match]

    def _server_memory(self) -> None:
        #: Server → its settings, as read (servers with none stored are not listed).
        self._settings: dict[int, GuildSettings] = {}
        #: Whether ``_settings`` holds every server of the shards (absent: all defaults).
        self._settings_whole = False
        #: Server → changes heard (a read that began before one keeps nothing).
        self._settings_changes: dict[int, int] = {}
        self._settings_epoch = 0
        #: Match → how many follow it (as last read or changed here).
        self._follower_counts: dict[str, int] = {}
        self.store.watch_settings(self._settings_changed)

    def _settings_changed(self, guild_id: int | None) -> None:
        if guild_id is None:
            self._settings_epoch += 1
            self._settings.clear()
            self._settings_whole = False
            return
        self._settings_changes[guild_id] = self._settings_changes.get(guild_id, 0) + 1
        self._settings.pop(guild_id, None)
        if self._settings_whole:  # absent no longer means "defaults" for this one
            self._settings[guild_id] = _UNKNOWN

    async def _load_settings(self) -> None:
        """Every server of the shards, at start-up (one read)."""
        epoch = self._settings_epoch
        rows = await self.store.all_guild_settings(self.shards.sql())
        if epoch != self._settings_epoch or not self.store.settings_heard():
            return
        changed = set(self._settings_changes)
        self._settings = {
            g: GuildSettings.from_rows(g, found) for g, found in rows.items() if g not in changed
        }
        self._settings.update({g: _UNKNOWN for g in changed})
        self._settings_whole = True

    # -- settings -----------------------------------------------------------------------
    async def guild_settings(self, guild_id: int | None) -> GuildSettings:
        """A server's settings (a DM: the defaults); from memory while no change was heard."""
        if guild_id is None:
            return GuildSettings(None)
        kept = self.kept_settings(guild_id)
        if kept is not None:
            return kept
        epoch, changes = self._settings_epoch, self._settings_changes.get(guild_id, 0)
        settings = GuildSettings.from_rows(guild_id, await self.store.guild_settings(guild_id))
        same = epoch == self._settings_epoch and changes == self._settings_changes.get(guild_id, 0)
        if same and self.store.settings_heard():
            self._settings[guild_id] = settings
        return settings

    def kept_settings(self, guild_id: int | None) -> GuildSettings | None:
        """The settings in memory, if current (no database: for words said off any
        command, e.g. the language of a turn notice); None when they must be read."""
        if guild_id is None or not self.store.settings_heard():
            return None
        kept = self._settings.get(guild_id)
        if kept is None:  # none stored: the defaults, if this process read all of its shards
            whole = self._settings_whole and self.shards.owns(guild_id)
            return GuildSettings(guild_id) if whole else None
        return None if kept is _UNKNOWN else kept

    async def change_setting(self, guild_id: int, name: str, value: Any) -> GuildSettings:
        """Set ``name`` to ``value`` (checked by its key: ``IllegalAction`` says what is
        possible), or back to its default when ``value`` is None."""
        key = key_of(name)
        stored = None if value is None else encode(key.normalize(value))
        await self.store.save_guild_setting(guild_id, key.name, stored)
        return await self.guild_settings(guild_id)

    # -- followers ----------------------------------------------------------------------
    async def follow(self, match: Match, user_id: int, thread_id: int | None = None) -> Follower:
        """``user_id`` follows ``match`` (the caller checked they may see it): told of its
        turns and result by DM, or in ``thread_id``. Refused for a match that is over, a
        full match (``MAX_FOLLOWERS``) or a person who follows ``MAX_FOLLOWING`` already."""
        if not match.live:
            raise IllegalAction("follow_over", "This match is over.", match_id=match.id)
        followers = await self.store.followers(match.id)
        known = any(f.user_id == user_id for f in followers)
        if not known and len(followers) >= MAX_FOLLOWERS:
            raise IllegalAction("follow_full", "Too many followers.", limit=MAX_FOLLOWERS)
        following = await self.store.followed_by(user_id)
        if not known and len(following) >= MAX_FOLLOWING:
            raise IllegalAction("follow_many", "You follow too many.", limit=MAX_FOLLOWING)
        follower = Follower(user_id, thread_id)
        await self.store.follow(match.id, follower, self.clock())
        self._follower_counts[match.id] = len(followers) + (0 if known else 1)
        return follower

    async def unfollow(self, match_id: str, user_id: int) -> bool:
        """Stop following; False when ``user_id`` did not follow ``match_id``."""
        gone = await self.store.unfollow(match_id, user_id)
        if gone and match_id in self._follower_counts:
            self._follower_counts[match_id] = max(0, self._follower_counts[match_id] - 1)
        return gone

    async def followers(self, match_id: str) -> list[Follower]:
        """Who follows ``match_id``: from the database, unless this process knows nobody
        does (it read or changed them since it started: follows of a server's matches are
        made in the process that serves the server), so a turn nobody follows costs no read."""
        if self._follower_counts.get(match_id) == 0:
            return []
        found = await self.store.followers(match_id)
        self._follower_counts[match_id] = len(found)
        return found

    async def following(self, user_id: int) -> list[str]:
        """The ids of the matches ``user_id`` follows, oldest first."""
        return await self.store.followed_by(user_id)

    def follower_count(self, match_id: str) -> int:
        return self._follower_counts.get(match_id, 0)

    async def liveliest(
        self, guild_id: int, public: Callable[[Match], bool]
    ) -> tuple[Match, int] | None:
        """The server's liveliest match that ``public`` accepts: the one playing with the
        most steps in the last ``LIVELY_WINDOW`` (ties: the latest change), with that
        count; None when none is playing."""
        playing = [
            m
            for m in self._live.values()
            if m.guild_id == guild_id and m.status == "playing" and public(m)
        ]
        if not playing:
            return None
        steps = await self.store.recent_steps([m.id for m in playing], self.clock() - LIVELY_WINDOW)
        best = max(playing, key=lambda m: (steps.get(m.id, 0), m.updated_at, m.id))
        return best, steps.get(best.id, 0)


#: A server whose settings changed since they were read: read them again.
_UNKNOWN = GuildSettings(None)
