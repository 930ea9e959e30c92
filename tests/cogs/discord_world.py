"""Set-ups for the tests of Discord's refusals: channel permissions as an admin changes
them (simcord computes ``app_permissions`` and refuses the bot's requests from them),
threads, and a two-player Speiderne match."""

from __future__ import annotations

from typing import Any

import discord
from simcord.backend.models.channel import Overwrite
from simcord.builders import ChannelHandle
from simcord.enums import OverwriteType

from tests.cogs.helpers import World


def deny_bot(env: Any, channel: Any, **denied: bool) -> None:
    """A server admin denies the bot permissions in ``channel`` (e.g. send_messages=True)."""
    value = discord.Permissions(**denied).value
    env.backend.set_overwrite(
        channel.id, Overwrite(env.bot.user.id, OverwriteType.MEMBER, deny=value)
    )


def allow_bot(env: Any, channel: Any) -> None:
    """The admin removes the bot's deny overwrite again."""
    env.backend.delete_overwrite(channel.id, env.bot.user.id)


def thread_of(env: Any, world: World, name: str = "match") -> Any:
    """A public thread in the world's channel, opened by alice."""
    thread = env.backend.create_thread(world.channel.id, name, world.alice.id)
    return ChannelHandle(env, world.guild, thread)


async def two_players(env: Any, world: World, channel: Any = None, seed: int = 3) -> str:
    """A running Speiderne match of alice (host) and bob in ``channel``."""
    channel = channel or world.channel
    opened = await world.alice.slash(channel, "game new", game="speiderne", seed=seed)
    lobby = opened.response.message
    match_id = next(m.id for m in await env.bot.service.find_matches(world.alice.id, channel.id))
    await world.bob.click(lobby, custom_id=f"tt:lb:{match_id}:join")
    await world.alice.click(lobby, custom_id=f"tt:lb:{match_id}:start")
    return match_id


async def play_for(
    env: Any, world: World, match_id: str, channel: Any = None
) -> tuple[Any, Any, str]:
    """The person on turn plays their first legal move with ``/play``: (who, result, move)."""
    match = await env.bot.service.get(match_id)
    user_id = match.seats[match.to_move[0]].user_id
    person = world.alice if user_id == world.alice.id else world.bob
    move = (await env.bot.service.legal_moves(match_id, user_id))[0]
    result = await person.slash(channel or world.channel, "play", move=move, match=match_id)
    return person, result, move


def channel_requests(faults: Any, channel_id: int) -> int:
    return sum(1 for entry in faults.log if entry.path.startswith(f"/channels/{channel_id}"))
