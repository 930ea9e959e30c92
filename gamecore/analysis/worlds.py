"""The hidden cards of a solo game, arranged in every way the player's knowledge allows.

A *world* is a full position that agrees with everything the player has seen: the face-up
cards, the hand, the discard pile and the first hand dealt. Only the face-down cards and the
order of the draw pile differ. Each world comes with a weight proportional to its
probability given what was seen:

- Dungeon Delver deals from one uniform shuffle, so every arrangement of the unseen cards
  over the face-down slots and the deck is equally likely (weight 1).
- Cartographer's Expedition deals the aces to the corners, 20 cards to the inner cells and a
  hand of four, then draws the centre at random among the *suitable* cards left (rules,
  "Setup" 5). A world whose leftover cards hold ``k`` suitable cards made the centre seen
  with probability ``1/k``: its weight is ``1/k`` (with no centre: 1 if ``k`` is 0, else 0).

Nothing here reads the true positions of unseen cards: a world is built from the view
(:func:`seen`), the counts of face-down slots and pile, and the first hand.
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from typing import Any

from gamecore.cards import Card, full_deck
from gamecore.games import cartographer as carto
from gamecore.games import dungeon_delver as delver

_DECK = full_deck()


@dataclass(frozen=True, slots=True)
class Knowledge:
    """What the player knows at one decision: the position with its unseen cards still in
    place (only their slots and counts are used) and the first hand dealt."""

    state: Any
    first_hand: tuple[Card, ...]


def _unseen_cards(visible: set[Card]) -> list[Card]:
    return [c for c in _DECK if c not in visible]


def _carto_slots(state: carto.CartographerState) -> tuple[list[int], list[int], set[Card]]:
    """Face-down corners, face-down inner cells, and the cards the player has seen."""
    visible = set(state.hand) | set(state.discard)
    corners, inner = [], []
    for index, cell in enumerate(state.cells):
        if cell is None:
            continue
        if (state.face_up >> index) & 1:
            visible.add(cell)
        elif index in carto.CORNERS:
            corners.append(index)
        else:
            inner.append(index)
    return corners, inner, visible


def _carto_weight(cells: Sequence[Card | None], first_hand: Sequence[Card]) -> float:
    inner = {cells[i] for i in carto.INNER_CELLS}
    left = [c for c in _DECK if c.rank != "A" and c not in inner and c not in first_hand]
    suitable = sum(1 for c in left if carto.is_suitable_centre(c, first_hand))
    if cells[carto.CENTRE] is None:
        return 1.0 if suitable == 0 else 0.0
    return 1.0 / suitable


def _carto_world(
    know: Knowledge, aces: Sequence[Card], others: Sequence[Card]
) -> tuple[carto.CartographerState, float]:
    state = know.state
    corners, inner, _ = _carto_slots(state)
    cells = list(state.cells)
    for index, card in zip(corners, aces, strict=True):
        cells[index] = card
    for index, card in zip(inner, others, strict=False):
        cells[index] = card
    pile = tuple(others[len(inner) :])
    return replace(state, cells=tuple(cells), pile=pile), _carto_weight(cells, know.first_hand)


def _carto_unseen(know: Knowledge) -> tuple[list[Card], list[Card]]:
    _, _, visible = _carto_slots(know.state)
    unseen = _unseen_cards(visible)
    return [c for c in unseen if c.rank == "A"], [c for c in unseen if c.rank != "A"]


def _delver_slots(state: delver.DelverState) -> tuple[list[int], set[Card]]:
    visible = set(state.hand) | set(state.discard)
    hidden = []
    for index, slot in enumerate(state.slots):
        if slot is None:
            continue
        if (state.face_up >> index) & 1:
            visible.add(slot)
        else:
            hidden.append(index)
    return hidden, visible


def _delver_world(know: Knowledge, unseen: Sequence[Card]) -> tuple[delver.DelverState, float]:
    state = know.state
    hidden, _ = _delver_slots(state)
    slots = list(state.slots)
    for index, card in zip(hidden, unseen, strict=False):
        slots[index] = card
    return replace(state, slots=tuple(slots), deck=tuple(unseen[len(hidden) :])), 1.0


def world_count(game_id: str, know: Knowledge) -> int:
    """How many arrangements of the unseen cards there are (before weights)."""
    if game_id == "cartographer":
        aces, others = _carto_unseen(know)
        return math.factorial(len(aces)) * math.factorial(len(others))
    _, visible = _delver_slots(know.state)
    return math.factorial(len(_unseen_cards(visible)))


def sample_world(game_id: str, know: Knowledge, rng: random.Random) -> tuple[Any, float]:
    """One world drawn uniformly over arrangements, with its weight."""
    if game_id == "cartographer":
        aces, others = _carto_unseen(know)
        rng.shuffle(aces)
        rng.shuffle(others)
        return _carto_world(know, aces, others)
    _, visible = _delver_slots(know.state)
    unseen = _unseen_cards(visible)
    rng.shuffle(unseen)
    return _delver_world(know, unseen)


def all_worlds(game_id: str, know: Knowledge) -> Iterator[tuple[Any, float]]:
    """Every world, each arrangement once (use when :func:`world_count` is small)."""
    if game_id == "cartographer":
        aces, others = _carto_unseen(know)
        for ace_order in itertools.permutations(aces):
            for order in itertools.permutations(others):
                yield _carto_world(know, ace_order, order)
        return
    _, visible = _delver_slots(know.state)
    for order in itertools.permutations(_unseen_cards(visible)):
        yield _delver_world(know, order)
