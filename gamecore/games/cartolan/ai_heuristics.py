"""Pure decision rules of Cartolan's heuristic computer players (rules §13).

Every function takes small, explicit inputs (positions, chests, which steps are legal) and
returns a decision, so each rule of §13 can be tested on hand-built positions: this module is
the readable specification. ``ai_reference.py`` reads these inputs from the engine and turns
the decisions into engine actions; ``players.py`` applies the same rules straight to the
engine's cell ints (much faster), and a test requires both to decide alike in real games.

The original players were driven by callbacks and "tried" moves one after another; here a
player is asked for one action at a time, so "try A, then B" becomes "the first of A, B that
is a legal step and not in the avoid set" (modern: a step into a gap that fails goes on
with the rest of its call, ``resume``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

Pos = tuple[int, int]
Direction = str  # "n", "e", "s" or "w"

DIRECTIONS: tuple[Direction, ...] = ("n", "e", "s", "w")
OFFSETS: dict[Direction, Pos] = {"n": (0, 1), "e": (1, 0), "s": (0, -1), "w": (-1, 0)}

#: §13.1: probability that any heuristic player tries a uniformly random direction instead.
P_DEVIATE = 0.1
#: §13.2: probability of refusing an Adventurer purchase outright.
P_REFUSE_ADVENTURER = 0.5
#: §13.2 (Advanced): probability of refusing a Manuscript purchase outright.
P_REFUSE_MANUSCRIPT = 0.75

#: §13.1 explore_best_space: candidate directions per arrow of the current tile (dc, da, uc, ua).
EXPLORE_ORDER: dict[str, tuple[Direction, ...]] = {
    "NE": ("e", "n", "w", "s"),
    "SE": ("s", "e", "n", "w"),
    "SW": ("w", "s", "e", "n"),
    "NW": ("n", "w", "s", "e"),
}

PERSONALITIES: tuple[str, ...] = ("explorer", "trader", "router", "pirate")


def step(pos: Pos, direction: Direction) -> Pos:
    dx, dy = OFFSETS[direction]
    return (pos[0] + dx, pos[1] + dy)


def half_up(amount: int) -> int:
    """Half of a Chest rounded up: what a successful robbery takes (§10.2)."""
    return amount // 2 + amount % 2


# -- movement helpers (§13.1) ---------------------------------------------------------


def away_order(pos: Pos, target: Pos) -> tuple[Direction, Direction]:
    """move_away_from: grow the *smaller* offset first (§13.1)."""
    dx, dy = abs(pos[0] - target[0]), abs(pos[1] - target[1])
    vertical = "n" if pos[1] > target[1] else "s"
    horizontal = "e" if pos[0] >= target[0] else "w"
    return (vertical, horizontal) if dx > dy else (horizontal, vertical)


def towards_order(pos: Pos, target: Pos) -> tuple[Direction, Direction]:
    """move_towards: shrink the *larger* offset first; the second choice may step away (§13.1)."""
    dx, dy = abs(pos[0] - target[0]), abs(pos[1] - target[1])
    vertical = "n" if pos[1] < target[1] else "s"
    horizontal = "e" if pos[0] <= target[0] else "w"
    return (vertical, horizontal) if dx < dy else (horizontal, vertical)


@dataclass(frozen=True, slots=True)
class GapOption:
    """A legal step into an unexplored cell: its exploration reward (§6.6) and, Regular+,
    the index of a chest map that would fit there (None: no map fits)."""

    direction: Direction
    reward: int
    fitting_map: int | None = None


@dataclass(frozen=True, slots=True)
class ExploreChoice:
    direction: Direction | None
    chest_map: int | None
    options_seen: int


def choose_gap(
    arrow: str,
    gaps: Mapping[Direction, GapOption],
    avoid: frozenset[Pos],
    pos: Pos,
    use_maps: bool,
    map_fit: Callable[[Direction], int | None] | None = None,
) -> ExploreChoice:
    """explore_best_space's choice (§13.1).

    ``gaps`` holds only legal steps into gaps. Beginner (``use_maps`` False): the first direction,
    in the arrow's order, with the strictly highest reward above 0. Regular+: a direction
    replaces the current choice when a chest map fits there or its reward beats the bar, and
    its reward becomes the bar (also when lower: the designer's players_heuristical.py sets
    ``preferred_score`` to it). ``map_fit``, when given, is asked which map fits each gap not
    avoided, in this order, instead of ``GapOption.fitting_map`` (the designer's fit test turns
    the maps it tries, so the order of the questions matters: ``players.designer_fits``).
    """
    chosen: GapOption | None = None
    chosen_map: int | None = None
    best = 0
    seen = 0
    for direction in EXPLORE_ORDER.get(arrow, DIRECTIONS):
        option = gaps.get(direction)
        if option is None or step(pos, direction) in avoid:
            continue
        seen += 1
        fitting = None
        if use_maps:
            fitting = map_fit(direction) if map_fit is not None else option.fitting_map
        if option.reward > best or fitting is not None:
            chosen = option
            chosen_map = fitting
            best = option.reward
    if chosen is None:
        return ExploreChoice(None, None, seen)
    return ExploreChoice(chosen.direction, (chosen_map or 0) if use_maps else None, seen)


# -- move decisions ---------------------------------------------------------------------

MoveKind = Literal["step", "wait", "abandon", "end"]


@dataclass(frozen=True, slots=True)
class Move:
    """What the moving Adventurer does next: a step (optionally with a chest map), a wait,
    abandoning to its latest city, or ending its turn. ``chest_map``: the map chosen for a
    gap (1-based); 0 when explore_best_space chose a gap no map fits (that drops a map still
    selected); None when no choice of maps was made (a map still selected is tried first).
    """

    kind: MoveKind
    direction: Direction | None = None
    chest_map: int | None = None
    #: a wait in a waiting loop: (the loop, the victim index it goes on from)
    loop: tuple[int, int] | None = None
    #: modern: what the call that chose this step still tries if its exploration fails
    #: (``then_code``; 0: nothing, the next move is decided afresh); not part of the choice
    then: int = field(default=0, compare=False)


WAIT = Move("wait")
ABANDON = Move("abandon")

#: What is left to try when a step into a gap fails, in the designer's move_towards_tile /
#: move_away_from_tile (players_heuristical.py): a failed step does not end the call, which
#: goes on with its next preference (no new random deviation, no new plan), then a random
#: direction (move_away only), then a wait. ``then_code(kind, side)`` packs it in an int.
THEN_SIDE_ELSE_WAIT = 1  # move_towards after its first choice: the second, else wait
THEN_SIDE_ELSE_RANDOM = 2  # move_away after its first choice: the second, else a random one
THEN_RANDOM = 3  # move_away after its second choice: a random direction, else wait
THEN_WAIT = 4  # after the last choice of either: wait


def then_code(kind: int, side: int = 0) -> int:
    """A continuation as an int: ``kind << 2 | side`` (``side``: 0-3 for n, e, s, w)."""
    return kind << 2 | side


#: The waiting loops (§13.2, §13.5): the designer's players wait once for each Adventurer on
#: their tile that they would attack (the wait brings the attack offer back). Every player does
#: it at the start of its turn (``continue_turn``); the Pirate also at the start of each move
#: and again, when it neither deviates nor heads home, before it moves on (``continue_move``).
TURN_START_LOOP = 0
FIRST_LOOP = 1
SECOND_LOOP = 2


@dataclass(slots=True)
class MoveContext:
    """Everything the movement rules of §13 look at for the Adventurer about to move (tests
    build these by hand; ``ai_reference.move_context`` reads them from the game)."""

    position: Pos
    arrow: str
    chest: int
    threshold: int
    latest_city: Pos
    legal_steps: frozenset[Direction]
    #: the legal steps into gaps: their exploration reward and a fitting chest map
    gaps: Mapping[Direction, GapOption] = field(default_factory=dict)
    avoid: frozenset[Pos] = frozenset()
    use_maps: bool = False
    #: the designer's fit test of the chest maps for a gap (``choose_gap``); None: the gaps'
    #: ``fitting_map``
    map_fit: Callable[[Direction], int | None] | None = None
    can_abandon: bool = False
    #: positions of the player's Agents in the player's Agent order (the Trader's route)
    own_agents: tuple[Pos, ...] = ()
    max_agents: int = 4
    #: Trader/Router route index ``k`` (§13.3); None until the Adventurer first visits a city
    route_index: int | None = None
    #: Pirate targets: (position, value) for opponents' Adventurers (half Chest rounded up)
    #: and tiles with dropped wealth, in scan order (§13.5)
    pirate_targets: tuple[tuple[Pos, int], ...] = ()
    #: for every Adventurer in the game (seat by seat, in creation order): whether it is an
    #: opponent's here that this personality would attack now (all False when no wait is legal)
    victims: tuple[bool, ...] = ()
    #: first decision of this Adventurer's turn (Explorer waits to attack only then)
    turn_start: bool = False
    #: a waiting loop in progress (the loop, the victim index it goes on from); None: none
    wait_loop: tuple[int, int] | None = None
    #: modern: the continuation (``Move.then``) of the step into a gap that just failed from
    #: here; 0: none
    resume: int = 0


def _open(ctx: MoveContext, direction: Direction) -> bool:
    return direction in ctx.legal_steps and step(ctx.position, direction) not in ctx.avoid


def move_towards(ctx: MoveContext, target: Pos) -> Move:
    first, second = towards_order(ctx.position, target)
    if _open(ctx, first):
        return Move("step", first, then=then_code(THEN_SIDE_ELSE_WAIT, DIRECTIONS.index(second)))
    if _open(ctx, second):
        return Move("step", second, then=then_code(THEN_WAIT))
    return WAIT


def move_away(ctx: MoveContext, target: Pos, rng: Any) -> Move:
    first, second = away_order(ctx.position, target)
    if _open(ctx, first):
        return Move("step", first, then=then_code(THEN_SIDE_ELSE_RANDOM, DIRECTIONS.index(second)))
    if _open(ctx, second):
        return Move("step", second, then=then_code(THEN_RANDOM))
    return random_step(ctx, rng)


def random_step(ctx: MoveContext, rng: Any) -> Move:
    """move_away's last resort: one random direction, taken if it is a legal step (avoided
    or not), else wait."""
    gamble = rng.choice(DIRECTIONS)
    return Move("step", gamble, then=then_code(THEN_WAIT)) if gamble in ctx.legal_steps else WAIT


def resume(ctx: MoveContext, rng: Any) -> Move:
    """modern: the rest of the designer's move_towards / move_away call whose step into a gap
    failed (``ctx.resume``): its next preference if open, then (move_away) a random direction,
    then a wait. The tile's actions offered again after the failure come first (the
    designer's ``move`` offers them before it returns)."""
    kind, side = ctx.resume >> 2, ctx.resume & 3
    if kind in (THEN_SIDE_ELSE_WAIT, THEN_SIDE_ELSE_RANDOM):
        direction = DIRECTIONS[side]
        if _open(ctx, direction):
            after = THEN_WAIT if kind == THEN_SIDE_ELSE_WAIT else THEN_RANDOM
            return Move("step", direction, then=then_code(after))
        if kind == THEN_SIDE_ELSE_WAIT:
            return WAIT
        kind = THEN_RANDOM
    if kind == THEN_RANDOM:
        return random_step(ctx, rng)
    return WAIT


def explore_best_space(ctx: MoveContext, rng: Any) -> Move:
    """§13.1: explore the best gap; abandon when isolated (3 gaps, none scoring), and then
    stop (binding decision 8); otherwise drift away from the latest city."""
    choice = choose_gap(ctx.arrow, ctx.gaps, ctx.avoid, ctx.position, ctx.use_maps, ctx.map_fit)
    if choice.direction is not None:
        return Move("step", choice.direction, choice.chest_map)
    if choice.options_seen == 3 and ctx.can_abandon:
        return ABANDON
    return move_away(ctx, ctx.latest_city, rng)


def deviation(legal_steps: frozenset[Direction], rng: Any) -> Direction | None:
    """§13.1: with probability 0.1 try a random direction. A random direction that is not a
    legal step is a failed try, after which the original asked again; so we roll again."""
    for _ in range(64):
        if rng.random() >= P_DEVIATE:
            return None
        direction = rng.choice(DIRECTIONS)
        if direction in legal_steps:
            chosen: str | None = direction
            return chosen
    return None


def trader_plan(ctx: MoveContext, router: bool) -> Literal["agent", "city", "explore"]:
    """§13.3/§13.4: follow the Agent route, explore, or go home."""
    pending = ctx.route_index is not None and ctx.route_index < len(ctx.own_agents)
    rich = ctx.chest >= ctx.threshold
    if pending:
        if router or not rich:
            return "agent"
        return "city"
    if router:
        return "city" if rich else "explore"
    return "explore" if not rich and len(ctx.own_agents) < ctx.max_agents else "city"


def last_in_each_column(placed: Iterable[Pos]) -> list[Pos]:
    """modern §13.5: the tiles the designer's Pirate looks at for dropped wealth. Its scan
    (players_heuristical.py PlayerRegularPirate.continue_move) checks a tile only after the
    loop over a column's latitudes has ended, so it sees the tile placed last in each column
    (x), the columns in the order their first tile was placed. ``placed``: every tile's
    position in the order the tiles were placed."""
    last: dict[int, Pos] = {}
    for pos in placed:
        last[pos[0]] = pos
    return list(last.values())


def pirate_target(targets: Sequence[tuple[Pos, int]]) -> Pos | None:
    """§13.5: the most valuable target (a later one must be strictly better); 0 is no target."""
    best_value = 0
    best: Pos | None = None
    for pos, value in targets:
        if value > best_value:
            best_value, best = value, pos
    return best


def next_victim(victims: Sequence[bool], start: int) -> int | None:
    """The first Adventurer from index ``start`` on that would be attacked, if any."""
    for index in range(start, len(victims)):
        if victims[index]:
            return index
    return None


def wait_for(victims: Sequence[bool], loop: int, start: int) -> Move | None:
    """A waiting loop's next wait, or None when no victim is left."""
    found = next_victim(victims, start)
    return None if found is None else Move("wait", loop=(loop, found + 1))


def decide_move(personality: str, ctx: MoveContext, rng: Any) -> Move:
    """One move of the given personality (§13.2–§13.5). The designer's Pirate waits for its
    victims, then still moves within the same move: a wait in a waiting loop comes back as
    ``Move.loop``, which the caller hands back as ``ctx.wait_loop`` until the loop is done."""
    if ctx.resume:
        return resume(ctx, rng)
    pirate = personality == "pirate"
    loop, start = ctx.wait_loop if ctx.wait_loop is not None else (-1, 0)
    if loop < 0 and ctx.turn_start:
        loop = TURN_START_LOOP
    if loop == TURN_START_LOOP:
        wait = wait_for(ctx.victims, TURN_START_LOOP, start)
        if wait is not None:
            return wait
        loop, start = -1, 0
    if pirate and loop != SECOND_LOOP:
        wait = wait_for(ctx.victims, FIRST_LOOP, start if loop == FIRST_LOOP else 0)
        if wait is not None:
            return wait
    if loop != SECOND_LOOP:
        deviant = deviation(ctx.legal_steps, rng)
        if deviant is not None:
            return Move("step", deviant)
        if personality in ("trader", "router"):
            plan = trader_plan(ctx, router=personality == "router")
            if plan == "agent":
                assert ctx.route_index is not None
                return move_towards(ctx, ctx.own_agents[ctx.route_index])
            if plan == "city":
                return move_towards(ctx, ctx.latest_city)
            return explore_best_space(ctx, rng)
        if ctx.chest >= ctx.threshold:
            return move_towards(ctx, ctx.latest_city)
    if pirate:
        wait = wait_for(ctx.victims, SECOND_LOOP, start if loop == SECOND_LOOP else 0)
        if wait is not None:
            return wait
        target = pirate_target(ctx.pirate_targets)
        if target is not None:
            return move_towards(ctx, target)
    return explore_best_space(ctx, rng)


# -- offers ------------------------------------------------------------------------------


def attacks_adventurer(
    personality: str, own_chest: int, victim_chest: int, victim_is_pirate: bool, arrest_value: int
) -> bool:
    """Whether to attack an opponent's Adventurer (§13.2, §13.5).

    Pirate: whenever its own Chest is below half (rounded up) of the victim's. Others: only to
    arrest a pirate, and only while their own Chest is below the arrest reward.
    """
    if personality == "pirate":
        return own_chest < half_up(victim_chest)
    return victim_is_pirate and own_chest < arrest_value


def trades_as_turn_ends(personality: str) -> bool:
    """The Router trades on a wonder after each move, also after the move that ended its turn,
    when the list of wonders traded at has just been cleared: that trade pays (§13.4;
    players_heuristical.py PlayerBeginnerRouter.continue_move). The engine offers it as the
    next turn starts there (``state.TRADE_AT_TURN_START``); the others never trade then."""
    return personality == "router"


def attacks_agent(personality: str) -> bool:
    """Only the Pirate attacks opponents' Agents, and it always does (§13.5)."""
    return personality == "pirate"


def courts(personality: str, own_chest: int, dropped: int) -> bool:
    """classic disasters: only the Pirate courts one, when half the wealth there (rounded up)
    beats its own Chest (the original's check_court_disaster)."""
    return personality == "pirate" and own_chest < half_up(dropped)


def rests(personality: str, chest: int, rest_cost: int) -> bool:
    """Trader and Router always rest; Explorer and Pirate only with Chest ≥ the fee (§13.2)."""
    return personality in ("trader", "router") or chest >= rest_cost


def places_agent_after_exploring(
    personality: str, own_agents: int, max_agents: int, is_wonder: bool, moves_left: bool
) -> bool:
    """Trader: on new wonders; Router: when the exploration used its last move (§13.3/§13.4)."""
    if own_agents >= max_agents:
        return False
    if personality == "trader":
        return is_wonder
    if personality == "router":
        return not moves_left
    return False


class Opponent:
    """An opponent as the purchase test sees it: its Vault and its Adventurers' Chests. A plain
    class, not a frozen dataclass: mypyc compiles it to a native class, built by a direct call."""

    __slots__ = ("vault", "chests")

    def __init__(self, vault: int, chests: int) -> None:
        self.vault = vault
        self.chests = chests


def buys(
    rng: Any,
    p_refuse: float,
    vault: int,
    cost: int,
    opponents: Sequence[Opponent],
    margin: int,
    strictly_more: bool,
) -> bool:
    """§13.2 purchase test, shared by Adventurers and (Advanced) Manuscripts.

    Refuse outright with ``p_refuse``; need Vault above the cost (Adventurers strictly, for
    Manuscripts at least the cost); refuse when already winning by more than the margin, or
    when an opponent's Vault plus Chests could then overtake by the margin.
    """
    if rng.random() < p_refuse:
        return False
    affordable = vault > cost if strictly_more else vault >= cost
    if not affordable:
        return False
    richest = max((o.vault for o in opponents), default=0)
    if vault > richest + margin:
        return False
    return all(o.vault + o.chests <= margin + vault - cost for o in opponents)
