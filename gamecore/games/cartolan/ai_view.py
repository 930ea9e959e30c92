"""A read-only stand-in for the engine ``State``, rebuilt from a seat's view.

The heuristic players read the attributes below; an engine ``State`` has them all, so
simulations pass the state itself (no copy), while the bot and the CLI pass ``GAME.view``,
which :func:`state_from_view` turns into this shape. Only public information is used.
The engine's pure helpers (``exploration.fill_reward``, ``exploration.placement``) accept it
too: they read ``tiles``, ``params`` and ``options``.
"""

from __future__ import annotations

from typing import Any

from gamecore.games.cartolan import board
from gamecore.games.cartolan.presets import Params, params_for

_FLAGS = (
    ("wonder", board.WONDER),
    ("city", board.CITY),
    ("disaster", board.DISASTER),
    ("mythical", board.MYTHICAL),
)


class ViewAdventurer:
    __slots__ = ("seat", "pos", "chest", "pirate", "maps", "latest_city", "ready_round")

    def __init__(self, entry: dict[str, Any]) -> None:
        self.seat: int = entry["seat"]
        self.pos = board.cell(entry["x"], entry["y"])
        self.chest: int = entry["chest"]
        self.pirate: bool = entry["pirate"]
        self.maps = [tile_from_view(m) for m in entry.get("maps", [])]
        latest = entry.get("latest_city") or [0, 0]
        self.latest_city = board.cell(latest[0], latest[1])
        self.ready_round: int = entry.get("ready_round", 1)


class ViewAgent:
    __slots__ = ("owner", "wealth", "active")

    def __init__(self, owner: int, wealth: int, active: bool) -> None:
        self.owner = owner
        self.wealth = wealth
        self.active = active


class ViewState:
    """The attributes of ``State`` that the players read (see the module docstring)."""

    __slots__ = (
        "decision",
        "seat",
        "adv_index",
        "advs",
        "agents",
        "vault",
        "tiles",
        "dropped",
        "path",
        "down",
        "up",
        "land",
        "round",
        "cities",
        "params",
        "options",
        "pending",
    )

    def __init__(self) -> None:
        self.decision = "move"
        self.seat = 0
        self.adv_index = 0
        self.advs: list[list[ViewAdventurer]] = []
        self.agents: dict[int, ViewAgent] = {}
        self.vault: list[int] = []
        self.tiles: dict[int, int] = {}
        self.dropped: dict[int, int] = {}
        self.path: list[int] = []
        self.down = self.up = self.land = 0
        self.round = 1
        self.cities: list[int] = []
        self.params: Params
        self.options: dict[str, Any] = {}
        self.pending: dict[str, Any] = {}

    @property
    def adventurer(self) -> ViewAdventurer:
        return self.advs[self.seat][self.adv_index]


def tile_from_view(entry: dict[str, Any]) -> int:
    """The engine's tile int from a view's tile description (``board.describe_tile``)."""
    flags = 0
    for key, bit in _FLAGS:
        if entry.get(key):
            flags |= bit
    if entry.get("back") == "land":
        flags |= board.LAND_BACK
    sides = [side for side, letter in enumerate(entry["edges"]) if letter == "W"]
    return board.make_tile(sides, board.WIND_NAMES.index(entry["wind"]), flags)


def state_from_view(view: dict[str, Any]) -> ViewState:
    """Read ``GAME.view`` (keys in ``docs/games/cartolan.md``) into a :class:`ViewState`."""
    state = ViewState()
    decision = view["decision"]
    state.decision = decision["kind"]
    state.seat = decision.get("seat", 0)
    state.adv_index = decision.get("adventurer", 1) - 1
    players = sorted(view["players"], key=lambda p: p["seat"])
    state.vault = [p["vault"] for p in players]
    state.params = params_for(view["preset"], view["mode"], len(players))
    state.options = dict(view["options"])
    state.round = view["round"]
    for entry in view["tiles"]:
        cell = board.cell(entry["x"], entry["y"])
        state.tiles[cell] = tile_from_view(entry)
        if entry.get("dropped"):
            state.dropped[cell] = entry["dropped"]
    state.advs = [[] for _ in players]
    for entry in sorted(view["adventurers"], key=lambda a: (a["seat"], a["number"])):
        state.advs[entry["seat"]].append(ViewAdventurer(entry))
    state.agents = {
        board.cell(a["x"], a["y"]): ViewAgent(a["seat"], a["wealth"], not a["ransacked"])
        for a in view["agents"]
    }
    state.cities = [board.cell(x, y) for x, y in view["cities"]]
    state.path = [board.cell(x, y) for x, y in view.get("path", [])]
    state.down = (view.get("moves") or {}).get("used", 0)
    victim = decision.get("victim")
    if victim:
        state.pending = {"victim": (victim["seat"], victim["number"] - 1)}
    return state
