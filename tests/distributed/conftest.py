from __future__ import annotations

import pytest

from tests.service.toys import register


@pytest.fixture(autouse=True)
def toy_games(monkeypatch: pytest.MonkeyPatch) -> None:
    register(monkeypatch)
