"""What both stores share to keep ratings (gamecore/ratings.py does the arithmetic): the
scopes a match counts in, and the replay of stored results (the ratings migration)."""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from gamecore.match import Match, Seat
from gamecore.ratings import GLOBAL_SCOPE, RatedResult, Rating, rate, result_of

#: Columns the replay reads from ``matches`` (finished ones, oldest first).
#: A rating's history point is written after the person's latest one by at least this
#: (seconds): processes' clocks differ, and the chart's last point must be the rating shown,
#: the one written last.
HISTORY_STEP = 0.001
REPLAY_COLUMNS = "id, game_id, guild_id, seats, result, practice, updated_at"


def scopes(guild_id: int | None) -> tuple[int, ...]:
    """All servers, and the match's server when it has one."""
    return (GLOBAL_SCOPE,) if guild_id is None else (GLOBAL_SCOPE, guild_id)


def rate_scopes(
    result: RatedResult, current: Mapping[int, Mapping[int, Rating]]
) -> dict[int, dict[int, Rating]]:
    """The new ratings in each scope of ``current`` (scope → user → rating, a person
    missing: no rating yet). Scopes where the people hold the same ratings (everyone who
    plays in one server only) are rated once: the arithmetic is most of a finish's cost."""
    users = sorted(set(result.users))
    done: dict[tuple[Rating | None, ...], dict[int, Rating]] = {}
    new = {}
    for scope, ratings in current.items():
        same = tuple(ratings.get(u) for u in users)
        if same not in done:
            done[same] = rate(result, ratings)
        new[scope] = done[same]
    return new


def new_ratings(
    result: RatedResult, current: Mapping[int, Mapping[int, Rating]]
) -> list[tuple[int, int, Rating]]:
    """``rate_scopes`` as rows of (scope, user, new rating)."""
    return [
        (scope, user, rating)
        for scope, ratings in rate_scopes(result, current).items()
        for user, rating in ratings.items()
    ]


def stored_match(row: Mapping[str, Any]) -> Match:
    """A finished match as far as ratings need it, from its row."""
    return Match(
        id=row["id"],
        game_id=row["game_id"],
        guild_id=row["guild_id"],
        channel_id=0,
        host_id=0,
        seed=0,
        seats=tuple(Seat.from_dict(s) for s in json.loads(row["seats"])),
        status="finished",
        result=None if row["result"] is None else json.loads(row["result"]),
        practice=bool(row["practice"]),
    )


def left_early(match: Match, users: Iterable[int]) -> list[int]:
    """Of everyone who ever sat in ``match`` (``match_users``), those no longer seated at
    the end. Results stored before ratings existed do not say whether they resigned or
    lost their seat to the clock, so the replay counts them as resigned (last)."""
    seated = {s.user_id for s in match.seats} | {s.former for s in match.seats}
    return sorted(set(users) - seated)


@dataclass(slots=True)
class Replay:
    """Ratings built from results in order: ``ratings`` keyed (scope, user, game) and the
    history rows, ready to insert."""

    ratings: dict[tuple[int, int, str], Rating] = field(default_factory=dict)
    history: list[tuple[int, int, str, str, float, float, float]] = field(default_factory=list)

    @classmethod
    def of(cls, rows: Iterable[Mapping[str, Any]], users: Iterable[tuple[str, int]]) -> Replay:
        """The ratings migration's replay: ``rows`` of ``REPLAY_COLUMNS``, oldest first, and
        ``users``: every (match_id, user_id) of ``match_users``."""
        ever_sat: dict[str, list[int]] = {}
        for match_id, user_id in users:
            ever_sat.setdefault(match_id, []).append(user_id)
        replay = cls()
        for row in rows:
            match = stored_match(row)
            replay.add(match, row["updated_at"], left_early(match, ever_sat.get(match.id, ())))
        return replay

    def add(self, match: Match, at: float, left: Iterable[int] = ()) -> None:
        result = result_of(match, left)
        if result is None:
            return
        for scope in scopes(match.guild_id):
            self.apply(scope, match.id, at, result)

    def apply(self, scope: int, match_id: str, at: float, result: RatedResult) -> None:
        current = {
            u: r for u in result.users if (r := self.ratings.get((scope, u, result.game_id)))
        }
        for user, new in rate(result, current).items():
            self.ratings[scope, user, result.game_id] = new
            self.history.append((scope, user, result.game_id, match_id, at, new.mu, new.sigma))

    def rating_rows(self) -> list[tuple[int, int, str, float, float, int]]:
        return [(s, u, g, r.mu, r.sigma, r.matches) for (s, u, g), r in self.ratings.items()]
