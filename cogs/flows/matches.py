"""Which match a command means, and the autocomplete of ``match`` and ``move`` options.

Autocomplete is answered from the service's memory (no database, no rendering), well
inside Discord's 3-second limit.
"""

from __future__ import annotations

import discord
from discord import app_commands

from cogs.delivery import replies
from cogs.delivery.permissions import bot_absent
from cogs.delivery.replies import Interaction
from cogs.ui.labels import match_label
from i18n import locale_for
from service import IllegalAction, Match, Viewer
from telemetry import MATCH_ID

MAX_CHOICES = 25


def viewer(interaction: Interaction) -> Viewer:
    """Who asks and from where, as the service's visibility rule takes it (which channels
    they can view is Discord's to say: ``can_see``; where the bot is absent, a user install,
    the person's own matches of their DM with the bot are meant: ``bot_absent``)."""
    return Viewer(
        interaction.user.id,
        interaction.guild_id,
        interaction.channel_id,
        lambda channel_id: can_see(interaction, channel_id),
        bot_absent=bot_absent(interaction),
    )


def visible_here(match: Match, interaction: Interaction) -> bool:
    """Whether the caller may see ``match`` here (the service's ``visible_to``)."""
    return interaction.client.service.visible_to(match, viewer(interaction))


def can_see(interaction: Interaction, channel_id: int) -> bool:
    """Whether the caller may view ``channel_id`` of the interaction's server (a private
    thread: only if they may manage threads; its players hold seats anyway)."""
    guild, member = interaction.guild, interaction.user
    if guild is None or not isinstance(member, discord.Member):
        return False
    channel = guild.get_channel_or_thread(channel_id)
    if channel is None:
        return False
    try:
        allowed = channel.permissions_for(member)
    except discord.ClientException:  # a thread whose parent is not known here
        return False
    if isinstance(channel, discord.Thread) and channel.is_private():
        # Who was added to a private thread is not cached: only its moderators count.
        return allowed.view_channel and allowed.manage_threads
    return allowed.view_channel


async def visible_match(interaction: Interaction, match_id: str) -> Match:
    """The match ``match_id`` if the caller may see it here; otherwise ``no_match``, as if
    it did not exist (the service's ``get_visible``)."""
    return await interaction.client.service.get_visible(match_id, viewer(interaction))


async def matches_here(interaction: Interaction) -> list[Match]:
    """The caller's live matches of this channel, newest first; where the bot is absent,
    those of their DM with the bot (where its boards are)."""
    service = interaction.client.service
    if bot_absent(interaction):
        found = await service.find_matches(interaction.user.id)
        return [m for m in found if visible_here(m, interaction)]
    return await service.find_matches(interaction.user.id, interaction.channel_id or 0)


async def admit(
    interaction: Interaction, match_id: str | None, *, new_message: bool = False
) -> Match:
    """The first step of every flow a command or a click on a match reaches: acknowledge
    it (privately: a 'thinking' state for a command or when a click's answer is a
    ``new_message``, else a silent update of the clicked message), then the match it means
    if the caller may see it (``pick_match``: a custom id can be forged, from any server; a
    command without ``match_id`` means the caller's newest match here)."""
    await replies.defer(interaction, ephemeral=True, new_message=new_message)
    return await pick_match(interaction, match_id)


async def pick_match(interaction: Interaction, match_id: str | None) -> Match:
    """The match named by ``match_id`` (only one the caller may see), else the caller's
    live match in this channel where it is their decision now, else their newest there
    (playing ones before lobbies): a bare ``/hint`` or ``/play`` means the match waiting for
    them, not a newer one where someone else is to move.
    Raises ``IllegalAction('no_match_here')`` or ``('no_match')``. The match is kept with the
    interaction, so a refusal about it names its seats as the board does."""
    if match_id:
        match = await visible_match(interaction, match_id)
    else:
        found = await matches_here(interaction)  # newest first
        if not found:
            raise IllegalAction("no_match_here", "You have no match in this channel.")
        user = interaction.user.id
        deciding = [m for m in found if m.status == "playing" and m.seat_of(user) in m.to_move]
        playing = [m for m in found if m.status == "playing"]
        match = (deciding or playing or found)[0]
    interaction.extras[replies.MATCH] = match
    MATCH_ID.set(match.id)  # the interaction's log lines name the match from here on
    return match


async def match_choices(interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
    locale = locale_for(interaction, public=False)
    found = await matches_here(interaction)
    typed = current.strip().lower()
    return [
        app_commands.Choice(name=match_label(m, locale), value=m.id)
        for m in found
        if typed in m.id or typed in match_label(m, locale).lower()
    ][:MAX_CHOICES]


async def move_choices(interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
    """The caller's legal moves in the chosen (or newest) match, filtered by ``current``."""
    namespace = interaction.namespace
    chosen = getattr(namespace, "match", None) or getattr(namespace, "match_id", None)
    try:
        match = await pick_match(interaction, chosen)
    except IllegalAction:
        return []
    moves = await interaction.client.service.legal_moves(match.id, interaction.user.id, current)
    return [app_commands.Choice(name=m[:100], value=m[:100]) for m in moves[:MAX_CHOICES]]
