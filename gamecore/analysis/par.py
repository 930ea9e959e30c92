"""Par: how the computer players do on the very deal a person just played.

What "the same deal" means here: both solo games deal every card at setup (the draw pile's
order included) and use no randomness afterwards, so a deal is the whole game's randomness.
What varies between the plays of one deal is the computer player's own randomness: the
heuristic draws lots only between moves it scores equal, the random player at every move.
A deal the heuristic plays the same way whatever its draws shows as 0 % or 100 %: that is
the honest figure for that deal, not a lack of samples.

Speed: the heuristic's choice in a position where it draws no lot is remembered, so the
plays of one deal share the work of their common opening (the figures are exactly those of
plain :meth:`Game.play_out` with the same generators; a test checks it).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from gamecore.analysis.outcome import MEASURES, rank
from gamecore.contract import Game, Player
from gamecore.registry import get_game
from gamecore.rng import mix_seed
from gamecore.simulate import DEFAULT_MAX_STEPS, Z95, available_players

PLAYS = 1000
#: The computer players par reports, strongest first.
PAR_PLAYERS = ("heuristic", "random")


@dataclass(frozen=True, slots=True)
class ComputerPar:
    """One computer player's results over ``plays`` plays of the deal; ``beaten`` and
    ``equalled``: how many of them the person's result beat or equalled (None: no result)."""

    player: str
    plays: int
    wins: int
    mean_score: float
    beaten: int | None = None
    equalled: int | None = None

    @property
    def win_rate(self) -> float:
        return self.wins / self.plays if self.plays else 0.0

    @property
    def win_error(self) -> float:
        """Half-width of the 95 % normal interval of the win rate, over these plays."""
        p = self.win_rate
        return Z95 * math.sqrt(p * (1 - p) / self.plays) if self.plays else 0.0


@dataclass(frozen=True, slots=True)
class Par:
    game_id: str
    seed: int
    computers: tuple[ComputerPar, ...]
    #: The person's result (``(1 if won else 0, score)``), when one was given.
    mine: tuple[int, float] | None
    seconds: float


class _Probe:
    """A generator wrapper that notes how the player drew lots: ``lots`` holds the lists it
    passed to ``choice``; ``other`` is set when it used the generator any other way."""

    __slots__ = ("lots", "other", "rng")

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.lots: list[tuple[Any, ...]] = []
        self.other = False

    def choice(self, items: Sequence[Any]) -> Any:
        self.lots.append(tuple(items))
        return self.rng.choice(items)

    def __getattr__(self, name: str) -> Any:
        self.other = True
        return getattr(self.rng, name)


def _key(state: Any) -> Any:
    """A position without its last move (which no solo computer player reads)."""
    return replace(state, last_action=None) if hasattr(state, "last_action") else state


def play_deal(
    game: Game[Any, Any],
    start: Any,
    player: Player,
    rngs: Sequence[random.Random],
    max_steps: int = DEFAULT_MAX_STEPS,
) -> list[Any]:
    """The final state of one play of ``start`` per generator (a solo game: seat 0)."""
    #: Per position: the move chosen without a lot, or the one list the lot was drawn from.
    choices: dict[Any, tuple[bool, Any]] = {}
    moves: dict[tuple[Any, Any], Any] = {}
    finals = []
    for rng in rngs:
        state, steps = start, 0
        probe = _Probe(rng)
        while not game.status(state).over:
            if steps >= max_steps:
                raise RuntimeError(f"no result after max_steps={max_steps} steps")
            key = _key(state)
            known = choices.get(key)
            if known is None:
                probe.lots.clear()
                probe.other = False
                action = player(game.view(state, 0), game.legal_actions(state, 0), probe)
                if not probe.other and len(probe.lots) <= 1:
                    choices[key] = (True, probe.lots[0]) if probe.lots else (False, action)
            elif known[0]:
                action = rng.choice(known[1])
            else:
                action = known[1]
            after = moves.get((key, action))
            if after is None:
                after = game.apply(state, 0, action)[0]
                moves[key, action] = after
            state = after
            steps += 1
        finals.append(state)
    return finals


def par_rngs(seed: int, player: str, plays: int) -> list[random.Random]:
    return [random.Random(mix_seed(seed, "par", player, i)) for i in range(plays)]


def compute_par(
    game_id: str,
    seed: int,
    options: Mapping[str, Any] | None = None,
    mine: tuple[int, float] | None = None,
    plays: int = PLAYS,
    players: Sequence[str] = PAR_PLAYERS,
) -> Par:
    """Par of the deal ``(game_id, seed, options)``, compared with ``mine`` when given."""
    if game_id not in MEASURES:
        raise ValueError(f"par covers the solo games ({', '.join(MEASURES)}), not {game_id!r}")
    began = time.perf_counter()
    game = get_game(game_id)
    known = available_players(game)
    start = game.setup(1, seed, options)
    computers = []
    for name in players:
        finals = play_deal(game, start, known[name], par_rngs(seed, name, plays))
        ranks = [rank(game, state) for state in finals]
        computers.append(
            ComputerPar(
                player=name,
                plays=plays,
                wins=sum(won for won, _ in ranks),
                mean_score=sum(score for _, score in ranks) / plays,
                beaten=None if mine is None else sum(1 for r in ranks if mine > r),
                equalled=None if mine is None else sum(1 for r in ranks if mine == r),
            )
        )
    return Par(game_id, seed, tuple(computers), mine, time.perf_counter() - began)


def par_lines(par: Par) -> list[str]:
    """Par in English, one line per computer player (the CLI's output)."""
    lines = []
    for c in par.computers:
        line = (
            f"{c.player}: wins this deal in {100 * c.win_rate:.1f}% of {c.plays:,} plays "
            f"(±{100 * c.win_error:.1f} points, 95%), mean score {c.mean_score:.2f}"
        )
        if c.beaten is not None and c.equalled is not None:
            line += (
                f"; your result beats {100 * c.beaten / c.plays:.0f}% of them"
                f" and equals {100 * c.equalled / c.plays:.0f}%"
            )
        lines.append(line)
    return lines
