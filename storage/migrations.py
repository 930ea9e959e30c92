"""Schema migrations, applied in order at start-up (table ``schema_version``).

``MIGRATIONS`` below are written once for both databases (append a new one; never edit a
published one). Each is a script of statements separated by ``;`` in the types both accept
(``BIGINT`` for Discord ids, ``DOUBLE PRECISION`` for times, ``INTEGER``, ``TEXT``; JSON as
text); ``WITHOUT ROWID`` after a table with a composite key is SQLite's and dropped for
PostgreSQL (storage/sql.py, ``Dialect.ddl``). A statement that holds a ``;`` itself goes in
a tuple of single statements instead.

They come after each database's earlier history, written per database and frozen:
storage/schema.py (SQLite, versions 1–14) and storage/pg_schema.py (PostgreSQL, 1–13). So
the n-th migration here is version 14 + n on SQLite and 13 + n on PostgreSQL. Each runs
in its own transaction together with the row that records it, so a crash mid-migration
leaves the old version (PostgreSQL also takes an advisory lock: processes starting at once
migrate once).
"""

from __future__ import annotations

from storage import pg_schema, schema
from storage.base import SchemaTooNew
from storage.features.ratings import replay_ratings
from storage.sql import Dialect, Query, SqlBackend, Tx

MIGRATIONS: tuple[str | tuple[str, ...], ...] = (
    # Server settings (/settings: service/settings.py names the keys; value: JSON) and the
    # followers of a match (/game follow: told by DM, or in the thread they chose).
    """
    CREATE TABLE guild_settings (
        guild_id BIGINT NOT NULL,
        key TEXT NOT NULL,
        value TEXT NOT NULL,
        PRIMARY KEY (guild_id, key)
    ) WITHOUT ROWID;
    CREATE TABLE match_followers (
        match_id TEXT NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
        user_id BIGINT NOT NULL,
        thread_id BIGINT,
        at DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (match_id, user_id)
    ) WITHOUT ROWID;
    CREATE INDEX match_followers_user ON match_followers (user_id)
    """,
    # Each closed season's champion per server and game (user_id NULL: nobody qualified;
    # service/seasons.py), and the finish times a season's table is replayed from.
    """
    CREATE TABLE season_champions (
        guild_id BIGINT NOT NULL,
        game_id TEXT NOT NULL,
        season TEXT NOT NULL,
        user_id BIGINT,
        rating INTEGER NOT NULL,
        matches INTEGER NOT NULL,
        decided_at DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (guild_id, game_id, season)
    ) WITHOUT ROWID;
    CREATE INDEX season_champions_by_user ON season_champions (guild_id, user_id);
    CREATE INDEX rating_history_by_time ON rating_history (scope, game_id, at)
    """,
    # Tournaments (storage/features/tournaments.py): the whole tournament as one JSON
    # document per row, written under a version guard.
    """
    CREATE TABLE tournaments (
        id TEXT PRIMARY KEY,
        guild_id BIGINT NOT NULL,
        status TEXT NOT NULL,
        doc TEXT NOT NULL,
        version INTEGER NOT NULL,
        updated_at DOUBLE PRECISION NOT NULL
    );
    CREATE INDEX tournaments_open ON tournaments (guild_id) WHERE status <> 'ended'
    """,
    # Table manners (storage/codec.py ``manners_to_dict``, JSON): whether takebacks are on,
    # the takeback waiting for consent, holidays.
    "ALTER TABLE matches ADD COLUMN manners TEXT NOT NULL DEFAULT '{}'",
)


def statements(script: str | tuple[str, ...]) -> tuple[str, ...]:
    """A migration's statements (a script is split at ``;``: none inside a statement)."""
    if isinstance(script, tuple):
        return script
    return tuple(s.strip() for s in script.split(";") if s.strip())


def for_dialect(dialect: Dialect) -> tuple[tuple[int, tuple[str, ...]], ...]:
    """Every migration of ``dialect``'s database, (version, statements), oldest first."""
    history = pg_schema.MIGRATIONS if dialect.postgres else schema.MIGRATIONS
    done = [(version, statements(script)) for version, script in history]
    first = history[-1][0] + 1
    done += [
        (first + i, tuple(dialect.ddl(s) for s in statements(script)))
        for i, script in enumerate(MIGRATIONS)
    ]
    return tuple(done)


def latest(dialect: Dialect) -> int:
    """The schema version this code migrates ``dialect``'s database to."""
    return for_dialect(dialect)[-1][0]


def ratings_migration(dialect: Dialect) -> int:
    """The migration after which stored results are replayed into ratings (Python, same
    transaction)."""
    return pg_schema.RATINGS_MIGRATION if dialect.postgres else schema.RATINGS_MIGRATION


_VERSION_TABLE = Query("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER PRIMARY KEY)")
_VERSION = Query("SELECT COALESCE(MAX(version), 0) FROM schema_version")
_RECORD = Query("INSERT INTO schema_version (version) VALUES (:version)")
#: PostgreSQL: processes starting together take turns, and each migration runs once (any
#: number would do). SQLite has one process (storage/sqlite.py, ``exclusive_use``).
_LOCK = Query("SELECT pg_advisory_xact_lock(7345001)")


class Migrating(SqlBackend):
    async def migrate(self) -> int:
        """Apply every migration newer than the stored schema version, each in its own
        transaction with the row that records it; returns the version."""
        dialect = self.dialect

        async def start(tx: Tx) -> int:
            if dialect.postgres:
                await tx.execute(_LOCK)
            await tx.execute(_VERSION_TABLE)
            return int((await tx.fetch(_VERSION))[0][0])

        current = await self.transaction(start)
        known = latest(dialect)
        if current > known:
            raise SchemaTooNew(current, known)
        for version, script in for_dialect(dialect):
            if version <= current:
                continue

            async def step(
                tx: Tx, version: int = version, script: tuple[str, ...] = script
            ) -> None:
                if dialect.postgres:
                    await tx.execute(_LOCK)
                if int((await tx.fetch(_VERSION))[0][0]) >= version:
                    return  # another process did it meanwhile
                for statement in script:
                    await tx.execute(Query(statement))
                if version == ratings_migration(dialect):
                    await replay_ratings(tx)
                await tx.execute(_RECORD, version=version)

            await self.transaction(step)
            current = version
        return current

    async def schema_version(self) -> int:
        return int((await self.read(_VERSION))[0][0])
