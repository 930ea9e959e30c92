"""Playing where the bot is absent (the app installed on a person's account, used in a
server without the bot, a group DM or a DM between people: ``permissions.bot_absent``).

There the bot can answer only through the interaction: a reply and at most five
follow-ups within 15 minutes, never a message of its own, never an edit later, and
Discord makes every reply private where a server forbids external apps. So a solo game's
board lives in the person's DM with the bot (as the daily deal's does): its buttons work
there like any board's; ``/play``, ``/hint`` and ``/game`` act on it from anywhere, each
answered with one private reply. Multiplayer games need the bot in the server.
"""

from __future__ import annotations

from typing import Any

import discord

from cogs.delivery import replies
from cogs.delivery.publisher import Published
from cogs.delivery.replies import Interaction
from cogs.flows.boards import redraw_board
from i18n import locale_for, t
from service import Match


async def dm_with(interaction: Interaction) -> int | None:
    """The id of the person's DM with the bot (opened if need be); None when Discord
    refuses to open it."""
    if interaction.context.dm_channel:  # asked in that DM itself
        return interaction.channel_id
    try:
        return (await interaction.user.create_dm()).id
    except discord.HTTPException:
        return None


def board_link(match: Match, published: Published) -> str:
    """The link to the board in the DM (to the DM itself when the board is not known)."""
    message_id = published.message_id or match.board_message_id
    tail = f"/{message_id}" if message_id else ""
    return f"https://discord.com/channels/@me/{match.channel_id}{tail}"


async def start_solo(
    interaction: Interaction, game_id: str, seed: int | None, options: dict[str, Any]
) -> None:
    """``/game new`` of a solo game where the bot is absent: the board goes to the person's
    DM; the one private reply says so, with a link."""
    locale = locale_for(interaction, public=False)
    await replies.defer(interaction, ephemeral=True)
    channel_id = await dm_with(interaction)
    if channel_id is None:
        await replies.send(interaction, t("away.dm_closed", locale), ephemeral=True)
        return
    match = await interaction.client.service.new_match(
        game_id,
        None,
        channel_id,
        interaction.user.id,
        options,
        seed,
        user_name=interaction.user.display_name,
    )
    await tell_board(
        interaction, match, await redraw_board(interaction.client, match, locale=locale)
    )


async def show_in_dm(interaction: Interaction, match: Match) -> None:
    """``/game show`` where the bot is absent: a fresh board in the DM, and the link."""
    locale = locale_for(interaction, public=False)
    await replies.defer(interaction, ephemeral=True)
    published = await redraw_board(interaction.client, match, locale=locale, new_board=True)
    await tell_board(interaction, match, published)


async def tell_board(interaction: Interaction, match: Match, published: Published) -> None:
    locale = locale_for(interaction, public=False)
    if published.ok:
        text = t("away.board_in_dm", locale, link=board_link(match, published))
    else:
        text = t("away.no_board", locale, match_id=match.id)
    await replies.send(interaction, text, ephemeral=True)


async def refuse_multiplayer(interaction: Interaction, game: str) -> None:
    """A multiplayer game needs the bot in the server (its lobby and board are posted
    there for every player): said privately, nothing starts."""
    locale = locale_for(interaction, public=False)
    await replies.send(interaction, t("away.multiplayer", locale, game=game), ephemeral=True)
