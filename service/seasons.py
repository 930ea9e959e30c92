"""Seasons: per server and rated game, a table that starts empty each season while the
all-time rating goes on (docs/ratings.md, "Seasons"); and the server settings of seasons
and achievement roles.

A season is a calendar month (``2026-11``) or, with the server setting ``season_quarterly``,
a quarter (``2026-Q4``), in UTC. Its table is a fresh rating (the same openskill update as
the all-time one, from the newcomer's start) replayed from the server's rated results that
finished in the season; nothing per season is written until it closes. People with at least
:data:`QUALIFYING` season matches are ranked; the others are listed apart. When a season is
over, its champion per game (the first ranked; nobody if nobody qualified) is kept for good.
"""

from __future__ import annotations

import asyncio
import weakref
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from gamecore.ratings import Rating, result_of
from service.settings import GuildSettings, SettingKey, register
from storage.ratings import Replay, stored_match
from storage.records import Champion as Champion  # re-exported for cogs
from storage.store import MatchStore

#: Season matches needed to be ranked (and to become champion).
QUALIFYING = 5

#: Server settings (/settings): quarterly seasons instead of monthly, and the roles given
#: as achievements (0: none), the last after ``rated_games_role_after`` rated matches.
register(SettingKey("season_quarterly", "switch", False))
register(SettingKey("season_champion_role", "role", 0))
register(SettingKey("tournament_winner_role", "role", 0))
register(SettingKey("rated_games_role", "role", 0))
register(SettingKey("rated_games_role_after", "count", 50, low=1, high=10_000))
#: The achievement role settings, in the order ``/season`` shows them.
ROLE_KEYS = ("season_champion_role", "tournament_winner_role", "rated_games_role")


def length_of(settings: GuildSettings) -> str:
    return "quarter" if settings.get("season_quarterly") else "month"


def season_of(at: float, length: str) -> str:
    """The season holding time ``at`` (seconds since the epoch, UTC)."""
    when = datetime.fromtimestamp(at, UTC)
    if length == "quarter":
        return f"{when.year}-Q{(when.month - 1) // 3 + 1}"
    return f"{when.year}-{when.month:02d}"


def window(season: str) -> tuple[float, float]:
    """The season's [start, end) in seconds since the epoch."""
    year, part = season.split("-")
    if part.startswith("Q"):
        month, months = 3 * (int(part[1:]) - 1) + 1, 3
    else:
        month, months = int(part), 1
    start = datetime(int(year), month, 1, tzinfo=UTC)
    carry, month_end = divmod(month - 1 + months, 12)
    end = datetime(int(year) + carry, month_end + 1, 1, tzinfo=UTC)
    return start.timestamp(), end.timestamp()


def previous(season: str) -> str:
    """The season just before ``season`` (of the same length)."""
    start, _ = window(season)
    return season_of(start - 1, "quarter" if "Q" in season else "month")


@dataclass(frozen=True, slots=True)
class SeasonLine:
    """A person's season rating; ``rank`` None while they have fewer than
    :data:`QUALIFYING` season matches."""

    rank: int | None
    user_id: int
    rating: Rating


@dataclass(frozen=True, slots=True)
class SeasonTable:
    """A season's table of one game in one server: ranked people (best first), then those
    still qualifying; ``end``: when the season ends (seconds since the epoch)."""

    season: str
    end: float
    ranked: tuple[SeasonLine, ...]
    qualifying: tuple[SeasonLine, ...]

    @property
    def leader(self) -> SeasonLine | None:
        return self.ranked[0] if self.ranked else None


def table_of(season: str, guild_id: int, rows: Sequence[Mapping[str, Any]]) -> SeasonTable:
    """Replay ``rows`` (the season's rated results, oldest first) from fresh ratings."""
    replay = Replay()
    for row in rows:
        match = stored_match(row)
        result = result_of(match)
        if result is not None:  # the server's scope only: the all-servers one is not asked
            replay.apply(guild_id, match.id, float(row["at"]), result)
    people = [(u, r) for (_, u, _), r in replay.ratings.items()]
    people.sort(key=lambda p: (-p[1].mu, -p[1].matches, p[0]))
    ranked = [p for p in people if p[1].matches >= QUALIFYING]
    waiting = [p for p in people if p[1].matches < QUALIFYING]
    return SeasonTable(
        season,
        window(season)[1],
        tuple(SeasonLine(i + 1, u, r) for i, (u, r) in enumerate(ranked)),
        tuple(SeasonLine(None, u, r) for u, r in waiting),
    )


#: The seasons decided, per store (a weak key: the set holds no reference back to it, so a
#: closed store is collected with its aiosqlite thread).
_CLOSED: weakref.WeakKeyDictionary[MatchStore, set[tuple[int, str, str]]] = (
    weakref.WeakKeyDictionary()
)


class Seasons:
    """Season tables and champions of a server, on the service's store, clock and
    settings (``service``: a MatchService)."""

    def __init__(
        self,
        store: MatchStore,
        clock: Callable[[], float],
        settings: Callable[[int], Any],
    ) -> None:
        self.store = store
        self.clock = clock
        self.settings = settings
        #: (server, game, season) whose champion is decided: asked of the store once per
        #: process, since /stats and the role loop ask at every call.
        self._closed = _CLOSED.setdefault(store, set())

    async def current(self, guild_id: int) -> str:
        return season_of(self.clock(), length_of(await self.settings(guild_id)))

    async def table(self, guild_id: int, game_id: str, season: str) -> SeasonTable:
        """The table of ``season`` (replayed off the event loop: a busy month is a few
        thousand openskill updates)."""
        since, until = window(season)
        rows = await self.store.season_results(guild_id, game_id, since, until)
        return await asyncio.to_thread(table_of, season, guild_id, rows)

    async def close_previous(self, guild_id: int, game_id: str) -> Champion | None:
        """Decide the champion of the season before the current one if nobody has yet:
        the new champion (None when decided before, or nobody qualified)."""
        season = previous(await self.current(guild_id))
        key = (guild_id, game_id, season)
        if key in self._closed:
            return None
        if await self.store.champion(guild_id, game_id, season) is not None:
            self._closed.add(key)
            return None
        leader = (await self.table(guild_id, game_id, season)).leader
        champion = Champion(
            guild_id,
            game_id,
            season,
            None if leader is None else leader.user_id,
            0 if leader is None else leader.rating.shown,
            0 if leader is None else leader.rating.matches,
            self.clock(),
        )
        added = await self.store.add_champion(champion)
        self._closed.add(key)
        if not added or leader is None:
            return None
        return champion

    async def champion(self, guild_id: int, game_id: str, season: str) -> Champion | None:
        return await self.store.champion(guild_id, game_id, season)

    async def titles(self, guild_id: int, user_id: int) -> list[Champion]:
        return await self.store.titles(guild_id, user_id)

    async def veterans(self, guild_id: int, needed: int) -> list[int]:
        return await self.store.veterans(guild_id, needed)


def seasons_of(service: Any) -> Seasons:
    """The seasons of a MatchService (its store, clock and server settings)."""
    return Seasons(service.store, service.clock, service.guild_settings)
