"""What a server's ``/settings`` allow when a match starts (``/game new``, a rematch, play
again): which games, in which channels, by whom; and the defaults a new match takes from
them (turn clock, each game's options, rated or not). A refused start says why and what
is possible, privately, before anything is acknowledged in public."""

from __future__ import annotations

from typing import Any

import discord

from cogs.delivery.replies import Interaction
from cogs.ui.labels import game_name
from i18n import locale_for
from service import GuildSettings, IllegalAction


def may_manage(interaction: Interaction) -> bool:
    """Whether the caller has Manage Server here (they may change the settings, and
    may host whatever ``host_role`` says)."""
    member = interaction.user
    return isinstance(member, discord.Member) and member.guild_permissions.manage_guild


async def start_rules(interaction: Interaction, game_id: str) -> GuildSettings:
    """The server's settings, once the start of ``game_id`` here is known to be allowed;
    else ``IllegalAction`` (``game_not_allowed``, ``channel_not_allowed``, ``host_role``)."""
    settings = await interaction.client.service.guild_settings(interaction.guild_id)
    if interaction.guild_id is None:
        return settings
    check_game(settings, game_id, locale_for(interaction, public=False))
    channel = interaction.channel
    parent = getattr(channel, "parent_id", None) if isinstance(channel, discord.Thread) else None
    if not settings.allows_channel(interaction.channel_id, parent):
        channels = " ".join(f"<#{c}>" for c in settings.get("channels"))
        raise IllegalAction(
            "channel_not_allowed", "Games may not start in this channel.", channels=channels
        )
    role = settings.get("host_role")
    member = interaction.user
    has_role = isinstance(member, discord.Member) and any(r.id == role for r in member.roles)
    if role and not has_role and not may_manage(interaction):
        found = interaction.guild.get_role(role) if interaction.guild is not None else None
        named = f"@{found.name}" if found is not None else str(role)  # a refusal pings no one
        raise IllegalAction("host_role", "Only members with the host role may host.", role=named)
    return settings


def check_game(settings: GuildSettings, game_id: str, locale: str) -> None:
    """Refuse (``game_not_allowed``, naming the games allowed) a game the server left out."""
    if not settings.allows_game(game_id):
        allowed = ", ".join(game_name(g, locale) for g in settings.get("games"))
        raise IllegalAction(
            "game_not_allowed",
            "This game may not be started here.",
            game=game_name(game_id, locale),
            games=allowed,
        )


def with_defaults(settings: GuildSettings, game_id: str, options: dict[str, Any]) -> dict[str, Any]:
    """The game's options: what was typed, over the server's defaults for the game."""
    return {**settings.game_options(game_id), **options}


def turn_clock(settings: GuildSettings, typed: float | None) -> float:
    """Seconds per turn: the ``clock=`` typed, else the server's default."""
    return float(settings.get("clock")) if typed is None else typed


def practice(settings: GuildSettings) -> bool | None:
    """Practice (rated nowhere) when the server turned ratings off; else as the seed says."""
    return True if not settings.get("rated") else None
