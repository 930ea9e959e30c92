"""The one game registry: games register themselves; the renderer finds pictures through it."""

from __future__ import annotations

import subprocess
import sys

import pytest

import renderer
from gamecore.contract import IllegalAction
from gamecore.games import BUILTIN
from gamecore.registry import (
    find_game,
    game_ids,
    get_game,
    register,
    registration,
    unregister,
)
from tests.toys import race as toy_race


def test_every_builtin_game_registers_itself_with_its_picture_module() -> None:
    assert set(BUILTIN) <= set(game_ids())
    for game_id in BUILTIN:
        assert get_game(game_id).id == game_id
        assert registration(game_id).pictures == "renderer." + game_id.replace("-", "_")


def test_an_unknown_game_is_refused_with_a_translatable_code() -> None:
    with pytest.raises(IllegalAction) as refused:
        get_game("chess")
    assert refused.value.code == "unknown_game" and "cartolan" in refused.value.reason


def test_a_game_registered_later_is_found_and_can_be_forgotten() -> None:
    assert "toy-race" not in game_ids()
    register(toy_race.GAME, information="perfect", chance=False)
    try:
        assert get_game("toy-race") is toy_race.GAME and game_ids()[-1] == "toy-race"
        with pytest.raises(ValueError, match="no renderer"):
            renderer.render_board("toy-race", {})
    finally:
        unregister("toy-race")
    assert "toy-race" not in game_ids()


def test_another_game_cannot_take_a_registered_id() -> None:
    impostor = type(toy_race.GAME)()
    impostor.id = "cartolan"
    with pytest.raises(ValueError, match="already registered"):
        register(impostor, information="perfect", chance=True)
    assert get_game("cartolan") is not impostor


def modules_loaded_by(call: str, which: str) -> str:
    """The sorted names of the modules matching ``which`` that a fresh interpreter has loaded
    after ``from gamecore.registry import *`` and ``call``."""
    code = f"import sys; from gamecore.registry import *; {call}; print(sorted(m for m in sys.modules if {which}))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return out.stdout.strip()


def test_asking_for_a_game_imports_no_picture_code() -> None:
    """Pictures load on the first render: the rules alone start without Pillow."""
    loaded = modules_loaded_by("list_games()", "m.split('.')[0] in ('renderer', 'PIL')")
    assert loaded == "[]"


def test_asking_for_one_built_in_game_loads_only_that_game() -> None:
    """``python -m gamecore simulate cartolan`` starts without building the other games' tables."""
    loaded = modules_loaded_by(
        "get_game('cartolan')", "m.startswith('gamecore.games.') and m.count('.') == 2"
    )
    assert loaded == "['gamecore.games.cartolan']"


def test_the_built_in_table_names_each_game_by_the_id_it_registers() -> None:
    """The built-in games come first, in the table's order, before any game added later."""
    assert game_ids()[: len(BUILTIN)] == tuple(BUILTIN)


def test_find_game_answers_none_for_an_unknown_id() -> None:
    assert find_game("cartolan") is get_game("cartolan")
    assert find_game("chess") is None and find_game("") is None


def test_information_and_chance_are_declared_and_decide_public_controls() -> None:
    known = {  # as each game's rules say; a game added later declares its own
        "cartographer": ("hidden", True),
        "dungeon-delver": ("hidden", True),
        "speiderne": ("hidden", True),
        "cartolan": ("perfect", True),
    }
    declared = {gid: (registration(gid).information, registration(gid).chance) for gid in known}
    assert declared == known
    for game_id in game_ids():
        entry = registration(game_id)
        assert entry.public_controls == (entry.information == "perfect")
        assert entry.secrets == (entry.information == "hidden" or entry.chance)


def test_an_undeclared_information_model_is_refused() -> None:
    with pytest.raises(ValueError, match="information"):
        register(toy_race.GAME, information="secret", chance=False)  # type: ignore[arg-type]
    assert find_game("toy-race") is None


def test_the_contract_checks_the_turn_once_for_every_game() -> None:
    """Toy Race's own rules never look at whose turn it is: ``apply`` refuses for it."""
    state = toy_race.GAME.setup(2, 1)
    with pytest.raises(IllegalAction) as refused:
        toy_race.GAME.apply(state, 1, 1)
    assert refused.value.code == "not_your_turn"
    state, _ = toy_race.GAME.apply(state, 0, 3)
    while not toy_race.GAME.status(state).over:
        seat = toy_race.GAME.status(state).to_move[0]
        state, _ = toy_race.GAME.apply(state, seat, 3)
    with pytest.raises(IllegalAction) as refused:
        toy_race.GAME.apply(state, 0, 1)
    assert refused.value.code == "game_over"
