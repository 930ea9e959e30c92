from __future__ import annotations

import pytest

from storage import SqliteMatchStore, store_for
from tests.service.toys import registered_toys

toy_games = pytest.fixture(autouse=True)(registered_toys)


@pytest.fixture
async def store(backend_url: str):
    """An open store of each backend (SQLite and PostgreSQL)."""
    store = store_for(backend_url)
    await store.open()
    yield store
    await store.close()


@pytest.fixture
async def sqlite_store(tmp_path):
    """The SQLite store alone, for what only it has (PRAGMAs, group commit)."""
    store = SqliteMatchStore(str(tmp_path / "store.db"))
    await store.open()
    yield store
    await store.close()
