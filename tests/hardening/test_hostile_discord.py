"""Issue 21 items 3-6 where users stand (simcord, the real bot): another server's match,
a channel the caller cannot see, forged custom ids, hostile display names, a /play sent
many times at once, and seeds chosen by a host. Each case fails on the code before the fix.
"""

from __future__ import annotations

import re
from typing import Any

import discord
import pytest
from simcord.backend.models.channel import Overwrite
from simcord.builders import ChannelHandle
from simcord.enums import ChannelType, OverwriteType

from cogs.delivery import replies
from tests.cogs.helpers import (
    World,
    board_text,
    custom_ids,
    make_world,
    posted,
    private_text,
    start,
)
from tests.hardening.test_bot_hostile import forge

#: A member's id as Discord writes it (17-20 digits: escape_mentions needs a real one).
SOME_ID = 123456789012345678
HOSTILE = f"[Free Nitro](https://evil.example/g) <@{SOME_ID}> <@&{SOME_ID}> `x` @everyone"


@pytest.fixture
def backend() -> str:
    """The Discord layer is what is tested: one database is enough."""
    return "sqlite"


def hide_channel(env: Any, channel: Any, member: Any) -> None:
    """A server admin denies ``member`` the view of ``channel`` (a private channel)."""
    value = discord.Permissions(view_channel=True).value
    env.backend.set_overwrite(channel.id, Overwrite(member.id, OverwriteType.MEMBER, deny=value))


async def open_lobby(
    env: Any, world: World, channel: Any, seed: int | None = None
) -> tuple[str, Any]:
    chosen = {} if seed is None else {"seed": seed}
    opened = await world.alice.slash(channel, "game new", game="speiderne", **chosen)
    match = next(m for m in await env.bot.service.find_matches(world.alice.id, channel.id))
    return match.id, opened.response.message


async def test_another_servers_match_is_refused_on_every_path_and_changes_nothing(env) -> None:
    world = make_world(env)
    solo_id, _ = await start(env, world, "cartographer", seed=None)
    await world.alice.slash(world.channel, "game resign", match=solo_id)
    lobby_id, lobby = await open_lobby(env, world, world.channel)
    elsewhere = env.create_guild("Elsewhere")
    there = elsewhere.create_text_channel("games")
    mallory = elsewhere.add_member(env.create_user("mallory"))
    before = (await env.bot.service.get(lobby_id)).version
    _, decoy = await start(env, World(elsewhere, there, mallory, mallory), "cartographer", None)

    joined = await forge(mallory, decoy, f"tt:lb:{lobby_id}:join", None)
    assert f"no match {lobby_id}" in private_text(joined)
    match = await env.bot.service.get(lobby_id)
    assert match.version == before and match.seat_of(mallory.id) is None
    rematch = await forge(mallory, decoy, f"tt:rm:{solo_id}", None)
    assert f"no match {solo_id}" in private_text(rematch)
    assert len(await env.bot.service.find_matches(mallory.id)) == 1  # her decoy only
    for command, options in (
        ("game show", {"match": lobby_id}),
        ("hand", {"match": lobby_id}),
        ("replay", {"id": solo_id}),
    ):
        refused = await mallory.slash(there, command, **options)
        assert refused.ephemeral and "no match" in private_text(refused), command
        assert [m.id for m in there.history() if m.embeds or m.components] == [decoy.id], (
            command
        )  # nothing posted
    assert await mallory.autocomplete(there, "play", "move", "", match=lobby_id) == []


async def test_a_forged_hand_click_from_another_server_shows_no_hand(env) -> None:
    alice, bob = env.create_user("alice"), env.create_user("bob")
    guild = env.create_guild("Tabletop")
    world = World(
        guild, guild.create_text_channel("games"), guild.add_member(alice), guild.add_member(bob)
    )
    match_id, lobby = await open_lobby(env, world, world.channel)
    await world.bob.click(lobby, custom_id=f"tt:lb:{match_id}:join")
    await world.alice.click(lobby, custom_id=f"tt:lb:{match_id}:start")
    version = (await env.bot.service.get(match_id)).version
    # Mallory, alone in her own server, forges a hand button naming bob's match.
    elsewhere = env.create_guild("Elsewhere")
    there = World(
        elsewhere,
        elsewhere.create_text_channel("games"),
        elsewhere.add_member(env.create_user("mallory")),
        elsewhere.add_member(bob),
    )
    _, decoy = await start(env, there, "cartographer", seed=None)
    clicked = await forge(there.alice, decoy, f"tt:do:{match_id}:{version}:hand", None)
    assert "no match" in private_text(clicked)
    assert all(not m.attachments for m in (clicked.response, *clicked.followups) if m is not None)


async def test_game_show_refuses_a_member_who_cannot_see_the_channel_and_posts_only_where_the_match_lives(
    env,
) -> None:
    world = make_world(env)
    secret = world.guild.create_text_channel("secret")
    dave = world.guild.add_member(env.create_user("dave"))
    hide_channel(env, secret, dave)
    match_id, lobby = await open_lobby(env, world, secret)
    before = await env.bot.service.get(match_id)

    shown = await dave.slash(world.channel, "game show", match=match_id)
    assert shown.ephemeral and "no match" in private_text(shown)
    _, own_board = await start(
        env, World(world.guild, world.channel, dave, world.bob), "cartographer", None
    )
    joined = await forge(dave, own_board, f"tt:lb:{match_id}:join", None)
    assert "no match" in private_text(joined)
    after = await env.bot.service.get(match_id)
    assert (after.version, after.board_message_id) == (before.version, before.board_message_id)
    assert [m.id for m in world.channel.history() if m.embeds or m.components] == [
        own_board.id
    ]  # no public copy

    # A seated player elsewhere in the server is told where the match lives.
    moved = await world.alice.slash(world.channel, "game show", match=match_id)
    assert f"<#{secret.id}>" in private_text(moved)
    assert (await env.bot.service.get(match_id)).board_message_id == before.board_message_id
    here = await world.alice.slash(secret, "game show", match=match_id)
    assert posted(here).id == (await env.bot.service.get(match_id)).board_message_id


async def test_hostile_display_names_are_shown_as_plain_text(env) -> None:
    guild = env.create_guild("Tabletop")
    channel = guild.create_text_channel("games")
    alice = guild.add_member(env.create_user("alice"))
    bob = guild.add_member(env.create_user(HOSTILE))
    world = World(guild, channel, alice, bob)
    match_id, lobby = await open_lobby(env, world, channel)
    joined = await bob.click(lobby, custom_id=f"tt:lb:{match_id}:join")
    text = board_text(joined.response)
    assert (
        re.search(r"(?<!\\)\[Free Nitro\]", text) is None and "\\[Free Nitro]" in text
    )  # no masked link
    assert f"<@{SOME_ID}>" not in text and f"<@&{SOME_ID}>" not in text  # no mention pills
    assert "@everyone" not in text and "\\`x\\`" in text
    stats = await bob.slash(channel, "stats")
    assert re.search(r"(?<!\\)\[Free Nitro\]", stats.response.embeds[0].title) is None


async def test_a_refusal_echoing_a_typed_mention_pings_nobody(env) -> None:
    world = make_world(env)
    await start(env, world, "cartographer", seed=None)
    refused = await world.alice.slash(world.channel, "play", move=f"<@{world.bob.id}> @everyone")
    assert refused.ephemeral and private_text(refused)
    message = refused.response.message
    assert (
        message.mentions == []
        and not message.mention_everyone
        and f"<@{world.bob.id}>" not in message.content
    )


async def test_the_same_play_sent_again_while_the_first_is_saved_applies_once(
    env, monkeypatch
) -> None:
    """Ten identical ``/play`` at once: while this one is being acknowledged, an identical
    one (sent at the same moment) is applied; this one must then be refused, not applied
    a second time (the move is legal again after the first)."""
    world = make_world(env)
    match_id, _ = await start(env, world, "cartographer", seed=None)
    service = env.bot.service
    move = (await service.legal_moves(match_id, world.alice.id))[0]
    original = replies.defer
    twins: list[Any] = []

    async def defer_while_a_twin_lands(interaction: Any, **kwargs: Any) -> None:
        if interaction.type is discord.InteractionType.application_command and not twins:
            twins.append(await service.play(match_id, world.alice.id, move))
        await original(interaction, **kwargs)

    monkeypatch.setattr(replies, "defer", defer_while_a_twin_lands)
    before = await service.get(match_id)
    again = await world.alice.slash(world.channel, "play", move=move)
    after = await service.get(match_id)
    assert twins and after.steps == before.steps + 1  # only the twin was applied
    assert "changed" in private_text(again) and "send the move again" in private_text(again)


async def test_a_seeded_lobby_says_it_is_practice_and_counts_nowhere(env) -> None:
    world = make_world(env)
    match_id, lobby = await open_lobby(env, world, world.channel, seed=424242)
    assert "Practice table" in board_text(lobby)  # seen before anyone joins
    await world.bob.click(lobby, custom_id=f"tt:lb:{match_id}:join")
    await world.alice.click(lobby, custom_id=f"tt:lb:{match_id}:start")
    await world.bob.slash(world.channel, "game resign", match=match_id)  # a loss, were it counted
    assert (await env.bot.service.get(match_id)).seat_of(world.bob.id) is None
    assert await env.bot.service.stats(world.bob.id) == []
    _, unseeded = await open_lobby(env, world, world.channel)
    assert "Practice table" not in board_text(unseeded)
    assert custom_ids(unseeded)


async def test_a_host_named_like_a_mention_pings_only_the_invited(env) -> None:
    guild = env.create_guild("Tabletop")
    channel = guild.create_text_channel("games")
    carol = guild.add_member(env.create_user("carol"))
    host = guild.add_member(env.create_user(f"<@{carol.id}> [Free Nitro](https://evil.example/g)"))
    bob = guild.add_member(env.create_user("bob"))
    await host.slash(channel, "game new", game="speiderne", invite=f"<@{bob.id}>")
    ping = next(m for m in channel.history() if "invites you" in m.content)
    assert [m.id for m in ping.mentions] == [bob.id]
    assert re.search(r"(?<!\\)\[Free Nitro\]", ping.content) is None


async def test_a_private_threads_match_is_hidden_from_members_outside_the_thread(env) -> None:
    world = make_world(env)
    created = env.backend.create_thread(
        world.channel.id, "secret", world.alice.id, type=ChannelType.PRIVATE_THREAD
    )
    thread = ChannelHandle(env, world.guild, created)
    dave = world.guild.add_member(env.create_user("dave"))
    match_id, _ = await open_lobby(env, world, thread)
    shown = await dave.slash(world.channel, "game show", match=match_id)
    assert "no match" in private_text(shown)
    assert await dave.autocomplete(world.channel, "play", "move", "", match=match_id) == []
    here = await world.alice.slash(thread, "game show", match=match_id)  # the host, in the thread
    assert posted(here).id == (await env.bot.service.get(match_id)).board_message_id
