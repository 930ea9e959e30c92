"""Challenges and rematches in Discord: ``/game new invite:`` pings the invited once and only
they may join until the host opens the table; a finished board's Rematch button opens one
lobby (a second click points to it) that starts when everyone of the old match joined."""

from __future__ import annotations

from typing import Any

from tests.bot.helpers import custom_ids, make_world


async def test_a_challenge_is_invite_only_until_the_host_opens_it(env) -> None:
    world = make_world(env)
    carol = world.guild.add_member(env.create_user("carol"))
    opened = await world.alice.slash(world.channel, "game new", game="speiderne", invite=f"<@{world.bob.id}>")
    lobby = opened.response.message
    assert lobby.content.startswith(f"<@{world.bob.id}>: alice invites you")  # the one ping
    assert f"By invitation. Waiting for: <@{world.bob.id}>" in lobby.embeds[0].description
    (match,) = await env.bot.service.find_matches(world.alice.id, world.channel.id)
    assert {f"tt:lb:{match.id}:decline", f"tt:lb:{match.id}:open"} <= set(custom_ids(lobby))

    refused = await carol.click(lobby, custom_id=f"tt:lb:{match.id}:join")
    assert refused.ephemeral and "by invitation" in refused.response.content
    not_host = await world.bob.click(lobby, custom_id=f"tt:lb:{match.id}:open")
    assert not_host.ephemeral and "host" in not_host.response.content
    joined = await world.bob.click(lobby, custom_id=f"tt:lb:{match.id}:join")
    assert "bob" in joined.response.embeds[0].description
    assert not joined.response.content  # an edit: nobody is pinged again
    await world.alice.click(lobby, custom_id=f"tt:lb:{match.id}:open")
    await carol.click(lobby, custom_id=f"tt:lb:{match.id}:join")
    assert (await env.bot.service.get(match.id)).seat_of(carol.id) == 2

    solo = await world.alice.slash(world.channel, "game new", game="cartographer", invite=f"<@{world.bob.id}>")
    assert solo.ephemeral and "several players" in solo.response.content
    myself = await world.alice.slash(world.channel, "game new", game="speiderne", invite=f"<@{world.alice.id}>")
    assert myself.ephemeral and "yourself" in myself.response.content


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
    return match, shown.response.message


async def test_rematch_opens_one_lobby_that_starts_when_everyone_joined(env) -> None:
    world = make_world(env)
    match, board = await finish_drop_four(env, world)
    assert f"tt:rm:{match.id}" in custom_ids(board)

    asked = await world.bob.click(board, custom_id=f"tt:rm:{match.id}")
    lobby = asked.response.message
    assert lobby.id != board.id and lobby.content.startswith(f"<@{world.alice.id}>: bob invites you")
    rematch = await env.bot.service.store.find_rematch(match.id)
    assert rematch.host_id == world.bob.id and rematch.seed != match.seed
    assert f"Rematch of match {match.id}" in lobby.embeds[0].description

    second = await world.alice.click(board, custom_id=f"tt:rm:{match.id}")
    assert second.ephemeral and str(lobby.id) in second.response.content  # points to it
    started = await world.alice.click(lobby, custom_id=f"tt:lb:{rematch.id}:join")
    assert started.response.id == lobby.id  # everyone joined: the lobby became the board
    assert (await env.bot.service.get(rematch.id)).status == "playing"
