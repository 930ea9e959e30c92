from __future__ import annotations

import pytest

import renderer
from renderer.dungeon_delver import CARD, GAP, HAND_Y, MARGIN, turned_position
from renderer.toolkit import HIGHLIGHT
from tests.renderer.helpers import open_png, played_views
from tests.renderer.views import dungeon_view


def test_board_is_a_small_phone_sized_png() -> None:
    image = open_png(renderer.render_board("dungeon-delver", dungeon_view()))
    assert 700 <= image.width <= 1100
    assert 600 <= image.height <= 1200


def test_a_large_hand_wraps_onto_more_rows() -> None:
    small = open_png(renderer.render_board("dungeon-delver", dungeon_view()))
    large = open_png(renderer.render_board("dungeon-delver", dungeon_view(hand=["2C"] * 20)))
    assert large.width == small.width
    assert large.height > small.height


@pytest.mark.parametrize("action", ["explore 1 7C", "subdue 7H 3 2", "claim 4"])
def test_last_action_changes_the_picture(action: str) -> None:
    plain = renderer.render_board("dungeon-delver", dungeon_view())
    assert renderer.render_board("dungeon-delver", dungeon_view(last_action=action)) != plain


def test_claimed_rewards_change_the_picture() -> None:
    assert renderer.render_board(
        "dungeon-delver", dungeon_view(claimed=[])
    ) != renderer.render_board("dungeon-delver", dungeon_view())


def test_explore_marks_the_card_after_the_face_down_prefix() -> None:
    assert turned_position([None, None, "7H", "KS"]) == 3
    assert turned_position(["4D", "", "2C", "10C"]) == 1
    assert turned_position([None, None, None, None]) is None


def test_same_view_gives_identical_bytes() -> None:
    view = dungeon_view(status="lost", last_action="claim 4")
    assert renderer.render_board("dungeon-delver", view) == renderer.render_board(
        "dungeon-delver", dict(view)
    )


def test_hand_picture_is_a_png() -> None:
    open_png(renderer.render_hand("dungeon-delver", dungeon_view()))
    open_png(renderer.render_hand("dungeon-delver", dungeon_view(hand=[])))


@pytest.mark.parametrize("seed", [3, 4])
def test_every_view_of_a_real_game_renders(seed: int) -> None:
    for view in played_views("dungeon-delver", seed, every=3):
        open_png(renderer.render_board("dungeon-delver", view))


def test_the_card_a_subdue_brought_into_the_hand_is_framed() -> None:
    """``subdue H L P`` appends the subdued card to the hand: the last hand card gets the
    amber frame (and no other hand card does)."""
    hand = ["7S", "10H", "QD", "2C", "AH"]
    plain = open_png(renderer.render_board("dungeon-delver", dungeon_view(hand=hand))).convert(
        "RGB"
    )
    view = dungeon_view(hand=hand, last_action="subdue 9C 3 2")
    framed = open_png(renderer.render_board("dungeon-delver", view)).convert("RGB")

    def amber(image, index: int) -> bool:  # a PIL image
        left = MARGIN + 6 + index * (CARD[0] + GAP)
        pixel = image.getpixel((left + CARD[0] // 2, HAND_Y + 2 - 3))
        return all(abs(a - b) < 40 for a, b in zip(pixel, HIGHLIGHT, strict=True))

    assert amber(framed, len(hand) - 1) and not amber(plain, len(hand) - 1)
    assert not any(amber(framed, i) for i in range(len(hand) - 1))
