"""The visibility check shared by the renderer tests: every recorded element lies inside the
picture, inside its area, and under no element drawn later that may not lie on it.

Elements come from ``renderer.inspect.recording()`` in the order they were drawn, so "b covers
a" means: a was drawn first, their boxes share pixels, ``a.kind`` is not in ``b.may_cover`` and
``a`` is not the one element ``b`` is drawn on (``b.on``: a piece under its own label).
Elements of kind ``area`` (``record("area", "map", box)``) only name a region that other
elements' ``within`` refers to; they are never checked for overlap.
"""

from __future__ import annotations

import io
from collections.abc import Collection, Iterable, Mapping, Sequence
from typing import Any

from PIL import Image

import renderer
from gamecore.registry import registration
from gamecore.simulate import available_players, player_rng
from renderer.inspect import Box, Element, recording

AREA = "area"


def _inside(inner: Box, outer: Box) -> bool:
    return (
        outer[0] <= inner[0] < inner[2] <= outer[2] and outer[1] <= inner[1] < inner[3] <= outer[3]
    )


def _overlap(one: Box, two: Box) -> bool:
    return one[0] < two[2] and two[0] < one[2] and one[1] < two[3] and two[1] < one[3]


def covers(above: Element, below: Element, protected: Collection[str] = ()) -> bool:
    """Whether ``above`` (drawn later) hides part of ``below`` without being meant to. An
    element of a ``protected`` kind may lie under nothing but its own label (``above.on``),
    whatever ``above.may_cover`` allows."""
    if above.on and above.on == below.name:
        return False
    meant = below.kind in above.may_cover and below.kind not in protected
    return not meant and _overlap(below.box, above.box)


def problems(elements: Sequence[Element], size: tuple[int, int]) -> list[str]:
    """Everything wrong with one picture's elements (empty when every element is visible)."""
    picture: Box = (0, 0, size[0], size[1])
    areas = {e.name: e.box for e in elements if e.kind == AREA}
    found: list[str] = []
    shown = [e for e in elements if e.kind != AREA]
    for element in shown:
        label = f"{element.kind} {element.name!r} {element.box}"
        if not _inside(element.box, picture):
            found.append(f"{label} is not inside the {size[0]}x{size[1]} picture")
        if element.within and not (
            element.within in areas and _inside(element.box, areas[element.within])
        ):
            found.append(f"{label} leaves its area {element.within!r} {areas.get(element.within)}")
    for index, below in enumerate(shown):
        for above in shown[index + 1 :]:
            if covers(above, below):
                found.append(
                    f"{below.kind} {below.name!r} {below.box} is covered by "
                    f"{above.kind} {above.name!r} {above.box}"
                )
    return found


def recorded_board(game_id: str, view: Mapping[str, Any]) -> tuple[list[Element], tuple[int, int]]:
    """The elements of the board picture of ``view`` and the picture's size (the game's
    palette is built first: its sample boards are no part of this picture)."""
    renderer.warm_up(game_id)
    with recording() as elements:
        png = renderer.render_board(game_id, view)
    return list(elements), Image.open(io.BytesIO(png)).size


def names(elements: Iterable[Element], kind: str) -> list[str]:
    return [e.name for e in elements if e.kind == kind]


def heuristic_name(game_id: str) -> str:
    """The game's first computer player that is not ``random`` (the visibility test plays
    positions people reach, not noise)."""
    game = registration(game_id).game
    known = [name for name in available_players(game) if name != "random"]
    assert known, f"{game_id} has no computer player but random"
    return known[0]


def heuristic_views(
    game_id: str, seed: int, players: int, options: dict | None = None, limit: int = 3000
) -> list[dict]:
    """Public views after every step of a game that the game's first non-random computer
    player plays in every seat (the start first, the end last)."""
    game = registration(game_id).game
    player = available_players(game)[heuristic_name(game_id)]
    rngs = [player_rng(seed, seat) for seat in range(players)]
    state = game.setup(players, seed, options or {})
    views = [game.view(state, None)]
    for _ in range(limit):
        status = game.status(state)
        if status.over:
            break
        seat = status.to_move[0]
        action = player(game.view(state, seat), game.legal_actions(state, seat), rngs[seat])
        state, _ = game.apply(state, seat, action)
        views.append(game.view(state, None))
    return views
