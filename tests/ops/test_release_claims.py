"""A graceful stop gives back the turn-clock claims its process took and did not fire (a
match whose channel refuses the bot is claimed and skipped), so another process can take
them at once instead of after their lease."""

from __future__ import annotations

import pytest

from service import MatchService
from storage import store_for
from tests.fake_clock import FakeClock
from tests.toys import registered_toys

toy_games = pytest.fixture(autouse=True)(registered_toys)


@pytest.mark.postgres
async def test_claims_not_fired_are_given_back(database_url: str) -> None:
    clock = FakeClock(1_800_000_000.0)
    service = MatchService(store_for(database_url), clock=clock)
    other = MatchService(store_for(database_url), clock=clock, owner="another process")
    await service.start()
    await other.start()
    try:
        lobby = await service.new_match("toy-race", 17, 9, 1, turn_limit=60)
        await service.lobby_join(lobby.id, 2)
        await service.lobby_start(lobby.id, 1)
        clock.advance(61)
        assert await service.due_timers() == [lobby.id]  # claimed; say its channel is blocked
        assert await other.store.claim_timers([lobby.id], other.owner, clock(), 120) == []
        assert await service.release_claims() == 1
        assert await other.store.claim_timers([lobby.id], other.owner, clock(), 120) == [lobby.id]
        assert await service.release_claims() == 0  # nothing is given back twice
    finally:
        await other.close()
        await service.close()
