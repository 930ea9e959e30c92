"""Following a match from anywhere (``/game follow``, ``/game unfollow``) and the server's
"TV" (``/game watch``).

A follower is anyone who may see the match (a seat, or the view of its channel): when the
people to move change, and at the end, they are told by DM (or in the thread they chose)
who is to play and where the board is. Nothing else: the news is made from the public
board only (names of the seats to move, the match's id, a link), never from a hand. A DM
Discord refuses (50007: DMs closed) or a thread the bot can no longer post in ends that
follow at once, so no refusal is met twice. Followers are bounded per match and per person
(service/server.py)."""

from __future__ import annotations

import logging
from dataclasses import replace
from typing import TYPE_CHECKING

import discord
from discord import app_commands

from cogs.delivery import replies
from cogs.delivery.replies import Interaction
from cogs.flows.boards import guild_locale
from cogs.flows.matches import MAX_CHOICES, admit, can_see, visible_here
from cogs.flows.notify import board_link
from cogs.ui.board import board_message
from cogs.ui.labels import game_name, match_label
from cogs.ui.seats import seat_name
from i18n import locale_for, t
from service import Follower, IllegalAction, Match

if TYPE_CHECKING:
    from bot import TabletopBot

log = logging.getLogger("tabletop.follow")

#: Per match: what its followers were last told (status, who is to move), so a step that
#: changes neither (a seat's several steps of one turn) tells nobody again.
_TOLD: dict[str, tuple[str, tuple[int, ...]]] = {}
#: Matches remembered in ``_TOLD`` before it starts again from empty.
MAX_TOLD = 50_000


def news(match: Match, locale: str) -> str:
    """What a follower is told: who is to play now, or that the match is over."""
    game = game_name(match.game_id, locale)
    if match.status != "playing":
        return t("follow.over", locale, game=game, match_id=match.id, board=board_link(match))
    players = ", ".join(seat_name(match, seat, locale) for seat in match.to_move)
    return t(
        "follow.turn",
        locale,
        game=game,
        match_id=match.id,
        players=players,
        board=board_link(match),
    )


async def tell_followers(bot: TabletopBot, match: Match) -> None:
    """Tell each follower of ``match`` its news, once per change of who is to move (and
    once at the end, after which nobody follows it any more)."""
    if match.status == "lobby":
        return
    told = (match.status, match.to_move)
    if _TOLD.get(match.id) == told:
        return
    if len(_TOLD) >= MAX_TOLD:
        _TOLD.clear()
    _TOLD[match.id] = told
    followers = await bot.service.followers(match.id)
    if not followers:
        return
    text = news(match, guild_locale(bot, match))
    for follower in followers:
        if not await deliver(bot, follower, text):
            await bot.service.unfollow(match.id, follower.user_id)
    if match.status != "playing":
        _TOLD.pop(match.id, None)
        for follower in followers:
            await bot.service.unfollow(match.id, follower.user_id)


async def deliver(bot: TabletopBot, follower: Follower, text: str) -> bool:
    """Send one follower's news; False when Discord refused it for good (DMs closed, the
    thread gone or closed to the bot): that follow ends. A passing failure (an outage)
    only loses this one message."""
    quiet = discord.AllowedMentions.none()
    try:
        if follower.thread_id is not None:
            channel = bot.get_partial_messageable(follower.thread_id)
            await channel.send(text, allowed_mentions=quiet)
        else:
            user = bot.get_user(follower.user_id) or await bot.fetch_user(follower.user_id)
            await user.send(text, allowed_mentions=quiet)
    except (discord.Forbidden, discord.NotFound):
        log.info("follower %s of a match can no longer be told: the follow ends", follower)
        return False
    except (discord.HTTPException, discord.RateLimited):
        log.info("news for follower %s not delivered this time", follower)
    return True


def thread_allowed(interaction: Interaction, match: Match, thread_id: int) -> bool:
    """Whether the news of ``match`` may go to ``thread_id``: a thread of this server that
    the caller sees and the bot may post in, whose readers may all see the match anyway (it
    is in the match's own channel, or the match's channel is open to everyone)."""
    guild = interaction.guild
    thread = guild.get_thread(thread_id) if guild is not None else None
    if guild is None or thread is None or not can_see(interaction, thread.id):
        return False
    me = guild.me
    if me is None or not thread.permissions_for(me).send_messages_in_threads:
        return False
    if thread.parent_id == match.channel_id:
        return True
    channel = guild.get_channel(match.channel_id)
    return channel is not None and channel.permissions_for(guild.default_role).view_channel


async def follow(interaction: Interaction, match_id: str | None, thread_id: int | None) -> None:
    """``/game follow``: the named match (or the newest live one of this channel) if the
    caller may see it (else, as for any id they may not see: no such match)."""
    locale = locale_for(interaction, public=False)
    if match_id is None:
        await replies.defer(interaction, ephemeral=True)
        match = await newest_here(interaction)
    else:
        match = await admit(interaction, match_id)
    if thread_id is not None and not thread_allowed(interaction, match, thread_id):
        raise IllegalAction("follow_thread", "The news cannot go to that thread.")
    service = interaction.client.service
    follower = await service.follow(match, interaction.user.id, thread_id)
    where = (
        t("follow.where.thread", locale, thread=f"<#{follower.thread_id}>")
        if follower.thread_id
        else t("follow.where.dm", locale)
    )
    text = t(
        "follow.done",
        locale,
        match_id=match.id,
        game=game_name(match.game_id, locale),
        where=where,
    )
    await replies.send(interaction, text, ephemeral=True)


async def newest_here(interaction: Interaction) -> Match:
    """The newest live match of this channel the caller may see."""
    service = interaction.client.service
    here = [
        m
        for m in await service.live_matches()
        if m.channel_id == interaction.channel_id and m.status == "playing"
    ]
    here = [m for m in here if visible_here(m, interaction)]
    if not here:
        raise IllegalAction("no_match_here", "No match is played in this channel.")
    return max(here, key=lambda m: m.created_at)


async def unfollow(interaction: Interaction, match_id: str | None) -> None:
    """``/game unfollow``: the named match, or the only one followed; else the list."""
    locale = locale_for(interaction, public=False)
    await replies.defer(interaction, ephemeral=True)
    service = interaction.client.service
    following = await service.following(interaction.user.id)
    wanted = match_id.strip().lower() if match_id else None
    if wanted is None and len(following) == 1:
        wanted = following[0]
    if wanted is None:
        key = "follow.list" if following else "follow.none"
        text = t(key, locale, matches=", ".join(f"`{m}`" for m in following))
    elif await service.unfollow(wanted, interaction.user.id):
        text = t("follow.stopped", locale, match_id=wanted)
    else:
        text = t("follow.not_following", locale, match_id=wanted)
    await replies.send(interaction, text, ephemeral=True)


def public(interaction: Interaction, match: Match) -> bool:
    """A match everyone in the server may see (its channel is open to @everyone), and the
    caller too."""
    guild = interaction.guild
    channel = guild.get_channel(match.channel_id) if guild is not None else None
    return (
        guild is not None
        and channel is not None
        and channel.permissions_for(guild.default_role).view_channel
        and can_see(interaction, match.channel_id)
    )


async def watch(interaction: Interaction) -> None:
    """``/game watch``: the server's liveliest public match (the most steps in the last
    hour), shown privately as its board shows it to the channel, without its controls."""
    locale = locale_for(interaction, public=False)
    await replies.defer(interaction, ephemeral=True)
    service = interaction.client.service
    guild_id = interaction.guild_id
    found = (
        await service.liveliest(guild_id, lambda m: public(interaction, m))
        if guild_id is not None
        else None
    )
    if found is None:
        await replies.send(interaction, t("watch.none", locale), ephemeral=True)
        return
    match, steps = found
    board = await board_message(service.board_seen(match), locale)
    said = t(
        "watch.shows",
        locale,
        steps=steps,
        channel=f"<#{match.channel_id}>",
        board=board_link(match),
        match_id=match.id,
    )
    shown = replace(board, head=(said, *board.head), controls=None, apart=(), body=())
    await replies.send(interaction, ephemeral=True, **shown.send_kwargs())


async def followable_choices(
    interaction: Interaction, current: str
) -> list[app_commands.Choice[str]]:
    """The live matches of this server the caller may see (from memory), newest first."""
    locale = locale_for(interaction, public=False)
    typed = current.strip().lower()
    found = [
        m
        for m in await interaction.client.service.live_matches()
        if m.guild_id == interaction.guild_id and m.guild_id is not None
    ]
    found.sort(key=lambda m: m.created_at, reverse=True)
    choices = []
    for match in found:
        name = match_label(match, locale)
        if (typed in match.id or typed in name.lower()) and visible_here(match, interaction):
            choices.append(app_commands.Choice(name=name[:100], value=match.id))
        if len(choices) >= MAX_CHOICES:
            break
    return choices
