"""Checks shared by the renderer tests."""

from __future__ import annotations

import io
from collections.abc import Sequence
from typing import Any

from PIL import Image

from gamecore import get_game
from gamecore.simulate import available_players, player_rng
from tests.game_steps import game_steps

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def open_png(png: bytes, max_bytes: int = 150_000) -> Image.Image:
    """The decoded picture, after checking it is a PNG below ``max_bytes``."""
    assert png.startswith(PNG_SIGNATURE)
    assert len(png) < max_bytes
    image = Image.open(io.BytesIO(png))
    image.load()
    return image


def played_views(
    game_id: str,
    seed: int,
    players: int = 1,
    every: int = 1,
    limit: int = 400,
    options: dict | None = None,
) -> list[dict]:
    """Views after each ``every``-th move of a game whose seats pick legal moves in a fixed
    pattern: real views from the engine, including the last one."""
    game = get_game(game_id)
    state = game.setup(players, seed, options or {})
    views = [game.view(state, 0)]

    def choose(index: int, _seat: int, _state: Any, actions: Sequence[Any]) -> Any:
        return actions[(seed + index) % len(actions)]

    for step in game_steps(game_id, state, choose, limit):
        state = step.after
        if step.index % every == 0:
            views.append(game.view(state, step.seat))
    views.append(game.view(state, 0))
    return views


def computer_views(
    game_id: str, seed: int, players: int = 1, options: dict | None = None, limit: int = 5000
) -> list[dict]:
    """Public views (the spectator's) after every step of a game the game's own computer
    players play to the end, as the bot would post them; the first is the start."""
    game = get_game(game_id)
    known = available_players(game)
    name = next((n for n in ("heuristic", "greedy", "random") if n in known), "random")
    seats = [(known[name] if name == "random" else game.players()[name]) for _ in range(players)]
    rngs = [player_rng(seed, seat) for seat in range(players)]
    state = game.setup(players, seed, options or {})
    views = [game.view(state, None)]
    for _ in range(limit):
        status = game.status(state)
        if status.over:
            break
        seat = status.to_move[0]
        action = seats[seat](game.view(state, seat), game.legal_actions(state, seat), rngs[seat])
        state, _ = game.apply(state, seat, action)
        views.append(game.view(state, None))
    return views
