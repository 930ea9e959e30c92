"""``/play move`` (with autocomplete of the caller's legal moves) and ``/hint``."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from cogs import replies, turns
from cogs.game import MATCH_DESCRIPTION, _cmd
from cogs.matches import match_choices, move_choices, pick_match
from cogs.table import show_hand
from gamecore.contract import IllegalAction


class PlayCog(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(name=_cmd("cmd.play.name"), description=_cmd("cmd.play.description"))
    @app_commands.guild_only()
    @app_commands.rename(move=_cmd("cmd.opt.move.name"), match_id=_cmd("cmd.opt.match.name"))
    @app_commands.describe(move=_cmd("cmd.opt.move.description"), match_id=MATCH_DESCRIPTION)
    @app_commands.autocomplete(move=move_choices, match_id=match_choices)
    async def play(
        self,
        interaction: discord.Interaction,
        move: app_commands.Range[str, 1, 100],
        match_id: str | None = None,
    ) -> None:
        await replies.defer(interaction, ephemeral=True)
        try:
            match = await pick_match(interaction, match_id)
        except IllegalAction as error:
            await turns.explain_refusal(interaction, error, None)
            return
        await turns.play_move(interaction, match.id, move, None)

    @app_commands.command(name=_cmd("cmd.hint.name"), description=_cmd("cmd.hint.description"))
    @app_commands.guild_only()
    @app_commands.rename(match_id=_cmd("cmd.opt.match.name"))
    @app_commands.describe(match_id=MATCH_DESCRIPTION)
    @app_commands.autocomplete(match_id=match_choices)
    async def hint(self, interaction: discord.Interaction, match_id: str | None = None) -> None:
        try:
            match = await pick_match(interaction, match_id)
        except IllegalAction as error:
            await turns.explain_refusal(interaction, error, None)
            return
        await turns.hint(interaction, match.id)

    @app_commands.command(name=_cmd("cmd.hand.name"), description=_cmd("cmd.hand.description"))
    @app_commands.guild_only()
    @app_commands.rename(match_id=_cmd("cmd.opt.match.name"))
    @app_commands.describe(match_id=MATCH_DESCRIPTION)
    @app_commands.autocomplete(match_id=match_choices)
    async def hand(self, interaction: discord.Interaction, match_id: str | None = None) -> None:
        try:
            match = await pick_match(interaction, match_id)
        except IllegalAction as error:
            await turns.explain_refusal(interaction, error, None)
            return
        await show_hand(interaction, match.id)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(PlayCog(bot))
