"""``/daily game``: today's deal for everyone in this server (or in the bot's DMs); also as a
user-installed app, wherever the person is."""

from __future__ import annotations

from typing import TYPE_CHECKING

from discord import app_commands
from discord.ext import commands

from cogs.commands.params import anywhere_scope, localized
from cogs.delivery import replies
from cogs.delivery.replies import Interaction
from cogs.flows.daily import daily
from service.daily import DAILY_GAMES

if TYPE_CHECKING:
    from bot import TabletopBot

DAILY_CHOICES = [
    app_commands.Choice(name=localized(f"choice.game.{game_id}"), value=game_id)
    for game_id in DAILY_GAMES
]


class DailyCog(commands.Cog):
    def __init__(self, bot: TabletopBot) -> None:
        self.bot = bot

    @app_commands.command(
        name=localized("cmd.daily.name"), description=localized("cmd.daily.description")
    )
    @anywhere_scope  # the deal is played in the person's DM with the bot: a user install suffices
    @app_commands.rename(game=localized("cmd.opt.game.name"))
    @app_commands.describe(game=localized("cmd.opt.game.description"))
    @app_commands.choices(game=DAILY_CHOICES)
    async def daily(self, interaction: Interaction, game: app_commands.Choice[str]) -> None:
        await replies.guarded(interaction, daily(interaction, game.value))


async def setup(bot: TabletopBot) -> None:
    await bot.add_cog(DailyCog(bot))
