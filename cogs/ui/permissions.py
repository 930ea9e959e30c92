"""Permission preflight: what the bot needs in a channel to host a match there.

Discord delivers slash commands and clicks in channels where the bot may not post, and
every later channel post would then fail with 403. So ``/game new`` and the lobby's Start
look at ``interaction.app_permissions`` (the bot's permissions in that channel, sent with
every interaction) and refuse privately, naming what is missing, before anything exists.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from cogs.ui import replies
from i18n import locale_for, t

#: Where the game commands work: server channels and the bot's own DMs (solo games
#: there; multiplayer games refuse DMs); never group DMs or user-installed contexts.
GAME_CONTEXTS = app_commands.AppCommandContext(guild=True, dm_channel=True, private_channel=False)
GAME_INSTALLS = app_commands.AppInstallationType(guild=True, user=False)

#: What a match needs in a channel: see it, post boards (embeds with a picture), ping.
NEEDED = ("view_channel", "send_messages", "embed_links", "attach_files")
#: In a thread, "Send Messages in Threads" replaces "Send Messages".
NEEDED_IN_THREAD = ("view_channel", "send_messages_in_threads", "embed_links", "attach_files")
THREAD_TYPES = frozenset(
    {
        discord.ChannelType.public_thread,
        discord.ChannelType.private_thread,
        discord.ChannelType.news_thread,
    }
)


def in_thread(interaction: discord.Interaction) -> bool:
    channel = interaction.channel
    return getattr(channel, "type", None) in THREAD_TYPES


def missing(permissions: discord.Permissions, *, thread: bool) -> list[str]:
    """The needed permission names ``permissions`` lacks, in a fixed order."""
    needed = NEEDED_IN_THREAD if thread else NEEDED
    return [name for name in needed if not getattr(permissions, name)]


def missing_here(interaction: discord.Interaction) -> list[str]:
    """What the bot lacks in the interaction's channel (nothing in a DM with the bot)."""
    if interaction.guild_id is None:
        return []
    return missing(interaction.app_permissions, thread=in_thread(interaction))


def permission_names(names: list[str] | tuple[str, ...], locale: str) -> str:
    """Discord's own names of the permissions, in the reader's language."""
    return ", ".join(t(f"perm.{name}", locale) for name in names)


async def preflight(interaction: replies.Interaction) -> bool:
    """True when the bot can host a match in this channel; otherwise the user is told
    privately what is missing (in their language) and False is returned."""
    gaps = missing_here(interaction)
    if not gaps:
        return True
    locale = locale_for(interaction, public=False)
    text = t("perm.missing", locale, permissions=permission_names(gaps, locale))
    await replies.send(interaction, text, ephemeral=True)
    return False


def channel_ready(interaction: discord.Interaction[Any]) -> bool:
    """Whether this interaction shows the bot has everything it needs in its channel
    (used to lift a publisher block as soon as an admin fixed the permissions)."""
    if (
        getattr(interaction, "guild_id", None) is None
        or getattr(interaction, "channel_id", None) is None
    ):
        return False
    return not missing_here(interaction)
