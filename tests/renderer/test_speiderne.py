from __future__ import annotations

import json

import pytest

import renderer
from renderer.icons import expedition_token
from renderer.speiderne import (
    BANNER_H,
    PLACES,
    PLAYER_BOX,
    PLAYERS_Y,
    TO_MOVE,
    place_box,
    region_box,
    sample_views,
)
from renderer.toolkit import PLAYER_COLOURS
from tests.renderer.helpers import open_png, played_views


def _full_view() -> dict:
    return sample_views()[0]


def test_board_is_a_small_phone_sized_png() -> None:
    image = open_png(renderer.render_board("speiderne", _full_view()))
    assert 800 <= image.width <= 1100
    assert 900 <= image.height <= 1600  # 6 seats, 12 expeditions and the winner banner


def test_starting_places_touch_their_region_and_never_overlap() -> None:
    boxes = {place: place_box(place) for place in PLACES}
    assert len(boxes) == 14
    corners = {(box.x, box.y) for box in boxes.values()}
    assert len(corners) == 14
    assert place_box("B0").x == region_box("B1").x
    assert place_box("L2").y == region_box("A2").y
    assert place_box("R3").x > region_box("D3").x


def test_public_view_has_no_hand_and_the_hand_picture_is_empty() -> None:
    public = sample_views()[1]
    assert "hand" not in public
    open_png(renderer.render_board("speiderne", public))
    open_png(renderer.render_hand("speiderne", public))


def test_hand_picture_shows_the_viewers_cards() -> None:
    view = _full_view()
    small = open_png(renderer.render_hand("speiderne", view | {"hand": ["7H"]}))
    large = open_png(renderer.render_hand("speiderne", view))
    assert large.width > small.width


def test_the_event_and_the_last_move_change_the_picture() -> None:
    base = sample_views()[1]
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


def _texts(view: dict) -> list[str]:
    from tests.renderer.test_legibility import recorded_texts  # noqa: PLC0415 - the shared text recorder

    with recorded_texts() as seen:
        renderer.render_board("speiderne", view)
    return [text for text, _ in seen]


def test_tokens_carry_their_seat_number() -> None:
    colour = (0, 114, 178)
    assert expedition_token("E1", 3, colour, 1).tobytes() != expedition_token("E1", 3, colour, 2).tobytes()
    view = {"players": 2, "expeditions": [{"id": "E7", "owner": 1, "at": "B2", "count": 3}]}
    texts = _texts(view)
    assert "E7" in texts and "2" in texts and "×3" in texts


def test_round_fund_mark_and_insurance_label_are_drawn() -> None:
    view = {"players": 3, "round": 7, "max_rounds": 60, "insurance": ["7H", "KS"]}
    texts = _texts(view)
    assert "7/60" in texts and "2/3" in texts
    funded = view | {
        "last_events": [{"kind": "funded", "expedition": "E4", "card": "9S", "lost": "-"}]
    }
    assert "E4" in _texts(funded)
    assert renderer.render_board("speiderne", funded) != renderer.render_board("speiderne", view)


def test_to_move_is_white_and_the_winner_gets_a_banner() -> None:
    assert all(sum(abs(a - b) for a, b in zip(TO_MOVE, c, strict=True)) > 150 for c in PLAYER_COLOURS)
    playing = {"players": 3, "to_move": 1, "scores": {"0": 1, "1": 2, "2": 5}}
    image = open_png(renderer.render_board("speiderne", playing)).convert("RGB")
    x = 20 + (PLAYER_BOX[0] + 10) + PLAYER_BOX[0] // 2
    def white(pixel: tuple[int, int, int]) -> bool:  # the palette may round a little
        return all(abs(a - b) < 8 for a, b in zip(pixel, TO_MOVE, strict=True))

    assert white(image.getpixel((x, PLAYERS_Y - 3)))  # the frame above seat 2's box
    finished = playing | {"status": {"result": "finished", "winners": [2]}}
    ended = open_png(renderer.render_board("speiderne", finished)).convert("RGB")
    assert ended.height == image.height + BANNER_H
    assert not white(ended.getpixel((x, PLAYERS_Y - 3)))  # nobody is to move any more
    assert "5" in _texts(finished)[-3:]  # the banner shows the winner's points last
