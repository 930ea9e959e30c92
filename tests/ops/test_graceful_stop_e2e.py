"""The bot's metrics and its graceful stop, played through the bot (simcord).

A move's interaction is counted under its command and outcome, with its stages timed; a
refused one under ``refused``. On a graceful stop (what SIGTERM starts) a move whose
database write is under way still finishes and is confirmed, a new interaction is answered
"restarting" and changes nothing, readiness turns false, and the bot closes.
"""

from __future__ import annotations

import asyncio
from dataclasses import replace
from typing import Any

import pytest
from prometheus_client import REGISTRY

from storage import StoreBusy
from tests.cogs.commands.test_acknowledged_first import SETTLE, stall_store
from tests.cogs.helpers import make_world, private_text


def sample(name: str, **labels: str) -> float:
    return REGISTRY.get_sample_value(name, labels) or 0.0


def stage_count(stage: str) -> float:
    return sample("tabletop_stage_seconds_count", stage=stage)


async def test_moves_are_counted_by_command_and_outcome_with_their_stages(env) -> None:
    world = make_world(env)
    alice, channel = world.alice, world.channel
    await alice.slash(channel, "game new", game="cartographer")
    hint = await alice.slash(channel, "hint")
    move = private_text(hint).split("`")[1]
    ok, refused = (
        sample("tabletop_interactions_total", command="play", outcome="ok"),
        sample("tabletop_interactions_total", command="play", outcome="refused"),
    )
    stages = {s: stage_count(s) for s in ("acknowledge", "store", "render", "reply")}

    await alice.slash(channel, "play", move=move)
    await alice.slash(channel, "play", move="not a move")

    assert sample("tabletop_interactions_total", command="play", outcome="ok") == ok + 1
    assert sample("tabletop_interactions_total", command="play", outcome="refused") == refused + 1
    assert stage_count("acknowledge") == stages["acknowledge"] + 2  # both acknowledged first
    assert stage_count("store") == stages["store"] + 1  # one write: the refused move has none
    assert stage_count("render") > stages["render"]
    assert stage_count("reply") > stages["reply"]  # the refusal's private answer
    env.bot.refresh_gauges()  # what a scrape of /metrics does first
    assert sample("tabletop_interactions_in_flight") == 0


async def test_a_graceful_stop_finishes_the_move_under_way_and_refuses_new_ones(
    env, monkeypatch: pytest.MonkeyPatch
) -> None:
    world = make_world(env)
    alice, channel, service = world.alice, world.channel, env.bot.service
    await alice.slash(channel, "game new", game="cartographer")
    (match,) = await service.find_matches(alice.id, channel.id)
    move = private_text(await alice.slash(channel, "hint")).split("`")[1]
    assert (await env.bot.readiness())["accepting"]
    # the bound is far off: what is tested is that the stop waits for the move
    env.bot.settings = replace(env.bot.settings, stop_timeout=10 * SETTLE)
    stall_store(env)  # every database call now takes 90 s of virtual time
    released: list[int] = []
    release_claims = service.release_claims

    async def releasing() -> int:
        released.append(await release_claims())
        return released[-1]

    monkeypatch.setattr(service, "release_claims", releasing)

    under_way = await alice.slash(channel, "play", move=move)
    assert under_way.acknowledged and env.bot.intake.under_way > 0  # its write is waiting
    stopping = asyncio.ensure_future(env.bot.stop_gracefully())
    await asyncio.sleep(0)
    refused_before = sample("tabletop_interactions_total", command="play", outcome="stopping")
    late = await alice.slash(channel, "play", move=move)
    assert "restarting" in private_text(late) and late.ephemeral
    assert (
        sample("tabletop_interactions_total", command="play", outcome="stopping")
        == refused_before + 1
    )

    await env.advance_time(SETTLE)  # the database answers: the move under way finishes
    await stopping
    assert env.bot.is_closed() and env.bot.intake.under_way == 0
    assert released == [0]  # the claims still held were given back (none here)
    assert not any((await env.bot.readiness()).values())
    reopened: Any = type(service)  # the committed state, read again from the database
    fresh = await reopened.open(env.bot.settings.database_url)
    try:
        assert (await fresh.get(match.id)).steps == 1  # the move under way; the late one not
    finally:
        await fresh.close()


async def test_readiness_and_the_scraped_gauges_read_the_running_bot(
    env, monkeypatch: pytest.MonkeyPatch
) -> None:
    bot = env.bot
    connection = type("Gateway", (), {"open": True})()
    monkeypatch.setattr(bot, "ws", connection)  # simcord has no gateway socket of its own
    assert await bot.readiness() == {"accepting": True, "gateway": True, "database": True}
    connection.open = False  # a dropped gateway connection
    assert (await bot.readiness())["gateway"] is False
    monkeypatch.setattr(type(bot), "latency", property(lambda _bot: 0.042))
    bot.refresh_gauges()
    assert sample("tabletop_gateway_latency_seconds", shard="0") == 0.042
    assert sample("tabletop_queue_length", queue="replays") == 0.0


async def test_a_database_refusal_is_counted_under_its_code(
    env, monkeypatch: pytest.MonkeyPatch
) -> None:
    world = make_world(env)
    alice, channel = world.alice, world.channel
    await alice.slash(channel, "game new", game="cartographer")
    move = private_text(await alice.slash(channel, "hint")).split("`")[1]
    busy, store = (
        sample("tabletop_store_refusals_total", code="store_busy"),
        sample("tabletop_interactions_total", command="play", outcome="store"),
    )

    async def save(*_args: Any, **_kwargs: Any) -> None:
        raise StoreBusy()

    monkeypatch.setattr(env.bot.service.store, "save", save)
    refused = await alice.slash(channel, "play", move=move)
    assert "busy" in private_text(refused)
    assert sample("tabletop_store_refusals_total", code="store_busy") == busy + 1
    assert sample("tabletop_interactions_total", command="play", outcome="store") == store + 1
