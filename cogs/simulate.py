"""``/simulate game [games] [players] [seats] [seed]``: computer players play many seeded
games; the reply is the statistics table and a chart (gamecore.simulate / gamecore.plot).

The games run in a worker thread with a wall-clock budget, one simulation at a time, so
the bot keeps answering everybody else meanwhile.
"""

from __future__ import annotations

import asyncio
import io
import time
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from cogs import replies
from cogs.board import game_name
from cogs.game import GAME_CHOICES, _cmd
from gamecore.contract import Game, IllegalAction
from gamecore.registry import get_game
from gamecore.simulate import (
    MIXED,
    RunSpec,
    available_players,
    resolve_player_types,
    run_games,
    summarize,
)
from i18n import locale_for, t

MAX_GAMES = 1000
#: Seconds of computing one simulation may take before it reports what it has.
TIME_BUDGET = 20.0


def run_within_budget(game: Game, games: int, spec: RunSpec, budget: float) -> list[dict[str, Any]]:
    """Records of up to ``games`` games, stopping early when ``budget`` seconds are spent."""
    records: list[dict[str, Any]] = []
    started = time.monotonic()
    for record in run_games(game, games, spec):
        records.append(record)
        if time.monotonic() - started > budget:
            break
    return records


def report(game: Game, records: list[dict[str, Any]], title: str) -> tuple[str, bytes]:
    """The text table and the chart (matplotlib: slow to import, so only here)."""
    from gamecore.plot import render_summary_chart
    from gamecore.simulate import format_report

    summary = summarize(records, getattr(game, "headline_score", None))
    return format_report(summary, title), render_summary_chart(summary, records, title)


async def player_choices(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """Computer player names of the chosen game, appended after a comma."""
    try:
        game = get_game(str(getattr(interaction.namespace, "game", "")))
    except (ImportError, IllegalAction):
        return []
    head, _, last = current.rpartition(",")
    prefix = f"{head}," if head else ""
    names = [*sorted(available_players(game)), MIXED]
    return [
        app_commands.Choice(name=f"{prefix}{n}"[:100], value=f"{prefix}{n}"[:100])
        for n in names
        if n.startswith(last.strip().lower())
    ][:25]


class SimulateCog(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        self.lock = asyncio.Lock()

    @app_commands.command(name=_cmd("cmd.simulate.name"), description=_cmd("cmd.simulate.description"))
    @app_commands.rename(
        game=_cmd("cmd.opt.game.name"), games=_cmd("cmd.opt.games.name"), players=_cmd("cmd.opt.players.name"),
        seats=_cmd("cmd.opt.seats.name"), seed=_cmd("cmd.opt.seed.name"),
    )
    @app_commands.describe(
        game=_cmd("cmd.opt.game.description"), games=_cmd("cmd.opt.games.description"),
        players=_cmd("cmd.opt.players.description"), seats=_cmd("cmd.opt.seats.description"),
        seed=_cmd("cmd.opt.seed.description"),
    )
    @app_commands.choices(game=GAME_CHOICES)
    @app_commands.autocomplete(players=player_choices)
    async def simulate(
        self,
        interaction: discord.Interaction,
        game: app_commands.Choice[str],
        games: app_commands.Range[int, 1, MAX_GAMES] = 100,
        players: app_commands.Range[str, 1, 100] | None = None,
        seats: app_commands.Range[int, 1, 6] | None = None,
        seed: app_commands.Range[int, 0, 2**53 - 1] = 1,
    ) -> None:
        locale = locale_for(interaction, public=True)
        try:
            chosen = get_game(game.value)
            count = min(max(seats or chosen.min_players, chosen.min_players), chosen.max_players)
            known = available_players(chosen)
            default = "heuristic" if "heuristic" in known else "random"
            names = tuple(n.strip().lower() for n in (players or default).split(",") if n.strip())
            resolve_player_types(chosen, names, count, seed)
        except (ImportError, IllegalAction, ValueError) as error:
            text = str(getattr(error, "reason", error))
            await replies.send(interaction, t("simulate.refused", locale, reason=text), ephemeral=True)
            return
        if self.lock.locked():
            await replies.send(interaction, t("simulate.busy", locale), ephemeral=True)
            return
        async with self.lock:
            await replies.defer(interaction)
            spec = RunSpec(seed=seed, seats=count, player_names=names, rotate=count > 1)
            records = await asyncio.to_thread(run_within_budget, chosen, games, spec, TIME_BUDGET)
            title = f"{chosen.name or chosen.id}: {len(records)} × {', '.join(names)}"
            text, chart = await asyncio.to_thread(report, chosen, records, title)
        embed = discord.Embed(
            title=t("simulate.title", locale, game=game_name(game.value, locale), games=len(records)),
            description=f"```\n{text[:3900]}\n```",
        )
        if len(records) < games:
            embed.set_footer(text=t("simulate.budget", locale, games=len(records), seconds=int(TIME_BUDGET)))
        embed.set_image(url="attachment://simulation.png")
        file = discord.File(io.BytesIO(chart), filename="simulation.png")
        await replies.send(interaction, embed=embed, file=file, ephemeral=False)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(SimulateCog(bot))
