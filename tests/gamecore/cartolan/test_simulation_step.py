"""The simulation fast path (state input, in-place apply) plays exactly the games that the
contract path (view input, copying apply) plays."""

from __future__ import annotations

import pytest

from gamecore.contract import Game
from gamecore.games.cartolan import GAME
from gamecore.simulate import play_game


class ContractPathCartolan(type(GAME)):  # type: ignore[misc]
    """Cartolan with the contract's default simulation step."""

    simulation_step = Game.simulation_step


@pytest.mark.parametrize(
    ("options", "types"),
    [
        ({"preset": "modern", "mode": "regular"}, ["explorer", "trader", "router", "pirate"]),
        ({"preset": "classic", "mode": "beginner"}, ["trader", "random"]),
        ({"preset": "modern", "mode": "advanced"}, ["pirate", "router", "random"]),
    ],
)
def test_fast_and_contract_paths_give_identical_records(options, types):
    slow = ContractPathCartolan()
    for seed in (1, 2):
        fast_record = play_game(GAME, seed, types, options)
        slow_record = play_game(slow, seed, types, options)
        assert fast_record["result"] == "finished"
        assert fast_record == slow_record
