"""Cartolan pictures from real positions of every preset and mode: the first position of
each kind of decision, and positions along the game, stay within the size a Discord embed
shows well and within upload limits."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest

import renderer
from gamecore import get_game
from tests.game_steps import game_steps
from tests.renderer.helpers import open_png

PRESETS = ("classic", "modern")
MODES = ("beginner", "regular", "advanced")


def positions(
    preset: str, mode: str, players: int, seed: int, limit: int = 500, every: int = 125
) -> dict[str, dict]:
    """Public views by label: ``start``, the first ``decision:<kind>`` of each kind met,
    ``step <n>`` every ``every`` steps, and ``last``. Seats play the named computer players."""
    game = get_game("cartolan")
    named = [p for name, p in game.players().items() if name != "random"]
    rng = random.Random(seed)
    state = game.setup(players, seed, {"preset": preset, "mode": mode})
    views = {"start": game.view(state, None)}

    def choose(index: int, seat: int, before: Any, legal: Sequence[Any]) -> Any:
        view = game.view(before, None)
        views.setdefault(f"decision:{view['decision']['kind']}", view)
        if index % every == 0:
            views[f"step {index}"] = view
        return named[seat % len(named)](game.view(before, seat), legal, rng)

    for step in game_steps("cartolan", state, choose, limit):
        state = step.after
    views["last"] = game.view(state, None)
    return views


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("preset", PRESETS)
def test_positions_of_every_mode_render_at_embed_size(preset: str, mode: str) -> None:
    views = positions(preset, mode, players=4 if mode != "beginner" else 2, seed=11)
    assert "decision:move" in views and "decision:city" in views
    if (preset, mode) == ("modern", "advanced"):
        assert "decision:cadre" in views and "decision:character" in views
    for label, view in views.items():
        assert view["preset"] == preset and view["mode"] == mode
        image = open_png(renderer.render_board("cartolan", view), max_bytes=400_000)
        assert image.width == 700, label  # its 25 px labels 7 px tall in a 275 px gallery
        assert 600 <= image.height <= 1600, label
        hand = open_png(renderer.render_hand("cartolan", view | {"viewer": 0}), max_bytes=200_000)
        assert hand.width > hand.height, label
