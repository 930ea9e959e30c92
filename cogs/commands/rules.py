"""``/rules game``: the game's rules (with the project's clarifications), page by page."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from discord import app_commands
from discord.ext import commands

from cogs.commands.params import GAME_CHOICES, localized
from cogs.delivery import replies
from cogs.delivery.replies import Interaction
from cogs.ui.rules import rules_message
from i18n import locale_for

if TYPE_CHECKING:
    from bot import TabletopBot


class RulesCog(commands.Cog):
    def __init__(self, bot: TabletopBot) -> None:
        self.bot = bot

    @app_commands.command(
        name=localized("cmd.rules.name"), description=localized("cmd.rules.description")
    )
    @app_commands.rename(game=localized("cmd.opt.game.name"))
    @app_commands.describe(game=localized("cmd.opt.game.description"))
    @app_commands.choices(game=GAME_CHOICES)
    async def rules(self, interaction: Interaction, game: app_commands.Choice[str]) -> None:
        embed, pager = rules_message(game.value, 0, locale_for(interaction, public=False))
        kwargs: dict[str, Any] = {"view": pager} if pager is not None else {}
        await replies.send(interaction, embed=embed, ephemeral=True, **kwargs)


async def setup(bot: TabletopBot) -> None:
    await bot.add_cog(RulesCog(bot))
