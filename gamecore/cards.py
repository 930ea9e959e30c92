"""Standard 52-card deck: cards as small value objects with rank+suit notation (``10H``, ``AS``)."""

from __future__ import annotations

from dataclasses import dataclass

from gamecore.contract import IllegalAction

RANKS: tuple[str, ...] = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS: tuple[str, ...] = ("S", "H", "D", "C")
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
COURT_RANKS = frozenset({"10", "J", "Q", "K"})
#: Rank values where the ace is high (Dungeon Delver, Speiderne).
ACE_HIGH_VALUE = {r: v for v, r in enumerate(RANKS[1:] + ("A",), start=2)}


@dataclass(frozen=True, slots=True, order=True)
class Card:
    rank: str
    suit: str

    def __str__(self) -> str:
        return self.rank + self.suit

    @property
    def is_court(self) -> bool:
        return self.rank in COURT_RANKS

    @property
    def value(self) -> int:
        """Ace-high value: 2..10, J=11, Q=12, K=13, A=14."""
        return ACE_HIGH_VALUE[self.rank]

    @property
    def symbol(self) -> str:
        return self.rank + SUIT_SYMBOLS[self.suit]


_ALL = {f"{r}{s}": Card(r, s) for r in RANKS for s in SUITS}


def full_deck() -> list[Card]:
    """The 52 cards in a fixed order (spades, hearts, diamonds, clubs; A..K)."""
    return [_ALL[f"{r}{s}"] for s in SUITS for r in RANKS]


def card(text: str) -> Card:
    """Parse a card: case-insensitive, ``T`` accepted for ten, suit symbols accepted."""
    exact = _ALL.get(text)  # canonical text (as games format it): nothing to clean
    if exact is not None:
        return exact
    cleaned = text.strip().upper()
    for suit, symbol in SUIT_SYMBOLS.items():
        cleaned = cleaned.replace(symbol, suit)
    if cleaned[:1] == "T":
        cleaned = "10" + cleaned[1:]
    found = _ALL.get(cleaned)
    if found is None:
        raise IllegalAction(
            "notation_card",
            f"{text.strip()!r} is not a card (write it like AS, 10H, TD, QC)",
            text=text.strip(),
        )
    return found
