"""Redrawing a match's board message through the match's ordered publisher: edited in
place when possible, else posted anew (hour-old boards, refusing channels: publisher.py).
The one way a flow shows a board again: ``redraw_board``."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

import discord

from cogs.delivery import replies
from cogs.delivery.publisher import Drawable, Published
from cogs.delivery.replies import Interaction
from cogs.flows.hands import refresh_panels
from cogs.ui.board import board_message
from cogs.ui.labels import is_solo
from cogs.ui.layout import BoardMessage
from i18n import locale_code, locale_for
from service import Match, TurnOutcome

if TYPE_CHECKING:
    from bot import TabletopBot

log = logging.getLogger("tabletop.turns")

#: Most steps one board shows: every seat's since the seat to move last moved.
RECALLED_STEPS = 8


async def redraw_board(
    bot: TabletopBot,
    match: Match,
    outcome: TurnOutcome | None = None,
    *,
    interaction: Interaction | None = None,
    locale: str | None = None,
    new_board: bool = False,
) -> Published:
    """Show ``match`` on its board, through the match's ordered publisher: what the service
    says the board shows (``board_seen``), formatted by ``board_message``.

    With the ``interaction`` of a click on the board itself, and the board young enough to
    edit, the board is edited through it (one request); otherwise through the channel (turn
    clocks and computer seats have no interaction). ``locale``: the board's language (by
    default the interaction's public one, else the server's; a board in a DM is read by its
    player only: in their language, wherever they acted from). ``new_board`` posts it anew
    (the old one is deleted)."""
    if interaction is not None:
        await replies.defer(interaction)  # drawing takes time; a click on any message is answered
    if locale is None:
        locale = (
            locale_for(interaction, public=match.guild_id is not None)
            if interaction is not None
            else guild_locale(bot, match)
        )
    shown, steps = locale, await recall(bot, match, outcome)

    async def build() -> BoardMessage:
        return await board_message(bot.service.board_seen(match), shown, steps)

    edit_here = None
    clicked = interaction.message if interaction is not None else None
    if (
        interaction is not None
        and interaction.type is discord.InteractionType.component
        and clicked is not None
        and bot.publisher.board_id(match) in (None, clicked.id)
    ):
        here = interaction

        async def edit_here(board: Drawable) -> None:
            await here.edit_original_response(**board.edit_kwargs())

    # A live multiplayer turn's board and ping go through the interaction's own webhook
    # (not counted by Discord: cogs.delivery.lanes).
    lane = (
        bot.publisher.lane_for(interaction, match)
        if interaction is not None and match.live and not is_solo(match)
        else None
    )
    published = await bot.publisher.redraw(
        match,
        build,
        edit_here=edit_here,
        new_board=new_board,
        lane=lane,
        through_interaction=interaction is not None,
    )
    await refresh_panels(bot, match)  # the private panels follow the board
    return published


async def recall(
    bot: TabletopBot, match: Match, outcome: TurnOutcome | None
) -> tuple[TurnOutcome, ...]:
    """The steps the board of ``match`` shows with ``outcome``, oldest first: what every seat
    did since the people now deciding (once the match is over: the last mover) last moved, so a
    person coming back sees each computer's turn, not only the last one's (while computers
    decide, nothing gives way). At most ``RECALLED_STEPS``. Without an outcome (a pause, a
    resignation) a live board keeps the steps it showed; an ended one shows none."""
    if outcome is None:
        if not match.live:
            bot.recent_steps.pop(match.id, None)
            return ()
        return await shown_steps(bot, match)
    earlier = await _kept(bot, match, before=outcome.match.steps)
    bot.recent_steps.pop(match.id, None)
    steps = _since_deciding(match, earlier[-(RECALLED_STEPS - 1) :], outcome)
    if match.live:
        bot.recent_steps[match.id] = [*steps[:-1], _light(outcome)]
    return steps


def _since_deciding(
    match: Match, earlier: Sequence[TurnOutcome], newest: TurnOutcome
) -> tuple[TurnOutcome, ...]:
    """``earlier`` and ``newest`` from after the step that the people now deciding (once the
    match is over: ``newest``'s mover) have all seen: the earliest of their own last steps."""
    people = [seat for seat in match.to_move if not match.seats[seat].is_computer]
    deciding = people if match.live else [newest.seat]
    cut = min(
        (
            max((i for i, step in enumerate(earlier) if step.seat == seat), default=-1)
            for seat in deciding
        ),
        default=-1,
    )
    return (*earlier[cut + 1 :], newest)


async def _kept(bot: TabletopBot, match: Match, before: int | None = None) -> list[TurnOutcome]:
    """The steps kept for the board of ``match``: in memory while the bot runs; after a
    restart (nothing kept) the last ones of the action log (``before``: only those played
    before that step count, as the newest step is being added)."""
    kept = bot.recent_steps.get(match.id)
    if kept is not None:
        return kept
    if match.steps == 0 or match.state is None or (before is not None and before <= 1):
        return []  # nothing was played before
    logged = await bot.service.recent_steps(match.id, RECALLED_STEPS + 1)
    if before is None:
        return list(_since_deciding(match, logged[:-1], logged[-1])) if logged else []
    return [step for step in logged if step.match.steps < before]


def _light(outcome: TurnOutcome) -> TurnOutcome:
    """``outcome`` as the board recalls it: its words, without the game states it carries (a
    live match's memory holds one state, not one per recalled step)."""
    return replace(
        outcome,
        match=replace(outcome.match, state=None),
        follow_ups=tuple(_light(step) for step in outcome.follow_ups),
    )


async def last_steps(bot: TabletopBot, match: Match) -> tuple[TurnOutcome, ...]:
    """What "Read the board" says happened last: the board's steps while the match lives;
    once it is over, its last steps from the action log (since the last mover's step
    before)."""
    if match.live:
        return await shown_steps(bot, match)
    if match.steps == 0 or match.state is None:
        return ()
    logged = await bot.service.recent_steps(match.id, RECALLED_STEPS)
    return _since_deciding(match, logged[:-1], logged[-1]) if logged else ()


async def shown_steps(bot: TabletopBot, match: Match) -> tuple[TurnOutcome, ...]:
    """The steps the board of ``match`` shows now (a redraw of its controls keeps them; after
    a restart, rebuilt from the action log)."""
    if not match.live:
        return ()
    steps = await _kept(bot, match)
    bot.recent_steps[match.id] = steps
    return tuple(steps)


async def post_board(interaction: Interaction, match: Match) -> discord.Message | None:
    """A new public board message for ``match`` as the answer to ``interaction`` (``/game
    new``, ``/game show``, a new lobby), remembered as its board; None when Discord kept it."""
    bot = interaction.client
    locale = locale_for(interaction, public=True)
    board = await board_message(
        bot.service.board_seen(match), locale, await shown_steps(bot, match)
    )
    message = await replies.send_message(interaction, **board.send_kwargs())
    if message is not None:
        await bot.service.set_board_message(match.id, message.id)
        bot.publisher.adopt(match, message.id)
    return message


def guild_locale(bot: TabletopBot, match: Match) -> str:
    """The language of public messages about ``match`` when no interaction is at hand:
    the server's ``/settings`` language when known here, else Discord's server language."""
    kept = bot.service.kept_settings(match.guild_id)
    if kept is not None and kept.get("language"):
        return str(kept.get("language"))
    guild = bot.get_guild(match.guild_id) if match.guild_id else None
    return locale_code(guild.preferred_locale if guild is not None else None)
