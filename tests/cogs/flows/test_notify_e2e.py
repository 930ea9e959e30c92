"""Turn notices each player controls (``/notify``), in Discord: a DM that links to the board
instead of a channel mention, a failed DM falls back to the channel and the player is told
once, and "not for this turn" keeps the rest of the turn quiet."""

from __future__ import annotations

from typing import Any

import pytest

from tests.cogs.faults import install
from tests.cogs.helpers import make_world, posts, private_text


def channel_pings(world: Any, user: Any) -> list[str]:
    return [content for content in posts(world) if f"<@{user.id}>" in content]


async def table_of_two(env: Any, world: Any) -> tuple[str, Any, Any]:
    """A Drop Four match of alice and bob, started by clicks: (id, first mover, other)."""
    opened = await world.alice.slash(world.channel, "game new", game="drop-four")
    (match,) = await env.bot.service.find_matches(world.alice.id, world.channel.id)
    lobby = opened.response.message
    await world.bob.click(lobby, custom_id=f"tt:lb:{match.id}:join")
    await world.alice.click(lobby, custom_id=f"tt:lb:{match.id}:start")
    match = await env.bot.service.get(match.id)
    first = world.alice if match.seats[match.to_move[0]].user_id == world.alice.id else world.bob
    return match.id, first, world.bob if first is world.alice else world.alice


async def test_a_dm_instead_of_a_mention_and_a_failed_dm_told_once(env) -> None:
    world = make_world(env)
    chose = await world.bob.slash(world.channel, "notify", delivery="dm")
    assert "a DM with a link to the board" in private_text(chose)
    match_id, first, other = await table_of_two(env, world)
    bob = world.bob
    mover = first if first is not bob else None
    if mover is None:  # bob starts: play his first move so that alice's turn comes, then his
        await bob.slash(world.channel, "play", move="b")
    before = len(channel_pings(world, bob))
    await world.alice.slash(world.channel, "play", move="a")
    dms = [m.content for m in bob.user.dm_channel.history()]
    assert any(
        f"(match {match_id})" in text and "https://discord.com/channels/" in text for text in dms
    )
    assert len(channel_pings(world, bob)) == before  # no mention in the channel for bob

    faults = install(env)
    faults.fail("POST", f"/channels/{bob.user.dm_channel.id}/messages", 403, 50007, times=None)
    await bob.slash(world.channel, "play", move="b")
    await world.alice.slash(world.channel, "play", move="c")
    fallback = channel_pings(world, bob)[-1]
    assert "could not be delivered" in fallback  # the channel instead, and why
    await bob.slash(world.channel, "play", move="b")
    await world.alice.slash(world.channel, "play", move="c")
    again = channel_pings(world, bob)[-1]
    assert again != fallback and "could not be delivered" not in again  # told once


async def test_not_for_this_turn_is_refused_off_turn_and_ends_with_the_turn(env) -> None:
    world = make_world(env)
    match_id, first, other = await table_of_two(env, world)
    refused = await other.slash(world.channel, "notify", **{"not-this-turn": True})
    assert "not your turn" in private_text(refused).lower()
    quiet = await first.slash(world.channel, "notify", **{"not-this-turn": True})
    assert f"match {match_id}" in private_text(quiet)
    assert await env.bot.service.quiet_users(match_id) == {first.id}
    await first.slash(world.channel, "play", move="a")
    assert await env.bot.service.quiet_users(match_id) == set()  # the turn is over


@pytest.mark.postgres  # stored notification settings
async def test_reminders_respect_not_this_turn_and_reminders_off(env) -> None:
    world = make_world(env)
    now = [1_800_000_000.0]
    env.bot.service.clock = lambda: now[0]
    match_id, first, other = await table_of_two(env, world)
    await first.slash(world.channel, "notify", **{"not-this-turn": True})
    match = await env.bot.service.get(match_id)
    now[0] = match.turn_deadline - match.turn_limit / 2 + 60  # past half time
    await env.advance_time(61)
    assert (await env.bot.service.get(match_id)).reminded  # the clock did fire
    assert not [c for c in channel_pings(world, first) if "half of your time" in c]

    await other.slash(world.channel, "notify", reminders="off")
    await first.slash(world.channel, "play", move="a")
    match = await env.bot.service.get(match_id)
    now[0] = match.turn_deadline - match.turn_limit / 2 + 60
    await env.advance_time(61)
    assert (await env.bot.service.get(match_id)).reminded
    assert not [c for c in channel_pings(world, other) if "half of your time" in c]


@pytest.mark.postgres  # reminders due from the database, once each
async def test_reminders_at_an_interval_once_each_instead_of_at_half_time(env) -> None:
    world = make_world(env)
    now = [1_800_000_000.0]
    env.bot.service.clock = lambda: now[0]
    match_id, first, other = await table_of_two(env, world)
    chose = await first.slash(world.channel, "notify", reminders="2h")
    assert "every 2 h of waiting" in private_text(chose)
    start = (await env.bot.service.get(match_id)).updated_at

    def reminded() -> list[str]:
        return [
            c
            for c in channel_pings(world, first)
            if "still your turn" in c or "half of your time" in c
        ]

    now[0] = start + 2 * 3600 + 30
    await env.advance_time(61)
    assert len(reminded()) == 1 and "still your turn after 2 h" in reminded()[0]
    now[0] += 600
    await env.advance_time(61)
    assert len(reminded()) == 1  # once per interval
    now[0] = start + 4 * 3600 + 30
    await env.advance_time(61)
    assert len(reminded()) == 2
    match = await env.bot.service.get(match_id)
    now[0] = match.turn_deadline - match.turn_limit / 2 + 60  # the clock's half time
    await env.advance_time(61)
    assert (await env.bot.service.get(match_id)).reminded
    assert not [c for c in reminded() if "half of your time" in c]  # the interval instead


async def test_an_interval_reminder_by_dm_names_the_game_the_wait_and_the_board(env) -> None:
    world = make_world(env)
    now = [1_800_000_000.0]
    env.bot.service.clock = lambda: now[0]
    match_id, first, other = await table_of_two(env, world)
    await first.slash(world.channel, "notify", delivery="dm", reminders="2h")
    start = (await env.bot.service.get(match_id)).updated_at
    pinged = len(channel_pings(world, first))

    def dms() -> list[str]:
        return [
            m.content for m in first.user.dm_channel.history() if "Still your turn" in m.content
        ]

    now[0] = start + 2 * 3600 + 30
    await env.advance_time(61)
    (dm,) = dms()
    assert f"Drop Four after 2 h (match {match_id})" in dm
    assert f"https://discord.com/channels/{world.guild.id}/{world.channel.id}/" in dm  # the board
    assert len(channel_pings(world, first)) == pinged  # the DM instead of a mention
    now[0] += 600
    await env.advance_time(61)
    assert len(dms()) == 1  # once per interval
