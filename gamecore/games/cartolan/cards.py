"""Advanced-mode cards: Cadre, Character and Manuscript decks and their effects (rules §11;
classic Advanced per binding decision 9: Characters as named Adventurers, Manuscripts as the
Technology/Discovery deck with one Sickness and two Season cards).

A card is an int id into ``CARDS``; an Adventurer's effects are counted in ``Adventurer.buffs``.
"""

from __future__ import annotations

from dataclasses import dataclass

from gamecore.games.cartolan import draws
from gamecore.games.cartolan.state import Adventurer, State


@dataclass(frozen=True, slots=True)
class CardType:
    deck: str  # "cadre", "character", "manuscript", "sickness", "season"
    effect: str  # e.g. "downwind"; "" for sickness/season
    name: str


#: Effects that add up when held twice; the others are one-off (§11.1 "boost" vs "new").
BOOSTS = frozenset({"defence", "downwind", "upwind", "maps"})

_CHARACTERS = (
    ("agents", "Jan van Jansen"),
    ("attack", "Sinan the Exile"),
    ("bank", "Ibn Awza"),
    ("damage", "Captain Baker"),
    ("defence", "Gregory Gander"),
    ("defence", "Queen Shi"),
    ("downwind", "Ferdinand Fetichero"),
    ("downwind", "General He"),
    ("upwind", "Seekagaway"),
    ("upwind", "Marco Afanasy Tabakin"),
    ("maps", "Ragnar the Red"),
    ("maps", "Mapaia"),
    ("rewards", "Christina Americi"),
    ("freerests", "Ewo Mekelle"),
)
_MANUSCRIPTS = (
    ("agents", "Contracts"),
    ("attack", "Atlatl"),
    ("bank", "Networks"),
    ("damage", "Guided Fire"),
    ("defence", "Scalemail"),
    ("defence", "Scalemail"),
    ("downwind", "Sea Kite"),
    ("downwind", "Sea Kite"),
    ("downwind", "Water Wing"),
    ("downwind", "Water Wing"),
    ("upwind", "Pentatonics"),
    ("upwind", "Pentatonics"),
    ("upwind", "Rhapsody"),
    ("upwind", "Rhapsody"),
    ("maps", "Spyglass"),
    ("maps", "Chronometer"),
    ("maps", "Compass"),
    ("maps", "Typometry"),
    ("rewards", "Rhumb Tattoos"),
    ("freerests", "Fermented Tea"),
)
_CADRES = (
    ("rests", "Intrepid Academy"),
    ("transfers", "Great Company"),
    ("earning", "Merchants' Guild"),
    ("arrest", "Harbour Authority"),
    ("refurnish", "Privateer Brethren"),
    ("pool", "Order of the Lightbrary"),
)

CARDS: tuple[CardType, ...] = (
    tuple(CardType("character", e, n) for e, n in _CHARACTERS)
    + tuple(CardType("manuscript", e, n) for e, n in _MANUSCRIPTS)
    + tuple(CardType("cadre", e, n) for e, n in _CADRES)
    + (
        CardType("sickness", "", "Sickness"),
        CardType("season", "", "Season"),
        CardType("season", "", "Season"),
    )
)


def deck_ids(deck: str) -> list[int]:
    return [i for i, card in enumerate(CARDS) if card.deck == deck]


#: Effects that need a mechanic only ``modern`` has (chest maps, a reward per neighbour):
#: left out of the classic decks, so no card that does nothing is drawn (decision 12j).
MODERN_ONLY = frozenset({"maps", "rewards"})


def initial_decks(preset: str) -> dict[str, list[int]]:
    """modern: three decks; classic: Characters (named Adventurers) and the Discovery deck,
    both without the modern-only effects."""
    if preset == "modern":
        return {
            "cadre": deck_ids("cadre"),
            "character": deck_ids("character"),
            "manuscript": deck_ids("manuscript"),
        }
    technology = [c for c in deck_ids("manuscript") if CARDS[c].effect not in MODERN_ONLY]
    discovery = technology + deck_ids("sickness") + deck_ids("season")
    named = [c for c in deck_ids("character") if CARDS[c].effect not in MODERN_ONLY]
    return {"character": named, "discovery": discovery}


def is_technology(card_id: int) -> bool:
    """A Manuscript (modern) or Technology card (classic): the cards that can be stolen, and
    in classic the ones of which only the equipped one works."""
    return CARDS[card_id].deck == "manuscript"


def is_active(adv: Adventurer, card_id: int, equip: bool) -> bool:
    """Whether a held card's effect applies now: not taken this turn (§11.2 +freerests), and
    with the equip rule (classic, decision 12j) a Technology card only while equipped."""
    if card_id in adv.new_cards:
        return False
    return not equip or card_id == adv.equipped or not is_technology(card_id)


def recompute(adv: Adventurer, equip: bool) -> None:
    """Count the active effects of an Adventurer's cards (``is_active``)."""
    buffs: dict[str, int] = {}
    for card_id in adv.cards:
        if is_active(adv, card_id, equip):
            effect = CARDS[card_id].effect
            buffs[effect] = buffs.get(effect, 0) + 1
    adv.buffs = buffs


def buff(adv: Adventurer, effect: str) -> int:
    return adv.buffs.get(effect, 0)


def cadre(state: State, seat: int) -> str:
    """The effect of the seat's Cadre card ("" without one, or outside Advanced)."""
    if not state.cadre:
        return ""
    card_id = state.cadre[seat]
    return CARDS[card_id].effect if card_id >= 0 else ""


def one_off_held(adv: Adventurer) -> set[str]:
    return {CARDS[c].effect for c in adv.cards if CARDS[c].effect not in BOOSTS}


def sample(state: State, pool: list[int], count: int) -> list[int]:
    """``count`` distinct random cards of ``pool`` (fewer when it runs low, §14.3.2)."""
    chosen: list[int] = []
    candidates = pool[:]
    for _ in range(min(count, len(candidates))):
        chosen.append(candidates.pop(draws.below(state.rng, len(candidates))))
    return chosen


def describe(card_id: int) -> dict[str, object]:
    card = CARDS[card_id]
    return {"id": card_id, "deck": card.deck, "effect": card.effect, "name": card.name}
