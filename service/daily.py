"""The daily deal: one deal per server (or for the bot's DMs), game and UTC day.

The deal's seed is drawn at random by the service's seed source (``secrets``) the first time
anyone asks for the day's deal, and stored; it is not derived from the date or the server,
and nothing here returns it while its day runs (:meth:`DailyDeals.revealed_seed` gives it
only for a day that is over and whose counted attempts have all ended).

Fair play (docs/analysis.md, "The daily deal"):
- Each person is dealt the day's deal once as their counted attempt; practice attempts of
  the same deal (with their par and review) only once the counted attempt has ended. The
  counted slot is claimed in the database, so ``/daily`` sent several times at once makes
  one counted match; the others are told it is being played and deal nothing.
- A counted attempt still open when its UTC day ends is ended then, as a resignation
  (lost), by the clock loop (``close_past_days``) and, at the latest, before anything
  reveals that day's seed, par or results (``revealed_seed``, ``is_secret``).
- The day's results (won or lost, moves, time) are shown once the day is over; while it
  runs, its table says only who has played and who is playing.

The day's table is read from the counted matches themselves (result, moves, time from start
to end), so it needs no hook in the move path.
"""

from __future__ import annotations

import contextlib
import datetime as dt
from dataclasses import dataclass
from typing import Literal

from gamecore.match import Match, MatchError
from service.match_service import MatchService
from storage.records import DailyMatch

#: The scope of the deal played in the bot's DMs (one global deal a day).
DM_SCOPE = 0
#: The games with a daily deal.
DAILY_GAMES = ("cartographer", "dungeon-delver")
#: Live matches found to be no counted daily attempt (``close_past_days`` asks once).
_not_counted: set[str] = set()
NOT_COUNTED_KEPT = 100_000
#: Why a match ended when its day ran out before it did (``Match.result["reason"]``).
DAY_OVER = "day_over"

#: What ``/daily`` dealt: the counted attempt, a practice attempt, or nothing new because
#: the person's counted attempt is still being played (``running``).
DailyStart = Literal["counted", "practice", "running"]


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
    ) -> tuple[Match | None, DailyStart]:
        """Today's deal of ``game_id`` in ``guild_id``'s scope for a person, played in
        ``channel_id``: their counted attempt if they have none yet; a practice attempt once
        it has ended; else nothing new (``running``, with the counted match, or None while a
        ``/daily`` sent at the same moment is still dealing it)."""
        if game_id not in DAILY_GAMES:
            raise ValueError(f"no daily deal for {game_id!r}")
        scope, day = scope_of(guild_id), self.today()
        seed = await self.store.daily_seed(scope, game_id, day, self.service.seed_source(64))
        counted = await self._counted_match(scope, game_id, day, user_id)
        if counted is None:
            # Dealt as counted, then the slot claimed: the database's unique index lets one
            # claim through; a match that lost the claim is abandoned before anyone saw it.
            match = await self.service.new_match(
                game_id,
                None,
                channel_id,
                user_id,
                {},
                seed,
                user_name=user_name,
                practice=False,
                takebacks=False,  # a counted attempt is played once, as dealt
            )
            if await self.store.daily_add(
                match.id, scope, game_id, day, user_id, self.service.clock()
            ):
                return match, "counted"
            await self.service.withdraw_unseen(match.id)
            counted = await self._counted_match(scope, game_id, day, user_id)
        if counted is None or counted.live:
            return counted, "running"
        # The counted attempt is over: practice, counted nowhere.
        match = await self.service.new_match(
            game_id, None, channel_id, user_id, {}, seed, user_name=user_name, practice=True
        )
        await self.store.daily_add(match.id, scope, game_id, day, user_id, self.service.clock())
        return match, "practice"

    async def _counted_match(
        self, scope: int, game_id: str, day: str, user_id: int
    ) -> Match | None:
        """The person's counted attempt of the day (None: none yet, or not dealt yet)."""
        for row in await self.store.daily_matches(scope, game_id, day):
            if row.user_id == user_id:
                try:
                    return await self.service.get(row.match_id)
                except MatchError:  # claimed by a /daily still dealing it
                    return None
        return None

    async def table(self, guild_id: int | None, game_id: str, day: str) -> list[DailyEntry]:
        """The counted attempts of ``day``, finished ones best first, then those running."""
        entries = []
        for row in await self.store.daily_matches(scope_of(guild_id), game_id, day):
            try:
                entries.append(DailyEntry(row.user_id, await self.service.get(row.match_id)))
            except MatchError:  # claimed by a /daily still dealing it
                continue
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
        """A match on a daily deal whose day is not over (or is over but still has a
        counted attempt open: it is ended first): its seed must not be shown."""
        record = await self.store.daily_of(match_id)
        if record is None:
            return False
        if record.day >= self.today():
            return True
        match = await self.service.get(match_id)
        await self.close_day(
            None if record.scope == DM_SCOPE else record.scope, match.game_id, record.day
        )
        return False

    async def revealed_seed(self, guild_id: int | None, game_id: str, day: str) -> int | None:
        """The seed of a day that is over (None for today, or a day nobody played); counted
        attempts of that day still open are ended first (``close_day``)."""
        if day >= self.today() or not await self.store.daily_matches(
            scope_of(guild_id), game_id, day
        ):
            return None
        await self.close_day(guild_id, game_id, day)
        return await self.store.daily_seed(scope_of(guild_id), game_id, day, 0)

    async def close_day(self, guild_id: int | None, game_id: str, day: str) -> list[Match]:
        """End the counted attempts of ``day`` still open (a day that is over): each as a
        resignation for running out of day. The matches ended are returned (their boards
        are to be redrawn)."""
        if day >= self.today():
            return []
        ended = []
        for entry in await self.table(guild_id, game_id, day):
            if not entry.finished:
                with contextlib.suppress(MatchError):  # ended meanwhile
                    ended.append(
                        await self.service.resign(entry.match.id, entry.user_id, reason=DAY_OVER)
                    )
        return ended

    async def close_past_days(self) -> list[Match]:
        """End every counted attempt in this process's memory whose day is over (the clock
        loop calls this each minute). Practice attempts play on: they count nowhere."""
        ended = []
        for match in await self.service.live_matches():
            closed = await self.end_if_day_over(match)
            if closed is not None:
                ended.append(closed)
        return ended

    async def end_if_day_over(self, match: Match) -> Match | None:
        """End ``match`` if it is a counted attempt whose day is over, as the clock loop would
        (the move path asks first, so no move counts in the minute before the loop runs).
        The ended match, or None: not a counted daily attempt, or its day still runs."""
        today = self.today()
        if (
            match.game_id not in DAILY_GAMES
            or match.guild_id is not None
            or match.practice
            or day_of(match.created_at) >= today
            or match.id in _not_counted
        ):
            return None
        record = await self.store.daily_of(match.id)
        if record is None or not record.counted:
            if len(_not_counted) >= NOT_COUNTED_KEPT:
                _not_counted.clear()
            _not_counted.add(match.id)  # looked up once, not every minute
            return None
        if record.day >= today:
            return None
        with contextlib.suppress(MatchError):  # ended meanwhile
            return await self.service.resign(match.id, record.user_id, reason=DAY_OVER)
        return None
