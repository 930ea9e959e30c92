"""Speiderne's events in words for the board's log: cards named ("the 8 of clubs"), seats
by their badge and name, region and place names as the picture labels them (A1, C0, L2),
expeditions by the id on their token (E4), and no "-" for nothing: a missing card picks
another sentence.

The engine's event data keeps the notation (``lost: "7S"``, ``defended_with: "-"``) for the
game's own log and the command line; only what people read on the board is worded here.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from gamecore.presentation import Text, card_text, cards_text, seat_text

#: The engine's word for nothing (no card lost, none drawn, no region).
NOTHING = "-"


def _cards(text: Any) -> Text:
    return cards_text(str(text).split())


def _part(key: str, **params: Any) -> Text:
    return Text(f"event.speiderne.part.{key}", params)


def _effect(effect: Any) -> Text:
    return Text(f"event.speiderne.effect.{effect}", fallback=str(effect))


def _scores(scores: Any, names: Sequence[str]) -> tuple[Text, ...]:
    """``"2-3-1"`` (points in seat order) as "① alice 2, ② bob 3, …"."""
    return tuple(
        Text("event.speiderne.part.score", {"name": seat_text(names, seat), "points": points})
        for seat, points in enumerate(str(scores).split("-"))
    )


def _winners(winners: Any, names: Sequence[str]) -> tuple[Text, ...]:
    """``"1 3"`` (players from 1) as their names."""
    return tuple(
        Text("alt.name", {"name": seat_text(names, int(player) - 1)})
        for player in str(winners).split()
    )


def event_words(kind: str, data: Mapping[str, Any], names: Sequence[str]) -> Text:
    """The line of one Speiderne event (``event.speiderne.*``)."""
    name = seat_text(names, data.get("seat", 0))
    params: dict[str, Any] = {**data, "name": name}
    key = kind
    if kind == "drew":
        key = {0: "drew_none", 1: "drew_one"}.get(int(data.get("count", 0)), "drew")
    elif kind == "took_insurance":
        params["cards"] = _cards(data.get("cards", ""))
        refilled = data.get("refilled", NOTHING)
        if refilled == NOTHING:
            key = "took_insurance_short"
        else:
            params["refilled"] = _cards(refilled)
    elif kind == "readied":
        params["cards"] = _cards(data.get("cards", ""))
    elif kind in ("revealed", "discovered", "pirates", "treasure"):
        params["card"] = card_text(str(data.get("card")))
        if "effect" in data:
            params["effect"] = _effect(data["effect"])
        if kind == "pirates":
            lost = data.get("lost", NOTHING)
            key = "pirates_none" if lost == NOTHING else kind
            params["lost"] = _cards(lost)
        if kind == "treasure":
            parts = [_part("drew_one" if data.get("drew") else "drew_none", name=name)]
            if data.get("lost", NOTHING) != NOTHING:
                parts.append(
                    _part(
                        "lost",
                        expedition=data.get("expedition"),
                        card=card_text(str(data["lost"])),
                    )
                )
            params["outcome"] = tuple(parts)
    elif kind == "storm":
        params["against"] = card_text(str(data.get("against")))
        defended = data.get("defended_with", NOTHING)
        if defended != NOTHING:
            key = "storm_defended"
            params["defended_with"] = card_text(str(defended))
        else:
            key = "storm_lost" if data.get("lost", NOTHING) != NOTHING else "storm_passed"
            params["lost"] = card_text(str(data.get("lost")))
    elif kind == "sank":
        key = "sank_funding" if data.get("cause") == "funding" else "sank"
        params["cause"] = _effect(data.get("cause"))
    elif kind == "funded":
        card = data.get("card", NOTHING)
        if card != NOTHING:
            params["card"] = card_text(str(card))
        else:
            key = "funded_lost"
            params["lost"] = card_text(str(data.get("lost")))
    elif kind == "game_over":
        params["end"] = Text(f"end.speiderne.{data.get('end')}", fallback=str(data.get("end")))
        params["scores"] = _scores(data.get("scores", ""), names)
        params["winners"] = _winners(data.get("winners", ""), names) or (Text("alt.none"),)
    return Text(f"event.speiderne.{key}", params)
