"""Issue 7.3 end to end: forged component clicks reach the real bot through discord.py's own
dispatch (simcord). A forged click carries any custom_id and select value a modified client
could send: other matches, other versions, other users, malformed and over-long ids.

Every forged click on an id the bot's templates accept must be answered privately, change
nothing, and raise nothing inside the bot; ids no template accepts are dropped by discord.py
(counted, and nothing may change).
"""

from __future__ import annotations

import copy
import logging
import random

import pytest
from simcord import actors as simcord_actors

from cogs.ui.components import BOARD_ACTIONS
from tests.cogs.helpers import make_world, private_text, start
from tests.hardening.fuzzing import component_classes, route_custom_id

BUTTON, SELECT = 2, 3
#: Actions the bot puts in custom_ids (board buttons and lobby buttons).
DRAWN_ACTIONS = (*BOARD_ACTIONS, "join", "leave", "addcpu", "rmcpu", "start", "cancel")


async def forge(actor, message, custom_id: str, values: list[str] | None):
    """A click on a component with any custom_id (and select value). discord.py only
    dispatches ids that the clicked message carries, so the forged message carries it: the
    strongest case, a board of another match or version, or one no bot ever drew."""
    stored = simcord_actors._visible_message(actor, message)
    if values is None:
        component = {"type": BUTTON, "style": 2, "label": "x", "custom_id": custom_id}
    else:
        options = [{"label": v[:100] or "-", "value": v} for v in values]
        component = {
            "type": SELECT,
            "custom_id": custom_id,
            "options": options,
            "min_values": 1,
            "max_values": 1,
        }
    forged = copy.copy(stored)
    forged.components = [{"type": 1, "components": [component]}]
    data = {"custom_id": custom_id, "component_type": component["type"]}
    if values is not None:
        data["values"] = values
    return await simcord_actors._component_interaction(actor, forged, data)


def forged_ids(rng: random.Random, own: str, other: str, version: int) -> list[str]:
    ids = []
    for _ in range(25):
        match_id = rng.choice([own, other, own.upper(), "zzzzzz", own * 4, "a" * 24, ""])
        shown = rng.choice([version, version - 1, version + 1, 0, 999_999_999])
        ids.append(
            rng.choice(
                [
                    f"tt:mv:{match_id}:{shown}:{rng.randrange(5)}",
                    f"tt:do:{match_id}:{shown}:{rng.choice(['hint', 'resign', 'confirm-resign', 'hand', 'nope'])}",
                    f"tt:lb:{match_id}:{rng.choice(['join', 'leave', 'addcpu', 'rmcpu', 'start', 'cancel'])}",
                    f"tt:rules:{rng.choice(['cartographer', 'chess', 'x' * 24])}:{rng.randrange(1000)}",
                    f"tt:mv:{match_id}:{shown}:0" + "x" * rng.randrange(1, 90),
                    "".join(chr(rng.randrange(32, 0x2FFF)) for _ in range(rng.randrange(1, 100))),
                ]
            )
        )
    return ids


@pytest.mark.simcord(check_errors=False, settle_timeout=60.0)
async def test_forged_clicks_are_answered_privately_and_change_nothing(env, caplog) -> None:
    caplog.set_level(logging.WARNING, logger="tabletop")
    world = make_world(env)
    own, board = await start(env, world, "cartographer", seed=3)
    carol = world.guild.add_member(env.create_user("carol"))
    dave = world.guild.add_member(env.create_user("dave"))
    other_lobby = await carol.slash(world.channel, "game new", game="speiderne", seed=4)
    (other,) = await env.bot.service.find_matches(carol.id, world.channel.id)
    service = env.bot.service
    classes = component_classes()
    before = {m: (await service.get(m)).version for m in (own, other.id)}
    rng = random.Random(20261122)
    answered = dropped = unknown = 0
    problems: list[str] = []
    for custom_id in forged_ids(rng, own, other.id, before[own]):
        # bob and dave have no seat anywhere; alice hosts one match, carol the other
        for actor, message in ((world.bob, board), (dave, other_lobby.response.message)):
            routed = route_custom_id(custom_id, classes)
            values = ["reveal C3 AS C2"] if custom_id.startswith("tt:mv") else None
            if routed is None:
                values = None
            harmless = routed is None or not (
                routed.groups.get("action") == "join" and routed.groups.get("match") == other.id
            )
            result = await forge(actor, message, custom_id, values)
            if routed is None:
                dropped += 1
                if result.acknowledged:
                    problems.append(f"{custom_id!r}: answered although no template accepts it")
            elif routed.groups.get("action", "join") not in DRAWN_ACTIONS:
                unknown += 1  # an action the bot never draws: see the test below
            elif custom_id.startswith("tt:rules:") or not harmless:
                # a pager edits its own message; a stranger's join updates the lobby
                answered += 1
                if not result.acknowledged:
                    problems.append(f"{custom_id!r}: not answered")
            else:
                answered += 1
                if not (result.acknowledged and private_text(result)):
                    problems.append(
                        f"{actor.name} {custom_id!r}: not answered privately "
                        f"(acknowledged={result.acknowledged}, ephemeral={result.ephemeral})"
                    )
            if harmless:
                after = {m: (await service.get(m)).version for m in (own, other.id)}
                if after != before:
                    problems.append(f"{actor.name} {custom_id!r}: changed {before} -> {after}")
                    before = after
            else:  # a stranger joined carol's lobby: legitimate; leave again
                await service.lobby_leave(other.id, actor.id)
                before = {m: (await service.get(m)).version for m in (own, other.id)}
    errors = [repr(e)[:200] for e in env.errors] + [
        r.getMessage()[:200]
        for r in caplog.records
        if r.name.startswith("tabletop") and r.levelno >= logging.ERROR
    ]
    print(
        f"{answered} forged clicks answered, {dropped} dropped by discord.py, "
        f"{unknown} with an action the bot never draws"
    )
    assert answered > 12 and dropped > 3
    assert errors == []
    assert problems == []


@pytest.mark.simcord(check_errors=False, settle_timeout=60.0)
async def test_a_forged_hand_button_of_an_unknown_match_gets_a_clear_refusal(env, caplog) -> None:
    caplog.set_level(logging.WARNING, logger="tabletop")
    world = make_world(env)
    _, board = await start(env, world, "cartographer", seed=3)
    result = await forge(world.bob, board, "tt:do:zzzzzz:1:hand", None)
    assert result.acknowledged and "zzzzzz" in private_text(result)
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


@pytest.mark.simcord(settle_timeout=60.0)
async def test_a_forged_unknown_board_action_is_answered(env) -> None:
    world = make_world(env)
    own, board = await start(env, world, "cartographer", seed=3)
    version = (await env.bot.service.get(own)).version
    result = await forge(world.bob, board, f"tt:do:{own}:{version}:nope", None)
    assert result.acknowledged and result.ephemeral
