"""``/season``: this server's season and achievement roles, with what the bot lacks to give
each role (for members with **Manage Server**; the choices themselves are server settings,
``/settings``); and the loop that closes seasons and gives roles (cogs/flows/seasons.py)."""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands, tasks

from cogs.commands.params import localized
from cogs.delivery import replies
from cogs.delivery.replies import Interaction
from cogs.flows import seasons
from cogs.ui import roles
from i18n import locale_for, t
from service import GuildSettings
from service.seasons import ROLE_KEYS, length_of, season_of, window

if TYPE_CHECKING:
    from bot import TabletopBot

log = logging.getLogger("tabletop.seasons")

#: How often seasons are closed and roles given in the servers that give roles (seconds).
ROLE_PERIOD = 600.0


def status_text(guild: discord.Guild, settings: GuildSettings, now: float, locale: str) -> str:
    """The season running now, and each achievement role with what stops the bot."""
    length = length_of(settings)
    season = season_of(now, length)
    lines = [
        t("roles.status.length", locale, length=t(f"season.length.{length}", locale)),
        t("season.status.current", locale, season=season, end=f"<t:{int(window(season)[1])}:f>"),
    ]
    for key in ROLE_KEYS:
        name = t(f"settings.key.{key}", locale)
        role = guild.get_role(settings.get(key)) if settings.get(key) else None
        if role is None:
            lines.append(t("roles.status.none", locale, achievement=name))
            lines.append("  " + t(f"settings.help.{key}", locale))
            continue
        line = t("roles.status.line", locale, achievement=name, role=role.mention)
        if key == "rated_games_role":
            line += " " + t("roles.status.games", locale, games=settings.get(f"{key}_after"))
        lines.append(line)
        lines.append("  " + roles.problems_text(role, roles.role_problems(guild, role), locale))
    lines.append(t("roles.status.how", locale))
    return "\n".join(lines)


class SeasonCog(commands.Cog):
    def __init__(self, bot: TabletopBot) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        self.tick.start()

    async def cog_unload(self) -> None:
        self.tick.cancel()

    @tasks.loop(seconds=ROLE_PERIOD)
    async def tick(self) -> None:
        if not self.bot.serving:
            return
        try:
            await seasons.sweep(self.bot)
        except Exception:
            log.exception("season sweep failed")

    @tick.before_loop
    async def wait_for_ready(self) -> None:
        try:
            await self.bot.wait_until_ready()
        except RuntimeError:  # closed before it was ever ready: the loop ends, said nowhere
            raise asyncio.CancelledError from None

    @app_commands.command(
        name=localized("cmd.season.name"), description=localized("cmd.season.description")
    )
    @app_commands.allowed_contexts(guilds=True, dms=False, private_channels=False)
    @app_commands.allowed_installs(guilds=True, users=False)
    @app_commands.default_permissions(manage_guild=True)
    async def season(self, interaction: Interaction) -> None:
        """For Manage Server: the season and each achievement role's state, privately."""
        locale = locale_for(interaction, public=False)
        await replies.defer(interaction, ephemeral=True)
        guild = interaction.guild
        if guild is None:
            await replies.send(interaction, t("season.server_only", locale), ephemeral=True)
            return
        if not interaction.permissions.manage_guild:  # a server may show it to others
            await replies.send(interaction, t("season.need_manage_guild", locale), ephemeral=True)
            return
        await seasons.close_seasons(self.bot, guild)
        await seasons.give_games_roles(self.bot, guild)
        settings = await self.bot.service.guild_settings(guild.id)
        text = status_text(guild, settings, self.bot.service.clock(), locale)
        await replies.send(
            interaction, text, ephemeral=True, allowed_mentions=discord.AllowedMentions.none()
        )


async def setup(bot: TabletopBot) -> None:
    await bot.add_cog(SeasonCog(bot))
