"""Cartographer's Expedition: one or more tests per rule and Decision of docs/games/cartographer.md."""

from __future__ import annotations

import pytest

from gamecore.cards import Card, card, full_deck
from gamecore.contract import IllegalAction
from gamecore.games import cartographer as mod
from gamecore.games.cartographer import CELL_NAMES, GAME, Exchange, Reveal
from gamecore.rng import Rng

C = card


def position(rows: list[str], hand: str, pile: str = "2C 3C 4C", discard: str = "", **extra):
    """A hand-made state. Row tokens: ``7H`` face-up, ``?7H`` face-down, ``--`` empty."""
    cells: list[str] = []
    face_up: list[str] = []
    for r, row in enumerate(rows):
        tokens = row.split()
        assert len(tokens) == 5
        for c, token in enumerate(tokens):
            name = "ABCDE"[c] + str(r + 1)
            if token == "--":
                cells.append("")
            elif token.startswith("?"):
                cells.append(token[1:])
            else:
                cells.append(token)
                face_up.append(name)
    data = {
        "cells": cells,
        "face_up": face_up,
        "hand": hand.split(),
        "pile": pile.split(),
        "discard": discard.split(),
        "rng": 7,
        **extra,
    }
    return GAME.state_from_dict(data)


# A typical start: centre 7H face-up, everything else face-down.
START = [
    "?AS ?2S ?3S ?4S ?AH",
    "?5S ?6S ?7S ?8S ?9S",
    "?10S ?JS 7H ?QS ?KS",
    "?2D ?3D ?4D ?5D ?6D",
    "?AD ?7D ?8D ?9D ?AC",
]


def rv(text: str) -> Reveal:
    return GAME.parse_action(text)


def codes(state, text: str) -> str:
    with pytest.raises(IllegalAction) as info:
        GAME.apply(state, 0, GAME.parse_action(text))
    return info.value.code


# -- setup ---------------------------------------------------------------------------------
@pytest.mark.parametrize("seed", range(30))
def test_setup_counts_and_hidden_aces(seed: int) -> None:
    state = GAME.setup(1, seed)
    view = GAME.view(state, 0)
    assert len(state.hand) == 4
    assert all(state.cells[i].rank == "A" for i in mod.CORNERS)
    assert all(view["grid"][CELL_NAMES[i]] is None for i in mod.CORNERS)
    inner = [state.cells[i] for i in mod.INNER_CELLS]
    assert all(c is not None and c.rank != "A" for c in inner)
    assert all(view["grid"][CELL_NAMES[i]] is None for i in mod.INNER_CELLS)
    centre = state.cells[mod.CENTRE]
    assert centre is not None and view["grid"]["C3"] == str(centre)
    assert len(state.pile) == 23 and view["pile"] == 23
    everything = [c for c in state.cells if c] + list(state.hand) + list(state.pile)
    assert sorted(everything) == sorted(full_deck())
    assert view["no_starting_point"] is False and view["status"] == "playing"
    assert view["last_action"] is None and view["discard"] == []


def test_setup_centre_is_suitable_for_initial_hand() -> None:
    for seed in range(200):
        state = GAME.setup(1, seed)
        centre = state.cells[mod.CENTRE]
        assert not centre.is_court
        assert any(h.suit == centre.suit or h.rank == centre.rank for h in state.hand)


def test_setup_ace_order_is_random_and_seed_determines_game() -> None:
    orders = {tuple(str(GAME.setup(1, s).cells[i]) for i in mod.CORNERS) for s in range(60)}
    assert len(orders) > 10
    assert GAME.setup(1, 42) == GAME.setup(1, 42)
    assert GAME.setup(1, 42) != GAME.setup(1, 43)


def test_setup_refuses_other_player_counts_and_options() -> None:
    with pytest.raises(IllegalAction):
        GAME.setup(2, 1)
    with pytest.raises(IllegalAction):
        GAME.setup(1, 1, {"variant": "x"})


def test_suitable_centre_decision() -> None:
    hand = [C("10S"), C("JS"), C("QS"), C("KS")]
    # A court card is never suitable; a non-court card needs a suit or rank match.
    assert not mod.is_suitable_centre(C("10S"), hand)
    assert mod.is_suitable_centre(C("5S"), hand)
    assert not mod.is_suitable_centre(C("5H"), hand)
    assert mod.is_suitable_centre(C("7D"), [C("7C")])


def test_empty_centre_when_no_card_is_suitable(monkeypatch: pytest.MonkeyPatch) -> None:
    """Setup 5 Decision: every card tried, none suitable -> the centre stays empty."""
    monkeypatch.setattr(mod, "is_suitable_centre", lambda _candidate, _hand: False)
    state = GAME.setup(1, 3)
    view = GAME.view(state, 0)
    assert state.cells[mod.CENTRE] is None
    assert view["grid"]["C3"] == "" and view["no_starting_point"] is True
    assert view["pile"] == 24
    assert GAME.status(state).detail["no_starting_point"] is True
    # Only exchanges remain until the pile is empty, then the game is lost.
    legal = GAME.legal_actions(state, 0)
    assert legal and all(isinstance(a, Exchange) for a in legal)
    steps = 0
    while state.result == "playing":
        legal = GAME.legal_actions(state, 0)
        assert all(isinstance(a, Exchange) for a in legal)
        state, events = GAME.apply(state, 0, legal[0])
        steps += 1
    assert state.result == "lost" and steps == 24
    assert [e.kind for e in events][-2:] == ["pile_empty", "lost"]


def test_centre_is_uniform_among_suitable_cards() -> None:
    """The equivalent implementation of Setup 5: every suitable card can become the centre."""
    seen = {str(GAME.setup(1, s).cells[mod.CENTRE]) for s in range(400)}
    assert len(seen) > 25
    assert not any(c[:-1] in {"10", "J", "Q", "K", "A"} for c in seen)


# -- action A: reveal ----------------------------------------------------------------------
def test_reveal_discards_turns_and_draws() -> None:
    state = position(START, "7C 2H QD KC", pile="9H 10H")
    new, events = GAME.apply(state, 0, rv("reveal C3 2H C2"))
    assert new is not state and state.hand == (C("7C"), C("2H"), C("QD"), C("KC"))
    view = GAME.view(new, 0)
    assert view["grid"]["C2"] == "7S"
    assert view["hand"] == ["7C", "QD", "KC", "9H"]
    assert view["discard"] == ["2H"] and view["pile"] == 1
    assert view["last_action"] == "reveal C3 2H C2"
    assert [e.kind for e in events] == ["revealed", "drew"]
    assert events[0].data == {"source": "C3", "card": "2H", "target": "C2", "revealed": "7S"}


def test_reveal_by_rank_on_a_non_court_card() -> None:
    state = position(START, "7C 2D QD KC")
    new, _ = GAME.apply(state, 0, rv("reveal C3 7C D3"))
    assert GAME.view(new, 0)["grid"]["D3"] == "QS"


def test_reveal_without_match_is_refused() -> None:
    state = position(START, "2C 2D QD KC")
    assert codes(state, "reveal C3 2C C2") == "not_matching"
    with pytest.raises(IllegalAction, match="2C does not match 7H"):
        GAME.apply(state, 0, rv("reveal C3 2C C2"))


def test_court_source_needs_same_rank() -> None:
    rows = [r for r in START]
    rows[2] = "?10S ?JS QH ?9H ?KS"
    state = position(rows, "2H QC 5D 6D")
    # Same suit is not enough on a court card.
    with pytest.raises(IllegalAction, match="needs a hand card of rank Q") as info:
        GAME.apply(state, 0, rv("reveal C3 2H C2"))
    assert info.value.code == "court_needs_rank"
    GAME.apply(state, 0, rv("reveal C3 QC C2"))
    legal = {GAME.format_action(a) for a in GAME.legal_actions(state, 0)}
    assert {a for a in legal if a.startswith("reveal")} == {
        "reveal C3 QC C2",
        "reveal C3 QC B3",
        "reveal C3 QC D3",
        "reveal C3 QC C4",
    }


def test_ten_is_a_court_card() -> None:
    rows = list(START)
    rows[2] = "?10S ?JS 10H ?9H ?KS"
    state = position(rows, "2H 3H 10C 6D")
    legal = {GAME.format_action(a) for a in GAME.legal_actions(state, 0) if isinstance(a, Reveal)}
    assert legal == {"reveal C3 10C C2", "reveal C3 10C B3", "reveal C3 10C D3", "reveal C3 10C C4"}


def test_revealed_cards_and_aces_are_sources() -> None:
    rows = [
        "AS ?2S ?3S ?4S ?AH",
        "?5S ?6S ?7S ?8S ?9S",
        "?10S ?JS 7H ?QS ?KS",
        "?2D ?3D ?4D ?5D ?6D",
        "?AD ?7D ?8D ?9D ?AC",
    ]
    state = position(rows, "9S 2D 3D 4D")
    legal = {GAME.format_action(a) for a in GAME.legal_actions(state, 0) if isinstance(a, Reveal)}
    # The ace of spades (not a court card) matches 9S by suit: it may reveal B1 and A2.
    assert {"reveal A1 9S B1", "reveal A1 9S A2"} <= legal


def test_reveal_refusals_are_specific() -> None:
    state = position(START, "7C 2H QD KC")
    assert codes(state, "reveal C3 9H C2") == "not_in_hand"
    with pytest.raises(IllegalAction, match="9H is not in your hand"):
        GAME.apply(state, 0, rv("reveal C3 9H C2"))
    assert codes(state, "reveal C2 2H C1") == "source_face_down"
    assert codes(state, "reveal C3 2H C3") == "target_face_up"
    assert codes(state, "reveal C3 2H B2") == "not_adjacent"  # diagonal
    with pytest.raises(IllegalAction, match="C1 is not next to C3"):
        GAME.apply(state, 0, rv("reveal C3 2H C1"))
    with pytest.raises(IllegalAction) as info:
        GAME.apply(state, 0, Reveal("Z9", C("2H"), "C2"))
    assert info.value.code == "unknown_cell"


def test_empty_centre_is_neither_source_nor_target() -> None:
    rows = list(START)
    rows[2] = "?10S ?JS -- ?QS ?KS"
    state = position(rows, "7C 2H QD KC")
    assert codes(state, "reveal C3 2H C2") == "source_empty"
    rows2 = list(START)
    rows2[2] = "?10S JS -- ?QS ?KS"
    state2 = position(rows2, "7C 2H QD KS")
    assert codes(state2, "reveal B3 KS C3") == "target_empty"
    assert all(a.target != "C3" for a in GAME.legal_actions(state2, 0) if isinstance(a, Reveal))


def test_last_ace_wins_even_when_the_draw_empties_the_pile() -> None:
    """End of the game 1 Decision: the win is checked first."""
    rows = [
        "AS 2S ?3S ?4S AH",
        "?5S ?6S ?7S ?8S ?9S",
        "?10S ?JS 7H ?QS ?KS",
        "?2D ?3D ?4D ?5D ?6D",
        "AD ?7D ?8D 9D ?AC",
    ]
    state = position(rows, "9C 2H QD KC", pile="5H")
    new, events = GAME.apply(state, 0, rv("reveal D5 9C E5"))
    assert new.result == "won" and GAME.view(new, 0)["pile"] == 0
    kinds = [e.kind for e in events]
    assert kinds == ["revealed", "ace_found", "drew", "won"]
    assert events[1].data == {"cell": "E5", "card": "AC", "aces": 4}
    status = GAME.status(new)
    assert status.result == "won" and status.to_move == () and status.scores == (4.0,)
    assert GAME.legal_actions(new, 0) == []
    assert codes(new, "exchange 2H") == "game_over"


def test_empty_pile_loses_even_with_reveals_left() -> None:
    """End of the game 2: the empty pile is the first loss condition."""
    state = position(START, "7C 2H QD KC", pile="5H")
    new, events = GAME.apply(state, 0, rv("reveal C3 2H C2"))
    assert new.result == "lost"
    assert [e.kind for e in events] == ["revealed", "drew", "pile_empty", "lost"]
    assert GAME.status(new).result == "lost" and GAME.status(new).scores == (0.0,)
    assert GAME.score(new)["score"]["end"] == "pile_empty"


def test_no_legal_action_loses() -> None:
    """End of the game 3 (only reachable by hand-made positions: the hand never empties)."""
    state = position(START, "", pile="5H 6H")
    assert state.result == "lost"
    assert GAME.legal_actions(state, 0) == []
    assert GAME.score(state)["score"]["end"] == "no_moves"


def test_ace_found_event() -> None:
    rows = [
        "?AS 2S ?3S ?4S ?AH",
        "?5S ?6S ?7S ?8S ?9S",
        "?10S ?JS 7H ?QS ?KS",
        "?2D ?3D ?4D ?5D ?6D",
        "?AD ?7D ?8D ?9D ?AC",
    ]
    state = position(rows, "9S 2D 3D 4D")
    new, events = GAME.apply(state, 0, rv("reveal B1 9S A1"))
    assert events[1].kind == "ace_found" and events[1].data["aces"] == 1
    assert GAME.score(new)["score"] == {
        "result": "playing",
        "end": "playing",
        "aces": 1,
        "cells_revealed": 2,
        "pile_left": 2,
    }


# -- action B: exchange --------------------------------------------------------------------
def test_exchange_allowed_even_when_reveal_possible() -> None:
    state = position(START, "7C 2H QD KC", pile="9H 10H")
    legal = GAME.legal_notations(state, 0)
    assert "exchange 2H" in legal and "reveal C3 2H C2" in legal
    new, events = GAME.apply(state, 0, GAME.parse_action("exchange QD"))
    assert GAME.view(new, 0)["hand"] == ["7C", "2H", "KC", "9H"]
    assert [e.kind for e in events] == ["exchanged", "drew"]
    assert events[0].data == {"card": "QD"}


def test_exchange_needs_a_card_in_hand_and_a_pile() -> None:
    state = position(START, "7C 2H QD KC")
    assert codes(state, "exchange 9D") == "not_in_hand"
    empty = position(START, "7C 2H QD KC", pile="", result="playing")
    with pytest.raises(IllegalAction, match="the draw pile is empty, so you cannot exchange"):
        GAME.apply(empty, 0, GAME.parse_action("exchange 2H"))
    assert all(not isinstance(a, Exchange) for a in GAME.legal_actions(empty, 0))


def test_only_player_zero_moves() -> None:
    state = position(START, "7C 2H QD KC")
    with pytest.raises(IllegalAction) as info:
        GAME.apply(state, 1, GAME.parse_action("exchange 2H"))
    assert info.value.code == "not_your_turn"
    assert GAME.legal_actions(state, 1) == []
    with pytest.raises(IllegalAction) as info:
        GAME.apply(state, 0, "exchange 2H")  # type: ignore[arg-type]
    assert info.value.code == "unknown_action"


def test_legal_actions_exact_on_start_position() -> None:
    state = position(START, "7C 2H QD KC")
    assert GAME.legal_notations(state, 0) == sorted(
        [f"reveal C3 {h} {t}" for h in ("7C", "2H") for t in ("C2", "B3", "D3", "C4")]
        + ["exchange 7C", "exchange 2H", "exchange QD", "exchange KC"]
    )


# -- notation ------------------------------------------------------------------------------
def test_parse_is_tolerant_and_format_canonical() -> None:
    action = GAME.parse_action("  REVEAL   c3  th   c2 ")
    assert action == Reveal("C3", C("10H"), "C2")
    assert GAME.format_action(action) == "reveal C3 10H C2"
    assert GAME.format_action(GAME.parse_action("Exchange 10s")) == "exchange 10S"
    assert GAME.parse_action("exchange ts") == Exchange(C("10S"))


@pytest.mark.parametrize(
    "text, fragment",
    [
        ("", "expected reveal"),
        ("jump C3", "unknown move"),
        ("reveal C3 7H", "reveal <face-up cell> <hand card> <face-down cell>"),
        ("reveal C9 7H C2", "'C9' is not a cell"),
        ("reveal C3 1H C2", "'1H' is not a card"),
        ("exchange", "exchange <hand card>"),
        ("exchange 7H 8H", "exchange <hand card>"),
    ],
)
def test_parse_errors_show_the_expected_form(text: str, fragment: str) -> None:
    with pytest.raises(IllegalAction) as info:
        GAME.parse_action(text)
    assert info.value.code == "notation"
    assert fragment in info.value.reason


# -- views, encoding, description, players --------------------------------------------------
def test_view_keys_and_json_round_trip() -> None:
    state = GAME.setup(1, 5)
    assert set(GAME.view(state, 0)) == {
        "grid",
        "hand",
        "pile",
        "discard",
        "no_starting_point",
        "status",
        "last_action",
    }
    assert GAME.view(state, None) == GAME.view(state, 0)
    state, _ = GAME.apply(state, 0, GAME.legal_actions(state, 0)[-1])
    assert GAME.from_json(GAME.to_json(state)) == state
    assert GAME.state_from_dict(GAME.state_to_dict(state)) == state


def test_describe_shows_board_and_hand() -> None:
    state = position(START, "7C 2H QD KC")
    text = GAME.describe(GAME.view(state, 0))
    assert "7H" in text and "Hand: 7C 2H QD KC" in text and "[..]" in text
    assert "7S" not in text
    rows = list(START)
    rows[2] = "?10S ?JS -- ?QS ?KS"
    assert "No starting point" in GAME.describe(GAME.view(position(rows, "7C"), 0))


def test_descriptor() -> None:
    assert GAME.id == "cartographer" and GAME.min_players == GAME.max_players == 1
    assert GAME.options == () and GAME.headline_score == "aces"
    assert set(GAME.players()) == {"random", "heuristic"}


def test_heuristic_takes_a_corner_and_avoids_needless_exchanges() -> None:
    rows = [
        "?AS 2S ?3S ?4S ?AH",
        "?5S ?6S ?7S ?8S ?9S",
        "?10S ?JS 7H ?QS ?KS",
        "?2D ?3D ?4D ?5D ?6D",
        "?AD ?7D ?8D ?9D ?AC",
    ]
    state = position(rows, "9S 7C 3D 4D")
    heuristic = GAME.players()["heuristic"]
    choice = heuristic(GAME.view(state, 0), GAME.legal_actions(state, 0), Rng(1))
    assert GAME.format_action(choice) == "reveal B1 9S A1"
    stuck = position(START, "2C 3C 4D 5D")
    choice = heuristic(GAME.view(stuck, 0), GAME.legal_actions(stuck, 0), Rng(1))
    assert isinstance(choice, Exchange)
    playable = position(START, "2H 3C 4D 5D")
    choice = heuristic(GAME.view(playable, 0), GAME.legal_actions(playable, 0), Rng(1))
    assert isinstance(choice, Reveal)


def test_heuristic_beats_random() -> None:
    heuristic, rnd = GAME.players()["heuristic"], GAME.players()["random"]

    def wins(player, games: int) -> int:
        rng, won = Rng(11), 0
        for seed in range(games):
            state = GAME.setup(1, seed)
            while state.result == "playing":
                action = player(GAME.view(state, 0), GAME.legal_actions(state, 0), rng)
                state, _ = GAME.apply(state, 0, action)
            won += state.result == "won"
        return won

    assert wins(heuristic, 60) > 20 > wins(rnd, 60)


def test_legal_actions_do_not_depend_on_card_object_identity() -> None:
    """Fast tables are keyed by the canonical card objects; equal copies give equal moves."""
    state = GAME.setup(1, 4)
    copies = mod.CartographerState(
        state.cells,
        state.face_up,
        tuple(Card(c.rank, c.suit) for c in state.hand),
        state.pile,
        state.discard,
        state.rng,
    )
    assert GAME.legal_actions(copies, 0) == GAME.legal_actions(state, 0)
    assert any(isinstance(a, Reveal) for a in GAME.legal_actions(copies, 0))


def test_reveal_with_an_empty_pile_draws_nothing() -> None:
    """Actions A: "then draw 1 card if the draw pile is not empty" (hand-made position)."""
    rows = [
        "AS 2S ?3S ?4S AH",
        "?5S ?6S ?7S ?8S ?9S",
        "?10S ?JS 7H ?QS ?KS",
        "?2D ?3D ?4D ?5D ?6D",
        "AD ?7D ?8D 9D ?AC",
    ]
    state = position(rows, "9C 2H QD KC", pile="", result="playing")
    won, events = GAME.apply(state, 0, rv("reveal D5 9C E5"))
    assert won.result == "won" and [e.kind for e in events] == ["revealed", "ace_found", "won"]
    assert GAME.view(won, 0)["hand"] == ["2H", "QD", "KC"]
    lost, events = GAME.apply(state, 0, rv("reveal C3 2H C2"))
    assert lost.result == "lost" and "drew" not in [e.kind for e in events]
    assert len(lost.hand) == 3
