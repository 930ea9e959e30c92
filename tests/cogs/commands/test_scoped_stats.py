"""/leaderboard is per server by default (``scope:global`` for all servers); /stats shows this
server and all servers."""

from __future__ import annotations

import pytest

from tests.cogs.helpers import World, start


@pytest.mark.postgres  # statistics per server and overall
async def test_leaderboards_and_stats_per_server_and_for_all(env) -> None:
    alice, bob = env.create_user("alice"), env.create_user("bob")
    guild = env.create_guild("Tabletop")
    here = World(
        guild, guild.create_text_channel("games"), guild.add_member(alice), guild.add_member(bob)
    )
    match_id, _ = await start(env, here, "cartographer", seed=None)
    await here.alice.slash(here.channel, "game resign")
    assert (await env.bot.service.get(match_id)).status == "finished"
    mention = f"<@{here.alice.id}>"

    local = await here.bob.slash(here.channel, "leaderboard", game="cartographer")
    assert mention in local.response.embeds[0].description
    assert "this server" in local.response.embeds[0].title

    elsewhere = env.create_guild("Elsewhere")
    channel = elsewhere.create_text_channel("games")
    alice_there = elsewhere.add_member(alice)
    carol = elsewhere.add_member(env.create_user("carol"))
    empty = await carol.slash(channel, "leaderboard", game="cartographer")
    assert mention not in (empty.response.embeds[0].description or "")
    everywhere = await carol.slash(channel, "leaderboard", game="cartographer", scope="global")
    assert mention in everywhere.response.embeds[0].description
    assert "all servers" in everywhere.response.embeds[0].title

    home = await here.alice.slash(here.channel, "stats")
    lines = home.response.embeds[0].fields[0].value.splitlines()
    assert lines[0].startswith("This server: 1 played") and lines[1].startswith(
        "All servers: 1 played"
    )
    away = await alice_there.slash(channel, "stats")
    lines = away.response.embeds[0].fields[0].value.splitlines()
    assert lines == [lines[0], lines[1]] and lines[0] == "This server: —"
    assert lines[1].startswith("All servers: 1 played")
