"""A small seeded random number generator whose whole state is one integer.

Games keep an ``Rng`` inside their state, so a game is fully determined by its seed and
its action list, and the state encodes to JSON as a single number. The generator is
SplitMix64: fast in pure Python and statistically sound for shuffles and dice.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_SPAN = 1 << 64
_GAMMA = 0x9E3779B97F4A7C15


def mix_seed(*parts: int | str) -> int:
    """Derive a 64-bit seed from several parts (e.g. match seed and a purpose label)."""
    return extend_seed(0x243F6A8885A308D3, *parts)


def extend_seed(acc: int, *parts: int | str) -> int:
    """``mix_seed`` of more parts, from the seed of the first ones:
    ``extend_seed(mix_seed(a, b), c) == mix_seed(a, b, c)`` (a shared prefix mixed once)."""
    for part in parts:
        value = part if isinstance(part, int) else int.from_bytes(part.encode(), "little")
        acc = _splitmix(acc ^ (value & _MASK))[1]
    return acc


def _splitmix(state: int) -> tuple[int, int]:
    state = (state + _GAMMA) & _MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return state, z ^ (z >> 31)


class Rng:
    """Deterministic generator. Mutates itself; copy it (``Rng(r.state)``) to branch."""

    __slots__ = ("state",)

    def __init__(self, state: int) -> None:
        self.state = state & _MASK

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Rng) and other.state == self.state

    def __repr__(self) -> str:
        return f"Rng({self.state})"

    def copy(self) -> Rng:
        return Rng(self.state)

    def next_u64(self) -> int:
        self.state, out = _splitmix(self.state)
        return out

    def below(self, n: int) -> int:
        """Uniform integer in ``[0, n)`` (rejection sampling, no modulo bias)."""
        if n <= 0:
            raise ValueError("below() needs n > 0")
        limit = _MASK - _SPAN % n
        state, value = _splitmix(self.state)
        while value > limit:
            state, value = _splitmix(state)
        self.state = state
        return value % n

    def randint(self, low: int, high: int) -> int:
        """Uniform integer in ``[low, high]`` (a die is ``randint(1, 6)``)."""
        return low + self.below(high - low + 1)

    def random(self) -> float:
        """Uniform float in ``[0, 1)``."""
        return (self.next_u64() >> 11) * (1.0 / (1 << 53))

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher–Yates, in place: ``j = below(i + 1)`` for each ``i`` from the end. Game
        setups shuffle long piles, so ``below`` and ``_splitmix`` are written out here, the
        generator state kept in a local."""
        state = self.state
        for i in range(len(items) - 1, 0, -1):
            n = i + 1
            limit = _MASK - _SPAN % n
            while True:
                state = (state + _GAMMA) & _MASK
                z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
                z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
                value = z ^ (z >> 31)
                if value <= limit:
                    break
            j = value % n
            items[i], items[j] = items[j], items[i]
        self.state = state
