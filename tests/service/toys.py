"""Register the toy games of these tests in the game registry (tests only)."""

from __future__ import annotations

from collections.abc import Iterator

from gamecore.registry import register, unregister
from tests.service import toy_race, toy_solo

TOYS = (toy_race.GAME, toy_solo.GAME)
#: What each toy declares: the race is in full view; the solo climb rolls a bonus step.
DECLARED = {toy_race.GAME.id: ("perfect", False), toy_solo.GAME.id: ("perfect", True)}


def register_toys() -> None:
    """Register every toy with its declared information and chance."""
    for game in TOYS:
        information, chance = DECLARED[game.id]
        register(game, information=information, chance=chance)


def registered_toys() -> Iterator[None]:
    """A fixture body: the toy games are registered for one test, then forgotten."""
    register_toys()
    try:
        yield
    finally:
        for game in TOYS:
            unregister(game.id)


class FakeClock:
    """A clock the test moves by hand."""

    def __init__(self, now: float = 1_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds
