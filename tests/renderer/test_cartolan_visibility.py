"""Cartolan, element by element: in long games the computer players play (classic and modern,
Regular and Advanced, four explorers; every 5th view), every Adventurer and Agent of the view
is drawn on the map, beside it (a cropped map's ring), or counted in a ``+n``; nothing drawn
covers another piece, token, label, count or card (a label lies only on its own piece, a coin
beside its Agent); everything lies inside the picture and paths inside the map."""

from __future__ import annotations

from functools import lru_cache

import pytest

from renderer import inspect
from renderer.cartolan import draw_board
from renderer.cartolan_map import map_frame, piece_name
from tests.renderer.helpers import computer_views
from tests.renderer.visibility import covers

#: (preset, mode, seed): long 4-player games (classic Advanced seed 9: 1,306 steps with an
#: Adventurer holding 9 cards; modern Advanced seed 1: 316 steps with 5 Adventurers; classic
#: Regular seed 1: 1,168 steps; modern Regular seed 2: 330 steps).
GAMES = [
    ("classic", "advanced", 9),
    ("modern", "advanced", 1),
    ("classic", "regular", 1),
    ("modern", "regular", 2),
]
EVERY = 5
#: What no element may cover, whatever its ``may_cover`` says (a label lies on its own piece).
PROTECTED = ("piece", "label", "token", "count", "card")


@lru_cache(maxsize=4)
def _views(preset: str, mode: str, seed: int) -> list[dict]:
    return computer_views("cartolan", seed, 4, {"preset": preset, "mode": mode})


def problems(view: dict) -> list[str]:
    """What is wrong with the picture of ``view``, in words (empty when nothing is)."""
    with inspect.recording() as elements:
        image = draw_board(view)
    found = []
    areas = {e.name: e.box for e in elements if e.kind == "area"}
    for element in elements:
        left, top, right, bottom = element.box
        if left < 0 or top < 0 or right > image.width or bottom > image.height:
            found.append(f"{element.kind} {element.name} outside the picture: {element.box}")
        if element.within:
            a = areas[element.within]
            if left < a[0] or top < a[1] or right > a[2] or bottom > a[3]:
                found.append(f"{element.kind} {element.name} leaves the {element.within}")
    drawn = [e for e in elements if e.kind != "area"]
    for index, under in enumerate(drawn):
        for over in drawn[index + 1 :]:
            if covers(over, under, PROTECTED):
                found.append(f"{over.kind} {over.name} covers {under.kind} {under.name}")
    named = " ".join(e.name for e in elements if e.kind in ("piece", "count"))
    for kind in ("adventurer", "agent"):
        for piece in view.get(f"{kind}s") or []:
            name = piece_name(piece, kind)
            if name not in named.replace(f"panel {name}", ""):
                found.append(f"{name} is not on the picture")
    return found


@pytest.mark.parametrize(
    ("preset", "mode", "seed"), GAMES, ids=[f"{p}-{m}-{s}" for p, m, s in GAMES]
)
def test_every_piece_is_drawn_uncovered_inside_the_picture(
    preset: str, mode: str, seed: int
) -> None:
    views = _views(preset, mode, seed)
    assert views[-1]["status"]["result"] == "finished" and len(views) > 250
    failures = {}
    for step in [*range(0, len(views), EVERY), len(views) - 1]:
        found = problems(views[step])
        if found:
            failures[step] = found[:4]
    assert not failures, failures


def test_a_crowded_tile_and_a_crowded_side_count_what_does_not_fit() -> None:
    """Five Adventurers on the Capital and five beyond one side of a cropped map."""
    view = _views("classic", "advanced", 9)[-1]
    fleet = [dict(a) for a in view["adventurers"]]
    fleet += [dict(a, number=a["number"] + 1) for a in fleet] + [dict(fleet[0], number=3)]
    for index, adventurer in enumerate(fleet):
        adventurer.update(x=0, y=0, moving=index == 0) if index < 5 else adventurer.update(
            x=90, y=1
        )
    view = dict(view) | {"adventurers": fleet, "agents": []}
    assert problems(view) == []
    with inspect.recording() as elements:
        draw_board(view)
    counts = [e.name for e in elements if e.kind == "count"]
    assert any(name.startswith("+4:") for name in counts), counts
    assert "+2: adventurer 3.2,adventurer 4.2" in counts, counts


def test_the_classic_start_shows_the_capital_and_the_minimap_both_cities() -> None:
    """``--seed 1 --players 4 --preset classic --mode regular``: the 15×5 map does not fit
    a 700 px picture at a tile its labels can be read on, so the window shows the Capital
    with every piece, and the minimap shows the whole map with both cities."""
    view = _views("classic", "regular", 1)[0]
    frame = map_frame(view)
    assert frame.cropped and frame.shows(0, 0)
    with inspect.recording() as elements:
        draw_board(view)
    (minimap,) = [e for e in elements if e.kind == "minimap"]
    assert minimap.box[2] - minimap.box[0] >= 100
    assert problems(view) == []
