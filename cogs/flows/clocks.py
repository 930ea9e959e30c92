"""Turn clocks: the reminder at half time, and at the deadline the move the service makes
for the seat (handing it to a computer player after two in a row); the board and the
channel are told. ``/game pause`` and ``/game resume`` ask to stop or restart them."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from cogs.delivery import notices, replies
from cogs.delivery.replies import Interaction
from cogs.flows import notify
from cogs.flows.boards import guild_locale, redraw_board
from cogs.flows.matches import admit
from cogs.flows.next_turn import after_step
from cogs.ui.labels import game_name
from cogs.ui.seats import seat_label
from i18n import locale_for, t
from service import Match
from service.sweep import by_channel
from telemetry import CLOCKS_FIRED, MATCH_ID

if TYPE_CHECKING:
    from bot import TabletopBot

log = logging.getLogger("tabletop.clocks")


async def fire_clocks(bot: TabletopBot) -> None:
    """Remind at half time; at expiry the service moves for the seat (and may hand it to a
    computer player for good); the board and the channel are told. Due clocks are handled
    concurrently, a channel's one after another (``service.sweep.by_channel``); one
    failure is logged with its id and never stops the others. A match whose channel
    refuses the bot is paused (its clock does not fire) until an interaction shows the bot
    can post there again."""
    due: list[Match] = []
    for match_id in await bot.service.due_timers():
        try:
            match = await bot.service.get(match_id)
        except Exception:
            log.exception("turn clock of match %s failed", match_id)
            continue
        if bot.publisher.block_of(match.channel_id) is None:
            due.append(match)
    await by_channel(due, lambda match: fire_clock(bot, match))


async def fire_clock(bot: TabletopBot, before: Match) -> None:
    """One due clock; ``before`` keeps the seats' people as they were (a seat handed to
    a computer has no user any more)."""
    MATCH_ID.set(before.id)  # this task's log lines name the match
    outcome = await bot.service.fire_timer(before.id)
    CLOCKS_FIRED.labels(outcome.kind).inc()
    match = outcome.match
    locale = guild_locale(bot, match)

    def mentions(seats: tuple[int, ...]) -> str:
        people = [before.seats[s] for s in seats if s < len(before.seats)]
        return " ".join(f"<@{p.user_id}>" for p in people if p.user_id and not p.is_computer)

    late = tuple(s for s in outcome.seats if s not in outcome.handed_over)
    if outcome.kind == "reminder":
        people = [
            p.user_id
            for s in outcome.seats
            if s < len(before.seats)
            for p in (before.seats[s],)
            if p.user_id and not p.is_computer
        ]
        board = notify.board_link(match)

        def in_channel(mentions: str) -> str:
            return t("clock.reminder", locale, mentions=mentions, match_id=match.id)

        dm = t(
            "notify.dm_reminder",
            locale,
            game=game_name(match.game_id, locale),
            match_id=match.id,
            board=board,
        )
        await notify.tell_turn(bot, match, people, in_channel, dm, reminder=True)
    elif outcome.kind == "expired":
        await redraw_board(bot, match, outcome.steps[-1] if outcome.steps else None, locale=locale)
        if mentions(late):
            await bot.publisher.say(
                match,
                t("clock.expired", locale, mentions=mentions(late), match_id=match.id),
                ping=True,
            )
        if mentions(outcome.handed_over):
            text = t(
                "clock.handed", locale, mentions=mentions(outcome.handed_over), match_id=match.id
            )
            await bot.publisher.say(match, text, ping=True)
        await after_step(bot, match, None)
    elif outcome.kind == "holiday":  # they chose it: a holiday day instead of the expiry
        await redraw_board(bot, match, locale=locale)
        names = ", ".join(seat_label(match, s, locale) for s in outcome.seats)
        await bot.publisher.say(match, t("holiday.auto_started", locale, names=names))
    elif outcome.kind == "pause_over":
        await redraw_board(bot, match, locale=locale)
        await bot.publisher.say(match, t("clock.pause_over", locale, match_id=match.id))
    elif outcome.kind == "computer" and outcome.steps:  # computer seats left waiting
        await redraw_board(bot, match, outcome.steps[-1], locale=locale)
        await after_step(bot, match, None)


async def ask_clock(interaction: Interaction, match_id: str | None, *, pause: bool) -> None:
    """``/game pause`` and ``/game resume``: one person's request, shown on the board; the
    clock stops (or runs again) once every person of the match asked."""
    locale = locale_for(interaction, public=False)
    before = await admit(interaction, match_id)
    was_paused = before.paused_at is not None
    match = await interaction.client.service.ask_clock(before.id, interaction.user.id, pause=pause)
    published = await redraw_board(interaction.client, match, interaction=interaction)
    if (match.paused_at is not None) != was_paused:  # the last request: everyone agreed
        key = "clock.paused" if match.paused_at is not None else "clock.resumed"
    elif pause == was_paused:  # asked the other way round: a request withdrawn
        key = "clock.withdrawn"
    else:
        key = "clock.asked"
    await replies.send(interaction, t(key, locale), ephemeral=True)
    await notices.tell_actor(interaction, published)
