"""Small helpers shared by the two solo card games (Cartographer, Dungeon Delver)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any, TypeVar

from gamecore.cards import Card, card, full_deck
from gamecore.contract import IllegalAction


def notation_error(text: str, expected: str, problem: str = "") -> IllegalAction:
    """The ``notation`` error: what was wrong (if known) and the form the game expects."""
    lead = f"{problem}; " if problem else f"cannot read {text.strip()!r}; "
    return IllegalAction(
        "notation", f"{lead}expected {expected}", text=text.strip(), expected=expected
    )


def parse_card_token(token: str, text: str, expected: str) -> Card:
    """A card from one token of a move; a bad card is a ``notation`` error naming the form."""
    try:
        return card(token)
    except IllegalAction:
        raise notation_error(
            text, expected, f"{token!r} is not a card (write cards like AS, 10H, TD, QC)"
        ) from None


_ActionT = TypeVar("_ActionT")


def check_solo_players(players: int, game_name: str) -> None:
    """Refuse a setup for any number of players but one: these are solo games."""
    if players != 1:
        raise IllegalAction("players", f"{game_name} is a solo game (1 player)")


def cards_to_strings(cards: Iterable[Card]) -> list[str]:
    """Card texts (``rank + suit`` inline: views are built at every step of a simulation)."""
    return [c.rank + c.suit for c in cards]


_BY_TEXT: dict[str, Card] = {str(c): c for c in full_deck()}


def card_from_string(text: str) -> Card:
    """A card from canonical text (fast path), or any form :func:`card` reads."""
    found = _BY_TEXT.get(text)
    return found if found is not None else card(text)


def cards_from_strings(texts: Sequence[str]) -> tuple[Card, ...]:
    return tuple(card_from_string(t) for t in texts)


def card_list_text(cards: Iterable[Card]) -> str:
    """Cards joined by spaces, for event data and terminal boards."""
    return " ".join(str(c) for c in cards)


def closing_lines(
    view: dict[str, Any], pile_label: str, pile_key: str, notes: Sequence[str] = ()
) -> list[str]:
    """The last lines of a solo text board: hand, draw pile and discard, ``notes``, the last
    move (if any) and the status."""
    lines = [f"Hand: {' '.join(view['hand']) or '-'}"]
    top = view["discard"][-1] if view["discard"] else "-"
    lines.append(f"{pile_label}: {view[pile_key]}   Discard: {len(view['discard'])} (top {top})")
    lines.extend(notes)
    if view["last_action"]:
        lines.append(f"Last move: {view['last_action']}")
    lines.append(f"Status: {view['status']}")
    return lines


def choose_best(
    legal: Sequence[_ActionT], score: Callable[[_ActionT], float], rng: Any
) -> _ActionT:
    """The best-scoring action; ties (within 1e-9) are broken by ``rng``, which is consulted
    only when there is a tie so that untied choices leave the generator alone."""
    best: list[_ActionT] = []
    best_score = float("-inf")
    for action in legal:
        value = score(action)
        if value > best_score + 1e-9:
            best, best_score = [action], value
        elif abs(value - best_score) <= 1e-9:
            best.append(action)
    return best[0] if len(best) == 1 else rng.choice(best)
