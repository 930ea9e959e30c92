"""Speiderne moves and their notation (rules file, "A turn" and "View": canonical notation)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from gamecore.cards import card
from gamecore.contract import IllegalAction

from .board import card_sort_key

EXPECTED_FORMS = (
    "draw deck | draw insurance 7H | draw insurance 7H KS | ready 2C 9C QC at B0 | "
    "move E1 to B1 | defend 9D | defend none | fund E1 4S | fund E1 none | pass"
)

_EXPEDITION = re.compile(r"^E(\d{1,3})$")
_PLACE = re.compile(r"^[A-Z][0-9]$")


@dataclass(frozen=True, slots=True)
class Action:
    """One move. ``cards`` are card texts in canonical order; ``none`` answers are ``()``."""

    kind: str  # draw_deck, draw_insurance, ready, move, pass, defend, fund
    cards: tuple[str, ...] = ()
    expedition: str = ""
    target: str = ""


def _canonical_cards(texts: list[str]) -> tuple[str, ...]:
    return tuple(sorted(texts, key=card_sort_key))


def _notation_error(text: str, hint: str) -> IllegalAction:
    return IllegalAction(
        "notation",
        f"cannot read {text!r}: {hint}; write one of: {EXPECTED_FORMS}",
        text=text,
        hint=hint,
        expected=EXPECTED_FORMS,
    )


def _card_text(token: str, whole: str) -> str:
    try:
        return str(card(token))
    except IllegalAction:
        raise _notation_error(whole, f"{token!r} is not a card (like 7H, 10S, TD, QC)") from None


def _expedition(token: str, whole: str) -> str:
    match = _EXPEDITION.match(token)
    if not match:
        raise _notation_error(whole, f"{token!r} is not an expedition (like E1)")
    return f"E{int(match.group(1))}"


def _place(token: str, whole: str) -> str:
    if not _PLACE.match(token):
        raise _notation_error(whole, f"{token!r} is not a region or place (like B1, A0, L2)")
    return token


def parse_action(text: str) -> Action:
    """An action from its notation; case-insensitive, ``T`` for ten."""
    whole = text.strip()
    words = whole.upper().split()
    if not words:
        raise _notation_error(whole, "the move is empty")
    verb, rest = words[0], words[1:]
    if verb == "PASS" and not rest:
        return Action("pass")
    if verb == "DRAW":
        if rest == ["DECK"]:
            return Action("draw_deck")
        if rest[:1] == ["INSURANCE"] and len(rest) in (2, 3):
            return Action(
                "draw_insurance", _canonical_cards([_card_text(t, whole) for t in rest[1:]])
            )
        raise _notation_error(whole, "draw takes 'deck' or 'insurance' and one or two cards")
    if verb == "READY":
        if len(rest) == 5 and rest[3] == "AT":
            cards = _canonical_cards([_card_text(t, whole) for t in rest[:3]])
            return Action("ready", cards, target=_place(rest[4], whole))
        raise _notation_error(whole, "ready takes three cards, 'at' and a starting place")
    if verb == "MOVE":
        if len(rest) == 3 and rest[1] == "TO" or len(rest) == 2:
            return Action(
                "move", expedition=_expedition(rest[0], whole), target=_place(rest[-1], whole)
            )
        raise _notation_error(whole, "move takes an expedition, 'to' and a region")
    if verb == "DEFEND" and len(rest) == 1:
        if rest[0] == "NONE":
            return Action("defend")
        return Action("defend", (_card_text(rest[0], whole),))
    if verb == "FUND" and len(rest) == 2:
        expedition = _expedition(rest[0], whole)
        if rest[1] == "NONE":
            return Action("fund", expedition=expedition)
        return Action("fund", (_card_text(rest[1], whole),), expedition=expedition)
    raise _notation_error(whole, f"unknown move {words[0].lower()!r}")


def format_action(action: Action) -> str:
    """Canonical notation (lower-case words, upper-case cards and places)."""
    cards = " ".join(_canonical_cards(list(action.cards)))
    match action.kind:
        case "draw_deck":
            return "draw deck"
        case "draw_insurance":
            return f"draw insurance {cards}"
        case "ready":
            return f"ready {cards} at {action.target}"
        case "move":
            return f"move {action.expedition} to {action.target}"
        case "pass":
            return "pass"
        case "defend":
            return f"defend {cards or 'none'}"
        case "fund":
            return f"fund {action.expedition} {cards or 'none'}"
    raise ValueError(f"unknown action kind {action.kind!r}")
