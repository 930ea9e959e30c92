"""``/game holiday`` in Discord: the host sets the days at ``/game new``, a player's holiday
shows on the board with its end, and a stranger's is refused privately."""

from __future__ import annotations

import pytest

from tests.cogs.flows.test_clock_e2e import LOOP, Clock, said, use
from tests.cogs.helpers import board_message, board_text, make_world, private_text


@pytest.mark.postgres  # the holidays are stored with the match
async def test_a_player_goes_on_holiday_and_the_board_says_until_when(env) -> None:
    world = make_world(env)
    service = env.bot.service
    refused = await world.alice.slash(
        world.channel, "game new", game="drop-four", options="holidays=99"
    )
    assert "0 to 30" in private_text(refused)
    await world.alice.slash(world.channel, "game new", game="drop-four", options="holidays=3")
    (lobby,) = await service.find_matches(world.alice.id, world.channel.id)
    assert lobby.holiday_days == 3
    await service.lobby_join(lobby.id, world.bob.id, "bob")
    await service.lobby_start(lobby.id, world.alice.id)

    carol = world.guild.add_member(env.create_user("carol"))
    stranger = await carol.slash(world.channel, "game holiday", match=lobby.id)
    assert private_text(stranger)  # not a player: refused privately
    away = await world.bob.slash(world.channel, "game holiday", days=2)
    assert "on holiday until" in private_text(away) and "1 holiday days left" in private_text(away)
    match = await service.get(lobby.id)
    until = match.holiday_of(world.bob.id).until
    board = await board_message(env, world, lobby.id)
    assert f"is on holiday until <t:{int(until)}:f>" in board_text(board)
    too_many = await world.alice.slash(world.channel, "game holiday", days=4)
    assert "ask for 1 to 3" in private_text(too_many)
    back = await world.bob.slash(world.channel, "game holiday", back=True)
    assert "Welcome back" in private_text(back)
    board = await board_message(env, world, lobby.id)
    assert "on holiday" not in board_text(board)


async def test_an_automatic_holiday_day_replaces_the_expiry_and_the_channel_is_told(env) -> None:
    world = make_world(env)
    clock = Clock()
    use(env, clock)
    service = env.bot.service
    lobby = await service.new_match(
        "drop-four", world.guild.id, world.channel.id, world.alice.id, user_name="alice"
    )
    await service.lobby_join(lobby.id, world.bob.id, "bob")
    match = await service.lobby_start(lobby.id, world.alice.id)
    await world.alice.slash(world.channel, "game show")
    mover = world.alice if match.seats[match.to_move[0]].user_id == world.alice.id else world.bob
    chosen = await mover.slash(world.channel, "game holiday", auto=True)
    assert "starts by itself" in private_text(chosen)
    clock.now = match.turn_deadline + 1
    await env.advance_time(LOOP)
    assert said(world, "a holiday day started")
    assert said(world, "time ran out") == []  # no expiry, no move for them
    after = await service.get(match.id)
    assert after.steps == match.steps and after.holiday_of(mover.id).left == 6
    board = await board_message(env, world, match.id)
    assert "is on holiday until" in board_text(board)
