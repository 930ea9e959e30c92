"""Issue 22 item 1: every command and click is acknowledged before the database answers.

Every call of the bot's store stalls ``STALL`` seconds (simcord's virtual time): each
interaction must be acknowledged at once (Discord allows 3 s), and its answer, once the
database has answered, must be the right one, edited into the deferred response.
"""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Awaitable
from typing import Any

import pytest

from storage.sql import SqlBackend
from tests.cogs.helpers import (
    board_message,
    make_world,
    no_played_line,
    posted,
    private_text,
    select_options,
)

#: How long every database call takes here (seconds of simcord's virtual clock): longer
#: than the 10 s of the issue and than simcord's settle window (tests/cogs/conftest.py), so
#: simcord hands the interaction back while the database is still busy.
STALL = 90.0
#: Enough virtual time for a few database calls in a row.
SETTLE = STALL * 8


@pytest.fixture
def backend() -> str:
    """The Discord layer is what is tested: one database is enough."""
    return "sqlite"


def stall_store(env: Any) -> None:
    """Every database call of the bot's store waits ``STALL`` seconds first: each of the
    store's own methods once (not again in the query primitives they run through). Not
    opening and closing: a close that waited (for the WAL checkpoint, ``checkpointed``)
    would wait ``STALL`` seconds of real time, as nothing advances simcord's clock while
    the bot closes."""
    store = env.bot.service.store
    for name in dir(store):
        method = getattr(store, name)
        if (
            name.startswith("_")
            or name in ("open", "close", "checkpointed")
            or name in vars(SqlBackend)
            or not asyncio.iscoroutinefunction(method)
        ):
            continue

        async def slow(*args: Any, _method: Any = method, **kwargs: Any) -> Any:
            await asyncio.sleep(STALL)
            return await _method(*args, **kwargs)

        setattr(store, name, functools.wraps(method)(slow))


async def acknowledged(env: Any, call: Awaitable[Any]) -> Any:
    """Run an interaction: acknowledged before any virtual time passed, answered after."""
    result = await call
    assert result.acknowledged, "not acknowledged while the database was still busy"
    await env.advance_time(SETTLE)
    return result


async def test_a_stalled_database_never_leaves_an_interaction_unacknowledged(env) -> None:
    world = make_world(env)
    alice, bob, channel = world.alice, world.bob, world.channel
    stall_store(env)

    new = await acknowledged(env, alice.slash(channel, "game new", game="cartographer"))
    # the deferred response became the board; only the game's first-game tip follows it
    assert not new.ephemeral and all(no_played_line(tip) for tip in new.followups)
    (match,) = await env.bot.service.find_matches(alice.id, channel.id)
    board = await board_message(env, world, match.id)
    assert board.id == new.response.id

    hint = await acknowledged(env, alice.slash(channel, "hint"))
    move = private_text(hint).split("`")[1]
    played = await acknowledged(env, alice.slash(channel, "play", move=move))
    # the board in this channel shows the move: the private answer is removed, not a follow-up
    assert played.ephemeral and played.followups == [] and no_played_line(played)
    assert (await env.bot.service.get(match.id)).steps == 1

    board = await board_message(env, world, match.id)
    custom_id, values = next(iter(select_options(board).items()))
    clicked = await acknowledged(env, alice.select(board, [values[0]], custom_id=custom_id))
    assert clicked.response.id == board.id and (await env.bot.service.get(match.id)).steps == 2

    shown = await acknowledged(env, alice.slash(channel, "game show"))
    assert posted(shown).id == (await env.bot.service.get(match.id)).board_message_id
    stats = await acknowledged(env, alice.slash(channel, "stats"))
    assert stats.ephemeral and stats.response.embeds and stats.followups == []
    top = await acknowledged(env, alice.slash(channel, "leaderboard", game="cartographer"))
    assert not top.ephemeral and top.response.embeds
    history = await acknowledged(env, alice.slash(channel, "history"))
    assert history.ephemeral and history.response.embeds
    refused = await acknowledged(env, bob.slash(channel, "game abandon", match=match.id))
    assert refused.ephemeral and refused.followups == [] and private_text(refused)
    abandoned = await acknowledged(env, alice.slash(channel, "game abandon"))
    assert "resignation" in private_text(abandoned)  # the match counts: not erased
    replay = await acknowledged(env, alice.slash(channel, "replay", id=match.id))
    assert replay.ephemeral and match.id in replay.response.embeds[0].title

    opened = await acknowledged(env, alice.slash(channel, "game new", game="speiderne"))
    lobby = opened.response.message
    table = next(
        m for m in await env.bot.service.find_matches(alice.id, channel.id) if m.status == "lobby"
    )
    await acknowledged(env, bob.click(lobby, custom_id=f"tt:lb:{table.id}:join"))
    await acknowledged(env, alice.click(lobby, custom_id=f"tt:lb:{table.id}:start"))
    table = await env.bot.service.get(table.id)
    assert table.status == "playing"
    board = await board_message(env, world, table.id)
    typed_hand = await acknowledged(env, bob.slash(channel, "hand"))
    assert typed_hand.ephemeral and typed_hand.response.attachments and typed_hand.followups == []
    hand = await acknowledged(
        env, alice.click(board, custom_id=f"tt:do:{table.id}:{table.version}:hand")
    )
    assert hand.ephemeral and hand.response.attachments
    ask = await acknowledged(
        env, alice.click(board, custom_id=f"tt:do:{table.id}:{table.version}:resign")
    )
    confirm = ask.response.message
    done = await acknowledged(
        env, alice.click(confirm, custom_id=f"tt:do:{table.id}:{table.version}:confirm-resign")
    )
    assert "resigned" in done.response.content
    assert (await env.bot.service.get(table.id)).seat_of(
        alice.id
    ) is None  # a computer has her seat
    typed_resign = await acknowledged(env, bob.slash(channel, "game resign", match=table.id))
    assert "resigned" in private_text(typed_resign) and typed_resign.followups == []
    listed = await acknowledged(env, bob.slash(channel, "game list"))
    assert listed.ephemeral
