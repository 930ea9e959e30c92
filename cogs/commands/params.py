"""Parameters shared by the slash commands: localized names, the game choice, the match
option, and the ``options`` text (``name=value`` pairs; what ``clock=`` and ``holidays=`` mean
for a game is ``cogs.flows.start``'s)."""

from __future__ import annotations

from typing import Any, TypeVar

from discord import app_commands

from cogs.delivery.replies import Interaction
from cogs.flows.matches import match_choices
from cogs.flows.start import CLOCK_OPTION, CLOCK_SUGGESTIONS, HOLIDAY_OPTION, HOLIDAY_SUGGESTIONS

# /settings, /tournament and tests read these here
from cogs.flows.start import parse_clock as parse_clock
from cogs.flows.start import split_clock as split_clock
from i18n import t
from i18n.translator import cmd
from service import IllegalAction
from service.games import find_game, game_ids


def localized(key: str) -> app_commands.locale_str:
    """A command or option text: English from the catalog, translated by the bot's translator."""
    return cmd(t(key, "en"), key)


GAME_CHOICES = [
    app_commands.Choice(name=localized(f"choice.game.{game_id}"), value=game_id)
    for game_id in game_ids()
]

MATCH_DESCRIPTION = localized("cmd.opt.match.description")

Callback = TypeVar("Callback")


def anywhere_scope(command: Callback) -> Callback:
    """A command a person may also use as a user-installed app, in any server, DM or group
    DM, where the bot itself may be absent: its answers are private (Discord forces them
    private where a server forbids external apps) and anything public goes to the person's
    DM with the bot, which a user install allows (the same scope as ``/game``:
    permissions.GAME_CONTEXTS/INSTALLS; cogs/flows/away.py)."""
    command = app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)(command)
    return app_commands.allowed_installs(guilds=True, users=True)(command)


def match_option(command: Callback) -> Callback:
    """The optional ``match_id`` option of a command: localized, and autocompleted with the
    caller's matches in the channel."""
    command = app_commands.autocomplete(match_id=match_choices)(command)
    command = app_commands.describe(match_id=MATCH_DESCRIPTION)(command)
    return app_commands.rename(match_id=localized("cmd.opt.match.name"))(command)


def parse_options(text: str | None) -> dict[str, Any]:
    """``preset=modern mode=beginner`` → a dict; whole numbers become ints. The game then
    checks names and values (``IllegalAction('option' | 'option_value')``)."""
    found: dict[str, Any] = {}
    for part in (text or "").replace(",", " ").split():
        name, equals, value = part.partition("=")
        if not equals or not name or not value:
            raise IllegalAction(
                "option_format", f"write options as name=value, not {part!r}", text=part
            )
        # isascii: '²'.isdigit() is true, but int('²') fails.
        number = value.isascii() and value.isdigit()
        found[name.strip().lower()] = int(value) if number else value.strip()
    return found


async def option_choices(interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
    """``name=value`` suggestions for the chosen game's options, appended to what is typed."""
    game_id = getattr(interaction.namespace, "game", None)
    chosen = find_game(str(game_id))
    if chosen is None:
        return []
    head, _, last = current.rpartition(" ")
    prefix = f"{head} " if head else ""
    pairs = [
        (spec.name, choice)
        for spec in chosen.options
        for choice in (spec.choices or (spec.default,))
    ]
    if chosen.max_players > 1:
        pairs += [(CLOCK_OPTION, choice) for choice in CLOCK_SUGGESTIONS]
        pairs += [(HOLIDAY_OPTION, days) for days in HOLIDAY_SUGGESTIONS]
    suggestions = [
        f"{prefix}{name}={choice}"
        for name, choice in pairs
        if f"{name}={choice}".startswith(last.lower())
    ]
    return [app_commands.Choice(name=s[:100], value=s[:100]) for s in suggestions[:25]]
