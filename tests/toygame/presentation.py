"""How Drop Four shows itself on Discord: nothing is hidden, so the public board carries one
button per column for the player to move; the lobby offers its two computer players."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from typing_extensions import override

from gamecore.presentation import Controls, Move, Offer, Presentation, Text
from tests.toygame.rules import LETTERS


class DropFourPresentation(Presentation):
    public_controls = True
    computer_players = ("heuristic", "random")

    @override
    def controls(self, view: Mapping[str, Any], legal: Sequence[str], selected: str | None) -> Controls:
        """A button per column (a single-move offer each), disabled when the column is full
        or it is not a person's turn."""
        columns = LETTERS[: len(view["columns"])]
        return Controls(
            offers=tuple(
                Offer(
                    Text("drop_four.label.drop"),
                    (Move(c, Text("drop_four.label.column", {"column": c.upper()}), "primary", c in legal),),
                )
                for c in columns
            )
        )


PRESENTATION = DropFourPresentation("drop-four")
