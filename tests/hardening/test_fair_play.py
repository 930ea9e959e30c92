"""A hostile member's ways round the rules at the edges, each played through the bot
(simcord): learning the daily deal before the counted attempt, a day's seed shown while an
attempt of that day can still change, a host erasing a rated match, a pause held hostage,
concurrent ``/daily``, pings through ``invite:`` and copies of a board through ``/game show``.
Each test failed on the code before the fix (docs/commands.md, "Fair play and limits")."""

from __future__ import annotations

import asyncio
import datetime as dt
from dataclasses import dataclass
from typing import Any

import pytest

from gamecore.match import PAUSE_LIMIT, PAUSE_RENEWAL_WAIT, RESUME_WAIT
from service.daily import DailyDeals
from service.match_service import MAX_INVITATIONS, MAX_OPEN_LOBBIES
from tests.cogs.helpers import (
    board_message,
    board_text,
    custom_ids,
    make_world,
    posts,
    private_text,
    quoted,
)

#: Storage semantics throughout (the daily claim, the pause's column, ratings): both stores.
pytestmark = pytest.mark.postgres

#: 2026-11-25 23:58 UTC: two minutes before the day ends.
LATE = dt.datetime(2026, 11, 25, 23, 58, tzinfo=dt.UTC).timestamp()
DAY = "2026-11-25"
#: The clock cog looks every minute.
LOOP = 61


@dataclass
class Clock:
    now: float = LATE


def use(env: Any, clock: Clock) -> None:
    env.bot.service.clock = lambda: clock.now


async def play_to_the_end(env: Any, user: Any, match_id: str) -> None:
    """Hint then play in the DM until the daily match ends."""
    for _ in range(120):
        hint = await user.slash("hint")
        await user.slash("play", move=quoted(hint.response.content))
        if not (await env.bot.service.get(match_id)).live:
            return
    raise AssertionError("the daily game did not end")


async def test_practice_of_the_daily_deal_waits_for_the_counted_attempt(env) -> None:
    """Finding 1: while the counted attempt runs, ``/daily`` deals no practice copy of the
    deal (nor its par or review); once it has ended, practice is dealt."""
    clock = Clock(LATE - 12 * 3600)
    use(env, clock)
    world = make_world(env)
    first = await world.alice.slash(world.channel, "daily", game="cartographer")
    assert "counted attempt" in first.response.embeds[0].description
    (counted,) = await env.bot.service.find_matches(world.alice.id)
    for _ in range(3):
        again = await world.alice.slash(world.channel, "daily", game="cartographer")
        assert again.ephemeral and "still being played" in again.response.embeds[0].description
        assert counted.id in again.response.embeds[0].description
    assert [m.id for m in await env.bot.service.find_matches(world.alice.id)] == [counted.id]
    await play_to_the_end(env, world.alice.user, counted.id)
    practice = await world.alice.slash(world.channel, "daily", game="cartographer")
    assert "practice" in practice.response.embeds[0].description
    (dealt,) = await env.bot.service.find_matches(world.alice.id)
    assert dealt.practice and dealt.seed == counted.seed


async def test_concurrent_daily_make_one_counted_match_and_nothing_else_that_counts(
    env,
) -> None:
    """Finding 5: four ``/daily`` at the same moment (simcord runs one interaction at a time,
    so the service's path under ``asyncio.gather``) deal one counted match; the others deal
    nothing that can be played or counted."""
    world = make_world(env)
    deals = DailyDeals(env.bot.service)
    started = await asyncio.gather(
        *(
            deals.start("cartographer", world.guild.id, world.channel.id, world.alice.id, "alice")
            for _ in range(4)
        )
    )
    kinds = sorted(kind for _, kind in started)
    assert kinds == ["counted", "running", "running", "running"], kinds
    live = await env.bot.service.find_matches(world.alice.id)
    assert len(live) == 1 and not live[0].practice
    (row,) = await env.bot.service.store.daily_matches(
        world.guild.id, "cartographer", deals.today()
    )
    assert row.match_id == live[0].id


async def test_the_days_seed_waits_until_its_counted_attempts_have_ended(env) -> None:
    """Finding 2: an attempt started at 23:58 UTC ends with the day (as resigned): at 00:03
    the seed, par and results of the day are shown, and the attempt can no longer change
    yesterday's table."""
    clock = Clock()
    use(env, clock)
    world = make_world(env)
    await world.alice.slash(world.channel, "daily", game="cartographer")
    (attempt,) = await env.bot.service.find_matches(world.alice.id)
    hint = await world.alice.user.slash("hint")
    await world.alice.user.slash("play", move=quoted(hint.response.content))
    clock.now = LATE + 5 * 60  # 00:03 the next day
    await env.advance_time(LOOP)  # the clock loop ends the day's open attempts
    ended = await env.bot.service.get(attempt.id)
    assert ended.status == "finished" and ended.result["reason"] == "day_over"
    answer = await world.bob.slash(world.channel, "daily", game="cartographer")
    yesterday = answer.response.embeds[0].fields[1].value
    assert f"seed {attempt.seed}" in yesterday and "lost" in yesterday
    # A move after the day's end is refused: the attempt is over.
    late = await world.alice.user.slash("play", move=quoted(hint.response.content))
    assert late.ephemeral and private_text(late)
    assert (await env.bot.service.get(attempt.id)).steps == ended.steps


async def test_a_revealed_day_has_no_open_counted_attempt_even_before_the_clock_loop(
    env,
) -> None:
    """The seed is revealed only after the day's open attempts were ended, whether or not
    the minute loop came round first."""
    clock = Clock()
    use(env, clock)
    world = make_world(env)
    await world.alice.slash(world.channel, "daily", game="cartographer")
    (attempt,) = await env.bot.service.find_matches(world.alice.id)
    clock.now = LATE + 5 * 60
    answer = await world.bob.slash(world.channel, "daily", game="cartographer")
    assert f"seed {attempt.seed}" in answer.response.embeds[0].fields[1].value
    assert not (await env.bot.service.get(attempt.id)).live


async def test_a_move_after_midnight_does_not_count_even_before_the_clock_loop(env) -> None:
    """At 00:00:20, before the minute loop has come round, a move on yesterday's counted
    attempt ends the attempt as the loop would and is refused: yesterday's table cannot
    change after its day."""
    clock = Clock()
    use(env, clock)
    world = make_world(env)
    await world.alice.slash(world.channel, "daily", game="cartographer")
    (attempt,) = await env.bot.service.find_matches(world.alice.id)
    hint = await world.alice.user.slash("hint")
    await world.alice.user.slash("play", move=quoted(hint.response.content))
    before = await env.bot.service.get(attempt.id)
    clock.now = LATE + 140  # 00:00:20 the next day; no clock loop has run since
    hint = await world.alice.user.slash("hint")
    late = await world.alice.user.slash("play", move=quoted(hint.response.content))
    assert late.ephemeral and private_text(late)
    ended = await env.bot.service.get(attempt.id)
    assert ended.status == "finished" and ended.result["reason"] == "day_over"
    assert ended.steps == before.steps


async def two_people_playing(env: Any, world: Any, *, practice: bool = False) -> str:
    service = env.bot.service
    lobby = await service.new_match(
        "drop-four",
        world.guild.id,
        world.channel.id,
        world.alice.id,
        seed=7 if practice else None,
        user_name="alice",
    )
    await service.lobby_join(lobby.id, world.bob.id, "bob")
    await service.lobby_start(lobby.id, world.alice.id)
    await world.alice.slash(world.channel, "game show")
    return lobby.id


async def test_a_host_cannot_erase_a_rated_match_by_abandoning_it(env) -> None:
    """Finding 3: after some moves, the host's ``/game abandon`` of a rated match is the
    host's resignation (last place), and the other plays on; when the last person resigns,
    the match ends with a result, rates both, and offers a rematch (issue 32 item 5)."""
    world = make_world(env)
    service = env.bot.service
    match_id = await two_people_playing(env, world)
    for _ in range(6):
        match = await service.get(match_id)
        mover = match.seats[match.to_move[0]].user_id
        move = (await service.legal_moves(match_id, mover))[0]
        await service.play(match_id, mover, move)
    answer = await world.alice.slash(world.channel, "game abandon")
    assert answer.ephemeral and "resignation" in private_text(answer)
    match = await service.get(match_id)
    assert match.status == "playing" and match.seat_of(world.alice.id) is None
    assert match.seat_of(world.bob.id) is not None
    assert await service.stats(world.alice.id) == []  # counted only when the match ends
    bob_gives_up = await world.bob.slash(world.channel, "game resign")
    assert bob_gives_up.ephemeral
    ended = await service.get(match_id)
    assert ended.status == "finished" and ended.result["result"] == "resigned"
    # The first to resign (alice) is last: bob's rating is above hers.
    alice = (await service.ratings(world.alice.id))[0]
    bob = (await service.ratings(world.bob.id))[0]
    assert alice.rating.matches == bob.rating.matches == 1
    assert bob.rating.mu > alice.rating.mu
    assert [s.lost for s in await service.stats(world.alice.id)] == [1]
    board = await board_message(env, world, match_id)
    assert "Nobody is left at the table" in board_text(board)
    assert f"tt:rm:{match_id}" in custom_ids(board)


async def test_a_practice_match_can_still_be_abandoned(env) -> None:
    world = make_world(env)
    match_id = await two_people_playing(env, world, practice=True)
    answer = await world.alice.slash(world.channel, "game abandon")
    assert "abandoned" in private_text(answer)
    assert (await env.bot.service.get(match_id)).status == "abandoned"


async def test_a_pause_runs_out_and_cannot_be_renewed_at_once(env) -> None:
    """Finding 4: after everyone paused, one person refusing to resume holds the match no
    longer than 48 hours after another asked to resume (7 days at most); the clock runs
    again and the board says so; the one who paused cannot pause again straight away."""
    clock = Clock()
    use(env, clock)
    world = make_world(env)
    service = env.bot.service
    match_id = await two_people_playing(env, world)
    await world.alice.slash(world.channel, "game pause")
    await world.bob.slash(world.channel, "game pause")
    paused = await service.get(match_id)
    assert paused.paused_at is not None and paused.timer_at == clock.now + PAUSE_LIMIT
    clock.now += 3600
    await world.bob.slash(world.channel, "game resume")  # alice never agrees
    clock.now += RESUME_WAIT - 60
    await env.advance_time(LOOP)
    assert (await service.get(match_id)).paused_at is not None
    clock.now += 120
    await env.advance_time(LOOP)
    running = await service.get(match_id)
    assert running.paused_at is None and running.turn_deadline is not None
    board = await board_message(env, world, match_id)
    assert "The pause ran out" in board_text(board)
    assert any("ran out" in text for text in posts(world))
    again = await world.alice.slash(world.channel, "game pause")
    assert again.ephemeral and "you can ask for another" in private_text(again)
    assert (await service.get(match_id)).clock_votes == ()
    clock.now += PAUSE_RENEWAL_WAIT
    later = await world.alice.slash(world.channel, "game pause")
    assert "once everyone" in private_text(later)


async def test_lobbies_per_host_and_invitations_per_person_are_limited(env) -> None:
    """Finding 6: a host keeps at most a few open lobbies; a person is invited (pinged) at
    most a few times an hour; every refusal is private and says what to do instead."""
    clock = Clock()
    use(env, clock)
    world = make_world(env)
    carol = world.guild.add_member(env.create_user("carol"))
    pinged = 0
    for _ in range(MAX_INVITATIONS):
        opened = await world.alice.slash(
            world.channel, "game new", game="drop-four", invite=f"<@{world.bob.id}>"
        )
        assert not opened.ephemeral
    pinged = sum(f"<@{world.bob.id}>" in text for text in posts(world))
    assert pinged == MAX_INVITATIONS
    assert MAX_INVITATIONS >= MAX_OPEN_LOBBIES  # alice's lobbies are all open now
    refused = await world.alice.slash(world.channel, "game new", game="drop-four")
    assert refused.ephemeral and "open lobbies already" in private_text(refused)
    # Another host cannot ping bob more this hour either.
    spam = await carol.slash(
        world.channel, "game new", game="drop-four", invite=f"<@{world.bob.id}>"
    )
    assert spam.ephemeral and "invited 3 times in the last hour" in private_text(spam)
    assert sum(f"<@{world.bob.id}>" in text for text in posts(world)) == MAX_INVITATIONS
    clock.now += 3601
    later = await carol.slash(
        world.channel, "game new", game="drop-four", invite=f"<@{world.bob.id}>"
    )
    assert not later.ephemeral


async def test_game_show_keeps_one_board_in_the_channel(env) -> None:
    """Finding 7: ``/game show`` by anyone who can see the channel replaces the board's
    earlier copy, and is refused (privately) within a minute of the last one."""
    clock = Clock()
    use(env, clock)
    world = make_world(env)
    match_id = await two_people_playing(env, world)
    carol = world.guild.add_member(env.create_user("carol"))
    refused = 0
    for _ in range(15):
        shown = await carol.slash(world.channel, "game show", match=match_id)
        if "less than a minute ago" in private_text(shown):
            refused += 1
        clock.now += 20
    boards = [m for m in world.channel.history() if m.attachments]
    assert len(boards) == 1
    assert refused >= 10
