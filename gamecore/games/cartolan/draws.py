"""``gamecore.rng``'s draws for the Cartolan engine on native 64-bit integers when compiled.

The pile shuffles and the reshuffles of returned discards draw from the match's SplitMix64
generator (``gamecore.rng``), whose 64-bit values are boxed Python integers: about 7% of a
simulated game. The optional mypyc build compiles this module, where ``i64`` arithmetic wraps
as the generator's does modulo 2**64; the same steps then run on machine words and give the
same numbers from the same generator state (``tests/gamecore/cartolan/test_draws.py``).
Interpreted, ``i64`` does not wrap, so the functions hand over to ``Rng`` itself.

A 64-bit value is kept in an ``i64`` as its two's complement: a right shift is masked to be
logical, and a value is compared and reduced as the unsigned number it stands for.
"""

from __future__ import annotations

from typing import Final

from mypy_extensions import i64

from gamecore.rng import Rng

_MIN: Final[i64] = -(1 << 63)
_GAMMA: Final[i64] = 0x9E3779B97F4A7C15 - (1 << 64)
_MIX1: Final[i64] = 0xBF58476D1CE4E5B9 - (1 << 64)
_MIX2: Final[i64] = 0x94D049BB133111EB - (1 << 64)
_LOW30: Final[i64] = (1 << 34) - 1  # what is left of a value shifted right by 30
_LOW27: Final[i64] = (1 << 37) - 1
_LOW31: Final[i64] = (1 << 33) - 1


def _wraps() -> bool:
    """Whether ``i64`` arithmetic wraps here, i.e. this module runs compiled."""
    quarter: i64 = 1 << 62
    return quarter * 4 == 0


NATIVE: Final = _wraps()


def _load(rng: Rng) -> i64:
    state = rng.state
    return i64(state - (1 << 64)) if state >= 1 << 63 else i64(state)


def _store(rng: Rng, state: i64) -> None:
    rng.state = int(state) & 0xFFFFFFFFFFFFFFFF


def _draw(state: i64, n: i64, rest: i64) -> tuple[i64, i64]:
    """SplitMix64 steps from ``state`` until a value below ``Rng.below``'s rejection limit
    ``2**64 - 1 - rest`` (``rest`` = ``2**64 % n``); the new state and the value mod ``n``."""
    while True:
        state = state + _GAMMA
        z = (state ^ ((state >> 30) & _LOW30)) * _MIX1
        z = (z ^ ((z >> 27) & _LOW27)) * _MIX2
        value = z ^ ((z >> 31) & _LOW31)
        if value >= 0:  # below 2**63: under every limit
            return state, value % n
        if value <= -1 - rest:  # as unsigned: at most 2**64 - 1 - rest
            # the unsigned value is (value + 2**63) + 2**63: both halves reduced apart
            half = (value ^ _MIN) % n
            return state, (half + ((1 << 62) % n * 2) % n) % n


def _rest(n: i64) -> i64:
    """``2**64 % n`` without the 65-bit ``2**64``."""
    return (1 << 62) % n * 4 % n


def below(rng: Rng, n: int) -> int:
    """``rng.below(n)``: uniform in ``[0, n)``."""
    if not NATIVE or n <= 0 or n >= 1 << 62:
        return rng.below(n)
    span = i64(n)
    state, value = _draw(_load(rng), span, _rest(span))
    _store(rng, state)
    return int(value)


def shuffle(rng: Rng, items: list[int]) -> None:
    """``rng.shuffle(items)``: Fisher–Yates in place, ``j = below(i + 1)`` from the end."""
    if not NATIVE:
        rng.shuffle(items)
        return
    state = _load(rng)
    i: i64 = len(items) - 1
    while i > 0:
        span = i + 1
        state, j = _draw(state, span, _rest(span))
        items[i], items[j] = items[j], items[i]
        i -= 1
    _store(rng, state)
