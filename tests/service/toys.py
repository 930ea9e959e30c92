"""Register the toy games of these tests in the game registry (tests only)."""

from __future__ import annotations

import pytest

from gamecore import registry

TOY_MODULES = {"toy-race": "tests.service.toy_race", "toy-solo": "tests.service.toy_solo"}


def register(monkeypatch: pytest.MonkeyPatch) -> None:
    for game_id, module in TOY_MODULES.items():
        monkeypatch.setitem(registry._MODULES, game_id, module)


class FakeClock:
    """A clock the test moves by hand."""

    def __init__(self, now: float = 1_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds
