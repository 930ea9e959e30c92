"""Cartolan's events in words for the board's log: directions named ("north"), places said
from the Capital as a player counts tiles on the picture (which draws no coordinates: "2
north and 1 west of the Capital"), wealth and where it goes (Chest or Vault), seats by their
badge and name, another seat's Adventurer by its owner and number, success or failure in words.

The engine's event data keeps the notation (``x``/``y``, ``side: "N"``, ``success: true``)
for the game's own log and the command line; only what people read on the board is worded.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from gamecore.presentation import Text, seat_text

#: Kinds whose line says whether a roll worked: ``<kind>_won`` / ``<kind>_failed``.
ROLLED = frozenset({"attack", "attack_agent", "arrest", "court", "gust"})


def _key(name: str) -> str:
    return f"event.cartolan.{name}"


def side_text(side: Any) -> Text:
    """``N`` → "north"."""
    return Text(_key(f"side.{side}"), fallback=str(side))


def place_text(x: Any, y: Any) -> Text:
    """Where ``x, y`` lies from the Capital (at 0, 0; north is up on the picture):
    ``2, -1`` → "1 south and 2 east of the Capital"."""
    east, north = int(x), int(y)
    steps = []
    if north:
        steps.append(Text(_key(f"step.{'N' if north > 0 else 'S'}"), {"count": abs(north)}))
    if east:
        steps.append(Text(_key(f"step.{'E' if east > 0 else 'W'}"), {"count": abs(east)}))
    if not steps:
        return Text(_key("place.capital"))
    if len(steps) == 1:
        return Text(_key("place.one"), {"a": steps[0]})
    return Text(_key("place.two"), {"a": steps[0], "b": steps[1]})


def event_words(kind: str, data: Mapping[str, Any], names: Sequence[str]) -> Text:
    """The line of one Cartolan event (``event.cartolan.*``); the seat that acted is named by
    the step's own line above it, other seats (an Agent's owner, a victim) here."""
    params: dict[str, Any] = dict(data)
    key = kind
    if "side" in data:
        params["side"] = side_text(data["side"])
    if "x" in data and "y" in data:
        params["place"] = place_text(data["x"], data["y"])
    for seat_key, name_key in (("owner", "owner_name"), ("seat", "name")):
        if isinstance(data.get(seat_key), int):
            params[name_key] = seat_text(names, data[seat_key])
    if "seat" in data and "adventurer" in data:
        params["number"] = data["adventurer"]
    if kind in ROLLED:
        key = f"{kind}_{'won' if data.get('success') else 'failed'}"
    elif kind == "explore" and not data.get("reward"):
        key = "explore_nothing"
    elif kind == "disaster" and not data.get("lost"):
        key = "disaster_nothing"
    elif kind == "rest":
        key = "rest" if data.get("fee") else "rest_free"
    elif kind == "city":
        key = f"city_{data.get('city')}"
    elif kind == "game_over":
        params["end"] = Text(f"end.cartolan.{data.get('reason')}", fallback=str(data.get("reason")))
        params["winners"] = tuple(
            Text("alt.name", {"name": seat_text(names, seat)}) for seat in data.get("winners", ())
        ) or (Text("alt.none"),)
    return Text(_key(key), params)
