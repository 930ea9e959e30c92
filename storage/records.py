"""Plain values the store returns besides matches (re-exported by ``service``)."""

from __future__ import annotations

from dataclasses import dataclass

from gamecore.ratings import Rating


@dataclass(frozen=True, slots=True)
class ActionRecord:
    """One row of a match's action log (``/replay``)."""

    step: int
    seat: int
    notation: str
    at: float


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


@dataclass(frozen=True, slots=True)
class RatingPoint:
    """The rating after one rated match (``/stats``' chart)."""

    at: float
    rating: Rating


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
