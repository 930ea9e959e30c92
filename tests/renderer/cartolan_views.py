"""Synthetic Cartolan views of any size (the shape of ``docs/games/cartolan.md``, "View keys")."""

from __future__ import annotations

import random
from typing import Any


def synthetic_view(tiles: int, players: int = 3, seed: int = 1) -> dict[str, Any]:
    """A connected map of ``tiles`` random tiles around the Capital, two Adventurers per
    player (the second a pirate), one Agent each (seat 1's ransacked), seat 0 moving."""
    rng = random.Random(seed)
    cells = {(0, 0)}
    while len(cells) < tiles:
        x, y = rng.choice(sorted(cells))
        dx, dy = rng.choice([(1, 0), (-1, 0), (0, 1), (0, -1)])
        cells.add((x + dx, y + dy))
    ordered = sorted(cells)
    tile_list = [
        {
            "x": x,
            "y": y,
            "edges": "".join(rng.choice("WWWL") for _ in range(4)),
            "wind": rng.choice(["NE", "SE", "SW", "NW"]),
            "wonder": rng.random() < 0.15,
            "city": (x, y) == (0, 0),
            "mythical": False,
            "disaster": False,
            "back": "water",
            "dropped": 0,
        }
        for x, y in ordered
    ]
    adventurers = [
        {
            "seat": seat,
            "number": k + 1,
            "x": ordered[(seat * 7 + k * 13) % len(ordered)][0],
            "y": ordered[(seat * 7 + k * 13) % len(ordered)][1],
            "chest": seat + k,
            "pirate": k == 1,
            "moving": seat == 0 and k == 0,
            "maps": [{"edges": "WLWL", "wind": "NE"}],
            "latest_city": [0, 0],
            "ready_round": 1,
        }
        for seat in range(players)
        for k in range(2)
    ]
    mx, my = adventurers[0]["x"], adventurers[0]["y"]
    reachable = [
        {
            "x": mx + dx,
            "y": my + dy,
            "side": "N",
            "kind": "downwind",
            "explore": (mx + dx, my + dy) not in cells,
        }
        for dx, dy in ((1, 0), (0, 1), (-1, 0))
    ]
    agents = [
        {
            "seat": seat,
            "x": ordered[(seat * 5 + 3) % len(ordered)][0],
            "y": ordered[(seat * 5 + 3) % len(ordered)][1],
            "wealth": seat,
            "ransacked": seat == 1,
        }
        for seat in range(players)
    ]
    return {
        "game": "cartolan",
        "viewer": 0,
        "round": 5,
        "turn_order": list(range(players)),
        "status": {"result": "playing", "to_move": [0], "winners": [], "end": ""},
        "decision": {"kind": "move", "seat": 0, "adventurer": 1},
        "tiles": tile_list,
        "cities": [[0, 0]],
        "adventurers": adventurers,
        "agents": agents,
        "players": [
            {
                "seat": s,
                "vault": s * 3,
                "adventurers": 2,
                "agents": 1,
                "max_adventurers": 4,
                "max_agents": 4,
            }
            for s in range(players)
        ],
        "piles": {"water": {"count": 30, "discard": 0}, "land": {"count": 10, "discard": 0}},
        "moves": {
            "any_direction": 2,
            "any_direction_left": 1,
            "downwind": 2,
            "downwind_left": 2,
            "used": 1,
            "total": 4,
        },
        "reachable": reachable,
        "offers": [],
        "path": [[mx, my]],
        "last_path": [],
        "last_action": "move 1 N",
    }
