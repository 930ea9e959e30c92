"""``/game new | show | resign | abandon | list``: starting, re-posting and ending matches."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from cogs.commands.params import (
    GAME_CHOICES,
    localized,
    match_option,
    option_choices,
    parse_options,
)
from cogs.delivery import replies
from cogs.delivery.permissions import GAME_CONTEXTS, GAME_INSTALLS
from cogs.delivery.replies import Interaction
from cogs.flows import (
    clocks,
    followers,
    holidays,
    readout,
    showing,
    start,
    takebacks,
    turns,
)
from cogs.ui.labels import match_label
from i18n import locale_for, t
from service import MAX_HOLIDAY_DAYS

if TYPE_CHECKING:
    from bot import TabletopBot

#: Largest seed Discord can carry in an integer option (2^53 - 1).
MAX_SEED = 2**53 - 1


#: A member mention in a text option: ``<@123>`` or ``<@!123>``.
MENTION = re.compile(r"<@!?(\d{15,21})>")


def invited_people(text: str | None) -> tuple[int, ...] | None:
    """The members mentioned in ``invite:``, each once, in order (None without ``invite:``)."""
    if text is None:
        return None
    return tuple(dict.fromkeys(int(m) for m in MENTION.findall(text)))


async def new_match(
    interaction: Interaction,
    game_id: str,
    seed: int | None,
    options: str | None,
    invite: str | None,
) -> None:
    """``/game new``: the typed options and invitations, parsed, to ``flows.start``."""
    parsed = parse_options(options)  # a refusal is answered by replies.guarded
    await start.new_match(interaction, game_id, seed, parsed, invited_people(invite))


async def list_matches(interaction: Interaction) -> None:
    locale = locale_for(interaction, public=False)
    found = await interaction.client.service.find_matches(interaction.user.id)
    if not found:
        await replies.send(interaction, t("game.list.empty", locale), ephemeral=True)
        return
    lines = [f"{match_label(m, locale)} · <#{m.channel_id}>" for m in found[:20]]
    embed = discord.Embed(title=t("game.list.title", locale), description="\n".join(lines))
    await replies.send(interaction, embed=embed, ephemeral=True)


class GameCog(commands.Cog):
    """Thin adapters: parse, one service call, render, reply."""

    game = app_commands.Group(
        name=localized("cmd.game.name"),
        description=localized("cmd.game.description"),
        allowed_contexts=GAME_CONTEXTS,
        allowed_installs=GAME_INSTALLS,
    )

    def __init__(self, bot: TabletopBot) -> None:
        self.bot = bot

    @game.command(
        name=localized("cmd.game.new.name"), description=localized("cmd.game.new.description")
    )
    @app_commands.rename(
        game=localized("cmd.opt.game.name"),
        seed=localized("cmd.opt.seed.name"),
        options=localized("cmd.opt.options.name"),
        invite=localized("cmd.opt.invite.name"),
    )
    @app_commands.describe(
        game=localized("cmd.opt.game.description"),
        seed=localized("cmd.opt.seed.description"),
        options=localized("cmd.opt.options.description"),
        invite=localized("cmd.opt.invite.description"),
    )
    @app_commands.choices(game=GAME_CHOICES)
    @app_commands.autocomplete(options=option_choices)
    async def new(
        self,
        interaction: Interaction,
        game: app_commands.Choice[str],
        seed: app_commands.Range[int, 0, MAX_SEED] | None = None,
        options: app_commands.Range[str, 1, 200] | None = None,
        invite: app_commands.Range[str, 1, 200] | None = None,
    ) -> None:
        await replies.guarded(
            interaction, new_match(interaction, game.value, seed, options, invite)
        )

    @game.command(
        name=localized("cmd.game.show.name"), description=localized("cmd.game.show.description")
    )
    @match_option
    async def show(self, interaction: Interaction, match_id: str | None = None) -> None:
        await replies.guarded(interaction, showing.show_board(interaction, match_id))

    @game.command(
        name=localized("cmd.game.board.name"), description=localized("cmd.game.board.description")
    )
    @match_option
    async def board(self, interaction: Interaction, match_id: str | None = None) -> None:
        await replies.guarded(interaction, readout.read_board(interaction, match_id))

    @game.command(
        name=localized("cmd.game.resign.name"), description=localized("cmd.game.resign.description")
    )
    @match_option
    async def resign(self, interaction: Interaction, match_id: str | None = None) -> None:
        await replies.guarded(interaction, turns.resign(interaction, match_id))

    @game.command(
        name=localized("cmd.game.abandon.name"),
        description=localized("cmd.game.abandon.description"),
    )
    @match_option
    async def abandon(self, interaction: Interaction, match_id: str | None = None) -> None:
        await replies.guarded(interaction, turns.abandon(interaction, match_id))

    @game.command(
        name=localized("cmd.game.pause.name"), description=localized("cmd.game.pause.description")
    )
    @match_option
    async def pause(self, interaction: Interaction, match_id: str | None = None) -> None:
        await replies.guarded(interaction, clocks.ask_clock(interaction, match_id, pause=True))

    @game.command(
        name=localized("cmd.game.holiday.name"),
        description=localized("cmd.game.holiday.description"),
    )
    @app_commands.rename(
        days=localized("cmd.opt.days.name"),
        back=localized("cmd.opt.back.name"),
        auto=localized("cmd.opt.auto.name"),
    )
    @app_commands.describe(
        days=localized("cmd.opt.days.description"),
        back=localized("cmd.opt.back.description"),
        auto=localized("cmd.opt.auto.description"),
    )
    @match_option
    async def holiday(
        self,
        interaction: Interaction,
        days: app_commands.Range[int, 1, MAX_HOLIDAY_DAYS] | None = None,
        back: bool = False,
        auto: bool | None = None,
        match_id: str | None = None,
    ) -> None:
        work = holidays.holiday(interaction, match_id, days=days, back=back, auto=auto)
        await replies.guarded(interaction, work)

    @game.command(
        name=localized("cmd.game.takeback.name"),
        description=localized("cmd.game.takeback.description"),
    )
    @match_option
    async def takeback(self, interaction: Interaction, match_id: str | None = None) -> None:
        await replies.guarded(interaction, takebacks.ask_takeback(interaction, match_id))

    @game.command(
        name=localized("cmd.game.resume.name"), description=localized("cmd.game.resume.description")
    )
    @match_option
    async def resume(self, interaction: Interaction, match_id: str | None = None) -> None:
        await replies.guarded(interaction, clocks.ask_clock(interaction, match_id, pause=False))

    @game.command(
        name=localized("cmd.game.follow.name"),
        description=localized("cmd.game.follow.description"),
    )
    @app_commands.rename(
        match_id=localized("cmd.opt.match.name"), thread=localized("cmd.opt.thread.name")
    )
    @app_commands.describe(
        match_id=localized("cmd.opt.follow_match.description"),
        thread=localized("cmd.opt.thread.description"),
    )
    @app_commands.autocomplete(match_id=followers.followable_choices)
    async def follow(
        self,
        interaction: Interaction,
        match_id: str | None = None,
        thread: discord.Thread | None = None,
    ) -> None:
        work = followers.follow(interaction, match_id, thread.id if thread else None)
        await replies.guarded(interaction, work)

    @game.command(
        name=localized("cmd.game.unfollow.name"),
        description=localized("cmd.game.unfollow.description"),
    )
    @app_commands.rename(match_id=localized("cmd.opt.match.name"))
    @app_commands.describe(match_id=localized("cmd.opt.follow_match.description"))
    async def unfollow(self, interaction: Interaction, match_id: str | None = None) -> None:
        await replies.guarded(interaction, followers.unfollow(interaction, match_id))

    @game.command(
        name=localized("cmd.game.watch.name"), description=localized("cmd.game.watch.description")
    )
    async def watch(self, interaction: Interaction) -> None:
        await replies.guarded(interaction, followers.watch(interaction))

    @game.command(
        name=localized("cmd.game.list.name"), description=localized("cmd.game.list.description")
    )
    async def list_matches(self, interaction: Interaction) -> None:
        await replies.guarded(interaction, list_matches(interaction))


async def setup(bot: TabletopBot) -> None:
    await bot.add_cog(GameCog(bot))
