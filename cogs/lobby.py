"""The lobby of a multiplayer match: Join / Leave / Add computer / Remove computer /
Start / Cancel on one public message, which becomes the board when the host starts."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import discord

from cogs import replies, turns
from cogs.board import build_board, game_name
from gamecore.contract import IllegalAction
from gamecore.match import Match
from gamecore.registry import get_game
from i18n import locale_for, t

LOBBY_ACTIONS = ("join", "leave", "addcpu", "rmcpu", "start", "cancel")
#: Per-game additions to the lobby message, by game id: ``extend(match, locale, embed, view)``
#: may add embed fields and change the components (e.g. Cartolan's options and computer
#: types, registered by ``cogs/cartolan.py``).
GAME_LOBBY: dict[str, Callable[[Match, str, discord.Embed, discord.ui.View | None], None]] = {}
_STYLES = {
    "join": discord.ButtonStyle.primary,
    "start": discord.ButtonStyle.success,
    "cancel": discord.ButtonStyle.danger,
}


class LobbyButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"tt:lb:(?P<match>[a-z0-9]{1,24}):(?P<action>join|leave|addcpu|rmcpu|start|cancel)",
):
    def __init__(self, match_id: str, action: str, *, label: str = "", disabled: bool = False) -> None:
        self.match_id = match_id
        self.action = action
        super().__init__(
            discord.ui.Button(
                custom_id=f"tt:lb:{match_id}:{action}",
                label=label or action,
                style=_STYLES.get(action, discord.ButtonStyle.secondary),
                row=0 if action in ("join", "leave", "start") else 1,
                disabled=disabled,
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str]
    ) -> LobbyButton:
        return cls(match["match"], match["action"], label=item.label or "")

    async def callback(self, interaction: discord.Interaction) -> Any:
        from cogs.components import guarded

        await guarded(interaction, lobby_action(interaction, self.match_id, self.action))


def clock_line(turn_limit: float | None, locale: str) -> str:
    """The lobby's turn clock: hours, or minutes when not whole hours, or off."""
    if not turn_limit:
        return t("lobby.clock_off", locale)
    seconds = int(turn_limit)
    if seconds % 3600 == 0:
        return t("lobby.clock_hours", locale, hours=seconds // 3600)
    return t("lobby.clock_minutes", locale, minutes=seconds // 60)


def lobby_message(match: Match, locale: str) -> tuple[discord.Embed, discord.ui.View | None]:
    game = get_game(match.game_id)
    seats = "\n".join(
        f"{i + 1}. {'🤖 ' if s.is_computer else ''}{s.name}" for i, s in enumerate(match.seats)
    )
    host = next((s.name for s in match.seats if s.user_id == match.host_id), str(match.host_id))
    if match.status == "abandoned":
        description = t("lobby.cancelled", locale)
    else:
        description = t(
            "lobby.description", locale, host=host, seats=seats, taken=len(match.seats),
            min_players=game.min_players, max_players=game.max_players,
        )
    if match.status == "lobby":
        description += "\n" + clock_line(match.turn_limit, locale)
    if match.options and match.status == "lobby" and match.game_id not in GAME_LOBBY:
        options = ", ".join(f"{k}={v}" for k, v in sorted(match.options.items()))
        description += "\n" + t("lobby.options", locale, options=options)
    embed = discord.Embed(
        title=t("lobby.title", locale, game=game_name(match.game_id, locale)),
        description=description, colour=discord.Colour.gold(),
    )
    embed.set_footer(text=t("board.footer", locale, match_id=match.id, steps=match.steps))
    if match.status != "lobby":
        return embed, None
    view = discord.ui.View(timeout=None)
    too_few = len(match.seats) < game.min_players  # Start is enabled once the minimum is seated
    for action in LOBBY_ACTIONS:
        label = t(f"lobby.button.{action}", locale)
        view.add_item(LobbyButton(match.id, action, label=label, disabled=action == "start" and too_few))
    extend = GAME_LOBBY.get(match.game_id)
    if extend is not None:
        extend(match, locale, embed, view)
    return embed, view


async def open_lobby(
    interaction: discord.Interaction,
    game_id: str,
    seed: int | None,
    options: dict[str, Any],
    *,
    turn_limit: float | None = None,
) -> None:
    """``turn_limit``: seconds per turn (0 = no clock, None = the default 24 h)."""
    service = interaction.client.service  # type: ignore[attr-defined]
    await replies.defer(interaction)
    match = await service.new_match(
        game_id, interaction.guild_id, interaction.channel_id or 0, interaction.user.id,
        options, seed, user_name=interaction.user.display_name, turn_limit=turn_limit,
    )
    board = await build_board(service, match, locale_for(interaction, public=True))
    message = await replies.send_message(interaction, **board.send_kwargs())
    if message is not None:
        await service.set_board_message(match.id, message.id)


async def lobby_action(interaction: discord.Interaction, match_id: str, action: str) -> None:
    """One lobby button: one service call, then the lobby (or, once started, the board)."""
    from cogs import table

    service = interaction.client.service  # type: ignore[attr-defined]
    user = interaction.user
    calls = {
        "join": lambda: service.lobby_join(match_id, user.id, user.display_name),
        "leave": lambda: service.lobby_leave(match_id, user.id),
        "addcpu": lambda: service.lobby_add_computer(match_id, user.id),
        "rmcpu": lambda: service.lobby_remove_computer(match_id, user.id),
        "start": lambda: service.lobby_start(match_id, user.id),
        "cancel": lambda: service.lobby_cancel(match_id, user.id),
    }
    try:
        match = await calls[action]()
    except IllegalAction as error:
        await turns.explain_refusal(interaction, error, None)
        return
    await turns.publish_board(interaction, match)
    if match.status == "playing":
        await table.after_step(interaction.client, match, None)
