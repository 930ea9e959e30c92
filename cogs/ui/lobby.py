"""The lobby message of a multiplayer match: seats, clock, options and the lobby buttons
(the message becomes the board when the host starts)."""

from __future__ import annotations

from collections.abc import Callable

import discord

from cogs.ui.cartolan import extend_lobby
from cogs.ui.components import LOBBY_ACTIONS, LobbyButton
from cogs.ui.labels import game_name
from gamecore.match import Match
from gamecore.registry import get_game
from i18n import t

#: Per-game additions to the lobby message, by game id: ``extend(match, locale, embed, view)``
#: may add embed fields and change the components (Cartolan's options and computer types).
GAME_LOBBY: dict[str, Callable[[Match, str, discord.Embed, discord.ui.View | None], None]] = {
    "cartolan": extend_lobby,
}


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
