"""``/play move`` (with autocomplete of the caller's legal moves), ``/hint`` and ``/hand``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from discord import app_commands
from discord.ext import commands

from cogs.commands.params import MATCH_DESCRIPTION, anywhere_scope, localized, match_option
from cogs.delivery import replies
from cogs.delivery.replies import Interaction
from cogs.flows import turns
from cogs.flows.hands import show_hand
from cogs.flows.matches import match_choices, move_choices

if TYPE_CHECKING:
    from bot import TabletopBot


class PlayCog(commands.Cog):
    def __init__(self, bot: TabletopBot) -> None:
        self.bot = bot

    @app_commands.command(
        name=localized("cmd.play.name"), description=localized("cmd.play.description")
    )
    @anywhere_scope
    @app_commands.rename(
        move=localized("cmd.opt.move.name"), match_id=localized("cmd.opt.match.name")
    )
    @app_commands.describe(move=localized("cmd.opt.move.description"), match_id=MATCH_DESCRIPTION)
    @app_commands.autocomplete(move=move_choices, match_id=match_choices)
    async def play(
        self,
        interaction: Interaction,
        move: app_commands.Range[str, 1, 100],
        match_id: str | None = None,
    ) -> None:
        await replies.guarded(interaction, turns.play_move(interaction, match_id, move))

    @app_commands.command(
        name=localized("cmd.hint.name"), description=localized("cmd.hint.description")
    )
    @anywhere_scope
    @match_option
    async def hint(self, interaction: Interaction, match_id: str | None = None) -> None:
        await replies.guarded(interaction, turns.hint(interaction, match_id))

    @app_commands.command(
        name=localized("cmd.hand.name"), description=localized("cmd.hand.description")
    )
    @anywhere_scope
    @match_option
    async def hand(self, interaction: Interaction, match_id: str | None = None) -> None:
        await replies.guarded(interaction, show_hand(interaction, match_id))


async def setup(bot: TabletopBot) -> None:
    await bot.add_cog(PlayCog(bot))
