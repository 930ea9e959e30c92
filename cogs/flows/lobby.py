"""The lobby of a multiplayer match: opening it, and each lobby button as one service call
(the lobby message becomes the board when the host starts)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from cogs.flows import table
from cogs.flows.boards import publish_board
from cogs.ui import notices, permissions, replies
from cogs.ui.board import build_board
from cogs.ui.replies import Interaction
from gamecore.match import Match
from i18n import locale_for


async def open_lobby(
    interaction: Interaction,
    game_id: str,
    seed: int | None,
    options: dict[str, Any],
    *,
    turn_limit: float | None = None,
) -> None:
    """``turn_limit``: seconds per turn (0 = no clock, None = the default 24 h)."""
    service = interaction.client.service
    await replies.defer(interaction)
    match = await service.new_match(
        game_id, interaction.guild_id, interaction.channel_id or 0, interaction.user.id,
        options, seed, user_name=interaction.user.display_name, turn_limit=turn_limit,
    )
    board = await build_board(service, match, locale_for(interaction, public=True))
    message = await replies.send_message(interaction, **board.send_kwargs())
    if message is not None:
        await service.set_board_message(match.id, message.id)
        interaction.client.publisher.adopt(match, message.id)


async def lobby_action(
    interaction: Interaction, match_id: str, action: str, player: str | None = None
) -> None:
    """One lobby button: one service call, then the lobby (or, once started, the board).
    ``player``: the computer player ``addcpu`` seats (default: the game's strongest)."""
    service = interaction.client.service
    user = interaction.user
    await replies.defer(interaction)
    calls: dict[str, Callable[[], Awaitable[Match]]] = {
        "join": lambda: service.lobby_join(match_id, user.id, user.display_name),
        "leave": lambda: service.lobby_leave(match_id, user.id),
        "addcpu": lambda: service.lobby_add_computer(match_id, user.id, player),
        "rmcpu": lambda: service.lobby_remove_computer(match_id, user.id),
        "start": lambda: service.lobby_start(match_id, user.id),
        "cancel": lambda: service.lobby_cancel(match_id, user.id),
    }
    if action == "start" and not await permissions.preflight(interaction):
        return
    match = await calls[action]()
    published = await publish_board(interaction, match)
    pinged = await table.after_step(interaction.client, match, None) if match.status == "playing" else None
    trouble = notices.first_trouble(published, pinged)
    if trouble is not None:
        await notices.tell_actor(interaction, trouble)
