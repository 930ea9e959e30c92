from __future__ import annotations

import pytest

from service import MatchService
from storage import SqliteMatchStore
from tests.service.toys import FakeClock, registered_toys

toy_games = pytest.fixture(autouse=True)(registered_toys)


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
async def store(tmp_path):
    store = SqliteMatchStore(str(tmp_path / "service.db"), synchronous="NORMAL")
    await store.open()
    yield store
    await store.close()


@pytest.fixture
async def service(store, clock):
    service = MatchService(store, clock=clock, seed_source=lambda bits: 424242)
    await service.start()
    return service
