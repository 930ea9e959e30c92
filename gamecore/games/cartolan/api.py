"""Read-only helpers for computer players, so heuristics need no engine internals (§13)."""

from __future__ import annotations

from typing import Any

from gamecore.games.cartolan import actions, board, exploration, movement
from gamecore.games.cartolan.board import cell, coords
from gamecore.games.cartolan.state import Adventurer, State

__all__ = [
    "cell",
    "coords",
    "neighbours",
    "is_water_path",
    "distance",
    "distance_to_capital",
    "legal_steps",
    "move_kind",
    "tile_offers",
    "fill_reward",
    "chest_map_fits",
    "moves_used",
    "own_agents",
    "decision",
    "positions",
    "wealth",
]

SIDES = board.DIRECTION_NAMES
KIND_NAMES = ("downwind", "upwind", "land")


def neighbours(state: State, key: int) -> list[tuple[int, int, int | None]]:
    """(side, neighbouring cell, its tile or None for a gap) for N, E, S, W."""
    return [
        (side, key + board.STEP[side], state.tiles.get(key + board.STEP[side])) for side in range(4)
    ]


def is_water_path(state: State, key: int, side: int) -> bool:
    """Whether the tile at ``key`` shows water on ``side``."""
    return board.is_water(state.tiles[key], side)


def distance(a: int, b: int) -> int:
    return board.taxicab(a, b)


def distance_to_capital(key: int) -> int:
    return board.taxicab(key, board.cell(0, 0))


def move_kind(state: State, adv: Adventurer, side: int) -> str:
    return KIND_NAMES[movement.step_kind(state, adv, side)]


def legal_steps(state: State) -> dict[int, dict[str, Any]]:
    """Sides the moving Adventurer may step across now → kind, gust needed, explores a gap."""
    adv = state.adventurer
    if state.over or state.decision != "move" or not movement.can_continue(state, adv):
        return {}
    return {
        side: {
            "kind": KIND_NAMES[movement.step_kind(state, adv, side)],
            "gust": gust,
            "explore": adv.pos + board.STEP[side] not in state.tiles,
        }
        for side, gust in movement.legal_sides(state, adv)
    }


def tile_offers(state: State) -> list[tuple[Any, ...]]:
    if state.over or state.decision != "move":
        return []
    return actions.tile_offers(state, state.adventurer)


def fill_reward(state: State, target: int, origin: int) -> int:
    """Reward for exploring the gap ``target`` coming from ``origin`` (§6.6)."""
    return exploration.fill_reward(state, target, origin)


def chest_map_fits(state: State, map_number: int, side: int) -> bool:
    """Whether the moving Adventurer's chest map ``map_number`` (1-based) fits across ``side``."""
    adv = state.adventurer
    if not 1 <= map_number <= len(adv.maps):
        return False
    return exploration.placement(state, adv.maps[map_number - 1], adv.pos, side) is not None


def moves_used(state: State) -> int:
    return state.down + state.up + state.land


def own_agents(state: State, seat: int) -> list[int]:
    return actions.own_agents(state, seat)


def decision(state: State) -> str:
    """``move``, ``city``, ``relocate``, ``loot``, ``steal``, ``steal_card``, ``maps``,
    ``cadre``, ``character``, ``manuscript``, ``deposit``, ``discovery`` or ``over``."""
    return state.decision


def positions(state: State) -> list[tuple[int, int, tuple[int, int]]]:
    """(seat, Adventurer number from 1, (x, y)) of every Adventurer."""
    return [
        (seat, index + 1, coords(adv.pos))
        for seat, advs in enumerate(state.advs)
        for index, adv in enumerate(advs)
    ]


def wealth(state: State, seat: int) -> dict[str, int]:
    """A seat's Vault, the sum of its Chests and of its Agents' holdings."""
    return {
        "vault": state.vault[seat],
        "chests": sum(adv.chest for adv in state.advs[seat]),
        "agents": sum(a.wealth for a in state.agents.values() if a.owner == seat),
    }
