"""Issue 7.4 end to end: the public board the bot posts (text, embed and PNG) is the same,
byte for byte, when the hidden cards of a Speiderne table are swapped among themselves.

The match's state is replaced in the service's memory by one whose hands, deck and
undiscovered regions are shuffled (``tests/hardening/hidden.py``); ``/game show`` then
draws the board again through the bot's own path.
"""

from __future__ import annotations

import json
import random
from dataclasses import replace
from typing import Any

import pytest

from tests.cogs.helpers import make_world, posted
from tests.hardening.hidden import MODELS, permuted


async def public_board(actor: Any, channel: Any, match_id: str) -> tuple[Any, ...]:
    result = await actor.slash(channel, "game show", match=match_id)
    assert result.acknowledged
    message = posted(result)
    embeds = [e.to_dict() for e in message.embeds]
    for embed in embeds:
        embed.pop("timestamp", None)
    pictures = [await a.read() for a in message.attachments]
    components = json.dumps([row.to_dict() for row in message.components], sort_keys=True)
    for attachment in message.attachments:  # each post uploads the picture anew
        components = components.replace(attachment.url, attachment.filename)
    return message.content, json.dumps(embeds, sort_keys=True), pictures, components


async def private_hand(actor: Any, channel: Any, match_id: str) -> list[bytes]:
    result = await actor.slash(channel, "hand", match=match_id)
    assert result.ephemeral
    return [await a.read() for a in result.response.attachments]


@pytest.mark.simcord(settle_timeout=60.0)
@pytest.mark.parametrize("shuffle", [1, 2])
async def test_the_public_board_does_not_change_when_hidden_cards_are_swapped(env, shuffle):
    world = make_world(env)
    dave = world.guild.add_member(env.create_user("dave"))
    opened = await world.alice.slash(world.channel, "game new", game="speiderne", seed=12)
    (match,) = await env.bot.service.find_matches(world.alice.id, world.channel.id)
    await world.bob.click(opened.response.message, custom_id=f"tt:lb:{match.id}:join")
    await world.alice.click(opened.response.message, custom_id=f"tt:lb:{match.id}:start")
    service = env.bot.service
    match = await service.get(match.id)
    before = await public_board(dave, world.channel, match.id)
    hand_before = await private_hand(world.alice, world.channel, match.id)

    game = MODELS["speiderne"].game
    places = MODELS["speiderne"].hidden(
        json.loads(json.dumps(game.state_to_dict(match.state))), None
    )
    swapped, moved = permuted(game, match.state, places, random.Random(shuffle))
    assert moved
    service._remember(replace(await service.get(match.id), state=swapped))
    assert game.to_json((await service.get(match.id)).state) != game.to_json(match.state)
    later = service.clock() + 61  # /game show posts a match's board once a minute
    service.clock = lambda: later
    after = await public_board(dave, world.channel, match.id)
    assert after == before
    # the swap is real: alice's own hand, which only she sees, did change
    seat = match.seat_of(world.alice.id)
    assert swapped.hands[seat] != match.state.hands[seat]
    assert await private_hand(world.alice, world.channel, match.id) != hand_before
