"""``/game new | show | resign | abandon | list``: starting, re-posting and ending matches."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from cogs import replies, turns
from cogs.board import build_board, game_name
from cogs.matches import match_choices, match_label, pick_match
from gamecore.contract import IllegalAction
from gamecore.registry import game_ids, get_game
from i18n import locale_for, t
from i18n.translator import cmd

#: Largest seed Discord can carry in an integer option (2^53 - 1).
MAX_SEED = 2**53 - 1

GAME_CHOICES = [
    app_commands.Choice(name=cmd(t(f"choice.game.{game_id}", "en"), f"choice.game.{game_id}"), value=game_id)
    for game_id in game_ids()
]

MATCH_DESCRIPTION = cmd(t("cmd.opt.match.description", "en"), "cmd.opt.match.description")


def parse_options(text: str | None) -> dict[str, Any]:
    """``preset=modern mode=beginner`` → a dict; whole numbers become ints. The game then
    checks names and values (``IllegalAction('option' | 'option_value')``)."""
    found: dict[str, Any] = {}
    for part in (text or "").replace(",", " ").split():
        name, equals, value = part.partition("=")
        if not equals or not name or not value:
            raise IllegalAction("option_format", f"write options as name=value, not {part!r}", text=part)
        # isascii: '²'.isdigit() is true, but int('²') fails.
        number = value.isascii() and value.isdigit()
        found[name.strip().lower()] = int(value) if number else value.strip()
    return found


#: ``clock=`` in the options of a multiplayer game sets its turn clock (docs/commands.md):
#: ``30m``, ``12h``, ``2d``, a number of hours, or ``off``; the game never sees it.
CLOCK_OPTION = "clock"
CLOCK_UNITS = {"m": 60, "h": 3600, "d": 86400}
CLOCK_RANGE = (60, 7 * 86400)
CLOCK_SUGGESTIONS = ("24h", "12h", "48h", "off")


def parse_clock(value: Any) -> float:
    """Seconds per turn for ``clock=value`` (0 = no clock); refuses other text."""
    text = str(value).strip().lower()
    if text in ("off", "0"):
        return 0.0
    number, unit = (text[:-1], text[-1]) if text[-1:] in CLOCK_UNITS else (text, "h")
    seconds = int(number) * CLOCK_UNITS[unit] if number.isdecimal() and len(number) < 9 else 0
    if not CLOCK_RANGE[0] <= seconds <= CLOCK_RANGE[1]:
        raise IllegalAction("option_clock", f"clock must be like 30m, 12h, 2d or off, not {text}", text=text)
    return float(seconds)


def split_clock(game_max_players: int, parsed: dict[str, Any]) -> tuple[float | None, dict[str, Any]]:
    """The turn clock (None = the default) and the game's own options. Solo games have no
    clock, so there ``clock=`` is left to the game, which refuses it as unknown."""
    if game_max_players < 2 or CLOCK_OPTION not in parsed:
        return None, parsed
    rest = {k: v for k, v in parsed.items() if k != CLOCK_OPTION}
    return parse_clock(parsed[CLOCK_OPTION]), rest


async def option_choices(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """``name=value`` suggestions for the chosen game's options, appended to what is typed."""
    game_id = getattr(interaction.namespace, "game", None)
    try:
        chosen = get_game(str(game_id))
    except (ImportError, IllegalAction):
        return []
    head, _, last = current.rpartition(" ")
    prefix = f"{head} " if head else ""
    pairs = [(spec.name, choice) for spec in chosen.options for choice in (spec.choices or (spec.default,))]
    if chosen.max_players > 1:
        pairs += [(CLOCK_OPTION, choice) for choice in CLOCK_SUGGESTIONS]
    suggestions = [
        f"{prefix}{name}={choice}" for name, choice in pairs if f"{name}={choice}".startswith(last.lower())
    ]
    return [app_commands.Choice(name=s[:100], value=s[:100]) for s in suggestions[:25]]


def _cmd(key: str) -> app_commands.locale_str:
    return cmd(t(key, "en"), key)


class GameCog(commands.Cog):
    """Thin adapters: parse, one service call, render, reply."""

    game = app_commands.Group(name=_cmd("cmd.game.name"), description=_cmd("cmd.game.description"), guild_only=True)

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @game.command(name=_cmd("cmd.game.new.name"), description=_cmd("cmd.game.new.description"))
    @app_commands.rename(
        game=_cmd("cmd.opt.game.name"), seed=_cmd("cmd.opt.seed.name"), options=_cmd("cmd.opt.options.name")
    )
    @app_commands.describe(
        game=_cmd("cmd.opt.game.description"), seed=_cmd("cmd.opt.seed.description"),
        options=_cmd("cmd.opt.options.description"),
    )
    @app_commands.choices(game=GAME_CHOICES)
    @app_commands.autocomplete(options=option_choices)
    async def new(
        self,
        interaction: discord.Interaction,
        game: app_commands.Choice[str],
        seed: app_commands.Range[int, 0, MAX_SEED] | None = None,
        options: app_commands.Range[str, 1, 200] | None = None,
    ) -> None:
        try:
            chosen = get_game(game.value)
        except (ImportError, IllegalAction):
            locale = locale_for(interaction, public=False)
            await replies.send(interaction, t("game.unavailable", locale), ephemeral=True)
            return
        try:  # checked before the public acknowledgement, so a refusal stays private
            turn_limit, own_options = split_clock(chosen.max_players, parse_options(options))
            resolved = chosen.resolve_options(own_options)
        except IllegalAction as error:
            await turns.explain_refusal(interaction, error, None)
            return
        if chosen.max_players > 1:
            from cogs.lobby import open_lobby

            await open_lobby(interaction, game.value, seed, resolved, turn_limit=turn_limit)
            return
        await replies.defer(interaction)
        match = await self.bot.service.new_match(
            game.value, interaction.guild_id, interaction.channel_id or 0, interaction.user.id,
            resolved, seed, user_name=interaction.user.display_name,
        )
        await self.post_board(interaction, match)

    async def post_board(self, interaction: discord.Interaction, match) -> None:  # noqa: ANN001
        """A new public board message for ``match``, remembered as its board."""
        board = await build_board(self.bot.service, match, locale_for(interaction, public=True))
        message = await replies.send_message(interaction, **board.send_kwargs())
        if message is not None:
            await self.bot.service.set_board_message(match.id, message.id)

    @game.command(name=_cmd("cmd.game.show.name"), description=_cmd("cmd.game.show.description"))
    @app_commands.rename(match_id=_cmd("cmd.opt.match.name"))
    @app_commands.describe(match_id=MATCH_DESCRIPTION)
    @app_commands.autocomplete(match_id=match_choices)
    async def show(self, interaction: discord.Interaction, match_id: str | None = None) -> None:
        try:
            match = await pick_match(interaction, match_id)
        except IllegalAction as error:
            await turns.explain_refusal(interaction, error, None)
            return
        await replies.defer(interaction)
        # The new message becomes the board; the old one keeps its menus and answers
        # "out of date" once a move is made.
        await self.post_board(interaction, match)

    @game.command(name=_cmd("cmd.game.resign.name"), description=_cmd("cmd.game.resign.description"))
    @app_commands.rename(match_id=_cmd("cmd.opt.match.name"))
    @app_commands.describe(match_id=MATCH_DESCRIPTION)
    @app_commands.autocomplete(match_id=match_choices)
    async def resign(self, interaction: discord.Interaction, match_id: str | None = None) -> None:
        try:
            match = await pick_match(interaction, match_id)
        except IllegalAction as error:
            await turns.explain_refusal(interaction, error, None)
            return
        await turns.resign(interaction, match.id)

    @game.command(name=_cmd("cmd.game.abandon.name"), description=_cmd("cmd.game.abandon.description"))
    @app_commands.rename(match_id=_cmd("cmd.opt.match.name"))
    @app_commands.describe(match_id=MATCH_DESCRIPTION)
    @app_commands.autocomplete(match_id=match_choices)
    async def abandon(self, interaction: discord.Interaction, match_id: str | None = None) -> None:
        locale = locale_for(interaction, public=False)
        try:
            match = await pick_match(interaction, match_id)
            match = await self.bot.service.abandon(match.id, interaction.user.id)
        except IllegalAction as error:
            await turns.explain_refusal(interaction, error, None)
            return
        await replies.defer(interaction, ephemeral=True)
        await turns.publish_board(interaction, match)
        await replies.send(interaction, t("game.abandoned", locale), ephemeral=True)

    @game.command(name=_cmd("cmd.game.list.name"), description=_cmd("cmd.game.list.description"))
    async def list_matches(self, interaction: discord.Interaction) -> None:
        locale = locale_for(interaction, public=False)
        found = await self.bot.service.find_matches(interaction.user.id)
        if not found:
            await replies.send(interaction, t("game.list.empty", locale), ephemeral=True)
            return
        lines = [f"{match_label(m, locale)} · <#{m.channel_id}>" for m in found[:20]]
        embed = discord.Embed(title=t("game.list.title", locale), description="\n".join(lines))
        await replies.send(interaction, embed=embed, ephemeral=True)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(GameCog(bot))


__all__ = ["GameCog", "game_name"]
