"""Cartographer's Expedition: the solo 5x5 grid game (rules: ``docs/games/cartographer.md``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from gamecore.cards import COURT_RANKS, SUITS, Card, full_deck
from gamecore.contract import Event, Game, IllegalAction, Status
from gamecore.games._solo_common import (
    card_from_string,
    cards_from_strings,
    cards_to_strings,
    check_solo_players,
    choose_best,
    closing_lines,
    notation_error,
    parse_card_token,
)
from gamecore.games.solo_presentation import CartographerPresentation
from gamecore.registry import register
from gamecore.rng import Rng

COLUMNS = "ABCDE"
ROWS = "12345"
#: Cell names in reading order: index = row * 5 + column (A1 = 0, E1 = 4, C3 = 12, E5 = 24).
CELL_NAMES: tuple[str, ...] = tuple(c + r for r in ROWS for c in COLUMNS)
CELL_INDEX: dict[str, int] = {name: i for i, name in enumerate(CELL_NAMES)}
CORNERS: tuple[int, ...] = (0, 4, 20, 24)
CORNER_MASK = sum(1 << i for i in CORNERS)
CENTRE = 12
#: The 20 cells dealt face-down at setup, in reading order.
INNER_CELLS: tuple[int, ...] = tuple(i for i in range(25) if i not in CORNERS and i != CENTRE)


def _neighbours(index: int) -> tuple[int, ...]:
    row, col = divmod(index, 5)
    found = []
    for dr, dc in ((-1, 0), (0, -1), (0, 1), (1, 0)):
        r, c = row + dr, col + dc
        if 0 <= r < 5 and 0 <= c < 5:
            found.append(r * 5 + c)
    return tuple(found)


NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(_neighbours(i) for i in range(25))

REVEAL_FORM = "reveal <face-up cell> <hand card> <face-down cell> (e.g. reveal C3 7H C2)"
EXCHANGE_FORM = "exchange <hand card> (e.g. exchange 7H)"
EXPECTED_FORMS = f"{REVEAL_FORM} or {EXCHANGE_FORM}"


@dataclass(frozen=True, slots=True)
class Reveal:
    """Action A: use hand card ``card`` on face-up ``source`` to turn face-down ``target``."""

    source: str
    card: Card
    target: str


@dataclass(frozen=True, slots=True)
class Exchange:
    """Action B: discard hand card ``card`` and draw one."""

    card: Card


Action = Reveal | Exchange


@dataclass(frozen=True, slots=True)
class CartographerState:
    """A position. ``cells`` holds the 25 cards in reading order (``None``: the empty centre);
    ``face_up`` is a bit mask over cell indices; ``pile`` lists the draw pile top first."""

    cells: tuple[Card | None, ...]
    face_up: int
    hand: tuple[Card, ...]
    pile: tuple[Card, ...]
    discard: tuple[Card, ...]
    rng: int
    result: str = "playing"
    last_action: Action | None = None


# Every possible action object, built once: legal_actions only looks them up (speed matters).
_ALL_CARDS = full_deck()
_REVEALS: dict[tuple[int, Card, int], Reveal] = {
    (f, c, t): Reveal(CELL_NAMES[f], c, CELL_NAMES[t])
    for f in range(25)
    for t in NEIGHBOURS[f]
    for c in _ALL_CARDS
}
_EXCHANGES: dict[Card, Exchange] = {c: Exchange(c) for c in _ALL_CARDS}
NEIGHBOUR_MASKS: tuple[int, ...] = tuple(sum(1 << n for n in NEIGHBOURS[i]) for i in range(25))


def _subsets(mask: int) -> list[int]:
    found, sub = [], mask
    while sub:
        found.append(sub)
        sub = (sub - 1) & mask
    return found


#: Per hand card and source cell: the reveals for each set of face-down neighbours (a bit
#: mask). Keyed by ``id`` of the canonical card objects (every card in a state is one):
#: hashing a Card dataclass costs more than the rest of the lookup.
_REVEAL_GROUPS: dict[int, tuple[dict[int, tuple[Reveal, ...]], ...]] = {
    id(c): tuple(
        {
            sub: tuple(_REVEALS[f, c, t] for t in NEIGHBOURS[f] if (sub >> t) & 1)
            for sub in _subsets(NEIGHBOUR_MASKS[f])
        }
        for f in range(25)
    )
    for c in _ALL_CARDS
}
_EXCHANGE_BY_ID: dict[int, Exchange] = {id(c): _EXCHANGES[c] for c in _ALL_CARDS}
_ALL_CELLS = (1 << 25) - 1
_ALL_FACE_DOWN: dict[str, str | None] = dict.fromkeys(CELL_NAMES)


def matches(face_up_card: Card, hand_card: Card) -> bool:
    """Rules "Actions", A: a court card needs the same rank; any other card suit or rank."""
    if face_up_card.rank in COURT_RANKS:
        return hand_card.rank == face_up_card.rank
    return hand_card.suit == face_up_card.suit or hand_card.rank == face_up_card.rank


def is_suitable_centre(candidate: Card, hand: Sequence[Card]) -> bool:
    """Rules "Setup" 5: not a court card, and matching some hand card by suit or rank."""
    if candidate.rank in COURT_RANKS:
        return False
    return any(h.suit == candidate.suit or h.rank == candidate.rank for h in hand)


def _reveal_actions(state: CartographerState) -> list[Reveal]:
    """Every legal reveal (rules "Actions", A); bit masks keep this cheap for simulations."""
    up = state.face_up
    cells = state.cells
    hand = state.hand
    face_down = ~up & (_ALL_CELLS if cells[CENTRE] is not None else _ALL_CELLS & ~(1 << CENTRE))
    found: list[Reveal] = []
    remaining = up
    while remaining:
        low = remaining & -remaining
        remaining ^= low
        f = low.bit_length() - 1
        targets = NEIGHBOUR_MASKS[f] & face_down
        if not targets:
            continue
        source_card = cells[f]
        assert source_card is not None  # a face-up cell always holds a card
        rank = source_card.rank
        if rank in COURT_RANKS:
            usable = [h for h in hand if h.rank == rank]
        else:
            suit = source_card.suit
            usable = [h for h in hand if h.suit == suit or h.rank == rank]
        for h in usable:
            groups = _REVEAL_GROUPS.get(id(h))
            if groups is None:  # a card object made outside gamecore.cards: the slow path
                found.extend(
                    Reveal(CELL_NAMES[f], h, CELL_NAMES[t])
                    for t in NEIGHBOURS[f]
                    if (targets >> t) & 1
                )
            else:
                found.extend(groups[f][targets])
    return found


def _cell_index(name: str) -> int:
    index = CELL_INDEX.get(name)
    if index is None:
        raise IllegalAction(
            "unknown_cell", f"{name} is not a cell (columns A-E, rows 1-5, e.g. C3)", cell=name
        )
    return index


def _outcome(state: CartographerState) -> str:
    """Rules "End of the game", checked in this order: win, empty pile, no legal action.
    (With a card in hand and a non-empty pile an exchange is always legal.)"""
    if state.face_up & CORNER_MASK == CORNER_MASK:
        return "won"
    if not state.pile:
        return "lost"
    if not state.hand and not _reveal_actions(state):
        return "lost"
    return "playing"


class Cartographer(Game[CartographerState, Action]):
    """Reveal cards outward from the centre until the four corner aces are face-up."""

    id = "cartographer"
    name = "Cartographer's Expedition"
    min_players = 1
    max_players = 1
    headline_score = "aces"
    #: A card turned face up, drawn from the pile into the hand, or shuffled (rules "Setup").
    secret_keys = ("face_up", "hand", "pile", "rng")

    # -- setup -------------------------------------------------------------------------
    def setup(
        self, players: int, seed: int, options: Mapping[str, Any] | None = None
    ) -> CartographerState:
        """Rules "Setup" 1-6 (the centre per its Decision: hand first, then a suitable card)."""
        check_solo_players(players, "Cartographer's Expedition")
        self.resolve_options(options)
        rng = Rng(seed)
        aces = [c for c in _ALL_CARDS if c.rank == "A"]
        deck = [c for c in _ALL_CARDS if c.rank != "A"]
        rng.shuffle(deck)
        rng.shuffle(aces)
        cells: list[Card | None] = [None] * 25
        for corner, ace in zip(CORNERS, aces, strict=True):
            cells[corner] = ace
        for index, dealt in zip(INNER_CELLS, deck[:20], strict=True):
            cells[index] = dealt
        hand = tuple(deck[20:24])
        rest = deck[24:]
        suitable = [c for c in rest if is_suitable_centre(c, hand)]
        face_up = 0
        if suitable:
            centre = rng.choice(suitable)
            rest.remove(centre)
            cells[CENTRE] = centre
            face_up = 1 << CENTRE
        rng.shuffle(rest)
        return CartographerState(
            cells=tuple(cells),
            face_up=face_up,
            hand=hand,
            pile=tuple(rest),
            discard=(),
            rng=rng.state,
        )

    # -- moves -------------------------------------------------------------------------
    def legal_actions(self, state: CartographerState, player: int) -> list[Action]:
        if state.result != "playing" or player != 0:
            return []
        actions: list[Action] = list(_reveal_actions(state))
        if state.pile:
            by_id = _EXCHANGE_BY_ID
            actions.extend(by_id.get(id(h)) or Exchange(h) for h in state.hand)
        return actions

    def play(
        self, state: CartographerState, _player: int, action: Action
    ) -> tuple[CartographerState, list[Event]]:
        if isinstance(action, Reveal):
            return self._reveal(state, action)
        if isinstance(action, Exchange):
            return self._exchange(state, action)
        raise IllegalAction(
            "unknown_action", f"{action!r} is not a Cartographer move; expected {EXPECTED_FORMS}"
        )

    @staticmethod
    def _check_in_hand(state: CartographerState, hand_card: Card) -> None:
        if hand_card not in state.hand:
            raise IllegalAction(
                "not_in_hand", f"{hand_card} is not in your hand", card=str(hand_card)
            )

    def _reveal(
        self, state: CartographerState, action: Reveal
    ) -> tuple[CartographerState, list[Event]]:
        """Rules "Actions", A."""
        f = _cell_index(action.source)
        t = _cell_index(action.target)
        hand_card = action.card
        self._check_in_hand(state, hand_card)
        cells = state.cells
        up = state.face_up
        source_card = cells[f]
        if source_card is None:
            raise IllegalAction(
                "source_empty",
                f"{action.source} is empty: there is no card to start from",
                cell=action.source,
            )
        if not (up >> f) & 1:
            raise IllegalAction(
                "source_face_down",
                f"{action.source} is face-down: start from a face-up card",
                cell=action.source,
            )
        target_card = cells[t]
        if target_card is None:
            raise IllegalAction(
                "target_empty",
                f"{action.target} is empty: there is no card to reveal",
                cell=action.target,
            )
        if (up >> t) & 1:
            raise IllegalAction(
                "target_face_up", f"{action.target} is already face-up", cell=action.target
            )
        if t not in NEIGHBOURS[f]:
            raise IllegalAction(
                "not_adjacent",
                f"{action.target} is not next to {action.source} (up, down, left or right)",
                source=action.source,
                target=action.target,
            )
        if not matches(source_card, hand_card):
            if source_card.rank in COURT_RANKS:
                raise IllegalAction(
                    "court_needs_rank",
                    f"{source_card} is a court card: it needs a hand card of rank "
                    f"{source_card.rank}, and {hand_card} is not",
                    source_card=str(source_card),
                    card=str(hand_card),
                    rank=source_card.rank,
                )
            raise IllegalAction(
                "not_matching",
                f"{hand_card} does not match {source_card} (same suit or same rank needed)",
                source_card=str(source_card),
                card=str(hand_card),
            )
        events = [
            Event(
                "revealed",
                {
                    "source": action.source,
                    "card": str(hand_card),
                    "target": action.target,
                    "revealed": str(target_card),
                },
            )
        ]
        face_up = up | (1 << t)
        if t in CORNERS:
            aces = (face_up & CORNER_MASK).bit_count()
            events.append(
                Event("ace_found", {"cell": action.target, "card": str(target_card), "aces": aces})
            )
        return self._discard_and_draw(state, hand_card, face_up, action, events)

    def _exchange(
        self, state: CartographerState, action: Exchange
    ) -> tuple[CartographerState, list[Event]]:
        """Rules "Actions", B: only while the draw pile is not empty."""
        if not state.pile:
            raise IllegalAction("pile_empty", "the draw pile is empty, so you cannot exchange")
        self._check_in_hand(state, action.card)
        events = [Event("exchanged", {"card": str(action.card)})]
        return self._discard_and_draw(state, action.card, state.face_up, action, events)

    def _discard_and_draw(
        self,
        state: CartographerState,
        spent: Card,
        face_up: int,
        action: Action,
        events: list[Event],
    ) -> tuple[CartographerState, list[Event]]:
        hand = list(state.hand)
        hand.remove(spent)
        pile = state.pile
        if pile:
            drawn = pile[0]
            hand.append(drawn)
            pile = pile[1:]
            events.append(Event("drew", {"card": str(drawn), "pile": len(pile)}))
        new_hand = tuple(hand)
        provisional = CartographerState(
            state.cells,
            face_up,
            new_hand,
            pile,
            state.discard + (spent,),
            state.rng,
            "playing",
            action,
        )
        result = _outcome(provisional)
        if result == "playing":
            return provisional, events
        aces = (face_up & CORNER_MASK).bit_count()
        if result == "won":
            events.append(Event("won", {"aces": aces}))
        else:
            events.append(Event("pile_empty" if not pile else "no_moves", {}))
            events.append(Event("lost", {"aces": aces}))
        return (
            CartographerState(
                state.cells, face_up, new_hand, pile, provisional.discard, state.rng, result, action
            ),
            events,
        )

    # -- what people see ---------------------------------------------------------------
    def view(self, state: CartographerState, _viewer: int | None) -> dict[str, Any]:
        """The "View and status" keys; the hand is public (a solo game has no one to hide from)."""
        grid: dict[str, str | None] = dict(_ALL_FACE_DOWN)
        cells = state.cells
        if cells[CENTRE] is None:
            grid["C3"] = ""
        remaining = state.face_up
        while remaining:
            low = remaining & -remaining
            remaining ^= low
            index = low.bit_length() - 1
            shown = cells[index]
            assert shown is not None  # a face-up cell always holds a card
            grid[CELL_NAMES[index]] = shown.rank + shown.suit
        return {
            "grid": grid,
            "hand": cards_to_strings(state.hand),
            "pile": len(state.pile),
            "discard": cards_to_strings(state.discard),
            "no_starting_point": state.cells[CENTRE] is None,
            "status": state.result,
            "last_action": (
                None if state.last_action is None else self.format_action(state.last_action)
            ),
        }

    def status(self, state: CartographerState) -> Status:
        aces = (state.face_up & CORNER_MASK).bit_count()
        return Status(
            result=state.result,  # type: ignore[arg-type]
            to_move=(0,) if state.result == "playing" else (),
            scores=(float(aces),),
            detail={"no_starting_point": state.cells[CENTRE] is None},
        )

    def score(self, state: CartographerState) -> dict[str, Any]:
        """Rules "Score for statistics"."""
        revealed = (state.face_up & ~(1 << CENTRE)).bit_count()
        if state.result == "lost":
            end = "pile_empty" if not state.pile else "no_moves"
        else:
            end = state.result
        return {
            "score": {
                "result": state.result,
                "end": end,
                "aces": (state.face_up & CORNER_MASK).bit_count(),
                "cells_revealed": revealed,
                "pile_left": len(state.pile),
            }
        }

    def describe(self, view: dict[str, Any]) -> str:
        grid = view["grid"]
        lines = ["      " + "    ".join(COLUMNS)]
        for row in ROWS:
            shown = []
            for col in COLUMNS:
                value = grid[col + row]
                shown.append(
                    "[..]" if value is None else ("    " if value == "" else f"{value:>4}")
                )
            lines.append(f"  {row} " + " ".join(shown))
        notes = (
            ["No starting point: the centre is empty, so this deal cannot be won."]
            if view["no_starting_point"]
            else []
        )
        lines.extend(closing_lines(view, "Pile", "pile", notes))
        return "\n".join(lines)

    # -- notation ----------------------------------------------------------------------
    def parse_action(self, text: str) -> Action:
        words = text.split()
        if not words:
            raise notation_error(text, EXPECTED_FORMS, "empty move")
        verb = words[0].lower()
        if verb == "reveal":
            if len(words) != 4:
                raise notation_error(text, REVEAL_FORM, "reveal takes three parts")
            source = self._parse_cell(words[1], text)
            hand_card = parse_card_token(words[2], text, REVEAL_FORM)
            target = self._parse_cell(words[3], text)
            return Reveal(source, hand_card, target)
        if verb == "exchange":
            if len(words) != 2:
                raise notation_error(text, EXCHANGE_FORM, "exchange takes one card")
            return _EXCHANGES[parse_card_token(words[1], text, EXCHANGE_FORM)]
        raise notation_error(text, EXPECTED_FORMS, f"unknown move {words[0]!r}")

    @staticmethod
    def _parse_cell(token: str, text: str) -> str:
        name = token.upper()
        if name not in CELL_INDEX:
            raise notation_error(
                text, REVEAL_FORM, f"{token!r} is not a cell (columns A-E, rows 1-5, e.g. C3)"
            )
        return name

    def format_action(self, action: Action) -> str:
        if isinstance(action, Reveal):
            return f"reveal {action.source} {action.card} {action.target}"
        return f"exchange {action.card}"

    # -- encoding ----------------------------------------------------------------------
    def state_to_dict(self, state: CartographerState) -> dict[str, Any]:
        return {
            "cells": ["" if c is None else str(c) for c in state.cells],
            "face_up": [CELL_NAMES[i] for i in range(25) if (state.face_up >> i) & 1],
            "hand": cards_to_strings(state.hand),
            "pile": cards_to_strings(state.pile),
            "discard": cards_to_strings(state.discard),
            "rng": state.rng,
            "result": state.result,
            "last_action": (
                None if state.last_action is None else self.format_action(state.last_action)
            ),
        }

    def state_from_dict(self, data: Mapping[str, Any]) -> CartographerState:
        """Inverse of :meth:`state_to_dict`. Without ``result`` the result is worked out."""
        cells = tuple(None if text == "" else card_from_string(text) for text in data["cells"])
        if len(cells) != 25:
            raise ValueError("a Cartographer grid has 25 cells")
        face_up = 0
        for name in data.get("face_up", ()):
            face_up |= 1 << CELL_INDEX[name]
        last = data.get("last_action")
        state = CartographerState(
            cells=cells,
            face_up=face_up,
            hand=cards_from_strings(data["hand"]),
            pile=cards_from_strings(data["pile"]),
            discard=cards_from_strings(data.get("discard", ())),
            rng=int(data.get("rng", 0)),
            result="playing",
            last_action=None if last is None else self.parse_action(last),
        )
        result = data.get("result") or _outcome(state)
        return state if result == "playing" else replace(state, result=result)

    # -- computer players --------------------------------------------------------------
    def players(self) -> dict[str, Any]:
        return {"random": random_player, "heuristic": heuristic_player}


def random_player(_view: dict[str, Any], legal: Sequence[Action], rng: Any) -> Action:
    """Any legal move, uniformly."""
    chosen: Reveal | Exchange = rng.choice(legal)
    return chosen


#: Weights of the heuristic (tuned by simulation; see docs/games/cartographer.md).
WEIGHTS = {
    "distance": 10.0,
    "hidden_ace_suit": 0.5,
    "court_rank": 0.25,
    "open_neighbours": 0.5,
    "corner_source": 0.0,
    "exchange": 1000.0,
    "mobility": 40.0,
}


#: Bit of each card in a set of cards (the deck's order); a card's text to its bit.
_CARD_BIT: dict[str, int] = {str(c): 1 << i for i, c in enumerate(_ALL_CARDS)}
_NON_ACES = sum(bit for text, bit in _CARD_BIT.items() if not text.startswith("A"))
#: Per hand card's text: the set of face-up cards it may be used on (:func:`matches`).
_USABLE_ON: dict[str, int] = {
    str(h): sum(_CARD_BIT[str(u)] for u in _ALL_CARDS if matches(u, h)) for h in _ALL_CARDS
}
_CELL_BITS: tuple[tuple[str, int], ...] = tuple((name, 1 << i) for i, name in enumerate(CELL_NAMES))
_CORNER_DISTANCES: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    tuple((1 << c, abs(t // 5 - c // 5) + abs(t % 5 - c % 5)) for c in CORNERS) for t in range(25)
)


def heuristic_player(view: dict[str, Any], legal: Sequence[Action], rng: Any) -> Action:
    """The seed's tips ("Strategy notes"): head for unrevealed corners, keep hand cards that
    match many frontier cards or the suits of hidden aces, prefer reveals likely to open
    further moves, exchange only when stuck.

    Par plays this player hundreds of times a deal, so the sets it counts are bit masks
    (cells, cards) and what depends only on a hand card is worked out once per decision;
    every score is the same sum, in the same order, as the plain formulas (a test compares
    the choices and the draws with the plain version)."""
    grid = view["grid"]
    face_down = 0
    for name, bit in _CELL_BITS:
        if grid[name] is None:
            face_down |= bit
    hidden_corners = face_down & CORNER_MASK
    revealed_ace_suits = {grid[CELL_NAMES[c]][-1] for c in CORNERS if grid[CELL_NAMES[c]]}
    hidden_ace_suits = set(SUITS) - revealed_ace_suits
    # Face-up cards with a face-down neighbour, weighted up when they touch a hidden corner.
    frontier: list[tuple[float, Card]] = []
    for index, name in enumerate(CELL_NAMES):
        value = grid[name]
        if value and NEIGHBOUR_MASKS[index] & face_down:
            weight = 1.0
            if NEIGHBOUR_MASKS[index] & hidden_corners:
                weight += WEIGHTS["corner_source"]
            frontier.append((weight, card_from_string(value)))
    keep_values: dict[Card, float] = {}

    def keep_value(hand_card: Card) -> float:
        """How much a hand card is worth keeping: sources it can use, hidden-ace suits."""
        known = keep_values.get(hand_card)
        if known is not None:
            return known
        value = sum(weight for weight, source in frontier if matches(source, hand_card))
        if hand_card.suit in hidden_ace_suits:
            value += WEIGHTS["hidden_ace_suit"]
        if hand_card.rank in COURT_RANKS:
            value += WEIGHTS["court_rank"] * sum(1 for _, s in frontier if s.rank == hand_card.rank)
        keep_values[hand_card] = value
        return value

    distances: dict[int, int] = {}

    def distance_to_goal(index: int) -> int:
        known = distances.get(index)
        if known is None:
            found = [d for bit, d in _CORNER_DISTANCES[index] if bit & hidden_corners]
            known = distances[index] = min(found, default=0)
        return known

    hand_texts = view["hand"]
    seen = 0
    for text in hand_texts:
        seen |= _CARD_BIT[text]
    for text in view["discard"]:
        seen |= _CARD_BIT[text]
    for value in grid.values():
        if value:
            seen |= _CARD_BIT[value]
    unknown = _NON_ACES & ~seen
    unknown_count = unknown.bit_count()
    usable_chance: dict[str, float] = {}

    def source_chance(spent: Card) -> float:
        """Chance that a newly revealed card can be used as a source by the cards kept."""
        text = spent.rank + spent.suit
        chance = usable_chance.get(text)
        if chance is None:
            usable = 0
            for kept in hand_texts:
                if kept != text:
                    usable |= _USABLE_ON[kept]
            hits = (unknown & usable).bit_count()
            chance = usable_chance[text] = hits / unknown_count if unknown_count else 0.0
        return chance

    def action_score(action: Action) -> float:
        if not isinstance(action, Reveal):
            return 100.0 - WEIGHTS["exchange"] - keep_value(action.card)
        t = CELL_INDEX[action.target]
        score = 100.0 - WEIGHTS["distance"] * distance_to_goal(t) - keep_value(action.card)
        opens = (NEIGHBOUR_MASKS[t] & face_down).bit_count()
        if WEIGHTS["mobility"]:
            score += WEIGHTS["mobility"] * source_chance(action.card) * opens
        if t in CORNERS:
            score += 1000.0
        # A target touching several face-down cells opens more ways forward.
        score += WEIGHTS["open_neighbours"] * opens
        return score

    return choose_best(legal, action_score, rng)


GAME = register(
    Cartographer(),
    information="hidden",
    chance=True,
    pictures="renderer.cartographer",
    presentation=CartographerPresentation("cartographer"),
)

__all__ = [
    "GAME",
    "Cartographer",
    "CartographerState",
    "Exchange",
    "Reveal",
    "heuristic_player",
    "matches",
    "random_player",
]
