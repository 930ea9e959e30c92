"""The "your turn" ping points people to where their moves are: the hand menus for games
with private hands, the board's own buttons for Cartolan."""

from __future__ import annotations

from typing import Any

import pytest

from tests.cogs.flows.test_cartolan import button, start_alice_and_bob
from tests.cogs.helpers import board_message, make_world, notice


async def test_a_cartolan_ping_points_to_the_board_buttons(env) -> None:
    world = make_world(env)
    started = await start_alice_and_bob(env, world, seed=5)
    match_id, mover, other = started.match_id, started.mover, started.other
    seat_before = started.match.to_move
    while (await env.bot.service.get(match_id)).to_move == seat_before:
        board = await board_message(env, world, match_id)
        end = button(board, ":end")
        assert end is not None
        await mover.click(board, custom_id=end["custom_id"])
    pings = [notice(m) for m in world.channel.history() if f"<@{other.id}>" in notice(m)]
    pings = [p for p in pings if "your turn" in p]
    assert pings, "the next player was not pinged"
    assert "buttons on the board" in pings[-1] and "My hand" not in pings[-1]


def turn_pings(world: Any) -> list[Any]:
    """The "your turn" notices in the channel, as anybody there sees them."""
    return [m for m in world.channel.history() if "<@" in notice(m)]


async def end_turn(env: Any, world: Any, match_id: str, mover: Any) -> None:
    """``mover`` clicks End turn (after the steps it needs first) until the turn passes."""
    before = (await env.bot.service.get(match_id)).to_move
    while (await env.bot.service.get(match_id)).to_move == before:
        board = await board_message(env, world, match_id)
        end = button(board, ":end")
        assert end is not None
        await mover.click(board, custom_id=end["custom_id"])


@pytest.mark.postgres  # a stored message id across a restart
async def test_the_ping_sent_before_a_restart_is_removed_by_the_next_one(env, make_bot) -> None:
    world = make_world(env)
    started = await start_alice_and_bob(env, world, seed=5)
    await end_turn(env, world, started.match_id, started.mover)
    (before_restart,) = turn_pings(world)
    assert f"<@{started.other.id}>" in notice(before_restart)
    saved = await env.bot.service.get(started.match_id)
    assert saved.ping_message_id == before_restart.id

    await env.bot.close()
    await env.restart_bot(make_bot())
    await end_turn(env, world, started.match_id, started.other)
    (after_restart,) = turn_pings(world)  # the old one is gone, not left behind for good
    assert after_restart.id != before_restart.id
    assert f"<@{started.mover.id}>" in notice(after_restart)
