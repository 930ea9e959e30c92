"""What a turn costs the PostgreSQL server, counted on the wire of every pooled connection
while people play through the bot: at most two round trips per move (the move itself, and
the turn ping's message id saved with the board posted again below it); the people's
notify settings and "not for this turn" lists are read once and then held in memory
(storage/pg_notify.py)."""

from __future__ import annotations

import struct
from typing import Any

import pytest

from tests.cogs.flows.test_cartolan import start_alice_and_bob
from tests.cogs.flows.test_turn_ping import end_turn
from tests.cogs.helpers import make_world


class Wires:
    """Round trips of every connection of a store's pool, as tests/storage/
    test_round_trips.py counts them on one: each Sync, Query or Flush waits for the server."""

    def __init__(self, store: Any) -> None:
        self.trips = 0
        for holder in store.pool._holders:
            transport = holder._con._transport
            transport.write = self._counting(transport.write)

    def _counting(self, write: Any) -> Any:
        def counted(data: bytes) -> None:
            data = bytes(data)
            at = 0
            while at < len(data):
                kind = data[at : at + 1]
                (length,) = struct.unpack("!i", data[at + 1 : at + 5])
                self.trips += kind in (b"S", b"Q", b"H")
                at += 1 + length
            write(data)

        return counted


@pytest.mark.parametrize("backend", ["postgres"], indirect=True)
async def test_a_turn_costs_two_round_trips_at_most(env) -> None:
    world = make_world(env)
    started = await start_alice_and_bob(env, world, seed=5)
    service = env.bot.service
    players = [started.mover, started.other]
    await end_turn(env, world, started.match_id, players[0])  # each person's settings read
    await end_turn(env, world, started.match_id, players[1])
    before = await service.get(started.match_id)
    wires = Wires(service.store)
    for turn in range(4):
        await end_turn(env, world, started.match_id, players[turn % 2])
    moves = (await service.get(started.match_id)).steps - before.steps
    assert moves == 4  # an End turn each
    assert wires.trips == 2 * moves
