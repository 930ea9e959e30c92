"""Seasons and achievement roles through the bot: ``/leaderboard season:`` starts empty each
month while the all-time rating goes on, the last season's champion is kept (``/stats``) and
given the champion role; ``/season`` refuses members without Manage Server and says what the
bot lacks to give a role instead of failing. The choices are server settings."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import discord
import pytest

from cogs.commands.seasons import ROLE_PERIOD
from cogs.flows.seasons import award_tournament_winner
from tests.cogs.commands.test_ratings_e2e import GAME, play_a_match
from tests.cogs.helpers import board_text, make_world

OCTOBER = datetime(2026, 10, 15, tzinfo=UTC).timestamp()
NOVEMBER = datetime(2026, 11, 2, tzinfo=UTC).timestamp()


def at(env: Any, when: float) -> None:
    """The service's clock reads ``when`` (matches finish, seasons turn, on this clock)."""
    env.bot.service.clock = lambda: when


async def setting(env: Any, world: Any, name: str, value: Any) -> None:
    """What ``/settings`` stores for the server."""
    await env.bot.service.change_setting(world.guild.id, name, value)


def organiser(env: Any, world: Any) -> Any:
    """A member with Manage Server (and nothing else)."""
    staff = world.guild.create_role("staff", permissions=discord.Permissions(manage_guild=True))
    return world.guild.add_member(env.create_user("olga"), roles=[staff])


def roles_of(env: Any, world: Any, member: Any) -> set[int]:
    return set(env.backend.get_member(world.guild.id, member.id).role_ids)


def text(result: Any) -> str:
    if result.response.embeds:
        return str(result.response.embeds[0].description)
    return str(result.response.content)


@pytest.mark.postgres  # season tables read rating_history; champions are stored
async def test_a_season_starts_empty_and_keeps_its_champion(env) -> None:
    world = make_world(env)
    olga = organiser(env, world)
    champion_role = world.guild.create_role("Champion")
    await setting(env, world, "season_champion_role", champion_role.id)
    at(env, OCTOBER)
    status = await olga.slash(world.channel, "season")
    assert status.ephemeral
    assert "This season: 2026-10, until <t:" in text(status)
    assert f"Season champion role: <@&{champion_role.id}>" in text(status)
    assert f"I can give <@&{champion_role.id}>." in text(status)

    for _ in range(5):
        await play_a_match(env, world, world.alice, world.bob)
    board = await world.bob.slash(world.channel, "leaderboard", game=GAME, season="current")
    embed = board.response.embeds[0]
    assert embed.title == "Season 2026-10 of this server: Drop Four"
    lines = embed.description.splitlines()
    assert lines[0].startswith(f"1. <@{world.alice.id}> — ")
    assert lines[0].endswith("· 5 this season")
    assert lines[1].startswith(f"2. <@{world.bob.id}> — ")

    at(env, NOVEMBER)
    await play_a_match(env, world, world.bob, world.alice)
    board = await world.bob.slash(world.channel, "leaderboard", game=GAME, season="current")
    embed = board.response.embeds[0]
    assert embed.title == "Season 2026-11 of this server: Drop Four"
    assert "**Not ranked yet (5 matches in the season to be ranked)**" in embed.description
    assert "· 1 this season" in embed.description and "1. <@" not in embed.description
    all_time = await world.bob.slash(world.channel, "leaderboard", game=GAME)
    assert "· 6 rated" in all_time.response.embeds[0].description  # the rating goes on

    # Asking for a season table closed October: its champion is kept and holds the role.
    assert champion_role.id in roles_of(env, world, world.alice)
    assert champion_role.id not in roles_of(env, world, world.bob)
    last = await world.bob.slash(world.channel, "leaderboard", game=GAME, season="previous")
    assert last.response.embeds[0].title == "Season 2026-10 of this server: Drop Four"
    assert f"Champion of 2026-10: <@{world.alice.id}> (" in text(last)
    assert "5 matches)" in text(last)

    stats = await world.alice.slash(world.channel, "stats", game=GAME)
    fields = {f.name: f.value for f in stats.response.embeds[0].fields}
    assert fields["Seasons won in this server"].startswith("Drop Four: champion of 2026-10 (")


@pytest.mark.postgres  # settings read on both stores
async def test_season_needs_manage_server_and_quarters_change_the_season(env) -> None:
    world = make_world(env)
    olga = organiser(env, world)
    at(env, NOVEMBER)
    # The server lets bob use /season (an override), but he lacks Manage Server: refused.
    commands = await env.bot.tree.fetch_commands()
    season = next(c for c in commands if c.name == "season")
    world.guild.set_command_permissions(season, {world.bob: True})
    refused = await world.bob.slash(world.channel, "season")
    assert refused.ephemeral
    assert text(refused).startswith("Only a member with **Manage Server**")

    await setting(env, world, "season_quarterly", True)
    board = await world.bob.slash(world.channel, "leaderboard", game=GAME, season="current")
    assert board.response.embeds[0].title.startswith("Season 2026-Q4 ")
    status = await olga.slash(world.channel, "season")
    assert text(status).splitlines()[0] == "Seasons in this server last a quarter."
    dm = await world.bob.user.slash("leaderboard", game=GAME, season="current")
    assert dm.ephemeral and "Seasons belong to a server" in text(dm)


async def test_the_bot_says_what_it_lacks_to_give_a_role(env) -> None:
    world = make_world(env)
    olga = organiser(env, world)
    above = world.guild.create_role("Legend", position=5)  # above the bot's own role
    chosen = await olga.slash(
        world.channel, "settings set", setting="tournament_winner_role", value=above.mention
    )
    said = board_text(chosen.response)  # /settings says at once what the bot lacks
    assert "Changed: Tournament winner role." in said
    assert f"I cannot give <@&{above.id}> yet: my highest role must be above" in said
    status = await olga.slash(world.channel, "season")
    assert f"Tournament winner role: <@&{above.id}>" in text(status)
    assert f"I cannot give <@&{above.id}> yet: my highest role must be above" in text(status)
    guild = env.bot.get_guild(world.guild.id)
    said = await award_tournament_winner(env.bot, guild, world.alice.id, "en")
    assert said is not None and "my highest role must be above" in said
    assert above.id not in roles_of(env, world, world.alice)  # nothing failed, nothing given

    bot_role = next(r for r in guild.me.roles if r.managed)
    env.backend.edit_role(world.guild.id, bot_role.id, {"permissions": 0})
    below = world.guild.create_role("Winner", position=1)
    chosen = await olga.slash(
        world.channel, "settings set", setting="tournament_winner_role", value=below.mention
    )
    assert "I need the **Manage Roles** permission" in board_text(chosen.response)
    status = await olga.slash(world.channel, "season")
    assert "I need the **Manage Roles** permission" in text(status)
    said = await award_tournament_winner(env.bot, guild, world.alice.id, "ja")
    assert said is not None and "**ロールの管理** 権限が必要です" in said


async def test_a_role_after_n_rated_matches_comes_with_the_sweep(env) -> None:
    world = make_world(env)
    olga = organiser(env, world)
    regular = world.guild.create_role("Regular")
    at(env, OCTOBER)
    await setting(env, world, "rated_games_role", regular.id)
    await setting(env, world, "rated_games_role_after", 2)
    await play_a_match(env, world, world.alice, world.bob)
    await env.advance_time(ROLE_PERIOD + 1)
    assert regular.id not in roles_of(env, world, world.alice)  # one match: not yet
    await play_a_match(env, world, world.bob, world.alice)
    await env.advance_time(ROLE_PERIOD + 1)
    assert regular.id in roles_of(env, world, world.alice)
    assert regular.id in roles_of(env, world, world.bob)
    assert regular.id not in roles_of(env, world, olga)
