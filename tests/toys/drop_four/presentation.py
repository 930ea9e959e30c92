"""How Drop Four shows itself on Discord: nothing is hidden, so the public board carries one
button per column for the player to move; the lobby offers its two computer players."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from typing_extensions import override

from gamecore.presentation import Controls, Move, Offer, Presentation, Text
from tests.toys.drop_four.rules import LETTERS


class DropFourPresentation(Presentation):
    computer_players = ("heuristic", "random")

    @override
    def controls(
        self, view: Mapping[str, Any], legal: Sequence[str], selected: str | None
    ) -> Controls:
        """A button per column (a single-move offer each), disabled when the column is full
        or it is not a person's turn; a column is named as the picture labels it (a, b, c)."""
        columns = LETTERS[: len(view["columns"])]
        return Controls(
            offers=tuple(
                Offer(
                    Text("drop_four.label.drop"),
                    (
                        Move(
                            c,
                            Text("drop_four.label.column", {"column": c}),
                            "primary",
                            c in legal,
                        ),
                    ),
                )
                for c in columns
            )
        )

    @override
    def move_text(self, notation: str, view: Mapping[str, Any] | None = None) -> Text:
        """``c`` → "Drop a disc into column c" (the picture labels its columns a, b, c…)."""
        return Text("drop_four.move.drop", {"column": notation}, fallback=notation)

    @override
    def describe(self, view: Mapping[str, Any], names: Sequence[str]) -> tuple[Text, ...]:
        """Whose turn or who won, and each column's discs from the bottom up."""
        winner, to_move = view["winner"], view["to_move"]
        lines = []
        if winner is not None:
            lines.append(
                Text("alt.winners", {"names": (Text("alt.name", {"name": names[winner]}),)})
            )
        elif to_move is not None:
            lines.append(Text("alt.to_move", {"names": names[to_move]}))
        for letter, stack in zip(LETTERS, view["columns"], strict=False):
            discs = "".join(str(seat + 1) for seat in stack) or Text("alt.none")
            lines.append(Text("drop_four.alt.column", {"column": letter, "discs": discs}))
        return tuple(lines)


PRESENTATION = DropFourPresentation("drop-four")
