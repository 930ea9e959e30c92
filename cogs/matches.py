"""Which match a command means, and the autocomplete of ``match`` and ``move`` options.

Autocomplete is answered from the service's memory (no database, no rendering), well
inside Discord's 3-second limit.
"""

from __future__ import annotations

import discord
from discord import app_commands

from cogs.board import game_name
from gamecore.contract import IllegalAction
from gamecore.match import Match
from i18n import locale_for, t

MAX_CHOICES = 25


def _service(interaction: discord.Interaction):  # noqa: ANN202 - the bot's MatchService
    return interaction.client.service  # type: ignore[attr-defined]


def _channel_id(interaction: discord.Interaction) -> int:
    return interaction.channel_id or 0


def match_label(match: Match, locale: str) -> str:
    return t(
        "match.label", locale, game=game_name(match.game_id, locale), match_id=match.id,
        steps=match.steps, status=t(f"match.status.{match.status}", locale),
    )[:100]


async def pick_match(interaction: discord.Interaction, match_id: str | None) -> Match:
    """The match named by ``match_id`` (only a match of this server), else the caller's
    newest live match in this channel (playing ones before lobbies).
    Raises ``IllegalAction('no_match_here')`` or ``('no_match')``."""
    service = _service(interaction)
    if match_id:
        wanted = match_id.strip().lower()
        match = await service.get(wanted)
        if match.guild_id != interaction.guild_id:
            # Another server's match: answer as if it did not exist, so ids cannot be probed.
            raise IllegalAction("no_match", f"There is no match {wanted}.", match_id=wanted)
        return match
    found = await service.find_matches(interaction.user.id, _channel_id(interaction))
    if not found:
        raise IllegalAction("no_match_here", "You have no match in this channel.")
    playing = [m for m in found if m.status == "playing"]
    return (playing or found)[0]


async def match_choices(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    locale = locale_for(interaction, public=False)
    found = await _service(interaction).find_matches(interaction.user.id, _channel_id(interaction))
    typed = current.strip().lower()
    return [
        app_commands.Choice(name=match_label(m, locale), value=m.id)
        for m in found
        if typed in m.id or typed in match_label(m, locale).lower()
    ][:MAX_CHOICES]


async def move_choices(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    """The caller's legal moves in the chosen (or newest) match, filtered by ``current``."""
    namespace = interaction.namespace
    chosen = getattr(namespace, "match", None) or getattr(namespace, "match_id", None)
    try:
        match = await pick_match(interaction, chosen)
    except IllegalAction:
        return []
    moves = await _service(interaction).legal_moves(match.id, interaction.user.id, current)
    return [app_commands.Choice(name=m[:100], value=m[:100]) for m in moves[:MAX_CHOICES]]
