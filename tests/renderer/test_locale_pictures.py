"""Every picture stays whole in every locale with a catalog: each registered game's most
crowded board of seeded games (the position whose picture records the most elements), and a
seat's hand there, drawn in the locale, with every element inside the picture, inside its
area and uncovered (``tests/renderer/visibility.py``). The pictures draw no catalog text
today (numbers, card ranks, cell labels), so a translation cannot push a label out of its
box; this keeps it so if a picture starts to draw words."""

from __future__ import annotations

import io
import random
from typing import Any

import pytest
from PIL import Image

import renderer
from gamecore.registry import get_game, list_games
from renderer.inspect import recording
from tests.i18n.locales import locales_under_test
from tests.renderer.visibility import problems


def most_crowded(game_id: str) -> tuple[Any, int]:
    """The position of two seeded random games whose board records the most elements."""
    game = get_game(game_id)
    seats = 1 if game.max_players == 1 else game.max_players
    renderer.warm_up(game_id)
    best: tuple[int, Any] = (-1, None)
    for seed in (1, 6):
        state = game.setup(seats, seed, {})
        rng = random.Random(seed)
        for step in range(120):
            status = game.status(state)
            if step % 10 == 0 or status.over:
                with recording() as elements:
                    renderer.render_board(game_id, game.view(state, 0 if seats == 1 else None))
                best = max(best, (len(elements), state), key=lambda pair: pair[0])
            if status.over:
                break
            legal = game.legal_actions(state, status.to_move[0])
            state, _ = game.apply(state, status.to_move[0], legal[rng.randrange(len(legal))])
    return best[1], seats


@pytest.mark.parametrize("game_id", [game.id for game in list_games()])
def test_the_most_crowded_pictures_stay_whole_in_every_locale(game_id: str) -> None:
    game = get_game(game_id)
    state, seats = most_crowded(game_id)
    views = [(renderer.render_board, game.view(state, 0 if seats == 1 else None))]
    if seats > 1:
        views.append((renderer.render_hand, game.view(state, 0)))
    for locale in locales_under_test():
        for draw, view in views:
            with recording() as elements:
                png = draw(game_id, view, locale)
            size = Image.open(io.BytesIO(png)).size
            assert problems(list(elements), size) == [], (game_id, locale)
            assert elements or draw is renderer.render_hand  # a board always records
