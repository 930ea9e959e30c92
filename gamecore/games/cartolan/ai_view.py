"""The engine ``State`` rebuilt from a seat's view, for the heuristic players.

Simulations hand the players the engine ``State`` itself (read only, no copy); the bot and
the CLI hand them ``GAME.view``, which :func:`state_from_view` turns into a real ``State``
holding what the players read, so one code path (typed on ``State``) serves both inputs.
Only public information is used: piles, decks, the rng and the hidden parts of the turn stay
at their defaults. The engine's pure helpers the players call (``exploration.placement``)
read ``tiles`` and ``options``, which the view carries.
"""

from __future__ import annotations

from typing import Any

from gamecore.games.cartolan import board
from gamecore.games.cartolan.presets import params_for
from gamecore.games.cartolan.state import Adventurer, Agent, State

_FLAGS = (
    ("wonder", board.WONDER),
    ("city", board.CITY),
    ("disaster", board.DISASTER),
    ("mythical", board.MYTHICAL),
)


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


def _adventurer(entry: dict[str, Any]) -> Adventurer:
    adv = Adventurer(entry["seat"], board.cell(entry["x"], entry["y"]), entry.get("ready_round", 1))
    adv.chest = entry["chest"]
    adv.pirate = entry["pirate"]
    adv.maps = [tile_from_view(m) for m in entry.get("maps", [])]
    latest = entry.get("latest_city") or [0, 0]
    adv.latest_city = board.cell(latest[0], latest[1])
    for card in entry.get("cards", []):
        if card.get("equipped"):
            adv.equipped = card["id"]  # classic Advanced: the equip decision reads it
    return adv


def state_from_view(view: dict[str, Any]) -> State:
    """Read ``GAME.view`` (keys in ``docs/games/cartolan.md``) into a :class:`State`.

    The deciding seat becomes ``state.seat`` through a plain turn order ``0..n-1``; the view
    counts the moves used as one total, kept in ``down``.
    """
    state = State()
    decision = view["decision"]
    state.decision = decision["kind"]
    players = sorted(view["players"], key=lambda p: p["seat"])
    state.players = len(players)
    state.order = list(range(len(players)))
    state.order_pos = decision.get("seat", 0)
    state.adv_index = decision.get("adventurer", 1) - 1
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
        state.advs[entry["seat"]].append(_adventurer(entry))
    state.agents = {
        board.cell(a["x"], a["y"]): Agent(a["seat"], a["wealth"], not a["ransacked"])
        for a in view["agents"]
    }
    state.cities = [board.cell(x, y) for x, y in view["cities"]]
    state.path = [board.cell(x, y) for x, y in view.get("path", [])]
    state.down = (view.get("moves") or {}).get("used", 0)
    victim = decision.get("victim")
    if victim:
        state.pending = {"victim": (victim["seat"], victim["number"] - 1)}
    return state
