"""Dungeon Delver: one or more tests per rule and Decision of docs/games/dungeon-delver.md."""

from __future__ import annotations

import pytest

from gamecore.cards import card, full_deck
from gamecore.contract import IllegalAction
from gamecore.games import dungeon_delver as mod
from gamecore.games.dungeon_delver import GAME, Claim, Explore, Subdue, beats
from gamecore.rng import Rng

C = card

# Level rows used by most tests: every card face-down.
HIDDEN = ["?2C ?3C ?4C ?5C", "?6C ?7C ?8C ?9C", "?2S ?3S ?4S ?5S", "?6S ?7S ?8S ?9S"]


def position(levels: list[str], hand: str, deck: str = "JS QS KS", discard: str = "", **extra):
    """A hand-made state. Level tokens: ``7H`` face-up, ``?7H`` face-down, ``--`` removed."""
    rows, face_up = [], []
    for line in levels:
        tokens = line.split()
        assert len(tokens) == 4
        rows.append(["" if t == "--" else t.lstrip("?") for t in tokens])
        face_up.append([p + 1 for p, t in enumerate(tokens) if t != "--" and not t.startswith("?")])
    data = {
        "levels": rows,
        "face_up": face_up,
        "hand": hand.split(),
        "deck": deck.split(),
        "discard": discard.split(),
        "claimed": extra.pop("claimed", []),
        "rng": 3,
        **extra,
    }
    return GAME.state_from_dict(data)


def act(state, text: str):
    return GAME.apply(state, 0, GAME.parse_action(text))


def refusal(state, text: str) -> IllegalAction:
    with pytest.raises(IllegalAction) as info:
        act(state, text)
    return info.value


# -- setup ---------------------------------------------------------------------------------
@pytest.mark.parametrize("seed", range(20))
def test_setup_counts(seed: int) -> None:
    state = GAME.setup(1, seed)
    view = GAME.view(state, 0)
    assert len(view["hand"]) == 5 and view["deck"] == 31 and view["discard"] == []
    assert view["levels"] == [[None] * 4] * 4
    assert view["claimed"] == [] and view["status"] == "playing" and view["last_action"] is None
    cards = [c for c in state.slots if c] + list(state.hand) + list(state.deck)
    assert sorted(cards) == sorted(full_deck())


def test_setup_is_seeded_and_solo() -> None:
    assert GAME.setup(1, 9) == GAME.setup(1, 9) and GAME.setup(1, 9) != GAME.setup(1, 10)
    with pytest.raises(IllegalAction):
        GAME.setup(2, 9)
    with pytest.raises(IllegalAction):
        GAME.setup(1, 9, {"mode": 1})


# -- values and challenges -----------------------------------------------------------------
def test_level_one_suit_order_with_wrap_around() -> None:
    assert beats(1, C("2S"), C("AH")) and beats(1, C("2H"), C("KD")) and beats(1, C("2D"), C("KC"))
    assert beats(1, C("2C"), C("AS"))  # wrap-around: clubs beat spades
    assert beats(1, C("2S"), C("AC"))  # Decision: spades still beat clubs
    assert not beats(1, C("AC"), C("2D")) and not beats(1, C("AH"), C("2S"))
    assert not beats(1, C("AH"), C("2H"))  # equal suits do not win


def test_level_two_rank_order_with_wrap_around() -> None:
    assert beats(2, C("3C"), C("2S")) and beats(2, C("AC"), C("KS")) and beats(2, C("KC"), C("QS"))
    assert beats(2, C("2C"), C("AS"))  # wrap-around: 2 beats A
    assert beats(2, C("AC"), C("2S"))  # Decision: A still beats 2
    assert not beats(2, C("7C"), C("7S")) and not beats(2, C("6C"), C("7S"))
    assert not beats(2, C("2C"), C("KS")) and beats(2, C("10C"), C("9S"))


def test_level_three_same_suit_level_four_same_rank() -> None:
    assert beats(3, C("2H"), C("KH")) and not beats(3, C("KS"), C("2H"))
    assert beats(4, C("7H"), C("7C")) and not beats(4, C("7H"), C("8H"))


# -- explore -------------------------------------------------------------------------------
def test_explore_turns_rightmost_face_down_and_discards_cost() -> None:
    state = position(HIDDEN, "7H 8D")
    new, events = act(state, "explore 2 7H")
    view = GAME.view(new, 0)
    assert view["levels"][1] == [None, None, None, "9C"]
    assert view["hand"] == ["8D"] and view["discard"] == ["7H"] and view["deck"] == 3
    assert view["last_action"] == "explore 2 7H"
    assert [e.kind for e in events] == ["explored"]
    assert events[0].data == {"level": 2, "position": 4, "card": "7H", "revealed": "9C"}


def test_rightmost_face_down_skips_removed_and_face_up_positions() -> None:
    state = position(["?2C ?3C -- 5C", *HIDDEN[1:]], "7H 8D")
    new, events = act(state, "explore 1 7H")
    assert GAME.view(new, 0)["levels"][0] == [None, "3C", "", "5C"]
    assert events[0].data["position"] == 2


def test_explore_refusals() -> None:
    state = position(["-- 3C -- 5C", *HIDDEN[1:]], "7H 8D")
    err = refusal(state, "explore 1 7H")
    assert err.code == "no_face_down" and "level 1 has no face-down card" in err.reason
    assert refusal(state, "explore 2 9H").code == "not_in_hand"
    assert "9H is not in your hand" in refusal(state, "explore 2 9H").reason
    with pytest.raises(IllegalAction) as info:
        GAME.apply(state, 0, Explore(5, C("7H")))
    assert info.value.code == "unknown_level"
    assert all(a.level != 1 for a in GAME.legal_actions(state, 0) if isinstance(a, Explore))


def test_no_explore_with_an_empty_hand() -> None:
    state = position(["?2C ?3C ?4C 5C", *HIDDEN[1:]], "", result="playing")
    assert GAME.legal_actions(state, 0) == []


# -- subdue --------------------------------------------------------------------------------
def test_subdue_moves_target_to_hand_and_challenger_to_discard() -> None:
    state = position(["?2C ?3C ?4C 5C", *HIDDEN[1:]], "7S 8S")
    new, events = act(state, "subdue 7S 1 4")
    view = GAME.view(new, 0)
    assert view["levels"][0] == [None, None, None, ""]
    assert view["hand"] == ["8S", "5C"] and view["discard"] == ["7S"] and view["deck"] == 3
    assert [e.kind for e in events] == ["subdued"]
    assert events[0].data == {"level": 1, "position": 4, "card": "7S", "target": "5C"}
    # The emptied position is ignored by the next explore.
    again, _ = act(new, "explore 1 8S")
    assert GAME.view(again, 0)["levels"][0] == [None, None, "4C", ""]


def test_heart_challenger_draws_two_diamond_target_draws_two_in_order() -> None:
    state = position(["?2C ?3C ?4C 5D", *HIDDEN[1:]], "7H", deck="JS QS KS AD 10C")
    new, events = act(state, "subdue 7H 1 4")
    assert [e.kind for e in events] == ["subdued", "drew", "drew"]
    assert events[1].data == {"count": 2, "cards": "JS QS", "reason": "heart", "deck": 3}
    assert events[2].data == {"count": 2, "cards": "KS AD", "reason": "diamond", "deck": 1}
    assert GAME.view(new, 0)["hand"] == ["5D", "JS", "QS", "KS", "AD"]


def test_diamond_target_judged_after_it_joined_the_hand() -> None:
    state = position(["?2C ?3C ?4C 5D", *HIDDEN[1:]], "7S", deck="JS")
    new, events = act(state, "subdue 7S 1 4")
    # Drawing 2 from a deck of 1 draws 1.
    assert events[1].data["count"] == 1 and GAME.view(new, 0)["hand"] == ["5D", "JS"]
    assert GAME.view(new, 0)["deck"] == 0


def test_draw_from_empty_deck_draws_nothing_and_discard_is_not_reshuffled() -> None:
    state = position(["?2C ?3C ?4C 5C", *HIDDEN[1:]], "7H 8H", deck="", discard="KD QD")
    new, events = act(state, "subdue 7H 1 4")
    assert [e.kind for e in events] == ["subdued", "deck_empty"]
    view = GAME.view(new, 0)
    assert view["hand"] == ["8H", "5C"] and view["deck"] == 0
    assert view["discard"] == ["KD", "QD", "7H"]


@pytest.mark.parametrize(
    "level_row, level, hand, code",
    [
        ("?2C ?3C ?4C 5H", 1, "4D", "suit_not_higher"),
        ("?2C ?3C ?4C 5H", 1, "4H", "suit_not_higher"),
        ("?2C ?3C ?4C 5S", 1, "4H", "suit_not_higher"),
        ("?2C ?3C ?4C 9H", 2, "8S", "rank_not_higher"),
        ("?2C ?3C ?4C 9H", 2, "9S", "rank_not_higher"),
        ("?2C ?3C ?4C 9H", 3, "9S", "suit_differs"),
        ("?2C ?3C ?4C 9H", 4, "8H", "rank_differs"),
    ],
)
def test_failing_challenges_are_refused_with_the_levels_reason(
    level_row: str, level: int, hand: str, code: str
) -> None:
    levels = list(HIDDEN)
    levels[level - 1] = level_row
    state = position(levels, hand)
    err = refusal(state, f"subdue {hand} {level} 4")
    assert err.code == code and f"on level {level}" in err.reason
    assert not any(isinstance(a, Subdue) for a in GAME.legal_actions(state, 0))


def test_wrap_around_subdues_are_legal() -> None:
    levels = ["?2C ?3C ?4C KS", "?6C ?7C ?8C AH", *HIDDEN[2:]]
    state = position(levels, "2C 5D")
    legal = {GAME.format_action(a) for a in GAME.legal_actions(state, 0) if isinstance(a, Subdue)}
    assert legal == {"subdue 2C 1 4", "subdue 2C 2 4"}


def test_subdue_target_must_be_face_up_and_present() -> None:
    state = position(["?2C ?3C -- 5C", *HIDDEN[1:]], "7S")
    assert refusal(state, "subdue 7S 1 3").code == "target_removed"
    err = refusal(state, "subdue 7S 1 2")
    assert err.code == "target_face_down" and "explore it first" in err.reason
    assert refusal(state, "subdue 8S 1 4").code == "not_in_hand"
    with pytest.raises(IllegalAction) as info:
        GAME.apply(state, 0, Subdue(C("7S"), 1, 0))
    assert info.value.code == "unknown_position"


# -- claim ---------------------------------------------------------------------------------
def test_claim_once_per_cleared_level() -> None:
    state = position(["?2C ?3C ?4C 5C", "-- -- -- 9H", *HIDDEN[2:]], "10S 2S", deck="JS QS KS")
    assert GAME.auto_actions(state) == []
    assert refusal(state, "claim 2").code == "level_not_cleared"
    cleared, events = act(state, "subdue 10S 2 4")
    assert [e.kind for e in events] == ["subdued"]
    assert GAME.auto_actions(cleared) == [Claim(2)]
    assert Claim(2) in GAME.legal_actions(cleared, 0)
    claimed, events = GAME.apply(cleared, 0, GAME.auto_actions(cleared)[0])
    assert [e.kind for e in events] == ["claimed", "drew"]
    assert events[1].data["reason"] == "claim" and events[1].data["cards"] == "JS QS"
    view = GAME.view(claimed, 0)
    assert view["claimed"] == [2] and view["hand"] == ["2S", "9H", "JS", "QS"]
    assert GAME.auto_actions(claimed) == [] and Claim(2) not in GAME.legal_actions(claimed, 0)
    err = refusal(claimed, "claim 2")
    assert err.code == "already_claimed"


def test_claim_is_the_only_move_left_keeps_the_game_alive() -> None:
    state = position(["-- -- -- --", "-- -- -- 9H", *["-- -- -- 9S"] * 2], "", deck="10D 3D")
    assert state.result == "playing"
    assert GAME.legal_actions(state, 0) == [Claim(1)]
    after, events = act(state, "claim 1")
    assert after.result == "playing" and GAME.view(after, 0)["hand"] == ["10D", "3D"]
    assert GAME.legal_notations(after, 0) == ["subdue 10D 2 4"]


def test_claim_from_an_empty_deck_still_counts() -> None:
    state = position(["-- -- -- --", *HIDDEN[1:]], "7S", deck="")
    after, events = act(state, "claim 1")
    assert [e.kind for e in events] == ["claimed", "deck_empty"]
    assert GAME.view(after, 0)["claimed"] == [1]


# -- end of the game -----------------------------------------------------------------------
def test_win_is_checked_first_even_with_rewards_unclaimed() -> None:
    state = position(["-- -- -- --", "-- -- -- --", "-- -- -- --", "-- -- -- 7H"], "7S")
    new, events = act(state, "subdue 7S 4 4")
    assert new.result == "won" and [e.kind for e in events] == ["subdued", "won"]
    assert events[-1].data == {"removed": 16, "levels": 4}
    assert GAME.auto_actions(new) == [] and GAME.legal_actions(new, 0) == []
    assert GAME.status(new).result == "won" and GAME.status(new).scores == (4.0,)
    assert refusal(new, "claim 1").code == "game_over"


def test_loss_when_no_legal_action() -> None:
    state = position(["?2C ?3C ?4C 5H", *HIDDEN[1:]], "4D", deck="")
    new, events = act(state, "explore 1 4D")
    assert new.result == "lost" and events[-1].kind == "lost"
    assert GAME.status(new).to_move == () and GAME.status(new).result == "lost"
    assert GAME.score(new)["score"]["end"] == "no_moves"
    # A hand that beats nothing when no face-down card is left also loses.
    stuck = position(["-- -- -- 5H", *["-- -- -- --"] * 3], "4D", claimed=[2, 3, 4])
    assert stuck.result == "lost"


def test_no_hand_size_limit_and_steps_count_every_action() -> None:
    state = position(["?2C ?3C ?4C 5D", *HIDDEN[1:]], "7H 8H 9H 10H JH QH KH", deck="2D " * 0)
    new, _ = act(state, "subdue 7H 1 4")
    assert len(new.hand) == 7
    assert GAME.score(new)["score"] == {
        "result": "playing",
        "end": "playing",
        "levels": 0,
        "removed": 1,
        "steps": 1,
    }


def test_only_player_zero_moves_and_only_actions_apply() -> None:
    state = position(HIDDEN, "7H")
    with pytest.raises(IllegalAction) as info:
        GAME.apply(state, 1, Explore(1, C("7H")))
    assert info.value.code == "not_your_turn"
    with pytest.raises(IllegalAction) as info:
        GAME.apply(state, 0, "explore 1 7H")  # type: ignore[arg-type]
    assert info.value.code == "unknown_action"
    assert GAME.legal_actions(state, 1) == []


def test_legal_actions_exact() -> None:
    state = position(
        ["?2C ?3C ?4C 5H", "?6C ?7C ?8C 9C", "-- -- -- --", "?6S ?7S ?8S ?9S"], "10S 9D"
    )
    assert GAME.legal_notations(state, 0) == sorted(
        [f"explore {lv} {h}" for lv in (1, 2, 4) for h in ("10S", "9D")]
        + ["subdue 10S 1 4", "subdue 10S 2 4", "claim 3"]
    )


# -- notation, view, encoding --------------------------------------------------------------
def test_parse_is_tolerant_and_format_canonical() -> None:
    assert GAME.parse_action("  EXPLORE  2   th ") == Explore(2, C("10H"))
    assert GAME.format_action(GAME.parse_action("subdue ts 2 4")) == "subdue 10S 2 4"
    assert GAME.parse_action("Claim 3") == Claim(3)


@pytest.mark.parametrize(
    "text, fragment",
    [
        ("", "expected explore"),
        ("dig 2", "unknown move"),
        ("explore 7H", "explore <level 1-4> <hand card>"),
        ("explore 5 7H", "'5' is not a level"),
        ("subdue 7H 2", "subdue <hand card> <level 1-4> <position 1-4>"),
        ("subdue 7H 2 0", "'0' is not a position"),
        ("subdue ZZ 2 1", "'ZZ' is not a card"),
        ("claim", "claim <level 1-4>"),
        ("claim x", "'x' is not a level"),
    ],
)
def test_parse_errors_show_the_expected_form(text: str, fragment: str) -> None:
    with pytest.raises(IllegalAction) as info:
        GAME.parse_action(text)
    assert info.value.code == "notation" and fragment in info.value.reason


def test_view_keys_round_trip_and_describe() -> None:
    state = GAME.setup(1, 4)
    assert set(GAME.view(state, 0)) == {
        "levels",
        "hand",
        "deck",
        "discard",
        "claimed",
        "status",
        "last_action",
    }
    state, _ = GAME.apply(state, 0, GAME.legal_actions(state, 0)[0])
    assert GAME.from_json(GAME.to_json(state)) == state
    text = GAME.describe(GAME.view(state, 0))
    assert "Level 1:" in text and "Hand:" in text and "Deck: 31" in text
    claimed = position(["-- -- -- --", *HIDDEN[1:]], "7S", claimed=[1])
    assert "reward taken" in GAME.describe(GAME.view(claimed, 0))


def test_descriptor() -> None:
    assert GAME.id == "dungeon-delver" and GAME.min_players == GAME.max_players == 1
    assert GAME.options == () and GAME.headline_score == "levels"
    assert set(GAME.players()) == {"random", "heuristic"}


# -- computer players ----------------------------------------------------------------------
def test_heuristic_priorities() -> None:
    heuristic = GAME.players()["heuristic"]
    cleared = position(["-- -- -- --", "?6C ?7C ?8C 9D", *HIDDEN[2:]], "10S 10H")
    choice = heuristic(GAME.view(cleared, 0), GAME.legal_actions(cleared, 0), Rng(1))
    assert choice == Claim(1)
    effect = position(["?2C ?3C ?4C 5C", "?6C ?7C ?8C 9D", *HIDDEN[2:]], "10S 7S")
    choice = heuristic(GAME.view(effect, 0), GAME.legal_actions(effect, 0), Rng(1))
    assert isinstance(choice, Subdue) and choice.level == 2  # the ♦ target draws 2
    stuck = position(HIDDEN, "2S 9H")
    choice = heuristic(GAME.view(stuck, 0), GAME.legal_actions(stuck, 0), Rng(1))
    assert choice == Explore(choice.level, C("2S"))  # the cheap card pays, the ♥ stays


def test_heuristic_reveals_level_four_early_with_a_big_hand() -> None:
    """Same-rank targets need the most digging: with cards to spare, level 4 goes first."""
    heuristic = GAME.players()["heuristic"]
    big = position(HIDDEN, "2S 3C 4D 5H 6S 7C")
    choice = heuristic(GAME.view(big, 0), GAME.legal_actions(big, 0), Rng(1))
    assert isinstance(choice, Explore) and choice.level == 4
    small = position(HIDDEN, "2S 3C 4D")
    choice = heuristic(GAME.view(small, 0), GAME.legal_actions(small, 0), Rng(1))
    assert isinstance(choice, Explore) and choice.level != 4


def test_heuristic_beats_random() -> None:
    def wins(name: str, games: int) -> int:
        player, rng, won = GAME.players()[name], Rng(5), 0
        for seed in range(games):
            state = GAME.setup(1, seed)
            while state.result == "playing":
                action = player(GAME.view(state, 0), GAME.legal_actions(state, 0), rng)
                state, _ = GAME.apply(state, 0, action)
                for claim in GAME.auto_actions(state):
                    state, _ = GAME.apply(state, 0, claim)
            won += state.result == "won"
        return won

    assert wins("heuristic", 40) >= 6 > wins("random", 40)


def test_module_helpers() -> None:
    state = position(["?2C 3C -- ?5C", *HIDDEN[1:]], "7S")
    assert mod.rightmost_face_down(state, 1) == 3
    assert mod.level_cleared(position(["-- -- -- --", *HIDDEN[1:]], "7S"), 1)
