"""``/stats [user] [game]``, ``/leaderboard game [scope] [season]``, ``/history`` and
``/replay``: parsed here, answered by ``cogs.flows.records`` and ``cogs.flows.replays``."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from cogs.commands.params import GAME_CHOICES, localized
from cogs.delivery import replies
from cogs.delivery.replay_queue import ReplayQueue
from cogs.delivery.replies import Interaction
from cogs.flows import records
from cogs.flows.replays import send_replay

if TYPE_CHECKING:
    from bot import TabletopBot


SCOPES = [
    app_commands.Choice(name=localized("cmd.opt.scope.server"), value="server"),
    app_commands.Choice(name=localized("cmd.opt.scope.global"), value="global"),
]
SEASONS = [
    app_commands.Choice(name=localized("choice.season.current"), value="current"),
    app_commands.Choice(name=localized("choice.season.previous"), value="previous"),
]


class StatsCog(commands.Cog):
    def __init__(self, bot: TabletopBot) -> None:
        self.bot = bot
        self.replays = ReplayQueue()

    async def cog_unload(self) -> None:
        self.replays.close()

    @app_commands.command(
        name=localized("cmd.stats.name"), description=localized("cmd.stats.description")
    )
    @app_commands.rename(user=localized("cmd.opt.user.name"), game=localized("cmd.opt.game.name"))
    @app_commands.describe(
        user=localized("cmd.opt.user.description"), game=localized("cmd.opt.game.description")
    )
    @app_commands.choices(game=GAME_CHOICES)
    async def stats(
        self,
        interaction: Interaction,
        user: discord.User | None = None,
        game: app_commands.Choice[str] | None = None,
    ) -> None:
        """Record and rating per game, titles, and a rating chart (``cogs.flows.records``)."""
        await replies.guarded(
            interaction, records.send_stats(interaction, user, game.value if game else None)
        )

    @app_commands.command(
        name=localized("cmd.leaderboard.name"), description=localized("cmd.leaderboard.description")
    )
    @app_commands.rename(
        game=localized("cmd.opt.game.name"),
        scope=localized("cmd.opt.scope.name"),
        season=localized("cmd.opt.season.name"),
    )
    @app_commands.describe(
        game=localized("cmd.opt.game.description"),
        scope=localized("cmd.opt.scope.description"),
        season=localized("cmd.opt.season.description"),
    )
    @app_commands.choices(game=GAME_CHOICES, scope=SCOPES, season=SEASONS)
    async def leaderboard(
        self,
        interaction: Interaction,
        game: app_commands.Choice[str],
        scope: app_commands.Choice[str] | None = None,
        season: app_commands.Choice[str] | None = None,
    ) -> None:
        """This server's table by default (matches played here); ``scope:global`` for all
        servers. Outside a server (a DM) the global table. ``season:`` this server's table
        of the current or the last season."""
        work = records.send_leaderboard(
            interaction,
            game.value,
            scope.value if scope else None,
            season.value if season else None,
        )
        await replies.guarded(interaction, work)

    @app_commands.command(
        name=localized("cmd.history.name"), description=localized("cmd.history.description")
    )
    async def history(self, interaction: Interaction) -> None:
        await replies.guarded(interaction, records.send_history(interaction))

    @app_commands.command(
        name=localized("cmd.replay.name"), description=localized("cmd.replay.description")
    )
    @app_commands.rename(match_id=localized("cmd.opt.match_id.name"))
    @app_commands.describe(match_id=localized("cmd.opt.match_id.description"))
    async def replay(
        self, interaction: Interaction, match_id: app_commands.Range[str, 1, 24]
    ) -> None:
        await replies.guarded(interaction, send_replay(interaction, match_id, self.replays))


async def setup(bot: TabletopBot) -> None:
    await bot.add_cog(StatsCog(bot))
