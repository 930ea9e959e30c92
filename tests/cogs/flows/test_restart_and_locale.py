"""Restarts on the same database, outdated boards, Japanese replies, /rules paging."""

from __future__ import annotations

import discord
import pytest

from cogs.ui.board import move_words
from i18n import t
from tests.cogs.helpers import (
    assert_board_png,
    board_message,
    board_text,
    custom_ids,
    japanese,
    make_world,
    posted,
    private_text,
    select_options,
    start,
)


def first_move(message) -> tuple[str, str]:
    custom_id, values = next(iter(select_options(message).items()))
    return custom_id, values[0]


@pytest.mark.postgres  # the match across a restart
async def test_a_match_continues_after_a_restart_old_buttons_included(env, make_bot) -> None:
    world = make_world(env)
    match_id, message = await start(env, world, "cartographer", seed=21)
    custom_id, move = first_move(message)
    await world.alice.select(message, [move], custom_id=custom_id)
    before = await env.bot.service.get(match_id)

    await env.bot.close()
    await env.restart_bot(make_bot())

    board = await board_message(env, world, match_id)  # posted by the old bot
    assert (await env.bot.service.get(match_id)).version == before.version
    custom_id, move = first_move(board)
    clicked = await world.alice.select(board, [move], custom_id=custom_id)
    assert clicked.response.id == board.id
    after = await env.bot.service.get(match_id)
    assert after.steps == before.steps + 1
    await assert_board_png(await board_message(env, world, match_id))
    typed = await world.alice.slash(
        world.channel, "play", move=first_move(await board_message(env, world, match_id))[1]
    )
    assert typed.ephemeral and (await env.bot.service.get(match_id)).steps == before.steps + 2


async def test_a_click_on_an_outdated_board_says_so(env, monkeypatch) -> None:
    world = make_world(env)
    match_id, old_board = await start(env, world, "cartographer", seed=4)

    async def kept(*_args: object, **_kwargs: object) -> None:
        """The earlier copy's deletion did not happen (e.g. Discord failed it)."""

    monkeypatch.setattr(discord.PartialMessage, "delete", kept)
    shown = await world.alice.slash(world.channel, "game show")
    new_board = posted(shown)
    assert new_board.id != old_board.id and custom_ids(new_board)
    custom_id, move = first_move(new_board)
    await world.alice.select(new_board, [move], custom_id=custom_id)
    version = (await env.bot.service.get(match_id)).version

    custom_id, move = first_move(old_board)
    stale = await world.alice.select(old_board, [move], custom_id=custom_id)
    assert "out of date" in private_text(stale)
    assert (await env.bot.service.get(match_id)).version == version


async def test_replies_follow_the_user_and_server_languages(env, monkeypatch) -> None:
    world = make_world(env)
    with japanese(monkeypatch, {world.alice.id}, {world.guild.id}):
        result = await world.alice.slash(world.channel, "game new", game="cartographer", seed=2)
        board = result.response.message
        assert t("game.cartographer.name", "ja") in board_text(board)
        assert t("game.cartographer.name", "en") not in board_text(board)
        assert "手番" in board_text(board)
        refused = await world.alice.slash(world.channel, "play", move="reveal A1 2C A2")
        assert "指せる手" in private_text(refused)
        hint = await world.alice.slash(world.channel, "hint")
        assert hint.response.content.startswith("ヒント")
    english = await world.bob.slash(world.channel, "play", move="exchange 2C")
    assert "no match in this channel" in english.response.content


async def test_rules_are_paged_with_buttons(env, monkeypatch) -> None:
    world = make_world(env)
    shown = await world.alice.slash(world.channel, "rules", game="cartographer")
    assert shown.ephemeral
    first = shown.response.message
    assert first.embeds[0].footer.text.startswith("Page 1/")
    following = await world.alice.click(first, custom_id="tt:rules:cartographer:1")
    assert following.response.embeds[0].footer.text.startswith("Page 2/")
    assert following.response.embeds[0].description != first.embeds[0].description
    with japanese(monkeypatch, {world.bob.id}):
        ja = await world.bob.slash(world.channel, "rules", game="cartographer")
        assert ja.response.embeds[0].footer.text.startswith("1/")


@pytest.mark.postgres  # the leaderboard query
async def test_leaderboard_lists_the_winner_publicly(env) -> None:
    world = make_world(env)
    match_id, message = await start(env, world, "cartographer", seed=None)
    await world.alice.slash(world.channel, "game resign")
    assert (await env.bot.service.get(match_id)).status == "finished"
    board = await board_message(env, world, match_id)
    # play again, review, read the board
    finished = await env.bot.service.get(match_id)
    read = f"tt:do:{match_id}:{finished.version}:read"
    assert custom_ids(board) == [f"tt:pa:{match_id}", f"tt:rv:{match_id}", read]
    shown = await world.bob.slash(world.channel, "leaderboard", game="cartographer")
    assert not shown.ephemeral
    assert f"<@{world.alice.id}>" in shown.response.embeds[0].description
    listed = await world.alice.slash(world.channel, "game list")
    assert "no running match" in private_text(listed)


async def test_a_lost_board_message_is_posted_again(env) -> None:
    world = make_world(env)
    match_id, message = await start(env, world, "cartographer", seed=6)
    await env.bot.service.set_board_message(match_id, message.id + 999)  # as if deleted
    move = (await env.bot.service.legal_moves(match_id, world.alice.id))[0]
    played = await world.alice.slash(world.channel, "play", move=move)
    assert played.ephemeral
    match = await env.bot.service.get(match_id)
    assert match.board_message_id not in (message.id, message.id + 999)
    board = await board_message(env, world, match_id)
    assert move_words("cartographer", move, "en").split(" (`")[0] in board_text(board)  # in words
    await assert_board_png(board)
