"""Building hand-made Cartolan positions for tests."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gamecore.games.cartolan import GAME, board
from gamecore.games.cartolan.state import State
from gamecore.rng import Rng

CAPITAL = board.cell(0, 0)
ALL_WATER = board.make_tile((board.N, board.E, board.S, board.W))


def new(preset: str = "modern", mode: str = "regular", players: int = 2, **options) -> State:
    return GAME.setup(players, 7, {"preset": preset, "mode": mode, **options})


def at(x: int, y: int) -> int:
    return board.cell(x, y)


def put(state: State, x: int, y: int, tile: int) -> int:
    key = board.cell(x, y)
    state.tiles[key] = tile
    return key


def tile(water_sides: str, wind: str = "NE", flags: int = 0) -> int:
    sides = ["NESW".index(c) for c in water_sides]
    return board.make_tile(sides, board.WIND_NAMES.index(wind), flags)


def force_rng(state: State, wanted: Callable[[Rng], bool]) -> None:
    """Give the state a generator whose next draws satisfy ``wanted``."""
    for seed in range(10_000):
        if wanted(Rng(seed)):
            state.rng = Rng(seed)
            return
    raise AssertionError("no seed found")


def act(state: State, text: str) -> tuple[State, list]:
    """Apply ``text``; every resulting state must survive a JSON round trip unchanged."""
    new, events = GAME.apply(state, state.seat, GAME.parse_action(text))
    encoded = GAME.to_json(new)
    assert GAME.to_json(GAME.from_json(encoded)) == encoded
    return new, events


def legal(state: State) -> set[str]:
    return set(GAME.legal_notations(state, state.seat))


def explored_far(preset: str, mode: str = "beginner", pirate: bool = False) -> State:
    """The moving Adventurer (Chest 5) has just explored (0,6), outside every classic city
    domain: the Agent offer is open."""
    state = new(preset, mode)
    state.adventurer.chest = 5
    state.adventurer.pirate = pirate
    for x in range(-6, 7):
        put(state, x, 5, ALL_WATER)
    state.adventurer.pos = at(0, 5)
    state.piles[0].append(ALL_WATER)
    state, _ = act(state, "move 1 N")
    return state


class Steady:
    """An rng that never deviates at random and never refuses a purchase outright."""

    def random(self) -> float:
        return 0.99

    def choice(self, items: Any) -> Any:
        return items[0]
