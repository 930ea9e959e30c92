"""Issue 7.4: hidden cards never show.

For every game with hidden cards: two positions that differ only by a permutation of the
cards a viewer may not see give byte-identical views (JSON) and pictures (PNG, for games
whose renderer exists), and a seat's private view holds only its own hand.
"""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import renderer
from gamecore.games.speiderne.board import text_of
from gamecore.registry import game_ids, get_game, registration
from tests.hardening.hidden import MODELS, permuted, play_random

PROPERTY = settings(
    max_examples=60,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
PICTURES = settings(PROPERTY, max_examples=4)


def canonical(view: dict) -> bytes:
    return json.dumps(view, sort_keys=True, ensure_ascii=False).encode()


positions = st.tuples(
    st.integers(0, 2**64 - 1),  # seed
    st.integers(0, 120),  # moves played before looking
    st.integers(0, 2**32 - 1),  # which permutation
)


@pytest.mark.parametrize("name", sorted(MODELS))
@given(position=positions, data=st.data())
@PROPERTY
def test_public_view_is_identical_when_hidden_cards_are_swapped(name, position, data):
    model = MODELS[name]
    seed, steps, shuffle = position
    players = data.draw(st.sampled_from(model.players), label="players")
    game = model.game
    state = play_random(game, players, seed, steps, model.options)
    places = model.hidden(json.loads(json.dumps(game.state_to_dict(state))), None)
    # the test can only fail if something hidden moved
    other, moved = permuted(game, state, places, random.Random(shuffle))
    assume(moved)
    assert game.to_json(other) != game.to_json(state)
    assert canonical(game.view(other, None)) == canonical(game.view(state, None))
    if players == 1:  # a solo player's own view hides the same cards
        assert canonical(game.view(other, 0)) == canonical(game.view(state, 0))


@pytest.mark.parametrize("name", sorted(n for n in MODELS if MODELS[n].hands))
@given(position=positions, data=st.data())
@PROPERTY
def test_a_seat_sees_its_own_hand_and_nothing_of_the_others(name, position, data):
    model = MODELS[name]
    seed, steps, shuffle = position
    players = data.draw(st.sampled_from(model.players), label="players")
    viewer = data.draw(st.integers(0, players - 1), label="viewer")
    game = model.game
    state = play_random(game, players, seed, steps, model.options)
    state_data = json.loads(json.dumps(game.state_to_dict(state)))
    view = game.view(state, viewer)
    own = canonical(game.view(game.state_from_dict(state_data), viewer))
    assert own == canonical(view)
    places = model.hidden(state_data, viewer)
    other, moved = permuted(game, state, places, random.Random(shuffle))
    assume(moved)
    # the others' hands, the deck and undiscovered regions changed; this seat sees no change
    assert canonical(game.view(other, viewer)) == canonical(view)
    # and its hand in the view is exactly its own cards
    assert Counter(view["hand"]) == Counter(text_of(c) for c in state_data["hands"][viewer])
    assert "hand" not in game.view(state, None)


@pytest.mark.parametrize(
    "name", sorted(n for n in MODELS if MODELS[n].game_id in renderer.drawn_games())
)
@given(position=positions)
@PICTURES
def test_public_picture_is_identical_when_hidden_cards_are_swapped(name, position):
    model = MODELS[name]
    seed, steps, shuffle = position
    game = model.game
    state = play_random(game, model.players[0], seed, steps, model.options)
    places = model.hidden(json.loads(json.dumps(game.state_to_dict(state))), None)
    other, moved = permuted(game, state, places, random.Random(shuffle))
    assume(moved)
    picture = renderer.render_board(model.game_id, game.view(state, None))
    assert renderer.render_board(model.game_id, game.view(other, None)) == picture


def test_the_permutation_check_can_fail_when_a_hidden_card_is_shown():
    """If a view showed a face-down card, the check above would see a difference."""
    game = get_game("cartographer")
    state = play_random(game, 1, 11, 3, {})
    data = json.loads(json.dumps(game.state_to_dict(state)))
    places = MODELS["cartographer"].hidden(data, None)
    other, moved = permuted(game, state, places, random.Random(1))
    assert moved
    leaky = lambda s: {**game.view(s, None), "peek": game.state_to_dict(s)["pile"]}  # noqa: E731
    assert canonical(leaky(other)) != canonical(leaky(state))


def test_every_game_with_secrets_is_covered_by_a_hidden_model() -> None:
    """A game registered with hidden information or chance has a model here, so the tests
    above shuffle what it keeps from view; a game of perfect information shows every seat
    the same position (each view may name its viewer)."""
    modelled = {model.game_id for model in MODELS.values()}
    for game_id in game_ids():
        if registration(game_id).secrets:
            assert game_id in modelled, f"{game_id} keeps secrets but has no hidden model"
    for game_id in game_ids():
        entry = registration(game_id)
        if entry.information != "perfect" or entry.game.max_players < 2:
            continue
        state = play_random(entry.game, entry.game.min_players, 7, 12, {})
        views = [
            {k: v for k, v in entry.game.view(state, seat).items() if k != "viewer"}
            for seat in range(entry.game.min_players)
        ]
        assert all(canonical(v) == canonical(views[0]) for v in views), game_id
