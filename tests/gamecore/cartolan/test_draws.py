"""``draws`` gives exactly ``gamecore.rng``'s numbers; compiled, through its own 64-bit steps."""

from __future__ import annotations

import pytest

from gamecore.games.cartolan import draws, native
from gamecore.rng import Rng, mix_seed

STATES = [0, 1, 2**63 - 1, 2**63, 2**64 - 1, *(mix_seed(seed, "draws") for seed in range(300))]


def test_the_compiled_build_runs_the_native_steps() -> None:
    assert draws.NATIVE == native.NATIVE


@pytest.mark.parametrize("n", [1, 2, 3, 6, 7, 31, 61, 90, 1000, 2**31 + 11, 2**61 + 1, 2**62])
def test_below_draws_what_rng_below_draws(n: int) -> None:
    for state in STATES:
        ours, reference = Rng(state), Rng(state)
        for _ in range(5):
            assert draws.below(ours, n) == reference.below(n)
            assert ours.state == reference.state


def test_shuffle_shuffles_as_rng_shuffle() -> None:
    for size in (0, 1, 2, 5, 30, 61, 91, 300):
        for state in STATES:
            ours, reference = Rng(state), Rng(state)
            mine, theirs = list(range(size)), list(range(size))
            draws.shuffle(ours, mine)
            reference.shuffle(theirs)
            assert mine == theirs
            assert ours.state == reference.state


def test_below_refuses_an_empty_range() -> None:
    with pytest.raises(ValueError):
        draws.below(Rng(1), 0)
