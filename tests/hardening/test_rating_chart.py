"""The ``/stats`` rating chart ends on the rating shown, also when two processes (each with
its own clock; clocks of two machines differ) finish the same person's matches: one after
the other and at the same moment. Run on both stores; the finding was on PostgreSQL."""

from __future__ import annotations

import asyncio

import pytest

from service import MatchService
from storage import store_for
from tests.fake_clock import FakeClock
from tests.toys import registered_toys

toy_games = pytest.fixture(autouse=True)(registered_toys)

A, B, C = 101, 202, 303
GUILD = 77


async def rated_race(service: MatchService, people: tuple[int, int]) -> None:
    """A toy race of two people played to the end (a rated finish)."""
    lobby = await service.new_match("toy-race", GUILD, 9, people[0])
    await service.lobby_join(lobby.id, people[1])
    match = await service.lobby_start(lobby.id, people[0])
    while match.status == "playing":
        user = match.seats[match.to_move[0]].user_id
        match = (await service.play(match.id, user, "add 3")).final


async def chart_ends_on_the_rating_shown(service: MatchService, user: int) -> None:
    for guild_id in (None, GUILD):
        (shown,) = await service.ratings(user, guild_id=guild_id)
        chart = await service.rating_history(user, "toy-race", guild_id=guild_id)
        assert len(chart) == shown.rating.matches
        last = chart[-1].rating
        assert (last.mu, last.sigma) == (shown.rating.mu, shown.rating.sigma)


async def test_the_chart_ends_on_the_rating_shown_across_processes(backend_url) -> None:
    ahead, behind = FakeClock(2_000_000.0), FakeClock(2_000_000.0 - 300)
    first = MatchService(store_for(backend_url), clock=ahead)
    second = MatchService(store_for(backend_url), clock=behind)
    await first.start()
    await second.start()
    try:
        await rated_race(first, (A, B))
        await rated_race(second, (A, C))  # written last, with an earlier clock
        await chart_ends_on_the_rating_shown(second, A)
        for _ in range(3):  # at the same moment, each process its own match of A's
            await asyncio.gather(rated_race(first, (A, B)), rated_race(second, (A, C)))
            await chart_ends_on_the_rating_shown(first, A)
    finally:
        await first.close()
        await second.close()
