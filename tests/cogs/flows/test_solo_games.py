"""Solo games end to end through the real bot (simcord): /game new → /play or clicks → end."""

from __future__ import annotations

import pytest

from gamecore.registry import get_game
from tests.cogs.helpers import (
    assert_board_png,
    assert_png,
    board_message,
    board_text,
    custom_ids,
    make_world,
    private_text,
    quoted,
    select_for,
    select_options,
    start,
)

#: Enough steps for any solo deal (a Cartographer pile has 23 cards; Dungeon Delver 31).
MAX_STEPS = 120
GAMES = ["cartographer", "dungeon-delver"]


async def finish_with_play(env, world, match_id: str) -> int:
    """Ask /hint and type the hinted move with /play until the match ends."""
    for step in range(MAX_STEPS):
        match = await env.bot.service.get(match_id)
        if match.status != "playing":
            return step
        hint = await world.alice.slash(world.channel, "hint")
        assert hint.ephemeral
        move = quoted(hint.response.content)
        played = await world.alice.slash(world.channel, "play", move=move)
        # The board in this channel shows the move, and the result once it ends: no
        # private "Played" line stays behind, the last move's included (its answer is par).
        after = await env.bot.service.get(match_id)
        answers = [m.content for m in (played.response, *played.followups) if m is not None]
        if after.status == "playing":
            assert played.ephemeral and answers == []
        else:
            assert [a.splitlines()[0] for a in answers] == ["**Par for this deal**"], answers
        assert after.steps > match.steps
    raise AssertionError("the game did not end")


async def finish_by_clicking(env, world, match_id: str) -> int:
    """Pick the first option of the first select on the board until the match ends."""
    for step in range(MAX_STEPS):
        message = await board_message(env, world, match_id)
        options = select_options(message)
        match = await env.bot.service.get(match_id)
        if match.status != "playing":
            assert options == {}  # a finished board has no menus left
            return step
        custom_id, values = next(iter(options.items()))
        clicked = await world.alice.select(message, [values[0]], custom_id=custom_id)
        assert clicked.response.id == message.id  # the board itself was edited
        assert_png(await clicked.response.attachments[0].read())  # every redraw has its picture
        assert (await env.bot.service.get(match_id)).steps > match.steps
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("game_id", GAMES)
async def test_a_seeded_game_played_to_the_end_with_play(env, game_id: str) -> None:
    world = make_world(env)
    match_id, message = await start(env, world, game_id, seed=7)
    await assert_board_png(message)
    steps = await finish_with_play(env, world, match_id)
    assert steps > 3
    final = await board_message(env, world, match_id)
    match = await env.bot.service.get(match_id)
    assert match.status == "finished" and match.result["result"] in ("won", "lost")
    verdict = "won!" if match.result["result"] == "won" else "lost."
    assert verdict in board_text(final)
    read = f"tt:do:{match_id}:{match.version}:read"  # Read the board stays on a finished board
    assert custom_ids(final) == [f"tt:pa:{match_id}", f"tt:rv:{match_id}", read]  # again, review
    await assert_board_png(final)
    stats = await world.alice.slash(world.channel, "stats")  # a chosen seed: practice
    assert stats.ephemeral and stats.response.embeds[0].description == "No finished matches yet."
    history = await world.alice.slash(world.channel, "history")
    assert match_id in history.response.embeds[0].description


@pytest.mark.parametrize("game_id", GAMES)
async def test_a_seeded_game_played_to_the_end_by_clicking(env, game_id: str) -> None:
    world = make_world(env)
    match_id, _ = await start(env, world, game_id, seed=11)
    steps = await finish_by_clicking(env, world, match_id)
    assert steps > 3
    await assert_board_png(await board_message(env, world, match_id))


async def test_autocomplete_offers_only_the_callers_legal_moves(env) -> None:
    world = make_world(env)
    match_id, _ = await start(env, world, "cartographer", seed=3)
    match = await env.bot.service.get(match_id)
    legal = set(get_game("cartographer").legal_notations(match.state, 0))
    everything = await world.alice.autocomplete(world.channel, "play", "move", "")
    assert {c["value"] for c in everything} == legal and len(everything) <= 25
    typed = await world.alice.autocomplete(world.channel, "play", "move", "exch")
    assert typed and all(c["value"].startswith("exchange") for c in typed)
    assert await world.bob.autocomplete(world.channel, "play", "move", "") == []


async def test_a_wrong_move_is_explained_privately_and_changes_nothing(env) -> None:
    world = make_world(env)
    match_id, message = await start(env, world, "cartographer", seed=3)
    before = await env.bot.service.get(match_id)
    refused = await world.alice.slash(world.channel, "play", move="reveal A1 2C A2")
    assert refused.ephemeral
    assert "You can play:" in refused.response.content and "`" in refused.response.content
    nonsense = await world.alice.slash(world.channel, "play", move="fly to the moon")
    assert nonsense.ephemeral and nonsense.response.content
    after = await env.bot.service.get(match_id)
    assert (after.version, after.steps, after.state) == (before.version, before.steps, before.state)
    assert (board_text(await board_message(env, world, match_id))) == board_text(message)


async def test_another_user_cannot_act_on_a_solo_match(env) -> None:
    world = make_world(env)
    match_id, message = await start(env, world, "cartographer", seed=3)
    before = await env.bot.service.get(match_id)
    move = next(iter(select_options(message).values()))[0]
    refused = await world.bob.select(message, [move], custom_id=select_for(message, move))
    assert "no seat" in private_text(refused)
    hint = await world.bob.click(message, custom_id=f"tt:do:{match_id}:{before.version}:hint")
    assert hint.ephemeral
    typed = await world.bob.slash(world.channel, "play", move=move)
    assert "no match in this channel" in private_text(typed)
    after = await env.bot.service.get(match_id)
    assert (after.version, after.state) == (before.version, before.state)


async def test_resigning_from_the_board_asks_first(env) -> None:
    world = make_world(env)
    match_id, message = await start(env, world, "cartographer", seed=5)
    version = (await env.bot.service.get(match_id)).version
    asked = await world.alice.click(message, custom_id=f"tt:do:{match_id}:{version}:resign")
    assert asked.ephemeral and (await env.bot.service.get(match_id)).status == "playing"
    confirm = asked.response.message
    done = await world.alice.click(confirm, custom_id=f"tt:do:{match_id}:{version}:confirm-resign")
    assert done.response.content == "You resigned."
    match = await env.bot.service.get(match_id)
    assert match.status == "finished" and match.result["result"] == "lost"
    board = await board_message(env, world, match_id)
    assert "resigned" in board_text(board) and custom_ids(board) == [
        f"tt:pa:{match_id}",
        f"tt:rv:{match_id}",
        f"tt:do:{match_id}:{match.version}:read",
    ]


@pytest.mark.postgres  # the history query
async def test_history_counts_a_single_step_in_the_singular(env) -> None:
    world = make_world(env)
    match_id, _ = await start(env, world, "cartographer", seed=5)
    move = (await env.bot.service.legal_moves(match_id, world.alice.id))[0]
    await world.alice.slash(world.channel, "play", move=move)
    await world.alice.slash(world.channel, "game resign")
    history = await world.alice.slash(world.channel, "history")
    line = history.response.embeds[0].description
    assert match_id in line and " · 1 step · " in line, line  # not "1 steps"
