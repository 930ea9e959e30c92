"""Endings that close (simcord): a finished solo board offers Play again (same game, a new
deal, for its player only); a withdrawn pause request says it was withdrawn; a paused board
keeps what happened last. (Everyone resigning: tests/hardening/test_fair_play.py.)"""

from __future__ import annotations

from typing import Any

from tests.cogs.helpers import (
    board_message,
    board_text,
    custom_ids,
    make_world,
    notice,
    private_text,
    seated_pair,
    start,
)


async def test_a_finished_solo_board_offers_play_again(env) -> None:
    world = make_world(env)
    service = env.bot.service
    match_id, _ = await start(env, world, "cartographer", seed=3)
    await world.alice.slash(world.channel, "game resign")
    board = await board_message(env, world, match_id)
    assert f"tt:pa:{match_id}" in custom_ids(board)
    refused = await world.bob.click(board, custom_id=f"tt:pa:{match_id}")
    assert "no seat" in private_text(refused)
    assert await service.find_matches(world.bob.id) == []
    await world.alice.click(board, custom_id=f"tt:pa:{match_id}")
    (again,) = await service.find_matches(world.alice.id, world.channel.id)
    old = await service.get(match_id)
    assert again.id != match_id and again.game_id == "cartographer"
    assert again.status == "playing" and again.seed != old.seed and not again.practice
    assert again.board_message_id in {m.id for m in world.channel.history()}


async def two_people(env: Any, world: Any) -> str:
    match_id = await seated_pair(env, world)
    await world.alice.slash(world.channel, "game show")
    return match_id


async def test_a_withdrawn_pause_says_so_and_a_paused_board_keeps_its_last_moves(env) -> None:
    world = make_world(env)
    service = env.bot.service
    match_id = await two_people(env, world)
    match = await service.get(match_id)
    mover = world.alice if match.seats[match.to_move[0]].user_id == world.alice.id else world.bob
    move = (await service.legal_moves(match_id, mover.id))[0]
    await mover.slash(world.channel, "play", move=move)
    shown = await board_message(env, world, match_id)
    # what the board shows, less the turn notice on top (a redraw drops it: pinged once)
    before = board_text(shown).removeprefix(notice(shown)).strip().splitlines()

    asked = await world.alice.slash(world.channel, "game pause")
    assert "once everyone" in private_text(asked)
    withdrawn = await world.alice.slash(world.channel, "game resume")
    assert "withdrawn" in private_text(withdrawn) and "agreed" not in private_text(withdrawn)

    await world.alice.slash(world.channel, "game pause")
    await world.bob.slash(world.channel, "game pause")
    after = board_text(await board_message(env, world, match_id)).splitlines()
    assert "The turn clock is paused" in "\n".join(after)
    assert [line for line in before if line not in after] == []
