"""Where the bot plays (issue 11): solo games in a DM with the bot, multiplayer refused
there, match ids only within their server or DM, the commands' contexts; and the clock
loop (waits for ready, one due match at a time, paused in a channel that refuses)."""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import pytest

from cogs.commands import clock as clock_cog
from cogs.commands.seasons import SeasonCog
from tests.cogs.discord_world import allow_bot, deny_bot, play_for, two_players
from tests.cogs.helpers import make_world, select_for
from tests.deadlines import HANG_GUARD

#: The commands a user install offers (solo games, the daily deal).
ANYWHERE = {"game", "play", "hint", "hand", "daily"}


async def test_a_solo_game_is_played_in_a_dm_with_the_bot(env) -> None:
    dana = env.create_user("dana")
    assert "game new" in dana.available_commands()
    opened = await dana.slash("game new", game="cartographer", seed=4)
    assert opened.acknowledged and not opened.ephemeral
    board = opened.response.message
    (match,) = await env.bot.service.find_matches(dana.id)
    assert match.guild_id is None and match.board_message_id == board.id
    move = (await env.bot.service.legal_moves(match.id, dana.id))[0]
    await dana.select(board, [move], custom_id=select_for(board, move))
    assert (await env.bot.service.get(match.id)).steps == 1
    typed = await dana.slash("play", move=(await env.bot.service.legal_moves(match.id, dana.id))[0])
    assert typed.ephemeral and (await env.bot.service.get(match.id)).steps == 2


async def test_a_multiplayer_game_refuses_a_dm_clearly(env) -> None:
    dana = env.create_user("dana")
    refused = await dana.slash("game new", game="speiderne")
    assert refused.ephemeral and "needs other players" in refused.response.content
    assert await env.bot.service.find_matches(dana.id) == []


@pytest.mark.postgres  # lookups scoped by server in SQL
async def test_match_ids_resolve_only_within_their_server_or_dm(env) -> None:
    world = make_world(env)
    far = env.create_guild("Elsewhere")
    far_channel = far.create_text_channel("games")
    erin = far.add_member(env.create_user("erin"))
    opened = await world.alice.slash(world.channel, "game new", game="cartographer", seed=2)
    (match,) = await env.bot.service.find_matches(world.alice.id)
    await world.alice.slash(world.channel, "game resign", match=match.id)
    dana, fred = env.create_user("dana"), env.create_user("fred")
    await dana.slash("game new", game="cartographer", seed=3)
    (private,) = await env.bot.service.find_matches(dana.id)
    await dana.slash("game resign", match=private.id)
    assert opened.acknowledged
    # the owners get their replays
    mine = await world.alice.slash(world.channel, "replay", id=match.id)
    assert mine.ephemeral and mine.response.attachments[0].filename == "moves.txt"
    assert (await dana.slash("replay", id=private.id)).response.attachments
    # another server, another person's DM: as if the match did not exist
    for result in (
        await erin.slash(far_channel, "replay", id=match.id),
        await fred.slash("replay", id=private.id),
        await world.bob.slash(world.channel, "replay", id=private.id),
    ):
        assert result.ephemeral and result.response.content.startswith("There is no match")
        assert not result.response.attachments


async def test_playing_commands_are_offered_to_user_installs_everywhere(env) -> None:
    """The commands of a solo game and of the daily deal are registered for both installs
    (integration types 0 server, 1 user) in every context (0 server, 1 the bot's DM, 2 group
    DMs and DMs between people): cogs/flows/away.py plays them where the bot is absent. The
    others stay server installs; those needing Manage Server (/settings, /season) only in a
    server's channels, never in the bot's DM. What the sync registered holds only values Discord
    documents (simcord refuses fields Discord does not know)."""
    sent = {command["name"]: command for command in env.backend.commands[None].values()}
    for name, command in sent.items():
        assert set(command["integration_types"]) <= {0, 1} and command["integration_types"]
        assert set(command["contexts"]) <= {0, 1, 2} and command["contexts"], name
        if name in ANYWHERE:
            assert command["integration_types"] == [0, 1] and command["contexts"] == [0, 1, 2]
        elif command.get("default_member_permissions"):  # a server's own settings
            assert command["integration_types"] == [0] and command["contexts"] == [0], name
        else:  # said explicitly: unset, they would take the app's install types
            assert command["integration_types"] == [0] and command["contexts"] == [0, 1], name
    assert set(sent) >= ANYWHERE


async def test_the_clock_loop_waits_until_the_bot_is_ready(monkeypatch) -> None:
    fired: list[str] = []
    ticked = asyncio.Event()

    async def fire(_bot: Any) -> None:
        fired.append("tick")
        ticked.set()

    async def nothing(_bot: Any) -> None:
        return None

    class Bot:
        serving = True
        tournaments = None
        ready = asyncio.Event()

        async def wait_until_ready(self) -> None:
            await self.ready.wait()

    monkeypatch.setattr(clock_cog, "fire_clocks", fire)
    monkeypatch.setattr(clock_cog, "resume_computers", nothing)
    monkeypatch.setattr(clock_cog, "remind_by_interval", nothing)
    monkeypatch.setattr(clock_cog, "close_past_days", nothing)
    bot = Bot()
    cog = clock_cog.ClockCog(bot)  # type: ignore[arg-type]
    cog.tick.start()
    try:
        await asyncio.sleep(0.05)
        assert fired == []  # the guilds have not arrived: no clock speaks yet
        bot.ready.set()
        await asyncio.wait_for(ticked.wait(), timeout=HANG_GUARD)
        assert fired == ["tick"]
    finally:
        cog.tick.cancel()


@pytest.mark.parametrize("cog_class", [clock_cog.ClockCog, SeasonCog])
async def test_a_loop_of_a_bot_closed_before_ready_ends_quietly(cog_class: Any) -> None:
    """discord.py's wait_until_ready raises once the client closed before its first ready
    (a refused token, a stop during start): the loop ends cancelled, not with an exception
    logged later as "never retrieved" (seen in the refused-token test's output)."""

    class Bot:
        serving = True
        tournaments = None

        async def wait_until_ready(self) -> None:
            raise RuntimeError("Client has not been properly initialised.")

    cog = cog_class(Bot())
    cog.tick.start()
    task = cog.tick.get_task()
    await asyncio.wait_for(asyncio.wait([task]), timeout=HANG_GUARD)
    assert task.cancelled()


class Clock:
    now = 1_800_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest.mark.postgres  # clocks come due from the database
@pytest.mark.logs_errors
async def test_one_failing_match_never_stops_the_clocks_of_the_others(
    env, caplog, monkeypatch
) -> None:
    world = make_world(env)
    clock = Clock()
    env.bot.service.clock = clock
    other = world.guild.create_text_channel("other")
    broken_id = await two_players(env, world)
    working_id = await two_players(env, world, other)
    fire_timer = env.bot.service.fire_timer

    async def fire(match_id: str, now: float | None = None) -> Any:
        if match_id == broken_id:
            raise RuntimeError("database on fire")
        return await fire_timer(match_id, now)

    monkeypatch.setattr(env.bot.service, "fire_timer", fire)
    match = await env.bot.service.get(working_id)
    clock.now = match.turn_deadline + 1  # both clocks expired
    await env.advance_time(61)
    assert (await env.bot.service.get(working_id)).steps == match.steps + 1
    failed = [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]
    assert failed == [f"turn clock of match {broken_id} failed"]


async def test_a_channel_that_refuses_the_bot_pauses_its_clock(env) -> None:
    world = make_world(env)
    clock = Clock()
    env.bot.service.clock = clock
    match_id = await two_players(env, world)
    deny_bot(env, world.channel, send_messages=True)
    await play_for(env, world, match_id)  # the ping is refused: the channel is blocked
    match = await env.bot.service.get(match_id)
    clock.now = match.turn_deadline + 1
    await env.advance_time(61 * 3)
    assert (await env.bot.service.get(match_id)).steps == match.steps  # paused
    allow_bot(env, world.channel)
    await world.alice.slash(world.channel, "game show", match=match_id)  # it can post again
    await env.advance_time(61)
    # the players get back the time nobody could see the board: no expiry the moment it works
    resumed = await env.bot.service.get(match_id)
    assert resumed.steps == match.steps
    assert resumed.turn_deadline >= match.turn_deadline + 61 * 3
    clock.now = resumed.turn_deadline + 1
    await env.advance_time(61)
    assert (await env.bot.service.get(match_id)).steps == match.steps + 1
