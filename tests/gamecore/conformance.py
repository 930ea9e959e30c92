"""The game contract as checks that hold for every game (``gamecore.contract.Game``).

``play_and_check(game, players, seed)`` plays one seeded game with random legal actions
and checks, at every step, what the service, the store and the cogs rely on:

* ``apply`` never mutates its input, also when it refuses;
* the JSON encoding round-trips mid-game (same encoding, legal actions, status and views);
* legal actions are exactly the accepted ones: a sample of the legal actions applies, actions
  legal earlier but not now and any action by a seat not to move are refused with
  ``IllegalAction``, leaving the state unchanged;
* canonical notation round-trips (``format(parse(format(a))) == format(a)``);
* status is consistent (seats to move have legal actions while playing, nobody after);
* views are JSON data that do not depend on how the state was built;
* the final state is rebuilt from (seed, options, seat count, action log).

The OpenSpiel habit (one random-simulation test over every registered game) written for this
contract; ``test_conformance.py`` runs it over the registry and over deliberately broken games.
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping
from typing import Any

from gamecore.contract import Game, IllegalAction

#: Legal actions tried (besides the one played) and illegal ones offered, per step.
LEGAL_SAMPLE = 3
ILLEGAL_SAMPLE = 3


def encoded(game: Game, state: Any) -> str:
    return game.to_json(state)


def notation(game: Game, action: Any) -> str:
    return game.format_action(action)


def check_views(game: Game, state: Any, players: int) -> None:
    """Every seat's view and the public view are JSON data, equal after a JSON round trip of
    the state, and taking them changes nothing."""
    before = encoded(game, state)
    copy = game.from_json(before)
    for viewer in (*range(players), None):
        view = game.view(state, viewer)
        text = json.dumps(view, sort_keys=True)
        assert json.dumps(game.view(copy, viewer), sort_keys=True) == text, (
            f"{game.id}: the view of {viewer} changes after a JSON round trip"
        )
    assert encoded(game, state) == before, f"{game.id}: view() mutated the state"


def check_round_trip(game: Game, state: Any, players: int) -> None:
    """``from_json(to_json(s))`` is the same game: encoding, status and legal actions."""
    text = encoded(game, state)
    copy = game.from_json(text)
    assert encoded(game, copy) == text, f"{game.id}: the JSON encoding does not round-trip"
    assert game.status(copy) == game.status(state), f"{game.id}: status differs after JSON"
    for seat in range(players):
        assert game.legal_notations(copy, seat) == game.legal_notations(state, seat), (
            f"{game.id}: seat {seat}'s legal actions differ after JSON"
        )


def check_status(game: Game, state: Any, players: int) -> dict[int, list[Any]]:
    """The legal actions of every seat, checked against the status."""
    status = game.status(state)
    legal = {seat: game.legal_actions(state, seat) for seat in range(players)}
    if status.over:
        assert not status.to_move, f"{game.id}: a finished game still awaits {status.to_move}"
        assert not any(legal.values()), f"{game.id}: legal actions after the end"
        assert set(status.winners) <= set(range(players)), f"{game.id}: winners {status.winners}"
    else:
        assert status.to_move, f"{game.id}: playing, yet nobody is to move"
        for seat in range(players):
            if seat in status.to_move:
                assert legal[seat], f"{game.id}: seat {seat} is to move with no legal action"
            else:
                assert not legal[seat], f"{game.id}: seat {seat} has actions out of turn"
    return legal


def check_notation(game: Game, actions: list[Any]) -> None:
    """Canonical notation reads back as the same action."""
    for action in actions:
        text = notation(game, action)
        try:
            again = notation(game, game.parse_action(text))
        except IllegalAction as refused:
            raise AssertionError(
                f"{game.id}: {text!r} reads back as nothing: {refused!r}"
            ) from None
        assert again == text, f"{game.id}: {text!r} reads back as {again!r}"


def check_apply(game: Game, state: Any, seat: int, action: Any) -> tuple[Any, list[Any]]:
    """Apply a legal action: accepted (the caller checks the input is left as it was)."""
    try:
        return game.apply(state, seat, action)
    except IllegalAction as refused:
        raise AssertionError(
            f"{game.id}: legal action {notation(game, action)!r} of seat {seat} refused: {refused!r}"
        ) from refused


def check_refused(game: Game, state: Any, seat: int, action: Any) -> None:
    """An action that is not legal for ``seat`` now is refused with IllegalAction."""
    try:
        game.apply(state, seat, action)
    except IllegalAction:
        return
    raise AssertionError(
        f"{game.id}: illegal action {notation(game, action)!r} of seat {seat} was accepted"
    )


def check_illegal_sample(
    game: Game, state: Any, legal: Mapping[int, list[Any]], seen: list[Any], rng: random.Random
) -> None:
    """Actions seen legal earlier but not legal now, and legal actions offered by a seat that
    is not to move, are refused."""
    for seat, actions in legal.items():
        allowed = {notation(game, a) for a in actions}
        stale = [a for a in seen if notation(game, a) not in allowed]
        for action in rng.sample(stale, min(ILLEGAL_SAMPLE, len(stale))):
            check_refused(game, state, seat, action)
        movers = [a for acts in legal.values() for a in acts]
        if not actions and movers:
            check_refused(game, state, seat, rng.choice(movers))


def check_replay(
    game: Game,
    players: int,
    seed: int,
    options: Mapping[str, Any],
    log: list[tuple[int, str]],
    final: Any,
) -> None:
    """(seed, options, seat count, action log in notation) rebuilds the final state."""
    state = game.setup(players, seed, options)
    for seat, text in log:
        state, _ = game.apply_notation(state, seat, text)
    assert encoded(game, state) == encoded(game, final), f"{game.id}: replay differs"


def play_and_check(
    game: Game,
    players: int,
    seed: int,
    max_steps: int = 60,
    options: Mapping[str, Any] | None = None,
    full_every: int = 5,
) -> Any:
    """One seeded random game with every check; the expensive ones (JSON round trip, views)
    every ``full_every`` steps and at the end. Returns the final state."""
    options = dict(options or {})
    rng = random.Random(seed)
    state = game.setup(players, seed, options)
    log: list[tuple[int, str]] = []
    seen: list[Any] = []
    for step in range(max_steps):
        legal = check_status(game, state, players)
        if step % full_every == 0:
            check_round_trip(game, state, players)
            check_views(game, state, players)
        status = game.status(state)
        if status.over:
            break
        for actions in legal.values():
            check_notation(game, actions)
            seen.extend(rng.sample(actions, min(LEGAL_SAMPLE, len(actions))))
        before = encoded(game, state)
        check_illegal_sample(game, state, legal, seen, rng)
        assert encoded(game, state) == before, f"{game.id}: a refused apply mutated the state"
        seat = rng.choice(status.to_move)
        for action in rng.sample(legal[seat], min(LEGAL_SAMPLE, len(legal[seat]))):
            check_apply(game, state, seat, action)
        action = rng.choice(legal[seat])
        after, _ = check_apply(game, state, seat, action)
        assert encoded(game, state) == before, f"{game.id}: apply mutated its input state"
        state = after
        log.append((seat, notation(game, action)))
        # the game's own follow-ups, one at a time as the service applies them
        while not game.status(state).over and (pending := game.auto_actions(state)):
            mover = (game.status(state).to_move or (0,))[0]
            before = encoded(game, state)
            after, _ = check_apply(game, state, mover, pending[0])
            assert encoded(game, state) == before, f"{game.id}: apply mutated its input state"
            state = after
            log.append((mover, notation(game, pending[0])))
    check_round_trip(game, state, players)
    check_views(game, state, players)
    check_replay(game, players, seed, options, log, state)
    return state
