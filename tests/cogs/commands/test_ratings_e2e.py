"""Ratings in Discord: ``/stats`` shows each rating, the rank in this server and a chart in
the reader's language; ``/leaderboard`` of a multiplayer game ranks settled players by
rating and lists the provisional ones apart."""

from __future__ import annotations

from typing import Any

import pytest

from tests.cogs.helpers import assert_png, japanese, make_world

GAME = "drop-four"


async def play_a_match(env: Any, world: Any, winner: Any, loser: Any) -> None:
    """A rated Drop Four match (no chosen seed) that ``winner`` wins by a column of four."""
    service = env.bot.service
    lobby = await service.new_match(GAME, world.guild.id, world.channel.id, winner.id)
    await service.lobby_join(lobby.id, loser.id)
    match = await service.lobby_start(lobby.id, winner.id)
    while match.status == "playing":
        user = match.seats[match.to_move[0]].user_id
        move = "a" if user == winner.id else "bc"[match.steps // 2 % 2]  # b, c, b, c: no four
        match = (await service.play(match.id, user, move)).final
    assert match.seats[match.result["winners"][0]].user_id == winner.id


@pytest.mark.postgres  # ratings and statistics queries
async def test_stats_and_leaderboard_show_ratings(env, monkeypatch) -> None:
    world = make_world(env)
    await play_a_match(env, world, world.alice, world.bob)

    stats = await world.alice.slash(world.channel, "stats", game=GAME)
    assert stats.ephemeral
    embed = stats.response.embeds[0]
    lines = embed.fields[0].value.splitlines()
    assert "Rating 1605? ± 323 · provisional (1 rated)" in lines
    assert "All servers: rating 1605? ± 323 · 1 rated" in lines
    assert embed.image.url == "attachment://rating.png"
    (chart,) = stats.response.attachments
    assert chart.description.startswith("Rating history in")
    assert_png(await chart.read())

    board = await world.bob.slash(world.channel, "leaderboard", game=GAME)
    text = board.response.embeds[0].description
    assert "**Provisional" in text  # nobody settled after one match: listed apart
    assert text.index(f"<@{world.alice.id}> — 1605? ± 323") < text.index(
        f"<@{world.bob.id}> — 1395? ± 323"
    )

    with japanese(monkeypatch, {world.bob.id}):
        mine = await world.bob.slash(world.channel, "stats", game=GAME)
    lines = mine.response.embeds[0].fields[0].value.splitlines()
    assert "レーティング 1395? ± 323 · 暫定（評価対局1）" in lines
    assert (
        "のレーティングの推移: 評価対局1局のあと 1395? ± 323"
        in mine.response.attachments[0].description
    )
