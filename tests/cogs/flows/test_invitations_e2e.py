"""Challenges and rematches in Discord: ``/game new invite:`` pings the invited once and only
they may join until the host opens the table; a finished board's Rematch button opens one
lobby (a second click points to it) that starts when everyone of the old match joined."""

from __future__ import annotations

from typing import Any

import pytest

from tests.cogs.helpers import board_text, custom_ids, make_world, posted, posts, private_text


def pings(world: Any, user: Any) -> list[str]:
    """The channel's plain messages that mention ``user`` (a ping), removed since or not."""
    return [content for content in posts(world) if f"<@{user.id}>" in content]


async def test_a_challenge_is_invite_only_until_the_host_opens_it(env) -> None:
    world = make_world(env)
    carol = world.guild.add_member(env.create_user("carol"))
    opened = await world.alice.slash(
        world.channel, "game new", game="speiderne", invite=f"<@{world.bob.id}>"
    )
    lobby = opened.response.message
    (ping,) = pings(world, world.bob)  # the one ping, linking to the lobby
    assert ping.startswith(f"<@{world.bob.id}>: alice invites you") and str(lobby.id) in ping
    assert f"By invitation. Waiting for: <@{world.bob.id}>" in board_text(lobby)
    (match,) = await env.bot.service.find_matches(world.alice.id, world.channel.id)
    assert {f"tt:lb:{match.id}:decline", f"tt:lb:{match.id}:open"} <= set(custom_ids(lobby))

    refused = await carol.click(lobby, custom_id=f"tt:lb:{match.id}:join")
    assert "by invitation" in private_text(refused)
    not_host = await world.bob.click(lobby, custom_id=f"tt:lb:{match.id}:open")
    assert "host" in private_text(not_host)
    joined = await world.bob.click(lobby, custom_id=f"tt:lb:{match.id}:join")
    assert "bob" in board_text(joined.response)
    assert len(pings(world, world.bob)) == 1  # nobody is pinged again
    await world.alice.click(lobby, custom_id=f"tt:lb:{match.id}:open")
    await carol.click(lobby, custom_id=f"tt:lb:{match.id}:join")
    assert (await env.bot.service.get(match.id)).seat_of(carol.id) == 2

    solo = await world.alice.slash(
        world.channel, "game new", game="cartographer", invite=f"<@{world.bob.id}>"
    )
    assert "several players" in private_text(solo)
    myself = await world.alice.slash(
        world.channel, "game new", game="speiderne", invite=f"<@{world.alice.id}>"
    )
    assert "yourself" in private_text(myself)


async def finish_drop_four(env: Any, world: Any) -> Any:
    """A Drop Four match that alice wins; its finished board posted again (``/game show``)."""
    service = env.bot.service
    lobby = await service.new_match("drop-four", world.guild.id, world.channel.id, world.alice.id)
    await service.lobby_join(lobby.id, world.bob.id)
    match = await service.lobby_start(lobby.id, world.alice.id)
    while match.status == "playing":
        user = match.seats[match.to_move[0]].user_id
        move = "a" if user == world.alice.id else "bc"[match.steps // 2 % 2]
        match = (await service.play(match.id, user, move)).final
    shown = await world.alice.slash(world.channel, "game show", match=match.id)
    return match, posted(shown)


@pytest.mark.postgres  # one lobby however many ask
async def test_rematch_opens_one_lobby_that_starts_when_everyone_joined(env) -> None:
    world = make_world(env)
    match, board = await finish_drop_four(env, world)
    assert f"tt:rm:{match.id}" in custom_ids(board)

    asked = await world.bob.click(board, custom_id=f"tt:rm:{match.id}")
    (lobby,) = [m.message for m in asked.followups if not m.ephemeral]  # a new message below
    (ping,) = pings(world, world.alice)
    assert lobby.id != board.id and ping.startswith(f"<@{world.alice.id}>: bob invites you")
    rematch = await env.bot.service.store.find_rematch(match.id)
    assert rematch.host_id == world.bob.id and rematch.seed != match.seed
    assert f"Rematch of match {match.id}" in board_text(lobby)

    second = await world.alice.click(board, custom_id=f"tt:rm:{match.id}")
    assert str(lobby.id) in private_text(second)  # points to the open one
    await world.alice.click(lobby, custom_id=f"tt:lb:{rematch.id}:join")
    started = await env.bot.service.get(rematch.id)
    assert started.status == "playing" and world.channel.last_message.id == started.board_message_id
    assert sum("invites you" in content for content in pings(world, world.alice)) == 1
