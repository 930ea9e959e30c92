from __future__ import annotations

import json

import pytest

import renderer
from renderer.speiderne import PLACES, _sample_views, place_box, region_box
from tests.renderer.helpers import open_png, played_views


def _full_view() -> dict:
    return _sample_views()[0]


def test_board_is_a_small_phone_sized_png() -> None:
    image = open_png(renderer.render_board("speiderne", _full_view()))
    assert 800 <= image.width <= 1100
    assert 900 <= image.height <= 1500


def test_starting_places_touch_their_region_and_never_overlap() -> None:
    boxes = {place: place_box(place) for place in PLACES}
    assert len(boxes) == 14
    corners = {(box.x, box.y) for box in boxes.values()}
    assert len(corners) == 14
    assert place_box("B0").x == region_box("B1").x
    assert place_box("L2").y == region_box("A2").y
    assert place_box("R3").x > region_box("D3").x


def test_public_view_has_no_hand_and_the_hand_picture_is_empty() -> None:
    public = _sample_views()[1]
    assert "hand" not in public
    open_png(renderer.render_board("speiderne", public))
    open_png(renderer.render_hand("speiderne", public))


def test_hand_picture_shows_the_viewers_cards() -> None:
    view = _full_view()
    small = open_png(renderer.render_hand("speiderne", view | {"hand": ["7H"]}))
    large = open_png(renderer.render_hand("speiderne", view))
    assert large.width > small.width


def test_the_event_and_the_last_move_change_the_picture() -> None:
    base = _sample_views()[1]
    plain = renderer.render_board("speiderne", base | {"last_region_event": None})
    assert renderer.render_board("speiderne", base) != plain
    moved = base | {
        "last_region_event": None,
        "last_action": {"seat": 0, "action": "move E1 to B1"},
        "last_events": [{"kind": "moved", "expedition": "E1", "from": "B0", "to": "B1"}],
    }
    assert renderer.render_board("speiderne", moved) != plain


def test_same_view_gives_identical_bytes_after_a_json_round_trip() -> None:
    view = _full_view()
    again = json.loads(json.dumps(view))
    assert renderer.render_board("speiderne", view) == renderer.render_board("speiderne", again)


@pytest.mark.parametrize(("players", "seed"), [(2, 5), (5, 6)])
def test_every_view_of_a_real_game_renders(players: int, seed: int) -> None:
    for view in played_views("speiderne", seed, players=players, every=15, limit=150):
        open_png(renderer.render_board("speiderne", view))
        open_png(renderer.render_hand("speiderne", view))


def test_the_board_never_draws_the_viewers_private_hand() -> None:
    """A seat's view may reach the board picture; its ``hand`` must not change it."""
    view = _full_view()
    without_hand = {key: value for key, value in view.items() if key != "hand"}
    assert renderer.render_board("speiderne", view) == renderer.render_board(
        "speiderne", without_hand
    )
    other_hand = view | {"hand": ["2C", "3C"]}
    assert renderer.render_board("speiderne", other_hand) == renderer.render_board(
        "speiderne", view
    )
