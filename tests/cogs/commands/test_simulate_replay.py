"""/simulate (table + chart) and /replay (the move list and the animated replay of an
ended match)."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image

from tests.cogs.helpers import assert_png, make_world, start
from tests.deadlines import HANG_GUARD

ROOT = Path(__file__).resolve().parents[3]


async def test_simulate_replies_with_a_table_and_a_chart(env) -> None:
    world = make_world(env)
    suggested = await world.alice.autocomplete(
        world.channel, "simulate", "players", "heuristic,r", game="cartographer"
    )
    assert [c["value"] for c in suggested] == ["heuristic,random"]
    done = await world.alice.slash(
        world.channel, "simulate", game="cartographer", games=12, players="heuristic"
    )
    assert not done.ephemeral
    embed = done.response.embeds[0]
    assert "12 games" in embed.title and "games: 12" in embed.description
    assert_png(await done.response.attachments[0].read())
    wrong = await world.alice.slash(
        world.channel, "simulate", game="cartographer", players="wizard"
    )
    assert wrong.ephemeral and "wizard" in wrong.response.content


@pytest.mark.postgres  # the action log read back
async def test_replay_gives_the_moves_of_an_ended_match_only(env, tmp_path) -> None:
    world = make_world(env)
    match_id, _ = await start(env, world, "cartographer", seed=8)
    for _ in range(3):
        move = (await env.bot.service.legal_moves(match_id, world.alice.id))[0]
        await world.alice.slash(world.channel, "play", move=move)
    early = await world.alice.slash(world.channel, "replay", id=match_id)
    assert early.ephemeral and "still running" in early.response.content
    await world.alice.slash(world.channel, "game resign")
    shown = await world.alice.slash(world.channel, "replay", id=match_id)
    assert shown.ephemeral and "--seed 8" in shown.response.embeds[0].description
    moves = (await shown.response.attachments[0].read()).decode()
    assert len(moves.splitlines()) == 3
    gif = await shown.response.attachments[1].read()
    animation = Image.open(io.BytesIO(gif))
    # a short match: the start, then one frame per logged step
    steps = (await env.bot.service.get(match_id)).steps
    assert animation.format == "GIF" and animation.n_frames == 1 + steps
    assert shown.response.embeds[0].image.url.endswith(".gif")
    path = tmp_path / "moves.txt"
    path.write_text(moves, encoding="utf-8")
    replayed = subprocess.run(
        [sys.executable, "-m", "gamecore", "replay", "cartographer", str(path), "--seed", "8"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=HANG_GUARD,
    )
    assert replayed.returncode == 0, replayed.stderr
