"""Server settings (service/settings.py) and followers of a match (service/server.py) on
both stores: typed keys with defaults and checks, kept in memory until a change, a change
in another process heard on PostgreSQL, and bounded followers."""

from __future__ import annotations

import asyncio

import pytest

from gamecore.contract import IllegalAction
from gamecore.match import DEFAULT_TURN_LIMIT
from service import MatchService
from service.server import MAX_FOLLOWERS, MAX_FOLLOWING
from storage import PostgresMatchStore, ShardFilter
from tests.deadlines import HANG_GUARD

GUILD = 77


async def test_defaults_until_set_and_a_refused_value_changes_nothing(service: MatchService):
    settings = await service.guild_settings(GUILD)
    assert settings.get("clock") == DEFAULT_TURN_LIMIT and settings.get("rated") is True
    assert settings.allows_game("toy-race") and settings.allows_channel(5)
    changed = await service.change_setting(GUILD, "games", ["toy-solo"])
    assert not changed.allows_game("toy-race") and changed.allows_game("toy-solo")
    for name, value in (("games", ["chess"]), ("max_lobbies", 0), ("rated", "yes"), ("clock", 5)):
        with pytest.raises(IllegalAction) as refused:
            await service.change_setting(GUILD, name, value)
        assert refused.value.code == "setting_invalid"
    with pytest.raises(IllegalAction) as unknown:
        await service.change_setting(GUILD, "colour", "red")
    assert unknown.value.code == "setting_unknown"
    again = await service.guild_settings(GUILD)
    assert again.get("games") == ["toy-solo"] and again.get("max_lobbies") == 3
    assert (await service.change_setting(GUILD, "games", None)).allows_game("toy-race")
    assert (await service.guild_settings(None)).get("rated") is True  # a DM: defaults


async def test_settings_are_read_once_until_a_change(service: MatchService, monkeypatch):
    await service.change_setting(GUILD, "rated", False)
    reads = 0
    read = service.store.guild_settings

    async def counted(guild_id: int) -> dict[str, str]:
        nonlocal reads
        reads += 1
        return await read(guild_id)

    monkeypatch.setattr(service.store, "guild_settings", counted)
    for _ in range(3):
        assert (await service.guild_settings(GUILD)).get("rated") is False
    assert reads <= 1
    await service.change_setting(GUILD, "rated", True)
    assert (await service.guild_settings(GUILD)).get("rated") is True


async def test_a_change_in_another_process_is_heard(postgres_url, clock):
    services = [
        MatchService(PostgresMatchStore(postgres_url, min_size=1, max_size=2), clock=clock)
        for _ in range(2)
    ]
    for one in services:
        await one.start()
    try:
        here, there = services
        assert (await here.guild_settings(GUILD)).get("max_lobbies") == 3
        await there.change_setting(GUILD, "max_lobbies", 5)
        for _ in range(int(HANG_GUARD / 0.01)):
            if (await here.guild_settings(GUILD)).get("max_lobbies") == 5:
                break
            await asyncio.sleep(0.01)
        assert (await here.guild_settings(GUILD)).get("max_lobbies") == 5
    finally:
        for one in services:
            await one.close()


async def test_the_lobby_limit_follows_the_server_setting(service: MatchService):
    await service.change_setting(GUILD, "max_lobbies", 1)
    await service.new_match("toy-race", GUILD, 9, 101)
    with pytest.raises(IllegalAction) as refused:
        await service.check_lobby_limits(101, guild_id=GUILD)
    assert refused.value.code == "too_many_lobbies" and refused.value.params["limit"] == 1
    await service.check_lobby_limits(101, guild_id=GUILD + 1)  # another server: 3


async def test_followers_are_bounded_per_match_and_per_person(service: MatchService):
    matches = [await service.new_match("toy-race", GUILD, 9, 101) for _ in range(MAX_FOLLOWING + 1)]
    first = matches[0]
    for person in range(1000, 1000 + MAX_FOLLOWERS):
        await service.follow(first, person)
    assert service.follower_count(first.id) == MAX_FOLLOWERS
    with pytest.raises(IllegalAction) as full:
        await service.follow(first, 5)
    assert full.value.code == "follow_full"
    await service.follow(first, 1000, thread_id=44)  # one who follows already may change
    assert len(await service.followers(first.id)) == MAX_FOLLOWERS
    for match in matches[1:MAX_FOLLOWING]:
        await service.follow(match, 1000)
    with pytest.raises(IllegalAction) as many:
        await service.follow(matches[MAX_FOLLOWING], 1000)
    assert many.value.code == "follow_many"
    assert await service.unfollow(first.id, 1000) is True
    assert await service.unfollow(first.id, 1000) is False
    assert service.follower_count(first.id) == MAX_FOLLOWERS - 1
    await service.follow(matches[MAX_FOLLOWING], 1000)
    assert len(await service.following(1000)) == MAX_FOLLOWING


async def test_a_server_of_another_shard_is_read_not_taken_for_defaults(store, clock):
    other_guild = 1 << 22  # shard 1 of 2
    await store.save_guild_setting(other_guild, "rated", "false")
    service = MatchService(store, clock=clock, shards=ShardFilter(2, frozenset({0})))
    await service.start()
    assert service.kept_settings(other_guild) is None
    assert (await service.guild_settings(other_guild)).get("rated") is False
    assert service.kept_settings(2 << 22) is not None  # its own shard (0): known
