"""``/game pause`` and ``/game resume`` in Discord: each person's request shows on the board,
the clock stops once both asked, and the board says the match is paused."""

from __future__ import annotations

import pytest

from tests.cogs.helpers import board_message, board_text, make_world, private_text, seated_pair


@pytest.mark.postgres  # the pause stored with the match
async def test_both_people_pause_and_the_board_says_so(env) -> None:
    world = make_world(env)
    service = env.bot.service
    match_id = await seated_pair(env, world)
    await world.alice.slash(world.channel, "game show")

    asked = await world.alice.slash(world.channel, "game pause")
    assert "once everyone" in private_text(asked)
    board = await board_message(env, world, match_id)
    text = board_text(board)
    assert "Pause asked by " in text and " alice; waiting for " in text and " bob (" in text
    stranger = env.create_user("carol")
    carol = world.guild.add_member(stranger)
    refused = await carol.slash(world.channel, "game pause", match=match_id)
    assert private_text(refused)  # not theirs: refused privately, nothing changes

    agreed = await world.bob.slash(world.channel, "game pause")
    assert "paused" in private_text(agreed)
    match = await service.get(match_id)
    # No reminder, no expiry: the only timer left is the pause running out (in 7 days).
    assert match.paused_at is not None and match.timer_at == match.paused_at + 7 * 24 * 3600
    board = await board_message(env, world, match_id)
    assert "The turn clock is paused" in board_text(board)
