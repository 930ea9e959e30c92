"""The public picture of a game (everything on the table; pile order hidden), rules §1–§12.

Keys are documented in ``docs/games/cartolan.md``; the renderer reads only this.
"""

from __future__ import annotations

from typing import Any

from gamecore.games.cartolan import actions, board, cards, movement, notation
from gamecore.games.cartolan.state import State, xy

_KIND_NAMES = ("downwind", "upwind", "land")


def _options(state: State) -> dict[str, str]:
    """The match options as resolved (``ai_view`` reads them back); a state stored before an
    option existed shows that option's preset default."""
    options = state.options
    on_off = ("off", "on")
    return {
        "movement": options["movement"],
        "exploration": options["exploration"],
        "mythical": options["mythical"],
        "second_adventurer": options.get("second_adventurer", "off"),
        "travel_money": on_off[state.travel_money],
        "abandon": on_off[state.abandon_ok],
    }


class _SharedEntry(dict[str, Any]):
    """A tile's view entry shared by every view that shows the same tile, Chest wealth and
    cell: read like a dict (and encoded as one), refuses changes, copies to a plain dict.
    It also carries the engine's ``cell`` and ``tile`` ints (not part of its content), so a
    reader of the view can skip decoding the description (:func:`tile_entry_ints`)."""

    __slots__ = ("cell", "tile")
    cell: int
    tile: int

    def _refuse(self, *args: Any, **kwargs: Any) -> None:
        raise TypeError("view tile entries are shared; copy one (dict(entry)) to change it")

    __setitem__ = __delitem__ = __ior__ = _refuse  # type: ignore[assignment]
    clear = pop = popitem = setdefault = update = _refuse  # type: ignore[assignment]

    def __reduce__(self) -> tuple[type, tuple[dict[str, Any]]]:
        return dict, (dict(self),)

    def __copy__(self) -> dict[str, Any]:
        return dict(self)

    def __deepcopy__(self, _memo: dict[int, Any]) -> dict[str, Any]:
        return dict(self)


#: (cell, tile, dropped) → the tile's view entry. Views are asked for at every decision while
#: the board only grows by a tile now and then, so entries are built once and shared.
_TILE_ENTRIES: dict[tuple[int, int, int], _SharedEntry] = {}
_TILE_ENTRIES_LIMIT = 100_000


def _tile_entry(cell: int, tile: int, dropped: int) -> _SharedEntry:
    key = (cell, tile, dropped)
    entry = _TILE_ENTRIES.get(key)
    if entry is None:
        if len(_TILE_ENTRIES) >= _TILE_ENTRIES_LIMIT:
            _TILE_ENTRIES.clear()
        x, y = board.coords(cell)
        description = board.shared_description(tile)
        entry = _SharedEntry({"x": x, "y": y, **description, "dropped": dropped})
        entry.cell = cell
        entry.tile = tile
        _TILE_ENTRIES[key] = entry
    return entry


def tile_entry_ints(entry: dict[str, Any]) -> tuple[int, int] | None:
    """(cell, tile int) of a view tile entry built by this process, without decoding it;
    ``None`` for any other dict (a view read back from JSON or copied), which the caller
    decodes from its keys. Players decoding views call it for every tile at every step."""
    if type(entry) is _SharedEntry:
        return entry.cell, entry.tile
    return None


def _tile_views(state: State) -> list[dict[str, Any]]:
    dropped = state.dropped
    known = _TILE_ENTRIES
    entry = _tile_entry
    if not dropped:
        return [
            known.get((cell, tile, 0)) or entry(cell, tile, 0) for cell, tile in state.tiles.items()
        ]
    return [entry(cell, tile, dropped.get(cell, 0)) for cell, tile in state.tiles.items()]


def _bounds(state: State) -> dict[str, int]:
    """The board's extent, from the cell numbers (x is the high part, y the low part)."""
    stride, offset = board.STRIDE, board.OFFSET
    cells = state.tiles
    ys = [cell % stride for cell in cells]
    return {
        "min_x": min(cells) // stride - offset,
        "max_x": max(cells) // stride - offset,
        "min_y": min(ys) - offset,
        "max_y": max(ys) - offset,
    }


def reachable(state: State) -> list[dict[str, Any]]:
    """Cells the moving Adventurer may step to now, with the kind of move and whether it
    explores a gap."""
    if state.over or state.decision != "move":
        return []
    adv = state.adventurer
    if not movement.can_continue(state, adv):
        return []
    result = []
    for side, gust in movement.legal_sides(state, adv):
        target = adv.pos + board.STEP[side]
        x, y = board.coords(target)
        result.append(
            {
                "x": x,
                "y": y,
                "side": board.DIRECTION_NAMES[side],
                "kind": "gust" if gust else _KIND_NAMES[movement.step_kind(state, adv, side)],
                "explore": target not in state.tiles,
            }
        )
    return result


def build_view(state: State, viewer: int | None) -> dict[str, Any]:
    params = state.params
    moving = None if state.over else (state.seat, state.adv_index)
    equip = params.equip_technology
    adventurers = []
    for seat, seat_advs in enumerate(state.advs):
        for index, adv in enumerate(seat_advs):
            x, y = board.coords(adv.pos)
            adventurers.append(
                {
                    "seat": seat,
                    "number": index + 1,
                    "x": x,
                    "y": y,
                    "chest": adv.chest,
                    "pirate": adv.pirate,
                    "maps": [board.describe_tile(tile) for tile in adv.maps],
                    "latest_city": xy(adv.latest_city),
                    "moving": moving == (seat, index),
                    "ready_round": adv.ready_round,
                    "cards": [
                        {
                            **cards.describe(c),
                            "active": cards.is_active(adv, c, equip),
                            "equipped": c == adv.equipped,
                        }
                        for c in adv.cards
                    ],
                }
            )
    agents = []
    for cell in state.agents:  # in the order placed: the computer players' route (§13.3)
        agent = state.agents[cell]
        x, y = board.coords(cell)
        agents.append(
            {
                "seat": agent.owner,
                "x": x,
                "y": y,
                "wealth": agent.wealth,
                "ransacked": not agent.active,
            }
        )
    decision: dict[str, Any] = {"kind": state.decision}
    moves: dict[str, Any] = {}
    offers: list[str] = []
    if not state.over:
        adv = state.adventurer
        decision.update(seat=state.seat, adventurer=state.adv_index + 1)
        decision.update(_decision_details(state))
        moves = movement.remaining(state, adv)
        if state.decision == "move":
            offers = [notation.format_action(a) for a in actions.tile_offers(state, adv)]
    tiles = _tile_views(state)
    return {
        "game": "cartolan",
        "viewer": viewer,
        "preset": params.preset,
        "mode": params.mode,
        "options": _options(state),
        "margin": params.margin,
        "round": state.round,
        "turn_order": list(state.order),
        "status": {
            "result": "finished" if state.over else "playing",
            "to_move": [] if state.over else [state.seat],
            "winners": list(state.winners),
            "end": state.end_reason,
        },
        "decision": decision,
        "tiles": tiles,
        "bounds": _bounds(state),
        "cities": [xy(city) for city in state.cities],
        "adventurers": adventurers,
        "agents": agents,
        "players": [
            {
                "seat": seat,
                "vault": state.vault[seat],
                "adventurers": len(state.advs[seat]),
                "agents": sum(1 for a in state.agents.values() if a.owner == seat),
                "max_adventurers": params.max_adventurers,
                "max_agents": params.max_agents,
                "cadre": (
                    cards.describe(state.cadre[seat])
                    if state.cadre and state.cadre[seat] >= 0
                    else None
                ),
            }
            for seat in range(state.players)
        ],
        "piles": {
            "water": {"count": len(state.piles[0]), "discard": len(state.discards[0])},
            "land": {"count": len(state.piles[1]), "discard": len(state.discards[1])},
        },
        "decks": {name: len(deck) for name, deck in state.decks.items()},
        "moves": moves,
        "reachable": reachable(state),
        "offers": offers,
        "path": [xy(cell) for cell in state.path],
        "last_path": [xy(cell) for cell in state.last_path],
        "last_action": notation.format_action(state.last_action) if state.last_action else "",
    }


def _decision_details(state: State) -> dict[str, Any]:
    pending = state.pending
    kind = state.decision
    if kind == "city":
        return {"banked": pending.get("banked", True), "chest": state.adventurer.chest}
    if kind in ("loot", "steal", "steal_card"):
        seat, index = pending["victim"]
        victim = state.advs[seat][index]
        return {"victim": {"seat": seat, "number": index + 1, "chest": victim.chest}}
    if kind == "relocate":
        return {"target": xy(pending["target"]), "cost": pending["cost"]}
    if kind in ("cadre", "character", "manuscript"):
        return {"cards": [cards.describe(c) for c in pending["options"]]}
    if kind == "deposit":
        return {"target": xy(pending["target"]), "chest": state.adventurer.chest}
    if kind == "discovery":
        return {"amount": pending["amount"]}
    if kind == "maps":
        return {
            "map": pending["index"] + 1,
            "options": [board.describe_tile(tile) for tile in pending["options"]],
        }
    return {}


def describe_view(view: dict[str, Any]) -> str:
    """A compact text board for the terminal: each tile as its N,E,S,W edges (W water, L land),
    ``C`` city / ``*`` wonder, the seat number of an Adventurer there (``a`` an Agent), and its
    wind arrow; then pieces and the move meter."""
    tiles = {(t["x"], t["y"]): t for t in view["tiles"]}
    xs = [x for x, _ in tiles]
    ys = [y for _, y in tiles]
    advs = {(a["x"], a["y"]): a for a in view["adventurers"]}
    agents = {(a["x"], a["y"]): a for a in view["agents"]}
    lines = []
    for y in range(max(ys), min(ys) - 1, -1):
        row = []
        for x in range(min(xs), max(xs) + 1):
            tile = tiles.get((x, y))
            if tile is None:
                row.append("   .    ")
                continue
            mark = "C" if tile["city"] else ("*" if tile["wonder"] else " ")
            piece = " "
            if (x, y) in advs:
                piece = str(advs[(x, y)]["seat"] + 1)
            elif (x, y) in agents:
                piece = "a"
            row.append(f"{tile['edges']}{mark}{piece}{tile['wind']}")
        lines.append(" ".join(row))
    lines.append(f"round {view['round']}  decision {view['decision']}")
    for player in view["players"]:
        lines.append(f"player {player['seat'] + 1}: vault {player['vault']}")
    for adv in view["adventurers"]:
        flag = " pirate" if adv["pirate"] else ""
        lines.append(
            f"  adventurer {adv['seat'] + 1}.{adv['number']} at {adv['x']},{adv['y']}"
            f" chest {adv['chest']}{flag}"
        )
    lines.append(f"moves {view['moves']}  offers {view['offers']}")
    return "\n".join(lines)
