from __future__ import annotations

import pytest

from storage import SqliteMatchStore
from tests.service.toys import register


@pytest.fixture(autouse=True)
def toy_games(monkeypatch: pytest.MonkeyPatch) -> None:
    register(monkeypatch)


@pytest.fixture
async def store(tmp_path):
    store = SqliteMatchStore(str(tmp_path / "store.db"))
    await store.open()
    yield store
    await store.close()
