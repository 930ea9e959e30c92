"""Par: how the computer players do on the very deal a person just played.

What "the same deal" means here: both solo games deal every card at setup (the draw pile's
order included) and use no randomness afterwards, so a deal is the whole game's randomness.
What varies between the plays of one deal is the computer player's own randomness: the
heuristic draws lots only between moves it scores equal, the random player at every move.
A deal the heuristic plays the same way whatever its draws shows as 0 % or 100 %: that is
the honest figure for that deal, not a lack of samples.

Speed: the plays of one deal share a tree of the positions they reached, so each position's
choice (where the player draws no lot, or draws one from a list) and move are worked out once
(the figures are exactly those of plain :meth:`Game.play_out` with the same generators; a
test checks it).
"""

from __future__ import annotations

import json
import math
import random
import time
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TextIO

from gamecore.analysis.outcome import MEASURES, rank
from gamecore.contract import Game, Player
from gamecore.registry import get_game
from gamecore.rng import mix_seed
from gamecore.simulate import DEFAULT_MAX_STEPS, Z95, available_players

#: At most this many plays per computer player.
PLAYS = 1000
#: Plays are made in batches of this many; after each batch the estimate may be tight enough.
BATCH = 100
#: The plays stop once each figure's 95 % interval is within this half-width (on its 0..1
#: scale): the win rate, and for a game measured by its score the mean score out of its top.
TOLERANCE = 0.03
#: The computer players par reports, strongest first.
PAR_PLAYERS = ("heuristic", "random")
#: The stored form's version (a stored par of another form is computed again).
FORM = 1


def rate_error(wins: int, plays: int) -> float:
    """Half-width of the 95 % interval of a win rate: the normal interval, but never less
    than the rule of three (``3/n``), so 0 wins in 100 plays reads ±3 points, not ±0."""
    if not plays:
        return 1.0
    p = wins / plays
    return max(Z95 * math.sqrt(p * (1 - p) / plays), 3 / plays)


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
        """Half-width of the 95 % interval of the win rate, over these plays (:func:`rate_error`)."""
        return rate_error(self.wins, self.plays)


@dataclass(frozen=True, slots=True)
class Par:
    game_id: str
    seed: int
    computers: tuple[ComputerPar, ...]
    #: The person's result (``(1 if won else 0, score)``), when one was given.
    mine: tuple[int, float] | None
    seconds: float


@dataclass(frozen=True, slots=True)
class Tally:
    """One computer player's plays of a deal: how many ended with each result
    (``((won, score), count)``, best first). The whole par of a deal, whoever asks."""

    player: str
    results: tuple[tuple[tuple[int, float], int], ...]

    @property
    def plays(self) -> int:
        return sum(n for _, n in self.results)

    @property
    def wins(self) -> int:
        return sum(n for (won, _), n in self.results if won)

    def mean_score(self) -> float:
        return sum(score * n for (_, score), n in self.results) / self.plays if self.plays else 0.0

    def score_error(self) -> float:
        """Half-width of the 95 % interval of the mean score (0 when every play scored alike)."""
        n = self.plays
        if n < 2:
            return math.inf
        mean = self.mean_score()
        spread = sum(n_r * (score - mean) ** 2 for (_, score), n_r in self.results) / (n - 1)
        return Z95 * math.sqrt(spread / n)

    def against(self, mine: tuple[int, float] | None) -> ComputerPar:
        return ComputerPar(
            player=self.player,
            plays=self.plays,
            wins=self.wins,
            mean_score=self.mean_score(),
            beaten=None if mine is None else sum(n for r, n in self.results if mine > r),
            equalled=None if mine is None else sum(n for r, n in self.results if mine == r),
        )

    @classmethod
    def of(cls, player: str, ranks: Sequence[tuple[int, float]]) -> Tally:
        counts = Counter((int(won), float(score)) for won, score in ranks)
        return cls(player, tuple(sorted(counts.items(), reverse=True)))


@dataclass(frozen=True, slots=True)
class DealPar:
    """The par of one deal ``(game_id, seed, options)``, the same for every player of it:
    computed once, stored, compared with each person's result by :meth:`against`."""

    game_id: str
    seed: int
    tallies: tuple[Tally, ...]
    #: CPU seconds the plays took (this process's).
    seconds: float

    def against(self, mine: tuple[int, float] | None) -> Par:
        computers = tuple(tally.against(mine) for tally in self.tallies)
        return Par(self.game_id, self.seed, computers, mine, self.seconds)

    def to_json(self) -> str:
        return json.dumps(
            {
                "form": FORM,
                "game_id": self.game_id,
                "seconds": round(self.seconds, 3),
                "tallies": [
                    {"player": t.player, "results": [[w, s, n] for (w, s), n in t.results]}
                    for t in self.tallies
                ],
            },
            separators=(",", ":"),
        )

    @classmethod
    def from_json(cls, text: str, seed: int) -> DealPar | None:
        """The stored par of the deal of ``seed`` (the JSON holds no seed: a daily deal's is
        secret), or None when it was stored in another form (compute it again)."""
        data = json.loads(text)
        if data.get("form") != FORM:
            return None
        tallies = tuple(
            Tally(t["player"], tuple(((int(w), float(s)), int(n)) for w, s, n in t["results"]))
            for t in data["tallies"]
        )
        return cls(data["game_id"], seed, tallies, float(data["seconds"]))


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


class _Node:
    """A position some play reached: whether it is over, and once a computer player chose
    there without reading its generator but for one lot, that choice (``lot``: the list
    the lot is drawn from, else ``action``) and the positions it leads to (``next``: per
    chosen action's ``id``, the actions being the very objects of the first choice)."""

    __slots__ = ("action", "lot", "next", "over", "state")

    def __init__(self, state: Any, over: bool) -> None:
        self.state, self.over = state, over
        self.action: Any = None
        self.lot: tuple[Any, ...] | None = None
        self.next: dict[int, _Node] = {}


class DealPlayer:
    """Plays one deal again and again with one computer player, remembering across calls
    the tree of positions the plays went through: a play walks it from the deal's start,
    asking the player only at a position no play reached before (or one where it read its
    generator in another way than one lot), and playing a move only once per position.

    Exact: a remembered position's lot is drawn with ``rng.choice`` over the same list, so
    each generator is used as the player would use it, and each play ends where
    :meth:`Game.play_out` would (a test checks it). Walking the tree needs no hashing of
    positions (the dearest part of a play when positions were looked up by value)."""

    def __init__(
        self,
        game: Game[Any, Any],
        start: Any,
        player: Player,
        max_steps: int = DEFAULT_MAX_STEPS,
    ) -> None:
        self.game, self.player, self.max_steps = game, player, max_steps
        self.root = _Node(start, game.status(start).over)
        #: Positions the plays reached (the tree's size).
        self.positions = 1

    def play(self, rngs: Sequence[random.Random]) -> list[Any]:
        """The final state of one play per generator (a solo game: seat 0)."""
        game, player = self.game, self.player
        finals = []
        for rng in rngs:
            node, steps = self.root, 0
            probe = _Probe(rng)
            while not node.over:
                if steps >= self.max_steps:
                    raise RuntimeError(f"no result after max_steps={self.max_steps} steps")
                lot = node.lot
                if lot is not None:
                    action = rng.choice(lot)
                elif node.action is not None:
                    action = node.action
                else:
                    state = node.state
                    probe.lots.clear()
                    probe.other = False
                    action = player(game.view(state, 0), game.legal_actions(state, 0), probe)
                    if probe.other or len(probe.lots) > 1:  # not to be remembered
                        state = game.play(state, 0, action)[0]
                        node = _Node(state, game.status(state).over)
                        steps += 1
                        continue
                    if probe.lots:
                        node.lot = probe.lots[0]
                    else:
                        node.action = action
                after = node.next.get(id(action))
                if after is None:
                    state = game.play(node.state, 0, action)[0]  # legal: the turn is known
                    after = node.next[id(action)] = _Node(state, game.status(state).over)
                    self.positions += 1
                node = after
                steps += 1
            finals.append(node.state)
        return finals


def play_deal(
    game: Game[Any, Any],
    start: Any,
    player: Player,
    rngs: Sequence[random.Random],
    max_steps: int = DEFAULT_MAX_STEPS,
) -> list[Any]:
    """The final state of one play of ``start`` per generator (a solo game: seat 0)."""
    return DealPlayer(game, start, player, max_steps).play(rngs)


def par_rngs(seed: int, player: str, plays: int, first: int = 0) -> list[random.Random]:
    return [random.Random(mix_seed(seed, "par", player, i)) for i in range(first, plays)]


def tight_enough(tally: Tally, measure_kind: str, tolerance: float, top: float = 1.0) -> bool:
    """Whether ``tally``'s figures are known well enough: the win rate within ``tolerance``
    (95 %), and for a game measured by its score the mean score within ``tolerance * top``."""
    if rate_error(tally.wins, tally.plays) > tolerance:
        return False
    return measure_kind != "score" or tally.score_error() <= tolerance * top


def compute_deal_par(
    game_id: str,
    seed: int,
    options: Mapping[str, Any] | None = None,
    plays: int = PLAYS,
    players: Sequence[str] = PAR_PLAYERS,
    tolerance: float | None = TOLERANCE,
) -> DealPar:
    """Par of the deal ``(game_id, seed, options)``: per computer player, plays in batches of
    :data:`BATCH` until :func:`tight_enough` (``tolerance`` None: all ``plays``), at most
    ``plays``. Play ``i`` of a player always uses the same generator, so the first ``n``
    plays are the same whether the plays stop there or go on."""
    if game_id not in MEASURES:
        raise ValueError(f"par covers the solo games ({', '.join(MEASURES)}), not {game_id!r}")
    began = time.process_time()
    game = get_game(game_id)
    measure = MEASURES[game_id]
    known = available_players(game)
    start = game.setup(1, seed, options)
    tallies = []
    for name in players:
        deal = DealPlayer(game, start, known[name])
        ranks: list[tuple[int, float]] = []
        while len(ranks) < plays:
            batch = min(plays, len(ranks) + BATCH)
            finals = deal.play(par_rngs(seed, name, batch, first=len(ranks)))
            ranks.extend(rank(game, state) for state in finals)
            tally = Tally.of(name, ranks)
            if tolerance is not None and tight_enough(tally, measure.kind, tolerance, measure.top):
                break
        tallies.append(Tally.of(name, ranks))
    return DealPar(game_id, seed, tuple(tallies), time.process_time() - began)


def deal_par_worker(requests: TextIO, answers: TextIO) -> None:
    """A par worker process's loop (``service/pars.py``): per line in, one deal as JSON
    (``game_id``, ``seed``, ``options``, ``plays``); per line out, its par's stored JSON, or
    ``{"error": …}`` when it could not be computed (the worker stays for the next deal). Ends
    when its input ends."""
    for line in requests:
        try:
            asked = json.loads(line)
            par = compute_deal_par(
                asked["game_id"], int(asked["seed"]), asked["options"], asked["plays"]
            )
            answer = par.to_json()
        except Exception as error:  # told to the asker, who raises it there
            answer = json.dumps({"error": f"{type(error).__name__}: {error}"})
        answers.write(answer + "\n")
        answers.flush()


def compute_par(
    game_id: str,
    seed: int,
    options: Mapping[str, Any] | None = None,
    mine: tuple[int, float] | None = None,
    plays: int = PLAYS,
    players: Sequence[str] = PAR_PLAYERS,
    tolerance: float | None = None,
) -> Par:
    """Par of the deal ``(game_id, seed, options)``, compared with ``mine`` when given
    (``tolerance`` None: all ``plays``; see :func:`compute_deal_par`)."""
    return compute_deal_par(game_id, seed, options, plays, players, tolerance).against(mine)


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
