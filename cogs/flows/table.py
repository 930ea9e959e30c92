"""Multiplayer table talk: private hands, turn mentions, computer seats, turn clocks.

Computer seats move in a background task, one step at a time with a short pause, so
people can follow the board; each step becomes one line in the board's log.
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

from cogs.flows import notify
from cogs.flows.boards import guild_locale, redraw_board
from cogs.flows.matches import admit
from cogs.ui import replies
from cogs.ui.hand import hand_message
from cogs.ui.labels import game_name, is_solo
from cogs.ui.publisher import Published
from cogs.ui.replies import Interaction
from i18n import locale_for, t
from service import Match, TurnOutcome
from service.games import Presentation, presentation_of
from service.sweep import by_channel

if TYPE_CHECKING:
    from bot import TabletopBot

log = logging.getLogger("tabletop.table")

#: Safety net: most steps of one computer turn shown as one board update.
MAX_TURN_STEPS = 400
#: Events kept in a computer turn's summary (the board's log stays short).
SUMMARY_EVENTS_KEPT = 10


async def show_hand(interaction: Interaction, match_id: str) -> None:
    """``/hand`` and the board's "My hand" button: a private picture and move menus."""
    service = interaction.client.service
    match = await admit(interaction, match_id, new_message=True)
    seen = service.hand_seen(match, interaction.user.id)  # refused without a seat
    hand = await hand_message(seen, locale_for(interaction, public=False))
    await replies.send(interaction, ephemeral=True, **hand.send_kwargs())


async def announce_turn(bot: TabletopBot, match: Match, actor_id: int | None) -> Published | None:
    """Tell the people whose decision it is now (not the one who just moved), each as they
    chose with ``/notify`` (cogs/flows/notify.py)."""
    if match.status != "playing" or is_solo(match):
        await notify.end_quiet_turns(bot, match, ())
        return None
    deciding = [match.seats[s].user_id for s in match.to_move if not match.seats[s].is_computer]
    people = [uid for uid in deciding if uid is not None]
    await notify.end_quiet_turns(bot, match, people)
    people = [uid for uid in people if uid != actor_id]
    if not people:
        return None
    locale = guild_locale(bot, match)
    board = notify.board_link(match)
    # Games with controls on the public board take moves on the board itself.
    public = presentation_of(match.game_id).public_controls
    key = "turn.your_turn_board" if public else "turn.your_turn"
    game = game_name(match.game_id, locale)

    def in_channel(mentions: str) -> str:
        return t(key, locale, mentions=mentions, game=game, match_id=match.id)

    dm = t("notify.dm_turn", locale, game=game, match_id=match.id, board=board)
    return await notify.tell_turn(bot, match, people, in_channel, dm)


async def after_step(bot: TabletopBot, match: Match, actor_id: int | None) -> Published | None:
    """What follows a step in a multiplayer match: computer seats, or the next person
    (the ping's outcome is returned, so the actor can be told when it was not sent)."""
    if match.awaits_computer:
        start_computers(bot, match.id)
        return None
    return await announce_turn(bot, match, actor_id)


def start_computers(bot: TabletopBot, match_id: str) -> None:
    """Run the computer seats of ``match_id`` in the background (once per match)."""
    running = bot.computer_tasks
    task = running.get(match_id)
    if task is not None and not task.done():
        return
    task = running[match_id] = asyncio.get_running_loop().create_task(run_computers(bot, match_id))

    def forget(done: asyncio.Task[None]) -> None:  # a finished run keeps nothing
        if running.get(match_id) is done:
            del running[match_id]

    task.add_done_callback(forget)


async def run_computers(bot: TabletopBot, match_id: str) -> None:
    try:
        while bot.serving:
            await asyncio.sleep(bot.computer_delay)
            steps = await computer_turn(bot, match_id)
            if not steps:
                return
            match = steps[-1].final
            await redraw_board(bot, match, guild_locale(bot, match), steps[-1])
            if not match.awaits_computer:
                await announce_turn(bot, match, None)
                return
    except Exception:
        log.exception("computer seats of %s stopped", match_id)


async def computer_turn(bot: TabletopBot, match_id: str) -> list[TurnOutcome]:
    """What one board update shows of the computer seats: one step, or (when the game
    says a computer turn is the seat's whole turn) every step until another seat decides,
    summed up as one outcome, so the board is edited once per turn."""
    service = bot.service
    presentation = presentation_of((await service.get(match_id)).game_id)
    if presentation.computer_turn == "step":
        return await service.computer_turns(match_id, limit=1)
    steps: list[TurnOutcome] = []
    while len(steps) < MAX_TURN_STEPS:
        batch = await service.computer_turns(match_id, limit=1)
        if not batch:
            break
        steps.extend(batch)
        after = batch[0].final
        if not after.awaits_computer or steps[0].seat not in after.to_move:
            break
    return [summarize_turn(steps, presentation)] if steps else []


def summarize_turn(steps: list[TurnOutcome], presentation: Presentation) -> TurnOutcome:
    """Several steps of one seat as one outcome: the game's one-line summary of the moves
    and only the events it keeps (explored, traded, attacked…)."""
    taken = [s for step in steps for s in (step, *step.follow_ups)]
    kept = presentation.summary_events
    events = [e for step in taken for e in step.events if kept is None or e.kind in kept]
    first = steps[0]
    return TurnOutcome(
        match=steps[-1].final,
        seat=first.seat,
        seat_name=first.seat_name,
        notation=presentation.turn_summary([step.notation for step in taken]),
        events=tuple(events[-SUMMARY_EVENTS_KEPT:]),
        kind=first.kind,
    )


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
    outcome = await bot.service.fire_timer(before.id)
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
        await redraw_board(bot, match, locale, outcome.steps[-1] if outcome.steps else None)
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
    elif outcome.kind == "computer" and outcome.steps:  # computer seats left waiting
        await redraw_board(bot, match, locale, outcome.steps[-1])
        await after_step(bot, match, None)


async def resume_computers(bot: TabletopBot) -> None:
    """After a restart, computer seats that were about to move carry on."""
    for match in await bot.service.live_matches():
        if match.awaits_computer:
            start_computers(bot, match.id)
