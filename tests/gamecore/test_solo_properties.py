"""Property tests for the solo games: 1,000+ random seeded games each, checking the contract."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gamecore.cards import Card, full_deck
from gamecore.contract import Game, IllegalAction
from gamecore.games import cartographer as carto
from gamecore.games import dungeon_delver as delver
from gamecore.rng import Rng

CARD_TOKEN = re.compile(r"\b(?:10|[2-9AJQK])[SHDC]\b")
ALL_CARDS = full_deck()
FULL_DECK = set(ALL_CARDS)
GAMES_PER_RUN = settings(
    max_examples=1000,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)


def play_checked(
    game: Game,
    seed: int,
    all_cards: Callable[[object], list[Card]],
    hidden_cards: Callable[[object], list[Card]],
    candidate: Callable[[object, Rng], object],
    sample: int = 8,
    chooser: Callable[[object, list, Rng], object] | None = None,
) -> tuple[object, list[str]]:
    """Play one random game from ``seed``, checking every property at every step.

    ``apply`` is the contract's own: the turn check (game not over, seat 0 to move), then
    the game's ``play``. With that check asserted once per step below, the legal actions
    and the sample of illegal ones go to ``play`` directly (the same verdicts; about 25
    calls a step that would each work out the status again); the chosen move goes
    through ``apply``."""
    assert type(game).apply is Game.apply
    state = game.setup(1, seed)
    rng = Rng(seed ^ 0x5EED)
    moves: list[str] = []
    while True:
        # Cards are conserved, hidden ones included.
        cards = all_cards(state)
        assert len(cards) == 52 and set(cards) == FULL_DECK
        # The view never shows a face-down card.
        view = game.view(state, 0)
        shown = set(CARD_TOKEN.findall(json.dumps(view)))
        assert not shown & {str(c) for c in hidden_cards(state)}
        # JSON round trip, mid-game included.
        assert game.from_json(game.to_json(state)) == state
        legal = game.legal_actions(state, 0)
        status = game.status(state)
        if status.over:
            assert legal == []
            return state, moves
        assert status.to_move == (0,) and legal
        assert len(set(legal)) == len(legal)
        legal_set = set(legal)
        for action in legal:
            text = game.format_action(action)
            assert game.parse_action(text) == action
        # A sample of other, well-formed actions is refused and leaves the state alone.
        before = game.state_to_dict(state)
        for _ in range(sample):
            action = candidate(state, rng)
            if action in legal_set:
                continue
            try:
                game.play(state, 0, action)
            except IllegalAction as refusal:
                assert refusal.code and refusal.reason
            else:
                raise AssertionError(f"{game.format_action(action)} was accepted but not legal")
        # Every legal action is accepted.
        for action in legal:
            game.play(state, 0, action)
        assert game.state_to_dict(state) == before
        action = chooser(state, legal, rng) if chooser else legal[rng.below(len(legal))]
        moves.append(game.format_action(action))
        state, _events = game.apply(state, 0, action)


# -- Cartographer --------------------------------------------------------------------------
def carto_cards(state: carto.CartographerState) -> list[Card]:
    return [c for c in state.cells if c] + list(state.hand) + list(state.pile) + list(state.discard)


def carto_hidden(state: carto.CartographerState) -> list[Card]:
    hidden = [c for i, c in enumerate(state.cells) if c and not (state.face_up >> i) & 1]
    return hidden + list(state.pile)


CARTO_PAIRS = [(f, t) for f in range(25) for t in carto.NEIGHBOURS[f]] + [(12, 0), (12, 13)]


def carto_candidate(state: carto.CartographerState, rng: Rng) -> object:
    """A well-formed move: a hand card (sometimes any card) on any pair of cells next to each
    other (a few pairs are not), or an exchange."""
    pick = (
        state.hand[rng.below(len(state.hand))]
        if state.hand and rng.below(5)
        else rng.choice(ALL_CARDS)
    )
    if rng.below(6) == 0:
        return carto.Exchange(pick)
    f, t = rng.choice(CARTO_PAIRS)
    return carto.Reveal(carto.CELL_NAMES[f], pick, carto.CELL_NAMES[t])


CORNER_NAMES = {carto.CELL_NAMES[c] for c in carto.CORNERS}


def carto_chooser(_state: carto.CartographerState, legal: list, rng: Rng) -> object:
    """Random play that takes a corner when it can and mostly reveals, so that a good share
    of the games are won (a purely random player almost never wins)."""
    reveals = [a for a in legal if isinstance(a, carto.Reveal)]
    corners = [a for a in reveals if a.target in CORNER_NAMES]
    if corners:
        return corners[0]
    if reveals and rng.below(10):
        return rng.choice(reveals)
    return rng.choice(legal)


@GAMES_PER_RUN
@given(seed=st.integers(min_value=0, max_value=2**64 - 1))
def test_cartographer_random_games_keep_the_contract(seed: int) -> None:
    chooser = carto_chooser if seed % 2 else None
    final, moves = play_checked(
        carto.GAME, seed, carto_cards, carto_hidden, carto_candidate, chooser=chooser
    )
    assert final.result in {"won", "lost"}
    # Determinism: the same seed and moves give the same game.
    again = carto.GAME.setup(1, seed)
    for text in moves:
        again, _ = carto.GAME.apply_notation(again, 0, text)
    assert again == final


# -- Dungeon Delver ------------------------------------------------------------------------
def delver_cards(state: delver.DelverState) -> list[Card]:
    return [c for c in state.slots if c] + list(state.hand) + list(state.deck) + list(state.discard)


def delver_hidden(state: delver.DelverState) -> list[Card]:
    hidden = [c for i, c in enumerate(state.slots) if c and not (state.face_up >> i) & 1]
    return hidden + list(state.deck)


def delver_candidate(state: delver.DelverState, rng: Rng) -> object:
    """A well-formed move: a hand card (sometimes any card) on any level and position."""
    pick = (
        state.hand[rng.below(len(state.hand))]
        if state.hand and rng.below(5)
        else rng.choice(ALL_CARDS)
    )
    level = rng.randint(1, 4)
    kind = rng.below(5)
    if kind == 0:
        return delver.Claim(level)
    if kind == 1:
        return delver.Explore(level, pick)
    return delver.Subdue(pick, level, rng.randint(1, 4))


def delver_chooser(state: delver.DelverState, legal: list, rng: Rng) -> object:
    """Mostly greedy random play, so games reach cleared levels, claims and wins; checks
    that the automatic claims are legal and that a level is never claimed twice."""
    auto = delver.GAME.auto_actions(state)
    assert set(auto) <= set(legal)
    claims = [a for a in legal if isinstance(a, delver.Claim)]
    assert {c.level for c in claims} == {c.level for c in auto}
    assert not any((state.claimed >> (c.level - 1)) & 1 for c in claims)
    if claims:
        return claims[0]
    subdues = [a for a in legal if isinstance(a, delver.Subdue)]
    if subdues and rng.below(10):
        return rng.choice(subdues)
    return rng.choice(legal)


@GAMES_PER_RUN
@given(seed=st.integers(min_value=0, max_value=2**64 - 1))
def test_dungeon_delver_random_games_keep_the_contract(seed: int) -> None:
    final, moves = play_checked(
        delver.GAME, seed, delver_cards, delver_hidden, delver_candidate, chooser=delver_chooser
    )
    assert final.result in {"won", "lost"}
    assert delver.GAME.score(final)["score"]["steps"] == len(moves)
    again = delver.GAME.setup(1, seed)
    for text in moves:
        again, _ = delver.GAME.apply_notation(again, 0, text)
    assert again == final


# -- catalogs: every refusal code and event kind the games produce has both translations -----
CATALOG_DIR = Path(__file__).resolve().parents[2] / "i18n" / "catalogs"


def solo_catalogs() -> dict[str, dict[str, str]]:
    """The texts the solo games use: their own catalog plus the core one (refusals that
    every game raises, such as ``notation``)."""
    return {
        locale: {
            key: text
            for area in ("core", "solo")
            for key, text in json.loads(
                (CATALOG_DIR / f"{area}.{locale}.json").read_text(encoding="utf-8")
            ).items()
        }
        for locale in ("en", "ja")
    }


def collect_texts(game: Game, candidate, games: int = 40) -> tuple[dict, dict]:
    """Refusal codes and event kinds seen in random games (with their params)."""
    refusals: dict[str, dict] = {}
    events: dict[str, dict] = {}
    for seed in range(games):
        state = game.setup(1, seed)
        rng = Rng(seed)
        chooser = game.players()["heuristic" if seed % 2 else "random"]
        while not game.status(state).over:
            for _ in range(10):
                try:
                    game.apply(state, 0, candidate(state, rng))
                except IllegalAction as refusal:
                    refusals.setdefault(refusal.code, refusal.params)
            for bad in ("", "jump", "reveal C3", "explore 9 7H"):
                try:
                    game.parse_action(bad)
                except IllegalAction as refusal:
                    refusals.setdefault(refusal.code, refusal.params)
            legal = game.legal_actions(state, 0)
            state, new_events = game.apply(state, 0, chooser(game.view(state, 0), legal, rng))
            for event in new_events:
                events.setdefault(event.kind, dict(event.data))
        for seat in (0, 1):
            try:
                game.apply(state, seat, legal[0])
            except IllegalAction as refusal:
                refusals.setdefault(refusal.code, refusal.params)
    return refusals, events


def check_catalogs(game: Game, candidate, expected_events: set[str]) -> None:
    refusals, events = collect_texts(game, candidate)
    assert expected_events <= set(events)
    assert {"notation", "game_over", "not_in_hand"} <= set(refusals)
    catalogs = solo_catalogs()
    assert set(catalogs["en"]) == set(catalogs["ja"])
    for locale, table in catalogs.items():
        for key in (f"game.{game.id}.name", f"game.{game.id}.summary"):
            assert table[key], (locale, key)
        for code, params in refusals.items():
            table[f"illegal.{code}"].format(**params)
        for kind, data in events.items():
            table[f"event.{game.id}.{kind}"].format(**data)


def test_cartographer_catalog_keys() -> None:
    check_catalogs(
        carto.GAME,
        carto_candidate,
        {"revealed", "exchanged", "drew", "ace_found", "won", "lost", "pile_empty"},
    )


def test_dungeon_delver_catalog_keys() -> None:
    check_catalogs(
        delver.GAME,
        delver_candidate,
        {"explored", "subdued", "drew", "claimed", "won", "lost"},
    )


# -- exhaustive: on every step of a few games, apply accepts exactly the legal actions -------
def carto_every_candidate(state: carto.CartographerState) -> list[object]:
    """Every hand card plus one other card, on every pair of neighbouring cells (and a few
    pairs that are not neighbours), and every exchange of those cards."""
    cards = list(state.hand) + [next(c for c in ALL_CARDS if c not in state.hand)]
    found: list[object] = [carto.Exchange(c) for c in cards]
    for f, t in CARTO_PAIRS:
        found.extend(carto.Reveal(carto.CELL_NAMES[f], c, carto.CELL_NAMES[t]) for c in cards)
    return found


def delver_every_candidate(state: delver.DelverState) -> list[object]:
    """Every hand card plus one other card on every level and position; every claim."""
    cards = list(state.hand) + [next(c for c in ALL_CARDS if c not in state.hand)]
    found: list[object] = [delver.Claim(level) for level in range(1, 5)]
    for c in cards:
        for level in range(1, 5):
            found.append(delver.Explore(level, c))
            found.extend(delver.Subdue(c, level, pos) for pos in range(1, 5))
    return found


def accepted_equals_legal(game: Game, seed: int, every_candidate, chooser=None) -> int:
    state = game.setup(1, seed)
    rng = Rng(seed)
    checked = 0
    while not game.status(state).over:
        legal = game.legal_actions(state, 0)
        accepted = set()
        for action in every_candidate(state):
            try:
                game.apply(state, 0, action)
            except IllegalAction:
                continue
            accepted.add(action)
            checked += 1
        assert accepted == set(legal) & set(every_candidate(state))
        assert set(legal) <= set(every_candidate(state))
        action = chooser(state, legal, rng) if chooser else legal[rng.below(len(legal))]
        state, _ = game.apply(state, 0, action)
    return checked


def test_cartographer_apply_accepts_exactly_the_legal_actions() -> None:
    assert sum(accepted_equals_legal(carto.GAME, seed, carto_every_candidate) for seed in range(12))


def test_dungeon_delver_apply_accepts_exactly_the_legal_actions() -> None:
    total = sum(
        accepted_equals_legal(delver.GAME, seed, delver_every_candidate, delver_chooser)
        for seed in range(20)
    )
    assert total
