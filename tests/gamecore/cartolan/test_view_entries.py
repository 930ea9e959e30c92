"""View tile entries are shared between views for speed; sharing must never leak changes."""

from __future__ import annotations

import copy
import json
import pickle
import random

import pytest

from gamecore.games.cartolan import GAME, board
from gamecore.games.cartolan.view import tile_entry_ints


def _view() -> dict:
    return GAME.view(GAME.setup(3, 5, {"preset": "modern", "mode": "regular"}), 0)


def test_a_shared_tile_entry_refuses_changes() -> None:
    entry = _view()["tiles"][0]
    with pytest.raises(TypeError):
        entry["x"] = 99
    with pytest.raises(TypeError):
        entry.update(x=99)
    with pytest.raises(TypeError):
        entry.pop("x")
    with pytest.raises(TypeError):
        del entry["x"]
    assert _view()["tiles"][0]["x"] == entry["x"]


def test_copies_of_a_view_are_plain_and_changeable() -> None:
    view = _view()
    for other in (copy.deepcopy(view), pickle.loads(pickle.dumps(view))):
        entry = other["tiles"][0]
        assert type(entry) is dict and entry == view["tiles"][0]
        entry["x"] = 99
    assert _view()["tiles"][0]["x"] != 99
    shallow = copy.copy(view["tiles"][0])
    shallow["dropped"] = 5
    assert view["tiles"][0]["dropped"] == 0


def test_a_view_encodes_like_plain_dicts() -> None:
    view = _view()
    plain = {**view, "tiles": [dict(entry) for entry in view["tiles"]]}
    assert json.dumps(view, sort_keys=True) == json.dumps(plain, sort_keys=True)
    assert json.loads(json.dumps(view)) == view


def test_tile_entry_ints_give_the_engine_numbers_of_every_tile() -> None:
    state = GAME.setup(4, 9, {"preset": "classic", "mode": "regular"})
    rng = random.Random(9)
    for _ in range(200):
        if state.over:
            break
        state, _ = GAME.apply(state, state.seat, rng.choice(GAME.legal_actions(state, state.seat)))
    view = GAME.view(state, None)
    found = {}
    for entry in view["tiles"]:
        ints = tile_entry_ints(entry)
        assert ints is not None
        cell, tile = ints
        assert board.coords(cell) == (entry["x"], entry["y"])
        assert board.describe_tile(tile).items() <= entry.items()
        found[cell] = tile
    assert found == state.tiles
    assert tile_entry_ints(dict(view["tiles"][0])) is None
    assert tile_entry_ints(json.loads(json.dumps(view))["tiles"][0]) is None
