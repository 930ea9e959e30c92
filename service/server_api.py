"""What cogs may call of server settings and followers (``service/server.py``); part of
``MatchServiceAPI``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from gamecore.match import Match
from service.settings import GuildSettings
from storage.features.server import Follower


class ServerAPI(Protocol):
    async def guild_settings(self, guild_id: int | None) -> GuildSettings:
        """A server's ``/settings`` (a DM, ``None``: the defaults)."""
        ...

    def kept_settings(self, guild_id: int | None) -> GuildSettings | None:
        """The server's settings if in memory and current, without asking the database."""
        ...

    async def change_setting(self, guild_id: int, name: str, value: Any) -> GuildSettings:
        """Set one setting (None: its default); ``IllegalAction`` when the key refuses it."""
        ...

    async def follow(self, match: Match, user_id: int, thread_id: int | None = None) -> Follower:
        """Follow a live match (``follow_over``, ``follow_full``, ``follow_many``)."""
        ...

    async def unfollow(self, match_id: str, user_id: int) -> bool: ...

    async def followers(self, match_id: str) -> list[Follower]:
        """Who follows the match (no database read when this process knows: nobody)."""
        ...

    async def following(self, user_id: int) -> list[str]: ...

    def follower_count(self, match_id: str) -> int: ...

    async def liveliest(
        self, guild_id: int, public: Callable[[Match], bool]
    ) -> tuple[Match, int] | None:
        """The playing match of the server with the most steps in the last hour."""
        ...
