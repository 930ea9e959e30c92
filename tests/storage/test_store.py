"""Both match stores (SQLite and PostgreSQL, through the ``store`` fixture): migrations,
round-trips, optimistic versions, atomic steps; ``sqlite_store`` tests what only SQLite has."""

from __future__ import annotations

import asyncio
import sqlite3
import threading
from dataclasses import replace

import asyncpg
import pytest

from gamecore import match as rules
from gamecore.registry import get_game
from storage import (
    TABLES,
    DuplicateMatch,
    MatchStore,
    NewAction,
    PostgresMatchStore,
    ShardFilter,
    SqliteMatchStore,
    StaleVersion,
    TimerSeen,
    database_path,
    is_postgres_url,
    migrations,
    open_store,
    store_for,
)
from storage.sql import POSTGRES, SQLITE, Query
from tests.deadlines import HANG_GUARD

NOW = 1_700_000_000.0


def lobby(match_id: str = "m1", host: int = 10) -> rules.Match:
    return rules.open_match(
        get_game("toy-race"),
        match_id=match_id,
        guild_id=1,
        channel_id=2,
        host_id=host,
        host_name="host",
        options={},
        seed=2**64 - 5,  # seeds are unsigned 64-bit: must survive SQLite's signed INTEGER
        now=NOW,
    )


def started(match_id: str = "m1") -> rules.Match:
    game = get_game("toy-race")
    match = rules.join(lobby(match_id), game, 11, "guest", NOW)
    return rules.start(match, game, 10, NOW + 1)


async def play_one(store: MatchStore, match: rules.Match, amount: int = 1) -> rules.Match:
    game = get_game(match.game_id)
    seat = match.to_move[0]
    state, _ = game.apply(match.state, seat, amount)
    after = rules.record_step(match, game, seat, state, match.updated_at + 1)
    await store.save_move(after, game.format_action(amount), seat, match.version)
    return after


async def create_started(store) -> rules.Match:
    """A lobby created, then started and saved as version 1."""
    await store.create(lobby())
    match = started()
    await store.save(match, expected_version=0)
    return match


async def test_migrations_are_idempotent_and_recorded(backend_url):
    latest = migrations.latest(POSTGRES if is_postgres_url(backend_url) else SQLITE)
    store = store_for(backend_url)
    await store.open()
    assert await store.schema_version() == latest
    assert await store.migrate() == latest
    await store.create(lobby())
    await store.close()
    again = store_for(backend_url)
    await again.open()  # migrating an up-to-date database changes nothing
    assert await again.schema_version() == latest
    assert (await again.load("m1")) == lobby()
    rows = await again.read(Query("SELECT COUNT(*) FROM schema_version"))
    assert rows[0][0] == latest
    await again.close()


async def test_processes_starting_together_migrate_once(postgres_url):
    stores = [store_for(postgres_url) for _ in range(3)]
    await asyncio.gather(*(s.open() for s in stores))
    assert [await s.schema_version() for s in stores] == [migrations.latest(POSTGRES)] * 3
    rows = await stores[0].read(Query("SELECT COUNT(*) FROM schema_version"))
    assert rows[0][0] == migrations.latest(POSTGRES)
    for s in stores:
        await s.close()


async def pragma(store: SqliteMatchStore, name: str) -> object:
    return (await store.read(Query(f"PRAGMA {name}")))[0][0]


async def test_wal_busy_timeout_and_foreign_keys_are_on(sqlite_store):
    assert await pragma(sqlite_store, "journal_mode") == "wal"
    assert await pragma(sqlite_store, "busy_timeout") == 5000
    assert await pragma(sqlite_store, "foreign_keys") == 1
    assert await pragma(sqlite_store, "synchronous") == 1  # NORMAL (the default)


async def test_commits_leave_the_wal_checkpoint_to_a_second_connection(tmp_path):
    """No commit copies the WAL into the database file (SQLite would, every 1000 pages,
    in the commit that crossed them: milliseconds, the rated finish's p99): a background
    checkpoint does, every ``checkpoint_every`` commits; a commit only at 4000 pages."""
    path = tmp_path / "store.db"
    store = SqliteMatchStore(str(path), checkpoint_every=3)
    await store.open()
    try:
        assert await pragma(store, "wal_autocheckpoint") == 4000
        # the migrations' commits may have started a checkpoint already: it must end first,
        # or the creates below may finish before it and start none of their own (seen in CI
        # beside two CPU burners: the file then held 0 matches)
        await store.checkpointed()
        # commits until one starts the next checkpoint; no further one races it (a commit
        # during a PASSIVE pass may leave its last frames to the next pass)
        begun, created = store.checkpoints, 0
        while store.checkpoints == begun and created < 10:  # 10: a hang guard
            await store.create(lobby(f"c{created}"))
            created += 1
        assert 1 <= created <= 3
        await store.checkpointed()
        # the database file alone (without its WAL) now holds the matches written so far
        copy = tmp_path / "copy.db"
        copy.write_bytes(path.read_bytes())
        alone = sqlite3.connect(copy)
        assert alone.execute("SELECT COUNT(*) FROM matches").fetchone()[0] == created
        alone.close()
    finally:
        await store.close()


async def test_a_failed_background_checkpoint_is_logged_and_writes_go_on(
    tmp_path, monkeypatch, caplog
):
    store = SqliteMatchStore(str(tmp_path / "store.db"), checkpoint_every=1)

    def fail() -> None:
        raise sqlite3.OperationalError("database is locked")

    monkeypatch.setattr(store, "_checkpoint_in_thread", fail)
    await store.open()
    await store.create(lobby("f1"))
    await store.create(lobby("f2"))
    await store.close()
    assert "background WAL checkpoint" in caplog.text
    reopened = SqliteMatchStore(str(tmp_path / "store.db"))
    await reopened.open()
    assert await reopened.load("f2") is not None
    await reopened.close()


async def test_database_sync_chooses_full_and_refuses_nonsense(tmp_path, monkeypatch):

    monkeypatch.setenv("DATABASE_SYNC", "full")
    strict = SqliteMatchStore(str(tmp_path / "full.db"))
    await strict.open()
    assert await pragma(strict, "synchronous") == 2  # FULL
    await strict.close()
    monkeypatch.setenv("DATABASE_SYNC", "sometimes")
    with pytest.raises(ValueError, match="NORMAL or FULL"):
        SqliteMatchStore(str(tmp_path / "odd.db"))


async def test_lobby_and_started_match_round_trip(store):
    await store.create(lobby())
    assert await store.load("m1") == lobby()
    match = started()
    await store.save(match, expected_version=0)
    loaded = await store.load("m1")
    assert loaded == match
    assert loaded.seed == 2**64 - 5
    assert loaded.state == match.state


async def test_duplicate_id_is_refused(store):
    await store.create(lobby())
    with pytest.raises(DuplicateMatch):
        await store.create(lobby())


async def test_stale_version_is_refused_and_changes_nothing(store):
    match = await create_started(store)
    first = await play_one(store, match, 2)
    game = get_game("toy-race")
    late_state, _ = game.apply(match.state, match.to_move[0], 3)
    late = rules.record_step(match, game, match.to_move[0], late_state, NOW + 5)
    with pytest.raises(StaleVersion) as err:
        await store.save_move(late, "add 3", match.to_move[0], match.version)
    assert err.value.code == "stale_version"
    assert await store.load("m1") == first
    assert [a.notation for a in await store.actions("m1")] == ["add 2"]


@pytest.mark.parametrize(
    ("failing", "with_action"), [("_add_stats", True), ("_write_users", False)]
)
async def test_a_failure_between_statements_writes_nothing(
    store, monkeypatch, failing, with_action
):
    match = await create_started(store)
    game = get_game("toy-race")
    state, _ = game.apply(match.state, match.to_move[0], 3)
    after = rules.record_step(match, game, match.to_move[0], state, NOW + 9)
    if not with_action:  # a seat change, as a hand-over to a computer writes
        after = rules.hand_to_computer(match, game, match.seat_of(11), NOW + 9)
    stat = rules.StatLine(10, "toy-race", True, 1.0)
    action = NewAction(0, "add 3") if with_action else None

    def crash(*args, **kwargs):
        raise RuntimeError("disk on fire")

    if isinstance(store, PostgresMatchStore):  # one statement: its last part fails
        with pytest.raises(asyncpg.NotNullViolationError):
            await store.save(
                after, match.version, action=action, stats=[replace(stat, game_id=None)]
            )
    monkeypatch.setattr(store, failing, crash, raising=False)
    with pytest.raises(RuntimeError):
        if isinstance(store, PostgresMatchStore):
            raise RuntimeError("nothing to crash between statements")
        await store.save(after, match.version, action=action, stats=[stat])
    assert await store.load("m1") == match
    assert await store.actions("m1") == []
    assert await store.stats(10) == []
    monkeypatch.undo()
    await store.save(after, match.version, action=action, stats=[stat])
    assert (await store.load("m1")).version == match.version + 1
    assert len(await store.actions("m1")) == int(with_action)


async def test_a_move_whose_action_row_cannot_be_written_is_not_saved(store):
    """The state, the action row and the version are written together or not at all."""
    match = await create_started(store)
    game = get_game("toy-race")
    taken = {"match_id": "m1", "step": 1, "seat": 0, "notation": "x", "at": 0.0}
    await store.import_rows("actions", [taken])
    state, _ = game.apply(match.state, match.to_move[0], 3)
    after = rules.record_step(match, game, match.to_move[0], state, NOW + 9)
    with pytest.raises((sqlite3.IntegrityError, asyncpg.UniqueViolationError)):
        await store.save_move(after, "add 3", match.to_move[0])
    assert await store.load("m1") == match
    assert [a.notation for a in await store.actions("m1")] == ["x"]


async def test_replay_rebuilds_the_stored_state(store):
    match = await create_started(store)
    for amount in (3, 1, 2, 3, 1):
        match = await play_one(store, match, amount)
    game = get_game("toy-race")
    assert game.to_json(await store.replay("m1")) == game.to_json(match.state)
    assert [a.step for a in await store.actions("m1")] == [1, 2, 3, 4, 5]


async def test_queries_live_matches_users_timers(store):
    await store.create(lobby("a"))
    await store.create(lobby("b", host=99))
    match = started("c")
    await store.create(replace(match, version=0, status="lobby", state=None))
    await store.save(match, expected_version=0)
    assert {m.id for m in await store.live_matches()} == {"a", "b", "c"}
    assert [m.id for m in await store.user_matches(11, live=True)] == ["c"]
    assert [m.id for m in await store.user_matches(10, channel_id=2)] == ["c", "a"]
    assert await store.user_matches(10, channel_id=3) == []
    assert match.timer_at is not None
    assert await store.due_timers(match.timer_at - 1) == []
    assert await store.due_timers(match.timer_at) == ["c"]
    ended = rules.withdraw(match, NOW + 50, "host")
    await store.save(ended, match.version)
    assert [m.id for m in await store.user_matches(11, live=False)] == ["c"]
    assert await store.due_timers(match.timer_at + 10**9) == []


async def test_stats_and_leaderboard_accumulate(store):
    await store.create(lobby())
    match = started()
    lines = [
        rules.StatLine(1, "toy-race", True, 5.0),
        rules.StatLine(1, "toy-race", False, 9.0),
        rules.StatLine(2, "toy-race", True, None),
        rules.StatLine(2, "toy-race", True, 3.0),
        rules.StatLine(3, "toy-race", False, None),
    ]
    await store.save(match, expected_version=0, stats=lines)
    (one,) = await store.stats(1)
    assert (one.played, one.won, one.lost, one.best_score, one.total_score) == (2, 1, 1, 9.0, 14.0)
    board = await store.leaderboard("toy-race")
    assert [(r.rank, r.user_id, r.won) for r in board] == [(1, 2, 2), (2, 1, 1), (3, 3, 0)]
    assert board[0].win_rate == 1.0


async def test_update_meta_does_not_change_the_version(store):
    match = await create_started(store)
    await store.update_meta(replace(match, board_message_id=777, reminded=True), match)
    loaded = await store.load("m1")
    assert (loaded.board_message_id, loaded.reminded, loaded.version) == (777, True, match.version)


async def test_update_meta_over_a_stale_copy_changes_nothing(store):
    match = await create_started(store)
    later = replace(match, turn_deadline=NOW + 3600)
    await store.update_meta(later, match)
    for stale in (match, replace(later, version=match.version - 1)):
        with pytest.raises(StaleVersion):  # a stale process never moves the deadline back
            await store.update_meta(replace(stale, turn_deadline=NOW + 1690), stale)
    assert (await store.load("m1")).turn_deadline == NOW + 3600


async def test_a_timer_claim_checks_what_the_caller_saw(store):
    match = await create_started(store)
    seen = TimerSeen.of(match)
    stale = TimerSeen(match.version - 1, match.timer_at)
    assert await store.claim_timers(["m1"], "one", NOW, 60, {"m1": stale}) == []
    assert await store.claim_timers(["m1"], "one", NOW, 60, {"m1": seen}) == ["m1"]
    await store.release_timer("m1", "one")
    await store.update_meta(replace(match, reminded=True), match)  # fired meanwhile
    assert await store.claim_timers(["m1"], "two", NOW, 60, {"m1": seen}) == []
    many = {f"x{i}": seen for i in range(1200)}  # a sweep of more than SQLite's 500 terms
    fresh = TimerSeen.of(await store.load("m1"))
    assert await store.claim_timers([*many, "m1"], "two", NOW, 60, {**many, "m1": fresh}) == ["m1"]


def test_database_path_from_url(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert database_path("sqlite:///data/x.db") == "data/x.db"
    assert (tmp_path / "data").is_dir()
    absolute = tmp_path / "abs" / "y.db"
    assert database_path(f"sqlite:///{absolute}") == str(absolute)
    assert database_path("sqlite:///:memory:") == ":memory:"
    monkeypatch.setenv("DATABASE_URL", "sqlite:///env/z.db")
    assert database_path() == "env/z.db"
    with pytest.raises(ValueError):
        database_path("mysql://localhost/db")


async def test_open_store_uses_database_url(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("DATABASE_URL", raising=False)
    store = await open_store()
    assert store.path == "data/tabletop.db"
    assert (tmp_path / "data" / "tabletop.db").exists()
    await store.close()


async def test_moves_of_several_matches_commit_as_a_group_and_fail_alone(sqlite_store):
    game = get_game("toy-race")
    moves = []
    for index in range(6):
        match_id = f"g{index}"
        await sqlite_store.create(lobby(match_id))
        match = started(match_id)
        await sqlite_store.save(match, expected_version=0)
        state, _ = game.apply(match.state, match.to_move[0], 2)
        after = rules.record_step(match, game, match.to_move[0], state, NOW + 3)
        moves.append((match, after))
    # g4 is stale; g5's action row is taken already (its statement fails alone)
    await sqlite_store.db.execute(
        "INSERT INTO actions (match_id, step, seat, notation, at) VALUES ('g5', 1, 0, 'x', 0)"
    )
    groups, writes = sqlite_store.groups, sqlite_store.grouped_writes
    results = await asyncio.gather(
        *(
            sqlite_store.save_move(after, "add 2", after.to_move[0] ^ 1, m.version - (i == 4))
            for i, (m, after) in enumerate(moves)
        ),
        return_exceptions=True,
    )
    assert sqlite_store.grouped_writes - writes == 6  # the six moves ...
    assert sqlite_store.groups - groups < 6  # ... in fewer commits: some went together
    assert results[:4] == [None] * 4
    assert isinstance(results[4], StaleVersion)
    assert isinstance(results[5], sqlite3.IntegrityError)
    for i, (m, after) in enumerate(moves):
        stored = await sqlite_store.load(m.id)
        assert stored == (after if i < 4 else m)
        notations = [a.notation for a in await sqlite_store.actions(m.id)]
        assert notations == (["add 2"] if i < 4 else ["x"] if i == 5 else [])


async def test_a_cancelled_caller_does_not_cut_its_commit_in_half(sqlite_store):
    match = await create_started(sqlite_store)
    after = await play_one(sqlite_store, match, 1)
    game = get_game("toy-race")
    state, _ = game.apply(after.state, after.to_move[0], 2)
    second = rules.record_step(after, game, after.to_move[0], state, NOW + 20)
    gate, committing = threading.Event(), threading.Event()

    async def hold(_tx) -> None:  # first in the move's group, in the writer's thread
        committing.set()
        gate.wait(HANG_GUARD)

    groups = sqlite_store.groups
    holder = asyncio.create_task(sqlite_store.transaction(hold))
    caller = asyncio.create_task(sqlite_store.save_move(second, "add 2", after.to_move[0]))
    # no fixed pause (a loaded machine): until the group is being committed
    assert await asyncio.to_thread(committing.wait, HANG_GUARD)
    caller.cancel()
    gate.set()
    with pytest.raises(asyncio.CancelledError):
        await caller
    await holder
    assert sqlite_store.groups - groups == 1  # the move was in that group
    await sqlite_store.close()  # waits for the flush
    await sqlite_store.open()
    assert await sqlite_store.load("m1") == second
    assert [a.notation for a in await sqlite_store.actions("m1")] == ["add 1", "add 2"]


async def test_a_failing_write_in_a_group_is_undone_alone(sqlite_store, monkeypatch):
    game = get_game("toy-race")
    prepared = []
    for match_id in ("p", "q"):
        await sqlite_store.create(lobby(match_id))
        match = started(match_id)
        await sqlite_store.save(match, expected_version=0)
        state, _ = game.apply(match.state, match.to_move[0], 1)
        prepared.append((match, rules.record_step(match, game, match.to_move[0], state, NOW + 7)))
    (p_before, p_after), (q_before, q_after) = prepared

    def crash(*args):
        raise RuntimeError("stats table on fire")

    monkeypatch.setattr(sqlite_store, "_add_stats", crash)
    groups, writes = sqlite_store.groups, sqlite_store.grouped_writes
    stat = rules.StatLine(10, "toy-race", True, 1.0)
    results = await asyncio.gather(
        sqlite_store.save(p_after, p_before.version, action=NewAction(0, "add 1")),
        sqlite_store.save(q_after, q_before.version, action=NewAction(0, "add 1"), stats=[stat]),
        sqlite_store.create(lobby("r")),
        return_exceptions=True,
    )
    assert (sqlite_store.groups - groups, sqlite_store.grouped_writes - writes) == (1, 3)
    assert results[0] is None and results[2] is None
    assert isinstance(results[1], RuntimeError)
    assert await sqlite_store.load("p") == p_after
    assert await sqlite_store.load("q") == q_before
    assert await sqlite_store.actions("q") == []
    assert await sqlite_store.load("r") == lobby("r")


async def test_stats_are_kept_per_server_and_for_all_servers(store):
    """A match's stat lines count in its server's table and in the global one; a match
    without a server (no guild id) only globally."""
    await store.create(lobby())  # guild 1
    match = started()
    await store.save(match, expected_version=0, stats=[rules.StatLine(1, "toy-race", True, 5.0)])
    elsewhere = replace(started("m2"), guild_id=7)
    await store.create(replace(lobby("m2"), guild_id=7))
    lines = [
        rules.StatLine(2, "toy-race", True, 1.0),
        rules.StatLine(2, "toy-race", True, 2.0),
        rules.StatLine(1, "toy-race", False, 9.0),
    ]
    await store.save(elsewhere, expected_version=0, stats=lines)
    nowhere = replace(started("m3"), guild_id=None)
    await store.create(replace(lobby("m3"), guild_id=None))
    await store.save(nowhere, expected_version=0, stats=[rules.StatLine(3, "toy-race", True, None)])
    (everywhere,) = await store.stats(1)
    assert (everywhere.played, everywhere.won, everywhere.best_score) == (2, 1, 9.0)
    (here,) = await store.stats(1, guild_id=1)
    assert (here.played, here.won, here.best_score, here.total_score) == (1, 1, 5.0, 5.0)
    assert await store.stats(2, guild_id=1) == []
    assert await store.stats(3, guild_id=1) == []
    glob = await store.leaderboard("toy-race")
    assert [(r.user_id, r.won) for r in glob] == [(2, 2), (3, 1), (1, 1)]  # 3 won 1 of 1
    seven = await store.leaderboard("toy-race", guild_id=7)
    assert [(r.rank, r.user_id, r.won, r.played) for r in seven] == [(1, 2, 2, 2), (2, 1, 0, 1)]
    assert [r.user_id for r in await store.leaderboard("toy-race", guild_id=1)] == [1]


async def test_live_matches_of_some_shards_only(store):
    """Discord puts guild g on shard (g >> 22) % count; direct messages belong to shard 0."""
    guilds = {"s0": 0 << 22, "s1": 1 << 22, "s2": (2 << 22) + 5, "s5": 5 << 22}
    for match_id, guild in guilds.items():
        await store.create(replace(lobby(match_id), guild_id=guild))
    await store.create(replace(lobby("dm"), guild_id=None))
    ids = lambda matches: sorted(m.id for m in matches)  # noqa: E731
    assert ids(await store.live_matches()) == ["dm", "s0", "s1", "s2", "s5"]
    assert ids(await store.live_matches(ShardFilter(4, frozenset({0})))) == ["dm", "s0"]
    assert ids(await store.live_matches(ShardFilter(4, frozenset({1, 2})))) == ["s1", "s2", "s5"]
    assert ids(await store.live_matches(ShardFilter(3, frozenset({2})))) == ["s2", "s5"]
    for shards in (ShardFilter(4, frozenset({0})), ShardFilter(3, frozenset({1, 2}))):
        owned = {m.id for m in await store.live_matches(shards)}
        assert owned == {i for i, g in {**guilds, "dm": None}.items() if shards.owns(g)}


async def test_timer_claims_keep_other_owners_out_until_the_lease_ends(store):
    for match_id in ("a", "b"):
        await store.create(lobby(match_id))
    assert sorted(await store.claim_timers(["a", "b"], "one", NOW, 60)) == ["a", "b"]
    assert await store.claim_timers(["a", "b", "zz"], "two", NOW + 1, 60) == []
    # the same owner (its restart) takes its own back at once
    assert sorted(await store.claim_timers(["a", "b"], "one", NOW + 2, 60)) == ["a", "b"]
    await store.release_timer("a", "one")
    await store.release_timer("b", "two")  # not two's: changes nothing
    assert await store.claim_timers(["a", "b"], "two", NOW + 3, 60) == ["a"]
    # a lease that ran out (its process died) is free for anyone
    assert await store.claim_timers(["b"], "two", NOW + 63, 60) == ["b"]
    assert await store.claim_timers([], "two", NOW, 60) == []


async def test_rows_export_and_import_unchanged(store, tmp_path):
    match = await create_started(store)
    await play_one(store, match, 2)
    await store.create(lobby("m2"))
    await store.save(started("m2"), 0, stats=[rules.StatLine(10, "toy-race", True, 2.5)])
    await store.claim_timers(["m1"], "one", NOW, 60)
    target = store_for(f"sqlite:///{tmp_path / 'target.db'}")  # from PostgreSQL, or SQLite
    await target.open()
    for table in TABLES:
        await target.import_rows(table, await store.export_rows(table))
    for table in TABLES:
        copied, original = await target.export_rows(table), await store.export_rows(table)
        assert sorted(copied, key=repr) == sorted(original, key=repr)
    assert await target.load("m1") == await store.load("m1")
    assert await target.actions("m1") == await store.actions("m1")
    assert await target.stats(10) == await store.stats(10)
    await target.close()


async def test_leaderboard_ties_and_missing_scores_rank_alike_on_both_backends(store):
    """Equal wins: the better win rate first, then the better score, a missing score last,
    then the lower user id (PostgreSQL sorts NULL first unless told)."""
    await store.create(lobby())
    lines = [
        rules.StatLine(7, "toy-race", True, None),
        rules.StatLine(8, "toy-race", True, 1.0),
        rules.StatLine(9, "toy-race", True, None),
        rules.StatLine(6, "toy-race", True, 1.0),
        rules.StatLine(5, "toy-race", True, 3.0),
        rules.StatLine(5, "toy-race", False, None),
    ]
    await store.save(started(), expected_version=0, stats=lines)
    board = await store.leaderboard("toy-race")
    assert [r.user_id for r in board] == [6, 8, 7, 9, 5]
    assert [r.best_score for r in board] == [1.0, 1.0, None, None, 3.0]
