"""``/stats``, ``/leaderboard`` and ``/history``: records, ratings and season tables kept by
the service, privately (the leaderboard publicly)."""

from __future__ import annotations

import asyncio
import io
from typing import TYPE_CHECKING, Any

import discord

from cogs.delivery import replies
from cogs.delivery.replies import Interaction
from cogs.flows import seasons as season_flows
from cogs.ui import ratings
from cogs.ui import seasons as season_ui
from cogs.ui.labels import game_name, say, shown_name
from i18n import locale_for, t
from service import UserStats
from service.games import count_text
from service.seasons import previous

if TYPE_CHECKING:
    from bot import TabletopBot


def _score(value: float | None) -> str:
    if value is None:
        return "—"
    return str(int(value)) if float(value).is_integer() else f"{value:.1f}"


def _stats_line(row: UserStats, locale: str) -> str:
    return t(
        "stats.line",
        locale,
        played=row.played,
        won=row.won,
        lost=row.lost,
        rate=round(row.win_rate * 100),
        best=_score(row.best_score),
    )


async def season_board(
    interaction: Interaction, bot: TabletopBot, game_id: str, which: str
) -> None:
    """``/leaderboard season:``: this server's table of the current or the last season
    (the last one's champion decided first if nobody has yet)."""
    guild = interaction.guild
    if guild is None or not ratings.is_rated(game_id):
        private = locale_for(interaction, public=False)
        key = "season.server_only" if guild is None else "season.not_rated"
        await replies.defer(interaction, ephemeral=True)
        await replies.send(
            interaction, t(key, private, game=game_name(game_id, private)), ephemeral=True
        )
        return
    locale = locale_for(interaction, public=True)
    await replies.defer(interaction)
    await season_flows.close_seasons(bot, guild)
    keeper = season_flows.seasons(bot)
    season = await keeper.current(guild.id)
    if which == "previous":
        season = previous(season)
    table = await keeper.table(guild.id, game_id, season)
    lines = [season_ui.table_lines(table, locale), ""]
    if which == "previous":
        lines.append(t("season.ended", locale, when=f"<t:{int(table.end)}:f>"))
        champion = await keeper.champion(guild.id, game_id, season)
        lines.append(season_ui.champion_line(champion, season, locale))
    else:
        lines.append(t("season.ends", locale, when=f"<t:{int(table.end)}:R>"))
    embed = discord.Embed(
        title=t("season.title", locale, season=season, game=game_name(game_id, locale)),
        description="\n".join(lines),
    )
    await replies.send(
        interaction, embed=embed, ephemeral=False, allowed_mentions=discord.AllowedMentions.none()
    )


async def _nothing() -> list[Any]:
    """The rows of a scope that does not apply (a DM has no server)."""
    return []


async def send_stats(
    interaction: Interaction, user: discord.User | discord.Member | None, game_id: str | None
) -> None:
    """Record and rating per game (this server's and all servers'), the titles won here, and
    the rating chart of ``game_id`` (default: the game with the most rated matches here)."""
    service, locale = interaction.client.service, locale_for(interaction, public=False)
    who = user or interaction.user
    guild_id = interaction.guild_id
    await replies.defer(interaction, ephemeral=True)
    # four independent reads at once: a slow database costs one wait, not four
    rows, scoped, rated_rows, rated_all_rows = await asyncio.gather(
        service.stats(who.id),
        service.stats(who.id, guild_id=guild_id) if guild_id is not None else _nothing(),
        service.ratings(who.id, guild_id=guild_id),
        service.ratings(who.id) if guild_id is not None else _nothing(),
    )
    here = {r.game_id: r for r in scoped}
    rated = {r.game_id: r for r in rated_rows}
    rated_all = {r.game_id: r for r in rated_all_rows} if guild_id is not None else rated
    embed = discord.Embed(title=t("stats.title", locale, name=shown_name(who.display_name)))
    if not rows:
        embed.description = t("stats.empty", locale)
    for row in rows[:25]:
        lines = [_stats_line(row, locale)]
        if guild_id is not None:
            local = here.get(row.game_id)
            lines = [
                t(
                    "stats.scope.server",
                    locale,
                    line=_stats_line(local, locale) if local else "—",
                ),
                t("stats.scope.global", locale, line=lines[0]),
            ]
        if row.game_id in rated:
            lines.append(
                ratings.stats_line(rated[row.game_id], locale, in_server=guild_id is not None)
            )
        if guild_id is not None and row.game_id in rated_all:
            lines.append(ratings.global_line(rated_all[row.game_id], locale))
        embed.add_field(name=game_name(row.game_id, locale), value="\n".join(lines), inline=False)
    if interaction.guild is not None:
        await season_flows.close_seasons(interaction.client, interaction.guild)
        titles = await season_flows.seasons(interaction.client).titles(interaction.guild.id, who.id)
        if titles and len(embed.fields) < 25:
            embed.add_field(
                name=t("stats.titles.name", locale),
                value=season_ui.title_lines(titles, locale),
                inline=False,
            )
    chosen = game_id if game_id else max(rated, key=lambda g: rated[g].rating.matches, default=None)
    points = []
    if chosen is not None and ratings.is_rated(chosen):
        points = await service.rating_history(who.id, chosen, guild_id=guild_id)
    if not points:
        await replies.send(interaction, embed=embed, ephemeral=True)
        return
    picture, alt = await asyncio.to_thread(
        ratings.chart,
        points,
        locale,
        game=game_name(chosen or "", locale),
        name=who.display_name,
    )
    embed.set_image(url="attachment://rating.png")
    file = discord.File(io.BytesIO(picture), filename="rating.png", description=alt[:1024])
    await replies.send(interaction, embed=embed, file=file, ephemeral=True)


async def send_leaderboard(
    interaction: Interaction, game_id: str, scope: str | None, season: str | None
) -> None:
    """This server's table by default (matches played here); ``scope`` "global" for all
    servers. Outside a server (a DM) the global table. ``season`` ("current" or "previous"):
    this server's table of that season."""
    if season is not None:
        await season_board(interaction, interaction.client, game_id, season)
        return
    service, locale = interaction.client.service, locale_for(interaction, public=True)
    guild_id = interaction.guild_id if scope is None or scope == "server" else None
    await replies.defer(interaction)
    if ratings.is_rated(game_id):  # by rating: settled players ranked, provisional apart
        settled = await service.rating_board(game_id, 10, guild_id=guild_id)
        unsettled = await service.rating_board(game_id, 5, guild_id=guild_id, settled=False)
        description = ratings.board_lines(settled, unsettled, locale)
    else:
        rows = await service.leaderboard(game_id, 10, guild_id=guild_id)
        description = "\n".join(
            t(
                "leaderboard.line",
                locale,
                rank=row.rank,
                user=f"<@{row.user_id}>",
                won=row.won,
                played=row.played,
                rate=round(row.win_rate * 100),
                best=_score(row.best_score),
            )
            for row in rows
        ) or t("leaderboard.empty", locale)
    embed = discord.Embed(
        title=t(
            "leaderboard.title.server" if guild_id is not None else "leaderboard.title.global",
            locale,
            game=game_name(game_id, locale),
        ),
        description=description,
    )
    await replies.send(
        interaction,
        embed=embed,
        ephemeral=False,
        allowed_mentions=discord.AllowedMentions.none(),
    )


async def send_history(interaction: Interaction) -> None:
    """The caller's last ten matches, privately."""
    service, locale = interaction.client.service, locale_for(interaction, public=False)
    await replies.defer(interaction, ephemeral=True)
    matches = await service.history(interaction.user.id, 10)
    lines = []
    for match in matches:
        outcome = (match.result or {}).get("result") or match.status
        lines.append(
            t(
                "history.line",
                locale,
                match_id=match.id,
                game=game_name(match.game_id, locale),
                result=t(f"history.result.{outcome}", locale),
                steps=say(count_text("steps", match.steps), locale),
                when=f"<t:{int(match.updated_at)}:R>",
            )
        )
    embed = discord.Embed(
        title=t("history.title", locale),
        description="\n".join(lines) or t("history.empty", locale),
    )
    await replies.send(interaction, embed=embed, ephemeral=True)
