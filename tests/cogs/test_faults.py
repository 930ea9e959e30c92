"""The fault layer answers like Discord, through discord.py's own request code."""

from __future__ import annotations

import asyncio

import discord
import pytest

from tests.cogs.faults import install
from tests.cogs.helpers import make_world


def channel_of(env, world):
    return env.bot.get_partial_messageable(world.channel.id, guild_id=world.guild.id)


async def later(env, coroutine, seconds: float):
    """Run ``coroutine`` in the bot's loop while virtual time moves ``seconds``."""
    task = asyncio.get_running_loop().create_task(coroutine)
    await env.advance_time(seconds)
    return await task


@pytest.mark.simcord(check_errors=False)
async def test_errors_come_back_as_discord_py_raises_them(env) -> None:
    world = make_world(env)
    faults = install(env)
    channel = channel_of(env, world)
    board = await channel.send("board")
    path = f"/channels/{world.channel.id}/messages"
    # 500/502: discord.py retries after a second; 503 is raised at once
    faults.fail("POST", path, 502)
    assert (await later(env, channel.send("after a 502"), 2)).content == "after a 502"
    faults.fail("POST", path, 503)
    with pytest.raises(discord.DiscordServerError):
        await channel.send("lost")
    # 30046 with a retry longer than max_ratelimit_timeout: raised, nobody sleeps
    faults.old_message(board.id, retry_after=60.0)
    with pytest.raises(discord.RateLimited):
        await channel.get_partial_message(board.id).edit(content="x")
    # a short rate limit is slept on and retried
    faults.fail("POST", path, 429, 0, retry_after=1.5)
    assert (await later(env, channel.send("after a 429"), 2)).content == "after a 429"
    for code, kind in ((50013, discord.Forbidden), (50001, discord.Forbidden)):
        rules = faults.forbid_channel(world.channel.id, code)
        with pytest.raises(kind) as raised:
            await channel.send("x")
        assert raised.value.code == code and raised.value.status == 403
        faults.rules = [r for r in faults.rules if r not in rules]
    faults.delete_channel(world.channel.id)
    with pytest.raises(discord.NotFound) as raised:
        await channel.send("x")
    assert raised.value.code == 10003
    outcomes = [entry.outcome for entry in faults.log]
    assert outcomes == [
        "ok",
        "502/0",
        "ok",
        "503/0",
        "429/30046",
        "429/0",
        "ok",
        "403/50013",
        "403/50001",
        "404/10003",
    ]


@pytest.mark.simcord(check_errors=False)
async def test_archived_threads_are_revived_by_a_message_and_locked_ones_refuse(env) -> None:
    world = make_world(env)
    faults = install(env)
    channel = channel_of(env, world)
    message = await channel.send("board")
    faults.archive_thread(world.channel.id)
    with pytest.raises(discord.HTTPException) as raised:
        await channel.get_partial_message(message.id).edit(content="x")
    assert (raised.value.status, raised.value.code) == (400, 50083)
    await channel.send("revived")
    await channel.get_partial_message(message.id).edit(content="edited")
    faults.lock_thread(world.channel.id)
    with pytest.raises(discord.HTTPException) as raised:
        await channel.send("x")
    assert raised.value.code == 50083


@pytest.mark.simcord(check_errors=False)
async def test_delays_reorder_requests(env) -> None:
    world = make_world(env)
    faults = install(env)
    channel = channel_of(env, world)
    faults.delay("POST", f"/channels/{world.channel.id}/messages", 1.0)
    loop = asyncio.get_running_loop()
    slow = loop.create_task(channel.send("first"))
    fast = loop.create_task(channel.send("second"))
    await env.advance_time(2)
    await asyncio.gather(slow, fast)
    # sent first, held back on the way: it arrives after the second one
    assert [m.content for m in world.channel.history()][-2:] == ["second", "first"]


async def test_an_expired_interaction_is_answered_by_discord_with_10062(env) -> None:
    world = make_world(env)
    faults = install(env)
    faults.expire_interactions()
    result = await world.alice.slash(world.channel, "rules", game="cartographer")
    assert not result.acknowledged
    assert [e.outcome for e in faults.log if "callback" in e.path] == ["404/10062"]
