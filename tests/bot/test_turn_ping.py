"""The "your turn" ping points people to where their moves are: the hand menus for games
with private hands, the board's own buttons for Cartolan."""

from __future__ import annotations

from tests.bot.helpers import board_message, make_world
from tests.bot.test_cartolan import button, start_alice_and_bob


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
    pings = [m.content for m in world.channel.history() if f"<@{other.id}>" in (m.content or "")]
    pings = [p for p in pings if "your turn" in p]
    assert pings, "the next player was not pinged"
    assert "buttons on the board" in pings[-1] and "My hand" not in pings[-1]
