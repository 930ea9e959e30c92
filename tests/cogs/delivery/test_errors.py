"""Discord's expected refusals are swallowed in one place; unexpected errors reach the user
as one private line instead of "This interaction failed"."""

from __future__ import annotations

import discord
import pytest

from cogs.delivery.replies import tolerate
from tests.cogs.helpers import make_world, start


class FakeResponse:
    status = 404
    reason = "Not Found"


def http_error(code: int) -> discord.HTTPException:
    return discord.NotFound(FakeResponse(), {"code": code, "message": "x"})


async def failing(code: int) -> None:
    raise http_error(code)


@pytest.mark.parametrize("code", [10062, 40060, 50027])
async def test_expected_interaction_errors_are_tolerated(code: int) -> None:
    assert await tolerate(failing(code)) is None


async def test_other_http_errors_still_raise() -> None:
    with pytest.raises(discord.HTTPException):
        await tolerate(failing(50013))


@pytest.mark.logs_errors
@pytest.mark.simcord(check_errors=False)
async def test_an_unexpected_failure_is_reported_privately(env, monkeypatch) -> None:
    world = make_world(env)
    match_id, board = await start(env, world, "cartographer", seed=1)

    async def broken(*args, **kwargs):
        raise RuntimeError("database on fire")

    monkeypatch.setattr(env.bot.service, "hint", broken)
    typed = await world.alice.slash(world.channel, "hint")
    assert typed.ephemeral and "Something went wrong" in typed.response.content
    version = (await env.bot.service.get(match_id)).version
    clicked = await world.alice.click(board, custom_id=f"tt:do:{match_id}:{version}:hint")
    assert clicked.ephemeral and "Something went wrong" in clicked.response.content
