"""Ratings (gamecore/ratings.py; docs/ratings.md): the reads of ``/stats`` and the rating
boards, and the ratings migration's replay of stored results. A match's end writes its
ratings on the move path of each store (storage/sqlite.py, storage/pg_ratings.py)."""

from __future__ import annotations

from gamecore.ratings import SETTLED_SIGMA
from storage.ratings import REPLAY_COLUMNS, Replay
from storage.records import PlayerRating, RatingPoint
from storage.sql import Query, SqlBackend, Tx

#: Rows of ``matches`` 0 are created by PostgreSQL's locking finish before it rates.
_OF_USER = Query(
    "SELECT r.game_id, r.mu, r.sigma, r.matches, CASE WHEN r.sigma > :settled THEN NULL "
    "ELSE 1 + (SELECT COUNT(*) FROM ratings o WHERE o.scope = r.scope "
    "AND o.game_id = r.game_id AND o.sigma <= :settled AND o.mu > r.mu) END "
    "FROM ratings r WHERE r.scope = :scope AND r.user_id = :user_id AND r.matches > 0 "
    "ORDER BY r.game_id"
)
_BOARD = (
    "SELECT user_id, mu, sigma, matches FROM ratings WHERE scope = :scope AND game_id = :game_id "
    "AND matches > 0 AND sigma {test} :settled ORDER BY mu DESC, user_id LIMIT :limit"
)
_SETTLED_BOARD = Query(_BOARD.format(test="<="))
_PROVISIONAL_BOARD = Query(_BOARD.format(test=">"))
_HISTORY = Query(
    "SELECT at, mu, sigma FROM rating_history WHERE scope = :scope AND user_id = :user_id "
    "AND game_id = :game_id ORDER BY at DESC, match_id DESC LIMIT :limit"
)
_FINISHED = Query(
    f"SELECT {REPLAY_COLUMNS} FROM matches WHERE status = 'finished' ORDER BY updated_at, id"
)
_EVER_SAT = Query("SELECT match_id, user_id FROM match_users")
_ADD_RATING = Query(
    "INSERT INTO ratings (scope, user_id, game_id, mu, sigma, matches) "
    "VALUES (:scope, :user_id, :game_id, :mu, :sigma, :matches)"
)
_ADD_HISTORY = Query(
    "INSERT INTO rating_history (scope, user_id, game_id, match_id, at, mu, sigma) "
    "VALUES (:scope, :user_id, :game_id, :match_id, :at, :mu, :sigma) ON CONFLICT DO NOTHING"
)


async def replay_ratings(tx: Tx) -> None:
    """The ratings migration: every stored finished result, oldest first, into ratings."""
    replay = Replay.of(await tx.fetch(_FINISHED), [(r[0], r[1]) for r in await tx.fetch(_EVER_SAT)])
    rating = ("scope", "user_id", "game_id", "mu", "sigma", "matches")
    await tx.executemany(
        _ADD_RATING, [dict(zip(rating, r, strict=True)) for r in replay.rating_rows()]
    )
    point = ("scope", "user_id", "game_id", "match_id", "at", "mu", "sigma")
    await tx.executemany(_ADD_HISTORY, [dict(zip(point, r, strict=True)) for r in replay.history])


class Ratings(SqlBackend):
    async def ratings(self, user_id: int, scope: int) -> list[PlayerRating]:
        """The user's rating per game in ``scope`` (0: all servers, else a guild id), with
        the rank among the scope's settled players."""
        rows = await self.read(_OF_USER, settled=SETTLED_SIGMA, scope=scope, user_id=user_id)
        return PlayerRating.of_user(user_id, rows)

    async def rating_board(
        self, game_id: str, scope: int, limit: int = 10, *, settled: bool = True
    ) -> list[PlayerRating]:
        """The best settled (or, ``settled=False``, provisional) ratings of a game."""
        rows = await self.read(
            _SETTLED_BOARD if settled else _PROVISIONAL_BOARD,
            scope=scope,
            game_id=game_id,
            settled=SETTLED_SIGMA,
            limit=limit,
        )
        return PlayerRating.board(game_id, rows, settled=settled)

    async def rating_history(
        self, user_id: int, game_id: str, scope: int, limit: int = 200
    ) -> list[RatingPoint]:
        """The user's rating after each of their last ``limit`` rated matches, oldest first."""
        rows = await self.read(_HISTORY, scope=scope, user_id=user_id, game_id=game_id, limit=limit)
        return RatingPoint.history(rows)
