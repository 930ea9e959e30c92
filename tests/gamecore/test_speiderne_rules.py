"""Speiderne rules, one hand-built position per rule and Decision (docs/games/speiderne.md)."""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import replace

import pytest

from gamecore.cards import full_deck
from gamecore.contract import IllegalAction
from gamecore.games.speiderne import GAME
from gamecore.games.speiderne.actions import Action
from gamecore.games.speiderne.board import REGIONS, text_of
from gamecore.games.speiderne.state import Expedition, Pending, Region, State

_TEXTS = [str(c) for c in full_deck()]


class _Ids:
    """Hands out card ids for card texts, never the same copy twice."""

    def __init__(self, decks: int) -> None:
        self.free = {t: [i + 52 * d for d in range(decks)] for i, t in enumerate(_TEXTS)}

    def take(self, texts: str | Iterable[str]) -> tuple[int, ...]:
        if isinstance(texts, str):
            texts = texts.split()
        return tuple(self.free[t].pop(0) for t in texts)

    def rest(self) -> list[int]:
        return sorted(i for ids in self.free.values() for i in ids)


def build(
    players: int = 2,
    hands: dict[int, str] | None = None,
    regions: dict[str, str] | None = None,
    discovered: dict[str, int] | None = None,
    deck: str | None = None,
    insurance: str = "",
    discard: str = "",
    expeditions: Iterable[tuple[str, int, str, str, bool]] = (),
    turn: int = 0,
    round_: int = 1,
    max_rounds: int = 60,
    bonus: dict[int, bool] | None = None,
    pending: Pending | None = None,
    exact_deck: bool = False,
) -> State:
    """A position: ``deck`` lists cards top first; unnamed cards fill regions, then the deck
    bottom (or vanish with ``exact_deck``). ``discovered`` marks regions face-up with a finder.
    """
    decks = 1 if players <= 3 else 2
    ids = _Ids(decks)
    hand_ids = [ids.take((hands or {}).get(s, "")) for s in range(players)]
    named = {name: ids.take(text)[0] for name, text in (regions or {}).items()}
    exp = [
        Expedition(eid, owner, at, ids.take(cards), moved)
        for eid, owner, at, cards, moved in expeditions
    ]
    insurance_ids = ids.take(insurance)
    discard_ids = ids.take(discard)
    top_first = ids.take(deck or "")
    rest = ids.rest()
    grid = []
    for name in REGIONS:
        cid = named[name] if name in named else rest.pop(0)
        by = (discovered or {}).get(name)
        grid.append(Region(cid, by is not None, by))
    deck_ids = ([] if exact_deck else rest) + list(reversed(top_first))
    numbers = [int(e.id[1:]) for e in exp]
    return State(
        players=players,
        decks=decks,
        max_rounds=max_rounds,
        rng=12345,
        regions=tuple(grid),
        hands=tuple(hand_ids),
        insurance=insurance_ids,
        deck=tuple(deck_ids),
        discard=discard_ids,
        expeditions=tuple(exp),
        next_expedition=max(numbers, default=0) + 1,
        turn=turn,
        round=round_,
        pending=pending,
        lost_this_turn=False,
        insurance_bonus=tuple((bonus or {}).get(s, False) for s in range(players)),
        end=None,
        last_action=None,
        last_events=(),
        last_region_event=None,
    )


def play(state: State, *moves: str) -> tuple[State, list[dict]]:
    """Apply moves by whoever is to move; returns the final state and every event."""
    events: list[dict] = []
    for move in moves:
        seat = GAME.status(state).to_move[0]
        state, new = GAME.apply_notation(state, seat, move)
        events.extend(e.to_dict() for e in new)
    return state, events


def hand(state: State, seat: int) -> list[str]:
    return sorted(text_of(c) for c in state.hands[seat])


def expedition(state: State, eid: str) -> Expedition | None:
    return next((e for e in state.expeditions if e.id == eid), None)


def exp_cards(state: State, eid: str) -> list[str]:
    found = expedition(state, eid)
    assert found is not None
    return sorted(text_of(c) for c in found.cards)


def region(state: State, name: str) -> Region:
    return state.regions[REGIONS.index(name)]


def refused(state: State, seat: int, move: str, code: str) -> IllegalAction:
    with pytest.raises(IllegalAction) as caught:
        GAME.apply_notation(state, seat, move)
    assert caught.value.code == code, caught.value.reason
    return caught.value


def kinds(events: list[dict]) -> list[str]:
    return [e["kind"] for e in events]


# -- setup ---------------------------------------------------------------------------------
@pytest.mark.parametrize(("players", "cards"), [(2, 52), (3, 52), (4, 104), (6, 104)])
def test_setup_deals_grid_hands_insurance_and_deck(players: int, cards: int) -> None:
    state = GAME.setup(players, seed=7)
    assert state.decks == cards // 52
    assert len(state.regions) == 12 and not any(r.revealed for r in state.regions)
    assert all(len(h) == 5 for h in state.hands)
    assert len(state.insurance) == 3
    assert len(state.deck) == cards - 12 - 5 * players - 3
    everything = [r.card for r in state.regions] + [c for h in state.hands for c in h]
    everything += list(state.insurance) + list(state.deck)
    assert sorted(everything) == list(range(cards))
    assert GAME.status(state).to_move == (0,) and state.round == 1


def test_setup_is_seeded() -> None:
    assert GAME.setup(3, 5) == GAME.setup(3, 5)
    assert GAME.setup(3, 5) != GAME.setup(3, 6)


@pytest.mark.parametrize("players", [1, 7])
def test_setup_refuses_player_counts_outside_2_to_6(players: int) -> None:
    with pytest.raises(IllegalAction) as caught:
        GAME.setup(players, 1)
    assert caught.value.code == "speiderne_players"


def test_setup_checks_max_rounds() -> None:
    assert GAME.setup(2, 1, {"max_rounds": 5}).max_rounds == 5
    for bad in (0, 501, "ten"):
        with pytest.raises(IllegalAction):
            GAME.setup(2, 1, {"max_rounds": bad})


# -- draw ----------------------------------------------------------------------------------
def test_draw_deck_takes_two_cards_top_first() -> None:
    state = build(hands={0: "2C"}, deck="KH 3S 4D", exact_deck=True)
    after, events = play(state, "draw deck")
    assert hand(after, 0) == ["2C", "3S", "KH"]
    assert events[0] == {"kind": "drew", "seat": 0, "player": 1, "count": 2}
    assert "KH" not in json.dumps(events) and "3S" not in json.dumps(events)
    assert after.turn == 1


def test_draw_deck_with_one_card_left_draws_one() -> None:
    state = build(hands={0: "2C"}, deck="KH", exact_deck=True)
    after, events = play(state, "draw deck")
    assert hand(after, 0) == ["2C", "KH"] and events[0]["count"] == 1


def test_draw_deck_reshuffles_the_discard_when_the_deck_runs_out() -> None:
    state = build(hands={0: "2C"}, deck="KH", discard="5S 6S", exact_deck=True)
    after, events = play(state, "draw deck")
    assert len(after.hands[0]) == 3 and "KH" in hand(after, 0)
    assert "reshuffled" in kinds(events)
    assert len(after.deck) == 1 and after.discard == ()


def test_draw_deck_refused_when_deck_and_discard_are_empty() -> None:
    state = build(hands={0: "2C"}, insurance="3D", exact_deck=True)
    assert "draw deck" not in GAME.legal_notations(state, 0)
    refused(state, 0, "draw deck", "speiderne_deck_empty")


def test_draw_insurance_refills_the_row_from_the_deck() -> None:
    state = build(insurance="7H KS 2D", deck="9C", exact_deck=True)
    after, events = play(state, "draw insurance 7h")
    assert hand(after, 0) == ["7H"]
    assert sorted(text_of(c) for c in after.insurance) == ["2D", "9C", "KS"]
    assert events[0]["kind"] == "took_insurance" and events[0]["refilled"] == "9C"


def test_insurance_refill_stops_when_no_card_is_left() -> None:
    state = build(insurance="7H KS 2D", exact_deck=True)
    after, _ = play(state, "draw insurance KS")
    assert len(after.insurance) == 2


def test_two_insurance_cards_need_a_lost_expedition() -> None:
    state = build(insurance="7H KS 2D")
    error = refused(state, 0, "draw insurance 7H KS", "speiderne_insurance_two")
    assert "previous turn" in error.reason
    allowed = build(insurance="7H KS 2D", bonus={0: True})
    assert "draw insurance 7H KS" in GAME.legal_notations(allowed, 0)
    after, _ = play(allowed, "draw insurance KS 7H")
    assert hand(after, 0) == ["7H", "KS"]


def test_draw_insurance_refuses_a_card_not_in_the_row() -> None:
    state = build(insurance="7H KS 2D")
    refused(state, 0, "draw insurance 8H", "speiderne_not_in_insurance")
    refused(state, 0, "draw insurance 7H 7H", "speiderne_insurance_two")
    bonus = build(insurance="7H KS 2D", bonus={0: True})
    refused(bonus, 0, "draw insurance 7H 7H", "speiderne_not_in_insurance")


# -- pass ----------------------------------------------------------------------------------
def test_pass_only_without_any_other_move() -> None:
    stuck = build(hands={0: "2C 3D 4H"}, exact_deck=True)
    assert GAME.legal_notations(stuck, 0) == ["pass"]
    after, events = play(stuck, "pass")
    assert after.turn == 1 and kinds(events)[0] == "passed"
    refused(build(hands={0: "2C"}), 0, "pass", "speiderne_pass_not_allowed")


# -- ready ---------------------------------------------------------------------------------
def test_ready_puts_three_cards_of_a_suit_on_a_free_place() -> None:
    state = build(hands={0: "2C 9C QC 5H"})
    assert "ready 2C 9C QC at B0" in GAME.legal_notations(state, 0)
    after, events = play(state, "ready qc 2c 9♣ at b0")
    assert hand(after, 0) == ["5H"]
    made = expedition(after, "E1")
    assert made is not None and made.at == "B0" and made.owner == 0 and not made.moved
    assert events[0] == {
        "kind": "readied",
        "seat": 0,
        "player": 1,
        "expedition": "E1",
        "cards": "2C 9C QC",
        "at": "B0",
    }
    public = GAME.view(after, None)["expeditions"][0]
    assert public["cards"] == ["2C", "9C", "QC"] and public["count"] == 3


def test_ready_offers_all_fourteen_starting_places() -> None:
    state = build(hands={0: "2C 9C QC"})
    places = {n.split()[-1] for n in GAME.legal_notations(state, 0) if n.startswith("ready")}
    expected = {f"{c}{r}" for c in "ABCD" for r in (0, 4)} | {
        f"{s}{r}" for s in "LR" for r in (1, 2, 3)
    }
    assert places == expected


def test_ready_refusals() -> None:
    state = build(hands={0: "2C 9C QC 5H 6H"}, expeditions=[("E1", 1, "B0", "2S 3S 4S", False)])
    refused(state, 0, "ready 2C 9C QC at B0", "speiderne_place_taken")
    refused(state, 0, "ready 2C 9C QC at B1", "speiderne_not_a_starting_place")
    refused(state, 0, "ready 2C 9C QC at Z9", "speiderne_not_a_starting_place")
    refused(state, 0, "ready 2C 9C KC at C0", "speiderne_not_in_hand")
    refused(state, 0, "ready 2C 5H 6H at C0", "speiderne_mixed_suits")


def test_two_decks_allow_both_copies_of_a_card() -> None:
    state = build(players=4, hands={0: "7H 7H 9H"})
    assert "ready 7H 7H 9H at A0" in GAME.legal_notations(state, 0)
    after, _ = play(state, "ready 7H 7H 9H at A0")
    made = expedition(after, "E1")
    assert made is not None and len(set(made.cards)) == 3
    assert exp_cards(after, "E1") == ["7H", "7H", "9H"]
    refused(
        build(players=4, hands={0: "7H 9H 10H"}), 0, "ready 7H 7H 9H at A0", "speiderne_not_in_hand"
    )


# -- move ----------------------------------------------------------------------------------
def test_move_from_a_starting_place_only_to_its_region() -> None:
    state = build(hands={0: "2D"}, expeditions=[("E1", 0, "L2", "5S 6S 7S", False)])
    moves = [n for n in GAME.legal_notations(state, 0) if n.startswith("move")]
    assert moves == ["move E1 to A2"]
    error = refused(state, 0, "move E1 to B2", "speiderne_not_adjacent")
    assert "B2 is not next to your expedition E1" in error.reason
    refused(state, 0, "move E1 to A0", "speiderne_not_a_region")
    refused(state, 0, "move E2 to A2", "speiderne_no_expedition")


def test_moving_someone_elses_expedition_is_refused() -> None:
    state = build(expeditions=[("E1", 1, "L2", "5S 6S 7S", False)])
    error = refused(state, 0, "move E1 to A2", "speiderne_no_expedition")
    assert error.reason == "you have no expedition E1"


def test_region_moves_are_orthogonal() -> None:
    state = build(
        hands={0: "2D"},
        regions={"B2": "5H"},
        discovered={"B2": 1},
        expeditions=[("E1", 0, "B2", "5S 6S 7S", True)],
    )
    moves = sorted(n.split()[-1] for n in GAME.legal_notations(state, 0) if n.startswith("move"))
    assert moves == ["A2", "B1", "B3", "C2"]


def test_moving_onto_a_discovered_region_just_moves() -> None:
    state = build(
        hands={0: "2D 3D"},
        regions={"A1": "9C", "B1": "4S"},
        discovered={"A1": 1, "B1": 1},
        expeditions=[("E1", 0, "A1", "5S 6S 7S", True), ("E2", 1, "B1", "5H 6H 7H", True)],
    )
    after, events = play(state, "move E1 to B1")
    assert expedition(after, "E1").at == "B1" and expedition(after, "E2").at == "B1"
    assert region(after, "B1").by == 1  # the point stays with its discoverer
    assert "revealed" not in kinds(events) and "storm" not in kinds(events)
    # moving onto a discovered spade region does not make the funding windless
    assert after.turn == 0 and after.pending == Pending("fund", "E1", owed=1)


# -- region events -------------------------------------------------------------------------
def storm_position(hand_cards: str, deck: str, exp_cards_: str = "5S 6S 7S") -> State:
    return build(
        hands={0: hand_cards},
        regions={"A1": "9C"},
        deck=deck,
        expeditions=[("E1", 0, "A0", exp_cards_, False)],
    )


def test_storm_defended_twice_keeps_the_expedition_and_scores() -> None:
    state = storm_position("10D QH 2S", deck="JC")
    after, events = play(state, "move E1 to A1")
    assert after.pending == Pending("defend", "E1", "A1", 1, after.pending.against)
    assert text_of(after.pending.against) == "9C"
    view = GAME.view(after, 0)
    assert view["regions"]["A1"] == {"card": "9C", "by": None}
    assert view["pending"] == {
        "kind": "defend",
        "against": "9C",
        "threat": 1,
        "expedition": "E1",
        "region": "A1",
    }
    assert GAME.legal_notations(after, 0) == ["defend 10D", "defend QH", "defend none"]
    refused(after, 0, "defend 2S", "speiderne_defend_too_low")
    refused(after, 0, "draw deck", "speiderne_answer_storm")
    after, events = play(after, "defend 10d")
    assert after.pending.threat == 2 and text_of(after.pending.against) == "JC"
    after, events = play(after, "defend QH")
    assert exp_cards(after, "E1") == ["5S", "6S", "7S"]
    assert expedition(after, "E1").at == "A1" and region(after, "A1").by == 0
    assert sorted(text_of(c) for c in after.discard) == ["10D", "JC", "QH"]
    assert kinds(events)[:2] == ["storm", "discovered"]
    assert after.pending == Pending("fund", "E1", owed=1)


def test_storm_undefended_costs_the_lowest_card_per_threat() -> None:
    state = storm_position("KD", deck="3C")
    after, _ = play(state, "move E1 to A1", "defend none")
    # KD could beat the second threat (3C) too, so the player is asked again
    assert after.pending.threat == 2
    after, events = play(after, "defend none")
    assert exp_cards(after, "E1") == ["7S"]
    assert sorted(text_of(c) for c in after.discard) == ["3C", "5S", "6S"]
    assert region(after, "A1").by == 0 and text_of(region(after, "A1").card) == "9C"


def test_unbeatable_threats_settle_without_asking() -> None:
    state = storm_position("2D 3D", deck="KC")
    after, events = play(state, "move E1 to A1")
    assert [e["lost"] for e in events if e["kind"] == "storm"] == ["5S", "6S"]
    assert exp_cards(after, "E1") == ["7S"] and region(after, "A1").by == 0
    assert after.pending == Pending("fund", "E1", owed=1)


def test_storm_second_threat_only_if_cards_are_left_and_sinking_replaces_the_region() -> None:
    state = build(
        hands={0: "2D"},
        regions={"A1": "9C"},
        deck="KC 4H",
        exact_deck=True,
        expeditions=[("E1", 0, "A0", "5S", False)],
    )
    after, events = play(state, "move E1 to A1")
    assert [e["threat"] for e in events if e["kind"] == "storm"] == [1]
    assert expedition(after, "E1") is None
    a1 = region(after, "A1")
    assert not a1.revealed and a1.by is None and text_of(a1.card) == "KC"
    assert sorted(text_of(c) for c in after.discard) == ["5S", "9C"]
    assert {
        "kind": "sank",
        "seat": 0,
        "player": 1,
        "expedition": "E1",
        "region": "A1",
        "cause": "storm",
    } in events
    assert after.turn == 1 and after.insurance_bonus == (True, False)
    assert GAME.view(after, None)["scores"] == {"0": 0, "1": 0}


def test_lost_expedition_bonus_lasts_exactly_one_turn() -> None:
    state = build(
        hands={0: "2D", 1: "3D"},
        regions={"A1": "9C"},
        insurance="4H 5H 6H",
        expeditions=[("E1", 0, "A0", "5S", False)],
    )
    state, _ = play(state, "move E1 to A1", "draw deck")
    assert "draw insurance 4H 5H" in GAME.legal_notations(state, 0)
    state, _ = play(state, "draw deck", "draw deck")
    assert state.insurance_bonus == (False, False)
    refused(state, 0, "draw insurance 4H 5H", "speiderne_insurance_two")


def test_windless_makes_funding_cost_two_this_turn_only() -> None:
    state = build(
        hands={0: "2D 3D 4D", 1: "5C"},
        regions={"A1": "8S"},
        expeditions=[("E1", 0, "A0", "5H 6H 7H", False)],
    )
    after, events = play(state, "move E1 to A1")
    assert "windless" in kinds(events) and region(after, "A1").by == 0
    assert after.pending == Pending("fund", "E1", owed=2)
    assert GAME.view(after, 0)["expeditions"][0]["windless"] is True
    after, _ = play(after, "fund E1 2D")
    assert after.pending == Pending("fund", "E1", owed=1)
    after, _ = play(after, "fund E1 3D")
    assert after.turn == 1 and not expedition(after, "E1").windless
    after, _ = play(after, "draw deck", "draw deck")
    assert after.pending == Pending("fund", "E1", owed=1)


def test_pirates_take_the_fewest_cards_highest_first() -> None:
    state = build(
        hands={0: "2D"},
        regions={"A1": "10H"},
        expeditions=[("E1", 0, "A0", "4S 8S 9S", False)],
    )
    after, events = play(state, "move E1 to A1")
    pirates = next(e for e in events if e["kind"] == "pirates")
    assert pirates["lost"] == "8S 9S"  # 9 alone is not more than 10; 9+8 is
    assert exp_cards(after, "E1") == ["4S"] and region(after, "A1").by == 0


def test_pirates_can_sink_an_expedition() -> None:
    state = build(
        hands={0: "2D"},
        regions={"A1": "AH"},
        deck="3C",
        expeditions=[("E1", 0, "A0", "4S 5S 6S", False)],
    )
    after, events = play(state, "move E1 to A1")
    assert expedition(after, "E1") is None and not region(after, "A1").revealed
    assert text_of(region(after, "A1").card) == "3C"
    assert any(e["kind"] == "sank" and e["cause"] == "pirates" for e in events)


@pytest.mark.parametrize(("treasure", "kept"), [("5D", ["4S", "8S", "9S"]), ("6D", ["8S", "9S"])])
def test_treasure_draws_a_card_and_a_big_island_costs_one(treasure: str, kept: list[str]) -> None:
    state = build(
        hands={0: "2C"},
        regions={"A1": treasure},
        deck="KH",
        expeditions=[("E1", 0, "A0", "4S 8S 9S", False)],
    )
    after, events = play(state, "move E1 to A1")
    assert "KH" in hand(after, 0) and exp_cards(after, "E1") == kept
    event = next(e for e in events if e["kind"] == "treasure")
    assert event["drew"] == 1 and "KH" not in json.dumps(events)


def test_treasure_can_sink_a_one_card_expedition() -> None:
    state = build(hands={0: "2C"}, regions={"A1": "9D"}, expeditions=[("E1", 0, "A0", "4S", False)])
    after, _ = play(state, "move E1 to A1")
    assert expedition(after, "E1") is None and region(after, "A1").by is None


# -- funding -------------------------------------------------------------------------------
def test_funding_after_every_turn_for_moved_expeditions_only() -> None:
    state = build(
        hands={0: "2D 3D"},
        expeditions=[("E1", 0, "A1", "5S 6S 7S", True), ("E2", 0, "C0", "5H 6H 7H", False)],
        discovered={"A1": 0},
    )
    after, _ = play(state, "draw deck")
    assert after.pending == Pending("fund", "E1", owed=1) and after.turn == 0
    assert GAME.view(after, 0)["pending"] == {"kind": "fund", "expedition": "E1", "cards": 1}
    refused(after, 0, "fund E2 2D", "speiderne_wrong_expedition")
    refused(after, 0, "draw deck", "speiderne_answer_funding")
    refused(after, 0, "fund E1 KS", "speiderne_not_in_hand")
    refused(after, 0, "defend 2D", "speiderne_answer_funding")
    after, events = play(after, "fund E1 2D")
    assert after.turn == 1 and "2D" not in hand(after, 0)
    assert events[0]["kind"] == "funded" and events[0]["card"] == "2D"


def test_funding_several_expeditions_in_id_order() -> None:
    state = build(
        hands={0: "2D 3D 4D"},
        discovered={"A1": 0, "D1": 0},
        expeditions=[("E3", 0, "A1", "5S 6S 7S", True), ("E2", 0, "D1", "5H 6H 7H", True)],
    )
    after, _ = play(state, "draw deck")
    assert after.pending.expedition == "E2"
    after, _ = play(after, "fund E2 none")
    assert exp_cards(after, "E2") == ["6H", "7H"] and after.pending.expedition == "E3"


def test_declining_funding_costs_the_lowest_card_and_can_sink_keeping_the_point() -> None:
    state = build(
        hands={0: "2D", 1: "3C"},
        insurance="4H",
        discovered={"A1": 0},
        expeditions=[("E1", 0, "A1", "5S", True)],
    )
    after, events = play(state, "draw insurance 4H", "fund E1 none")
    assert expedition(after, "E1") is None and region(after, "A1").by == 0
    assert {
        "kind": "sank",
        "seat": 0,
        "player": 1,
        "expedition": "E1",
        "region": "-",
        "cause": "funding",
    } in events
    assert after.insurance_bonus[0] is True


def test_empty_hand_settles_funding_without_asking() -> None:
    state = build(
        hands={0: "2D 3D 4D"},
        regions={"A1": "8S"},
        expeditions=[("E1", 0, "A0", "5H 6H 7H", False)],
    )
    state = replace(state, hands=((), state.hands[1]))
    after, events = play(state, "move E1 to A1")
    assert after.turn == 1 and exp_cards(after, "E1") == ["7H"]
    assert [e["lost"] for e in events if e["kind"] == "funded"] == ["5H", "6H"]


def test_funding_answers_one_card_at_a_time_and_stops_when_sunk() -> None:
    state = build(
        hands={0: "2D 3D"},
        regions={"A1": "8S"},
        expeditions=[("E1", 0, "A0", "5H", False)],
    )
    after, _ = play(state, "move E1 to A1", "fund E1 none")
    assert expedition(after, "E1") is None and after.turn == 1 and region(after, "A1").by == 0


# -- turn order and end --------------------------------------------------------------------
def test_not_your_turn_and_bad_seat() -> None:
    state = build(players=3)
    error = refused(state, 1, "draw deck", "not_your_turn")
    assert error.reason.startswith("it is not your turn")
    refused(state, 5, "draw deck", "not_your_turn")
    refused(state, 0, "defend none", "speiderne_nothing_to_answer")
    assert GAME.legal_actions(state, 1) == []


def test_rounds_advance_after_the_last_seat() -> None:
    state = build(players=3)
    after, events = play(state, "draw deck", "draw deck")
    assert after.round == 1 and after.turn == 2
    after, events = play(after, "draw deck")
    assert after.round == 2 and after.turn == 0 and events[-1]["kind"] == "turn"


def test_game_ends_after_the_turn_that_discovers_the_last_region() -> None:
    found = {name: 1 for name in REGIONS if name != "A1"}
    state = build(
        hands={0: "2D 3D"},
        regions={"A1": "3H"},
        discovered=found,
        expeditions=[("E1", 0, "A0", "8S 9S 10S", False)],
    )
    after, _ = play(state, "move E1 to A1")
    assert not GAME.status(after).over and after.pending.kind == "fund"
    after, events = play(after, "fund E1 2D")
    status = GAME.status(after)
    assert status.over and status.winners == (1,) and status.scores == (1, 11)
    assert events[-1]["kind"] == "game_over" and events[-1]["end"] == "all_discovered"
    assert GAME.score(after) == {
        "rounds": 1,
        "end": "all_discovered",
        "seats": [{"points": 1}, {"points": 11}],
    }
    assert GAME.legal_actions(after, 1) == []
    refused(after, 1, "draw deck", "game_over")


def test_game_ends_after_the_last_round_with_shared_wins() -> None:
    state = build(players=3, discovered={"A1": 0, "B1": 2}, turn=1, round_=3, max_rounds=3)
    after, _ = play(state, "draw deck")
    assert not GAME.status(after).over
    after, _ = play(after, "draw deck")
    status = GAME.status(after)
    assert status.result == "finished" and status.winners == (0, 2)
    assert GAME.score(after)["end"] == "max_rounds"
    assert GAME.view(after, None)["to_move"] is None


# -- notation ------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("typed", "canonical"),
    [
        ("DRAW DECK", "draw deck"),
        ("draw insurance ks th", "draw insurance 10H KS"),
        ("Ready QC 2c 9C at b0", "ready 2C 9C QC at B0"),
        ("move e1 to b1", "move E1 to B1"),
        ("move E01 B1", "move E1 to B1"),
        ("defend td", "defend 10D"),
        ("Defend NONE", "defend none"),
        ("fund e2 4s", "fund E2 4S"),
        ("fund E2 None", "fund E2 none"),
        ("  pass ", "pass"),
        ("ready 7H 7D 7C at L1", "ready 7C 7D 7H at L1"),
    ],
)
def test_parse_is_forgiving_and_format_is_canonical(typed: str, canonical: str) -> None:
    assert GAME.format_action(GAME.parse_action(typed)) == canonical
    assert GAME.format_action(GAME.parse_action(canonical)) == canonical


@pytest.mark.parametrize(
    "typed",
    [
        "",
        "draw",
        "draw deck now",
        "ready 2C 9C at B0",
        "move X1 to B1",
        "defend 1Z",
        "fund E1",
        "jump",
        "draw insurance 7H 8H 9H",
        "move E1 to B",
    ],
)
def test_unreadable_moves_explain_the_expected_forms(typed: str) -> None:
    with pytest.raises(IllegalAction) as caught:
        GAME.parse_action(typed)
    assert caught.value.code == "notation"
    assert "draw deck" in caught.value.reason and "move E1 to B1" in caught.value.reason


# -- views ---------------------------------------------------------------------------------
def test_views_hide_other_hands_and_face_down_regions() -> None:
    state = build(hands={0: "2C 3C", 1: "KH"}, regions={"A1": "9C"}, discovered={"B1": 1})
    mine = GAME.view(state, 0)
    assert mine["hand"] == ["2C", "3C"] and mine["hand_sizes"] == {"0": 2, "1": 1}
    assert "KH" not in json.dumps({k: v for k, v in mine.items() if k != "regions"})
    assert mine["regions"]["A1"] == {"card": None, "by": None}
    assert mine["regions"]["B1"]["by"] == 1 and mine["regions"]["B1"]["card"] is not None
    public = GAME.view(state, None)
    assert "hand" not in public and public["viewer"] is None
    assert json.loads(json.dumps(public)) == public
    assert "player 1 to move" in GAME.describe(mine)


def test_view_lists_everything_the_board_needs() -> None:
    view = GAME.view(GAME.setup(3, 2), 1)
    for key in (
        "grid",
        "regions",
        "starting_places",
        "free_places",
        "expeditions",
        "insurance",
        "hand",
        "hand_sizes",
        "scores",
        "insurance_bonus",
        "deck",
        "discard",
        "discard_top",
        "turn",
        "round",
        "max_rounds",
        "to_move",
        "pending",
        "last_action",
        "last_events",
        "last_region_event",
        "status",
        "end",
        "players",
        "decks",
        "viewer",
    ):
        assert key in view, key
    assert view["grid"][0] == ["A1", "B1", "C1", "D1"] and view["starting_places"]["L3"] == "A3"


def test_last_action_and_events_are_in_the_view() -> None:
    state = build(
        hands={0: "2C"}, regions={"A1": "8H"}, expeditions=[("E1", 0, "A0", "5S 6S 7S", False)]
    )
    after, _ = play(state, "move E1 to A1")
    view = GAME.view(after, None)
    assert view["last_action"] == {"seat": 0, "action": "move E1 to A1"}
    assert view["last_region_event"]["kind"] == "pirates"
    assert [e["kind"] for e in view["last_events"]][:3] == ["moved", "revealed", "pirates"]


def test_json_round_trip_of_a_pending_state() -> None:
    state = storm_position("10D QH 2S", deck="JC")
    after, _ = play(state, "move E1 to A1")
    assert GAME.from_json(GAME.to_json(after)) == after


def test_apply_does_not_touch_its_input() -> None:
    state = storm_position("10D QH 2S", deck="JC")
    before = GAME.to_json(state)
    play(state, "move E1 to A1", "defend QH")
    assert GAME.to_json(state) == before


@pytest.mark.parametrize(
    "action",
    [Action("fly"), Action("ready", ("7H", "8H"), target="A0"), Action("defend", ("2C", "3C"))],
)
def test_hand_made_malformed_actions_are_refused(action: Action) -> None:
    state = build(hands={0: "7H 8H 2C 3C"})
    with pytest.raises(IllegalAction) as caught:
        GAME.apply(state, 0, action)
    assert caught.value.code == "notation"
