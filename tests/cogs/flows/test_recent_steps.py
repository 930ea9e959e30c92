"""A board's recent steps come from the action log when the bot does not hold them, so a
restart loses none: the board posted again and "Read the board" say the same steps as before."""

from __future__ import annotations

import pytest

from tests.cogs.helpers import board_message, board_text, make_world, notice, private_text

GAME = "speiderne"


async def play_until_two_computer_turns(env, world, match_id: str) -> None:
    """alice plays her first legal move whenever it is her turn; both computers answer."""
    service = env.bot.service
    for _ in range(2):
        match = await service.get(match_id)
        assert match.status == "playing"
        if world.alice.id in [match.seats[s].user_id for s in match.to_move]:
            move = (await service.legal_moves(match_id, world.alice.id))[0]
            played = await world.alice.slash(world.channel, "play", move=move)
            assert played.acknowledged
        await env.advance_time(30)


@pytest.mark.postgres  # the action log read back by a new process, on both databases
async def test_the_recent_steps_survive_a_restart(env, make_bot) -> None:
    world = make_world(env)
    opened = await world.alice.slash(world.channel, "game new", game=GAME, seed=9)
    lobby = opened.response.message
    (match,) = await env.bot.service.find_matches(world.alice.id, world.channel.id)
    for _ in range(2):
        await world.alice.click(lobby, custom_id=f"tt:lb:{match.id}:addcpu")
    await world.alice.click(lobby, custom_id=f"tt:lb:{match.id}:start")
    await play_until_two_computer_turns(env, world, match.id)
    played = await env.bot.service.get(match.id)
    assert played.status == "playing" and played.steps >= 3

    read = private_text(await world.alice.slash(world.channel, "game board"))
    said = read[read.index("Last steps") :]
    assert said.count("🤖") >= 2  # each computer's turn, not only the last one's
    shown = await board_message(env, world, match.id)
    board = board_text(shown).removeprefix(notice(shown))  # a redraw drops the turn notice

    await env.bot.close()
    await env.restart_bot(make_bot())

    again = private_text(await world.alice.slash(world.channel, "game board"))
    assert again == read
    shown = await world.alice.slash(world.channel, "game show")
    assert shown.acknowledged
    assert board_text(await board_message(env, world, match.id)).strip() == board.strip()
    assert (await env.bot.service.get(match.id)).version == played.version

    await world.alice.slash(world.channel, "game resign")
    assert (await env.bot.service.get(match.id)).status != "playing"
    ended = private_text(await world.alice.slash(world.channel, "game board", match=match.id))
    assert "🤖" in ended[ended.index("Last steps") :]  # the log still has them
