from __future__ import annotations

import pytest

from storage import SqliteMatchStore
from tests.service.toys import registered_toys

toy_games = pytest.fixture(autouse=True)(registered_toys)


@pytest.fixture
async def store(tmp_path):
    store = SqliteMatchStore(str(tmp_path / "store.db"))
    await store.open()
    yield store
    await store.close()
