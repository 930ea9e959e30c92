"""Issue 4, turn clock, end to end (simcord): a reminder at half time, the heuristic move at
expiry, the seat handed to a computer after two expiries in a row, and clocks that carry
on after a restart (they live in the database).

The service reads the time from ``service.clock``; the tests move that clock and let the
bot's minute loop run with ``env.advance_time``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest

from cogs.commands.params import parse_clock
from gamecore.contract import IllegalAction
from gamecore.match import DEFAULT_TURN_LIMIT
from tests.cogs.flows.test_speiderne_e2e import heuristic_choice
from tests.cogs.helpers import board_text, make_world, posts

LOOP = 61  # the clock cog looks every minute


@dataclass
class Clock:
    now: float = 1_800_000_000.0


def use(env: Any, clock: Clock) -> None:
    env.bot.service.clock = lambda: clock.now


def said(world: Any, *words: str) -> list[str]:
    return [content for content in posts(world) if all(w in content for w in words)]


@pytest.mark.postgres  # clocks come due from the database, across a restart
async def test_reminder_expiry_restart_and_handover_to_a_computer(env, make_bot) -> None:
    world = make_world(env)
    clock = Clock()
    use(env, clock)
    service = env.bot.service
    solo = await service.new_match("cartographer", world.guild.id, world.channel.id, world.alice.id)
    assert solo.status == "playing" and solo.turn_deadline is None  # no clock for solo games

    opened = await world.alice.slash(world.channel, "game new", game="speiderne", seed=5)
    lobby = opened.response.message
    match_id = next(
        m for m in await service.find_matches(world.alice.id) if m.game_id == "speiderne"
    ).id
    await world.bob.click(lobby, custom_id=f"tt:lb:{match_id}:join")
    await world.alice.click(lobby, custom_id=f"tt:lb:{match_id}:start")
    match = await service.get(match_id)
    assert (
        match.turn_limit == DEFAULT_TURN_LIMIT
        and match.turn_deadline == clock.now + DEFAULT_TURN_LIMIT
    )
    seat = match.to_move[0]
    people = {world.alice.id: world.alice, world.bob.id: world.bob}
    late = people[match.seats[seat].user_id]
    other = world.bob if late is world.alice else world.alice

    # nothing before half time; a reminder (a mention) after it; no move yet
    clock.now = match.turn_deadline - DEFAULT_TURN_LIMIT / 2 - 60
    await env.advance_time(LOOP)
    assert said(world, "half of your time") == []
    clock.now += 120
    await env.advance_time(LOOP)
    assert len(said(world, "half of your time", f"<@{late.id}>")) == 1
    assert (await service.get(match_id)).steps == match.steps

    # a restart: the clock is read back from the database and fires on the new bot
    await env.bot.close()
    await env.restart_bot(make_bot())
    use(env, clock)
    service = env.bot.service
    stored = await service.get(match_id)
    assert (stored.turn_deadline, stored.reminded) == (match.turn_deadline, True)
    clock.now = match.turn_deadline + 1
    await env.advance_time(LOOP)
    assert len(said(world, "time ran out", f"<@{late.id}>")) == 1
    assert len(said(world, "half of your time")) == 1  # not reminded twice
    first = await service.get(match_id)
    actions = await service.actions(match_id)
    assert first.steps > match.steps and actions[match.steps].notation == heuristic_choice(
        match.state, seat
    )
    assert first.expiries[seat] == 1 and not first.seats[seat].is_computer
    board = next(m for m in world.channel.history() if m.id == first.board_message_id)
    assert "ran out of time" in board_text(board)

    # the other person plays (their moves do not reset the late seat's count)
    for _ in range(20):
        match = await service.get(match_id)
        if match.to_move[0] == seat:
            break
        notation = heuristic_choice(match.state, match.to_move[0])
        played = await other.slash(world.channel, "play", move=notation)
        assert played.ephemeral and (await service.get(match_id)).steps > match.steps
    assert match.to_move[0] == seat and match.expiries[seat] == 1

    # second expiry in a row: the seat goes to a computer player for the rest of the match
    clock.now = match.turn_deadline + 1
    await env.advance_time(LOOP)
    handed = await service.get(match_id)
    assert handed.seats[seat].is_computer and handed.seat_of(late.id) is None
    assert len(said(world, "computer player takes your seat", f"<@{late.id}>")) == 1
    assert len(said(world, "time ran out", f"<@{late.id}>")) == 2
    assert handed.to_move and handed.seats[handed.to_move[0]].user_id == other.id
    # whose decision now, on top of the board
    assert f"<@{other.id}>" in board_text(world.channel.history()[-1]).split("##")[0]
    refused = await late.slash(world.channel, "play", move="pass", match=match_id)
    assert refused.ephemeral and "no seat" in refused.response.content
    assert (await service.get(match_id)).version == handed.version


@pytest.mark.parametrize(
    ("text", "seconds"), [("30m", 1800), ("12", 43200), ("12H", 43200), ("2d", 172800), ("off", 0)]
)
def test_clock_option_values(text: str, seconds: float) -> None:
    assert parse_clock(text) == seconds


@pytest.mark.parametrize("text", ["0m", "8d", "banana", "-1h", "1.5h", "h", "", "9" * 30])
def test_clock_option_refusals(text: str) -> None:
    with pytest.raises(IllegalAction) as refused:
        parse_clock(text)
    assert refused.value.code == "option_clock"


async def test_the_host_sets_or_switches_off_the_turn_clock(env) -> None:
    world = make_world(env)
    service = env.bot.service
    typed = await world.alice.autocomplete(
        world.channel, "game new", "options", "clock=", game="speiderne"
    )
    assert "clock=24h" in [c["value"] for c in typed] and "clock=off" in [c["value"] for c in typed]
    assert (
        await world.alice.autocomplete(
            world.channel, "game new", "options", "clock=", game="cartographer"
        )
        == []
    )
    wrong = await world.alice.slash(
        world.channel, "game new", game="speiderne", options="clock=banana"
    )
    assert wrong.ephemeral and "turn clock must look like" in wrong.response.content
    solo = await world.alice.slash(
        world.channel, "game new", game="cartographer", options="clock=2h"
    )
    assert solo.ephemeral and "no option clock" in solo.response.content
    assert await service.find_matches(world.alice.id) == []

    opened = await world.alice.slash(
        world.channel, "game new", game="speiderne", options="clock=2h max_rounds=5"
    )
    assert "Turn clock: 2 h" in board_text(opened.response)
    (timed,) = await service.find_matches(world.alice.id)
    assert timed.turn_limit == 7200 and dict(timed.options) == {"max_rounds": 5}
    await world.alice.click(opened.response.message, custom_id=f"tt:lb:{timed.id}:cancel")

    untimed = await world.bob.slash(
        world.channel, "game new", game="speiderne", options="clock=off"
    )
    assert "No turn clock" in board_text(untimed.response)
    (match,) = await service.find_matches(world.bob.id)
    await world.alice.click(untimed.response.message, custom_id=f"tt:lb:{match.id}:join")
    await world.bob.click(untimed.response.message, custom_id=f"tt:lb:{match.id}:start")
    started = await service.get(match.id)
    assert started.status == "playing" and started.turn_deadline is None
    assert await service.due_timers(now=started.updated_at + 10 * DEFAULT_TURN_LIMIT) == []
