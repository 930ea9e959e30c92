"""Chaos: complete games of every game while 5 % of the bot's requests fail at random
(5xx, short rate limits) and the others are delayed by up to 50 ms (enough to reorder requests).

Every match must finish; every move the service committed is in the action log and no
player was ever told "something went wrong"; every interaction is acknowledged within
3 seconds (virtual time); and once the dust settles the board message shows the latest
version of the match.
"""

from __future__ import annotations

import asyncio
from typing import Any

import discord.http
import discord.webhook.async_
import pytest

from cogs.delivery import publisher
from gamecore.games import BUILTIN
from gamecore.registry import list_games, presentation_of
from i18n import t
from tests.cogs.faults import install
from tests.cogs.helpers import board_text, make_world

#: Options that keep a game short enough for this test (any other game: its defaults).
SHORT = {"speiderne": "max_rounds=10", "cartolan": "mode=beginner"}
#: game → (options, computer seats added in the lobby): every registered game, from the registry
GAMES = {game.id: (SHORT.get(game.id), game.min_players - 1) for game in list_games()}
MAX_ACTIONS = 600


def test_the_chaos_covers_every_registered_game() -> None:
    assert set(BUILTIN) <= set(GAMES)


async def open_match(env: Any, world: Any, game: str, options: str | None, computers: int) -> str:
    extra = {"options": options} if options else {}
    opened = await world.alice.slash(world.channel, "game new", game=game, seed=2, **extra)
    await env.advance_time(3)
    (match,) = await env.bot.service.find_matches(world.alice.id, world.channel.id)
    if computers:
        lobby = opened.response.message
        for _ in range(computers):
            offered = presentation_of(game).computer_players
            if offered:  # a game that offers several seats a computer by its type (a select)
                await world.alice.select(lobby, [offered[0]], custom_id=f"tt:cpu:{match.id}")
            else:
                await world.alice.click(lobby, custom_id=f"tt:lb:{match.id}:addcpu")
            await env.advance_time(3)
        await world.alice.click(lobby, custom_id=f"tt:lb:{match.id}:start")
        await env.advance_time(3)
    return match.id


class TenthOfTheWait:
    """``asyncio`` for discord.py's request loops with ``sleep`` a tenth as long: a 5xx is
    retried after 0.1, 0.3, 0.5 s instead of 1, 3, 5 s (a 429 after a tenth of its
    ``retry_after``). simcord waits such short sleeps out in real time, where the full
    waits left the test idle most of its time; the retries themselves are the same."""

    def __getattr__(self, name: str) -> Any:
        return getattr(asyncio, name)

    @staticmethod
    async def sleep(delay: float, result: Any = None) -> Any:
        return await asyncio.sleep(delay / 10, result)


@pytest.mark.parametrize("game", sorted(GAMES))
async def test_complete_games_while_discord_fails_now_and_then(env, game: str, monkeypatch) -> None:
    # simcord waits out short sleeps in real time: the publisher retries sooner here
    monkeypatch.setattr(publisher, "RETRY_DELAYS", (0.2, 0.5, 1.0, 5.0))
    # and so does discord.py (its request loops, bot and interaction webhooks)
    monkeypatch.setattr(discord.http, "asyncio", TenthOfTheWait())
    monkeypatch.setattr(discord.webhook.async_, "asyncio", TenthOfTheWait())
    world = make_world(env)
    faults = install(env)
    # simcord waits out short sleeps in real time: delays stay small to keep the test short
    faults.chaos(0.05, delay=0.05, seed=sum(map(ord, game)))
    # and the first board edit fails once whatever the dice say (a short game may roll none)
    faults.fail("PATCH", "*/messages/*", 503, repeat=1)
    options, computers = GAMES[game]
    match_id = await open_match(env, world, game, options, computers)
    service = env.bot.service
    played: list[tuple[int, str]] = []
    late: list[str] = []
    generic = t("error.generic", "en")
    for _ in range(MAX_ACTIONS):
        match = await service.get(match_id)
        if match.status != "playing":
            break
        if match.awaits_computer or world.alice.id not in [
            match.seats[s].user_id for s in match.to_move
        ]:
            await env.advance_time(3)
            continue
        move = (await service.hint(match_id, world.alice.id)).notation
        result = await world.alice.slash(world.channel, "play", move=move, match=match_id)
        await env.advance_time(3)
        if not result.acknowledged:
            late.append(move)
        replies = " ".join(
            m.content or "" for m in (result.response, *result.followups) if m is not None
        )
        assert generic not in replies
        after = await service.get(match_id)
        if after.version > match.version:
            played.append((match.steps + 1, move))
    await env.advance_time(180)  # retries of failed redraws run out
    match = await service.get(match_id)
    assert match.status == "finished", f"{game} did not finish"
    assert late == []
    actions = {a.step: a.notation for a in await service.actions(match_id)}
    assert all(actions.get(step) == move for step, move in played)
    assert faults.failed(), "the chaos never struck"
    board = next(m for m in world.channel.history() if m.id == match.board_message_id)
    expected = t("board.footer", "en", match_id=match_id, steps=match.steps)
    assert expected in board_text(board)
