"""Plain values the store returns besides matches (re-exported by ``service``), and how
the features build them from the rows they select (each ``from_row`` names its columns,
in order)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from gamecore.ratings import Rating


@dataclass(frozen=True, slots=True)
class ActionRecord:
    """One row of a match's action log (``/replay``)."""

    step: int
    seat: int
    notation: str
    at: float

    @classmethod
    def from_row(cls, row: Any) -> ActionRecord:
        """From (step, seat, notation, at)."""
        return cls(row[0], row[1], row[2], row[3])


@dataclass(frozen=True, slots=True)
class UserStats:
    """A user's record in one game (``/stats``)."""

    user_id: int
    game_id: str
    played: int
    won: int
    lost: int
    best_score: float | None
    total_score: float

    @classmethod
    def from_row(cls, row: Any) -> UserStats:
        """From (user_id, game_id, played, won, lost, best_score, total_score)."""
        return cls(*tuple(row))

    @property
    def win_rate(self) -> float:
        return self.won / self.played if self.played else 0.0


@dataclass(frozen=True, slots=True)
class LeaderboardRow:
    """One line of ``/leaderboard <game>``: rank 1 first."""

    rank: int
    user_id: int
    played: int
    won: int
    best_score: float | None

    @classmethod
    def ranked(cls, rows: Iterable[Any]) -> list[LeaderboardRow]:
        """From (user_id, played, won, best_score), best first."""
        return [cls(i + 1, r[0], r[1], r[2], r[3]) for i, r in enumerate(rows)]

    @property
    def win_rate(self) -> float:
        return self.won / self.played if self.played else 0.0


@dataclass(frozen=True, slots=True)
class PlayerRating:
    """A person's rating in one game and scope (``/stats``, ``/leaderboard``); ``rank``
    among the settled players of the scope, None while provisional."""

    user_id: int
    game_id: str
    rating: Rating
    rank: int | None

    @classmethod
    def of_user(cls, user_id: int, rows: Iterable[Any]) -> list[PlayerRating]:
        """One person's, from (game_id, mu, sigma, matches, rank)."""
        return [cls(user_id, r[0], Rating(r[1], r[2], r[3]), r[4]) for r in rows]

    @classmethod
    def board(cls, game_id: str, rows: Iterable[Any], *, settled: bool) -> list[PlayerRating]:
        """One game's, from (user_id, mu, sigma, matches), best first; ranked only when
        ``settled`` (a provisional player has no rank)."""
        return [
            cls(r[0], game_id, Rating(r[1], r[2], r[3]), i + 1 if settled else None)
            for i, r in enumerate(rows)
        ]


@dataclass(frozen=True, slots=True)
class RatingPoint:
    """The rating after one rated match (``/stats``' chart)."""

    at: float
    rating: Rating

    @classmethod
    def history(cls, rows: Sequence[Any]) -> list[RatingPoint]:
        """Oldest first, from (at, mu, sigma) newest first; a point's ``matches`` counts the
        points up to it."""
        count = len(rows)
        return [cls(r[0], Rating(r[1], r[2], count - i)) for i, r in enumerate(rows)][::-1]


@dataclass(frozen=True, slots=True)
class DailyMatch:
    """A match played on a daily deal (service/daily.py): who, when, and whether it is the
    person's counted attempt of that day (later ones are practice)."""

    match_id: str
    user_id: int
    counted: bool
    at: float
    scope: int
    day: str

    @classmethod
    def from_row(cls, row: Any) -> DailyMatch:
        """From (match_id, user_id, counted, at, scope, day)."""
        return cls(row[0], row[1], bool(row[2]), row[3], row[4], row[5])


@dataclass(frozen=True, slots=True)
class NotifySettings:
    """How one person is told it is their turn (``/notify``): a mention in the match's
    channel (default) or a DM (``dm``), the clock's reminder or none, and whether they were
    told already that a DM to them failed (they are told once), and reminders at an
    interval instead of the clock's one at half time."""

    user_id: int
    dm: bool = False
    reminders: bool = True
    dm_failed_told: bool = False
    #: Remind every so many seconds of waiting instead of the clock's half-time reminder.
    remind_every: float | None = None

    @classmethod
    def from_row(cls, row: Any) -> NotifySettings:
        """From (user_id, dm, reminders, dm_failed_told, remind_every)."""
        return cls(row[0], bool(row[1]), bool(row[2]), bool(row[3]), row[4])

    def to_row(self) -> tuple[int, int, int, int, float | None]:
        """(user_id, dm, reminders, dm_failed_told, remind_every), flags as 0/1."""
        return (
            self.user_id,
            int(self.dm),
            int(self.reminders),
            int(self.dm_failed_told),
            self.remind_every,
        )


@dataclass(frozen=True, slots=True)
class Champion:
    """A closed season's champion of a game in a server (``user_id`` None: nobody
    qualified), with the season rating (shown) and matches that won it."""

    guild_id: int
    game_id: str
    season: str
    user_id: int | None
    rating: int
    matches: int
    decided_at: float
