"""Cartolan on a phone: no piece is ever outside the picture without a marker, the crop
follows the seat to move, Advanced cards / decks / round / margin are drawn, no empty strips."""

from __future__ import annotations

from functools import lru_cache

import pytest

import renderer
from renderer import inspect
from renderer.cartolan import _draw_info, draw_board
from renderer.cartolan_art import EFFECT_ICONS
from renderer.cartolan_map import edge_markers, map_frame
from renderer.toolkit import new_canvas
from tests.renderer.cartolan_views import synthetic_view
from tests.renderer.helpers import computer_views, open_png
from tests.renderer.test_legibility import recorded_texts

CLASSIC = {"preset": "classic", "mode": "regular"}
ADVANCED = {"preset": "modern", "mode": "advanced"}


@lru_cache(maxsize=2)
def _game(options: tuple) -> list[dict]:
    seed, players = (1, 4) if dict(options) == CLASSIC else (2, 3)
    return computer_views("cartolan", seed, players, dict(options))


def _classic() -> list[dict]:
    return _game(tuple(sorted(CLASSIC.items())))


def _advanced() -> list[dict]:
    return _game(tuple(sorted(ADVANCED.items())))


def _assert_every_piece_shown_or_marked(view: dict) -> None:
    frame = map_frame(view)
    marked = {id(m.piece): m for m in edge_markers(view, frame)}
    for piece in [*(view.get("adventurers") or []), *(view.get("agents") or [])]:
        x, y = int(piece["x"]), int(piece["y"])
        if frame.shows(x, y):
            assert id(piece) not in marked
            continue
        marker = marked[id(piece)]
        cx, cy = marker.cell
        assert frame.shows(cx, cy)
        on_border = cx in (frame.left, frame.left + frame.columns - 1) or cy in (
            frame.top,
            frame.top - frame.rows + 1,
        )
        assert on_border
        dx, dy = marker.direction
        assert (dx, dy) == ((x > cx) - (x < cx), (cy > y) - (cy < y)) != (0, 0)


def test_the_classic_four_player_end_hides_no_piece() -> None:
    """``--seed 1 --players 4 --preset classic --mode regular``: the old picture cut off a
    seat's only Adventurer, an Agent and tiles; now each piece is in it or marked at the edge."""
    views = _classic()
    assert views[-1]["status"]["result"] == "finished"
    for view in views[::40] + [views[-1]]:
        _assert_every_piece_shown_or_marked(view)


@pytest.mark.parametrize("tiles", [60, 120, 250, 400])
def test_maps_of_any_size_hide_no_piece(tiles: int) -> None:
    view = synthetic_view(tiles, players=4, seed=tiles)
    view["agents"] += [dict(a, x=a["x"] + 30, y=a["y"] - 30) for a in view["agents"]]
    _assert_every_piece_shown_or_marked(view)
    markers = edge_markers(view, map_frame(view))
    assert markers or not map_frame(view).cropped or tiles < 120
    open_png(renderer.render_board("cartolan", view), max_bytes=300_000)


def test_the_crop_follows_the_seat_to_move() -> None:
    cropped = 0
    for view in _classic()[::10]:
        frame = map_frame(view)
        seat = (view.get("decision") or {}).get("seat")
        mine = [a for a in view["adventurers"] if a["seat"] == seat]
        moving = [a for a in mine if a.get("moving")] or mine[:1]
        if frame.cropped and moving and view["status"]["result"] == "playing":
            cropped += 1
            assert frame.shows(moving[0]["x"], moving[0]["y"])
    assert cropped > 5


def test_advanced_cards_decks_round_and_margin_are_drawn() -> None:
    view = _advanced()[-1]
    with recorded_texts() as seen, inspect.recording() as drawn:
        draw_board(view)
    texts = {text for text, _ in seen}
    assert str(view["round"]) in texts and f">{view['margin']}" in texts
    assert {str(count) for count in view["decks"].values()} <= texts
    cards = [c for a in view["adventurers"] for c in a.get("cards") or []]
    cards += [p["cadre"] for p in view["players"] if p.get("cadre")]
    # each card as its effect's icon (a language-neutral glyph, see docs/rendering.md)
    assert cards and {c["effect"] for c in cards} <= {e.name for e in drawn if e.kind == "card"}
    assert {c["effect"] for c in cards} <= set(EFFECT_ICONS)


def test_a_finished_game_shows_a_winner_banner() -> None:
    view = _advanced()[-1]
    winner = view["status"]["winners"][0]
    vault = next(p["vault"] for p in view["players"] if p["seat"] == winner)
    banners = []
    for shown in (view, dict(view, status={"result": "playing", "winners": []})):
        with recorded_texts() as seen:
            _draw_info(new_canvas(960, 60)[0], shown, 0)
        banners.append([text for text, _ in seen])
    assert banners[0][-2:] == [str(winner + 1), str(vault)]  # seat disc, then its Vault
    assert len(banners[1]) == len(banners[0]) - 2


def test_no_empty_strips_at_the_start_or_in_the_hand_row() -> None:
    start = _classic()[0]
    frame = map_frame(start)
    width = open_png(renderer.render_board("cartolan", start)).width
    assert frame.size[0] >= 0.65 * width  # the map is drawn large, not in a corner
    hand = open_png(renderer.render_hand("cartolan", dict(start, viewer=0)))
    assert hand.width <= 0.75 * width
