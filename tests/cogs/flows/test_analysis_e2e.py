"""Par at the end of a solo game and ``/review`` of a finished one, through the real bot."""

from __future__ import annotations

import pytest

from gamecore.analysis.outcome import rank
from gamecore.analysis.par import compute_par
from gamecore.registry import get_game
from tests.cogs.helpers import (
    assert_png,
    board_message,
    custom_ids,
    make_world,
    play_by_hints,
    start,
)


@pytest.mark.parametrize("backend", ["sqlite"], indirect=True)  # storage is not what this tests
async def test_a_finished_solo_game_shows_par_and_can_be_reviewed_by_its_player_only(env) -> None:
    world = make_world(env)
    match_id, _ = await start(env, world, "dungeon-delver", seed=2)
    live = await world.alice.slash(world.channel, "review", id=match_id)
    assert live.ephemeral and "still running" in live.response.content
    played = await play_by_hints(env, world, match_id)
    match = await env.bot.service.get(match_id)
    # Par, privately, with the figures gamecore computes for this deal and result.
    texts = [m.content for m in (played.response, *played.followups)]
    (said,) = [text for text in texts if "Par for this deal" in text]
    assert all(m.ephemeral for m in played.followups)
    par = compute_par(
        "dungeon-delver", 2, mine=rank(get_game("dungeon-delver"), match.state), plays=40
    )
    heuristic = par.computers[0]
    assert f"wins this deal in {100 * heuristic.win_rate:.1f}% of 40 plays" in said
    assert f"beats {round(100 * heuristic.beaten / 40)}% of those plays" in said
    # The review: only for the player, once the match has ended.
    review = await world.alice.slash(world.channel, "review")
    assert review.ephemeral
    embed = review.response.embeds[0]
    assert embed.title == f"Review of match {match_id}: Dungeon Delver"
    assert "decisions" in embed.description and "standard error" in embed.description
    assert_png(await review.response.attachments[0].read())
    assert review.response.attachments[0].description.startswith("Chart of the value")
    other = await world.bob.slash(world.channel, "review", id=match_id)
    assert other.ephemeral and "Only the people who played" in other.response.content
    choices = await world.alice.autocomplete(world.channel, "review", "id", "")
    assert [c["value"] for c in choices] == [match_id]
    # The finished board's Review button: the same review for the player, a refusal for others.
    board = await board_message(env, world, match_id)
    version = (await env.bot.service.get(match_id)).version
    read = f"tt:do:{match_id}:{version}:read"  # Read the board stays on a finished board
    assert custom_ids(board) == [f"tt:pa:{match_id}", f"tt:rv:{match_id}", read]
    clicked = await world.alice.click(board, custom_id=f"tt:rv:{match_id}")
    assert clicked.ephemeral and clicked.response.embeds[0].title == embed.title
    assert clicked.response.embeds[0].fields[0].value == embed.fields[0].value
    refused = await world.bob.click(board, custom_id=f"tt:rv:{match_id}")
    assert refused.ephemeral and "Only the people who played" in refused.response.content
    assert (
        await board_message(env, world, match_id)
    ).id == board.id  # the board itself is untouched
