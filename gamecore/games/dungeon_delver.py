"""Dungeon Delver: the solo four-level dungeon card game (rules: ``docs/games/dungeon-delver.md``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from gamecore.cards import SUIT_SYMBOLS, Card, full_deck
from gamecore.contract import Event, Game, IllegalAction, Status
from gamecore.games._solo_common import (
    card_from_string,
    card_list_text,
    cards_from_strings,
    cards_to_strings,
    check_solo_players,
    choose_best,
    closing_lines,
    notation_error,
    parse_card_token,
)
from gamecore.games.solo_presentation import DelverPresentation
from gamecore.registry import register
from gamecore.rng import Rng

LEVELS = 4
POSITIONS = 4
#: Suit value (rules "Values"): clubs 1, diamonds 2, hearts 3, spades 4.
SUIT_VALUE = {"C": 1, "D": 2, "H": 3, "S": 4}
DRAW_COUNT = 2

EXPLORE_FORM = "explore <level 1-4> <hand card> (e.g. explore 2 7H)"
SUBDUE_FORM = "subdue <hand card> <level 1-4> <position 1-4> (e.g. subdue 7H 2 4)"
CLAIM_FORM = "claim <level 1-4> (e.g. claim 3)"
EXPECTED_FORMS = f"{EXPLORE_FORM}, {SUBDUE_FORM} or {CLAIM_FORM}"


@dataclass(frozen=True, slots=True)
class Explore:
    """Discard ``card`` to turn the rightmost face-down card of ``level`` face-up."""

    level: int
    card: Card


@dataclass(frozen=True, slots=True)
class Subdue:
    """Challenge the face-up card at ``level``/``position`` with hand card ``card``."""

    card: Card
    level: int
    position: int


@dataclass(frozen=True, slots=True)
class Claim:
    """Take the reward (draw 2) of the emptied ``level``."""

    level: int


Action = Explore | Subdue | Claim


@dataclass(frozen=True, slots=True)
class DelverState:
    """A position. ``slots`` holds the 16 level cards, level 1 first, positions left to
    right (index = (level-1)*4 + position-1; ``None``: removed); ``face_up`` is a bit mask
    over slot indices; ``claimed`` a bit mask over levels (bit 0 = level 1); ``deck`` lists
    the deck top first; ``steps`` counts the actions taken."""

    slots: tuple[Card | None, ...]
    face_up: int
    hand: tuple[Card, ...]
    deck: tuple[Card, ...]
    discard: tuple[Card, ...]
    claimed: int
    steps: int
    rng: int
    result: str = "playing"
    last_action: Action | None = None


_ALL_CARDS = full_deck()
_EXPLORES = {(level, c): Explore(level, c) for level in range(1, 5) for c in _ALL_CARDS}
_SUBDUES = {
    (c, level, pos): Subdue(c, level, pos)
    for c in _ALL_CARDS
    for level in range(1, 5)
    for pos in range(1, 5)
}
_CLAIMS = {level: Claim(level) for level in range(1, 5)}
_LEVEL_SLOTS = tuple(tuple(range((level - 1) * 4, level * 4)) for level in range(1, 5))


def beats(level: int, challenger: Card, target: Card) -> bool:
    """Rules "Subdue": does the challenger win on ``level``? The wrap-around only *adds*
    a winning pair (Decision): clubs also beat spades on level 1, a 2 also beats an ace on
    level 2."""
    if level == 1:
        ch, tg = SUIT_VALUE[challenger.suit], SUIT_VALUE[target.suit]
        return ch > tg or (ch == 1 and tg == 4)
    if level == 2:
        ch, tg = challenger.value, target.value
        return ch > tg or (ch == 2 and tg == 14)
    if level == 3:
        return challenger.suit == target.suit
    return challenger.rank == target.rank


def rightmost_face_down(state: DelverState, level: int) -> int | None:
    """Rules "Explore": the slot index of the rightmost face-down card of ``level``, skipping
    removed (empty) positions and face-up cards; ``None`` when there is none."""
    for index in reversed(_LEVEL_SLOTS[level - 1]):
        if state.slots[index] is not None and not (state.face_up >> index) & 1:
            return index
    return None


def level_cleared(state: DelverState, level: int) -> bool:
    # A level's four slots lie side by side; a Card is always true, a removed slot None.
    return not any(state.slots[(level - 1) * 4 : level * 4])


def pending_claims(state: DelverState) -> list[Claim]:
    """Cleared levels whose reward was not taken yet."""
    return [
        _CLAIMS[level]
        for level in range(1, 5)
        if not (state.claimed >> (level - 1)) & 1 and level_cleared(state, level)
    ]


_EXPLORES_BY_CARD = {c: tuple(_EXPLORES[level, c] for level in range(1, 5)) for c in _ALL_CARDS}
_SUBDUES_BY_CARD = {
    c: tuple(_SUBDUES[c, index // 4 + 1, index % 4 + 1] for index in range(16)) for c in _ALL_CARDS
}


def _face_down_levels(state: DelverState) -> list[int]:
    """0-based levels that still hold a face-down card."""
    slots, up = state.slots, state.face_up
    return [
        level
        for level, indices in enumerate(_LEVEL_SLOTS)
        if any(slots[i] is not None and not (up >> i) & 1 for i in indices)
    ]


def _legal(state: DelverState) -> list[Action]:
    slots, up, hand = state.slots, state.face_up, state.hand
    actions: list[Action] = []
    if hand:
        levels = _face_down_levels(state)
        if levels:
            for h in hand:
                explores = _EXPLORES_BY_CARD[h]
                actions.extend(explores[level] for level in levels)
    for index in range(16):
        target = slots[index]
        if target is None or not (up >> index) & 1:
            continue
        level = index // 4 + 1
        actions.extend(_SUBDUES_BY_CARD[h][index] for h in hand if beats(level, h, target))
    actions.extend(pending_claims(state))
    return actions


def _has_legal(state: DelverState) -> bool:
    """Whether any action is legal (the loss test; cheaper than listing them)."""
    if state.hand and _face_down_levels(state):
        return True
    slots, up, hand = state.slots, state.face_up, state.hand
    for index in range(16):
        target = slots[index]
        if target is not None and (up >> index) & 1:
            level = index // 4 + 1
            if any(beats(level, h, target) for h in hand):
                return True
    return bool(pending_claims(state))


def _outcome(state: DelverState) -> str:
    """Rules "End of the game": win first (all 16 removed), then loss (no legal action)."""
    if all(c is None for c in state.slots):
        return "won"
    if not _has_legal(state):
        return "lost"
    return "playing"


def _check_level(level: int) -> None:
    if not isinstance(level, int) or not 1 <= level <= LEVELS:
        raise IllegalAction(
            "unknown_level", f"there is no level {level} (levels are 1-4)", level=level
        )


def _check_in_hand(state: DelverState, hand_card: Card) -> None:
    if hand_card not in state.hand:
        raise IllegalAction("not_in_hand", f"{hand_card} is not in your hand", card=str(hand_card))


def _challenge_refusal(level: int, challenger: Card, target: Card) -> IllegalAction:
    """Why a challenge fails, in the terms of the level's comparison."""
    params = {"card": str(challenger), "target": str(target), "level": level}
    if level == 1:
        return IllegalAction(
            "suit_not_higher",
            f"{challenger} does not beat {target} on level 1: suit {SUIT_SYMBOLS[challenger.suit]}"
            f"={SUIT_VALUE[challenger.suit]} is not higher than {SUIT_SYMBOLS[target.suit]}"
            f"={SUIT_VALUE[target.suit]} (only ♣ also beats ♠)",
            **params,
        )
    if level == 2:
        return IllegalAction(
            "rank_not_higher",
            f"{challenger} does not beat {target} on level 2: rank {challenger.rank} is not "
            f"higher than {target.rank} (only 2 also beats A)",
            **params,
        )
    if level == 3:
        return IllegalAction(
            "suit_differs",
            f"{challenger} does not beat {target} on level 3: the suits must be the same",
            **params,
        )
    return IllegalAction(
        "rank_differs",
        f"{challenger} does not beat {target} on level 4: the ranks must be the same",
        **params,
    )


class DungeonDelver(Game[DelverState, Action]):
    """Clear four levels of face-down cards with a hand that explores and subdues them."""

    id = "dungeon-delver"
    name = "Dungeon Delver"
    min_players = 1
    max_players = 1
    headline_score = "levels"
    #: A level card turned face up, a card drawn from the deck, a shuffle (rules "Setup").
    secret_keys = ("face_up", "hand", "deck", "rng")

    # -- setup -------------------------------------------------------------------------
    def setup(
        self, players: int, seed: int, options: Mapping[str, Any] | None = None
    ) -> DelverState:
        """Rules "Setup": shuffle 52, hand of 5, then 4 face-down cards per level."""
        check_solo_players(players, "Dungeon Delver")
        self.resolve_options(options)
        rng = Rng(seed)
        deck = list(_ALL_CARDS)
        rng.shuffle(deck)
        return DelverState(
            slots=tuple(deck[5:21]),
            face_up=0,
            hand=tuple(deck[:5]),
            deck=tuple(deck[21:]),
            discard=(),
            claimed=0,
            steps=0,
            rng=rng.state,
        )

    # -- moves -------------------------------------------------------------------------
    def legal_actions(self, state: DelverState, player: int) -> list[Action]:
        if state.result != "playing" or player != 0:
            return []
        return _legal(state)

    def auto_actions(self, state: DelverState) -> list[Action]:
        """The claims to apply automatically right after a move (rules "Claim", Decision):
        one per cleared level whose reward is still untaken; empty once the game is over."""
        if state.result != "playing":
            return []
        claims: list[Action] = list(pending_claims(state))
        return claims

    def play(
        self, state: DelverState, _player: int, action: Action
    ) -> tuple[DelverState, list[Event]]:
        if isinstance(action, Explore):
            return self._explore(state, action)
        if isinstance(action, Subdue):
            return self._subdue(state, action)
        if isinstance(action, Claim):
            return self._claim(state, action)
        raise IllegalAction(
            "unknown_action", f"{action!r} is not a Dungeon Delver move; expected {EXPECTED_FORMS}"
        )

    def _explore(self, state: DelverState, action: Explore) -> tuple[DelverState, list[Event]]:
        """Rules "Explore"."""
        _check_level(action.level)
        _check_in_hand(state, action.card)
        index = rightmost_face_down(state, action.level)
        if index is None:
            raise IllegalAction(
                "no_face_down",
                f"level {action.level} has no face-down card to explore",
                level=action.level,
            )
        hand = list(state.hand)
        hand.remove(action.card)
        revealed = state.slots[index]
        events = [
            Event(
                "explored",
                {
                    "level": action.level,
                    "position": index % 4 + 1,
                    "card": str(action.card),
                    "revealed": str(revealed),
                },
            )
        ]
        return self._finish(
            state,
            state.slots,
            state.face_up | (1 << index),
            tuple(hand),
            state.deck,
            state.discard + (action.card,),
            state.claimed,
            action,
            events,
        )

    def _subdue(self, state: DelverState, action: Subdue) -> tuple[DelverState, list[Event]]:
        """Rules "Subdue": target to hand, challenger to discard, then ♥ and ♦ draws."""
        _check_level(action.level)
        if not isinstance(action.position, int) or not 1 <= action.position <= POSITIONS:
            raise IllegalAction(
                "unknown_position",
                f"there is no position {action.position} (positions are 1-4, left to right)",
                position=action.position,
            )
        _check_in_hand(state, action.card)
        index = (action.level - 1) * 4 + action.position - 1
        target = state.slots[index]
        where = {"level": action.level, "position": action.position}
        if target is None:
            raise IllegalAction(
                "target_removed",
                f"level {action.level} position {action.position} is empty: its card was removed",
                **where,
            )
        if not (state.face_up >> index) & 1:
            raise IllegalAction(
                "target_face_down",
                f"level {action.level} position {action.position} is face-down: explore it first",
                **where,
            )
        if not beats(action.level, action.card, target):
            raise _challenge_refusal(action.level, action.card, target)
        hand = list(state.hand)
        hand.remove(action.card)
        hand.append(target)
        slots = state.slots[:index] + (None,) + state.slots[index + 1 :]
        events = [
            Event(
                "subdued",
                {**where, "card": str(action.card), "target": str(target)},
            )
        ]
        deck = state.deck
        if action.card.suit == "H":
            deck = _draw(hand, deck, events, "heart")
        if target.suit == "D":
            deck = _draw(hand, deck, events, "diamond")
        return self._finish(
            state,
            slots,
            state.face_up & ~(1 << index),
            tuple(hand),
            deck,
            state.discard + (action.card,),
            state.claimed,
            action,
            events,
        )

    def _claim(self, state: DelverState, action: Claim) -> tuple[DelverState, list[Event]]:
        """Rules "Claim": once per emptied level, draw 2."""
        _check_level(action.level)
        if (state.claimed >> (action.level - 1)) & 1:
            raise IllegalAction(
                "already_claimed",
                f"the reward of level {action.level} was already taken",
                level=action.level,
            )
        if not level_cleared(state, action.level):
            raise IllegalAction(
                "level_not_cleared",
                f"level {action.level} still has cards: clear it before claiming",
                level=action.level,
            )
        hand = list(state.hand)
        events = [Event("claimed", {"level": action.level})]
        deck = _draw(hand, state.deck, events, "claim")
        return self._finish(
            state,
            state.slots,
            state.face_up,
            tuple(hand),
            deck,
            state.discard,
            state.claimed | (1 << (action.level - 1)),
            action,
            events,
        )

    @staticmethod
    def _finish(
        state: DelverState,
        slots: tuple[Card | None, ...],
        face_up: int,
        hand: tuple[Card, ...],
        deck: tuple[Card, ...],
        discard: tuple[Card, ...],
        claimed: int,
        action: Action,
        events: list[Event],
    ) -> tuple[DelverState, list[Event]]:
        new = DelverState(
            slots,
            face_up,
            hand,
            deck,
            discard,
            claimed,
            state.steps + 1,
            state.rng,
            "playing",
            action,
        )
        result = _outcome(new)
        if result == "playing":
            return new, events
        removed = sum(1 for c in slots if c is None)
        events.append(Event(result, {"removed": removed, "levels": _levels_cleared(new)}))
        return (
            DelverState(
                slots, face_up, hand, deck, discard, claimed, new.steps, state.rng, result, action
            ),
            events,
        )

    # -- what people see ---------------------------------------------------------------
    def view(self, state: DelverState, _viewer: int | None) -> dict[str, Any]:
        """The "View and status" keys; the hand is always visible (rules "Setup" 2)."""
        levels = []
        for level in range(4):
            row: list[str | None] = []
            for index in _LEVEL_SLOTS[level]:
                cell = state.slots[index]
                if cell is None:
                    row.append("")
                elif (state.face_up >> index) & 1:
                    row.append(str(cell))
                else:
                    row.append(None)
            levels.append(row)
        return {
            "levels": levels,
            "hand": cards_to_strings(state.hand),
            "deck": len(state.deck),
            "discard": cards_to_strings(state.discard),
            "claimed": [lv for lv in range(1, 5) if (state.claimed >> (lv - 1)) & 1],
            "status": state.result,
            "last_action": (
                None if state.last_action is None else self.format_action(state.last_action)
            ),
        }

    def status(self, state: DelverState) -> Status:
        return Status(
            result=state.result,  # type: ignore[arg-type]
            to_move=(0,) if state.result == "playing" else (),
            scores=(float(_levels_cleared(state)),),
        )

    def score(self, state: DelverState) -> dict[str, Any]:
        """Rules "Score for statistics"; ``steps`` counts every action, claims included."""
        return {
            "score": {
                "result": state.result,
                "end": "no_moves" if state.result == "lost" else state.result,
                "levels": _levels_cleared(state),
                "removed": sum(1 for c in state.slots if c is None),
                "steps": state.steps,
            }
        }

    def describe(self, view: dict[str, Any]) -> str:
        lines = []
        for number, row in enumerate(view["levels"], start=1):
            shown = " ".join(
                "[..]" if c is None else ("  --" if c == "" else f"{c:>4}") for c in row
            )
            mark = "  (reward taken)" if number in view["claimed"] else ""
            lines.append(f"Level {number}: {shown}{mark}")
        lines.append(" " * len("Level 1: ") + " ".join(f"{p:>4}" for p in range(1, 5)))
        lines.extend(closing_lines(view, "Deck", "deck"))
        return "\n".join(lines)

    # -- notation ----------------------------------------------------------------------
    def parse_action(self, text: str) -> Action:
        words = text.split()
        if not words:
            raise notation_error(text, EXPECTED_FORMS, "empty move")
        verb = words[0].lower()
        if verb == "explore":
            if len(words) != 3:
                raise notation_error(text, EXPLORE_FORM, "explore takes a level and a card")
            level = _parse_number(words[1], text, EXPLORE_FORM, "level")
            return _EXPLORES[level, parse_card_token(words[2], text, EXPLORE_FORM)]
        if verb == "subdue":
            if len(words) != 4:
                raise notation_error(
                    text, SUBDUE_FORM, "subdue takes a card, a level and a position"
                )
            hand_card = parse_card_token(words[1], text, SUBDUE_FORM)
            level = _parse_number(words[2], text, SUBDUE_FORM, "level")
            pos = _parse_number(words[3], text, SUBDUE_FORM, "position")
            return _SUBDUES[hand_card, level, pos]
        if verb == "claim":
            if len(words) != 2:
                raise notation_error(text, CLAIM_FORM, "claim takes a level")
            return _CLAIMS[_parse_number(words[1], text, CLAIM_FORM, "level")]
        raise notation_error(text, EXPECTED_FORMS, f"unknown move {words[0]!r}")

    def format_action(self, action: Action) -> str:
        if isinstance(action, Explore):
            return f"explore {action.level} {action.card}"
        if isinstance(action, Subdue):
            return f"subdue {action.card} {action.level} {action.position}"
        return f"claim {action.level}"

    # -- encoding ----------------------------------------------------------------------
    def state_to_dict(self, state: DelverState) -> dict[str, Any]:
        view = self.view(state, 0)
        return {
            "levels": [
                ["" if state.slots[i] is None else str(state.slots[i]) for i in slots]
                for slots in _LEVEL_SLOTS
            ],
            "face_up": [
                [i % 4 + 1 for i in slots if (state.face_up >> i) & 1] for slots in _LEVEL_SLOTS
            ],
            "hand": view["hand"],
            "deck": cards_to_strings(state.deck),
            "discard": view["discard"],
            "claimed": view["claimed"],
            "steps": state.steps,
            "rng": state.rng,
            "result": state.result,
            "last_action": view["last_action"],
        }

    def state_from_dict(self, data: Mapping[str, Any]) -> DelverState:
        """Inverse of :meth:`state_to_dict`. Without ``result`` the result is worked out;
        ``face_up`` lists, per level, the positions (1-4) that are face-up."""
        slots: list[Card | None] = []
        for row in data["levels"]:
            if len(row) != POSITIONS:
                raise ValueError("every level has 4 positions")
            slots.extend(None if text == "" else card_from_string(text) for text in row)
        if len(slots) != 16:
            raise ValueError("there are 4 levels")
        face_up = 0
        for level, positions in enumerate(data.get("face_up", ())):
            for pos in positions:
                face_up |= 1 << (level * 4 + pos - 1)
        claimed = 0
        for level in data.get("claimed", ()):
            claimed |= 1 << (level - 1)
        last = data.get("last_action")
        state = DelverState(
            slots=tuple(slots),
            face_up=face_up,
            hand=cards_from_strings(data["hand"]),
            deck=cards_from_strings(data["deck"]),
            discard=cards_from_strings(data.get("discard", ())),
            claimed=claimed,
            steps=int(data.get("steps", 0)),
            rng=int(data.get("rng", 0)),
            last_action=None if last is None else self.parse_action(last),
        )
        result = data.get("result") or _outcome(state)
        return state if result == "playing" else replace(state, result=result)

    # -- computer players --------------------------------------------------------------
    def players(self) -> dict[str, Any]:
        return {"random": random_player, "heuristic": heuristic_player}


def _draw(
    hand: list[Card], deck: tuple[Card, ...], events: list[Event], why: str
) -> tuple[Card, ...]:
    """Draw up to 2 cards (fewer from a short deck, none from an empty one)."""
    drawn, rest = deck[:DRAW_COUNT], deck[DRAW_COUNT:]
    hand.extend(drawn)
    if drawn:
        events.append(
            Event(
                "drew",
                {
                    "count": len(drawn),
                    "cards": card_list_text(drawn),
                    "reason": why,
                    "deck": len(rest),
                },
            )
        )
    else:
        events.append(Event("deck_empty", {"reason": why}))
    return rest


def _levels_cleared(state: DelverState) -> int:
    return sum(1 for level in range(1, 5) if level_cleared(state, level))


def _parse_number(token: str, text: str, expected: str, what: str) -> int:
    if token not in ("1", "2", "3", "4"):
        raise notation_error(text, expected, f"{token!r} is not a {what} (1-4)")
    return int(token)


def random_player(_view: dict[str, Any], legal: Sequence[Action], rng: Any) -> Action:
    """Any legal move, uniformly."""
    chosen: Explore | Subdue | Claim = rng.choice(legal)
    return chosen


def heuristic_player(view: dict[str, Any], legal: Sequence[Action], rng: Any) -> Action:
    """The seed's resource-first strategy with a board-breaking fallback ("Strategy notes"):
    claim > subdue with a draw effect > plain subdue > the cheapest, most promising explore
    (with a spare hand, level 4 first: same-rank targets need the most draws to answer)."""
    for action in legal:
        if isinstance(action, Claim):
            return action
    return DelverAdvisor(view).choose(legal, rng)


#: For the heuristic, keyed by card text (strings hash fast): per level, challenger -> the
#: cards it beats, and target -> the cards that beat it.
_NAMES = [str(c) for c in _ALL_CARDS]
_BEATS = [
    {str(c): frozenset(str(t) for t in _ALL_CARDS if beats(lv, c, t)) for c in _ALL_CARDS}
    for lv in range(1, 5)
]
_BEATEN_BY = [
    {str(t): frozenset(str(c) for c in _ALL_CARDS if beats(lv, c, t)) for t in _ALL_CARDS}
    for lv in range(1, 5)
]
#: The same as bit masks over ``_NAMES`` (bit i: card ``_NAMES[i]``), for counting fast.
_BIT = {name: 1 << i for i, name in enumerate(_NAMES)}
_BEATS_MASK = [{c: sum(_BIT[t] for t in by[c]) for c in _NAMES} for by in _BEATS]


def _mask(names: Any) -> int:
    bits = 0
    for name in names:
        bits |= _BIT[name]
    return bits


#: Weights of the heuristic (tuned by simulation; see docs/games/dungeon-delver.md).
WEIGHTS = {
    "heart_kept": 4.0,
    "draw_effect": 6.0,
    "clears_level": 8.0,
    "explore_chance": 5.0,
    "face_down_share": 0.2,
    "explore_near_clear": 2.0,
    "scarcity": 0.0,
    "explore_level4": 5.0,
    "explore_level4_idle": 6.0,
    "level4_min_hand": 6,
}


class DelverAdvisor:
    """Scores moves from a view: what the hand can beat now and may beat later (the
    heuristic player's judgement; public for whoever weighs a Delver position the same way)."""

    def __init__(self, view: dict[str, Any]) -> None:
        self.levels: list[list[str | None]] = view["levels"]
        self.deck = view["deck"]
        hand = view["hand"]
        self.hand_size = len(hand)
        seen = set(hand) | set(view["discard"])
        seen |= {c for row in self.levels for c in row if c}
        # Removed level cards went to the hand and maybe on to the discard: all seen.
        self.unknown = frozenset(n for n in _NAMES if n not in seen)
        self.unknown_mask = _mask(self.unknown)
        self.face_down = [sum(1 for c in row if c is None) for row in self.levels]
        self.remaining = [sum(1 for c in row if c != "") for row in self.levels]
        self.targets = [frozenset(c for c in row if c) for row in self.levels]
        self.target_masks = [_mask(targets) for targets in self.targets]
        self._useful: dict[str, float] = {}
        # How many cards still in play (hand or unknown) could beat each face-up target:
        # a hand card that is one of few answers to a target is worth keeping.
        supply_pool = frozenset(hand) | self.unknown
        self.supply = [
            {t: len(_BEATEN_BY[level][t] & supply_pool) or 1 for t in self.targets[level]}
            for level in range(4)
        ]
        # Per level: how many unknown cards some hand card beats, and how many of those
        # only one hand card beats (spending that card as the cost loses them): the unknown
        # cards beaten once and beaten twice or more, as masks.
        self.beatable = [0, 0, 0, 0]
        self.only_by: list[dict[str, int]] = [{}, {}, {}, {}]
        for level, by in enumerate(_BEATS_MASK):
            once = twice = 0
            for card in hand:
                beaten = by[card] & self.unknown_mask
                twice |= once & beaten
                once |= beaten
            self.beatable[level] = once.bit_count()
            only = once & ~twice
            if only:
                for card in hand:
                    count = (by[card] & only).bit_count()
                    if count:
                        self.only_by[level][card] = count

    def usefulness(self, name: str) -> float:
        """How much keeping a card is worth: face-up targets it beats now and the chance it
        beats what exploring may reveal."""
        cached = self._useful.get(name)
        if cached is not None:
            return cached
        value = 0.0
        unknown, unknown_mask = self.unknown, self.unknown_mask
        for level in range(4):
            if self.remaining[level] == 0:
                continue
            if _BEATS_MASK[level][name] & self.target_masks[level]:
                for target in _BEATS[level][name] & self.targets[level]:
                    value += self.answer_value(level, target)
            if self.face_down[level] and unknown:
                value += (
                    (_BEATS_MASK[level][name] & unknown_mask).bit_count()
                    / len(unknown)
                    * self.face_down[level]
                    * WEIGHTS["face_down_share"]
                )
        self._useful[name] = value
        return value

    def answer_value(self, level: int, target: str) -> float:
        """Worth of holding one card that beats a face-up target (0-based ``level``)."""
        return 1.0 + WEIGHTS["scarcity"] / self.supply[level][target]

    def choose(self, legal: Sequence[Action], rng: Any) -> Action:
        return choose_best(legal, self.score, rng)

    def score(self, action: Action) -> float:
        if isinstance(action, Subdue):
            target = self.levels[action.level - 1][action.position - 1] or ""
            score = 100.0
            if self.deck:
                score += WEIGHTS["draw_effect"] if action.card.suit == "H" else 0.0
                score += WEIGHTS["draw_effect"] if target.endswith("D") else 0.0
            if self.remaining[action.level - 1] == 1:
                score += WEIGHTS["clears_level"] if self.deck else 2.0
            # The challenger's worth against this very target is what it is spent on.
            spent = self.usefulness(str(action.card)) - self.answer_value(action.level - 1, target)
            return score + self.usefulness(target) - spent
        if isinstance(action, Explore):
            level = action.level - 1
            cost = str(action.card)
            hits = self.beatable[level] - self.only_by[level].get(cost, 0)
            chance = hits / len(self.unknown) if self.unknown else 0.0
            score = WEIGHTS["explore_chance"] * chance - self.usefulness(cost)
            if cost.endswith("H"):
                score -= WEIGHTS["heart_kept"]  # a ♥ is worth more as a challenger
            if self.remaining[level] == 1:
                score += WEIGHTS["explore_near_clear"]
            # Same-rank targets (level 4) need the most digging: reveal them while draws remain.
            if level == 3 and self.hand_size >= WEIGHTS["level4_min_hand"]:
                score += WEIGHTS["explore_level4"]
                if not self.targets[3]:
                    score += WEIGHTS["explore_level4_idle"]
            return score
        return 1000.0


GAME = register(
    DungeonDelver(),
    information="hidden",
    chance=True,
    pictures="renderer.dungeon_delver",
    presentation=DelverPresentation("dungeon-delver"),
)
