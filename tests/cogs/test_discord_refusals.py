"""End to end: every way the real Discord refuses the bot, one test each (issue 11).

Permissions come from simcord's own model (an admin's overwrite changes both the
``app_permissions`` of the next interaction and what the bot's requests get); the codes
simcord never sends (30046, 50083, 10062, 5xx) come from the fault layer (faults.py).
"""

from __future__ import annotations

import asyncio

import pytest

from cogs.delivery import publisher
from cogs.flows.boards import redraw_board
from tests.cogs.discord_world import (
    allow_bot,
    channel_requests,
    deny_bot,
    play_for,
    thread_of,
    two_players,
)
from tests.cogs.faults import install
from tests.cogs.helpers import (
    board_message,
    board_text,
    custom_ids,
    japanese,
    make_world,
    notice,
    posted,
    private_text,
    select_for,
    start,
)


# -- 1. permission preflight --------------------------------------------------------------
@pytest.mark.parametrize(
    ("denied", "named"),
    [
        ("send_messages", "Send Messages"),
        ("embed_links", "Embed Links"),
        ("attach_files", "Attach Files"),
    ],
)
async def test_game_new_is_refused_privately_where_the_bot_cannot_post(
    env, denied: str, named: str
) -> None:
    world = make_world(env)
    deny_bot(env, world.channel, **{denied: True})
    for game in ("cartographer", "speiderne"):
        result = await world.alice.slash(world.channel, "game new", game=game)
        assert named in private_text(result)
    assert await env.bot.service.find_matches(world.alice.id) == []
    assert list(world.channel.history()) == []


async def test_the_refusal_names_the_permissions_in_the_readers_language(env, monkeypatch) -> None:
    world = make_world(env)
    deny_bot(env, world.channel, send_messages=True, attach_files=True)
    with japanese(monkeypatch, {world.alice.id}):
        result = await world.alice.slash(world.channel, "game new", game="cartographer")
    assert (
        "メッセージを送信" in result.response.content
        and "ファイルを添付" in result.response.content
    )


async def test_in_a_thread_send_messages_in_threads_is_what_counts(env) -> None:
    world = make_world(env)
    thread = thread_of(env, world)
    deny_bot(env, world.channel, send_messages_in_threads=True)
    result = await world.alice.slash(thread, "game new", game="cartographer")
    assert "Send Messages in Threads" in private_text(result)
    assert await env.bot.service.find_matches(world.alice.id) == []


async def test_lobby_start_checks_the_permissions_again(env) -> None:
    world = make_world(env)
    opened = await world.alice.slash(world.channel, "game new", game="speiderne", seed=1)
    (match,) = await env.bot.service.find_matches(world.alice.id, world.channel.id)
    await world.bob.click(opened.response.message, custom_id=f"tt:lb:{match.id}:join")
    deny_bot(env, world.channel, attach_files=True)
    started = await world.alice.click(opened.response.message, custom_id=f"tt:lb:{match.id}:start")
    assert "Attach Files" in private_text(started)
    assert (await env.bot.service.get(match.id)).status == "lobby"


# -- 2. a saved move is never answered "try again" ---------------------------------------
@pytest.mark.parametrize(
    ("denied", "problem"),
    [
        ({"send_messages": True}, "not allowed to post"),
        ({"view_channel": True}, "cannot see this channel"),
    ],
)
async def test_a_move_where_the_bot_lost_its_permissions_is_saved_and_explained(
    env, denied, problem
) -> None:
    world = make_world(env)
    faults = install(env)
    match_id = await two_players(env, world)
    deny_bot(env, world.channel, **denied)
    before = await env.bot.service.get(match_id)
    person, result, move = await play_for(env, world, match_id)
    assert result.ephemeral
    text = " ".join(m.content for m in (result.response, *result.followups) if m and m.content)
    assert (
        f"(`{move}`) was played and saved" in text and problem in text and "try again" not in text
    )
    assert (await env.bot.service.get(match_id)).steps == before.steps + 1
    # the next player plays: the bot leaves the refusing channel alone
    refused = channel_requests(faults, world.channel.id)
    _, result, move = await play_for(env, world, match_id)
    assert f"(`{move}`) was played and saved" in " ".join(
        m.content for m in (result.response, *result.followups) if m
    )
    assert channel_requests(faults, world.channel.id) == refused
    assert (await env.bot.service.get(match_id)).steps == before.steps + 2
    # the admin fixes it; /game show brings the board back and pings work again
    allow_bot(env, world.channel)
    shown = await world.alice.slash(world.channel, "game show", match=match_id)
    match = await env.bot.service.get(match_id)
    assert match.board_message_id == posted(shown).id
    _, result, _ = await play_for(env, world, match_id)
    board = list(world.channel.history())[-1]
    assert (
        notice(board).startswith("<@")
        and board.id == (await env.bot.service.get(match_id)).board_message_id
    )


async def test_a_deleted_channel_stops_the_posting_but_not_the_match(env) -> None:
    world = make_world(env)
    faults = install(env)
    match_id = await two_players(env, world)
    faults.delete_channel(world.channel.id)
    # the next move comes from another channel (none can come from a deleted one)
    elsewhere = world.guild.create_text_channel("elsewhere")
    _, result, move = await play_for(env, world, match_id, elsewhere)
    text = " ".join(m.content for m in (result.response, *result.followups) if m)
    assert f"(`{move}`) was played and saved" in text and "no longer exists" in text


@pytest.mark.postgres  # the move is committed before Discord is answered
async def test_an_expired_interaction_loses_no_move(env) -> None:
    world = make_world(env)
    faults = install(env)
    match_id, _ = await start(env, world, "cartographer", seed=5)
    before = await env.bot.service.get(match_id)
    faults.expire_interactions()
    move = (await env.bot.service.legal_moves(match_id, world.alice.id))[0]
    result = await world.alice.slash(world.channel, "play", move=move)
    assert not result.acknowledged
    after = await env.bot.service.get(match_id)
    assert after.steps == before.steps + 1
    board = await board_message(env, world, match_id)
    assert f"{after.steps}" in board_text(board)  # redrawn through the channel


async def test_a_server_error_on_the_redraw_is_retried_until_the_board_is_current(
    env, monkeypatch
) -> None:
    monkeypatch.setattr(
        publisher, "RETRY_DELAYS", (0.1, 0.2, 0.5)
    )  # simcord waits them in real time
    world = make_world(env)
    faults = install(env)
    match_id, board = await start(env, world, "cartographer", seed=5)
    faults.fail("PATCH", f"/channels/{world.channel.id}/messages/*", 503, times=2)
    move = (await env.bot.service.legal_moves(match_id, world.alice.id))[0]
    result = await world.alice.slash(world.channel, "play", move=move)
    assert "board will catch up" in " ".join(
        m.content for m in (result.response, *result.followups) if m
    )
    await env.advance_time(10)
    match = await env.bot.service.get(match_id)
    shown = await board_message(env, world, match_id)
    assert f":{match.version}:" in select_for(
        shown, (await env.bot.service.legal_moves(match_id, world.alice.id))[0]
    )


# -- 3. hour-old boards ---------------------------------------------------------------------
async def test_an_hour_old_board_is_replaced_and_the_new_one_works(env) -> None:
    world = make_world(env)
    faults = install(env)
    match_id, board = await start(env, world, "cartographer", seed=8)
    await env.advance_time(51 * 60)
    move = (await env.bot.service.legal_moves(match_id, world.alice.id))[0]
    await world.alice.select(board, [move], custom_id=select_for(board, move))
    match = await env.bot.service.get(match_id)
    assert match.board_message_id != board.id and match.steps == 1
    fresh = await board_message(env, world, match_id)
    assert board.id not in [m.id for m in world.channel.history()] and custom_ids(fresh)  # replaced
    assert not [e for e in faults.log if e.outcome.endswith("30046")]  # never even tried
    move = (await env.bot.service.legal_moves(match_id, world.alice.id))[0]
    await world.alice.select(fresh, [move], custom_id=select_for(fresh, move))
    assert (await env.bot.service.get(match_id)).steps == 2


async def test_30046_on_a_board_of_unknown_age_posts_a_fresh_board_without_sleeping(
    env, make_bot
) -> None:
    world = make_world(env)
    match_id, board = await start(env, world, "cartographer", seed=8)
    await env.bot.close()
    await env.restart_bot(make_bot())  # the new process does not know the board's age
    faults = install(env)
    faults.old_message(board.id, retry_after=600.0)
    started = faults.now()
    move = (await env.bot.service.legal_moves(match_id, world.alice.id))[0]
    await world.alice.slash(world.channel, "play", move=move)
    match = await env.bot.service.get(match_id)
    assert match.board_message_id != board.id and faults.now() == started  # nobody slept
    # the edit is refused; deleting the old board is not capped by its age
    assert [e.outcome for e in faults.log if e.outcome != "ok"] == ["429/30046"]
    assert board.id not in [m.id for m in world.channel.history()]


# -- 4. threads -------------------------------------------------------------------------------
async def test_an_archived_thread_is_revived_by_a_fresh_board(env) -> None:
    world = make_world(env)
    faults = install(env)
    thread = thread_of(env, world)
    match_id = await two_players(env, world, thread)
    board_id = (await env.bot.service.get(match_id)).board_message_id
    faults.archive_thread(thread.id)
    _, result, _ = await play_for(env, world, match_id, thread)
    match = await env.bot.service.get(match_id)
    assert match.board_message_id != board_id and thread.id not in faults.archived
    assert not result.ephemeral or "saved, but" not in private_text(result)


async def test_a_locked_thread_pauses_the_match_with_a_note(env) -> None:
    world = make_world(env)
    faults = install(env)
    thread = thread_of(env, world)
    match_id = await two_players(env, world, thread)
    faults.lock_thread(thread.id)
    _, result, move = await play_for(env, world, match_id, thread)
    text = " ".join(m.content for m in (result.response, *result.followups) if m)
    assert f"(`{move}`) was played and saved" in text and "thread is locked" in text
    note = world.channel.last_message
    assert f"{match_id} is paused" in note.content and thread.mention in note.content


async def test_a_deleted_thread_pauses_the_match_with_a_note_in_its_parent(env) -> None:
    world = make_world(env)
    install(env)
    thread = thread_of(env, world)
    match_id = await two_players(env, world, thread)
    steps = (await env.bot.service.get(match_id)).steps
    env.backend.delete_channel(thread.id)  # Discord sends THREAD_DELETE with the parent's id
    await env.advance_time(1)
    note = world.channel.last_message
    assert f"{match_id} has stopped" in note.content and "thread was deleted" in note.content
    assert env.bot.publisher.block_of(thread.id) is not None  # its clock pauses
    match = await env.bot.service.get(match_id)
    assert match.status == "playing" and match.steps == steps  # nothing lost


# -- 6. ordered redraws -----------------------------------------------------------------------
async def test_a_slow_redraw_never_covers_a_newer_board(env) -> None:
    world = make_world(env)
    faults = install(env)
    match_id, board = await start(env, world, "cartographer", seed=8)
    service = env.bot.service
    versions = []
    for _ in range(2):  # two moves saved; their redraws are still to come
        move = (await service.legal_moves(match_id, world.alice.id))[0]
        versions.append((await service.play(match_id, world.alice.id, move)).final)
    # the older redraw goes first and is slow on the network; the newer one is fast
    faults.delay("PATCH", f"/channels/{world.channel.id}/messages/{board.id}", 1.0)
    loop = asyncio.get_running_loop()
    tasks = [loop.create_task(redraw_board(env.bot, match, locale="en")) for match in versions]
    await env.advance_time(2)
    await asyncio.gather(*tasks)
    shown = await board_message(env, world, match_id)
    newest = versions[-1]
    assert f"step {newest.steps}" in board_text(shown)
    assert all(f":{newest.version}:" in c for c in custom_ids(shown) if c.startswith("tt:mv:"))
