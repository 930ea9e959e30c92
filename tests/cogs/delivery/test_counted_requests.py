"""Requests Discord counts against a bot's global limit (50/s), per turn, over whole games
played through the bot: a turn that comes through an interaction sends the board and the
ping as its follow-ups (not counted), one board carrying one ping stays in view, and a
token Discord refuses (50027 / 10015) or one too old falls back to the channel without
losing the board: then the one old message is removed with one counted request."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from telemetry.discord_budget import COUNTED_REQUESTS
from tests.cogs.faults import install
from tests.cogs.helpers import board_text, counted_kinds, gallery, make_world

GAME = "drop-four"


def text_of(message: Any) -> str:
    return message.content or board_text(message)


def in_view(world: Any) -> tuple[list[Any], list[Any]]:
    """The boards and the pings (messages that mention someone) anybody in the channel sees."""
    shown = [m for m in world.channel.history() if not m.flags.ephemeral]
    return [m for m in shown if gallery(m)], [m for m in shown if "<@" in text_of(m)]


async def started(env: Any, world: Any) -> tuple[str, dict[int, Any]]:
    await world.alice.slash(world.channel, "game new", game=GAME, seed=7)
    (match,) = await env.bot.service.find_matches(world.alice.id, world.channel.id)
    lobby = next(m for m in world.channel.history() if m.id == match.board_message_id)
    await world.bob.click(lobby, custom_id=f"tt:lb:{match.id}:join")
    await world.alice.click(lobby, custom_id=f"tt:lb:{match.id}:start")
    return match.id, {world.alice.id: world.alice, world.bob.id: world.bob}


async def play_turn(env: Any, world: Any, match_id: str, people: dict[int, Any]) -> bool:
    """The person to move plays their first legal move with ``/play``; False once over."""
    match = await env.bot.service.get(match_id)
    if match.status != "playing":
        return False
    person = people[match.seats[match.to_move[0]].user_id]
    move = (await env.bot.service.legal_moves(match_id, person.id))[0]
    await person.slash(world.channel, "play", move=move)
    return True


def counted_total() -> float:
    return sum(
        sample.value
        for sample in COUNTED_REQUESTS.collect()[0].samples
        if sample.name.endswith("_total")
    )


async def test_a_whole_game_by_play_costs_no_counted_request_per_turn(env) -> None:
    world = make_world(env)
    match_id, people = await started(env, world)
    first, metered = len(env.http_requests), counted_total()
    turns = 0
    while await play_turn(env, world, match_id, people):
        turns += 1
        boards, pings = in_view(world)
        assert len(boards) == 1 and len(pings) <= 1
        await env.advance_time(30)  # people take half a minute a move
    requests = env.http_requests[first:]
    by_kind = counted_kinds(requests)
    assert turns >= 7
    # The last turn ends the game: its board and the old ping go through the channel.
    assert sum(by_kind.values()) <= 3, by_kind
    assert counted_total() - metered == sum(by_kind.values())  # the metrics see the same
    boards, pings = in_view(world)
    assert len(boards) == 1 and pings == []
    assert "game over" in board_text(boards[0]).lower()


async def test_turns_after_the_token_expired_go_through_the_channel(env) -> None:
    world = make_world(env)
    match_id, people = await started(env, world)
    await play_turn(env, world, match_id, people)
    await env.advance_time(16 * 60)  # the last turn's token is dead
    first = len(env.http_requests)
    await play_turn(env, world, match_id, people)
    # the old board (the old ping on it) deleted through the channel; the new one posted
    # through this turn's interaction
    assert counted_kinds(env.http_requests[first:]) == Counter({"DELETE /channels/messages": 1}), (
        env.http_requests[first:]
    )
    boards, pings = in_view(world)
    match = await env.bot.service.get(match_id)
    assert [b.id for b in boards] == [match.board_message_id] and pings == boards
    next_one = match.seats[match.to_move[0]].user_id
    assert f"<@{next_one}>" in board_text(boards[0])
    # the notice on the board pings (a text display pings as allowed_mentions says)
    (posted,) = [r for r in env.http_requests[first:] if r.method == "POST" and "<@" in str(r.json)]
    mentions = posted.json["allowed_mentions"]
    assert next_one in map(int, mentions.get("users", [])) or "users" in mentions["parse"]


async def test_a_whole_game_a_turn_a_day_costs_at_most_one_counted_request_a_turn(env) -> None:
    """Every turn's token has expired when the next comes (a game over days): each turn
    removes one message the channel holds (the board, the ping on it), nothing more; the
    first turn after the start included."""
    world = make_world(env)
    match_id, people = await started(env, world)
    first = len(env.http_requests)
    turns = 0
    while await play_turn(env, world, match_id, people):
        turns += 1
        boards, pings = in_view(world)
        assert len(boards) == 1 and pings in ([], boards)
        await env.advance_time(16 * 60)
    by_kind = counted_kinds(env.http_requests[first:])
    assert turns >= 7
    assert sum(by_kind.values()) <= turns, (turns, by_kind)


@pytest.mark.parametrize(
    ("code", "methods"),
    [(50027, ("PATCH", "DELETE")), (10015, ("PATCH", "DELETE")), (50027, ("DELETE",))],
)
async def test_a_refused_token_falls_back_to_the_channel_and_keeps_the_board(
    env, code, methods
) -> None:
    world = make_world(env)
    match_id, people = await started(env, world)
    await play_turn(env, world, match_id, people)
    await play_turn(env, world, match_id, people)
    faults = install(env)
    status = 401 if code == 50027 else 404
    # every message edited (or only deleted) through a token is refused
    for method in methods:
        faults.fail(method, "/webhooks/*/*/messages/*", status, code, times=None)
    before = await env.bot.service.get(match_id)
    await play_turn(env, world, match_id, people)
    after = await env.bot.service.get(match_id)
    assert after.version > before.version
    boards, pings = in_view(world)
    assert [b.id for b in boards] == [after.board_message_id] and len(pings) == 1
    assert f"<@{after.seats[after.to_move[0]].user_id}>" in text_of(pings[0])
    assert faults.failed(), "no token was refused: the test tests nothing"
    fallback = counted_kinds([e for e in faults.log if e.outcome == "ok"])
    assert fallback["DELETE /channels/messages"] >= 1, fallback  # old ones gone anyway
