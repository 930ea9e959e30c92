"""``/tournament new | join | leave | start | show | list | drop | readmit | pause | resume |
end``: tournaments in a server (cogs/flows/tournaments.py does the work); also the match
service's end hook, so a table's end advances its tournament whatever ended it."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

import discord
from discord import app_commands
from discord.ext import commands

from cogs.commands.params import localized, parse_options
from cogs.delivery import replies
from cogs.delivery.replies import Interaction
from cogs.flows import tournaments as flows
from service import Match
from service.match_service import MatchService
from service.tournaments import TOURNAMENT_GAMES, TournamentService

if TYPE_CHECKING:
    from bot import TabletopBot

GAMES = [
    app_commands.Choice(name=localized(f"choice.game.{game_id}"), value=game_id)
    for game_id in TOURNAMENT_GAMES
]
FORMATS = [
    app_commands.Choice(name=localized(f"choice.tournament.{fmt}"), value=fmt)
    for fmt in ("swiss", "arena", "robin")
]
ID_NAME, ID_DESCRIPTION = (
    localized("cmd.opt.tournament.name"),
    localized("cmd.opt.tournament.description"),
)


async def tournament_choices(
    interaction: Interaction, current: str
) -> list[app_commands.Choice[str]]:
    """This server's open tournaments, by name and id."""
    service = interaction.client.tournaments
    if service is None:
        return []
    typed = current.strip().lower()
    return [
        app_commands.Choice(name=f"{x.name} ({x.id})"[:100], value=x.id)
        for x in service.open_in(interaction.guild_id)
        if typed in x.id or typed in x.name.lower()
    ][:25]


class TournamentCog(commands.Cog):
    """Thin adapters: parse, one flow call."""

    tournament = app_commands.Group(
        name=localized("cmd.tournament.name"),
        description=localized("cmd.tournament.description"),
        guild_only=True,
    )

    def __init__(self, bot: TabletopBot) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        matches = cast(MatchService, self.bot.service)
        service = TournamentService(matches)
        await service.start()
        self.bot.tournaments = service
        matches.end_hooks.append(self.table_ended)

    async def table_ended(self, match: Match) -> None:
        await flows.table_ended(self.bot, match)

    @tournament.command(
        name=localized("cmd.tournament.new.name"),
        description=localized("cmd.tournament.new.description"),
    )
    @app_commands.rename(
        name=localized("cmd.opt.title.name"),
        game=localized("cmd.opt.game.name"),
        format=localized("cmd.opt.format.name"),
        seats=localized("cmd.opt.table_seats.name"),
        rounds=localized("cmd.opt.rounds.name"),
        start_in=localized("cmd.opt.start_in.name"),
        minutes=localized("cmd.opt.minutes.name"),
        options=localized("cmd.opt.options.name"),
    )
    @app_commands.describe(
        name=localized("cmd.opt.title.description"),
        game=localized("cmd.opt.game.description"),
        format=localized("cmd.opt.format.description"),
        seats=localized("cmd.opt.table_seats.description"),
        rounds=localized("cmd.opt.rounds.description"),
        start_in=localized("cmd.opt.start_in.description"),
        minutes=localized("cmd.opt.minutes.description"),
        options=localized("cmd.opt.options.description"),
    )
    @app_commands.choices(game=GAMES, format=FORMATS)
    async def new(
        self,
        interaction: Interaction,
        name: app_commands.Range[str, 1, 60],
        game: app_commands.Choice[str],
        format: app_commands.Choice[str],
        seats: app_commands.Range[int, 2, 6],
        rounds: app_commands.Range[int, 0, 12] = 0,
        start_in: app_commands.Range[int, 1, 10080] | None = None,
        minutes: app_commands.Range[int, 5, 10080] = 60,
        options: app_commands.Range[str, 1, 200] | None = None,
    ) -> None:
        async def work() -> None:
            await flows.create(
                interaction,
                name=name,
                game_id=game.value,
                fmt=format.value,
                seats=seats,
                rounds=rounds,
                starts_in=start_in,
                minutes=minutes,
                parsed_options=parse_options(options),
            )

        await replies.guarded(interaction, work())

    @tournament.command(
        name=localized("cmd.tournament.join.name"),
        description=localized("cmd.tournament.join.description"),
    )
    @app_commands.rename(tournament_id=ID_NAME)
    @app_commands.describe(tournament_id=ID_DESCRIPTION)
    @app_commands.autocomplete(tournament_id=tournament_choices)
    async def join(self, interaction: Interaction, tournament_id: str) -> None:
        await replies.guarded(interaction, flows.join(interaction, tournament_id))

    @tournament.command(
        name=localized("cmd.tournament.leave.name"),
        description=localized("cmd.tournament.leave.description"),
    )
    @app_commands.rename(tournament_id=ID_NAME)
    @app_commands.describe(tournament_id=ID_DESCRIPTION)
    @app_commands.autocomplete(tournament_id=tournament_choices)
    async def leave(self, interaction: Interaction, tournament_id: str) -> None:
        await replies.guarded(interaction, flows.leave(interaction, tournament_id))

    @tournament.command(
        name=localized("cmd.tournament.show.name"),
        description=localized("cmd.tournament.show.description"),
    )
    @app_commands.rename(tournament_id=ID_NAME)
    @app_commands.describe(tournament_id=ID_DESCRIPTION)
    @app_commands.autocomplete(tournament_id=tournament_choices)
    async def show(self, interaction: Interaction, tournament_id: str) -> None:
        await replies.guarded(interaction, flows.show(interaction, tournament_id))

    @tournament.command(
        name=localized("cmd.tournament.list.name"),
        description=localized("cmd.tournament.list.description"),
    )
    async def list_open(self, interaction: Interaction) -> None:
        await replies.guarded(interaction, flows.list_open(interaction))

    @tournament.command(
        name=localized("cmd.tournament.start.name"),
        description=localized("cmd.tournament.start.description"),
    )
    @app_commands.rename(tournament_id=ID_NAME)
    @app_commands.describe(tournament_id=ID_DESCRIPTION)
    @app_commands.autocomplete(tournament_id=tournament_choices)
    async def start(self, interaction: Interaction, tournament_id: str) -> None:
        await replies.guarded(interaction, flows.host_action(interaction, tournament_id, "start"))

    @tournament.command(
        name=localized("cmd.tournament.drop.name"),
        description=localized("cmd.tournament.drop.description"),
    )
    @app_commands.rename(tournament_id=ID_NAME, player=localized("cmd.opt.player.name"))
    @app_commands.describe(
        tournament_id=ID_DESCRIPTION, player=localized("cmd.opt.player.description")
    )
    @app_commands.autocomplete(tournament_id=tournament_choices)
    async def drop(
        self, interaction: Interaction, tournament_id: str, player: discord.User
    ) -> None:
        await replies.guarded(
            interaction, flows.host_action(interaction, tournament_id, "drop", player)
        )

    @tournament.command(
        name=localized("cmd.tournament.readmit.name"),
        description=localized("cmd.tournament.readmit.description"),
    )
    @app_commands.rename(tournament_id=ID_NAME, player=localized("cmd.opt.player.name"))
    @app_commands.describe(
        tournament_id=ID_DESCRIPTION, player=localized("cmd.opt.player.description")
    )
    @app_commands.autocomplete(tournament_id=tournament_choices)
    async def readmit(
        self, interaction: Interaction, tournament_id: str, player: discord.User
    ) -> None:
        await replies.guarded(
            interaction, flows.host_action(interaction, tournament_id, "readmit", player)
        )

    @tournament.command(
        name=localized("cmd.tournament.pause.name"),
        description=localized("cmd.tournament.pause.description"),
    )
    @app_commands.rename(tournament_id=ID_NAME)
    @app_commands.describe(tournament_id=ID_DESCRIPTION)
    @app_commands.autocomplete(tournament_id=tournament_choices)
    async def pause(self, interaction: Interaction, tournament_id: str) -> None:
        await replies.guarded(interaction, flows.host_action(interaction, tournament_id, "pause"))

    @tournament.command(
        name=localized("cmd.tournament.resume.name"),
        description=localized("cmd.tournament.resume.description"),
    )
    @app_commands.rename(tournament_id=ID_NAME)
    @app_commands.describe(tournament_id=ID_DESCRIPTION)
    @app_commands.autocomplete(tournament_id=tournament_choices)
    async def resume(self, interaction: Interaction, tournament_id: str) -> None:
        await replies.guarded(interaction, flows.host_action(interaction, tournament_id, "resume"))

    @tournament.command(
        name=localized("cmd.tournament.end.name"),
        description=localized("cmd.tournament.end.description"),
    )
    @app_commands.rename(tournament_id=ID_NAME)
    @app_commands.describe(tournament_id=ID_DESCRIPTION)
    @app_commands.autocomplete(tournament_id=tournament_choices)
    async def end(self, interaction: Interaction, tournament_id: str) -> None:
        await replies.guarded(interaction, flows.host_action(interaction, tournament_id, "end"))


async def setup(bot: TabletopBot) -> None:
    await bot.add_cog(TournamentCog(bot))
