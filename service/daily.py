"""The daily deal: one deal per server (or for the bot's DMs), game and UTC day.

The deal's seed is drawn at random by the service's seed source (``secrets``) the first time
anyone asks for the day's deal, and stored; it is not derived from the date or the server,
and nothing here returns it while its day runs (:meth:`DailyDeals.revealed_seed` gives it
only for a day that is over). Each person's first match on a day's deal is their counted
attempt; later ones are practice. The day's table is read from the counted matches
themselves (result, moves, time from start to end), so it needs no hook in the move path.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from gamecore.match import Match
from service.match_service import MatchService
from storage.records import DailyMatch

#: The scope of the deal played in the bot's DMs (one global deal a day).
DM_SCOPE = 0
#: The games with a daily deal.
DAILY_GAMES = ("cartographer", "dungeon-delver")


def scope_of(guild_id: int | None) -> int:
    return DM_SCOPE if guild_id is None else guild_id


def day_of(timestamp: float) -> str:
    """The UTC calendar day of ``timestamp`` as ``YYYY-MM-DD``."""
    return dt.datetime.fromtimestamp(timestamp, dt.UTC).date().isoformat()


def previous_day(day: str) -> str:
    return (dt.date.fromisoformat(day) - dt.timedelta(days=1)).isoformat()


@dataclass(frozen=True, slots=True)
class DailyEntry:
    """One counted attempt: the person, their match, and (once it ended) the result."""

    user_id: int
    match: Match

    @property
    def finished(self) -> bool:
        return not self.match.live

    @property
    def won(self) -> bool:
        return (self.match.result or {}).get("result") == "won"

    @property
    def score(self) -> float:
        scores = (self.match.result or {}).get("scores") or [0.0]
        return float(scores[0])

    @property
    def seconds(self) -> float:
        return max(0.0, self.match.updated_at - self.match.created_at)

    def order(self) -> tuple[int, float, int, float]:
        """Best first: won, then score, then fewer moves, then less time."""
        return (-int(self.won), -self.score, self.match.steps, self.seconds)


class DailyDeals:
    """The daily deal on top of the match service (its store, clock and seed source)."""

    def __init__(self, service: MatchService) -> None:
        self.service = service
        self.store = service.store

    def today(self) -> str:
        return day_of(self.service.clock())

    async def start(
        self, game_id: str, guild_id: int | None, channel_id: int, user_id: int, user_name: str = ""
    ) -> tuple[Match, bool]:
        """A new match on today's deal of ``game_id`` in ``guild_id``'s scope, played in
        ``channel_id``; True when it is the person's counted attempt of the day."""
        if game_id not in DAILY_GAMES:
            raise ValueError(f"no daily deal for {game_id!r}")
        scope, day = scope_of(guild_id), self.today()
        seed = await self.store.daily_seed(scope, game_id, day, self.service.seed_source(64))
        # The counted attempt counts in the statistics like any game; later ones are practice.
        # (Two /daily at the same instant may both start as counted; the table keeps one.)
        played = await self.store.daily_days(scope, game_id, user_id, limit=1)
        first = not played or played[0] != day
        # The match itself lives where it is played (a DM), outside the server's channels.
        match = await self.service.new_match(
            game_id, None, channel_id, user_id, {}, seed, user_name=user_name, practice=not first
        )
        counted = await self.store.daily_add(
            match.id, scope, game_id, day, user_id, self.service.clock()
        )
        return match, counted

    async def table(self, guild_id: int | None, game_id: str, day: str) -> list[DailyEntry]:
        """The counted attempts of ``day``, finished ones best first, then those running."""
        entries = []
        for row in await self.store.daily_matches(scope_of(guild_id), game_id, day):
            entries.append(DailyEntry(row.user_id, await self.service.get(row.match_id)))
        done = sorted((e for e in entries if e.finished), key=DailyEntry.order)
        return done + [e for e in entries if not e.finished]

    async def streak(self, guild_id: int | None, game_id: str, user_id: int) -> int:
        """Days in a row, up to today (or yesterday, while today is still to play), with a
        counted attempt."""
        days = await self.store.daily_days(scope_of(guild_id), game_id, user_id)
        if not days:
            return 0
        today = self.today()
        expected = today if days[0] == today else previous_day(today)
        count = 0
        for day in days:
            if day != expected:
                break
            count += 1
            expected = previous_day(expected)
        return count

    async def record_of(self, match_id: str) -> DailyMatch | None:
        """The daily-deal record of a match (None: not a daily deal)."""
        return await self.store.daily_of(match_id)

    async def is_secret(self, match_id: str) -> bool:
        """A match on a daily deal whose day is not over: its seed must not be shown."""
        record = await self.store.daily_of(match_id)
        return record is not None and record.day >= self.today()

    async def revealed_seed(self, guild_id: int | None, game_id: str, day: str) -> int | None:
        """The seed of a day that is over (None for today, or a day nobody played)."""
        if day >= self.today() or not await self.store.daily_matches(
            scope_of(guild_id), game_id, day
        ):
            return None
        return await self.store.daily_seed(scope_of(guild_id), game_id, day, 0)
