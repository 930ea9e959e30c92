"""What a PostgreSQL move costs on the wire (issue 22 item 2): ONE round trip (no BEGIN,
COMMIT or pool reset), a full pool told apart from a server that is down, and a write whose
reply is lost told apart from one that was never sent."""

from __future__ import annotations

import asyncio
import struct
from dataclasses import replace

import pytest

from gamecore import match as rules
from gamecore.registry import get_game
from storage import CommitUnknown, PostgresMatchStore, StoreBusy, StoreUnavailable
from tests.storage.test_store import NOW, create_started, play_one


class Wire:
    """Counts the round trips one asyncpg connection makes: every Sync (extended
    protocol) or Query (simple protocol) message the client sends waits for the server's
    ReadyForQuery."""

    def __init__(self, store: PostgresMatchStore) -> None:
        (holder,) = store.pool._holders  # a pool of one connection
        self.transport = holder._con._transport
        self.trips = 0
        self.statements = 0
        self._write = self.transport.write
        self.transport.write = self.write

    def write(self, data: bytes) -> None:
        data = bytes(data)
        at = 0
        while at < len(data):
            kind = data[at : at + 1]
            (length,) = struct.unpack("!i", data[at + 1 : at + 5])
            self.trips += kind in (b"S", b"Q")
            self.statements += kind in (b"E", b"Q")
            at += 1 + length
        self._write(data)

    def count(self) -> tuple[int, int]:
        counted = (self.trips, self.statements)
        self.trips = self.statements = 0
        return counted


@pytest.fixture
async def single(postgres_url):
    store = PostgresMatchStore(postgres_url, min_size=1, max_size=1, busy_timeout=0.3)
    await store.open()
    yield store
    await store.close()


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
    match = await create_started(single)
    started = asyncio.get_running_loop().time()
    async with single._connection():  # the only connection is taken
        with pytest.raises(StoreBusy) as err:
            await play_one(single, match, 1)
    assert err.value.code == "store_busy" and not isinstance(err.value, StoreUnavailable)
    assert asyncio.get_running_loop().time() - started < 1.0  # well below Discord's 3 s
    assert await single.load("m1") == match
    await play_one(single, match, 1)  # free again


async def test_a_lost_reply_is_an_unknown_outcome(single):
    match = await play_one(single, await create_started(single), 1)
    wire = Wire(single)
    sent = wire.write

    def send_then_cut(data: bytes) -> None:
        sent(data)  # the statement reaches the server; its reply never comes back
        wire.transport.abort()

    wire.transport.write = send_then_cut
    with pytest.raises(CommitUnknown) as err:
        await play_one(single, match, 2)
    assert err.value.code == "commit_unknown"
    for _ in range(50):  # the server finishes the statement on its own
        if (await single.load("m1")).steps == match.steps + 1:
            break
        await asyncio.sleep(0.05)
    assert (await single.load("m1")).steps == match.steps + 1
