"""Dungeon Delver's heuristic counts with bit masks (for the review's and par's speed): the
counts and scores are those of the plain set computation, position by position."""

from __future__ import annotations

import random

from gamecore.cards import full_deck
from gamecore.games import dungeon_delver as dd
from gamecore.registry import get_game
from gamecore.simulate import available_players

#: Per level, target -> the cards that beat it, and challenger -> the cards it beats, as
#: the rules' ``beats`` says (not the module's own tables).
NAMES = [str(card) for card in full_deck()]
BEATEN_BY = [
    {str(t): frozenset(str(c) for c in full_deck() if dd.beats(level, c, t)) for t in full_deck()}
    for level in range(1, 5)
]
BEATS = [
    {str(c): frozenset(str(t) for t in full_deck() if dd.beats(level, c, t)) for c in full_deck()}
    for level in range(1, 5)
]


def plain_counts(view) -> tuple[list[int], list[dict[str, int]], dict[str, float]]:
    """The counts as sets say them: unknown cards some hand card beats, those only one
    hand card beats, and each card's usefulness."""
    adv = dd.DelverAdvisor(view)
    hand = frozenset(view["hand"])
    beatable, only_by = [0, 0, 0, 0], [{}, {}, {}, {}]
    for level, by in enumerate(BEATEN_BY):
        for u in adv.unknown:
            beaters = by[u] & hand
            if beaters:
                beatable[level] += 1
                if len(beaters) == 1:
                    (only,) = beaters
                    only_by[level][only] = only_by[level].get(only, 0) + 1
    useful = {}
    for name in NAMES:
        value = 0.0
        for level in range(4):
            if adv.remaining[level] == 0:
                continue
            beaten = BEATS[level][name]
            for target in beaten & adv.targets[level]:
                value += adv.answer_value(level, target)
            if adv.face_down[level] and adv.unknown:
                value += (
                    len(beaten & adv.unknown)
                    / len(adv.unknown)
                    * adv.face_down[level]
                    * dd.WEIGHTS["face_down_share"]
                )
        useful[name] = value
    return beatable, only_by, useful


def test_mask_counts_equal_the_set_counts_over_whole_games() -> None:
    game = get_game("dungeon-delver")
    players = available_players(game)
    checked = 0
    for seed in range(1, 13):
        state, rng = game.setup(1, seed), random.Random(seed)
        player = players["heuristic" if seed % 2 else "random"]
        while not game.status(state).over:
            view, legal = game.view(state, 0), game.legal_actions(state, 0)
            adv = dd.DelverAdvisor(view)
            beatable, only_by, useful = plain_counts(view)
            assert adv.beatable == beatable and adv.only_by == only_by
            assert {name: adv.usefulness(name) for name in NAMES} == useful
            checked += 1
            state = game.apply(state, 0, player(view, legal, rng))[0]
    assert checked > 200
