"""The heuristic players' move decision taken through the specification functions.

:mod:`gamecore.games.cartolan.ai_heuristics` states the rules of §13 as pure functions over
coordinates, letters and sets (:class:`~gamecore.games.cartolan.ai_heuristics.MoveContext`).
``HeuristicPlayer.decide_move`` (:mod:`gamecore.games.cartolan.players`) applies the same rules
directly to the engine's cell ints, which is several times faster. This module is the plain
bridge between the engine and the specification: it reads every input of the rules from the
state (all of them, eagerly, without caches), asks ``ai_heuristics.decide_move`` and turns the
answer into an engine action. The tests play real games with both and require the same action,
the same rng draws and the same memory at every move decision.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from gamecore.games.cartolan import ai_heuristics as ai
from gamecore.games.cartolan import board, exploration
from gamecore.games.cartolan.ai_heuristics import GapOption, Move, MoveContext
from gamecore.games.cartolan.players import (
    Action,
    HeuristicPlayer,
    Key,
    adventurer_key,
    default_action,
    designer_fits,
    is_named,
    own_agents,
    threshold,
)
from gamecore.games.cartolan.state import Adventurer, State

_LETTERS = "nesw"  # side number → direction letter (board.N, E, S, W)


class Scan:
    """What the rules need from the legal actions of a move decision, in one pass."""

    __slots__ = ("sides", "can_wait", "abandon", "offers")

    def __init__(self, legal: Sequence[Action], number: int) -> None:
        self.sides: list[int] = []  # plain steps (without a chest map)
        self.can_wait = False
        self.abandon: list[str] = []  # cities an abandon may go to
        self.offers: list[Action] = []  # tile actions open now
        for action in legal:
            verb = action[0]
            if verb == "move":
                # classic lists other unmoved Adventurers' steps too (decision 12b)
                if action[3] == 0 and action[1] == number:
                    self.sides.append(action[2])
            elif verb not in ("move", "wait", "gust", "abandon", "travel", "end"):
                self.offers.append(action)
            elif verb == "wait":
                self.can_wait = self.can_wait or action[1] == number
            elif verb == "abandon":
                self.abandon.append(action[2])


def pirate_targets(state: State, adv: Adventurer) -> tuple[tuple[ai.Pos, int], ...]:
    """§13.5: opponents' Adventurers (half their Chest, rounded up), then tiles with dropped
    wealth. The original's scan of Agents looked only at its own Agents (it has none), so
    Agents are attacked when met but never sought out. modern: dropped wealth counts only on
    the tile placed last in each column, as the original's scan sees it
    (``ai.last_in_each_column``); classic looks at every tile. Wealth on a classic disaster tile is a
    target only for a pirate: nobody else can pick it up (decision 12i), and chasing it led
    non-pirates round in circles for ever. classic: an Adventurer is worth chasing only if the
    Pirate would attack it (its own Chest below the value): two Pirates chasing each other
    without attacking circled for ever in the reliability run."""
    classic = state.params.preset == "classic"
    targets = [
        (board.coords(other.pos), _worth(ai.half_up(other.chest), adv.chest, classic))
        for seat, seat_advs in enumerate(state.advs)
        if seat != adv.seat
        for other in seat_advs
    ]
    tiles = state.tiles
    if classic:
        targets += [
            (board.coords(cell), amount)
            for cell, amount in state.dropped.items()
            if adv.pirate or not tiles[cell] & board.DISASTER
        ]
    else:
        # modern follows HEAD's scan (decision 14): the last tile placed in each column
        dropped = state.dropped
        for pos in ai.last_in_each_column(board.coords(cell) for cell in tiles):
            amount = dropped.get(board.cell(*pos), 0)
            if amount:
                targets.append((pos, amount))
    return tuple(targets)


def _worth(value: int, own_chest: int, classic: bool) -> int:
    """A target's value; classic: 0 (no target) unless the Pirate would attack it."""
    return value if not classic or own_chest < value else 0


def avoid_set(
    player: HeuristicPlayer, state: State, adv: Adventurer, key: Key
) -> frozenset[ai.Pos]:
    """§13.1: this turn's path, this turn's failed explorations and (classic) known disaster
    tiles; only the four neighbouring cells are ever looked up, so only they are listed."""
    entry = player.memory.failed.get(key)
    failed: set[int] = entry[1] if entry is not None and entry[0] == state.round else set()
    disasters: set[int] = set()
    if state.params.disasters:
        disasters = {cell for cell, tile in state.tiles.items() if tile & board.DISASTER}
    origin = adv.pos
    return frozenset(
        [
            board.coords(cell)
            for cell in (origin + step for step in board.STEP)
            if cell in state.path or cell in failed or cell in disasters
        ]
    )


def gap_options(state: State, adv: Adventurer, scan: Scan) -> dict[str, GapOption]:
    """The legal plain steps into gaps and their exploration reward (which chest map fits is
    asked of ``map_fit``, in the order explore_best_space considers the gaps)."""
    found = {}
    for side in scan.sides:
        target = adv.pos + board.STEP[side]
        if target in state.tiles:
            continue
        reward = exploration.fill_reward(state, target, adv.pos)
        found[_LETTERS[side]] = GapOption(_LETTERS[side], reward)
    return found


def map_fit(player: HeuristicPlayer, state: State, adv: Adventurer, key: Key) -> Any:
    """The designer's fit test (``players.designer_fits``) as ``MoveContext.map_fit``: the
    orientations it leaves are the player's memory, read when first asked."""

    def fits(direction: ai.Direction) -> int | None:
        if not adv.maps:
            return None
        found = designer_fits(state, adv, player.map_lows(adv, key), _LETTERS.index(direction))
        return found or None

    return fits


def move_context(
    player: HeuristicPlayer, state: State, adv: Adventurer, scan: Scan, key: Key
) -> MoveContext:
    """Every input of the movement rules, read from the game (a waiting loop in progress
    from the player's memory, which forgets it: ``decide_move`` notes the next wait)."""
    params = state.params
    entry = player.memory.waiting.pop(key, None)
    wait_loop = (entry[1], entry[2]) if entry is not None and entry[0] == state.round else None
    going_on = player.memory.resume.pop(key, None)
    resume = going_on[2] if going_on is not None and going_on[:2] == (state.round, adv.pos) else 0
    return MoveContext(
        position=board.coords(adv.pos),
        arrow=board.WIND_NAMES[board.wind_of(state.tiles[adv.pos])],
        chest=adv.chest,
        threshold=threshold(params),
        latest_city=board.coords(adv.latest_city),
        legal_steps=frozenset([_LETTERS[side] for side in scan.sides]),
        gaps=gap_options(state, adv, scan),
        avoid=avoid_set(player, state, adv, key),
        use_maps=bool(params.chest_maps),
        map_fit=map_fit(player, state, adv, key),
        can_abandon=any(is_named(state, adv.latest_city, name) for name in scan.abandon),
        own_agents=tuple([board.coords(cell) for cell in own_agents(state, adv.seat)]),
        max_agents=params.max_agents,
        route_index=player.memory.route.get(key),
        pirate_targets=pirate_targets(state, adv) if params.attacks else (),
        victims=victims(player, state, adv) if scan.can_wait else (),
        turn_start=len(state.path) <= 1 and state.down + state.up + state.land == 0,
        wait_loop=wait_loop,
        resume=resume,
    )


def victims(player: HeuristicPlayer, state: State, adv: Adventurer) -> tuple[bool, ...]:
    """For every Adventurer, seat by seat: an opponent's here that the player would attack
    now (§13.2, §13.5); nobody on a city (§9)."""
    params = state.params
    here = params.attacks and not state.tiles[adv.pos] & board.CITY
    return tuple(
        [
            bool(here)
            and other.pos == adv.pos
            and other.seat != adv.seat
            and (other.pirate or other.chest > 0)
            and ai.attacks_adventurer(
                player.personality, adv.chest, other.chest, other.pirate, params.arrest_value
            )
            for seat_advs in state.advs
            for other in seat_advs
        ]
    )


def skip_dead_route_stop(
    player: HeuristicPlayer, state: State, adv: Adventurer, scan: Scan, key: Key
) -> None:
    """``HeuristicPlayer.skip_dead_route_stop`` without the player's Agent cache."""
    k = player.memory.route.get(key)
    if k is None:
        return
    agents = own_agents(state, adv.seat)
    if (
        k < len(agents)
        and agents[k] == adv.pos
        and not state.agents[adv.pos].active
        and not any(action[0] == "restore" for action in scan.offers)
    ):
        player.memory.route[key] = k + 1


def to_action(
    player: HeuristicPlayer,
    state: State,
    adv: Adventurer,
    legal: Sequence[Action],
    move: Move,
    key: Key,
) -> Action:
    """The engine action for ``move``; a step into a gap is remembered as tried."""
    number = state.adv_index + 1
    if move.kind == "step" and move.direction is not None:
        side = _LETTERS.index(move.direction)
        action: Action = ("move", number, side, 0)
        if action in legal:
            target = adv.pos + board.STEP[side]
            if target not in state.tiles:
                then = move.then if state.params.preset == "modern" else 0
                player.memory.trying[key] = (state.round, adv.pos, target, then)
                if state.params.chest_maps:
                    chosen = -1 if move.chest_map is None else move.chest_map
                    used = player.select_map(state, adv, key, side, chosen)
                    if used and ("move", number, side, used) in legal:
                        action = ("move", number, side, used)
            return action
    if move.kind == "abandon":
        for action in legal:
            if action[0] == "abandon" and is_named(state, adv.latest_city, action[2]):
                return action
    if move.kind != "end" and ("wait", number) in legal:
        return ("wait", number)
    return ("end",) if ("end",) in legal else default_action(legal)


def decide_move(player: HeuristicPlayer, state: State, legal: Sequence[Action], rng: Any) -> Action:
    """``player.decide_move`` through ``ai_heuristics.decide_move``, with the same effects on
    the player's memory."""
    adv = state.adventurer
    key = adventurer_key(state.seat, state.adv_index + 1)
    player.note_failed_exploration(state, adv, key)
    turn_start = len(state.path) <= 1 and state.down + state.up + state.land == 0
    if player.follows_route:
        player.note_city_visit(state, adv, key, turn_start)
    scan = Scan(legal, state.adv_index + 1)
    if player.follows_route:
        skip_dead_route_stop(player, state, adv, scan, key)
    if scan.offers:
        offer = player.take_offer(state, adv, scan.offers, scan.can_wait, key)
        if offer is not None:
            return offer
    move = ai.decide_move(player.personality, move_context(player, state, adv, scan, key), rng)
    if move.loop is not None:
        player.memory.waiting[key] = (state.round, *move.loop)
    return to_action(player, state, adv, legal, move, key)
