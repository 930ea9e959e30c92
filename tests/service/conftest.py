from __future__ import annotations

import pytest

from service import MatchService
from tests.fake_clock import FakeClock
from tests.toys import registered_toys

toy_games = pytest.fixture(autouse=True)(registered_toys)


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
async def service(store, clock):
    service = MatchService(store, clock=clock, seed_source=lambda _bits: 424242)
    await service.start()
    return service
