"""Load shedding at the door, played through the bot (simcord).

While ``MAX_IN_FLIGHT`` interactions are under way in the process, a newcomer is answered
at once, privately, that the bot is too busy and nothing was done: it reaches no command,
no game and no database, and is counted under the outcome ``shed``. Once the work under
way has finished, the same interaction is played as usual. Counts only, no clocks: the
database is held with simcord's virtual time.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from prometheus_client import REGISTRY

from bot import DEFAULT_MAX_IN_FLIGHT, Settings, SettingsError, main
from tests.cogs.commands.test_acknowledged_first import SETTLE, stall_store
from tests.cogs.helpers import make_world, private_text


def shed(command: str) -> float:
    labels = {"command": command, "outcome": "shed"}
    return REGISTRY.get_sample_value("tabletop_interactions_total", labels) or 0.0


async def test_a_full_door_turns_a_move_away_before_any_work(env) -> None:
    world = make_world(env)
    alice, bob, channel, service = world.alice, world.bob, world.channel, env.bot.service
    await alice.slash(channel, "game new", game="cartographer")
    await bob.slash(channel, "game new", game="cartographer")
    (mine,) = await service.find_matches(alice.id, channel.id)
    (theirs,) = await service.find_matches(bob.id, channel.id)
    alice_move = private_text(await alice.slash(channel, "hint")).split("`")[1]
    bob_move = private_text(await bob.slash(channel, "hint")).split("`")[1]
    env.bot.settings = replace(env.bot.settings, max_in_flight=1)
    stall_store(env)  # every database call now waits: alice's move stays under way
    calls: list[str] = []
    save = service.store.save

    async def counted_save(*args, **kwargs):  # type: ignore[no-untyped-def]
        calls.append(args[0].id)
        return await save(*args, **kwargs)

    service.store.save = counted_save  # type: ignore[method-assign]

    under_way = await alice.slash(channel, "play", move=alice_move)
    assert under_way.acknowledged and env.bot.interactions_under_way == 1
    env.bot.refresh_gauges()  # what a scrape of /metrics does first
    assert REGISTRY.get_sample_value("tabletop_interactions_in_flight") == 1
    before = shed("play")
    turned = await bob.slash(channel, "play", move=bob_move)

    assert "too much to do" in private_text(turned) and turned.ephemeral
    assert shed("play") == before + 1
    await env.advance_time(SETTLE)  # the database answers: alice's move finishes
    assert env.bot.interactions_under_way == 0
    assert calls == [mine.id]  # bob's move reached no database
    assert (await service.get(mine.id)).steps == 1
    assert (await service.get(theirs.id)).steps == 0  # nothing of it was done

    again = await bob.slash(channel, "play", move=bob_move)  # the door is free again
    assert again.acknowledged and "too much to do" not in private_text(again)
    await env.advance_time(SETTLE)
    assert (await service.get(theirs.id)).steps == 1
    assert shed("play") == before + 1


def test_the_bound_is_a_setting() -> None:
    assert Settings.from_env({}).max_in_flight == DEFAULT_MAX_IN_FLIGHT
    assert Settings.from_env({"MAX_IN_FLIGHT": "0"}).max_in_flight == 0  # no bound
    assert Settings.from_env({"MAX_IN_FLIGHT": "250"}).max_in_flight == 250
    with pytest.raises(SettingsError):
        Settings.from_env({"MAX_IN_FLIGHT": "-5"})


def test_a_wrong_bound_is_one_line_and_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main({"DISCORD_TOKEN": "token", "MAX_IN_FLIGHT": "lots"}) == 2
    assert (
        capsys.readouterr().err
        == "MAX_IN_FLIGHT must be a whole number (0: no bound), not 'lots'.\n"
    )
