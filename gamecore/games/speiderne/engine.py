"""Speiderne rules: setup, legal moves and applying a move (rules file, every section).

``apply`` copies the frozen state into a mutable ``_Table``, plays the move and every
automatic step after it (events, unbeatable storm threats, funding with an empty hand,
the end of the turn) until a decision is owed or the next turn starts, then freezes it.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from itertools import combinations
from typing import Any

from gamecore.contract import Event, IllegalAction
from gamecore.rng import Rng, mix_seed

from .actions import Action, format_action, parse_action
from .board import (
    NEIGHBOURS,
    REGION_INDEX,
    REGIONS,
    STARTING_PLACES,
    id_sort_key,
    sorted_texts,
    suit_of,
    text_of,
    value_of,
)
from .state import Expedition, Pending, Region, State

HAND_SIZE = 5
INSURANCE_SIZE = 3
EFFECTS = {"C": "storm", "S": "windless", "H": "pirates", "D": "treasure"}
REGION_EVENTS = frozenset(EFFECTS.values())
TREASURE_TOO_BIG = 5


def decks_for(players: int) -> int:
    """Rules "Cards", Decision: 2–3 players one deck, 4–6 players two."""
    return 1 if players <= 3 else 2


def new_state(players: int, seed: int, max_rounds: int) -> State:
    """Rules "Setup": 12 face-down regions, 5 cards each, 3 insurance, the rest the deck."""
    decks = decks_for(players)
    rng = Rng(mix_seed(seed, "speiderne"))
    cards = list(range(52 * decks))
    rng.shuffle(cards)
    regions = tuple(Region(cards.pop()) for _ in REGIONS)
    hands = tuple(tuple(cards.pop() for _ in range(HAND_SIZE)) for _ in range(players))
    insurance = tuple(cards.pop() for _ in range(INSURANCE_SIZE))
    return State(
        players=players,
        decks=decks,
        max_rounds=max_rounds,
        rng=rng.state,
        regions=regions,
        hands=hands,
        insurance=insurance,
        deck=tuple(cards),
        discard=(),
        expeditions=(),
        next_expedition=1,
        turn=0,
        round=1,
        pending=None,
        lost_this_turn=False,
        insurance_bonus=(False,) * players,
        end=None,
        last_action=None,
        last_events=(),
        last_region_event=None,
    )


def points_of(regions: tuple[Region, ...] | list[Region], players: int) -> list[int]:
    """Rules "End of the game": one point per region discovered."""
    points = [0] * players
    for region in regions:
        if region.by is not None:
            points[region.by] += 1
    return points


def scores(state: State) -> list[int]:
    return points_of(state.regions, state.players)


def _texts_counter(card_ids: list[int] | tuple[int, ...]) -> Counter[str]:
    return Counter(text_of(c) for c in card_ids)


def _holds(card_ids: list[int] | tuple[int, ...], texts: tuple[str, ...]) -> bool:
    need = Counter(texts)
    have = _texts_counter(card_ids)
    return all(have[t] >= n for t, n in need.items())


def _ready_combos(hand: tuple[int, ...] | list[int]) -> list[tuple[str, ...]]:
    """Every distinct set of three same-suit hand cards, as canonical texts."""
    found: set[tuple[str, ...]] = set()
    by_suit: dict[str, list[str]] = {}
    for cid in sorted(hand, key=id_sort_key):
        by_suit.setdefault(suit_of(cid), []).append(text_of(cid))
    for texts in by_suit.values():
        found.update(combinations(texts, 3))
    return sorted(found)


def free_places(expeditions: tuple[Expedition, ...] | list[Expedition]) -> list[str]:
    taken = {e.at for e in expeditions}
    return sorted(p for p in STARTING_PLACES if p not in taken)


def _main_moves(state: State, seat: int) -> list[Action]:
    """Draw, ready and move actions (rules "A turn"), without pass."""
    actions: list[Action] = []
    if state.deck or state.discard:
        actions.append(Action("draw_deck"))
    row = sorted_texts(state.insurance)
    actions.extend(Action("draw_insurance", (t,)) for t in sorted(set(row)))
    if state.insurance_bonus[seat]:
        actions.extend(Action("draw_insurance", pair) for pair in sorted(set(combinations(row, 2))))
    combos = _ready_combos(state.hands[seat])
    for place in free_places(state.expeditions) if combos else []:
        actions.extend(Action("ready", combo, target=place) for combo in combos)
    for expedition in state.expeditions:
        if expedition.owner == seat:
            actions.extend(
                Action("move", expedition=expedition.id, target=r)
                for r in NEIGHBOURS[expedition.at]
            )
    return actions


def legal_actions(state: State, seat: int) -> list[Action]:
    if state.end is not None or seat != state.turn:
        return []
    pending = state.pending
    hand = state.hands[seat]
    if pending is None:
        return _main_moves(state, seat) or [Action("pass")]
    if pending.kind == "defend":
        higher = {text_of(c) for c in hand if value_of(c) > value_of(pending.against)}
        return [Action("defend")] + [Action("defend", (t,)) for t in sorted(higher)]
    texts = sorted({text_of(c) for c in hand})
    eid = pending.expedition
    return [Action("fund", expedition=eid)] + [Action("fund", (t,), expedition=eid) for t in texts]


class _Table:
    """Mutable working copy of a state for the duration of one ``apply``."""

    def __init__(self, state: State) -> None:
        self.players = state.players
        self.rng = Rng(state.rng)
        self.regions = list(state.regions)
        self.hands = [list(h) for h in state.hands]
        self.insurance = list(state.insurance)
        self.deck = list(state.deck)
        self.discard = list(state.discard)
        self.expeditions = list(state.expeditions)
        self.next_expedition = state.next_expedition
        self.turn = state.turn
        self.round = state.round
        self.max_rounds = state.max_rounds
        self.pending = state.pending
        self.lost_this_turn = state.lost_this_turn
        self.insurance_bonus = list(state.insurance_bonus)
        self.end = state.end
        self.last_region_event = state.last_region_event
        self.events: list[Event] = []
        self._base = state

    def freeze(self, seat: int, action: Action) -> State:
        return replace(
            self._base,
            rng=self.rng.state,
            regions=tuple(self.regions),
            hands=tuple(tuple(h) for h in self.hands),
            insurance=tuple(self.insurance),
            deck=tuple(self.deck),
            discard=tuple(self.discard),
            expeditions=tuple(self.expeditions),
            next_expedition=self.next_expedition,
            turn=self.turn,
            round=self.round,
            pending=self.pending,
            lost_this_turn=self.lost_this_turn,
            insurance_bonus=tuple(self.insurance_bonus),
            end=self.end,
            last_action=(seat, format_action(action)),
            last_events=tuple(e.to_dict() for e in self.events),
            last_region_event=self.last_region_event,
        )

    # -- small helpers -------------------------------------------------------------------
    def emit(self, kind: str, **data: Any) -> None:
        event = Event(kind, {"seat": self.turn, "player": self.turn + 1, **data})
        self.events.append(event)
        if kind in REGION_EVENTS:
            self.last_region_event = event.to_dict()

    def draw(self) -> int | None:
        """Top card of the main deck; an empty deck is first refilled from the discard."""
        if not self.deck:
            if not self.discard:
                return None
            self.deck, self.discard = self.discard, []
            self.rng.shuffle(self.deck)
            self.emit("reshuffled", count=len(self.deck))
        return self.deck.pop()

    def expedition(self, eid: str) -> tuple[int, Expedition]:
        for i, e in enumerate(self.expeditions):
            if e.id == eid:
                return i, e
        raise KeyError(eid)

    def take_from(self, pile: list[int], text: str) -> int:
        """Remove the lowest-id copy of the card ``text`` from ``pile``."""
        cid = min(c for c in pile if text_of(c) == text)
        pile.remove(cid)
        return cid

    def lose_lowest(self, eid: str) -> int:
        """Rules Decision: storm, treasure and funding losses take the lowest card."""
        i, e = self.expedition(eid)
        lowest = min(e.cards, key=id_sort_key)
        rest = list(e.cards)
        rest.remove(lowest)
        self.expeditions[i] = replace(e, cards=tuple(rest))
        self.discard.append(lowest)
        return lowest

    def cards_left(self, eid: str) -> int:
        return len(self.expedition(eid)[1].cards)

    def remove_expedition(self, eid: str) -> None:
        i, _ = self.expedition(eid)
        del self.expeditions[i]
        self.lost_this_turn = True

    # -- main actions --------------------------------------------------------------------
    def draw_deck(self) -> None:
        """Rules "A turn", Draw: two cards (one if only one is left)."""
        drawn = 0
        for _ in range(2):
            cid = self.draw()
            if cid is None:
                break
            self.hands[self.turn].append(cid)
            drawn += 1
        self.emit("drew", count=drawn)

    def draw_insurance(self, texts: tuple[str, ...]) -> None:
        """Rules "A turn", Draw; Decision: refill to 3 right after the take."""
        taken = [self.take_from(self.insurance, t) for t in texts]
        self.hands[self.turn].extend(taken)
        refilled = []
        while len(self.insurance) < INSURANCE_SIZE:
            cid = self.draw()
            if cid is None:
                break
            self.insurance.append(cid)
            refilled.append(cid)
        self.emit(
            "took_insurance",
            cards=" ".join(sorted_texts(taken)),
            refilled=" ".join(text_of(c) for c in refilled) or "-",
        )

    def ready(self, texts: tuple[str, ...], place: str) -> None:
        """Rules "Make ready an expedition"."""
        hand = self.hands[self.turn]
        cards = tuple(sorted((self.take_from(hand, t) for t in texts), key=id_sort_key))
        eid = f"E{self.next_expedition}"
        self.next_expedition += 1
        self.expeditions.append(Expedition(eid, self.turn, place, cards))
        self.emit("readied", expedition=eid, cards=" ".join(sorted_texts(cards)), at=place)

    def move(self, eid: str, target: str) -> None:
        """Rules "Move an expedition": discovered regions just take it; others reveal."""
        i, e = self.expedition(eid)
        region = self.regions[REGION_INDEX[target]]
        self.expeditions[i] = replace(e, moved=True)
        self.emit("moved", expedition=eid, **{"from": e.at, "to": target})
        if region.revealed:
            self.expeditions[i] = replace(self.expeditions[i], at=target)
            return
        self.regions[REGION_INDEX[target]] = replace(region, revealed=True)
        effect = EFFECTS[suit_of(region.card)]
        self.emit(
            "revealed", expedition=eid, region=target, card=text_of(region.card), effect=effect
        )
        if effect == "storm":
            self.storm_threat(eid, target, 1, region.card)
            return
        if effect == "windless":
            self.expeditions[i] = replace(self.expeditions[i], windless=True)
            self.emit("windless", expedition=eid, region=target)
        elif effect == "pirates":
            self.pirates(eid, target, region.card)
        else:
            self.treasure(eid, target, region.card)
        self.finish_event(eid, target, effect)

    # -- region events -------------------------------------------------------------------
    def pirates(self, eid: str, region: str, pirate: int) -> None:
        """Rules ♥: give up cards (highest first) until their sum exceeds the pirate card."""
        i, e = self.expedition(eid)
        keep = sorted(e.cards, key=id_sort_key)
        lost: list[int] = []
        while keep and sum(value_of(c) for c in lost) <= value_of(pirate):
            lost.append(keep.pop())
        self.expeditions[i] = replace(e, cards=tuple(keep))
        self.discard.extend(lost)
        self.emit(
            "pirates",
            expedition=eid,
            region=region,
            card=text_of(pirate),
            lost=" ".join(sorted_texts(lost)) or "-",
        )

    def treasure(self, eid: str, region: str, treasure: int) -> None:
        """Rules ♦: one card from the deck; an island above 5 also costs a card."""
        cid = self.draw()
        if cid is not None:
            self.hands[self.turn].append(cid)
        lost = self.lose_lowest(eid) if value_of(treasure) > TREASURE_TOO_BIG else None
        self.emit(
            "treasure",
            expedition=eid,
            region=region,
            card=text_of(treasure),
            drew=0 if cid is None else 1,
            lost="-" if lost is None else text_of(lost),
        )

    def storm_threat(self, eid: str, region: str, threat: int, against: int) -> None:
        """Rules ♣: ask for a defence, or settle at once when nothing in hand is higher."""
        if any(value_of(c) > value_of(against) for c in self.hands[self.turn]):
            self.pending = Pending("defend", eid, region, threat, against)
            return
        self.settle_threat(eid, region, threat, against, None)

    def settle_threat(
        self, eid: str, region: str, threat: int, against: int, defender: int | None
    ) -> None:
        self.pending = None
        lost = None
        if defender is None:
            lost = self.lose_lowest(eid)
        else:
            self.discard.append(defender)
        if threat == 2:
            self.discard.append(against)
        self.emit(
            "storm",
            expedition=eid,
            region=region,
            threat=threat,
            against=text_of(against),
            defended_with="-" if defender is None else text_of(defender),
            lost="-" if lost is None else text_of(lost),
        )
        if threat == 1 and self.cards_left(eid):
            second = self.draw()
            if second is not None:
                self.storm_threat(eid, region, 2, second)
                return
        self.finish_event(eid, region, "storm")

    def finish_event(self, eid: str, region: str, effect: str) -> None:
        """Survivors stand on the region and score it; a sunk expedition's region is replaced."""
        i, e = self.expedition(eid)
        index = REGION_INDEX[region]
        if e.cards:
            self.expeditions[i] = replace(e, at=region)
            self.regions[index] = replace(self.regions[index], by=self.turn)
            self.emit(
                "discovered", expedition=eid, region=region, card=text_of(self.regions[index].card)
            )
        else:
            self.remove_expedition(eid)
            self.discard.append(self.regions[index].card)
            replacement = self.draw()
            assert replacement is not None  # the discarded region card is always there
            self.regions[index] = Region(replacement)
            self.emit("sank", expedition=eid, region=region, cause=effect)

    # -- funding and the end of the turn ------------------------------------------------
    def start_funding(self) -> None:
        """Rules "Funding": every moved expedition of the player, in id order."""
        queue = [
            e.id
            for e in sorted(self.expeditions, key=lambda e: int(e.id[1:]))
            if e.owner == self.turn and e.moved
        ]
        self.next_funding(queue)

    def next_funding(self, queue: list[str]) -> None:
        while queue:
            eid = queue.pop(0)
            owed = 2 if self.expedition(eid)[1].windless else 1
            if self.ask_funding(eid, owed, queue):
                return
        self.end_turn()

    def ask_funding(self, eid: str, owed: int, queue: list[str]) -> bool:
        """Pend a funding decision; with an empty hand the debt is settled at once."""
        if owed and self.hands[self.turn]:
            self.pending = Pending("fund", eid, owed=owed, queue=tuple(queue))
            return True
        for _ in range(owed):
            if self.pay(eid, None):
                break
        return False

    def pay(self, eid: str, card_id: int | None) -> bool:
        """One funding answer; True when the expedition sank (it is then removed)."""
        lost = None
        if card_id is None:
            lost = self.lose_lowest(eid)
        else:
            self.discard.append(card_id)
        self.emit(
            "funded",
            expedition=eid,
            card="-" if card_id is None else text_of(card_id),
            lost="-" if lost is None else text_of(lost),
        )
        if self.cards_left(eid):
            return False
        self.remove_expedition(eid)
        self.emit("sank", expedition=eid, region="-", cause="funding")
        return True

    def answer_funding(self, card_id: int | None) -> None:
        pending = self.pending
        assert pending is not None
        self.pending = None
        sank = self.pay(pending.expedition, card_id)
        queue = list(pending.queue)
        if not sank and self.ask_funding(pending.expedition, pending.owed - 1, queue):
            return
        self.next_funding(queue)

    def end_turn(self) -> None:
        """Rules "End of the game": after the turn that discovers the 12th region, or round max."""
        self.pending = None
        self.expeditions = [
            replace(e, windless=False) if e.windless else e for e in self.expeditions
        ]
        self.insurance_bonus[self.turn] = self.lost_this_turn
        self.lost_this_turn = False
        if all(r.by is not None for r in self.regions):
            self.end = "all_discovered"
        elif self.turn == self.players - 1 and self.round >= self.max_rounds:
            self.end = "max_rounds"
        if self.end is not None:
            points = points_of(self.regions, self.players)
            top = max(points)
            self.emit(
                "game_over",
                end=self.end,
                winners=" ".join(str(s + 1) for s in range(self.players) if points[s] == top),
                scores="-".join(str(p) for p in points),
            )
            return
        self.turn = (self.turn + 1) % self.players
        if self.turn == 0:
            self.round += 1
        self.emit("turn", round=self.round)


#: Prefix of every Speiderne refusal code, so catalog keys never clash with other games.
CODE_PREFIX = "speiderne_"


def _illegal(code: str, reason: str, **params: Any) -> IllegalAction:
    return IllegalAction(CODE_PREFIX + code, reason, **params)


def _check_pending(state: State, action: Action) -> None:
    pending = state.pending
    if pending is None:
        if action.kind in ("defend", "fund"):
            raise _illegal("nothing_to_answer", "there is no storm or funding to answer now")
        return
    if pending.kind == "defend" and action.kind != "defend":
        raise _illegal(
            "answer_storm",
            f"answer the storm at {pending.region} first: defend with a card higher than "
            f"{text_of(pending.against)}, or defend none",
            region=pending.region,
            against=text_of(pending.against),
        )
    if pending.kind == "fund" and action.kind != "fund":
        raise _illegal(
            "answer_funding",
            f"fund expedition {pending.expedition} first: fund {pending.expedition} <card> "
            f"or fund {pending.expedition} none",
            expedition=pending.expedition,
        )


def _check_main(state: State, seat: int, action: Action) -> None:
    """Refuse an illegal draw / ready / move / pass with a specific reason."""
    hand = state.hands[seat]
    kind = action.kind
    if kind == "draw_deck" and not (state.deck or state.discard):
        raise _illegal("deck_empty", "the main deck and the discard pile are empty")
    if kind == "draw_insurance":
        if len(action.cards) == 2 and not state.insurance_bonus[seat]:
            raise _illegal(
                "insurance_two",
                "you may take two insurance cards only after losing an expedition in your "
                "previous turn",
            )
        if not _holds(state.insurance, action.cards):
            shown = " ".join(action.cards)
            raise _illegal("not_in_insurance", f"{shown} is not in the insurance row", cards=shown)
    if kind == "ready":
        place = action.target
        if place not in STARTING_PLACES:
            raise _illegal(
                "not_a_starting_place",
                f"{place} is not a starting place (A0–D0, A4–D4, L1–L3, R1–R3)",
                place=place,
            )
        if any(e.at == place for e in state.expeditions):
            raise _illegal("place_taken", f"an expedition already stands on {place}", place=place)
        if not _holds(hand, action.cards):
            shown = " ".join(action.cards)
            raise _illegal("not_in_hand", f"you do not hold {shown}", cards=shown)
        if len({c[-1] for c in action.cards}) != 1:
            raise _illegal("mixed_suits", "an expedition needs three cards of one suit")
    if kind == "move":
        eid, target = action.expedition, action.target
        mine = next((e for e in state.expeditions if e.id == eid and e.owner == seat), None)
        if mine is None:
            raise _illegal("no_expedition", f"you have no expedition {eid}", expedition=eid)
        if target not in REGION_INDEX:
            raise _illegal("not_a_region", f"{target} is not a region (A1–D3)", region=target)
        if target not in NEIGHBOURS[mine.at]:
            raise _illegal(
                "not_adjacent",
                f"{target} is not next to your expedition {eid} (at {mine.at})",
                region=target,
                expedition=eid,
                at=mine.at,
            )
    if kind == "pass" and _main_moves(state, seat):
        raise _illegal("pass_not_allowed", "you may pass only when you have no other move")


def _check_answer(state: State, seat: int, action: Action) -> int | None:
    """Validate a defend/fund answer; returns the hand card id it uses (or None)."""
    pending = state.pending
    assert pending is not None
    hand = state.hands[seat]
    if action.kind == "fund" and action.expedition != pending.expedition:
        raise _illegal(
            "wrong_expedition",
            f"expedition {pending.expedition} is being funded, not {action.expedition}",
            expedition=action.expedition,
            expected=pending.expedition,
        )
    if not action.cards:
        return None
    text = action.cards[0]
    ids = [c for c in hand if text_of(c) == text]
    if not ids:
        raise _illegal("not_in_hand", f"you do not hold {text}", cards=text)
    if action.kind == "defend" and value_of(ids[0]) <= value_of(pending.against):
        raise _illegal(
            "defend_too_low",
            f"{text} is not higher than {text_of(pending.against)}",
            card=text,
            against=text_of(pending.against),
        )
    return min(ids)


def _normalised(action: Action) -> Action:
    """The action as its notation reads it back: refuses hand-made malformed actions."""
    try:
        text = format_action(action)
    except (ValueError, TypeError, AttributeError):
        raise IllegalAction(
            "notation",
            f"{action!r} is not a Speiderne move",
            text=repr(action),
            hint="",
            expected="",
        ) from None
    return parse_action(text)


def play(state: State, seat: int, action: Action) -> tuple[State, list[Event]]:
    """The step of ``seat``, which is to move in a game still playing (``Game.apply``
    checked both)."""
    action = _normalised(action)
    _check_pending(state, action)
    table = _Table(state)
    if state.pending is not None:
        card_id = _check_answer(state, seat, action)
        if card_id is not None:
            table.hands[seat].remove(card_id)
        pending = state.pending
        if action.kind == "defend":
            table.settle_threat(
                pending.expedition, pending.region, pending.threat, pending.against, card_id
            )
        else:
            table.answer_funding(card_id)
    else:
        _check_main(state, seat, action)
        if action.kind == "draw_deck":
            table.draw_deck()
        elif action.kind == "draw_insurance":
            table.draw_insurance(action.cards)
        elif action.kind == "ready":
            table.ready(action.cards, action.target)
        elif action.kind == "move":
            table.move(action.expedition, action.target)
        else:
            table.emit("passed")
    if table.pending is None and action.kind != "fund":
        table.start_funding()
    return table.freeze(seat, action), list(table.events)
