from __future__ import annotations

import pytest

from storage import SqliteMatchStore
from tests.toys import registered_toys

toy_games = pytest.fixture(autouse=True)(registered_toys)


@pytest.fixture
async def sqlite_store(tmp_path):
    """The SQLite store alone, for what only it has (PRAGMAs, group commit)."""
    store = SqliteMatchStore(str(tmp_path / "store.db"))
    await store.open()
    yield store
    await store.close()
