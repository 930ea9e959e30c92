"""Worlds of the multiplayer games: the hidden cards and tiles arranged another way that agrees
with everything one seat sees (its view), for the review of Speiderne and Cartolan.

- Speiderne: the seat sees its own hand, the face-up regions, the expeditions' cards, the
  insurance and the top of the discard pile. Every other card (the other hands, the
  face-down regions, the deck, the rest of the discard pile) is dealt again at random over
  the same places and sizes, and the generator that later reshuffles the discards is
  redrawn.
- Cartolan: the tiles still in each pile and its returned discards are known together (the
  box less the tiles on the map), not their order; they are shuffled together and split
  back to the same counts. Each Advanced deck is shuffled; the generator is redrawn.

A world never reads what an unseen card is: only where unseen cards are and how many. It
may know *less* than a player who remembers every card seen go by (e.g. what past plays
showed of a hand): judging with less knowledge, never with more.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from gamecore.games.speiderne.state import Region
from gamecore.games.speiderne.state import State as SpeiderneState


def _speiderne(state: SpeiderneState, seat: int, rng: random.Random) -> SpeiderneState:
    unseen: list[int] = []
    for other, hand in enumerate(state.hands):
        if other != seat:
            unseen.extend(hand)
    unseen.extend(r.card for r in state.regions if not r.revealed)
    unseen.extend(state.deck)
    unseen.extend(state.discard[:-1])
    unseen.sort()  # where each unseen card really is must not steer the shuffle
    rng.shuffle(unseen)
    cards = iter(unseen)
    hands = tuple(
        hand if other == seat else tuple(next(cards) for _ in hand)
        for other, hand in enumerate(state.hands)
    )
    regions = tuple(r if r.revealed else Region(next(cards), False, r.by) for r in state.regions)
    deck = tuple(next(cards) for _ in state.deck)
    discard = tuple(next(cards) for _ in state.discard[:-1]) + state.discard[-1:]
    return replace(
        state, hands=hands, regions=regions, deck=deck, discard=discard, rng=rng.getrandbits(64)
    )


def _cartolan(state: Any, rng: random.Random) -> Any:
    # Imported here: only a Cartolan review needs the engine's generator.
    from gamecore.rng import Rng  # noqa: PLC0415 - only a Cartolan review needs it

    world = state.clone()
    for k in range(len(world.piles)):
        pool = sorted(
            world.piles[k] + world.discards[k]
        )  # the true order must not steer the shuffle
        rng.shuffle(pool)
        count = len(world.piles[k])
        world.piles[k], world.discards[k] = pool[:count], pool[count:]
    for name, deck in world.decks.items():
        shuffled = sorted(deck)
        rng.shuffle(shuffled)
        world.decks[name] = shuffled
    world.rng = Rng(rng.getrandbits(64))
    return world


#: The multiplayer games a review covers.
TABLE_GAMES = ("speiderne", "cartolan")


def table_world(game_id: str, state: Any, seat: int, rng: random.Random) -> Any:
    """One world for ``seat``, drawn uniformly over the arrangements described above."""
    if game_id == "speiderne":
        return _speiderne(state, seat, rng)
    if game_id == "cartolan":
        return _cartolan(state, rng)
    raise ValueError(f"no world builder for {game_id!r}")
