"""The lobby message of a multiplayer match: seats, clock, options and the lobby buttons
(the message becomes the board when the host starts)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import discord

from cogs.ui.components import LOBBY_ACTIONS, ComputerSelect, LobbyButton
from cogs.ui.labels import game_name, say, shown_name
from cogs.ui.layout import BoardMessage
from cogs.ui.seats import seat_name
from i18n import t
from service import Match
from service.games import Presentation, Text, get_game, presentation_of


def clock_line(turn_limit: float | None, locale: str) -> str:
    """The lobby's turn clock: hours, or minutes when not whole hours, or off."""
    if not turn_limit:
        return t("lobby.clock_off", locale)
    seconds = int(turn_limit)
    if seconds % 3600 == 0:
        return t("lobby.clock_hours", locale, hours=seconds // 3600)
    return t("lobby.clock_minutes", locale, minutes=seconds // 60)


def lobby_message(match: Match, locale: str) -> BoardMessage:
    game = get_game(match.game_id)
    seats = "\n".join(f"• {seat_name(match, i, locale)}" for i in range(len(match.seats)))
    host = next(
        (shown_name(s.name) for s in match.seats if s.user_id == match.host_id), str(match.host_id)
    )
    if match.status == "abandoned":
        description = t("lobby.cancelled", locale)
    else:
        description = t(
            "lobby.description",
            locale,
            host=host,
            seats=seats,
            taken=len(match.seats),
            min_players=game.min_players,
            max_players=game.max_players,
        )
    if match.status == "lobby":
        description += "\n" + clock_line(match.turn_limit, locale)
        description += "".join("\n" + line for line in invitation_lines(match, locale))
        if match.practice:  # told to everyone before they join: the host knows the deal
            description += "\n" + t("lobby.practice", locale)
    message = BoardMessage(
        title=t("lobby.title", locale, game=game_name(match.game_id, locale)),
        head=(description,),
        png=None,
        controls=None,
        footer=t("board.footer", locale, match_id=match.id, steps=match.steps),
        accent=(
            discord.Colour.gold() if match.status == "lobby" else discord.Colour.light_grey()
        ).value,
    )
    if match.status != "lobby":
        return message
    presentation = presentation_of(match.game_id)
    options = game.resolve_options(match.options)
    fields = (
        ((t("lobby.options_title", locale), option_lines(presentation, options, locale)[:1024]),)
        if options
        else ()
    )
    components = discord.ui.View(timeout=None)
    full = len(match.seats) >= game.max_players
    # A button that would do nothing is disabled: Start before the minimum is seated, Join
    # and adding a computer when every seat is taken, Remove computer with none seated.
    idle = {
        "start": len(match.seats) < game.min_players,
        "join": full,
        "addcpu": full,
        "rmcpu": not any(seat.is_computer for seat in match.seats),
    }
    menu = presentation.computer_players
    apart: tuple[discord.ui.Item[Any], ...] = ()
    for action in LOBBY_ACTIONS:
        if action == "addcpu" and menu:
            continue  # the menu of computer players stands in for the button
        if (action == "decline" and not match.invited) or (
            action == "open" and not match.invite_only
        ):
            continue
        button = LobbyButton(
            match.id,
            action,
            label=t(f"lobby.button.{action}", locale),
            disabled=idle.get(action, False),
        ).item
        if action == "cancel":
            apart = (button,)  # cannot be undone: on a row of its own
        else:
            components.add_item(button)
    if menu and not full:
        components.add_item(computer_menu(match, presentation, locale))
    return replace(message, fields=fields, controls=components, apart=apart)


def invitation_lines(match: Match, locale: str) -> list[str]:
    """Who is invited and still expected, whether only they may join, what it replays
    (the lobby's mentions ping nobody: its message is sent with no mentions allowed)."""
    lines = []
    if match.rematch_of is not None:
        lines.append(t("lobby.rematch_of", locale, match_id=match.rematch_of))
    waiting = ", ".join(f"<@{u}>" for u in match.invited) or "—"
    if match.invite_only:
        lines.append(t("lobby.invite_only", locale, people=waiting))
    elif match.invited:
        lines.append(t("lobby.invited", locale, people=waiting))
    return lines


def invitation_ping(match: Match, locale: str, link: str) -> str | None:
    """The message that pings the invited, once, when the lobby (at ``link``) is posted."""
    if not match.invited:
        return None
    host = next(
        (shown_name(s.name) for s in match.seats if s.user_id == match.host_id), str(match.host_id)
    )
    mentions = " ".join(f"<@{u}>" for u in match.invited)
    return t(
        "lobby.invite_ping",
        locale,
        mentions=mentions,
        host=host,
        link=link,
        game=game_name(match.game_id, locale),
    )


def option_lines(presentation: Presentation, options: dict[str, object], locale: str) -> str:
    """The match's options, with what a value such as ``default`` means for this match,
    and how to change them."""
    lines = []
    for line in presentation.option_lines(options):
        value = say(line.meaning, locale) if line.meaning is not None else line.value
        lines.append(f"**{say(line.label, locale)}**: {value}")
    lines.append(t("lobby.change_options", locale))
    return "\n".join(lines)


def computer_menu(match: Match, presentation: Presentation, locale: str) -> discord.ui.Select[Any]:
    """The host's "Add a computer player" menu: the game's declared players."""
    options = []
    for name in presentation.computer_players:
        label = presentation.player_label(name)
        about = Text(f"{label.key}.about", fallback="")
        options.append(
            discord.SelectOption(
                label=say(label, locale)[:100],
                value=name,
                description=say(about, locale)[:100] or None,
            )
        )
    return ComputerSelect(
        match.id, options=options, placeholder=t("lobby.addcpu_menu", locale)
    ).item
