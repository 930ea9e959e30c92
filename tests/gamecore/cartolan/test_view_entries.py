"""View tile entries are shared between views for speed; sharing must never leak changes."""

from __future__ import annotations

import copy
import json
import pickle

import pytest

from gamecore.games.cartolan import GAME


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
