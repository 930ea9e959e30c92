"""Publishing a match's board message: edited in place when possible, else posted anew."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord

from cogs.ui import replies
from cogs.ui.board import build_board
from cogs.ui.replies import Interaction
from gamecore.match import Match
from i18n import locale_code, locale_for
from service import TurnOutcome

if TYPE_CHECKING:
    from bot import TabletopBot

log = logging.getLogger("tabletop.turns")

#: Discord error: "Maximum number of edits to messages older than 1 hour reached".
OLD_MESSAGE_EDIT_LIMIT = 30046


async def redraw_board(
    bot: TabletopBot, match: Match, locale: str, outcome: TurnOutcome | None = None
) -> None:
    """Edit the match's board message through the channel (no interaction needed: turn
    clocks and computer seats use this), or post a new board when the old one is gone."""
    board = await build_board(bot.service, match, locale, outcome)
    channel = bot.get_partial_messageable(match.channel_id, guild_id=match.guild_id)
    if match.board_message_id is not None:
        try:
            await channel.get_partial_message(match.board_message_id).edit(**board.edit_kwargs())
            return
        except discord.HTTPException as error:
            # Gone (deleted), or 30046: Discord caps edits of messages older than an hour.
            if not isinstance(error, discord.NotFound) and error.code != OLD_MESSAGE_EDIT_LIMIT:
                raise
            log.info("board of %s cannot be edited (%s); posting a new one", match.id, error.code)
    message = await channel.send(**board.send_kwargs())
    await bot.service.set_board_message(match.id, message.id)


async def publish_board(interaction: Interaction, match: Match, outcome: TurnOutcome | None = None) -> None:
    """Redraw the board: through the interaction when the click came from the board itself
    (one request), else through the channel."""
    locale = locale_for(interaction, public=True)
    await replies.defer(interaction)  # drawing takes time; a click on any message is answered
    clicked = interaction.message
    from_board = interaction.type is discord.InteractionType.component and clicked is not None
    if from_board and clicked is not None and match.board_message_id in (None, clicked.id):
        board = await build_board(interaction.client.service, match, locale, outcome)
        await replies.tolerate(interaction.edit_original_response(**board.edit_kwargs()))
        return
    await redraw_board(interaction.client, match, locale, outcome)


def guild_locale(bot: TabletopBot, match: Match) -> str:
    """The language of public messages about ``match`` when no interaction is at hand."""
    guild = bot.get_guild(match.guild_id) if match.guild_id else None
    return locale_code(guild.preferred_locale if guild is not None else None)
