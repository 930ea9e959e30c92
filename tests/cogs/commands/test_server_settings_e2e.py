"""``/settings`` through the bot: shown on one page, changed by a member with Manage Server
only (Discord hides the command from others; when Integrations show it to them anyway, the
bot still refuses a change), and honoured by ``/game new``: a refused start says why and
what is possible, privately, and posts nothing."""

from __future__ import annotations

import re
from typing import Any

import discord
import pytest
import simcord

from tests.cogs.helpers import board_text, make_world, posts, private_text


def with_admin(env: Any, world: Any) -> Any:
    """carol, a member whose role has Manage Server."""
    role = world.guild.create_role("admins", permissions=discord.Permissions(manage_guild=True))
    return world.guild.add_member(env.create_user("carol"), roles=[role])


def page(result: Any) -> str:
    return board_text(result.response)


@pytest.mark.postgres  # settings stored
async def test_the_page_shows_every_setting_and_a_change(env) -> None:
    world = make_world(env)
    carol = with_admin(env, world)
    shown = await carol.slash(world.channel, "settings show")
    text = page(shown)
    assert shown.ephemeral and "Server settings" in text
    for label in ("Turn clock", "Rated matches", "Takebacks", "Channels for games", "Game options"):
        assert label in text
    assert "24h" in text and "every game" in text and "Integrations" in text
    changed = await carol.slash(world.channel, "settings set", setting="clock", value="2d")
    assert "Changed: Turn clock." in page(changed) and "2d" in page(changed)
    reset = await carol.slash(world.channel, "settings reset", setting="clock")
    assert "Back to its default: Turn clock." in page(reset) and "24h" in page(reset)


async def test_a_bad_value_is_refused_with_what_is_possible(env) -> None:
    world = make_world(env)
    carol = with_admin(env, world)
    refused = await carol.slash(world.channel, "settings set", setting="max_lobbies", value="99")
    assert "not a valid value for Open lobbies per member" in private_text(refused)
    assert "1–10" in private_text(refused)
    games = await carol.slash(world.channel, "settings set", setting="games", value="chess")
    assert "drop-four" in private_text(games)  # the ids that are possible
    settings = await env.bot.service.guild_settings(world.guild.id)
    assert settings.stored == {}


async def test_without_manage_server_the_command_is_hidden_and_a_change_refused(env) -> None:
    world = make_world(env)
    with pytest.raises(simcord.SetupError, match="default-member-permissions"):
        await world.bob.slash(world.channel, "settings set", setting="rated", value="off")
    # The server's Integrations settings show /settings to everyone: bob may read the page,
    # but the bot still refuses his change.
    command = env.backend.find_command("settings", None, type=1)
    world.guild.set_command_permissions(int(command["id"]), {world.guild.default_role: True})
    shown = await world.bob.slash(world.channel, "settings show")
    assert "Rated matches" in page(shown)
    refused = await world.bob.slash(world.channel, "settings set", setting="rated", value="off")
    assert "Only members with Manage Server" in private_text(refused)
    assert (await env.bot.service.guild_settings(world.guild.id)).get("rated") is True


async def test_game_new_honours_games_channels_and_the_host_role(env) -> None:
    world = make_world(env)
    carol = with_admin(env, world)
    elsewhere = world.guild.create_text_channel("chat")
    await carol.slash(world.channel, "settings set", setting="games", value="cartographer")
    refused = await world.alice.slash(world.channel, "game new", game="drop-four")
    text = private_text(refused)
    assert "Drop Four may not be started on this server" in text and "Cartographer" in text
    assert env.bot.service.live_versions(world.alice.id) == {} and posts(world) == []

    await carol.slash(
        world.channel, "settings set", setting="channels", value=f"<#{world.channel.id}>"
    )
    moved = await world.alice.slash(elsewhere, "game new", game="cartographer")
    assert f"Channels for games: <#{world.channel.id}>" in private_text(moved)

    hosts = world.guild.create_role("hosts")
    await carol.slash(world.channel, "settings set", setting="host_role", value=f"<@&{hosts.id}>")
    no_role = await world.alice.slash(world.channel, "game new", game="cartographer")
    assert "Only members with the role @hosts may host" in private_text(no_role)
    started = await carol.slash(world.channel, "game new", game="cartographer")
    assert not started.ephemeral  # Manage Server may always host: the board is posted


@pytest.mark.postgres  # settings stored, read back from memory
async def test_defaults_for_clock_options_and_rating_reach_a_new_match(env) -> None:
    world = make_world(env)
    carol = with_admin(env, world)
    await carol.slash(world.channel, "settings set", setting="clock", value="12h")
    await carol.slash(world.channel, "settings set", setting="rated", value="off")
    await world.alice.slash(world.channel, "game new", game="drop-four")
    (lobby,) = await env.bot.service.find_matches(world.alice.id, world.channel.id)
    assert lobby.turn_limit == 12 * 3600 and lobby.practice
    await carol.slash(world.channel, "settings set", setting="max_lobbies", value="1")
    again = await world.alice.slash(world.channel, "game new", game="drop-four")
    assert "at most 1" in private_text(again)


async def test_public_messages_speak_the_language_the_server_chose(env) -> None:
    world = make_world(env)
    carol = with_admin(env, world)
    english = await world.alice.slash(world.channel, "game new", game="cartographer")
    assert not JAPANESE.search(board_text(english.response))
    await carol.slash(world.channel, "settings set", setting="language", value="ja")
    japanese = await world.bob.slash(world.channel, "game new", game="cartographer")
    assert JAPANESE.search(board_text(japanese.response))
    refused = await world.bob.slash(world.channel, "game new", game="drop-four", options="x=1")
    assert private_text(refused) and not JAPANESE.search(private_text(refused))  # the reader's


JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


async def test_the_daily_deal_honours_the_games_allowed(env) -> None:
    world = make_world(env)
    carol = with_admin(env, world)
    await carol.slash(world.channel, "settings set", setting="games", value="cartographer")
    refused = await world.alice.slash(world.channel, "daily", game="dungeon-delver")
    assert "may not be started on this server" in private_text(refused)
    assert [m for m in world.alice.user.dm_channel.history() if m.author.bot] == []
