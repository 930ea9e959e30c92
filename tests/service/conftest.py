from __future__ import annotations

import pytest

from service import MatchService
from storage import store_for
from tests.service.toys import FakeClock, registered_toys

toy_games = pytest.fixture(autouse=True)(registered_toys)


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
async def store(backend_url: str):
    """An open store of each backend (SQLite and PostgreSQL)."""
    store = store_for(backend_url)
    await store.open()
    yield store
    await store.close()


@pytest.fixture
async def service(store, clock):
    service = MatchService(store, clock=clock, seed_source=lambda _bits: 424242)
    await service.start()
    return service
