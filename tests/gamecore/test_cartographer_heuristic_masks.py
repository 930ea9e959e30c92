"""Cartographer's heuristic counts with bit masks (par plays it hundreds of times a deal):
position by position it chooses what the plain formulas choose and draws the same lots."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from gamecore.cards import COURT_RANKS, SUITS, Card
from gamecore.games import cartographer as cg
from gamecore.games._solo_common import card_from_string, choose_best
from gamecore.registry import get_game


def plain_heuristic(view: dict[str, Any], legal: Sequence[Any], rng: Any) -> Any:
    """The heuristic as its formulas read, with sets and loops (the version before masks)."""
    w = cg.WEIGHTS
    grid = view["grid"]
    names = cg.CELL_NAMES
    hidden_corners = [c for c in cg.CORNERS if grid[names[c]] is None]
    hidden_ace_suits = set(SUITS) - {grid[names[c]][-1] for c in cg.CORNERS if grid[names[c]]}
    frontier: list[tuple[float, Card]] = []
    for index, name in enumerate(names):
        value = grid[name]
        if value and any(grid[names[n]] is None for n in cg.NEIGHBOURS[index]):
            weight = 1.0
            if any(n in hidden_corners for n in cg.NEIGHBOURS[index]):
                weight += w["corner_source"]
            frontier.append((weight, card_from_string(value)))

    def keep_value(h: Card) -> float:
        value = sum(weight for weight, source in frontier if cg.matches(source, h))
        if h.suit in hidden_ace_suits:
            value += w["hidden_ace_suit"]
        if h.rank in COURT_RANKS:
            value += w["court_rank"] * sum(1 for _, s in frontier if s.rank == h.rank)
        return value

    def distance(index: int) -> int:
        return min(
            (abs(index // 5 - c // 5) + abs(index % 5 - c % 5) for c in hidden_corners), default=0
        )

    hand = [card_from_string(text) for text in view["hand"]]
    seen = set(view["hand"]) | set(view["discard"]) | {v for v in grid.values() if v}
    unknown = [c for c in cg.full_deck() if str(c) not in seen and c.rank != "A"]

    def source_chance(spent: Card) -> float:
        kept = [h for h in hand if h != spent]
        hits = sum(1 for u in unknown if any(cg.matches(u, h) for h in kept))
        return hits / len(unknown) if unknown else 0.0

    def score(action: Any) -> float:
        if not isinstance(action, cg.Reveal):
            return 100.0 - w["exchange"] - keep_value(action.card)
        t = cg.CELL_INDEX[action.target]
        result = 100.0 - w["distance"] * distance(t) - keep_value(action.card)
        opens = sum(1 for n in cg.NEIGHBOURS[t] if grid[names[n]] is None)
        if w["mobility"]:
            result += w["mobility"] * source_chance(action.card) * opens
        if t in cg.CORNERS:
            result += 1000.0
        return result + w["open_neighbours"] * opens

    return choose_best(legal, score, rng)


def test_the_masked_heuristic_chooses_and_draws_as_the_plain_one() -> None:
    game = get_game("cartographer")
    positions = ties = 0
    for seed in range(40):
        state = game.setup(1, seed)
        mover = random.Random(seed)
        while not game.status(state).over:
            view, legal = game.view(state, 0), game.legal_actions(state, 0)
            fast_rng, plain_rng = random.Random(positions), random.Random(positions)
            chosen = cg.heuristic_player(view, legal, fast_rng)
            assert chosen == plain_heuristic(view, legal, plain_rng), (seed, view)
            assert fast_rng.getstate() == plain_rng.getstate()  # the same lots drawn
            ties += fast_rng.getstate() != random.Random(positions).getstate()
            positions += 1
            # Half the moves the heuristic's, half random: positions of every kind.
            pick = chosen if mover.random() < 0.5 else mover.choice(legal)
            state = game.play(state, 0, pick)[0]
    assert positions > 500 and ties > 50
