"""The toy games of the tests, in one place (tests only; no product module knows them).

- ``drop_four``: a whole game with pictures, presentation and catalogs, installed for every
  test by ``tests/conftest.py`` (it proves a game needs no file outside its own);
- ``race`` (multiplayer) and ``solo`` (automatic claims): rules only, registered for a
  storage, service or process test by :func:`registered_toys`;
- ``climb`` (solo) and ``nim`` (two players): rules only, handed to the simulation runner
  and the command line directly (``SIMULATED``), never registered.
"""

from __future__ import annotations

from collections.abc import Iterator

from gamecore.contract import Game
from gamecore.registry import register, unregister
from tests.toys import climb, nim, race, solo

TOYS = (race.GAME, solo.GAME)
#: What each toy declares: the race is in full view; the solo climb rolls a bonus step.
DECLARED = {race.GAME.id: ("perfect", False), solo.GAME.id: ("perfect", True)}

#: The games the simulation tests run, by id (passed to the runner, not registered).
SIMULATED: dict[str, Game] = {climb.GAME.id: climb.GAME, nim.GAME.id: nim.GAME}


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
