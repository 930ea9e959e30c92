"""A Speiderne table: lobby buttons, private hands, turn mentions, computer seats."""

from __future__ import annotations

from collections import OrderedDict

import pytest

import renderer
from cogs.ui.seats import seat_label
from tests.cogs.helpers import (
    assert_board_png,
    assert_png,
    board_text,
    components,
    custom_ids,
    make_world,
    notice,
    posted,
    posts,
    private_text,
    select_options,
)

GAME = "speiderne"


async def open_table(env, world):
    opened = await world.alice.slash(world.channel, "game new", game=GAME, seed=9)
    lobby = opened.response.message
    (match,) = await env.bot.service.find_matches(world.alice.id, world.channel.id)
    assert match.status == "lobby" and match.board_message_id == lobby.id
    assert f"tt:lb:{match.id}:join" in custom_ids(lobby)
    return match.id, lobby


async def test_lobby_buttons_seat_people_and_computers_then_start(env) -> None:
    world = make_world(env)
    match_id, lobby = await open_table(env, world)
    start_button = next(c for c in components(lobby) if c["custom_id"].endswith(":start"))
    assert start_button["disabled"]  # one seat: below the minimum
    joined = await world.bob.click(lobby, custom_id=f"tt:lb:{match_id}:join")
    assert "bob" in board_text(joined.response)
    early = await world.bob.click(lobby, custom_id=f"tt:lb:{match_id}:start")
    assert "host" in private_text(early)
    again = await world.bob.click(lobby, custom_id=f"tt:lb:{match_id}:join")
    assert "already" in private_text(again)
    await world.alice.click(lobby, custom_id=f"tt:lb:{match_id}:addcpu")
    match = await env.bot.service.get(match_id)
    assert [s.is_computer for s in match.seats] == [False, False, True]
    await world.alice.click(lobby, custom_id=f"tt:lb:{match_id}:rmcpu")
    assert len((await env.bot.service.get(match_id)).seats) == 2

    await world.alice.click(lobby, custom_id=f"tt:lb:{match_id}:start")
    match = await env.bot.service.get(match_id)
    assert match.status == "playing"
    # the lobby became the board; the turn ping went out on top of it, at the bottom
    *_, board = world.channel.history()
    assert board.id == match.board_message_id and lobby.id not in [
        m.id for m in world.channel.history()
    ]
    await assert_board_png(board)
    assert select_options(board) == {}  # no moves in public: they could reveal a hand
    mover = world.alice if match.seats[match.to_move[0]].user_id == world.alice.id else world.bob
    other = world.bob if mover is world.alice else world.alice
    assert f"<@{mover.id}>" in notice(board) and "the board below" in notice(board)

    version = match.version
    hand = await mover.click(board, custom_id=f"tt:do:{match_id}:{version}:hand")
    assert hand.ephemeral
    assert_png(await hand.response.attachments[0].read())
    menus = select_options(hand.response.message)
    assert menus
    refused = await other.slash(world.channel, "play", move=next(iter(menus.values()))[0])
    assert refused.ephemeral and (await env.bot.service.get(match_id)).version == version

    custom_id, moves = next(iter(menus.items()))
    await mover.select(hand.response.message, [moves[0]], custom_id=custom_id)
    after = await env.bot.service.get(match_id)
    assert after.steps == match.steps + 1


async def test_computer_seats_move_after_a_pause(env) -> None:
    env.bot.computer_delay = 600.0  # beyond simcord's settle window: only advance_time runs it
    world = make_world(env)
    match_id, lobby = await open_table(env, world)
    await world.alice.click(lobby, custom_id=f"tt:lb:{match_id}:addcpu")
    await world.alice.click(lobby, custom_id=f"tt:lb:{match_id}:start")
    computer_moves = 0
    for _ in range(8):
        match = await env.bot.service.get(match_id)
        if match.awaits_computer:
            await env.advance_time(10)
            assert (await env.bot.service.get(match_id)).steps == match.steps  # still pausing
            await env.advance_time(600)
            after = await env.bot.service.get(match_id)
            assert after.steps > match.steps
            computer_moves += 1
            board = next(m for m in world.channel.history() if m.id == after.board_message_id)
            assert "🤖" in board_text(board)
            await assert_board_png(board)
            continue
        move = (await env.bot.service.legal_moves(match_id, world.alice.id))[0]
        played = await world.alice.slash(world.channel, "play", move=move)
        assert played.ephemeral
    assert computer_moves >= 2


async def test_turn_clock_reminds_then_moves_for_the_late_player(env) -> None:
    world = make_world(env)
    match_id, lobby = await open_table(env, world)
    await world.bob.click(lobby, custom_id=f"tt:lb:{match_id}:join")
    await world.alice.click(lobby, custom_id=f"tt:lb:{match_id}:start")
    match = await env.bot.service.get(match_id)
    late = match.seats[match.to_move[0]].user_id
    now = match.turn_deadline - match.turn_limit
    env.bot.service.clock = lambda: now + match.turn_limit * 0.6
    await env.advance_time(61)  # the clock cog looks every minute
    assert any(
        "half of your time" in content and f"<@{late}>" in content for content in posts(world)
    )
    assert (await env.bot.service.get(match_id)).steps == match.steps
    env.bot.service.clock = lambda: now + match.turn_limit + 1
    await env.advance_time(61)
    assert any("time ran out" in content for content in posts(world))
    after = await env.bot.service.get(match_id)
    assert after.steps > match.steps
    board = next(m for m in world.channel.history() if m.id == after.board_message_id)
    assert "ran out of time" in board_text(board)


async def test_game_options_are_checked_privately_and_applied(env) -> None:
    world = make_world(env)
    suggestions = await world.alice.autocomplete(
        world.channel, "game new", "options", "mode=b", game="cartolan"
    )
    assert [c["value"] for c in suggestions] == ["mode=beginner"]
    wrong = await world.alice.slash(
        world.channel, "game new", game="cartolan", options="mode=impossible"
    )
    assert "mode can only be: beginner" in private_text(wrong)
    garbled = await world.alice.slash(
        world.channel, "game new", game="cartolan", options="beginner"
    )
    assert "name=value" in private_text(garbled)
    assert await env.bot.service.find_matches(world.alice.id) == []
    opened = await world.alice.slash(
        world.channel, "game new", game="cartolan", options="mode=beginner preset=modern"
    )
    assert not opened.ephemeral
    (match,) = await env.bot.service.find_matches(world.alice.id)
    assert match.options["mode"] == "beginner" and match.options["preset"] == "modern"


async def test_a_reposted_lobby_replaces_the_old_one(env) -> None:
    world = make_world(env)
    match_id, old_lobby = await open_table(env, world)
    shown = await world.alice.slash(world.channel, "game show")
    new_lobby = posted(shown)
    assert new_lobby.id != old_lobby.id and f"tt:lb:{match_id}:join" in custom_ids(new_lobby)
    assert old_lobby.id not in {m.id for m in world.channel.history()}  # one lobby in view
    joined = await world.bob.click(new_lobby, custom_id=f"tt:lb:{match_id}:join")
    assert joined.acknowledged
    current = next(m for m in world.channel.history() if m.id == new_lobby.id)
    assert "bob" in board_text(current)
    cancelled = await world.alice.click(current, custom_id=f"tt:lb:{match_id}:cancel")
    assert cancelled.acknowledged and (await env.bot.service.get(match_id)).status == "abandoned"
    current = next(m for m in world.channel.history() if m.id == new_lobby.id)
    assert "cancelled" in board_text(current) and custom_ids(current) == []


async def test_the_lobby_shows_the_chosen_options(env) -> None:
    world = make_world(env)
    opened = await world.alice.slash(world.channel, "game new", game=GAME, options="max_rounds=12")
    text = board_text(opened.response)
    assert "**Options**" in text and "**Rounds at most**: 12" in text


async def test_pictures_are_drawn_from_views_that_hide_other_hands(env, monkeypatch) -> None:
    drawn: list[tuple[str, dict]] = []
    real_board, real_hand = renderer.render_board, renderer.render_hand

    def spy_board(game_id, view, locale="en"):
        drawn.append(("board", view))
        return real_board(game_id, view, locale)

    def spy_hand(game_id, view, locale="en"):
        drawn.append(("hand", view))
        return real_hand(game_id, view, locale)

    monkeypatch.setattr(renderer, "render_board", spy_board)
    monkeypatch.setattr(renderer, "render_hand", spy_hand)
    monkeypatch.setattr("cogs.ui.board._PICTURES", OrderedDict())  # draw everything afresh
    world = make_world(env)
    match_id, lobby = await open_table(env, world)
    await world.bob.click(lobby, custom_id=f"tt:lb:{match_id}:join")
    await world.alice.click(lobby, custom_id=f"tt:lb:{match_id}:start")
    match = await env.bot.service.get(match_id)
    board = next(m for m in world.channel.history() if m.id == match.board_message_id)
    await world.bob.click(board, custom_id=f"tt:do:{match_id}:{match.version}:hand")
    boards = [v for kind, v in drawn if kind == "board"]
    hands = [v for kind, v in drawn if kind == "hand"]
    assert boards and all("hand" not in v and v["viewer"] is None for v in boards)
    bob_seat = match.seat_of(world.bob.id)
    assert hands and all(v["viewer"] == bob_seat for v in hands)


@pytest.mark.postgres  # the action log read back
async def test_a_person_coming_back_sees_every_computer_turn_since_their_own_move(env) -> None:
    """Two computer seats in a row: the board the person comes back to shows each computer's
    turn (badge and name), not only the last one's; their own earlier move has given way."""
    world = make_world(env)
    match_id, lobby = await open_table(env, world)
    for _ in range(2):
        await world.alice.click(lobby, custom_id=f"tt:lb:{match_id}:addcpu")
    await world.alice.click(lobby, custom_id=f"tt:lb:{match_id}:start")
    checked, moved = 0, False
    for _ in range(12):
        match = await env.bot.service.get(match_id)
        if match.status != "playing":
            break
        me = match.seat_of(world.alice.id)
        computers = [s for s in range(3) if s != me]
        board = next(m for m in world.channel.history() if m.id == match.board_message_id)
        lines = board_text(board).splitlines()
        if moved and match.to_move == (me,):
            for seat in computers:  # "🤖 **② Heuristic (computer)**: …" for each of them
                label = f"🤖 **{seat_label(match, seat, 'en')}**"
                assert any(line.startswith(label) for line in lines), "\n".join(lines)
            mine = f"**{seat_label(match, me, 'en')}**"  # seen: given way
            assert not any(line.startswith(mine) for line in lines), lines
            checked += 1
        move = (await env.bot.service.legal_moves(match_id, world.alice.id))[0]
        await world.alice.slash(world.channel, "play", move=move)
        moved = True
    assert checked >= 2
