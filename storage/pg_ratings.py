"""The rated finish on PostgreSQL as ONE statement (docs/ratings.md, "Storage"): the players'
new ratings are computed BEFORE the write from the ratings this process last knew
(:class:`KnownRatings`), and written by the move's own statement only if every involved
rating row still holds what they were computed from; otherwise the statement writes
nothing at all (neither the move nor a rating) and returns the rows as they are now, so the
caller computes again (storage/postgres.py bounds the tries).

Why it is safe: the statement first locks the players' existing rows (``FOR UPDATE``, in
(scope, user) order, so two finishes sharing a player take turns) and reads their latest
committed values; the match row is updated only when those equal what the new ratings were
computed from (``matches`` counts every update, so a changed row never looks unchanged);
everything else hangs on the match row's update. A row believed absent (a first rated
match) is created by a plain ``INSERT``: when a concurrent first match created it already,
the unique key aborts the whole statement, and the next try sees the row.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import asyncpg

from gamecore.match import Match
from gamecore.ratings import RatedResult, Rating
from storage.ratings import HISTORY_STEP, rate_scopes, scopes

#: Column types of the statement's rating arrays, in order (:meth:`RatingPlan.params`).
ARRAY_TYPES = ("bigint", "bigint", "float8", "float8", "int", "float8", "float8", "int")


def rating_ctes(first: int, at: str) -> tuple[str, str]:
    """The statement's parts for the ratings, parameters from ``$first`` (the arrays of
    :data:`ARRAY_TYPES`, then the game id; ``at``: the history rows' time): the CTEs that
    lock and check the players' rows (to put before the match's ``UPDATE``, whose ``WHERE``
    adds ``(SELECT fine FROM ok)``) and the CTEs that write ratings and history (after it,
    each ``FROM m``)."""
    arrays = ", ".join(f"${first + i}::{kind}[]" for i, kind in enumerate(ARRAY_TYPES))
    game = f"${first + len(ARRAY_TYPES)}::text"
    check = f"""
    w AS (
        SELECT * FROM unnest({arrays})
            AS w(scope, user_id, old_mu, old_sigma, old_matches, mu, sigma, matches)
    ),
    cur AS MATERIALIZED (
        SELECT r.scope, r.user_id, r.mu, r.sigma, r.matches
        FROM ratings r JOIN w ON r.scope = w.scope AND r.user_id = w.user_id
        WHERE r.game_id = {game}
        ORDER BY r.scope, r.user_id
        FOR UPDATE OF r
    ),
    ok AS MATERIALIZED (
        SELECT NOT EXISTS (
            SELECT 1 FROM w LEFT JOIN cur c ON c.scope = w.scope AND c.user_id = w.user_id
            WHERE (c.mu, c.sigma, c.matches) IS DISTINCT FROM (w.old_mu, w.old_sigma, w.old_matches)
        ) AS fine
    ),"""
    write = f""",
    rn AS (
        INSERT INTO ratings (scope, user_id, game_id, mu, sigma, matches)
        SELECT w.scope, w.user_id, {game}, w.mu, w.sigma, w.matches FROM m, w
        WHERE w.old_matches IS NULL ORDER BY w.scope, w.user_id
    ),
    ru AS (
        UPDATE ratings r SET mu = w.mu, sigma = w.sigma, matches = w.matches FROM m, w
        WHERE r.scope = w.scope AND r.user_id = w.user_id AND r.game_id = {game}
        AND w.old_matches IS NOT NULL
    ),
    h AS (
        INSERT INTO rating_history (scope, user_id, game_id, match_id, at, mu, sigma)
        SELECT w.scope, w.user_id, {game}, m.id, GREATEST({at}::float8, COALESCE((
            SELECT max(p.at) + {HISTORY_STEP} FROM rating_history p
            WHERE p.scope = w.scope AND p.user_id = w.user_id AND p.game_id = {game}
        ), {at}::float8)), w.mu, w.sigma FROM m, w
        ON CONFLICT DO NOTHING
    )"""
    return check, write


#: The statement's answer: whether the match row was taken, whether the ratings held, and
#: (when they did not) the players' rows as they are now, one per row.
RATED_ANSWER = """
    SELECT (SELECT count(*) FROM m) AS taken, ok.fine, c.scope, c.user_id, c.mu, c.sigma,
        c.matches
    FROM ok LEFT JOIN cur c ON NOT ok.fine
"""

#: Which errors mean "a concurrent finish got there first; nothing was written, try again".
RETRY_ERRORS: tuple[type[BaseException], ...] = (
    asyncpg.UniqueViolationError,  # a first rating row created meanwhile
    asyncpg.DeadlockDetectedError,
)


def rated_keys(matches: Iterable[Match]) -> list[tuple[int, int, str]]:
    """The rating rows the ends of these matches will write, (scope, user, game): each
    person at the table (or who left it to a computer) in every scope of a match that
    counts (two or more seats, not practice)."""
    keys: set[tuple[int, int, str]] = set()
    for match in matches:
        if match.practice or len(match.seats) < 2:
            continue
        people = {s.former if s.is_computer else s.user_id for s in match.seats}
        keys |= {
            (scope, u, match.game_id)
            for scope in scopes(match.guild_id)
            for u in people
            if u is not None
        }
    return sorted(keys)


class KnownRatings:
    """The ratings this process last wrote or read, (scope, user, game) → rating; a key
    not here is taken to have no row yet (a newcomer). Only a guess: the statement checks
    it. Bounded: the oldest entries are dropped first."""

    def __init__(self, limit: int = 100_000) -> None:
        self.limit = limit
        self._known: dict[tuple[int, int, str], Rating] = {}

    def get(self, key: tuple[int, int, str]) -> Rating | None:
        return self._known.get(key)

    def put(self, key: tuple[int, int, str], rating: Rating) -> None:
        self._known.pop(key, None)
        self._known[key] = rating
        if len(self._known) > self.limit:
            del self._known[next(iter(self._known))]

    def forget(self, key: tuple[int, int, str]) -> None:
        self._known.pop(key, None)


@dataclass(frozen=True, slots=True)
class RatingPlan:
    """One try of a rated finish: each (scope, user) with the rating it was computed from
    (None: no row) and the new one."""

    game_id: str
    rows: tuple[tuple[int, int, Rating | None, Rating], ...]

    @classmethod
    def of(cls, guild_id: int | None, result: RatedResult, known: KnownRatings) -> RatingPlan:
        users = sorted(set(result.users))
        old = {
            scope: {u: r for u in users if (r := known.get((scope, u, result.game_id)))}
            for scope in scopes(guild_id)
        }
        new = rate_scopes(result, old)
        rows = [(s, u, old[s].get(u), new[s][u]) for s in old for u in users]
        return cls(result.game_id, tuple(rows))

    def params(self) -> tuple[object, ...]:
        rows = self.rows
        return (
            [r[0] for r in rows],
            [r[1] for r in rows],
            [None if r[2] is None else r[2].mu for r in rows],
            [None if r[2] is None else r[2].sigma for r in rows],
            [None if r[2] is None else r[2].matches for r in rows],
            [r[3].mu for r in rows],
            [r[3].sigma for r in rows],
            [r[3].matches for r in rows],
            self.game_id,
        )

    def keys(self) -> list[tuple[int, int, str]]:
        return [(r[0], r[1], self.game_id) for r in self.rows]

    def written(self, known: KnownRatings) -> None:
        """The statement wrote the plan: its new ratings are now the stored ones."""
        for scope, user, _, new in self.rows:
            known.put((scope, user, self.game_id), new)

    def refused(self, known: KnownRatings, answer: Sequence[asyncpg.Record]) -> None:
        """The ratings had changed: learn the rows as the statement found them (a key it
        did not find has no row)."""
        found = {(r["scope"], r["user_id"]): r for r in answer if r["scope"] is not None}
        for key in self.keys():
            row = found.get(key[:2])
            if row is None:
                known.forget(key)
            else:
                known.put(key, Rating(row["mu"], row["sigma"], row["matches"]))

    def unknown(self, known: KnownRatings) -> None:
        """The outcome is unknown (or a try failed): forget what the plan assumed."""
        for key in self.keys():
            known.forget(key)
