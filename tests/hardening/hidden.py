"""Where each game keeps cards a viewer may not see, as places in ``state_to_dict``.

A *place* is a path into the state's JSON data (e.g. ``("pile", 3)``). Two states that
differ only by a permutation of the cards at a viewer's hidden places must look the same to
that viewer: same view JSON, same picture. Used by ``test_hidden_information.py``.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from gamecore.contract import Game
from gamecore.registry import get_game

Place = tuple[Any, ...]


def _get(data: Any, place: Place) -> Any:
    for key in place:
        data = data[key]
    return data


def _set(data: Any, place: Place, value: Any) -> None:
    for key in place[:-1]:
        data = data[key]
    data[place[-1]] = value


def cartographer_hidden(data: dict, _viewer: int | None) -> list[Place]:
    """Face-down grid cards (the corner aces among them) and the draw pile (rules "Setup")."""
    up = set(data["face_up"])
    names = [c + r for r in "12345" for c in "ABCDE"]
    cells = [("cells", i) for i, name in enumerate(names) if name not in up and data["cells"][i]]
    return cells + [("pile", i) for i in range(len(data["pile"]))]


def cartographer_corners(data: dict, _viewer: int | None) -> list[Place]:
    """Only the face-down corners: which ace lies where must not show."""
    up = set(data["face_up"])
    return [
        ("cells", i) for i, name in ((0, "A1"), (4, "E1"), (20, "A5"), (24, "E5")) if name not in up
    ]


def delver_hidden(data: dict, _viewer: int | None) -> list[Place]:
    """Face-down level cards and the deck (rules "Setup")."""
    places: list[Place] = []
    for level, row in enumerate(data["levels"]):
        up = set(data["face_up"][level])
        places += [("levels", level, p) for p in range(4) if row[p] and p + 1 not in up]
    return places + [("deck", i) for i in range(len(data["deck"]))]


def speiderne_hidden(data: dict, viewer: int | None) -> list[Place]:
    """Every hand but the viewer's, the deck, undiscovered regions (rules "Views")."""
    places: list[Place] = [
        ("hands", seat, i)
        for seat, hand in enumerate(data["hands"])
        if seat != viewer
        for i in range(len(hand))
    ]
    places += [("deck", i) for i in range(len(data["deck"]))]
    places += [
        ("regions", i, "card") for i, region in enumerate(data["regions"]) if not region["revealed"]
    ]
    return places


def cartolan_hidden(data: dict, _viewer: int | None) -> list[list[Place]]:
    """The order inside each tile pile and each card deck ("pile order hidden", the
    view's docstring): shuffled within a pile, never across piles."""
    groups = [[("piles", p, i) for i in range(len(pile))] for p, pile in enumerate(data["piles"])]
    decks = data.get("decks") or {}
    groups += [[("decks", name, i) for i in range(len(deck))] for name, deck in decks.items()]
    return groups


@dataclass(frozen=True, slots=True)
class HiddenModel:
    game_id: str
    players: Sequence[int]
    hidden: Callable[[dict, int | None], Any]
    options: dict[str, Any]
    #: Seats hold private hands (the view for a seat has a ``hand``).
    hands: bool = False

    @property
    def game(self) -> Game:
        return get_game(self.game_id)


MODELS: dict[str, HiddenModel] = {
    "cartographer": HiddenModel("cartographer", (1,), cartographer_hidden, {}),
    "cartographer-corners": HiddenModel("cartographer", (1,), cartographer_corners, {}),
    "dungeon-delver": HiddenModel("dungeon-delver", (1,), delver_hidden, {}),
    "speiderne": HiddenModel("speiderne", (2, 3, 4, 5, 6), speiderne_hidden, {}, hands=True),
    "cartolan": HiddenModel("cartolan", (2, 3, 4), cartolan_hidden, {}),
}


def play_random(game: Game, players: int, seed: int, steps: int, options: dict) -> Any:
    """A position reached by ``steps`` seeded random legal moves (fewer if it ends)."""
    state = game.setup(players, seed, options)
    rng = random.Random(seed)
    for _ in range(steps):
        status = game.status(state)
        if status.over or not status.to_move:
            break
        seat = status.to_move[0]
        state, _ = game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
    return state


def permuted(
    game: Game, state: Any, places: list[Place] | list[list[Place]], rng: random.Random
) -> tuple[Any, bool]:
    """The state with the cards at ``places`` shuffled among themselves (or within each
    group, when ``places`` is a list of groups), and whether any card actually moved."""
    data = json.loads(json.dumps(game.state_to_dict(state)))
    groups = places if places and isinstance(places[0], list) else [places]
    other = copy.deepcopy(data)
    moved = False
    for group in groups:
        cards = [_get(data, p) for p in group]
        shuffled = cards[:]
        rng.shuffle(shuffled)
        moved = moved or shuffled != cards
        for place, card in zip(group, shuffled, strict=True):
            _set(other, place, card)
    return game.state_from_dict(other), moved
