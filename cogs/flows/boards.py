"""Publishing a match's board message through the match's ordered publisher: edited in
place when possible, else posted anew (hour-old boards, refusing channels: publisher.py)."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord

from cogs.ui import replies
from cogs.ui.board import build_board
from cogs.ui.layout import BoardMessage
from cogs.ui.publisher import Drawable, Published
from cogs.ui.replies import Interaction
from i18n import locale_code, locale_for
from service import Match, TurnOutcome

if TYPE_CHECKING:
    from bot import TabletopBot

log = logging.getLogger("tabletop.turns")


async def redraw_board(
    bot: TabletopBot,
    match: Match,
    locale: str,
    outcome: TurnOutcome | None = None,
    *,
    new_board: bool = False,
) -> Published:
    """Redraw the match's board through the channel (no interaction needed: turn clocks
    and computer seats use this), through the match's publisher (cogs/ui/publisher.py);
    ``new_board`` posts it anew (the old one is deleted)."""

    async def build() -> BoardMessage:
        return await build_board(bot.service.board_seen(match), locale, outcome)

    return await bot.publisher.redraw(match, build, new_board=new_board)


async def publish_board(
    interaction: Interaction, match: Match, outcome: TurnOutcome | None = None
) -> Published:
    """Redraw the board: through the interaction when the click came from the board itself
    and the board is young enough to edit (one request), else through the channel. A board
    in a DM is read by its player only: in their language, wherever they acted from."""
    locale = locale_for(interaction, public=match.guild_id is not None)
    await replies.defer(interaction)  # drawing takes time; a click on any message is answered
    bot = interaction.client
    clicked = interaction.message
    from_board = interaction.type is discord.InteractionType.component and clicked is not None

    async def build() -> BoardMessage:
        return await build_board(bot.service.board_seen(match), locale, outcome)

    async def edit_here(board: Drawable) -> None:
        await interaction.edit_original_response(**board.edit_kwargs())

    here = (
        from_board and clicked is not None and bot.publisher.board_id(match) in (None, clicked.id)
    )
    return await bot.publisher.redraw(match, build, edit_here=edit_here if here else None)


def guild_locale(bot: TabletopBot, match: Match) -> str:
    """The language of public messages about ``match`` when no interaction is at hand."""
    guild = bot.get_guild(match.guild_id) if match.guild_id else None
    return locale_code(guild.preferred_locale if guild is not None else None)
