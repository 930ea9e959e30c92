"""Seasons and achievement roles as the bot runs them: closing a finished season (its
champion kept, the champion role moved to them), the role for N rated matches, and the
tournament winner's role (docs/ratings.md, "Seasons", "Achievement roles"). The roles are
server settings (``/settings``); ``/season`` says what the bot lacks to give them."""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

import discord

from cogs.delivery import roles as giving
from cogs.ui import roles
from i18n import t
from service.games import game_ids, get_game
from service.seasons import Champion, Seasons, previous, seasons_of

if TYPE_CHECKING:
    from bot import TabletopBot

log = logging.getLogger("tabletop.seasons")

#: People known to hold a role (guild, role, user): the sweep asks Discord about them once.
_given: set[tuple[int, int, int]] = set()


def rated_games() -> list[str]:
    """The games with ratings, hence seasons (two or more seats)."""
    return [g for g in game_ids() if get_game(g).max_players > 1]


def seasons(bot: TabletopBot) -> Seasons:
    return seasons_of(bot.service)


async def close_seasons(bot: TabletopBot, guild: discord.Guild) -> list[Champion]:
    """Decide the champions of the season that just ended (once), and move the champion
    role to them when the server gives one."""
    keeper = seasons(bot)
    # each game's season at once: a slow database costs one wait, not one per game
    closed = await asyncio.gather(*(keeper.close_previous(guild.id, g) for g in rated_games()))
    decided = [champion for champion in closed if champion is not None]
    role_id = (await bot.service.guild_settings(guild.id)).get("season_champion_role")
    if not decided or not role_id:
        return decided
    winners = {c.user_id for c in decided if c.user_id is not None}
    for champion in decided:
        before = await keeper.champion(guild.id, champion.game_id, previous(champion.season))
        if before is not None and before.user_id is not None and before.user_id not in winners:
            await giving.take(guild, role_id, before.user_id, "season over")
    for user_id in sorted(winners):
        await giving.give(guild, role_id, user_id, "season champion")
    return decided


async def give_games_roles(bot: TabletopBot, guild: discord.Guild) -> None:
    """The role for N rated matches in this server, to everyone who reached N."""
    settings = await bot.service.guild_settings(guild.id)
    role_id, needed = settings.get("rated_games_role"), settings.get("rated_games_role_after")
    if not role_id:
        return
    for user_id in await seasons(bot).veterans(guild.id, needed):
        if (guild.id, role_id, user_id) in _given:
            continue
        if await giving.give(guild, role_id, user_id, f"{needed} rated matches"):
            _given.add((guild.id, role_id, user_id))


async def sweep(bot: TabletopBot) -> None:
    """The periodic pass over the servers the bot is in that give an achievement role:
    close the last season, give the roles reached."""
    for guild in list(bot.guilds):
        settings = await bot.service.guild_settings(guild.id)
        if not (settings.get("season_champion_role") or settings.get("rated_games_role")):
            continue
        try:
            await close_seasons(bot, guild)
            await give_games_roles(bot, guild)
        except discord.HTTPException:
            log.exception("achievement roles of %s failed", guild.id)


async def award_tournament_winner(
    bot: TabletopBot, guild: discord.Guild, user_id: int, locale: str
) -> str | None:
    """Give the tournament winner's role if the server chose one (``tournament_winner_role``).
    None when given or when no role is chosen; otherwise the sentence (in ``locale``)
    saying what stops the bot."""
    role_id = (await bot.service.guild_settings(guild.id)).get("tournament_winner_role")
    if not role_id:
        return None
    role = guild.get_role(role_id)
    if role is None:
        return t("roles.problem.gone", locale)
    problems = roles.role_problems(guild, role)
    if problems:
        return roles.problems_text(role, problems, locale)
    if await giving.give(guild, role_id, user_id, "tournament winner"):
        return None
    return t("roles.problem.gone", locale)
