"""``/daily``: today's deal in a DM with the bot, the day's table, streaks, yesterday's
deal with its par, and the spoiler-free share line when a counted attempt ends.

The board of a daily deal is posted in the person's DM with the bot, even when ``/daily`` is
used in a server: nobody else sees the deal before playing it. The seed is never shown while
its day runs (``service/daily.py``); ``/replay`` of such a match waits for the next day.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, cast

import discord

from cogs.delivery import replies
from cogs.delivery.replies import Interaction
from cogs.flows import server_rules
from cogs.flows.away import dm_with
from cogs.flows.boards import redraw_board
from cogs.ui.labels import game_name
from i18n import locale_for, t
from service import Match
from service.daily import DailyDeals, DailyEntry, previous_day
from service.match_service import MatchService
from service.pars import deal_pars

if TYPE_CHECKING:
    from bot import TabletopBot

log = logging.getLogger("tabletop.daily")

#: Rows of a day's table shown.
TABLE_ROWS = 10


def deals_of(interaction: Interaction) -> DailyDeals:
    return DailyDeals(cast(MatchService, interaction.client.service))


def clock_text(seconds: float) -> str:
    whole = int(seconds)
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02}:{secs:02}" if hours else f"{minutes}:{secs:02}"


def squares(match: Match) -> str:
    """The solo score (out of four: aces found, levels cleared) as four squares."""
    scores = (match.result or {}).get("scores") or [0]
    found = max(0, min(4, int(scores[0])))
    return "🟩" * found + "⬛" * (4 - found)


def _result(entry: DailyEntry, locale: str) -> str:
    return t(
        "daily.result.won" if entry.won else "daily.result.lost", locale, score=f"{entry.score:g}"
    )


def table_lines(entries: list[DailyEntry], locale: str, *, results: bool = True) -> list[str]:
    """The table's rows; without ``results`` (the day still runs) only who played and who
    is playing: a result seen early tells others what the deal allows."""
    lines = []
    for rank, entry in enumerate(entries[:TABLE_ROWS], start=1):
        if entry.finished and not results:
            lines.append(t("daily.row.done", locale, user=f"<@{entry.user_id}>"))
        elif entry.finished:
            lines.append(
                t(
                    "daily.row",
                    locale,
                    rank=rank,
                    user=f"<@{entry.user_id}>",
                    result=_result(entry, locale),
                    moves=entry.match.steps,
                    time=clock_text(entry.seconds),
                )
            )
        else:
            lines.append(t("daily.row.playing", locale, user=f"<@{entry.user_id}>"))
    return lines


async def _yesterday(interaction: Interaction, deals: DailyDeals, game_id: str, locale: str) -> str:
    guild_id = interaction.guild_id
    day = previous_day(deals.today())
    seed = await deals.revealed_seed(guild_id, game_id, day)
    if seed is None:
        return t("daily.yesterday.none", locale)
    # The deal's par, as its players were told it (stored once for the deal).
    par = await deal_pars(interaction.client.service).deal_par(
        game_id, seed, None, interaction.client.par_plays
    )
    heuristic = par.against(None).computers[0]
    rate, plays = heuristic.win_rate, heuristic.plays
    entries = [e for e in await deals.table(guild_id, game_id, day) if e.finished]
    lines = [
        t("daily.yesterday.deal", locale, seed=seed, game_id=game_id),
        t("daily.yesterday.par", locale, rate=f"{100 * rate:.1f}", plays=f"{plays:,}"),
        *table_lines(entries[:3], locale),
    ]
    return "\n".join(lines)


async def daily(interaction: Interaction, game_id: str) -> None:
    """Start (or practise) today's deal in a DM; answer with the day's table and yesterday."""
    locale = locale_for(interaction, public=False)
    await replies.defer(interaction, ephemeral=True)
    bot = interaction.client
    rules = await bot.service.guild_settings(interaction.guild_id)
    server_rules.check_game(rules, game_id, locale)  # the server's games (/settings)
    channel_id = await dm_with(interaction)  # never where asked: nobody else sees the deal
    if channel_id is None:
        await replies.send(interaction, t("daily.dm_closed", locale), ephemeral=True)
        return
    deals = deals_of(interaction)
    await close_past_days(bot)
    match, dealt = await deals.start(
        game_id,
        interaction.guild_id,
        channel_id,
        interaction.user.id,
        interaction.user.display_name,
    )
    game = game_name(game_id, locale)
    embed = discord.Embed(title=t("daily.title", locale, game=game, day=deals.today()))
    if dealt == "running":  # nothing new: the counted attempt is to be finished first
        embed.description = t("daily.running", locale, match_id=match.id if match else "—")
    else:
        published = await redraw_board(bot, match, locale=locale) if match else None
        embed.description = t(f"daily.{dealt}", locale)
        if match is not None and published is not None and not published.ok:
            embed.description += "\n" + t("daily.no_board", locale, match_id=match.id)
    today = await deals.table(interaction.guild_id, game_id, deals.today())
    embed.add_field(
        name=t("daily.table.title", locale),
        value="\n".join(table_lines(today, locale, results=False))
        or t("daily.table.empty", locale),
        inline=False,
    )
    embed.add_field(
        name=t("daily.yesterday.title", locale),
        value=await _yesterday(interaction, deals, game_id, locale),
        inline=False,
    )
    streak = await deals.streak(interaction.guild_id, game_id, interaction.user.id)
    embed.set_footer(text=t("daily.streak", locale, days=streak))
    await replies.send(
        interaction, embed=embed, ephemeral=True, allowed_mentions=discord.AllowedMentions.none()
    )


async def close_past_days(bot: TabletopBot) -> None:
    """End the counted attempts whose day is over (``DailyDeals.close_past_days``) and show
    each on its board: the clock loop calls this every minute, ``/daily`` before it answers."""
    deals = DailyDeals(cast(MatchService, bot.service))
    for match in await deals.close_past_days():
        await redraw_board(bot, match)


async def end_if_day_over(bot: TabletopBot, match: Match) -> None:
    """Before a move: a counted daily attempt whose day is over ends now, as the clock loop
    would a minute later, and its board says so (the move is then refused: the match is
    over). Anything else is left as it is."""
    deals = DailyDeals(cast(MatchService, bot.service))
    ended = await deals.end_if_day_over(match)
    if ended is not None:
        await redraw_board(bot, ended)


async def tell_daily_end(interaction: Interaction, match: Match) -> None:
    """When a counted daily attempt ends: the share line (no cards, no moves) and the streak."""
    if match.live:
        return
    deals = deals_of(interaction)
    record = await deals.record_of(match.id)
    if record is None or not record.counted:
        return
    locale = locale_for(interaction, public=False)
    guild_id = None if record.scope == 0 else record.scope
    streak = await deals.streak(guild_id, match.game_id, record.user_id)
    entry = DailyEntry(record.user_id, match)
    share = t(
        "daily.share",
        locale,
        game=game_name(match.game_id, locale),
        day=record.day,
        squares=squares(match),
        moves=match.steps,
        time=clock_text(entry.seconds),
        streak=streak,
    )
    text = t("daily.finished", locale) + f"\n```\n{share}\n```"
    await replies.tolerate(replies.send(interaction, text, ephemeral=True))
