"""Issue 23 item 1: on every registered game's board, every piece, token, card and label the
view holds is drawn inside the picture and covered by nothing drawn after it.

Each game's picture module records what it draws (``renderer.inspect.record``); the games come
from the registry, so a new game whose pictures record nothing fails here. The positions are
those of whole games played by the game's own (non-random) computer players, sampled along
the way, at the smallest and the largest number of seats.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import pytest

import renderer
from gamecore.registry import registration
from renderer.inspect import Element
from tests.renderer.visibility import heuristic_views, names, problems, recorded_board

#: Games whose long played games are checked by their own test with this same check (here
#: only their opening position is, so that they too must record their elements).
ELSEWHERE = {"cartolan": "tests/renderer/test_cartolan_visibility.py"}

#: Games played beyond the default (seed 1 at the smallest and the largest seat count).
EXTRA: dict[str, list[tuple[int, int, dict[str, Any]]]] = {
    "speiderne": [(6, 1, {}), (4, 3, {})],
}

#: At most this many positions of one game are drawn (evenly spaced, the last included).
POSITIONS = 60


def _speiderne(view: Mapping[str, Any]) -> set[tuple[str, str]]:
    expected = {("token", str(e["id"])) for e in view.get("expeditions") or []}
    expected |= {("row", str(e["id"])) for e in view.get("expeditions") or []}
    expected |= {("region", name) for name in view.get("regions") or {}}
    expected |= {("seat", str(seat)) for seat in range(int(view.get("players") or 0))}
    expected |= {("card", f"insurance {card}") for card in view.get("insurance") or []}
    pending = view.get("pending") or {}
    if pending.get("kind") == "fund":
        expected.add(("owed", str(pending.get("expedition"))))
    for event in view.get("last_events") or []:
        if event.get("kind") == "funded":
            expected.add(("funded", str(event.get("expedition"))))
    for seat, bonus in (view.get("insurance_bonus") or {}).items():
        if bonus and not (view.get("status") or {}).get("winners"):
            expected.add(("bonus", str(seat)))
    return expected


def _cartographer(view: Mapping[str, Any]) -> set[tuple[str, str]]:
    expected = {("card", cell) for cell in view.get("grid") or {}}
    expected |= {("card", f"hand {card}") for card in view.get("hand") or []}
    return expected | {("pile", "pile"), ("pile", "discard")}


def _dungeon(view: Mapping[str, Any]) -> set[tuple[str, str]]:
    expected = {
        ("card", f"{level}.{position}") for level in range(1, 5) for position in range(1, 5)
    }
    expected |= {("card", f"hand {card}") for card in view.get("hand") or []}
    expected |= {("coin", str(level)) for level in range(1, 5)}
    return expected | {("pile", "deck"), ("pile", "discard")}


#: What each game's board must show of a view (games not named here must record something).
EXPECTED: dict[str, Callable[[Mapping[str, Any]], set[tuple[str, str]]]] = {
    "speiderne": _speiderne,
    "cartographer": _cartographer,
    "dungeon-delver": _dungeon,
}


def _cases() -> list[Any]:
    cases = []
    for game_id in renderer.drawn_games():
        if game_id in ELSEWHERE:
            continue
        game = registration(game_id).game
        plays = {(game.min_players, 1, ()), (game.max_players, 1, ())}
        plays |= {(p, s, tuple(sorted(o.items()))) for p, s, o in EXTRA.get(game_id, [])}
        for players, seed, options in sorted(plays):
            label = f"{game_id}-{players}p-seed{seed}" + "".join(f"-{v}" for _, v in options)
            cases.append(pytest.param(game_id, players, seed, dict(options), id=label))
    return cases


def _sampled(views: list[dict]) -> list[tuple[int, dict]]:
    step = max(1, -(-len(views) // POSITIONS))
    chosen = list(range(0, len(views), step))
    if chosen[-1] != len(views) - 1:
        chosen.append(len(views) - 1)
    return [(index, views[index]) for index in chosen]


def _missing(game_id: str, view: Mapping[str, Any], elements: list[Element]) -> list[str]:
    expect = EXPECTED.get(game_id)
    if expect is None:
        return [] if elements else ["the picture records no element"]
    drawn = {(e.kind, e.name) for e in elements}
    return [f"{kind} {name!r} is not drawn" for kind, name in sorted(expect(view) - drawn)]


@pytest.mark.parametrize(("game_id", "players", "seed", "options"), _cases())
def test_every_element_of_a_played_game_is_visible(
    game_id: str, players: int, seed: int, options: dict[str, Any]
) -> None:
    failures: dict[int, list[str]] = {}
    views = heuristic_views(game_id, seed, players, options)
    for step, view in _sampled(views):
        elements, size = recorded_board(game_id, view)
        found = _missing(game_id, view, elements) + problems(elements, size)
        if found:
            failures[step] = found[:4]
    assert not failures, dict(list(failures.items())[:6])


@pytest.mark.parametrize("game_id", sorted(ELSEWHERE))
def test_games_checked_elsewhere_record_their_opening(game_id: str) -> None:
    game = registration(game_id).game
    view = game.view(game.setup(game.max_players, 1, {}), None)
    elements, size = recorded_board(game_id, view)
    assert elements, f"{game_id} records no element"
    assert problems(elements, size) == []


def test_the_check_sees_a_covered_and_an_outside_element() -> None:
    """The check can fail: a token under a later card, a label off the picture, a path out
    of its area are all reported; a badge allowed on its token is not."""
    elements = [
        Element("area", "map", (0, 0, 50, 50)),
        Element("token", "E1", (10, 10, 30, 30)),
        Element("badge", "3", (25, 25, 35, 35), may_cover=("token",)),
        Element("card", "7H", (20, 0, 40, 20)),
        Element("label", "A1", (90, 90, 110, 110)),
        Element("path", "1", (40, 40, 60, 45), within="map"),
    ]
    found = problems(elements, (100, 100))
    assert any("token 'E1'" in f and "covered by card '7H'" in f for f in found)
    assert any("label 'A1'" in f and "not inside" in f for f in found)
    assert any("path '1'" in f and "leaves its area" in f for f in found)
    assert not any("badge" in f for f in found)
    assert len(found) == 3
    assert names(elements, "token") == ["E1"]
