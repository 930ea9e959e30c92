"""Whole seeded Speiderne games with 2–6 players: invariants checked at every step."""

from __future__ import annotations

import json
import random
from dataclasses import asdict, replace

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gamecore.cards import full_deck
from gamecore.contract import ENVELOPE_VERSION, IllegalAction
from gamecore.games.speiderne import GAME
from gamecore.games.speiderne.actions import Action
from gamecore.games.speiderne.board import REGIONS, STARTING_PLACES, sorted_texts
from gamecore.games.speiderne.state import State

TEXTS = [str(c) for c in full_deck()]
PLACES = list(STARTING_PLACES) + list(REGIONS) + ["Z9", "E5"]


def every_card(state: State) -> list[int]:
    """All card ids in every zone, including a storm's second card waiting to be beaten."""
    cards = [r.card for r in state.regions] + list(state.insurance) + list(state.deck)
    cards += list(state.discard) + [c for h in state.hands for c in h]
    cards += [c for e in state.expeditions for c in e.cards]
    if state.pending is not None and state.pending.kind == "defend" and state.pending.threat == 2:
        cards.append(state.pending.against)
    return cards


def check_conservation(state: State) -> None:
    assert sorted(every_card(state)) == list(range(52 * state.decks))


def check_views_hide_hands(state: State, rng: random.Random) -> None:
    """A view must not change when cards the viewer cannot see are swapped around."""
    for viewer in [None, *range(state.players)]:
        others = [s for s in range(state.players) if s != viewer]
        pool = list(state.deck) + [c for s in others for c in state.hands[s]]
        rng.shuffle(pool)
        hands = list(state.hands)
        for s in others:
            hands[s], pool = tuple(pool[: len(hands[s])]), pool[len(hands[s]) :]
        scrambled = replace(state, hands=tuple(hands), deck=tuple(pool))
        view = GAME.view(state, viewer)
        assert GAME.view(scrambled, viewer) == view
        assert json.loads(json.dumps(view)) == view
        assert ("hand" in view) == (viewer is not None)
        if viewer is not None:
            assert view["hand"] == sorted_texts(state.hands[viewer])


def random_action(rng: random.Random, state: State) -> Action:
    kind = rng.choice(["draw_deck", "draw_insurance", "ready", "move", "pass", "defend", "fund"])
    cards = tuple(rng.sample(TEXTS, rng.choice([1, 2])))
    expedition = f"E{rng.randint(1, state.next_expedition + 1)}"
    match kind:
        case "draw_insurance":
            return Action(kind, cards)
        case "ready":
            return Action(kind, tuple(rng.sample(TEXTS, 3)), target=rng.choice(PLACES))
        case "move":
            return Action(kind, expedition=expedition, target=rng.choice(PLACES))
        case "defend" | "fund":
            return Action(kind, cards[:1] if rng.random() < 0.8 else (), expedition=expedition)
    return Action(kind)


def check_legality(state: State, seat: int, rng: random.Random) -> None:
    """Every legal action is accepted; other actions are refused and change nothing."""
    legal = GAME.legal_actions(state, seat)
    notations = {GAME.format_action(a) for a in legal}
    assert len(notations) == len(legal)
    for action in rng.sample(legal, min(len(legal), 25)):
        text = GAME.format_action(action)
        assert GAME.format_action(GAME.parse_action(text)) == text
        assert GAME.parse_action(text.upper()) == GAME.parse_action(text)
        GAME.apply(state, seat, action)
    before = GAME.to_json(state)
    tried = 0
    while tried < 25:
        action = random_action(rng, state)
        text = GAME.format_action(action)
        if text in notations:
            continue
        tried += 1
        try:
            GAME.apply(state, seat, GAME.parse_action(text))
        except IllegalAction as error:
            assert error.code != "notation", text
        else:
            raise AssertionError(f"{text!r} accepted but not listed as legal")
    for other in range(state.players):
        if other != seat:
            assert GAME.legal_actions(state, other) == []
    assert GAME.to_json(state) == before


def play_game(players: int, seed: int, max_rounds: int, kinds: list[str], deep: bool) -> None:
    rng = random.Random(seed)
    bots = GAME.players()
    state = GAME.setup(players, seed, {"max_rounds": max_rounds})
    played: list[tuple[int, str]] = []
    step_limit = max_rounds * players * 40
    while not GAME.status(state).over:
        assert len(played) < step_limit, "game did not terminate"
        seat = GAME.status(state).to_move[0]
        assert GAME.view(state, seat)["to_move"] == seat
        check_conservation(state)
        if deep and rng.random() < 0.15:
            check_views_hide_hands(state, rng)
            check_legality(state, seat, rng)
            assert GAME.from_json(GAME.to_json(state)) == state
        legal = GAME.legal_actions(state, seat)
        action = bots[kinds[seat]](GAME.view(state, seat), legal, rng)
        assert action in legal
        state, events = GAME.apply(state, seat, action)
        played.append((seat, GAME.format_action(action)))
        assert all(json.loads(json.dumps(e.to_dict())) == e.to_dict() for e in events)
    check_conservation(state)
    status = GAME.status(state)
    score = GAME.score(state)
    assert score["end"] in ("all_discovered", "max_rounds") and score["rounds"] <= max_rounds
    assert [s["points"] for s in score["seats"]] == list(status.scores)
    assert status.winners and all(status.scores[w] == max(status.scores) for w in status.winners)
    replayed = GAME.setup(players, seed, {"max_rounds": max_rounds})
    for seat, text in played:
        replayed, _ = GAME.apply_notation(replayed, seat, text)
    assert replayed == state


bot_kinds = st.lists(st.sampled_from(["random", "heuristic"]), min_size=6, max_size=6)


@settings(
    max_examples=120, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow]
)
@given(
    players=st.integers(2, 6),
    seed=st.integers(0, 2**32),
    kinds=bot_kinds,
    max_rounds=st.sampled_from([3, 10, 60]),
)
def test_games_keep_every_invariant(
    players: int, seed: int, kinds: list[str], max_rounds: int
) -> None:
    play_game(players, seed, max_rounds, kinds, deep=True)


@settings(max_examples=200, deadline=None, derandomize=True)
@given(players=st.integers(2, 6), seed=st.integers(0, 2**32), kinds=bot_kinds)
def test_many_games_terminate_and_conserve_cards(players: int, seed: int, kinds: list[str]) -> None:
    play_game(players, seed, 60, kinds, deep=False)


def encoded_as_before(state: State) -> str:
    """``to_json`` as it was written before the field-by-field layout (``asdict``)."""
    data = asdict(state)
    data["last_events"] = [dict(e) for e in state.last_events]
    data["last_region_event"] = (
        None if state.last_region_event is None else dict(state.last_region_event)
    )
    envelope = {"envelope": ENVELOPE_VERSION, "game": GAME.id, "version": GAME.STATE_VERSION}
    envelope["state"] = data
    return json.dumps(envelope, separators=(",", ":"), sort_keys=True)


def test_stored_states_encode_byte_for_byte_as_before() -> None:
    """Every state of seeded games (storms, funding, ends) is stored exactly as the ``asdict``
    encoder stored it, and a stored state loads back to the same state and the same text."""
    kinds = set()
    for seed in range(12):
        rng = random.Random(seed)
        state = GAME.setup(2 + seed % 5, seed, {"max_rounds": 1 + seed})
        while True:
            text = GAME.to_json(state)
            assert text == encoded_as_before(state)
            assert GAME.from_json(text) == state
            assert GAME.to_json(GAME.from_json(text)) == text
            kinds.add(None if state.pending is None else state.pending.kind)
            to_move = GAME.status(state).to_move
            if not to_move:
                break
            state, _ = GAME.apply(
                state, to_move[0], rng.choice(GAME.legal_actions(state, to_move[0]))
            )
    assert kinds >= {None, "fund", "defend"}
