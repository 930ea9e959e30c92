"""Turn notices each person controls (``/notify``): a mention in the match's channel (the
default) or a DM that links to the board; the clock's reminder or none; "not for this
turn". A DM that fails falls back to the channel and the person is told once. A notice
says only whose turn it is and where the board is: nothing a player's view does not show.
"""

from __future__ import annotations

import logging
import weakref
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

import discord

from cogs.delivery.publisher import Published
from cogs.flows.boards import guild_locale
from cogs.ui.labels import game_name, is_solo
from i18n import t
from service import Match, NotifySettings

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
    wanted = [u for u in people if u not in quiet and (not reminder or half_time(settings[u]))]
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
    published = await bot.publisher.say(match, text, ping=True, allowed_mentions=mentions)
    for user in first:  # told once: the channel says it from now on without a word
        await service.save_notify(replace(settings[user], dm_failed_told=True))
    return published


def half_time(settings: NotifySettings) -> bool:
    """Whether the clock's half-time reminder reaches this person (not when reminders are
    off, nor when they asked for reminders at an interval instead)."""
    return settings.reminders and settings.remind_every is None


#: Per bot: the interval reminders sent, (match, user, the match's last change) → how many.
_SENT: weakref.WeakKeyDictionary[Any, dict[tuple[str, int, float], int]] = (
    weakref.WeakKeyDictionary()
)


async def remind_by_interval(bot: TabletopBot) -> None:
    """Reminders at an interval (``/notify reminders: every …``): a person whose decision a
    match has awaited for k intervals since its last change gets the k-th reminder, once,
    in the way they chose (not while the clock is paused, nor in "not for this turn")."""
    every = await bot.service.interval_reminders()
    sent = _SENT.setdefault(bot, {})
    if not every:
        sent.clear()
        return
    now = bot.service.clock()
    seen: dict[tuple[str, int, float], int] = {}
    for match in await bot.service.live_matches():
        if match.status != "playing" or match.paused_at is not None or is_solo(match):
            continue
        for seat in match.to_move:
            user = match.seats[seat].user_id
            if user is None or match.seats[seat].is_computer or user not in every:
                continue
            key = (match.id, user, match.updated_at)
            due = int((now - match.updated_at) // every[user])
            seen[key] = sent.get(key, 0)
            if due < 1 or seen[key] >= due:
                continue
            seen[key] = due
            await remind(bot, match, user, now - match.updated_at)
    sent.clear()
    sent.update(seen)


async def remind(bot: TabletopBot, match: Match, user: int, waited: float) -> None:
    locale = guild_locale(bot, match)
    hours = max(1, round(waited / 3600))

    def text(key: str, **params: Any) -> str:
        """The channel's and the DM's reminder say the same: the wait, the match, the board."""
        return t(key, locale, hours=hours, match_id=match.id, board=board_link(match), **params)

    await tell_turn(
        bot,
        match,
        [user],
        lambda mentions: text("notify.interval", mentions=mentions),
        text("notify.dm_interval", game=game_name(match.game_id, locale)),
    )


async def end_quiet_turns(bot: TabletopBot, match: Match, deciding: Sequence[int]) -> None:
    """ "Not for this turn" ends with the turn: forget it for whoever no longer decides."""
    for user in await bot.service.quiet_users(match.id):
        if user not in deciding or match.status != "playing":
            await bot.service.end_quiet(match.id, user)
