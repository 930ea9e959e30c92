"""``/rules game``: the game's rules (with the project's clarifications), page by page."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from cogs import replies
from cogs.board import game_name
from cogs.game import GAME_CHOICES, _cmd
from i18n import locale_code, locale_for, rules_pages, t


def rules_message(game_id: str, page: int, locale: str) -> tuple[discord.Embed, discord.ui.View | None]:
    """Page ``page`` of the rules (clamped) with Previous / Next buttons."""
    from cogs.components import RulesPager

    pages = rules_pages(game_id, locale_code(locale))
    name = game_name(game_id, locale)
    if not pages:
        return discord.Embed(title=name, description=t("rules.missing", locale)), None
    page = max(0, min(page, len(pages) - 1))
    current = pages[page]
    title = f"{name} — {current.title}" if current.title and current.title != name else name
    embed = discord.Embed(title=title[:256], description=current.body[:4096] or "—")
    embed.set_footer(text=t("rules.page", locale, page=page + 1, pages=len(pages)))
    if len(pages) == 1:
        return embed, None
    view = discord.ui.View(timeout=None)
    view.add_item(RulesPager(game_id, max(page - 1, 0), label=t("rules.previous", locale), disabled=page == 0))
    view.add_item(
        RulesPager(game_id, min(page + 1, len(pages) - 1), label=t("rules.next", locale), disabled=page == len(pages) - 1)
    )
    return embed, view


async def show_page(interaction: discord.Interaction, game_id: str, page: int) -> None:
    """A pager click: the same message shows another page."""
    embed, view = rules_message(game_id, page, locale_for(interaction, public=False))
    await replies.tolerate(interaction.response.edit_message(embed=embed, view=view))


class RulesCog(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(name=_cmd("cmd.rules.name"), description=_cmd("cmd.rules.description"))
    @app_commands.rename(game=_cmd("cmd.opt.game.name"))
    @app_commands.describe(game=_cmd("cmd.opt.game.description"))
    @app_commands.choices(game=GAME_CHOICES)
    async def rules(self, interaction: discord.Interaction, game: app_commands.Choice[str]) -> None:
        embed, view = rules_message(game.value, 0, locale_for(interaction, public=False))
        kwargs = {"view": view} if view is not None else {}
        await replies.send(interaction, embed=embed, ephemeral=True, **kwargs)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(RulesCog(bot))
