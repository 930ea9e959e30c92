from __future__ import annotations

import json

import pytest

import renderer
from renderer.cards import full_deck_strings
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
    assert (
        expedition_token("E1", 3, colour, 1).tobytes()
        != expedition_token("E1", 3, colour, 2).tobytes()
    )
    view = {"players": 2, "expeditions": [{"id": "E7", "owner": 1, "at": "B2", "count": 3}]}
    texts = _texts(view)
    assert "E7" in texts and "2" in texts and "3" in texts  # the "×" is drawn as a mark


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
    assert all(
        sum(abs(a - b) for a, b in zip(TO_MOVE, c, strict=True)) > 150 for c in PLAYER_COLOURS
    )
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


def _elements(view: dict) -> list:
    from tests.renderer.visibility import problems, recorded_board  # noqa: PLC0415 - the shared visibility check

    elements, size = recorded_board("speiderne", view)
    assert problems(elements, size) == []
    return elements


def test_every_expedition_on_a_crowded_region_is_drawn() -> None:
    """Issue 23: 6 players, seed 1, step 38 had three expeditions on B2 and drew two, with
    the count badge under the next region; step 40 has four there."""
    from tests.renderer.visibility import heuristic_views  # noqa: PLC0415 - plays a whole game

    views = heuristic_views("speiderne", 1, 6)
    for step in (38, 40):
        on_b2 = {e["id"] for e in views[step]["expeditions"] if e["at"] == "B2"}
        assert len(on_b2) >= 3
        drawn = {e.name for e in _elements(views[step]) if e.kind == "token"}
        assert on_b2 <= drawn


def test_chips_fill_a_region_with_any_number_of_expeditions() -> None:
    expeditions = [{"id": f"E{i}", "owner": i % 6, "at": "C2", "count": 3} for i in range(1, 8)]
    view = {"players": 6, "expeditions": expeditions, "regions": {"C2": {"card": "8S", "by": 2}}}
    drawn = [e for e in _elements(view) if e.kind == "token" and not e.name.endswith("list")]
    names = [e.name for e in drawn]
    more = [int(name[1:]) for name in names if name.startswith("+")]
    assert len(more) == 1 and names[-1].startswith("+")  # the last chip counts the rest
    assert names[:-1] == [e["id"] for e in expeditions][: len(names) - 1]
    assert len(names) - 1 + more[0] == len(expeditions) and len(names) >= 4
    region = region_box("C2")
    assert all(region.x <= e.box[0] and e.box[2] <= region.x + region.w for e in drawn)


def test_every_funding_event_the_amount_owed_and_the_insurance_bonus_are_drawn() -> None:
    view = {
        "players": 3,
        "expeditions": [
            {"id": "E1", "owner": 0, "at": "A1", "cards": ["2C", "3C"]},
            {"id": "E2", "owner": 0, "at": "B1", "cards": ["4H"]},
        ],
        "last_events": [
            {"kind": "funded", "expedition": "E1", "card": "-", "lost": "2C"},
            {"kind": "funded", "expedition": "E2", "card": "9S", "lost": "-"},
        ],
        "pending": {"kind": "fund", "expedition": "E2", "cards": 2},
        "insurance_bonus": {"0": False, "1": True, "2": False},
    }
    kinds = {(e.kind, e.name) for e in _elements(view)}
    assert {("funded", "E1"), ("funded", "E2"), ("owed", "E2"), ("bonus", "1")} <= kinds
    assert ("bonus", "0") not in kinds
    texts = _texts(view)
    assert texts.count("E1") >= 2 and texts.count("E2") >= 2  # the funding marks and the tokens
    assert "2" in texts


def test_an_expeditions_cards_beyond_its_row_end_in_a_count() -> None:
    cards = full_deck_strings()[:11]
    view = {"players": 2, "expeditions": [{"id": "E1", "owner": 0, "at": "A1", "cards": cards}]}
    elements = _elements(view)
    shown = [e for e in elements if e.kind == "card" and e.name.startswith("E1 ")]
    more = [e.name for e in elements if e.kind == "badge" and e.name.startswith("E1 +")]
    assert more == [f"E1 +{len(cards) - len(shown)}"]
