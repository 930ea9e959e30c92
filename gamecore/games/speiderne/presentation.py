"""How Speiderne describes its pictures in words (the images' alt text).

Pure: catalog keys (``alt.*``) the front end translates. The public board's view has no
hand; a seat's view (its private hand picture) has that seat's own cards and nothing more.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from gamecore.presentation import Presentation, Text, cards_text


def _name(names: Sequence[str], seat: Any) -> str:
    index = int(seat)
    return names[index] if 0 <= index < len(names) else str(index + 1)


class SpeidernePresentation(Presentation):
    def describe(self, view: Mapping[str, Any], names: Sequence[str]) -> tuple[Text, ...]:
        status: Mapping[str, Any] = view.get("status") or {}
        lines: list[Text] = []
        if "hand" in view:
            lines.append(Text("alt.hand", {"cards": cards_text(view["hand"])}))
        if status.get("result", "playing") != "playing":
            winners = tuple(Text("alt.name", {"name": _name(names, s)}) for s in status.get("winners", ()))
            lines.append(Text("alt.winners", {"names": winners or (Text("alt.none"),)}))
        else:
            lines.append(Text(
                "alt.round_to_move",
                {
                    "round": view.get("round", 1), "rounds": view.get("max_rounds", 0),
                    "names": tuple(Text("alt.name", {"name": _name(names, s)})
                                   for s in status.get("to_move", ())),
                },
            ))
        scores: Mapping[str, Any] = view.get("scores", {})
        sizes: Mapping[str, Any] = view.get("hand_sizes", {})
        lines.append(Text("alt.scores", {"scores": tuple(
            Text("alt.seat_score_cards", {
                "name": _name(names, seat), "score": score, "cards": sizes.get(seat, 0)})
            for seat, score in scores.items()
        )}))
        regions: Mapping[str, Mapping[str, Any]] = view.get("regions", {})
        explored = sum(1 for region in regions.values() if region.get("card"))
        lines.append(Text("alt.regions", {"explored": explored, "total": len(regions)}))
        expeditions = view.get("expeditions", [])
        if expeditions:
            lines.append(Text("alt.expeditions", {"items": tuple(
                Text("alt.expedition", {
                    "id": e["id"], "name": _name(names, e["owner"]), "at": e["at"],
                    "count": e.get("count", len(e.get("cards", []))),
                })
                for e in expeditions
            )}))
        lines.append(Text("alt.deck", {"deck": view.get("deck", 0), "discard": view.get("discard", 0)}))
        last = view.get("last_action")
        if last:
            lines.append(Text("alt.last_move_by", {
                "name": _name(names, last["seat"]), "move": last["action"]}))
        return tuple(lines)
