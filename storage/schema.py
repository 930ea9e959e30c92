"""SQLite's schema history, versions 1–14 (table ``schema_version``), frozen: new
migrations are written once for both databases in storage/migrations.py, which runs these
first. A migration is a script of statements separated by ``;`` or, when a statement holds
a ``;`` itself (a trigger), a tuple of single statements.
"""

from __future__ import annotations

MIGRATIONS: tuple[tuple[int, str | tuple[str, ...]], ...] = (
    (
        1,
        """
        CREATE TABLE matches (
            id TEXT PRIMARY KEY,
            game_id TEXT NOT NULL,
            guild_id INTEGER,
            channel_id INTEGER NOT NULL,
            board_message_id INTEGER,
            host_id INTEGER NOT NULL,
            seed TEXT NOT NULL,              -- 64-bit unsigned: too big for INTEGER
            options TEXT NOT NULL,           -- JSON object
            seats TEXT NOT NULL,             -- JSON list of {user_id, computer, name}
            state TEXT,                      -- Game.to_json envelope, NULL in a lobby
            version INTEGER NOT NULL,
            steps INTEGER NOT NULL,
            status TEXT NOT NULL,            -- lobby / playing / finished / abandoned
            result TEXT,                     -- JSON object once over
            to_move TEXT NOT NULL DEFAULT '[]',
            turn_limit REAL,                 -- seconds, NULL = no clock
            turn_deadline REAL,
            reminded INTEGER NOT NULL DEFAULT 0,
            timer_at REAL,                   -- next reminder or expiry, NULL = none
            expiries TEXT NOT NULL DEFAULT '[]',
            created_at REAL NOT NULL,
            updated_at REAL NOT NULL
        );
        CREATE INDEX matches_live ON matches (status) WHERE status IN ('lobby', 'playing');
        CREATE INDEX matches_timer ON matches (timer_at) WHERE timer_at IS NOT NULL;
        CREATE TABLE match_users (
            user_id INTEGER NOT NULL,
            match_id TEXT NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
            PRIMARY KEY (user_id, match_id)
        ) WITHOUT ROWID;
        CREATE TABLE actions (
            match_id TEXT NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
            step INTEGER NOT NULL,
            seat INTEGER NOT NULL,
            notation TEXT NOT NULL,
            at REAL NOT NULL,
            PRIMARY KEY (match_id, step)
        ) WITHOUT ROWID;
        CREATE TABLE stats (
            user_id INTEGER NOT NULL,
            game_id TEXT NOT NULL,
            played INTEGER NOT NULL DEFAULT 0,
            won INTEGER NOT NULL DEFAULT 0,
            lost INTEGER NOT NULL DEFAULT 0,
            best_score REAL,
            total_score REAL NOT NULL DEFAULT 0,
            PRIMARY KEY (user_id, game_id)
        ) WITHOUT ROWID;
        CREATE INDEX stats_by_game ON stats (game_id, won DESC);
        """,
    ),
    (
        2,
        (
            # A step is ONE statement: the UPDATE of the match (version check included)
            # writes the action row through this trigger, so the state, the action and the
            # version commit together without a multi-statement transaction.
            "ALTER TABLE matches ADD COLUMN last_seat INTEGER",
            "ALTER TABLE matches ADD COLUMN last_notation TEXT",
            """
            CREATE TRIGGER log_action AFTER UPDATE OF steps ON matches
            WHEN NEW.steps > OLD.steps
            BEGIN
                INSERT INTO actions (match_id, step, seat, notation, at)
                VALUES (NEW.id, NEW.steps, NEW.last_seat, NEW.last_notation, NEW.updated_at);
            END
            """,
        ),
    ),
    (
        3,
        # Per-server statistics beside the global ``stats`` table (both written in the same
        # transaction). Results from before this migration exist only in the global table.
        """
        CREATE TABLE guild_stats (
            guild_id INTEGER NOT NULL,
            user_id INTEGER NOT NULL,
            game_id TEXT NOT NULL,
            played INTEGER NOT NULL DEFAULT 0,
            won INTEGER NOT NULL DEFAULT 0,
            lost INTEGER NOT NULL DEFAULT 0,
            best_score REAL,
            total_score REAL NOT NULL DEFAULT 0,
            PRIMARY KEY (guild_id, user_id, game_id)
        ) WITHOUT ROWID;
        CREATE INDEX guild_stats_by_game ON guild_stats (guild_id, game_id, won DESC);
        """,
    ),
    (
        4,
        # Timer claims (several processes on one database): who fires a match's clock, and
        # until when (storage/base.py, ``claim_timers``).
        """
        ALTER TABLE matches ADD COLUMN timer_owner TEXT;
        ALTER TABLE matches ADD COLUMN timer_lease REAL
        """,
    ),
    (
        5,
        # Ratings (gamecore/ratings.py): one row per scope (0 = all servers, else the
        # guild id), player and game, written with the result; the history feeds /stats'
        # chart. ``practice`` marks matches whose seed the host chose; older ones are marked
        # by their seed (a chosen seed is at most 2^53 - 1, a drawn one 64 bits). The stored
        # results are then replayed into ratings (storage/ratings.py) in this transaction.
        """
        ALTER TABLE matches ADD COLUMN practice INTEGER NOT NULL DEFAULT 0;
        UPDATE matches SET practice = 1
            WHERE length(seed) < 16 OR (length(seed) = 16 AND seed <= '9007199254740991');
        CREATE TABLE ratings (
            scope INTEGER NOT NULL,
            user_id INTEGER NOT NULL,
            game_id TEXT NOT NULL,
            mu REAL NOT NULL,
            sigma REAL NOT NULL,
            matches INTEGER NOT NULL,
            PRIMARY KEY (scope, user_id, game_id)
        ) WITHOUT ROWID;
        CREATE INDEX ratings_by_game ON ratings (scope, game_id, mu DESC);
        CREATE TABLE rating_history (
            scope INTEGER NOT NULL,
            user_id INTEGER NOT NULL,
            game_id TEXT NOT NULL,
            match_id TEXT NOT NULL,
            at REAL NOT NULL,
            mu REAL NOT NULL,
            sigma REAL NOT NULL,
            PRIMARY KEY (scope, user_id, game_id, match_id)
        ) WITHOUT ROWID
        """,
    ),
    (
        6,
        # Invitations (an invite-only lobby: /game new invite:, a rematch) and rematches:
        # at most one lobby plays a finished match again (the unique index decides a race).
        """
        ALTER TABLE matches ADD COLUMN invited TEXT NOT NULL DEFAULT '[]';
        ALTER TABLE matches ADD COLUMN invite_only INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE matches ADD COLUMN rematch_of TEXT;
        CREATE UNIQUE INDEX matches_rematch ON matches (rematch_of) WHERE rematch_of IS NOT NULL
        """,
    ),
    (
        7,
        # The daily deal (service/daily.py): one secret seed per scope (a guild id, 0 for the
        # bot's DMs), game and UTC day; every match played on it, ``counted`` for the first
        # per person and day (a partial unique index keeps it the only one).
        """
        CREATE TABLE daily_deals (
            scope INTEGER NOT NULL,
            game_id TEXT NOT NULL,
            day TEXT NOT NULL,
            seed TEXT NOT NULL,
            PRIMARY KEY (scope, game_id, day)
        ) WITHOUT ROWID;
        CREATE TABLE daily_matches (
            match_id TEXT PRIMARY KEY,
            scope INTEGER NOT NULL,
            game_id TEXT NOT NULL,
            day TEXT NOT NULL,
            user_id INTEGER NOT NULL,
            counted INTEGER NOT NULL,
            at REAL NOT NULL
        ) WITHOUT ROWID;
        CREATE UNIQUE INDEX daily_counted ON daily_matches (scope, game_id, day, user_id)
            WHERE counted = 1;
        CREATE INDEX daily_by_user ON daily_matches (user_id, scope, game_id, day)
        """,
    ),
    (
        8,
        # A clock its people agreed to pause: since when, and who asked to pause or resume.
        """
        ALTER TABLE matches ADD COLUMN paused_at REAL;
        ALTER TABLE matches ADD COLUMN clock_votes TEXT NOT NULL DEFAULT '[]'
        """,
    ),
    (
        9,
        # Turn notices each person controls (/notify), and "not for this turn" per match.
        """
        CREATE TABLE notify_settings (
            user_id INTEGER PRIMARY KEY,
            dm INTEGER NOT NULL DEFAULT 0,
            reminders INTEGER NOT NULL DEFAULT 1,
            dm_failed_told INTEGER NOT NULL DEFAULT 0
        );
        CREATE TABLE notify_quiet (
            match_id TEXT NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
            user_id INTEGER NOT NULL,
            PRIMARY KEY (match_id, user_id)
        ) WITHOUT ROWID
        """,
    ),
    (
        10,
        # /notify reminders at an interval (seconds; NULL: the clock's half-time reminder).
        "ALTER TABLE notify_settings ADD COLUMN remind_every REAL",
    ),
    (
        11,
        # The match's one turn notice in the channel, so the next one deletes it after a
        # restart too (cogs/ui/publisher.py).
        "ALTER TABLE matches ADD COLUMN ping_message_id INTEGER",
    ),
    (
        12,
        # Who was given which game's first-game tip (each person once per game).
        """
        CREATE TABLE tips_shown (
            user_id INTEGER NOT NULL,
            game_id TEXT NOT NULL,
            PRIMARY KEY (user_id, game_id)
        ) WITHOUT ROWID
        """,
    ),
    (
        13,
        # A pause's terms (gamecore.match.PauseTerms as JSON): when it runs out, who asked.
        "ALTER TABLE matches ADD COLUMN pause_terms TEXT NOT NULL DEFAULT '{}'",
    ),
    (
        14,
        # Par of a deal, computed once for every player of it (service/pars.py), keyed by a
        # digest of (game, seed, options) so no daily deal's secret seed is written or logged;
        # ``par`` is gamecore's DealPar JSON.
        """
        CREATE TABLE deal_pars (
            deal TEXT PRIMARY KEY,         -- a digest of (game, seed, options): no seed shows
            game_id TEXT NOT NULL,
            par TEXT NOT NULL
        ) WITHOUT ROWID
        """,
    ),
)

#: The migration after which stored results are replayed into ratings (Python, same
#: transaction).
RATINGS_MIGRATION = 5
