"""Following a match through the bot (``/game follow``, ``/game unfollow``, ``/game watch``):
turn news and the result by DM or in a thread, from the public board only; a follower of a
private channel's match is refused as if it did not exist and learns nothing; a DM Discord
refuses ends that follow without an error or a second try; the server TV shows the public
match with the most moves in the last hour."""

from __future__ import annotations

from typing import Any

import discord
import pytest

from tests.cogs.discord_world import play_for, thread_of, two_players
from tests.cogs.faults import install
from tests.cogs.helpers import board_message, board_text, make_world, private_text


async def table_of_two(env: Any, world: Any, channel: Any = None) -> tuple[str, Any, Any]:
    """A Drop Four match of alice and bob in ``channel``: (id, first mover, other)."""
    channel = channel or world.channel
    opened = await world.alice.slash(channel, "game new", game="drop-four")
    (match,) = await env.bot.service.find_matches(world.alice.id, channel.id)
    lobby = opened.response.message
    await world.bob.click(lobby, custom_id=f"tt:lb:{match.id}:join")
    await world.alice.click(lobby, custom_id=f"tt:lb:{match.id}:start")
    match = await env.bot.service.get(match.id)
    first = world.alice if match.seats[match.to_move[0]].user_id == world.alice.id else world.bob
    return match.id, first, world.bob if first is world.alice else world.alice


def dms(person: Any) -> list[str]:
    return [m.content for m in person.user.dm_channel.history()]


@pytest.mark.postgres  # followers stored
async def test_a_follower_is_told_each_turn_and_the_result_by_dm(env) -> None:
    world = make_world(env)
    carol = world.guild.add_member(env.create_user("carol"))
    match_id, first, other = await table_of_two(env, world)
    followed = await carol.slash(world.channel, "game follow", match=match_id)
    assert f"You follow match {match_id}" in private_text(followed) and "by DM" in private_text(
        followed
    )
    await first.slash(world.channel, "play", move="a")
    news = dms(carol)
    assert len(news) == 1 and f"(match {match_id}): {other.name} to play." in news[0]
    assert "https://discord.com/channels/" in news[0]
    board = await board_message(env, world, match_id)
    assert "following: 1" in board_text(board)  # the count on the board
    await other.slash(world.channel, "play", move="b")
    assert len(dms(carol)) == 2
    await first.slash(world.channel, "game resign", match=match_id)
    await other.slash(world.channel, "game resign", match=match_id)  # nobody left: it ends
    assert "is over" in dms(carol)[-1]
    assert await env.bot.service.following(carol.id) == []  # a match that ended: followed no more
    for text in dms(carol):  # the public board's words only: nothing of a hand or a move list
        assert "Your" not in text and "`" not in text


async def test_a_follower_of_a_private_channel_s_match_is_refused_and_learns_nothing(env) -> None:
    world = make_world(env)
    dave = world.guild.add_member(env.create_user("dave"))
    secret = world.guild.create_text_channel(
        "secret",
        overwrites={
            world.guild.default_role: discord.PermissionOverwrite(view_channel=False),
            world.alice: discord.PermissionOverwrite(view_channel=True),
            world.bob: discord.PermissionOverwrite(view_channel=True),
            world.guild.me: discord.PermissionOverwrite(view_channel=True),
        },
    )
    match_id, first, other = await table_of_two(env, world, secret)
    refused = await dave.slash(world.channel, "game follow", match=match_id)
    nowhere = await dave.slash(world.channel, "game follow", match="zzzzzz")
    assert private_text(refused) == private_text(nowhere).replace("zzzzzz", match_id)
    assert await env.bot.service.followers(match_id) == []
    choices = await dave.autocomplete(world.channel, "game follow", "match", "")
    assert all(c["value"] != match_id for c in choices)
    forged = await dave.slash(world.channel, "game unfollow", match=match_id)
    assert "do not follow" in private_text(forged)
    # A forged "Read the board" button that names the private match: dave is told nothing.
    forged_id = f"tt:do:{match_id}:1:read"
    button = {"type": 2, "style": 2, "label": "Read", "custom_id": forged_id}
    made = env.backend.create_message(
        world.channel.id, env.bot.user.id, "x", components=[{"type": 1, "components": [button]}]
    )
    forged_message = next(m for m in world.channel.history() if m.id == made.id)
    read = await dave.click(forged_message, custom_id=forged_id)
    assert match_id in private_text(read) and "There is no match" in private_text(read)
    await first.slash(secret, "play", move="a")
    watched = await dave.slash(world.channel, "game watch")
    assert "No public match" in private_text(watched)
    assert dms(dave) == []


@pytest.mark.postgres  # a follow ended in the store
async def test_a_refused_dm_ends_the_follow_without_a_loop(env) -> None:
    world = make_world(env)
    carol = world.guild.add_member(env.create_user("carol"))
    match_id, first, other = await table_of_two(env, world)
    await carol.slash(world.channel, "game follow", match=match_id)
    faults = install(env)
    dm_path = f"/channels/{carol.user.dm_channel.id}/messages"
    faults.fail("POST", dm_path, 403, 50007, times=None)
    await first.slash(world.channel, "play", move="a")
    assert await env.bot.service.following(carol.id) == []  # the follow ended
    tried = sum(1 for entry in faults.log if entry.path == dm_path)
    await other.slash(world.channel, "play", move="b")
    await first.slash(world.channel, "play", move="c")
    assert sum(1 for entry in faults.log if entry.path == dm_path) == tried == 1


async def test_news_in_a_thread_and_unfollow(env) -> None:
    world = make_world(env)
    carol = world.guild.add_member(env.create_user("carol"))
    match_id, first, other = await table_of_two(env, world)
    thread = thread_of(env, world, "news")
    followed = await carol.slash(world.channel, "game follow", match=match_id, thread=thread)
    assert f"<#{thread.id}>" in private_text(followed)
    await first.slash(world.channel, "play", move="a")
    in_thread = [m.content for m in thread.history()]
    assert any(f"(match {match_id})" in text for text in in_thread) and dms(carol) == []
    stopped = await carol.slash(world.channel, "game unfollow")
    assert f"no longer follow match {match_id}" in private_text(stopped)
    none = await carol.slash(world.channel, "game unfollow")
    assert "You follow no match" in private_text(none)


async def test_watch_shows_the_public_match_with_the_most_moves_in_the_last_hour(env) -> None:
    world = make_world(env)
    carol = world.guild.add_member(env.create_user("carol"))
    other_room = world.guild.create_text_channel("more-games")
    quiet_id, *_ = await table_of_two(env, world)
    busy_id, first, other = await table_of_two(env, world, other_room)
    for mover, move in ((first, "a"), (other, "b"), (first, "c")):
        await mover.slash(other_room, "play", move=move)
    shown = await carol.slash(world.channel, "game watch")
    text = board_text(shown.response)
    assert f"match:{busy_id}" in text and "in the last hour: 3" in text and quiet_id not in text
    assert shown.ephemeral and "tt:" not in str(shown.response.components)  # no controls


async def test_a_follower_of_a_game_with_hands_never_sees_one(env) -> None:
    world = make_world(env)
    carol = world.guild.add_member(env.create_user("carol"))
    match_id = await two_players(env, world)
    await carol.slash(world.channel, "game follow", match=match_id)
    person, _result, _move = await play_for(env, world, match_id)
    match = await env.bot.service.get(match_id)
    names = ", ".join(match.seats[s].name for s in match.to_move)
    board = (
        f"https://discord.com/channels/{world.guild.id}/{world.channel.id}/{match.board_message_id}"
    )
    # Exactly who is to play and where the board is: no card, no move, nothing of a hand.
    assert dms(carol)[-1] == f"Speiderne (match {match_id}): {names} to play. {board}"
    # A forged "My hand" button of that match shows carol nothing (she holds no seat).
    forged_id = f"tt:do:{match_id}:{match.version}:hand"
    button = {"type": 2, "style": 2, "label": "Hand", "custom_id": forged_id}
    made = env.backend.create_message(
        world.channel.id, env.bot.user.id, "x", components=[{"type": 1, "components": [button]}]
    )
    forged_message = next(m for m in world.channel.history() if m.id == made.id)
    hand = await carol.click(forged_message, custom_id=forged_id)
    assert hand.ephemeral and not any(m.attachments for m in (hand.response, *hand.followups) if m)
    assert "seat" in private_text(hand).lower()
