"""``/review [id]``: each decision of a finished solo game, judged on what was seen."""

from __future__ import annotations

from typing import TYPE_CHECKING

from discord import app_commands
from discord.ext import commands

from cogs.commands.params import MATCH_DESCRIPTION, localized
from cogs.delivery import replies
from cogs.delivery.replies import Interaction
from cogs.flows.after_game import ended_choices, send_review

if TYPE_CHECKING:
    from bot import TabletopBot


class ReviewCog(commands.Cog):
    def __init__(self, bot: TabletopBot) -> None:
        self.bot = bot

    @app_commands.command(
        name=localized("cmd.review.name"), description=localized("cmd.review.description")
    )
    @app_commands.rename(match_id=localized("cmd.opt.match_id.name"))
    @app_commands.describe(match_id=MATCH_DESCRIPTION)
    @app_commands.autocomplete(match_id=ended_choices)
    async def review(
        self, interaction: Interaction, match_id: app_commands.Range[str, 1, 24] | None = None
    ) -> None:
        await replies.guarded(interaction, send_review(interaction, match_id))


async def setup(bot: TabletopBot) -> None:
    await bot.add_cog(ReviewCog(bot))
