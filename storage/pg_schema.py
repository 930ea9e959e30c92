"""PostgreSQL's schema history, versions 1–13 (table ``schema_version``), frozen: new
migrations are written once for both databases in storage/migrations.py, which runs these
first.

The same tables and columns as SQLite's (storage/schema.py), in PostgreSQL types: Discord
ids are ``BIGINT``, times ``DOUBLE PRECISION``, JSON stays text (the codec writes and reads
it for both backends). The action row is an ordinary INSERT in the step's statement, so
no trigger is needed.
"""

from __future__ import annotations

MIGRATIONS: tuple[tuple[int, tuple[str, ...]], ...] = (
    (
        1,
        (
            """
            CREATE TABLE matches (
                id TEXT PRIMARY KEY,
                game_id TEXT NOT NULL,
                guild_id BIGINT,
                channel_id BIGINT NOT NULL,
                board_message_id BIGINT,
                host_id BIGINT NOT NULL,
                seed TEXT NOT NULL,
                options TEXT NOT NULL,
                seats TEXT NOT NULL,
                state TEXT,
                version INTEGER NOT NULL,
                steps INTEGER NOT NULL,
                status TEXT NOT NULL,
                result TEXT,
                to_move TEXT NOT NULL DEFAULT '[]',
                turn_limit DOUBLE PRECISION,
                turn_deadline DOUBLE PRECISION,
                reminded INTEGER NOT NULL DEFAULT 0,
                timer_at DOUBLE PRECISION,
                expiries TEXT NOT NULL DEFAULT '[]',
                created_at DOUBLE PRECISION NOT NULL,
                updated_at DOUBLE PRECISION NOT NULL
            )
            """,
            "CREATE INDEX matches_live ON matches (status) WHERE status IN ('lobby', 'playing')",
            "CREATE INDEX matches_timer ON matches (timer_at) WHERE timer_at IS NOT NULL",
            """
            CREATE TABLE match_users (
                user_id BIGINT NOT NULL,
                match_id TEXT NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
                PRIMARY KEY (user_id, match_id)
            )
            """,
            """
            CREATE TABLE actions (
                match_id TEXT NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
                step INTEGER NOT NULL,
                seat INTEGER NOT NULL,
                notation TEXT NOT NULL,
                at DOUBLE PRECISION NOT NULL,
                PRIMARY KEY (match_id, step)
            )
            """,
            """
            CREATE TABLE stats (
                user_id BIGINT NOT NULL,
                game_id TEXT NOT NULL,
                played INTEGER NOT NULL DEFAULT 0,
                won INTEGER NOT NULL DEFAULT 0,
                lost INTEGER NOT NULL DEFAULT 0,
                best_score DOUBLE PRECISION,
                total_score DOUBLE PRECISION NOT NULL DEFAULT 0,
                PRIMARY KEY (user_id, game_id)
            )
            """,
            "CREATE INDEX stats_by_game ON stats (game_id, won DESC)",
            """
            CREATE TABLE guild_stats (
                guild_id BIGINT NOT NULL,
                user_id BIGINT NOT NULL,
                game_id TEXT NOT NULL,
                played INTEGER NOT NULL DEFAULT 0,
                won INTEGER NOT NULL DEFAULT 0,
                lost INTEGER NOT NULL DEFAULT 0,
                best_score DOUBLE PRECISION,
                total_score DOUBLE PRECISION NOT NULL DEFAULT 0,
                PRIMARY KEY (guild_id, user_id, game_id)
            )
            """,
            "CREATE INDEX guild_stats_by_game ON guild_stats (guild_id, game_id, won DESC)",
        ),
    ),
    (
        2,
        (
            # Timer claims (several processes): who fires a match's clock, and until when.
            "ALTER TABLE matches ADD COLUMN timer_owner TEXT",
            "ALTER TABLE matches ADD COLUMN timer_lease DOUBLE PRECISION",
        ),
    ),
    (
        3,
        (
            # Ratings, as SQLite's migration 5 (storage/schema.py says why), then the
            # replay of stored results in the same transaction.
            "ALTER TABLE matches ADD COLUMN practice INTEGER NOT NULL DEFAULT 0",
            """
            UPDATE matches SET practice = 1
                WHERE length(seed) < 16 OR (length(seed) = 16 AND seed <= '9007199254740991')
            """,
            """
            CREATE TABLE ratings (
                scope BIGINT NOT NULL,
                user_id BIGINT NOT NULL,
                game_id TEXT NOT NULL,
                mu DOUBLE PRECISION NOT NULL,
                sigma DOUBLE PRECISION NOT NULL,
                matches INTEGER NOT NULL,
                PRIMARY KEY (scope, user_id, game_id)
            )
            """,
            "CREATE INDEX ratings_by_game ON ratings (scope, game_id, mu DESC)",
            """
            CREATE TABLE rating_history (
                scope BIGINT NOT NULL,
                user_id BIGINT NOT NULL,
                game_id TEXT NOT NULL,
                match_id TEXT NOT NULL,
                at DOUBLE PRECISION NOT NULL,
                mu DOUBLE PRECISION NOT NULL,
                sigma DOUBLE PRECISION NOT NULL,
                PRIMARY KEY (scope, user_id, game_id, match_id)
            )
            """,
        ),
    ),
    (
        4,
        (
            # Invitations and rematches, as SQLite's migration 6.
            "ALTER TABLE matches ADD COLUMN invited TEXT NOT NULL DEFAULT '[]'",
            "ALTER TABLE matches ADD COLUMN invite_only INTEGER NOT NULL DEFAULT 0",
            "ALTER TABLE matches ADD COLUMN rematch_of TEXT",
            "CREATE UNIQUE INDEX matches_rematch ON matches (rematch_of) WHERE rematch_of IS NOT NULL",
        ),
    ),
    (
        5,
        (
            # The daily deal, as SQLite's migration 7 (storage/schema.py says why).
            """
            CREATE TABLE daily_deals (
                scope BIGINT NOT NULL,
                game_id TEXT NOT NULL,
                day TEXT NOT NULL,
                seed TEXT NOT NULL,
                PRIMARY KEY (scope, game_id, day)
            )
            """,
            """
            CREATE TABLE daily_matches (
                match_id TEXT PRIMARY KEY,
                scope BIGINT NOT NULL,
                game_id TEXT NOT NULL,
                day TEXT NOT NULL,
                user_id BIGINT NOT NULL,
                counted INTEGER NOT NULL,
                at DOUBLE PRECISION NOT NULL
            )
            """,
            """
            CREATE UNIQUE INDEX daily_counted ON daily_matches (scope, game_id, day, user_id)
                WHERE counted = 1
            """,
            "CREATE INDEX daily_by_user ON daily_matches (user_id, scope, game_id, day)",
        ),
    ),
    (
        6,
        (
            # A paused clock, as SQLite's migration 8.
            "ALTER TABLE matches ADD COLUMN paused_at DOUBLE PRECISION",
            "ALTER TABLE matches ADD COLUMN clock_votes TEXT NOT NULL DEFAULT '[]'",
        ),
    ),
    (
        7,
        (
            # Turn notices, as SQLite's migration 9.
            """
            CREATE TABLE notify_settings (
                user_id BIGINT PRIMARY KEY,
                dm INTEGER NOT NULL DEFAULT 0,
                reminders INTEGER NOT NULL DEFAULT 1,
                dm_failed_told INTEGER NOT NULL DEFAULT 0
            )
            """,
            """
            CREATE TABLE notify_quiet (
                match_id TEXT NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
                user_id BIGINT NOT NULL,
                PRIMARY KEY (match_id, user_id)
            )
            """,
        ),
    ),
    (
        8,
        # Reminders at an interval, as SQLite's migration 10.
        ("ALTER TABLE notify_settings ADD COLUMN remind_every DOUBLE PRECISION",),
    ),
    (
        9,
        # The match's one turn notice, as SQLite's migration 11.
        ("ALTER TABLE matches ADD COLUMN ping_message_id BIGINT",),
    ),
    (
        10,
        (
            # Ordinary moves as HOT updates (issue 22 item 3): a move rewrites the row with a
            # new timer_at (the clock's next reminder), and a changed indexed column makes
            # PostgreSQL write a new entry in EVERY index of the table (and their WAL). The
            # clock sweep reads its due matches from memory and claims them by id, so the
            # index on timer_at only served due_timers(), which matches_live serves well
            # enough (live matches only). Free room on each page (fillfactor) lets the new
            # row version stay on its page, which HOT also needs.
            "DROP INDEX matches_timer",
            "ALTER TABLE matches SET (fillfactor = 80)",
        ),
    ),
    (
        11,
        # Who was given which game's first-game tip, as SQLite's migration 12.
        (
            "CREATE TABLE tips_shown (user_id BIGINT NOT NULL, game_id TEXT NOT NULL, "
            "PRIMARY KEY (user_id, game_id))",
        ),
    ),
    (
        12,
        # A pause's terms, as SQLite's migration 13.
        ("ALTER TABLE matches ADD COLUMN pause_terms TEXT NOT NULL DEFAULT '{}'",),
    ),
    (
        13,
        # Par of a deal, computed once for every player of it, as SQLite's migration 14.
        (
            """
            CREATE TABLE deal_pars (
                deal TEXT PRIMARY KEY,
                game_id TEXT NOT NULL,
                par TEXT NOT NULL
            )
            """,
        ),
    ),
)

#: The migration after which stored results are replayed into ratings (same transaction).
RATINGS_MIGRATION = 3
