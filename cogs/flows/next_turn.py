"""What follows a step: the computer seats play, or the people whose decision it is now are
told (each as they chose with ``/notify``).

Computer seats move in a background task, one step at a time with a short pause, so
people can follow the board; each step becomes one line in the board's log.
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

from cogs.delivery.publisher import Published
from cogs.flows import followers, notify
from cogs.flows.boards import guild_locale, redraw_board
from cogs.ui.labels import game_name, is_solo
from i18n import t
from service import Match, TurnOutcome
from service.games import Presentation, presentation_of, registration

if TYPE_CHECKING:
    from bot import TabletopBot

log = logging.getLogger("tabletop.computers")

#: Safety net: most steps of one computer turn shown as one board update.
MAX_TURN_STEPS = 400
#: Events kept in a computer turn's summary (the board's log stays short).
SUMMARY_EVENTS_KEPT = 10


async def announce_turn(bot: TabletopBot, match: Match, actor_id: int | None) -> Published | None:
    """Tell the people whose decision it is now (not the one who just moved), each as they
    chose with ``/notify`` (cogs/flows/notify.py), then the match's followers (with a link
    to the board as it is after the turn notice, which may post it again)."""
    published = await tell_deciding(bot, match, actor_id)
    await followers.tell_followers(bot, await bot.service.get(match.id))
    return published


async def tell_deciding(bot: TabletopBot, match: Match, actor_id: int | None) -> Published | None:
    """The people whose decision it is now, each as they chose with ``/notify``."""
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
    public = registration(match.game_id).public_controls
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
            await redraw_board(bot, match, steps[-1])
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


async def resume_computers(bot: TabletopBot) -> None:
    """After a restart, computer seats that were about to move carry on."""
    for match in await bot.service.live_matches():
        if match.awaits_computer:
            start_computers(bot, match.id)
