"""The review of a finished solo game: each decision's value, judged only on what was seen.

For every decision the player took, the worlds the player could not tell apart (the unseen
cards arranged every way their knowledge allows, :mod:`gamecore.analysis.worlds`) are
sampled; in each world the move played, the computer player's move for the same view and
the most promising other move (screened on a few other worlds: ``_screen``) are played out
by the heuristic computer player. A move's value is the weighted mean of the outcomes (the
chance to win, or the expected score: :mod:`gamecore.analysis.outcome`). The moves meet the
same worlds and the same rollout generators, so their differences are
measured more precisely than either value. When the unseen cards can be arranged in at most
``samples`` ways, every arrangement is played instead and the figure is exact (for this
rollout policy).

Verdicts, on the 0..1 scale (chance points, or the share of the top score): a move that
loses at least ``MISTAKE`` (10 points; 0.4 of Dungeon Delver's 4 levels) against the best
move considered is a mistake, at least ``BLUNDER`` (25 points; one level) a blunder, and
only when the loss is more than twice its standard error. ``docs/analysis.md`` says more.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from gamecore.analysis.outcome import MEASURES, Estimate, Measure, weighted_estimate
from gamecore.analysis.worlds import Knowledge, all_worlds, sample_world, world_count
from gamecore.contract import Game, IllegalAction
from gamecore.registry import get_game
from gamecore.rng import mix_seed
from gamecore.simulate import DEFAULT_MAX_STEPS, available_players

#: Worlds per decision (both moves meet the same worlds).
SAMPLES = 48
MISTAKE = 0.10
BLUNDER = 0.25
#: How many of the largest losses a review names.
WORST = 3
#: Other moves screened per decision; each on an eighth of the review's worlds (6 of 48).
SCREENED = 6
SCREEN_SHARE = 8

Progress = Callable[[int, int], None]


@dataclass(frozen=True, slots=True)
class Decision:
    """One decision: the move ``played`` and the ``best`` move considered (the same text
    when the computer player agreed), their values, the loss and its standard error."""

    step: int
    played: str
    best: str
    played_value: Estimate
    best_value: Estimate
    loss: float
    loss_error: float
    verdict: str
    options: int

    @classmethod
    def judged(
        cls,
        game: Game[Any, Any],
        step: int,
        options: int,
        actions: Sequence[Any],
        values: Sequence[Sequence[float]],
        weights: Sequence[float],
        exact: bool,
    ) -> Decision:
        """The decision at ``step`` (``options`` legal moves): ``actions[0]`` was played, the
        others were considered, each played out on the same worlds (``values[slot]``, one
        per world, weighted by ``weights``). The best move is the one that gains the most on
        the move played, world by world, and the loss is that gain."""
        estimates = [weighted_estimate(v, weights, exact) for v in values]
        best, best_action, loss, error = estimates[0], actions[0], 0.0, 0.0
        for slot in range(1, len(actions)):
            diffs = [b - a for a, b in zip(values[0], values[slot], strict=True)]
            paired = weighted_estimate(diffs, weights, exact)
            if paired.value > loss:
                best, best_action, loss, error = (
                    estimates[slot],
                    actions[slot],
                    paired.value,
                    paired.error,
                )
        return cls(
            step=step,
            played=game.format_action(actions[0]),
            best=game.format_action(best_action),
            played_value=estimates[0],
            best_value=best,
            loss=loss,
            loss_error=error,
            verdict=verdict(loss, error, exact),
            options=options,
        )


@dataclass(frozen=True, slots=True)
class Review:
    game_id: str
    seed: int
    seat: int
    measure: Measure
    decisions: tuple[Decision, ...]
    samples: int
    seconds: float
    #: Multiplayer games: each seat's chance to win after each decision (the played move's
    #: rollouts), in the order of ``decisions``; empty for solo games.
    seat_values: tuple[tuple[float, ...], ...] = ()

    def worst(self, count: int = WORST) -> list[Decision]:
        """The largest mistakes and blunders, largest first."""
        bad = [d for d in self.decisions if d.verdict in ("mistake", "blunder")]
        return sorted(bad, key=lambda d: -d.loss)[:count]

    def count(self, verdict: str) -> int:
        return sum(1 for d in self.decisions if d.verdict == verdict)


def verdict(loss: float, error: float, exact: bool) -> str:
    """``best``, ``good``, ``mistake`` or ``blunder`` by the documented thresholds."""
    if loss <= 0:
        return "best"
    if not exact and loss <= 2 * error:
        return "good"
    if loss >= BLUNDER:
        return "blunder"
    if loss >= MISTAKE:
        return "mistake"
    return "good"


@dataclass(frozen=True, slots=True)
class _Point:
    step: int
    state: Any
    action: Any
    options: int


def _decision_points(
    game: Game[Any, Any], start: Any, moves: Sequence[str], seat: int
) -> tuple[list[_Point], Any]:
    """The player's decisions along ``moves`` (automatic steps such as Dungeon Delver's
    claims are not decisions), and the final state. A move that cannot be read or played
    raises ``ValueError`` naming its line."""
    points = []
    state = start
    for step, text in enumerate(moves, start=1):
        try:
            action = game.canonical_action(state, game.parse_action(text))
            auto = game.auto_actions(state)
            legal = game.legal_actions(state, seat)
            after = game.apply(state, seat, action)[0]
        except IllegalAction as exc:
            raise ValueError(f"move {step} ({text!r}): {exc.reason}") from None
        if action not in auto:
            points.append(_Point(step, state, action, len(legal)))
        state = after
    return points, state


def _worlds(
    game_id: str, know: Knowledge, samples: int, enumerate_up_to: int, rng: random.Random
) -> tuple[list[tuple[Any, float]], bool]:
    if world_count(game_id, know) <= enumerate_up_to:
        return [w for w in all_worlds(game_id, know) if w[1] > 0], True
    return [sample_world(game_id, know, rng) for _ in range(samples)], False


def estimate_moves(
    game: Game[Any, Any],
    know: Knowledge,
    actions: Sequence[Any],
    samples: int,
    seed: int,
    measure: Measure,
    enumerate_up_to: int | None = None,
) -> tuple[list[Estimate], list[list[float]], list[float], bool]:
    """Each action's value over the same worlds and rollout generators: the estimates, the
    per-world values (for paired differences), the weights, and whether it was exact (every
    world enumerated: when there are at most ``enumerate_up_to`` of them, default
    ``samples``)."""
    heuristic = available_players(game)["heuristic"]
    limit = samples if enumerate_up_to is None else enumerate_up_to
    worlds, exact = _worlds(game.id, know, samples, limit, random.Random(mix_seed(seed, "worlds")))
    values: list[list[float]] = [[] for _ in actions]
    weights = []
    for index, (world, weight) in enumerate(worlds):
        if weight <= 0:
            continue
        weights.append(weight)
        for slot, action in enumerate(actions):
            after = game.play(world, 0, action)[0]  # a legal action: the turn is known
            rng = random.Random(mix_seed(seed, "rollout", index))
            final, _ = game.play_out(after, [heuristic], [rng], DEFAULT_MAX_STEPS)
            values[slot].append(measure.value(game, final))
    return [weighted_estimate(v, weights, exact) for v in values], values, weights, exact


def _screen(
    game: Game[Any, Any],
    know: Knowledge,
    legal: Sequence[Any],
    taken: Sequence[Any],
    seed: int,
    measure: Measure,
    samples: int,
) -> Any | None:
    """The most promising move besides ``taken`` (the move played and the advisor's): up to
    ``SCREENED`` others, drawn at random when there are more, each played out on
    ``samples`` worlds; returned only when it did better there than every move in
    ``taken``. Its figures then come from the full estimate on other worlds (the screen's
    own worlds would flatter the winner of a noisy contest)."""
    others = [a for a in legal if a not in taken]
    if not others:
        return None
    if len(others) > SCREENED:
        others = random.Random(seed).sample(others, SCREENED)
    estimates, _, _, _ = estimate_moves(game, know, [*taken, *others], samples, seed, measure)
    best = max(range(len(taken), len(estimates)), key=lambda i: estimates[i].value)
    if estimates[best].value > max(e.value for e in estimates[: len(taken)]):
        return others[best - len(taken)]
    return None


def review_game(
    game_id: str,
    seed: int,
    moves: Sequence[str],
    options: Mapping[str, Any] | None = None,
    seat: int = 0,
    samples: int = SAMPLES,
    progress: Progress | None = None,
) -> Review:
    """Review the game ``(game_id, seed, options)`` played by ``moves`` from ``seat``'s side."""
    measure = MEASURES.get(game_id)
    if measure is None:
        raise ValueError(f"reviews cover the solo games ({', '.join(MEASURES)}), not {game_id!r}")
    if seat != 0:
        raise ValueError(f"{game_id} is a solo game: the only seat is 0")
    began = time.perf_counter()
    game = get_game(game_id)
    start = game.setup(1, seed, options)
    first_hand = tuple(start.hand)
    points, _final = _decision_points(game, start, moves, seat)
    heuristic = available_players(game)["heuristic"]
    decisions = []
    for done, point in enumerate(points):
        if progress is not None:
            progress(done, len(points))
        state = point.state
        legal = game.legal_actions(state, seat)
        advice = heuristic(
            game.view(state, seat), legal, random.Random(mix_seed(seed, "advice", point.step))
        )
        know = Knowledge(state, first_hand)
        actions = [point.action] if advice == point.action else [point.action, advice]
        challenger = _screen(
            game,
            know,
            legal,
            actions,
            mix_seed(seed, "screen", point.step),
            measure,
            max(2, samples // SCREEN_SHARE),
        )
        if challenger is not None:
            actions.append(challenger)
        _, values, weights, exact = estimate_moves(
            game, know, actions, samples, mix_seed(seed, "review", point.step), measure
        )
        decisions.append(
            Decision.judged(game, point.step, point.options, actions, values, weights, exact)
        )
    if progress is not None:
        progress(len(points), len(points))
    return Review(
        game_id, seed, seat, measure, tuple(decisions), samples, time.perf_counter() - began
    )


def review_lines(review: Review) -> list[str]:
    """The review in English (the CLI's output): one line per decision, then the worst."""
    m = review.measure
    what = "chance to win" if m.kind == "win" else "expected score"
    lines = [
        f"{review.game_id} seed {review.seed}: {len(review.decisions)} decisions, "
        f"{what} per move ({review.samples} worlds each unless exact; ± is one standard error)"
    ]
    for d in review.decisions:
        p = d.played_value
        err = "exact" if p.exact else f"±{_points(m, p.error)}"
        line = f"{d.step:>3}. {d.played:<16} {m.shown(p.value):>6} ({err}, n={p.samples})"
        if d.loss > 0:
            line += f"  best {d.best} {m.shown(d.best_value.value)}, loss {_points(m, d.loss)}"
            line += f" ±{_points(m, d.loss_error)}"
        if d.verdict in ("mistake", "blunder"):
            line += f"  [{d.verdict}]"
        lines.append(line)
    if review.seat_values:
        final = ", ".join(f"seat {s} {100 * v:.0f}%" for s, v in enumerate(review.seat_values[-1]))
        lines.append(f"each seat's chance after seat {review.seat}'s last decision: {final}")
    lines.append(f"mistakes: {review.count('mistake')}, blunders: {review.count('blunder')}")
    for d in review.worst():
        lines.append(f"  move {d.step}: {d.played} (better: {d.best}, {_points(m, d.loss)} lost)")
    lines.append(f"({review.seconds:.1f} s)")
    return lines


def _points(m: Measure, value: float) -> str:
    if m.kind == "win":
        return f"{100 * value:.0f} pts"
    return f"{value * m.top:.2f}"


def accuracy(review: Review) -> float:
    """Share of decisions that were neither mistakes nor blunders (0..1)."""
    if not review.decisions:
        return 1.0
    return sum(1 for d in review.decisions if d.verdict in ("best", "good")) / len(review.decisions)


__all__ = [
    "BLUNDER",
    "MISTAKE",
    "SAMPLES",
    "Decision",
    "Review",
    "accuracy",
    "review_game",
    "review_lines",
]
