"""How a finished solo game is measured and compared: the analysis's one scale.

Cartographer's Expedition is measured by the chance to win (its computer players win a fair
share of deals); Dungeon Delver by the levels cleared, because its computer players almost
never win and a chance that is always 0 % tells nobody anything.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from gamecore.contract import Game


@dataclass(frozen=True, slots=True)
class Measure:
    """What a review estimates for a game: ``win`` (a chance) or ``score`` (an expectation of
    ``status.scores[0]``, shown out of ``top``). Values are kept on a 0..1 scale."""

    kind: str
    top: float = 1.0

    def value(self, game: Game[Any, Any], state: object) -> float:
        status = game.status(state)
        if self.kind == "win":
            return 1.0 if status.result == "won" else 0.0
        return (status.scores[0] if status.scores else 0.0) / self.top

    def shown(self, value: float) -> str:
        """A value as people read it: ``62%`` or ``2.4/4``."""
        if self.kind == "win":
            return f"{100 * value:.0f}%"
        return f"{value * self.top:.1f}/{self.top:g}"


#: The games the analysis covers, with their measure.
MEASURES: dict[str, Measure] = {
    "cartographer": Measure("win"),
    "dungeon-delver": Measure("score", top=4.0),
}


def rank(game: Game[Any, Any], state: object) -> tuple[int, float]:
    """A finished solo game's result for comparisons: a win first, then the score."""
    status = game.status(state)
    return (1 if status.result == "won" else 0, status.scores[0] if status.scores else 0.0)


@dataclass(frozen=True, slots=True)
class Estimate:
    """A weighted Monte Carlo mean on the 0..1 scale, its standard error and sample size;
    ``exact`` when every hidden arrangement was enumerated (the error is then 0)."""

    value: float
    error: float
    samples: int
    exact: bool = False


def weighted_estimate(
    values: Sequence[float], weights: Sequence[float], exact: bool = False
) -> Estimate:
    """The weighted mean of ``values`` and its standard error (self-normalised importance
    sampling: ``sqrt(sum w²(x-m)²) / sum w``)."""
    total = sum(weights)
    if not values or total <= 0:
        return Estimate(0.0, 0.0, 0, exact)
    mean = sum(w * x for w, x in zip(weights, values, strict=True)) / total
    if exact:
        return Estimate(mean, 0.0, len(values), True)
    spread = sum(w * w * (x - mean) ** 2 for w, x in zip(weights, values, strict=True))
    return Estimate(mean, math.sqrt(spread) / total, len(values))
