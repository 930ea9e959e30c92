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
    split_clock,
    split_holidays,
)
from cogs.delivery import permissions, replies
from cogs.delivery.permissions import GAME_CONTEXTS, GAME_INSTALLS
from cogs.delivery.replies import Interaction
from cogs.flows import (
    away,
    clocks,
    followers,
    holidays,
    readout,
    server_rules,
    takebacks,
    tips,
    turns,
)
from cogs.flows.boards import post_board
from cogs.flows.lobby import open_lobby
from cogs.flows.matches import pick_match
from cogs.ui.labels import game_name, match_label
from i18n import locale_for, t
from service import MAX_HOLIDAY_DAYS, IllegalAction, check_invites
from service.games import find_game

if TYPE_CHECKING:
    from bot import TabletopBot

#: Largest seed Discord can carry in an integer option (2^53 - 1).
MAX_SEED = 2**53 - 1
#: Seconds before ``/game show`` posts the same match's board again (each post replaces the
#: earlier copy, so the channel keeps one; the wait keeps the channel from churning).
SHOW_WAIT = 60.0
#: Match id → when ``/game show`` last posted its board (the last ``SHOW_WAIT`` seconds).
_shown_at: dict[str, float] = {}


#: A member mention in a text option: ``<@123>`` or ``<@!123>``.
MENTION = re.compile(r"<@!?(\d{15,21})>")


def invited_people(text: str | None) -> tuple[int, ...]:
    """The members mentioned in ``invite:``, each once, in order."""
    return tuple(dict.fromkeys(int(m) for m in MENTION.findall(text or "")))


async def new_match(
    interaction: Interaction,
    game_id: str,
    seed: int | None,
    options: str | None,
    invite: str | None = None,
) -> None:
    """A solo game starts at once; a multiplayer game opens a lobby (invite-only when
    ``invite`` names members). The options and invitations are checked before the public
    acknowledgement, so a refusal stays private. Where the bot is absent (a user install)
    a solo game's board goes to the person's DM, and a multiplayer game is refused."""
    chosen = find_game(game_id)
    if chosen is None:
        locale = locale_for(interaction, public=False)
        await replies.send(interaction, t("game.unavailable", locale), ephemeral=True)
        return
    turn_limit, table_options = split_clock(chosen.max_players, parse_options(options))
    holiday_days, own_options = split_holidays(chosen.max_players, table_options)
    absent = permissions.bot_absent(interaction)
    rules = await server_rules.start_rules(interaction, game_id)  # a refusal stays private
    if not absent:
        own_options = server_rules.with_defaults(rules, game_id, own_options)
    resolved = chosen.resolve_options(own_options)
    if absent and chosen.max_players > 1:
        locale = locale_for(interaction, public=False)
        await away.refuse_multiplayer(interaction, game_name(game_id, locale))
        return
    if interaction.guild_id is None and chosen.max_players > 1:
        locale = locale_for(interaction, public=False)
        await replies.send(
            interaction,
            t("dm.multiplayer", locale, game=game_name(game_id, locale)),
            ephemeral=True,
        )
        return
    invited = invited_people(invite)
    if invite is not None and (chosen.max_players == 1 or not invited):
        locale = locale_for(interaction, public=False)
        key = "game.invite.solo" if chosen.max_players == 1 else "game.invite.none"
        await replies.send(interaction, t(key, locale), ephemeral=True)
        return
    invited = check_invites(chosen, interaction.user.id, invited)
    if chosen.max_players > 1:
        await interaction.client.service.check_lobby_limits(
            interaction.user.id, invited, guild_id=interaction.guild_id
        )
    if absent:
        await away.start_solo(interaction, game_id, seed, resolved)
        return
    if not await permissions.preflight(interaction):
        return
    if chosen.max_players > 1:
        await open_lobby(
            interaction,
            game_id,
            seed,
            resolved,
            turn_limit=server_rules.turn_clock(rules, turn_limit),
            holiday_days=holiday_days,
            invited=invited,
            practice=server_rules.practice(rules),
            takebacks=bool(rules.get("takebacks")),
        )
        return
    await replies.defer(interaction)
    match = await interaction.client.service.new_match(
        game_id,
        interaction.guild_id,
        interaction.channel_id or 0,
        interaction.user.id,
        resolved,
        seed,
        user_name=interaction.user.display_name,
        practice=server_rules.practice(rules),
        takebacks=bool(rules.get("takebacks")),
    )
    if await post_board(interaction, match) is not None:
        await tips.offer_tip(interaction, match)  # before the first move


async def show(interaction: Interaction, match_id: str | None) -> None:
    """A new board message, replacing (deleting) the earlier copy: the channel keeps one
    board per match; refused within ``SHOW_WAIT`` of the last one (anyone who can see the
    channel may ask, so it must not become a way to flood it)."""
    if not await permissions.preflight(interaction):
        return
    # Private until the match is known to be the caller's to show (a refusal stays private).
    await replies.defer(interaction, ephemeral=True)
    match = await pick_match(interaction, match_id)
    if permissions.bot_absent(interaction):  # the board lives in the person's DM
        await away.show_in_dm(interaction, match)
        return
    if match.channel_id != interaction.channel_id:  # a board is posted only where it lives
        raise IllegalAction(
            "show_elsewhere", "This match is played elsewhere.", channel=f"<#{match.channel_id}>"
        )
    bot = interaction.client
    now = bot.service.clock()
    shown = _shown_at.get(match.id)
    if shown is not None and now < shown + SHOW_WAIT:
        raise IllegalAction(
            "shown_recently",
            "The board was posted less than a minute ago.",
            after=f"<t:{int(shown + SHOW_WAIT) + 1}:R>",
        )
    for old_id in [k for k, at in _shown_at.items() if at + SHOW_WAIT <= now]:
        del _shown_at[old_id]  # only the last minute's are kept
    _shown_at[match.id] = now
    earlier = bot.publisher.board_id(match) or match.board_message_id
    message = await post_board(interaction, match)
    if message is not None and earlier is not None and earlier != message.id:
        # One board per match in the channel: the new copy replaces the earlier one.
        old = bot.get_partial_messageable(match.channel_id).get_partial_message(earlier)
        await replies.tolerate(old.delete())


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
        await replies.guarded(interaction, show(interaction, match_id))

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
