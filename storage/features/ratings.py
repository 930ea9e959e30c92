"""Ratings (gamecore/ratings.py; docs/ratings.md): the reads of ``/stats`` and the rating
boards, and the ratings migration's replay of stored results. A match's end writes its
ratings on the move path of each store (storage/sqlite.py, storage/pg_ratings.py)."""

from __future__ import annotations

from collections.abc import Mapping

from gamecore.match import Match
from gamecore.ratings import SETTLED_SIGMA, RatedResult, Rating
from storage.ratings import HISTORY_STEP, REPLAY_COLUMNS, Replay, new_ratings, scopes
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


#: The players' rows of every scope, created at the default (``matches`` 0) or locked as
#: they are, in (scope, user) order.
_LOCK = Query(
    lambda d: (
        "INSERT INTO ratings (scope, user_id, game_id, mu, sigma, matches) "
        "SELECT k.scope, k.user_id, :game_id, CAST(:mu AS DOUBLE PRECISION), "
        "CAST(:sigma AS DOUBLE PRECISION), 0 FROM "
        + d.rows("keys", (("scope", "bigint"), ("user_id", "bigint"), ("n", "int")))
        + " AS k WHERE true ORDER BY k.n "
        "ON CONFLICT (scope, user_id, game_id) DO UPDATE SET matches = ratings.matches "
        "RETURNING scope, user_id, mu, sigma, matches"
    ),
    lists=("keys",),
)
_NEW = (
    ("scope", "bigint"),
    ("user_id", "bigint"),
    ("mu", "float8"),
    ("sigma", "float8"),
    ("matches", "int"),
)
_UPDATE = Query(
    lambda d: (
        "UPDATE ratings SET mu = n.mu, sigma = n.sigma, matches = n.matches FROM "
        + d.rows("new", _NEW)
        + " AS n WHERE ratings.scope = n.scope AND ratings.user_id = n.user_id "
        "AND ratings.game_id = :game_id"
    ),
    lists=("new",),
)
#: After the person's latest point, whatever this process's clock says (several processes'
#: clocks differ): the chart's last point is the rating written last.
_HISTORY_POINTS = Query(
    lambda d: (
        "INSERT INTO rating_history (scope, user_id, game_id, match_id, at, mu, sigma) "
        "SELECT n.scope, n.user_id, :game_id, :match_id, "
        + d.greatest(
            "CAST(:at AS DOUBLE PRECISION)",
            f"COALESCE((SELECT max(p.at) + {HISTORY_STEP} FROM rating_history p "
            "WHERE p.scope = n.scope AND p.user_id = n.user_id AND p.game_id = :game_id), "
            "CAST(:at AS DOUBLE PRECISION))",
        )
        + ", n.mu, n.sigma FROM "
        + d.rows("new", _NEW)
        + " AS n WHERE true ON CONFLICT DO NOTHING"
    ),
    lists=("new",),
)


async def lock_ratings(tx: Tx, match: Match, result: RatedResult) -> dict[int, dict[int, Rating]]:
    """A rated finish's first statement in a transaction (SQLite's finish; PostgreSQL's
    last resort when its single statement kept meeting changed ratings): the players' rows
    of every scope created or locked in (scope, user) order, before anything else of the
    finish, so two finishes with a player in common take turns and neither holds a
    statistics row the other waits for. Returns scope → user → rating (``matches`` 0: none
    yet)."""
    keys = sorted((scope, user) for scope in scopes(match.guild_id) for user in set(result.users))
    rows = await tx.fetch(
        _LOCK,
        keys=[(scope, user, n) for n, (scope, user) in enumerate(keys)],
        game_id=result.game_id,
        mu=Rating().mu,
        sigma=Rating().sigma,
    )
    current: dict[int, dict[int, Rating]] = {}
    for row in rows:
        current.setdefault(row[0], {})[row[1]] = Rating(row[2], row[3], row[4])
    return current


async def write_ratings(
    tx: Tx, match: Match, result: RatedResult, current: Mapping[int, Mapping[int, Rating]]
) -> list[tuple[int, int, Rating]]:
    """The finish's new ratings from ``current`` (locked by ``lock_ratings``), with their
    history rows. Returns (scope, user, new rating)."""
    new = new_ratings(result, current)
    rows = [(scope, user, r.mu, r.sigma, r.matches) for scope, user, r in new]
    await tx.execute(_UPDATE, new=rows, game_id=result.game_id)
    await tx.execute(
        _HISTORY_POINTS, new=rows, game_id=result.game_id, match_id=match.id, at=match.updated_at
    )
    return new


async def rate_finish(tx: Tx, match: Match, result: RatedResult) -> None:
    """A finish's whole rating update, in its transaction (SQLite's finish)."""
    await write_ratings(tx, match, result, await lock_ratings(tx, match, result))


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
