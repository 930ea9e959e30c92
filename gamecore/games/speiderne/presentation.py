"""How Speiderne says its moves, events and pictures in words (menus, the board's log, the
images' alt text).

Pure: catalog keys (``alt.*``) the front end translates. The public board's view has no
hand; a seat's view (its private hand picture) has that seat's own cards and nothing more.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from gamecore.games.speiderne.event_words import event_words
from gamecore.presentation import (
    Presentation,
    Text,
    card_short,
    card_text,
    cards_short,
    cards_text,
    count_text,
)


def _name(names: Sequence[str], seat: Any) -> str:
    index = int(seat)
    return names[index] if 0 <= index < len(names) else str(index + 1)


#: The region events the picture shows (its event panel).
REGION_EVENTS = ("storm", "windless", "pirates", "treasure")


def _region(region: Mapping[str, Any] | None, names: Sequence[str]) -> Text:
    """A region in words: its card and who explored it, or unexplored."""
    if not region or not region.get("card"):
        return Text("read.unexplored")
    by = region.get("by")
    if by is None:
        return card_text(str(region["card"]))
    return Text(
        "read.speiderne.explored",
        {"card": card_text(str(region["card"])), "name": _name(names, by)},
    )


class SpeidernePresentation(Presentation):
    def event_text(self, kind: str, data: Mapping[str, Any], names: Sequence[str] = ()) -> Text:
        """Cards, seats and outcomes in words (``event_words``)."""
        return event_words(kind, data, names)

    def move_text(self, notation: str, view: Mapping[str, Any] | None = None) -> Text:
        """Each move in words; a defence names the card it is against (the view's pending
        threat), a funding the expedition it pays for."""
        words = notation.split()
        verb = words[0] if words else ""
        if words == ["draw", "deck"]:
            return Text("move.draw_deck", fallback=notation)
        if verb == "draw" and len(words) >= 3 and words[1] == "insurance":
            return Text("move.draw_insurance", {"cards": cards_text(words[2:])}, fallback=notation)
        if verb == "ready" and len(words) >= 3 and words[-2] == "at":
            return Text(
                "move.ready",
                {"cards": cards_text(words[1:-2]), "place": words[-1]},
                fallback=notation,
            )
        if verb == "move" and len(words) == 4 and words[2] == "to":
            return Text(
                "move.move_expedition",
                {"expedition": words[1], "region": words[3]},
                fallback=notation,
            )
        if verb == "defend" and len(words) == 2:
            pending = (view or {}).get("pending") or {}
            against = pending.get("against")
            # without the view (the board's log, after the storm) the storm stands for its card
            threat = card_text(against) if against else Text("move.storm")
            if words[1] == "none":
                return Text("move.defend_none", {"against": threat}, fallback=notation)
            return Text(
                "move.defend", {"card": card_text(words[1]), "against": threat}, fallback=notation
            )
        if verb == "fund" and len(words) == 3:
            if words[2] == "none":
                return Text("move.fund_none", {"expedition": words[1]}, fallback=notation)
            return Text(
                "move.fund",
                {"expedition": words[1], "card": card_text(words[2])},
                fallback=notation,
            )
        if words == ["pass"]:
            return Text("move.pass", fallback=notation)
        return Text("move.unknown", fallback=notation)

    def option_text(
        self, notation: str, view: Mapping[str, Any] | None = None
    ) -> tuple[Text, Text | None]:
        """Short labels, the deciding words first ("Ready A2: 7♥ 8♥ 9♥", "Defend with 9♠"),
        cards as rank and suit sign; what the move costs or answers in the small print."""
        words = notation.split()
        verb = words[0] if words else ""
        pending = (view or {}).get("pending") or {}
        against = pending.get("against")
        threat = card_text(against) if against else Text("move.storm")
        if words == ["draw", "deck"]:
            return Text("pick.draw_deck"), Text("pick.draw_deck.detail")
        if verb == "draw" and len(words) >= 3 and words[1] == "insurance":
            return (
                Text("pick.draw_insurance", {"cards": cards_short(words[2:])}),
                Text("pick.draw_insurance.detail"),
            )
        if verb == "ready" and len(words) >= 3 and words[-2] == "at":
            return (
                Text("pick.ready", {"place": words[-1], "cards": cards_short(words[1:-2])}),
                Text("pick.ready.detail", {"cards": cards_text(words[1:-2])}),
            )
        if verb == "move" and len(words) == 4 and words[2] == "to":
            return Text("pick.move", {"expedition": words[1], "region": words[3]}), None
        if verb == "defend" and len(words) == 2:
            if words[1] == "none":
                return Text("pick.defend_none"), Text(
                    "pick.defend_none.detail", {"against": threat}
                )
            return (
                Text("pick.defend", {"card": card_short(words[1])}),
                Text("pick.defend.detail", {"against": threat}),
            )
        if verb == "fund" and len(words) == 3:
            if words[2] == "none":
                return Text("pick.fund_none", {"expedition": words[1]}), Text(
                    "pick.fund_none.detail"
                )
            return (
                Text("pick.fund", {"expedition": words[1], "card": card_short(words[2])}),
                None,
            )
        return self.move_text(notation, view), None

    def read_out(self, view: Mapping[str, Any], names: Sequence[str]) -> tuple[Text, ...]:
        """Each row of regions (explored: its card and by whom; else unexplored), the free
        starting places, the insurance cards and who holds the insurance bonus, and the last
        region event (or the storm waiting for a defence)."""
        regions: Mapping[str, Mapping[str, Any]] = view.get("regions", {})
        lines: list[Text] = []
        for row in view.get("grid") or ():
            cells = tuple(
                Text("read.place", {"place": name, "what": _region(regions.get(name), names)})
                for name in row
            )
            lines.append(Text("read.row", {"row": str(row[0])[1:] if row else "", "cells": cells}))
        for expedition in view.get("expeditions") or ():
            cards = [str(card) for card in expedition.get("cards") or () if card]
            if cards:
                lines.append(
                    Text(
                        "read.speiderne.expedition_cards",
                        {"id": expedition.get("id", ""), "cards": cards_text(cards)},
                    )
                )
        free = tuple(Text("alt.name", {"name": place}) for place in view.get("free_places") or ())
        lines.append(Text("read.speiderne.free", {"places": free or (Text("alt.none"),)}))
        insurance = view.get("insurance") or []
        lines.append(Text("read.speiderne.insurance", {"cards": cards_text(insurance)}))
        bonus = view.get("insurance_bonus") or {}
        holders = tuple(
            Text("alt.name", {"name": _name(names, seat)}) for seat, has in bonus.items() if has
        )
        if holders:
            lines.append(Text("read.speiderne.bonus", {"names": holders}))
        pending = view.get("pending") if isinstance(view.get("pending"), Mapping) else None
        event = view.get("last_region_event")
        if pending and pending.get("kind") == "defend":
            region, card = str(pending.get("region") or ""), pending.get("against")
            lines.append(Text("read.speiderne.storm_waits", {"region": region}))
        elif isinstance(event, Mapping) and event.get("kind") in REGION_EVENTS:
            region = str(event.get("region") or "")
            card = (
                event.get("against") or event.get("card") or (regions.get(region) or {}).get("card")
            )
            lines.append(
                Text(
                    "read.speiderne.event",
                    {"event": Text(f"read.speiderne.event.{event['kind']}"), "region": region},
                )
            )
        else:
            card = None
        if isinstance(card, str) and card:  # the card the event panel shows
            lines.append(Text("read.speiderne.event_card", {"card": card_text(card)}))
        return tuple(lines)

    def describe(self, view: Mapping[str, Any], names: Sequence[str]) -> tuple[Text, ...]:
        status: Mapping[str, Any] = view.get("status") or {}
        lines: list[Text] = []
        if "hand" in view:
            lines.append(Text("alt.hand", {"cards": cards_text(view["hand"])}))
        if status.get("result", "playing") != "playing":
            winners = tuple(
                Text("alt.name", {"name": _name(names, s)}) for s in status.get("winners", ())
            )
            lines.append(Text("alt.winners", {"names": winners or (Text("alt.none"),)}))
        else:
            lines.append(
                Text(
                    "alt.round_to_move",
                    {
                        "round": view.get("round", 1),
                        "rounds": view.get("max_rounds", 0),
                        "names": tuple(
                            Text("alt.name", {"name": _name(names, s)})
                            for s in status.get("to_move", ())
                        ),
                    },
                )
            )
        scores: Mapping[str, Any] = view.get("scores", {})
        sizes: Mapping[str, Any] = view.get("hand_sizes", {})
        lines.append(
            Text(
                "alt.scores",
                {
                    "scores": tuple(
                        Text(
                            "alt.seat_score_cards",
                            {
                                "name": _name(names, seat),
                                "score": score,
                                "cards": count_text("cards", sizes.get(seat, 0)),
                            },
                        )
                        for seat, score in scores.items()
                    )
                },
            )
        )
        regions: Mapping[str, Mapping[str, Any]] = view.get("regions", {})
        explored = sum(1 for region in regions.values() if region.get("card"))
        lines.append(Text("alt.regions", {"explored": explored, "total": len(regions)}))
        expeditions = view.get("expeditions", [])
        if expeditions:
            lines.append(
                Text(
                    "alt.expeditions",
                    {
                        "items": tuple(
                            Text(
                                "alt.expedition",
                                {
                                    "id": e["id"],
                                    "name": _name(names, e["owner"]),
                                    "at": e["at"],
                                    "count": count_text(
                                        "cards", e.get("count", len(e.get("cards", [])))
                                    ),
                                },
                            )
                            for e in expeditions
                        )
                    },
                )
            )
        lines.append(
            Text(
                "alt.deck",
                {
                    "deck": count_text("cards", view.get("deck", 0)),
                    "discard": view.get("discard", 0),
                },
            )
        )
        last = view.get("last_action")
        if last:
            lines.append(
                Text(
                    "alt.last_move_by",
                    {"name": _name(names, last["seat"]), "move": self.move_text(last["action"])},
                )
            )
        return tuple(lines)
