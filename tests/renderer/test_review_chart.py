"""The review chart: a PNG 600 x 360 in the reader's language, mistakes marked."""

from __future__ import annotations

import io
from dataclasses import replace

from PIL import Image

from gamecore.analysis.outcome import MEASURES, Estimate
from gamecore.analysis.review import Decision, Review
from renderer.review_chart import render_review_chart
from renderer.toolkit import player_colour


def sample_review(kind: str) -> Review:
    verdicts = ["best", "good", "mistake", "best", "blunder", "good"]
    decisions = tuple(
        Decision(
            step=i + 1,
            played=f"move {i}",
            best=f"move {i}",
            played_value=Estimate(0.6 - 0.1 * i, 0.05, 48),
            best_value=Estimate(0.7, 0.05, 48),
            loss=0.3 if v == "blunder" else 0.12 if v == "mistake" else 0.0,
            loss_error=0.02,
            verdict=v,
            options=5,
        )
        for i, v in enumerate(verdicts)
    )
    return Review(kind, 1, 0, MEASURES[kind], decisions, 48, 1.0)


def test_review_chart_is_a_landscape_png_in_either_language() -> None:
    english = render_review_chart(sample_review("cartographer"), game="Cartographer's Expedition")
    japanese = render_review_chart(
        sample_review("dungeon-delver"),
        {
            "title": "{game}：あなたの判断",
            "axis.score": "クリア階層の期待値",
            "mistake": "悪手",
            "blunder": "大悪手",
        },
        game="ダンジョン・デルバー",
    )
    for png in (english, japanese):
        picture = Image.open(io.BytesIO(png))
        assert picture.format == "PNG" and picture.size == (600, 360)
    assert english != japanese


def test_a_multiplayer_chart_names_and_colours_each_seat_as_the_board_does() -> None:
    """Every seat's line in the colour the board's picture gives it (the reviewed seat's,
    drawn opaque, is checked), named in the legend as the board names it ("① alice"), not
    "player 1"."""
    values = tuple((0.5 - 0.05 * i, 0.3, 0.2 + 0.05 * i) for i in range(6))
    review = replace(sample_review("cartographer"), seat_values=values)  # a "win" measure
    names = ["① alice", "② bob", "③ Heuristic (computer)"]
    named = render_review_chart(review, seats=names, game="Speiderne")
    renamed = render_review_chart(review, seats=[n.upper() for n in names], game="Speiderne")
    assert named != renamed  # the legend draws the names it is given
    colours = {rgb for _, rgb in Image.open(io.BytesIO(named)).convert("RGB").getcolors(1 << 20)}
    assert player_colour(review.seat + 1) in colours  # the reviewed seat's line, opaque
