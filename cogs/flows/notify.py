"""Turn notices each person controls (``/notify``): a mention in the match's channel (the
default) or a DM that links to the board; the clock's reminder or none; "not for this
turn". A DM that fails falls back to the channel and the person is told once. A notice
says only whose turn it is and where the board is: nothing a player's view does not show.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

import discord

from cogs.flows.boards import guild_locale
from cogs.ui.publisher import Published
from gamecore.match import Match
from i18n import t

if TYPE_CHECKING:
    from bot import TabletopBot

log = logging.getLogger("tabletop.notify")


def board_link(match: Match) -> str:
    return f"https://discord.com/channels/{match.guild_id or '@me'}/{match.channel_id}/{match.board_message_id}"


async def send_dm(bot: TabletopBot, user_id: int, text: str) -> bool:
    """A direct message; False when Discord refuses it (DMs closed, unknown user, outage)."""
    try:
        user = bot.get_user(user_id) or await bot.fetch_user(user_id)
        await user.send(text, allowed_mentions=discord.AllowedMentions.none())
    except (discord.HTTPException, discord.RateLimited):
        log.info("a turn notice by DM to %s failed; it goes to the channel", user_id)
        return False
    return True


async def tell_turn(
    bot: TabletopBot,
    match: Match,
    people: Sequence[int],
    channel_text: Callable[[str], str],
    dm_text: str,
    *,
    reminder: bool = False,
) -> Published | None:
    """Tell ``people`` it is their decision, each the way they chose; ``channel_text``
    makes the channel's message from the mentions, ``dm_text`` is a DM's text. A
    ``reminder`` skips those who turned reminders off. Returns the channel message's
    outcome (None when none was needed)."""
    people = list(dict.fromkeys(people))
    if not people:
        return None
    service = bot.service
    settings = await service.notify_settings(people)
    quiet = await service.quiet_users(match.id)
    wanted = [u for u in people if u not in quiet and (settings[u].reminders or not reminder)]
    in_channel = [u for u in wanted if not settings[u].dm]
    failed = [u for u in wanted if settings[u].dm and not await send_dm(bot, u, dm_text)]
    in_channel += failed
    if not in_channel:
        return None
    locale = guild_locale(bot, match)
    text = channel_text(" ".join(f"<@{u}>" for u in in_channel))
    first = [u for u in failed if not settings[u].dm_failed_told]
    if first:
        text += "\n" + t("notify.dm_failed", locale, mentions=" ".join(f"<@{u}>" for u in first))
    mentions = discord.AllowedMentions(users=[discord.Object(u) for u in in_channel])
    published = await bot.publisher.say(match, text, allowed_mentions=mentions)
    for user in first:  # told once: the channel says it from now on without a word
        await service.save_notify(replace(settings[user], dm_failed_told=True))
    return published


async def end_quiet_turns(bot: TabletopBot, match: Match, deciding: Sequence[int]) -> None:
    """"Not for this turn" ends with the turn: forget it for whoever no longer decides."""
    for user in await bot.service.quiet_users(match.id):
        if user not in deciding or match.status != "playing":
            await bot.service.end_quiet(match.id, user)
