"""Speiderne geometry and cards: region names, starting places, adjacency, card ids.

Rules file sections "Setup" and "Make ready an expedition" (the 14 starting places).
"""

from __future__ import annotations

from gamecore.cards import Card, card, full_deck

COLUMNS = "ABCD"
ROWS = (1, 2, 3)

#: Region names row by row, top to bottom (the index of a region in the state's grid).
REGIONS: tuple[str, ...] = tuple(f"{c}{r}" for r in ROWS for c in COLUMNS)
REGION_INDEX = {name: i for i, name in enumerate(REGIONS)}
GRID_ROWS: tuple[tuple[str, ...], ...] = tuple(tuple(f"{c}{r}" for c in COLUMNS) for r in ROWS)

#: Starting place -> the one region it touches (rules: "Decision" under "Make ready").
STARTING_PLACES: dict[str, str] = {
    **{f"{c}0": f"{c}1" for c in COLUMNS},
    **{f"{c}4": f"{c}3" for c in COLUMNS},
    **{f"L{r}": f"A{r}" for r in ROWS},
    **{f"R{r}": f"D{r}" for r in ROWS},
}


def _region_neighbours(name: str) -> tuple[str, ...]:
    col, row = COLUMNS.index(name[0]), int(name[1])
    found = []
    for dc, dr in ((0, -1), (1, 0), (0, 1), (-1, 0)):
        c, r = col + dc, row + dr
        if 0 <= c < len(COLUMNS) and r in ROWS:
            found.append(f"{COLUMNS[c]}{r}")
    return tuple(found)


#: Where an expedition standing at a place or region may move to (regions only).
NEIGHBOURS: dict[str, tuple[str, ...]] = {
    **{name: _region_neighbours(name) for name in REGIONS},
    **{place: (region,) for place, region in STARTING_PLACES.items()},
}

_DECK: tuple[Card, ...] = tuple(full_deck())
SUIT_ORDER = {"C": 0, "D": 1, "H": 2, "S": 3}
_SORT_KEYS = {str(c): (c.value, SUIT_ORDER[c.suit]) for c in _DECK}


def card_of(card_id: int) -> Card:
    """The card behind an internal id (two decks: ids 52..103 are the second copies)."""
    return _DECK[card_id % 52]


def text_of(card_id: int) -> str:
    return str(card_of(card_id))


def value_of(card_id: int) -> int:
    return card_of(card_id).value


def suit_of(card_id: int) -> str:
    return card_of(card_id).suit


def card_sort_key(text: str) -> tuple[int, int]:
    """Canonical order: by value, then suit C, D, H, S (rules file, "View")."""
    known = _SORT_KEYS.get(text)  # canonical text: looked up (every legal move is sorted)
    if known is not None:
        return known
    parsed = card(text)
    return parsed.value, SUIT_ORDER[parsed.suit]


def id_sort_key(card_id: int) -> tuple[int, int, int]:
    parsed = card_of(card_id)
    return parsed.value, SUIT_ORDER[parsed.suit], card_id


def sorted_texts(card_ids: list[int] | tuple[int, ...]) -> list[str]:
    return [text_of(i) for i in sorted(card_ids, key=id_sort_key)]
