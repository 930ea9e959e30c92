"""Computer players for Speiderne; each sees only its own seat's view."""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from typing import Any

from gamecore.cards import card

from .actions import Action
from .board import NEIGHBOURS, STARTING_PLACES


def random_player(_view: dict[str, Any], legal: Sequence[Action], rng: Any) -> Action:
    """Any legal move, uniformly."""
    chosen: Action = rng.choice(list(legal))
    return chosen


def _value(text: str) -> int:
    return card(text).value


def _steps_to_undiscovered(_view: dict[str, Any], start: str) -> dict[str, int]:
    """Moves needed from ``start`` to each region (breadth first over regions)."""
    distance = {start: 0}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        for nxt in NEIGHBOURS[here]:
            if nxt not in distance:
                distance[nxt] = distance[here] + 1
                queue.append(nxt)
    return distance


def _undiscovered(view: dict[str, Any]) -> set[str]:
    return {name for name, r in view["regions"].items() if r["by"] is None}


def _best_move(view: dict[str, Any], moves: list[Action]) -> Action | None:
    """The move that brings an expedition closest to an undiscovered region."""
    targets = _undiscovered(view)
    if not targets:
        return None
    sizes = {e["id"]: e["count"] for e in view["expeditions"]}
    best: tuple[int, int, str, str] | None = None
    chosen = None
    for move in moves:
        distance = _steps_to_undiscovered(view, move.target)
        nearest = min((distance[t] for t in targets if t in distance), default=99)
        key = (nearest, -sizes.get(move.expedition, 0), move.expedition, move.target)
        if best is None or key < best:
            best, chosen = key, move
    return chosen


def heuristic_player(view: dict[str, Any], legal: Sequence[Action], _rng: Any) -> Action:
    """Defend cheaply, fund with the lowest card, explore, form expeditions, else draw."""
    by_kind: dict[str, list[Action]] = {}
    for action in legal:
        by_kind.setdefault(action.kind, []).append(action)
    for kind in ("defend", "fund"):
        if kind in by_kind:
            paying = [a for a in by_kind[kind] if a.cards]
            if paying:
                return min(paying, key=lambda a: (_value(a.cards[0]), a.cards[0]))
            return by_kind[kind][0]
    hand = view.get("hand", [])
    moves = by_kind.get("move", [])
    if moves and hand:
        move = _best_move(view, moves)
        if move is not None:
            return move
    readies = by_kind.get("ready", [])
    if readies:
        undiscovered = _undiscovered(view)
        near = [a for a in readies if STARTING_PLACES[a.target] in undiscovered] or readies
        return min(near, key=lambda a: (sum(_value(c) for c in a.cards), a.cards, a.target))
    if "draw_deck" in by_kind:
        return by_kind["draw_deck"][0]
    draws = by_kind.get("draw_insurance", [])
    if draws:
        return max(draws, key=lambda a: (len(a.cards), sum(_value(c) for c in a.cards)))
    if moves:
        return moves[0]
    return legal[0]


PLAYERS = {"random": random_player, "heuristic": heuristic_player}
