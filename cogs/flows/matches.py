"""Which match a command means, and the autocomplete of ``match`` and ``move`` options.

Autocomplete is answered from the service's memory (no database, no rendering), well
inside Discord's 3-second limit.
"""

from __future__ import annotations

from discord import app_commands

from cogs.ui.labels import match_label
from cogs.ui.replies import Interaction
from gamecore.contract import IllegalAction
from gamecore.match import Match
from i18n import locale_for

MAX_CHOICES = 25


def _channel_id(interaction: Interaction) -> int:
    return interaction.channel_id or 0


def visible_here(match: Match, interaction: Interaction) -> bool:
    """A match id means something only in its own server, or, for a match in a DM with the
    bot, in that DM or to one of its players."""
    if match.guild_id != interaction.guild_id:
        return False
    if match.guild_id is None:
        return match.channel_id == interaction.channel_id or match.seat_of(interaction.user.id) is not None
    return True


async def pick_match(interaction: Interaction, match_id: str | None) -> Match:
    """The match named by ``match_id`` (only a match of this server), else the caller's
    newest live match in this channel (playing ones before lobbies).
    Raises ``IllegalAction('no_match_here')`` or ``('no_match')``."""
    service = interaction.client.service
    if match_id:
        wanted = match_id.strip().lower()
        match = await service.get(wanted)
        if not visible_here(match, interaction):
            # Another server's match: answer as if it did not exist, so ids cannot be probed.
            raise IllegalAction("no_match", f"There is no match {wanted}.", match_id=wanted)
        return match
    found = await service.find_matches(interaction.user.id, _channel_id(interaction))
    if not found:
        raise IllegalAction("no_match_here", "You have no match in this channel.")
    playing = [m for m in found if m.status == "playing"]
    return (playing or found)[0]


async def match_choices(interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
    locale = locale_for(interaction, public=False)
    found = await interaction.client.service.find_matches(interaction.user.id, _channel_id(interaction))
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
