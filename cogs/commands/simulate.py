"""``/simulate game [games] [players] [seats] [seed]``: computer players play many seeded
games; the reply is the statistics table and a chart (gamecore.simulate / gamecore.plot).

The games run in a worker thread with a wall-clock budget, one simulation at a time, so
the bot keeps answering everybody else meanwhile.
"""

from __future__ import annotations

import asyncio
import io
import time
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from cogs.commands.params import GAME_CHOICES, localized, option_choices, parse_options
from cogs.delivery import replies
from cogs.delivery.progress import Progress
from cogs.delivery.progress import run_with_progress as progress_run
from cogs.delivery.replies import Interaction
from cogs.ui.alt_text import fit
from cogs.ui.labels import game_name
from i18n import locale_for, t
from service import IllegalAction
from service.analysis import (
    CHART_LABELS,
    MIXED,
    RunSpec,
    available_players,
    format_report,
    render_summary_chart,
    resolve_player_types,
    run_games,
    summarize,
)
from service.games import Game, find_game, get_game

if TYPE_CHECKING:
    from bot import TabletopBot

MAX_GAMES = 2000
#: Most games × seats one request may ask for (a 4-player game costs about 4 solo games).
MAX_SEAT_GAMES = 4000
#: Seconds between two edits of the progress message (Discord limits message edits).
PROGRESS_PERIOD = 1.0
#: Seconds of computing one simulation may take before it reports what it has (the progress
#: message shows how far it is; the longest four-player games take about 1–2 s each).
TIME_BUDGET = 300.0


def run_within_budget(
    game: Game[Any, Any],
    games: int,
    spec: RunSpec,
    budget: float,
    progress: Callable[[int], None] | None = None,
) -> list[dict[str, Any]]:
    """Records of up to ``games`` games, stopping early when ``budget`` seconds are spent;
    ``progress(done)`` after every ``PROGRESS_PERIOD`` seconds and every tenth of the run."""
    records: list[dict[str, Any]] = []
    started = last = time.monotonic()
    step = max(1, games // 10)
    for record in run_games(game, games, spec):
        records.append(record)
        now = time.monotonic()
        if progress is not None and (len(records) % step == 0 or now - last >= PROGRESS_PERIOD):
            last = now
            progress(len(records))
        if now - started > budget:
            break
    return records


async def run_with_progress(
    interaction: Interaction, locale: str, game: Game[Any, Any], games: int, spec: RunSpec
) -> list[dict[str, Any]]:
    """The games in a worker thread; the deferred reply shows how far they are."""

    def work(progress: Progress) -> list[dict[str, Any]]:
        return run_within_budget(game, games, spec, TIME_BUDGET, lambda done: progress(done, games))

    def text(done: int, total: int) -> str:
        return t("simulate.progress", locale, done=done, games=total, percent=100 * done // total)

    return await progress_run(interaction, work, text)


def report(
    game: Game[Any, Any], records: list[dict[str, Any]], title: str, locale: str = "en"
) -> tuple[str, bytes]:
    """The text table and the chart (its words in the reader's language)."""
    summary = summarize(records, game.headline_score)
    labels = {key: t(f"chart.{key}", locale) for key in CHART_LABELS}
    return format_report(summary, title), render_summary_chart(summary, records, title, labels)


async def player_choices(interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
    """Computer player names of the chosen game, appended after a comma."""
    game = find_game(str(getattr(interaction.namespace, "game", "")))
    if game is None:
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
    def __init__(self, bot: TabletopBot) -> None:
        self.bot = bot
        self.lock = asyncio.Lock()

    @app_commands.command(
        name=localized("cmd.simulate.name"), description=localized("cmd.simulate.description")
    )
    @app_commands.rename(
        game=localized("cmd.opt.game.name"),
        games=localized("cmd.opt.games.name"),
        players=localized("cmd.opt.players.name"),
        seats=localized("cmd.opt.seats.name"),
        seed=localized("cmd.opt.seed.name"),
        options=localized("cmd.opt.options.name"),
    )
    @app_commands.describe(
        game=localized("cmd.opt.game.description"),
        games=localized("cmd.opt.games.description"),
        players=localized("cmd.opt.players.description"),
        seats=localized("cmd.opt.seats.description"),
        seed=localized("cmd.opt.seed.description"),
        options=localized("cmd.opt.options.description"),
    )
    @app_commands.choices(game=GAME_CHOICES)
    @app_commands.autocomplete(players=player_choices, options=option_choices)
    async def simulate(
        self,
        interaction: Interaction,
        game: app_commands.Choice[str],
        games: app_commands.Range[int, 1, MAX_GAMES] = 100,
        players: app_commands.Range[str, 1, 100] | None = None,
        seats: app_commands.Range[int, 1, 6] | None = None,
        seed: app_commands.Range[int, 0, 2**53 - 1] = 1,
        options: app_commands.Range[str, 1, 200] | None = None,
    ) -> None:
        locale = locale_for(interaction, public=True)
        try:
            chosen = get_game(game.value)
            known = available_players(chosen)
            names = tuple(
                n.strip().lower()
                for n in (players or default_players(known)).split(",")
                if n.strip()
            )
            wanted = seats or max(chosen.min_players, len(names))
            count = min(max(wanted, chosen.min_players), chosen.max_players)
            resolve_player_types(chosen, names, count, seed)
            resolved = chosen.resolve_options(parse_options(options))
        except (IllegalAction, ValueError) as error:
            # A refusal reads as everywhere else (translated); a bad player list as it is.
            text = (
                replies.refusal_text(error, locale)
                if isinstance(error, IllegalAction)
                else str(error)
            )
            await replies.send(
                interaction, t("simulate.refused", locale, reason=text), ephemeral=True
            )
            return
        if games * count > MAX_SEAT_GAMES:
            text = t("simulate.too_much", locale, most=MAX_SEAT_GAMES // count, seats=count)
            await replies.send(interaction, text, ephemeral=True)
            return
        if self.lock.locked():
            await replies.send(interaction, t("simulate.busy", locale), ephemeral=True)
            return
        async with self.lock:
            await replies.defer(interaction)
            spec = RunSpec(
                seed=seed, seats=count, player_names=names, options=resolved, rotate=count > 1
            )
            records = await run_with_progress(interaction, locale, chosen, games, spec)
            title = f"{chosen.name or chosen.id}: {len(records)} × {', '.join(names)}"
            text, chart = await asyncio.to_thread(report, chosen, records, title, locale)
        embed = discord.Embed(
            title=t(
                "simulate.title", locale, game=game_name(game.value, locale), games=len(records)
            ),
            description=f"```\n{text[:3900]}\n```",
        )
        if len(records) < games:
            embed.set_footer(
                text=t("simulate.budget", locale, games=len(records), seconds=int(TIME_BUDGET))
            )
        embed.set_image(url="attachment://simulation.png")
        alt = fit(
            [t("alt.simulation", locale, game=game_name(game.value, locale)), *text.splitlines()]
        )
        file = discord.File(io.BytesIO(chart), filename="simulation.png", description=alt)
        # The progress message becomes the result (one message, not two).
        await replies.finish(interaction, content=None, embed=embed, attachments=[file])


def default_players(known: Mapping[str, Any]) -> str:
    """``heuristic`` when the game has it, else every named computer player (a game with
    several playing styles plays them against each other), else ``random``."""
    if "heuristic" in known:
        return "heuristic"
    return ",".join(name for name in known if name != "random") or "random"


async def setup(bot: TabletopBot) -> None:
    await bot.add_cog(SimulateCog(bot))
