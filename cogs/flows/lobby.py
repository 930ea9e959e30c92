"""The lobby of a multiplayer match: opening it, and each lobby button as one service call
(the lobby message becomes the board when the host starts)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import discord

from cogs.delivery import notices, permissions, replies
from cogs.delivery.replies import Interaction
from cogs.flows import away, next_turn, server_rules
from cogs.flows.boards import post_board, redraw_board
from cogs.flows.matches import admit
from cogs.ui.lobby import invitation_ping
from i18n import locale_for, t
from service import DEFAULT_HOLIDAY_DAYS, Match


async def open_lobby(
    interaction: Interaction,
    game_id: str,
    seed: int | None,
    options: dict[str, Any],
    *,
    turn_limit: float | None = None,
    holiday_days: int = DEFAULT_HOLIDAY_DAYS,
    invited: tuple[int, ...] = (),
    practice: bool | None = None,
    takebacks: bool = True,
) -> None:
    """``turn_limit``: seconds per turn (0 = no clock, None = the default 24 h);
    ``holiday_days``: each person's holiday days (``/game holiday``);
    ``invited``: a challenge (only they may join until the host opens the lobby);
    ``practice``: rated nowhere (None: as the seed says); ``takebacks``: whether a person may
    ask to take back a step (the server's ``takebacks`` setting)."""
    service = interaction.client.service
    await replies.defer(interaction)
    match = await service.new_match(
        game_id,
        interaction.guild_id,
        interaction.channel_id or 0,
        interaction.user.id,
        options,
        seed,
        user_name=interaction.user.display_name,
        turn_limit=turn_limit,
        invited=invited,
        practice=practice,
        holiday_days=holiday_days,
        takebacks=takebacks,
    )
    await post_lobby(interaction, match)


async def post_lobby(interaction: Interaction, match: Match) -> None:
    """Post a new lobby as the match's board, then ping the invited once in a plain message
    of the channel (as turn pings are) that links to it: the lobby's own embed names them
    without pinging, and its later edits and reposts ping nobody."""
    bot = interaction.client
    locale = locale_for(interaction, public=True)
    message = await post_board(interaction, match)
    if message is None:
        return
    ping = invitation_ping(match, locale, message.jump_url)
    if ping is not None:
        mentions = discord.AllowedMentions(users=[discord.Object(u) for u in match.invited])
        published = await bot.publisher.say(match, ping, ping=True, allowed_mentions=mentions)
        trouble = notices.first_trouble(None, published)
        if trouble is not None:
            await notices.tell_actor(interaction, trouble)


async def rematch(interaction: Interaction, match_id: str) -> None:
    """The Rematch button of a finished board: a new lobby (posted below, the other people
    of the match pinged once), or a private pointer to the one already opened."""
    service = interaction.client.service
    match = await admit(interaction, match_id)  # a silent update: the lobby follows below
    await server_rules.start_rules(interaction, match.game_id)  # the server may refuse it now
    if not await permissions.preflight(interaction):
        return
    lobby, opened = await service.rematch(
        match_id, interaction.user.id, interaction.user.display_name
    )
    if opened:
        await post_lobby(interaction, lobby)
        return
    locale = locale_for(interaction, public=False)
    link = f"https://discord.com/channels/{lobby.guild_id or '@me'}/{lobby.channel_id}/{lobby.board_message_id}"
    await replies.send(
        interaction, t("rematch.exists", locale, link=link, match_id=lobby.id), ephemeral=True
    )


async def play_again(interaction: Interaction, match_id: str) -> None:
    """The Play again button of a finished solo board: a new deal of the same game and
    options for the match's player, on a new board where the finished one is (a DM where
    the bot is absent from the server)."""
    service = interaction.client.service
    match = await admit(interaction, match_id)  # a silent update: the board follows below
    await service.check_seated(match.id, interaction.user.id)
    if permissions.bot_absent(interaction):
        await away.start_solo(interaction, match.game_id, None, dict(match.options))
        return
    if match.guild_id is not None and not await permissions.preflight(interaction):
        return
    rules = await server_rules.start_rules(interaction, match.game_id)
    again = await service.new_match(
        match.game_id,
        match.guild_id,
        match.channel_id,
        interaction.user.id,
        match.options,
        user_name=interaction.user.display_name,
        practice=server_rules.practice(rules),
    )
    await redraw_board(interaction.client, again, locale=locale_for(interaction, public=True))


async def lobby_action(
    interaction: Interaction, match_id: str, action: str, player: str | None = None
) -> None:
    """One lobby button: one service call, then the lobby (or, once started, the board).
    ``player``: the computer player ``addcpu`` seats (default: the game's strongest)."""
    service = interaction.client.service
    user = interaction.user
    await admit(interaction, match_id)
    calls: dict[str, Callable[[], Awaitable[Match]]] = {
        "join": lambda: service.lobby_join(match_id, user.id, user.display_name),
        "leave": lambda: service.lobby_leave(match_id, user.id),
        "addcpu": lambda: service.lobby_add_computer(match_id, user.id, player),
        "rmcpu": lambda: service.lobby_remove_computer(match_id, user.id),
        "start": lambda: service.lobby_start(match_id, user.id),
        "cancel": lambda: service.lobby_cancel(match_id, user.id),
        "decline": lambda: service.lobby_decline(match_id, user.id),
        "open": lambda: service.lobby_open(match_id, user.id),
    }
    if action == "start" and not await permissions.preflight(interaction):
        return
    match = await calls[action]()
    published = await redraw_board(interaction.client, match, interaction=interaction)
    pinged = (
        await next_turn.after_step(interaction.client, match, None)
        if match.status == "playing"
        else None
    )
    trouble = notices.first_trouble(published, pinged)
    if trouble is not None:
        await notices.tell_actor(interaction, trouble)
