"""How the two solo card games say their moves, events and pictures in words (menus, the
board's log, the images' alt text).

Pure: catalog keys (``alt.*``, ``event.*``) that the front end translates. The solo view is
the player's own, and nothing in it is hidden from them. Cells (C3) and levels are said as the
picture labels them; cards in words ("the king of hearts"), never as notation (KH).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from gamecore.presentation import (
    Presentation,
    Text,
    card_short,
    card_text,
    cards_text,
    count_text,
)


def _result_line(view: Mapping[str, Any]) -> Text | None:
    result = view.get("status")
    return Text(f"alt.result.{result}") if result in ("won", "lost") else None


def _last_move(view: Mapping[str, Any], words: Presentation) -> Text | None:
    """The last move in the game's words (``move_text``), not its notation."""
    last = view.get("last_action")
    return Text("alt.last_move", {"move": words.move_text(str(last))}) if last else None


def _worded(
    data: Mapping[str, Any], cards: Sequence[str], lists: Sequence[str] = ()
) -> dict[str, Any]:
    """``data`` with the cards under ``cards`` (``KH``) and the card lists under ``lists``
    (``5D QC``) in words; everything else as it is."""
    params = dict(data)
    for key in cards:
        if key in data:
            params[key] = card_text(str(data[key]))
    for key in lists:
        if key in data:
            params[key] = cards_text(str(data[key]).split())
    return params


def _common_end(view: Mapping[str, Any], words: Presentation) -> list[Text]:
    lines = [_last_move(view, words)]
    return [line for line in lines if line is not None]


class CartographerPresentation(Presentation):
    """Cartographer's Expedition: the 5×5 map, the hand, the pile."""

    def event_text(self, kind: str, data: Mapping[str, Any], names: Sequence[str] = ()) -> Text:  # noqa: ARG002 - one player: the line needs no name
        return Text(f"event.{self.game_id}.{kind}", _worded(data, ("card", "revealed")))

    def move_text(self, notation: str, view: Mapping[str, Any] | None = None) -> Text:  # noqa: ARG002 - the notation says it all
        words = notation.split()
        if len(words) == 4 and words[0] == "reveal":
            _, face_up, card, target = words
            return Text(
                "move.reveal",
                {"target": target, "card": card_text(card), "face_up": face_up},
                fallback=notation,
            )
        if len(words) == 2 and words[0] == "exchange":
            return Text("move.exchange", {"card": card_text(words[1])}, fallback=notation)
        return Text("move.unknown", fallback=notation)

    def option_text(
        self,
        notation: str,
        view: Mapping[str, Any] | None = None,  # noqa: ARG002 - the notation says it all
    ) -> tuple[Text, Text | None]:
        """ "Reveal C2 with 8♥" (matching C3 in the small print), "Swap 7♠"."""
        words = notation.split()
        if len(words) == 4 and words[0] == "reveal":
            _, face_up, card, target = words
            return (
                Text("pick.reveal", {"target": target, "card": card_short(card)}),
                Text("pick.reveal.detail", {"face_up": face_up}),
            )
        if len(words) == 2 and words[0] == "exchange":
            return (
                Text("pick.exchange", {"card": card_short(words[1])}),
                Text("pick.exchange.detail"),
            )
        return self.move_text(notation), None

    def describe(self, view: Mapping[str, Any], names: Sequence[str]) -> tuple[Text, ...]:  # noqa: ARG002 - one player, named by the front end
        grid: Mapping[str, str | None] = view.get("grid", {})
        face_up = tuple(
            Text("alt.cell", {"cell": cell, "card": card_text(card)})
            for cell, card in grid.items()
            if card
        )
        lines: list[Text | None] = [
            _result_line(view),
            Text("alt.hand", {"cards": cards_text(view.get("hand", []))}),
            Text(
                "alt.grid",
                {"up": len(face_up), "total": len(grid), "cells": face_up},
            ),
            Text(
                "alt.pile",
                {
                    "pile": count_text("cards", view.get("pile", 0)),
                    "discard": len(view.get("discard", [])),
                },
            ),
            *_common_end(view, self),
        ]
        return tuple(line for line in lines if line is not None)

    def read_out(self, view: Mapping[str, Any], names: Sequence[str]) -> tuple[Text, ...]:  # noqa: ARG002 - one player
        """Each row of the map, cell by cell (face down, empty or its card), and which aces
        lie face up in a corner (the picture's ace tracker)."""
        grid: Mapping[str, str | None] = view.get("grid", {})
        rows: dict[str, list[Text]] = {}
        for cell, card in grid.items():
            rows.setdefault(cell[1:], []).append(
                Text("read.place", {"place": cell, "what": _lies(card)})
            )
        lines = [
            Text("read.row", {"row": row, "cells": tuple(cells)}) for row, cells in rows.items()
        ]
        corners = [grid.get(cell) or "" for cell in CORNERS]
        found = {card[-1] for card in corners if card.startswith("A")}
        aces = {suit: card_text(f"A{suit}") for suit in ACE_SUITS}
        lines.append(
            Text(
                "read.cartographer.aces",
                {
                    "found": tuple(aces[s] for s in ACE_SUITS if s in found) or (Text("alt.none"),),
                    "missing": tuple(aces[s] for s in ACE_SUITS if s not in found)
                    or (Text("alt.none"),),
                },
            )
        )
        return tuple(lines)


def _lies(card: str | None) -> Text:
    """What lies on a place: a face-down card (``None``), nothing (``""``) or a card."""
    if card is None:
        return Text("read.face_down")
    return card_text(card) if card else Text("read.empty")


#: The map's corner cells, where a found ace is shown (the picture's ace tracker).
CORNERS = ("A1", "E1", "A5", "E5")
#: The four aces the tracker shows, found or not.
ACE_SUITS = ("S", "H", "D", "C")


#: What a challenger must have to subdue a card of each level (rules "Subdue"), as catalog keys.
LEVEL_CONDITIONS = ("higher_suit", "higher_rank", "same_suit", "same_rank")


class DelverPresentation(Presentation):
    """Dungeon Delver: four levels of face-down cards, the hand, the deck."""

    def board_notes(self, view: Mapping[str, Any]) -> tuple[Text, ...]:
        """What beats a card on each level that still holds cards, in words (the picture's
        badges say it in symbols: ``♣<♦<♥<♠``, ``=``)."""
        levels = view.get("levels") or []
        return tuple(
            Text(f"board.delver.level.{LEVEL_CONDITIONS[number - 1]}", {"level": number})
            for number, level in enumerate(levels, start=1)
            if number <= len(LEVEL_CONDITIONS) and any(cell != "" for cell in level)
        )

    def read_out(self, view: Mapping[str, Any], names: Sequence[str]) -> tuple[Text, ...]:  # noqa: ARG002 - one player
        """Each level, place by place (face down, empty or its card), and its coin."""
        claimed = {int(level) for level in view.get("claimed") or []}
        lines = []
        for number, level in enumerate(view.get("levels") or [], start=1):
            cells = tuple(
                Text("read.place", {"place": f"#{position}", "what": _lies(card)})
                for position, card in enumerate(level, start=1)
            )
            coin = Text("read.delver.claimed" if number in claimed else "read.delver.unclaimed")
            lines.append(Text("read.delver.level", {"level": number, "cells": cells, "coin": coin}))
        return tuple(lines)

    def event_text(self, kind: str, data: Mapping[str, Any], names: Sequence[str] = ()) -> Text:  # noqa: ARG002 - one player: the line needs no name
        return Text(
            f"event.{self.game_id}.{kind}",
            _worded(data, ("card", "revealed", "target"), ("cards",)),
        )

    def move_text(self, notation: str, view: Mapping[str, Any] | None = None) -> Text:  # noqa: ARG002 - the notation says it all
        words = notation.split()
        if len(words) == 3 and words[0] == "explore":
            return Text(
                "move.explore", {"level": words[1], "card": card_text(words[2])}, fallback=notation
            )
        if len(words) == 4 and words[0] == "subdue":
            return Text(
                "move.subdue",
                {"card": card_text(words[1]), "level": words[2], "position": words[3]},
                fallback=notation,
            )
        if len(words) == 2 and words[0] == "claim":
            return Text("move.claim", {"level": words[1]}, fallback=notation)
        return Text("move.unknown", fallback=notation)

    def option_text(
        self,
        notation: str,
        view: Mapping[str, Any] | None = None,  # noqa: ARG002 - the notation says it all
    ) -> tuple[Text, Text | None]:
        """ "Explore level 2: K♠", "Beat level 2 #3: 9♦", "Claim level 2" (draw 2)."""
        words = notation.split()
        if len(words) == 3 and words[0] == "explore":
            return (
                Text("pick.explore", {"level": words[1], "card": card_short(words[2])}),
                Text("pick.explore.detail"),
            )
        if len(words) == 4 and words[0] == "subdue":
            return (
                Text(
                    "pick.subdue",
                    {"level": words[2], "position": words[3], "card": card_short(words[1])},
                ),
                None,
            )
        if len(words) == 2 and words[0] == "claim":
            return Text("pick.claim", {"level": words[1]}), Text("pick.claim.detail")
        return self.move_text(notation), None

    def describe(self, view: Mapping[str, Any], names: Sequence[str]) -> tuple[Text, ...]:  # noqa: ARG002 - one player, named by the front end
        lines: list[Text | None] = [_result_line(view)]
        lines.append(Text("alt.hand", {"cards": cards_text(view.get("hand", []))}))
        claimed = set(view.get("claimed", []))
        for number, level in enumerate(view.get("levels", []), start=1):
            if number in claimed:
                lines.append(Text("alt.level_claimed", {"level": number}))
                continue
            left = [cell for cell in level if cell != ""]
            up = [cell for cell in left if cell]
            if not left:
                lines.append(Text("alt.level_empty", {"level": number}))
                continue
            lines.append(
                Text(
                    "alt.level",
                    {
                        "level": number,
                        "left": count_text("cards", len(left)),
                        "up": len(up),
                        "cards": cards_text(up),
                    },
                )
            )
        lines.append(
            Text(
                "alt.deck",
                {
                    "deck": count_text("cards", view.get("deck", 0)),
                    "discard": len(view.get("discard", [])),
                },
            )
        )
        lines.extend(_common_end(view, self))
        return tuple(line for line in lines if line is not None)
