"""What a PostgreSQL move costs on the wire (issue 22 item 2): ONE round trip (no BEGIN,
COMMIT or pool reset), the move that ends a rated match included (issue 24), a full pool
told apart from a server that is down, and a write whose reply is lost told apart from one
that was never sent."""

from __future__ import annotations

import asyncio
from dataclasses import replace

import asyncpg
import pytest

from gamecore import match as rules
from gamecore.ratings import Rating, rate, rated_result
from gamecore.registry import get_game
from storage import (
    CommitUnknown,
    PostgresMatchStore,
    StaleVersion,
    StoreBusy,
    StoreUnavailable,
)
from storage.pg_ratings import RatingPlan
from storage.postgres import WAIT_FOR_CONNECTION
from storage.sql import Query
from tests.deadlines import HANG_GUARD
from tests.storage.test_store import NOW, create_started, lobby, play_one
from tests.storage.wire import Wire
from tests.toys.race import TARGET


@pytest.fixture
async def single(postgres_url):
    """A store of one connection and the default wait for it: a call right after another
    waits for the connection that one handed back (a task of its own, late on a loaded
    machine), so a short bound here would refuse it as busy."""
    store = PostgresMatchStore(postgres_url, min_size=1, max_size=1)
    await store.open()
    yield store
    await store.close()


async def test_an_ordinary_move_writes_its_match_and_action_only(single, monkeypatch):
    """Not the statistics' or the seat index's inserts over empty arrays (a quarter of the
    server's CPU per move: docs/scaling.md); the match's last step still sends them."""
    match = await play_one(single, await create_started(single), 1)
    sent: list[str] = []
    fetchval = asyncpg.Connection.fetchval

    async def recording(self, query, *args, **kwargs):
        sent.append(query)
        return await fetchval(self, query, *args, **kwargs)

    monkeypatch.setattr(asyncpg.Connection, "fetchval", recording)
    match = await play_one(single, match, 2)
    (query,) = sent
    assert "INSERT INTO actions" in query
    assert "stats" not in query and "match_users" not in query
    assert [a.notation for a in await single.actions(match.id)][-1:] == ["add 2"]


async def test_a_move_is_one_round_trip_and_one_statement(single):
    match = await play_one(single, await create_started(single), 1)  # statements prepared
    wire = Wire(single)
    match = await play_one(single, match, 2)
    assert wire.count() == (1, 1)
    game = get_game("toy-race")  # the last move of a match, with two statistics lines
    state, _ = game.apply(match.state, match.to_move[0], 3)
    after = rules.record_step(match, game, match.to_move[0], state, NOW + 50)
    lines = [rules.StatLine(10, "toy-race", True, 9.0), rules.StatLine(11, "toy-race", False, 2.0)]
    await single.save_move(after, "add 3", match.to_move[0], match.version, stats=lines)
    assert wire.count() == (1, 1)
    assert [s.won for s in await single.stats(10)] == [1]
    assert [a.notation for a in await single.actions("m1")] == ["add 1", "add 2", "add 3"]
    wire.count()
    await single.update_meta(replace(after, board_message_id=5), after)
    assert wire.count() == (1, 1)


async def test_a_full_pool_is_busy_not_down(single):
    """A call meeting a full pool gives up by its own bound (the store's ``busy_timeout``)
    and says busy: it ends while the only connection is still held, so it did not wait for
    it (no stopwatch: a hang guard only stops a test that would never end)."""
    match = await create_started(single)
    async with single.connection():  # the only connection is taken, and stays taken
        single.busy_timeout = 0.3  # only while it is taken: the calls after wait for it
        with pytest.raises(StoreBusy) as err:
            await asyncio.wait_for(play_one(single, match, 1), HANG_GUARD)
        single.busy_timeout = WAIT_FOR_CONNECTION
    assert err.value.code == "store_busy" and not isinstance(err.value, StoreUnavailable)
    assert await single.load("m1") == match
    await play_one(single, match, 1)  # free again


async def test_a_lost_reply_is_an_unknown_outcome(single):
    match = await play_one(single, await create_started(single), 1)
    wire = Wire(single)
    sent = wire.transport.write

    def send_then_cut(data: bytes) -> None:
        sent(data)  # the statement reaches the server; its reply never comes back
        wire.transport.abort()

    wire.transport.write = send_then_cut
    with pytest.raises(CommitUnknown) as err:
        await play_one(single, match, 2)
    assert err.value.code == "commit_unknown"
    for _ in range(int(HANG_GUARD / 0.05)):  # the server finishes the statement on its own
        if (await single.load("m1")).steps == match.steps + 1:
            break
        await asyncio.sleep(0.05)
    assert (await single.load("m1")).steps == match.steps + 1


async def last_move(
    store: PostgresMatchStore, match_id: str, host: int = 10
) -> tuple[rules.Match, rules.Match]:
    """A rated toy race between ``host`` and 11 one move before its end, and the move that
    ends it."""
    game = get_game("toy-race")
    await store.create(lobby(match_id, host))
    match = rules.start(rules.join(lobby(match_id, host), game, 11, "guest", NOW), game, host, NOW)
    await store.save(match, expected_version=0)
    while match.state.total < TARGET - 3:
        match = await play_one(store, match, 3)
    state, _ = game.apply(match.state, match.to_move[0], 3)
    after = rules.record_step(match, game, match.to_move[0], state, NOW + 50)
    assert after.status == "finished"
    return match, after


async def finish(store: PostgresMatchStore, before: rules.Match, after: rules.Match) -> None:
    """The move that ends the match with its statistics and rating update, as the service
    writes it."""
    rating = rated_result(before, after)
    stats = rules.stat_lines(before, after)
    await store.save_move(
        after, "add 3", before.to_move[0], before.version, stats=stats, rating=rating
    )


async def rows(store: PostgresMatchStore, table: str) -> list[tuple]:
    found = await store.read(
        Query(
            f"SELECT scope, user_id, {'mu, sigma, matches' if table == 'ratings' else 'match_id'}"
            f" FROM {table} ORDER BY 1, 2, 3"
        )
    )
    return [tuple(r) for r in found]


async def test_a_rated_finish_is_one_round_trip_too(single):
    await finish(single, *await last_move(single, "m1"))  # new players; statements prepared
    before, after = await last_move(single, "m2")
    wire = Wire(single)
    await finish(single, before, after)
    assert wire.count() == (1, 1)
    ratings = await rows(single, "ratings")  # both scopes (all servers, guild 1)
    assert [(r[0], r[1], r[4]) for r in ratings] == [(0, 10, 2), (0, 11, 2), (1, 10, 2), (1, 11, 2)]
    history = await rows(single, "rating_history")
    assert len(history) == 8
    assert (await single.load("m2")).status == "finished"
    with pytest.raises(StaleVersion):  # the same end again: refused, nothing rated twice
        await finish(single, before, after)
    assert (await rows(single, "ratings"), await rows(single, "rating_history")) == (
        ratings,
        history,
    )


async def test_two_finishes_sharing_players_at_once_both_count_once(postgres_url, monkeypatch):
    """Two processes (stores) end matches of the same two people at the same moment: the
    first one's statement is held at its match row (by a third connection) until the
    second one has written. First as newcomers (both create the rating rows), then with
    what each believes (stale for the second), then against the locking transaction (the
    last resort). Each update is applied exactly once, in the order they were let through."""
    one, two = (PostgresMatchStore(postgres_url, max_size=2) for _ in range(2))
    await one.open()
    await two.open()
    tried_again = {"refused": 0, "unknown": 0}

    def count(name):
        real = getattr(RatingPlan, name)

        def counted(*args):
            tried_again[name] += 1
            return real(*args)

        return counted

    for name in tried_again:
        monkeypatch.setattr(RatingPlan, name, count(name))
    expected: dict = {}
    gate = await asyncpg.connect(postgres_url)
    for round_, ids in enumerate((("a1", "b1"), ("a2", "b2"), ("a3", "b3"))):
        two.rating_tries = 0 if round_ == 2 else 3
        ends = [await last_move(one, ids[0]), await last_move(two, ids[1])]
        async with gate.transaction():
            await gate.execute("SELECT 1 FROM matches WHERE id = $1 FOR UPDATE", ids[0])
            first = asyncio.create_task(finish(one, *ends[0]))
            await _waiting(gate, 1)
            second = asyncio.create_task(finish(two, *ends[1]))
            if round_ == 0:  # no rating row to wait for: the second writes first
                await second
            else:  # the first holds the rating rows: the second waits for them
                await _waiting(gate, 2)
        await asyncio.gather(first, second)
        results = [rated_result(*end) for end in ends]
        for result in results if round_ else results[::-1]:
            expected = {**expected, **rate(result, expected)}
    await gate.close()
    ratings = await rows(one, "ratings")
    assert {r[4] for r in ratings} == {6}  # six finishes, each counted once
    assert {r[1]: Rating(r[2], r[3], r[4]) for r in ratings if r[0] == 0} == expected
    assert len(await rows(one, "rating_history")) == 6 * 4
    # a first row created meanwhile, then ratings changed meanwhile (twice): tried again
    assert tried_again == {"refused": 3, "unknown": 1}
    for store in (one, two):
        await store.close()


async def test_a_finish_that_meets_a_deadlock_is_written_once_all_the_same(postgres_url):
    """The one case where the two ways of writing a rated finish can wait for each other: a
    statement that believes 10 a newcomer holds 11's rows, while the locking transaction
    has just created 10's row and waits for 11's. PostgreSQL aborts one of them (the one
    that waited first: the transaction) and both finishes are written once."""
    one, two = (PostgresMatchStore(postgres_url, max_size=2) for _ in range(2))
    await one.open()
    await two.open()
    two.rating_tries = 0  # the locking transaction
    await finish(one, *await last_move(one, "before", host=12))  # 11 has rows, 10 none
    ends = [await last_move(one, "a"), await last_move(two, "b")]
    gate = await asyncpg.connect(postgres_url)
    async with gate.transaction():
        await gate.execute("SELECT 1 FROM matches WHERE id = 'a' FOR UPDATE")
        first = asyncio.create_task(finish(one, *ends[0]))  # holds 11's rows, waits here
        await _waiting(gate, 1)
        second = asyncio.create_task(finish(two, *ends[1]))  # creates 10's, waits for 11's
        await _waiting(gate, 2)
    await asyncio.gather(first, second)  # the statement now waits for 10's new row
    await gate.close()
    ratings = await rows(one, "ratings")
    assert {r[1]: r[4] for r in ratings} == {10: 2, 11: 3, 12: 1}
    assert len(await rows(one, "rating_history")) == 2 * 6
    await one.close()
    await two.close()


async def _waiting(conn: asyncpg.Connection, count: int) -> None:
    """Until ``count`` statements wait for a lock."""
    for _ in range(int(HANG_GUARD / 0.01)):
        if await conn.fetchval("SELECT count(*) FROM pg_locks WHERE NOT granted") >= count:
            return
        await asyncio.sleep(0.01)
    raise AssertionError("no statement came to wait")


async def test_a_new_connection_s_first_move_is_one_round_trip(single, postgres_url):
    """Every connection is opened at start with a turn's statements prepared (the rated
    finish's too), so neither a connection, a Parse nor asyncpg's look-up of the array types
    waits on a move's path."""
    match = await create_started(single)
    for size in (3, 1):
        store = PostgresMatchStore(postgres_url, max_size=size)
        await store.open()
        try:
            assert (store.pool.get_size(), store.pool.get_idle_size()) == (size, size)
            if size == 1:
                wire = Wire(store)
                after = await play_one(store, match, 1)  # the first move this connection sends
                assert wire.count() == (1, 1)
                await store.update_meta(replace(after, board_message_id=5), after)
                assert wire.count() == (1, 1)
                before, end = await last_move(store, "m2")
                wire.count()
                await finish(store, before, end)  # the connection's first rated finish
                assert wire.count() == (1, 1)
        finally:
            await store.close()


async def test_a_move_schedules_no_idle_timer(single):
    """A pool that keeps its connections arms no inactivity timer when one comes back
    (asyncpg's default: one per use, 300 s, cancelled at the next use)."""
    await play_one(single, await create_started(single), 1)
    await single.connections_returned()
    assert [h._inactive_callback for h in single.pool._holders] == [None]


async def test_a_move_waits_for_no_turn_of_the_event_loop_but_its_reply(single, monkeypatch):
    """Under load each turn of the event loop waits behind every ready task: a move is sent
    without one (the connection's health is read off its socket) and goes on as soon as its
    reply is read (the connection goes back to the pool in a task of its own)."""
    match = await play_one(single, await create_started(single), 1)
    loop = asyncio.get_running_loop()
    turns, seen = [0], {}

    def tick() -> None:  # runs once in every turn of the event loop
        turns[0] += 1
        if "done" not in seen:
            loop.call_soon(tick)

    fetchval = asyncpg.Connection.fetchval

    async def replied(self, *args, **kwargs):
        value = await fetchval(self, *args, **kwargs)
        seen["replied"] = turns[0]
        return value

    monkeypatch.setattr(asyncpg.Connection, "fetchval", replied)
    wire = Wire(single)
    sent = wire.transport.write

    def write(data: bytes) -> None:
        seen.setdefault("sent", turns[0])
        sent(data)

    wire.transport.write = write
    await single.connections_returned()  # the last move's connection is back in the pool
    loop.call_soon(tick)
    await asyncio.sleep(0)  # the ticker runs
    called = turns[0]
    await play_one(single, match, 2)
    seen["done"] = turns[0]
    assert (seen["sent"] - called, seen["done"] - seen["replied"]) == (0, 0)
