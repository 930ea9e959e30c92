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

from cogs.delivery import replies
from i18n import locale_for, t

#: Where every other command works (the command tree's default, bot.py): server channels
#: and the bot's DM, with the bot in the server. Said explicitly: Discord documents that a
#: command naming no install type gets the app's (so enabling user installs would offer it
#: where the bot is absent); discord/discord-api-docs#7108 reports server-only in practice.
HOME_CONTEXTS = app_commands.AppCommandContext(guild=True, dm_channel=True, private_channel=False)
HOME_INSTALLS = app_commands.AppInstallationType(guild=True, user=False)
#: Where the game commands work (Discord's interaction contexts 0, 1 and 2): server
#: channels, the bot's own DM, and group DMs or DMs between people; installed to a server
#: or to a person's account (integration types 0 and 1). Where the bot itself is absent
#: (``bot_absent``) only solo games are played, on a board in the person's DM with the bot.
GAME_CONTEXTS = app_commands.AppCommandContext(guild=True, dm_channel=True, private_channel=True)
GAME_INSTALLS = app_commands.AppInstallationType(guild=True, user=True)

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


def bot_absent(interaction: discord.Interaction[Any]) -> bool:
    """Whether the interaction comes from a place the bot is not in, where it can answer
    only through the interaction itself (a reply and up to five follow-ups within 15
    minutes; Discord makes them private where a server forbids external apps): a group DM
    or a DM between people (context 2), or a server where only the person installed the app
    (``authorizing_integration_owners`` names the person's own install and no server install).
    An interaction that names no install at all comes from the server install the bot
    always had."""
    if interaction.context.private_channel:
        return True
    if interaction.guild_id is None:
        return False  # the DM with the bot
    return interaction.is_user_integration() and not interaction.is_guild_integration()


def in_thread(interaction: discord.Interaction) -> bool:
    channel = interaction.channel
    return getattr(channel, "type", None) in THREAD_TYPES


def missing(permissions: discord.Permissions, *, thread: bool) -> list[str]:
    """The needed permission names ``permissions`` lacks, in a fixed order."""
    needed = NEEDED_IN_THREAD if thread else NEEDED
    return [name for name in needed if not getattr(permissions, name)]


def missing_here(interaction: discord.Interaction) -> list[str]:
    """What the bot lacks in the interaction's channel (nothing in a DM with the bot, or
    where the bot is absent: nothing is posted there)."""
    if interaction.guild_id is None or bot_absent(interaction):
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
        or bot_absent(interaction)
    ):
        return False
    return not missing_here(interaction)
