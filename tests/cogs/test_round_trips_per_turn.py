"""What a turn costs the PostgreSQL server, counted on the wire of every pooled connection
while people play through the bot: at most two round trips per move (the move itself, and
the turn ping's message id saved with the board posted again below it); the people's
notify settings and "not for this turn" lists are read once and then held in memory
(storage/pg_notify.py)."""

from __future__ import annotations

import pytest

from tests.cogs.flows.test_cartolan import start_alice_and_bob
from tests.cogs.flows.test_turn_ping import end_turn
from tests.cogs.helpers import make_world
from tests.storage.wire import Wire


@pytest.mark.parametrize("backend", ["postgres"], indirect=True)
async def test_a_turn_costs_two_round_trips_at_most(env) -> None:
    world = make_world(env)
    started = await start_alice_and_bob(env, world, seed=5)
    service = env.bot.service
    players = [started.mover, started.other]
    await end_turn(env, world, started.match_id, players[0])  # each person's settings read
    await end_turn(env, world, started.match_id, players[1])
    before = await service.get(started.match_id)
    wire = Wire(service.store)
    for turn in range(4):
        await end_turn(env, world, started.match_id, players[turn % 2])
    moves = (await service.get(started.match_id)).steps - before.steps
    assert moves == 4  # an End turn each
    assert wire.trips == 2 * moves
