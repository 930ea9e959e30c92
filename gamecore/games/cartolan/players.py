"""Cartolan's heuristic computer players Explorer, Trader, Router and Pirate (rules §13).

``heuristic_players()`` gives fresh players by name (``CartolanGame.players()`` returns such
a set on every call; a host keeps one player per match and seat, as their memory belongs to
one match). A player is ``(view, legal_actions, rng) -> action``
where ``rng`` is a ``random.Random`` or a ``gamecore.rng.Rng`` (only ``random()`` and
``choice()`` are used).

Input: the seat's view (``GAME.view``), or — the documented faster input for simulations and
benchmarks — the engine ``State`` itself, read only. A view is first rebuilt into a ``State``
(:mod:`gamecore.games.cartolan.ai_view`), so both inputs give the same decisions.

The rules are the pure functions of :mod:`gamecore.games.cartolan.ai_heuristics`, the
readable specification of §13. The move decision, taken hundreds of times per game, does not
call them: it applies the same rules directly to cell ints, side numbers and the legal list
(one pass over it, no objects built), and returns the very tuple of the legal list it picks.
:mod:`gamecore.games.cartolan.ai_reference` takes the move decision through the specification
functions instead, and a test plays real games with both, decision by decision, requiring the
same actions, rng draws and memory.

Memory: §13 keeps two things across calls that neither the view nor the state carries: the
Trader/Router route index ``k`` (per Adventurer, across turns) and the cells where an
exploration failed this turn (avoided afterwards). A player keeps them in a small dict keyed
by seat and Adventurer number (``adventurer_key``) and forgets everything when the round or the number of tiles
goes down (a new game). Without that memory (e.g. a fresh player for every call) the players
still answer legally; the route then starts again at the first Agent each time and only the
cells visited this turn (``path``) are avoided.

Every decision the engine offers gets an answer: what these rules do not reason about falls
back to a harmless default (decline, done, end, or else the first legal action), and so does
an error inside a rule — unless ``STRICT`` is set, as the tests do, to surface it.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Final

from gamecore.games.cartolan import ai_heuristics as ai
from gamecore.games.cartolan import board, exploration
from gamecore.games.cartolan.ai_heuristics import Opponent
from gamecore.games.cartolan.ai_view import state_from_view
from gamecore.games.cartolan.presets import Params
from gamecore.games.cartolan.state import Adventurer, Agent, State

Action = tuple[Any, ...]
#: An Adventurer in the memory dicts: ``seat << 4 | number`` (an int key needs no tuple; at
#: most four seats and four Adventurers keep it below 257, an int Python keeps preallocated).
Key = int

#: Raise errors from the decision rules instead of falling back (the tests set it).
STRICT = False

# The tables below are ``Final``: a mypyc build reads them as C constants, not from the
# module's dict (``STRICT`` above stays a plain global: the tests set it).
# variable-length: a fixed-length tuple constant is kept unboxed and boxed again on each index
_STEP: Final[tuple[int, ...]] = board.STEP
_STRIDE: Final = board.STRIDE
_N: Final = board.N
_E: Final = board.E
_S: Final = board.S
_W: Final = board.W
_P_DEVIATE: Final = ai.P_DEVIATE

#: Side numbers in the order of ``ai.DIRECTIONS`` ("n", "e", "s", "w" are board.N..W): a
#: random direction is ``rng.choice`` over these, the same draw as over the letters.
_SIDES: Final[tuple[int, ...]] = tuple("nesw".index(d) for d in ai.DIRECTIONS)
#: explore_best_space's candidate sides per wind arrow (board.NE..NW), from ai.EXPLORE_ORDER.
_EXPLORE_SIDES: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple("nesw".index(d) for d in ai.EXPLORE_ORDER[name]) for name in board.WIND_NAMES
)
#: _MASK_SIDES[mask]: the sides whose bit is set in a 4-bit mask, in side order.
_MASK_SIDES: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(side for side in range(4) if mask >> side & 1) for mask in range(16)
)

#: What the move choice returns besides a step (a step is ``side | chest_map << 2 | then <<
#: _THEN_SHIFT``, ``then`` being ai.Move.then: what the call goes on with if the step fails).
_WAIT: Final = -1
_ABANDON: Final = -2
#: ai's waiting loops
_TURN_START_LOOP: Final = ai.TURN_START_LOOP
_FIRST_LOOP: Final = ai.FIRST_LOOP
_SECOND_LOOP: Final = ai.SECOND_LOOP
#: ai's continuations of a failed step (``ai.then_code``)
_THEN_SHIFT: Final = 8
_THEN_SIDE_ELSE_WAIT: Final = ai.THEN_SIDE_ELSE_WAIT
_THEN_SIDE_ELSE_RANDOM: Final = ai.THEN_SIDE_ELSE_RANDOM
_THEN_RANDOM: Final = ai.THEN_RANDOM
_THEN_WAIT: Final = ai.THEN_WAIT


def adventurer_key(seat: int, number: int) -> Key:
    """The memory's key for Adventurer ``number`` (1-based) of ``seat``."""
    return seat << 4 | number


def random_side(rng: Any) -> int:
    """``rng.choice(_SIDES)``, the same draw: for a ``random.Random``, ``choice`` is
    ``_randbelow(4)``, which draws ``getrandbits(3)`` until it is below 4; called here
    directly, without the interpreted ``choice`` and ``_randbelow`` (about 1% of
    ``simulate``). Any other generator gets its own ``choice``."""
    if type(rng) is not random.Random:
        return int(rng.choice(_SIDES))
    draw: int = rng.getrandbits(3)
    while draw >= 4:
        draw = rng.getrandbits(3)
    return _SIDES[draw]


def _deviation(steps: int, rng: Any) -> int:
    """ai.deviation after its first roll came up (below P_DEVIATE): a random direction, taken
    if it is a legal step (``steps``), else both rolls again; at most 64 tries in all."""
    for attempt in range(64):
        if attempt and rng.random() >= _P_DEVIATE:
            return -1
        side = random_side(rng)
        if steps >> side & 1:
            return side
    return -1


def _holds(cells: list[int], cell: int) -> bool:
    """``cell in cells``, compiled (a loop, mypyc's ``any``) without boxing ``cell`` or
    comparing objects."""
    return any(other == cell for other in cells)


def _towards(pos: int, target: int, open_steps: int) -> int:
    """ai.move_towards on cells: shrink the larger offset first, else the other (which may
    step away); else wait. ``open_steps``: a bit per side that may be taken. ``cell // STRIDE``
    and ``cell % STRIDE`` are x and y each plus board.OFFSET, so they compare and subtract
    like them. A step carries its continuation (ai.Move.then) above ``_THEN_SHIFT``."""
    px = pos // _STRIDE
    py = pos % _STRIDE
    tx = target // _STRIDE
    ty = target % _STRIDE
    vertical = _N if py < ty else _S
    horizontal = _E if px <= tx else _W
    if abs(px - tx) < abs(py - ty):
        first, second = vertical, horizontal
    else:
        first, second = horizontal, vertical
    if open_steps >> first & 1:
        return first | (_THEN_SIDE_ELSE_WAIT << 2 | second) << _THEN_SHIFT
    if open_steps >> second & 1:
        return second | _THEN_WAIT << 2 + _THEN_SHIFT
    return _WAIT


def _away(pos: int, target: int, steps: int, open_steps: int, rng: Any) -> int:
    """ai.move_away on cells: grow the smaller offset first, else the other; else one random
    direction, taken if it is a legal step (``steps``; avoided or not); else wait."""
    px = pos // _STRIDE
    py = pos % _STRIDE
    tx = target // _STRIDE
    ty = target % _STRIDE
    vertical = _N if py > ty else _S
    horizontal = _E if px >= tx else _W
    if abs(px - tx) > abs(py - ty):
        first, second = vertical, horizontal
    else:
        first, second = horizontal, vertical
    if open_steps >> first & 1:
        return first | (_THEN_SIDE_ELSE_RANDOM << 2 | second) << _THEN_SHIFT
    if open_steps >> second & 1:
        return second | _THEN_RANDOM << 2 + _THEN_SHIFT
    return _random_step(steps, rng)


def _random_step(steps: int, rng: Any) -> int:
    """ai.random_step: one random direction, taken if it is a legal step, else wait."""
    gamble = random_side(rng)
    return gamble | _THEN_WAIT << 2 + _THEN_SHIFT if steps >> gamble & 1 else _WAIT


def _resume(code: int, steps: int, open_steps: int, rng: Any) -> int:
    """ai.resume on sides: the rest of a move_towards / move_away call whose step failed."""
    kind = code >> 2
    if kind in (_THEN_SIDE_ELSE_WAIT, _THEN_SIDE_ELSE_RANDOM):
        side = code & 3
        if open_steps >> side & 1:
            after = _THEN_WAIT if kind == _THEN_SIDE_ELSE_WAIT else _THEN_RANDOM
            return side | after << 2 + _THEN_SHIFT
        if kind == _THEN_SIDE_ELSE_WAIT:
            return _WAIT
        kind = _THEN_RANDOM
    if kind == _THEN_RANDOM:
        return _random_step(steps, rng)
    return _WAIT


def threshold(params: Params) -> int:
    """§13.1: the Chest at which a player heads home: the Adventurer's cost, or in modern
    Advanced the Manuscript's cost (classic Advanced sells no Manuscripts, binding decision 9)."""
    if params.mode == "advanced" and params.preset == "modern":
        return params.cost_tech
    return params.cost_adventurer


def own_agents(state: State, seat: int) -> list[int]:
    """The player's Agents in the order they were placed: the designer's players walk their
    route in that order (``game.agents[player]`` is appended to, players_heuristical.py
    PlayerBeginnerTrader.continue_move). ``state.agents`` keeps that order (``place_agent``
    puts a new Agent last, also where a ransacked one stood); the view lists them so too."""
    return [cell for cell, agent in state.agents.items() if agent.owner == seat]


def default_action(legal: Sequence[Action]) -> Action:
    """A harmless answer to any decision: decline, leave, end the turn, else the first."""
    done: Action | None = None  # the first "done" and "end" (one pass over ``legal``)
    end: Action | None = None
    for action in legal:
        verb: str = action[0]  # typed: compared as a str, not as an object
        if verb == "decline":
            return action
        if verb == "done":
            if done is None:
                done = action
        elif verb == "end" and end is None:
            end = action
    if done is not None:
        return done
    return end if end is not None else legal[0]


def _first(legal: Sequence[Action], verb: str) -> Action | None:
    for action in legal:
        found: str = action[0]
        if found == verb:
            return action
    return None


def is_named(state: State, city: int, name: str) -> bool:
    """Whether ``city`` is the one an ``abandon`` action names (``capital`` / ``mythical``)."""
    return bool(state.tiles.get(city, 0) & board.MYTHICAL) == (name == "mythical")


class _Memory:
    """What one player remembers across calls within a game (see the module docstring)."""

    __slots__ = (
        "round", "tiles", "route", "failed", "trying", "resume", "maps", "selected", "waiting",
        "_agents", "_own",
    )  # fmt: skip

    def __init__(self) -> None:
        #: the round and number of tiles last seen: when either goes down, a new game began
        self.round = 0
        self.tiles = 0
        #: adventurer_key → Trader/Router route index k (absent: not set yet, §13.3)
        self.route: dict[Key, int] = {}
        #: adventurer_key → (round, cells where an exploration failed this turn)
        self.failed: dict[Key, tuple[int, set[int]]] = {}
        #: adventurer_key → (round, position, gap cell, continuation: ai.Move.then) of the
        #: exploration just tried
        self.trying: dict[Key, tuple[int, int, int, int]] = {}
        #: adventurer_key → (round, position, continuation) after that exploration failed
        #: (modern; ai.MoveContext.resume)
        self.resume: dict[Key, tuple[int, int, int]] = {}
        #: adventurer_key → (its chest maps as last seen, each map's orientation bits as the
        #: designer's fit test left it: ``designer_fits``)
        self.maps: dict[Key, tuple[list[int], list[int]]] = {}
        #: adventurer_key → the chest map (0-based) selected and not placed yet (``select_map``)
        self.selected: dict[Key, int] = {}
        #: adventurer_key → (round, waiting loop, victim index it goes on from): a waiting loop
        #: in progress this turn (ai.decide_move's ``wait_loop``)
        self.waiting: dict[Key, tuple[int, int, int]] = {}
        #: a copy of the Agents last seen (``state.agents``) and, for them, each seat's sorted
        #: Agent cells. Agent defines no ``==``, so an equal dict has the same cells holding the
        #: very same objects; an Agent's owner never changes (the engine places a new Agent
        #: object even where a ransacked one stood), so an equal dict means unchanged lists.
        #: The copy keeps the objects alive, so no object's identity is reused meanwhile.
        #: test_ai_reference checks the lists each step.
        self._agents: dict[int, Agent] = {}
        self._own: dict[int, list[int]] = {}

    def sync(self, state: State) -> None:
        """Forget everything when time runs backwards: that is a new game."""
        round_ = state.round
        tiles = len(state.tiles)
        if round_ < self.round or tiles < self.tiles:
            self.route.clear()
            self.failed.clear()
            self.trying.clear()
            self.resume.clear()
            self.maps.clear()
            self.selected.clear()
            self.waiting.clear()
        self.round = round_
        self.tiles = tiles

    def own_agents(self, state: State, seat: int) -> list[int]:
        """``own_agents(state, seat)``, sorted again only after the Agents changed."""
        agents = state.agents
        if agents != self._agents:  # one C-level comparison, nothing allocated
            self._agents = agents.copy()
            self._own = {}
        found = self._own.get(seat)
        if found is None:
            found = self._own[seat] = own_agents(state, seat)
        return found


class HeuristicPlayer:
    """One §13 personality: ``explorer``, ``trader``, ``router`` or ``pirate``.

    The Pirate exists for Regular and Advanced (§13.5); in Beginner, where nobody can attack,
    it plays as the Explorer.
    """

    #: Accepts the engine ``State`` in place of the view (the faster input, module docstring).
    accepts_state = True
    #: Never buys an Agent in a city (§13.2, ``decide_city``): the simulation leaves those
    #: purchases out of its city lists (``CartolanGame.play_out``).
    buys_city_agents = False

    def __init__(self, personality: str) -> None:
        if personality not in ai.PERSONALITIES:
            raise ValueError(f"unknown personality {personality!r}")
        self.personality = personality
        self.memory = _Memory()
        #: the personality as flags, for the hot path
        self.pirate = personality == "pirate"
        self.router = personality == "router"
        self.follows_route = personality in ("trader", "router")
        #: threshold() of the last Params seen
        self._params: Params | None = None
        self._threshold = 0

    def __repr__(self) -> str:
        return f"HeuristicPlayer({self.personality!r})"

    def __call__(self, view: Any, legal: Sequence[Action], rng: Any) -> Action:
        if not legal:
            raise ValueError("a computer player needs at least one legal action")
        try:
            state: State = state_from_view(view) if isinstance(view, dict) else view
            memory = self.memory
            if state.round != memory.round or len(state.tiles) != memory.tiles:
                memory.sync(state)
            if state.decision == "move":
                # always a member of ``legal`` (it returns one of its tuples)
                return self.decide_move(state, legal, rng)
            action = self.decide(state, legal, rng)
        except Exception:
            if STRICT:
                raise
            return default_action(legal)
        if action not in legal:
            if STRICT:
                raise AssertionError(f"{self.personality} chose {action!r}, not a legal action")
            return default_action(legal)
        return action

    # -- dispatch ----------------------------------------------------------------------------
    def decide(self, state: State, legal: Sequence[Action], rng: Any) -> Action:
        kind = state.decision
        if kind == "move":
            return self.decide_move(state, legal, rng)
        if kind == "city":
            return self.decide_city(state, legal, rng)
        if kind == "loot":
            # §13.2: steal the default, half (rounded up)
            seat, index = state.pending["victim"]
            wanted = ("take", ai.half_up(state.advs[seat][index].chest))
            return wanted if wanted in legal else legal[0]
        if kind in ("steal", "maps"):
            # a chest map of its choice / which map to keep: at random (§13.2 choose_tile)
            choices = [a for a in legal if a[0] in ("steal", "keep")]
            return rng.choice(choices) if choices else default_action(legal)
        if kind == "relocate":
            # Trader and Router place Agents only while they have fewer than the maximum
            return default_action(legal)
        if kind == "discovery":
            # classic Advanced: a Technology card or the wonder's wealth, a random choice
            chosen: tuple[Any, ...] = rng.choice(list(legal))
            return chosen
        if kind == "equip":
            # classic Advanced (decision 12j): with no Technology card equipped, equip one at
            # random (cards are chosen at random, §13.6); keep the one equipped otherwise
            choices = [a for a in legal if a[0] == "equip"]
            if choices and state.adventurer.equipped < 0:
                picked: tuple[Any, ...] = rng.choice(choices)
                return picked
            return default_action(legal)
        # card choices and anything newer: uniformly at random among the offers (§13.6)
        choices = [a for a in legal if a[0] not in ("decline", "done", "end")]
        return rng.choice(choices) if choices else default_action(legal)

    # -- the move decision ---------------------------------------------------------------
    def decide_move(self, state: State, legal: Sequence[Action], rng: Any) -> Action:
        """§13.1–§13.5 for the Adventurer about to move: the decision of
        ``ai_reference.decide_move`` (through the specification functions), computed on ints."""
        seat = state.seat
        number = state.adv_index + 1
        adv = state.advs[seat][number - 1]
        pos = adv.pos
        key = seat << 4 | number  # adventurer_key(seat, number)
        memory = self.memory
        if key in memory.trying:
            self.note_failed_exploration(state, adv, key)
        turn_start = len(state.path) <= 1 and state.down + state.up + state.land == 0
        if turn_start and self.follows_route:
            self.note_city_visit(state, adv, key, turn_start)

        # one pass over the legal actions (verbs tested in the order of their frequency)
        steps = 0  # bit per side: a plain step (without a chest map) is legal
        moves: list[Action | None] = [None, None, None, None]  # those steps, by side
        can_wait = False
        wait: Action | None = None
        end: Action | None = None
        abandon: Action | None = None  # the abandon to the latest city
        mythical = -1  # whether the latest city is the Mythical City (-1: not looked up)
        offers: list[Action] | None = None  # tile actions open now
        # the engine's list as such (compiled: a list is walked by index, without an iterator)
        actions: list[Action] = legal if isinstance(legal, list) else list(legal)
        for action in actions:
            verb: str = action[0]
            if verb == "move":
                chest_map: int = action[3]  # typed: compared as an int, not as an object
                mover: int = action[1]  # classic lists other Adventurers' steps (12b)
                if chest_map == 0 and mover == number:
                    side: int = action[2]
                    steps |= 1 << side
                    moves[side] = action
            elif verb == "abandon":
                if abandon is None:
                    if mythical < 0:
                        mythical = 1 if state.tiles.get(adv.latest_city, 0) & board.MYTHICAL else 0
                    if (action[2] == "mythical") == (mythical == 1):
                        abandon = action
            elif verb == "end":
                end = action
            elif verb == "wait":
                waiter: int = action[1]  # typed: compared as an int
                if waiter == number:
                    can_wait = True
                    wait = action
            elif verb != "travel" and verb != "gust":
                if offers is None:
                    offers = [action]
                else:
                    offers.append(action)

        if self.follows_route:
            here = state.agents.get(pos)
            if here is not None and not here.active and here.owner == adv.seat:
                self.skip_dead_route_stop(state, adv, offers, key)
        if offers is not None:
            offer = self.take_offer(state, adv, offers, can_wait, key)
            if offer is not None:
                return offer

        choice = self._choose_move(state, adv, key, steps, can_wait, turn_start, abandon, rng)
        if choice >= 0:
            side = choice & 3
            step = moves[side]
            if step is not None:
                target = pos + _STEP[side]
                if target not in state.tiles:
                    params = state.params
                    then = choice >> _THEN_SHIFT if params.preset == "modern" else 0
                    memory.trying[key] = (state.round, pos, target, then)
                    if params.chest_maps:
                        # choice >> 2 & 63: 0 for a step not chosen by explore_best_space,
                        # else the chest map it chose + 1 (1: none fits)
                        chosen_map = (choice >> 2 & 63) - 1
                        used = self.select_map(state, adv, key, side, chosen_map)
                        if used:
                            step = _map_step(actions, number, side, used) or step
                return step
        elif choice == _ABANDON and abandon is not None:
            return abandon
        if wait is not None:
            return wait
        return end if end is not None else default_action(legal)

    def _choose_move(
        self,
        state: State,
        adv: Adventurer,
        key: Key,
        steps: int,
        can_wait: bool,
        turn_start: bool,
        abandon: Action | None,
        rng: Any,
    ) -> int:
        """``ai.decide_move`` on ints: a step ``side | chest_map << 2``, _WAIT or _ABANDON.
        ``steps`` has a bit per legal plain step. A wait in a waiting loop is remembered in
        ``memory.waiting`` (ai.decide_move's ``Move.loop``)."""
        waiting = self.memory.waiting
        pending = waiting.get(key)  # get and del: compiled, a method call costs more
        if pending is not None:
            del waiting[key]
        loop = -1
        start = 0
        going_on = self.memory.resume.get(key)
        if going_on is not None:
            del self.memory.resume[key]
            if going_on[0] == state.round and going_on[1] == adv.pos:
                return _resume(going_on[2], steps, self._open_steps(state, adv, key, steps), rng)
        if pending is not None and pending[0] == state.round:
            loop = pending[1]
            start = pending[2]
        elif turn_start:
            loop = _TURN_START_LOOP
        if loop == _TURN_START_LOOP:
            if self.wait_for(state, adv, key, can_wait, _TURN_START_LOOP, start):
                return _WAIT
            loop = -1
        pirate = self.pirate
        if pirate and loop != _SECOND_LOOP:
            first_start = start if loop == _FIRST_LOOP else 0
            if self.wait_for(state, adv, key, can_wait, _FIRST_LOOP, first_start):
                return _WAIT
        if loop != _SECOND_LOOP:
            # §13.1 deviation: with probability 0.1 a random direction, rolled again if not legal
            roll: float = rng.random()  # typed: compared as a C double
            if roll < _P_DEVIATE:
                deviant = _deviation(steps, rng)
                if deviant >= 0:
                    return deviant

        pos = adv.pos
        open_steps = self._open_steps(state, adv, key, steps)
        params = state.params
        if params is not self._params:
            self._params = params
            self._threshold = threshold(params)
        rich = adv.chest >= self._threshold
        home = adv.latest_city
        if self.follows_route:
            # ai.trader_plan: to route Agent k, home, or explore
            k = self.memory.route.get(key)
            if k is not None:
                agents = self.memory.own_agents(state, adv.seat)
                if k < len(agents):
                    target = agents[k] if self.router or not rich else home
                    return _towards(pos, target, open_steps)
            if self.router:
                if rich:
                    return _towards(pos, home, open_steps)
            elif rich or len(self.memory.own_agents(state, adv.seat)) >= params.max_agents:
                return _towards(pos, home, open_steps)
            return self._explore(state, adv, key, steps, open_steps, abandon is not None, rng)
        if rich and loop != _SECOND_LOOP:
            return _towards(pos, home, open_steps)
        if pirate:
            second_start = start if loop == _SECOND_LOOP else 0
            if self.wait_for(state, adv, key, can_wait, _SECOND_LOOP, second_start):
                return _WAIT
        if pirate and params.attacks:
            chased = self.pirate_target(state, adv)
            if chased >= 0:
                return _towards(pos, chased, open_steps)
        return self._explore(state, adv, key, steps, open_steps, abandon is not None, rng)

    def _open_steps(self, state: State, adv: Adventurer, key: Key, steps: int) -> int:
        """The legal plain steps into cells not avoided (§13.1: this turn's path, this turn's
        failed explorations, classic known disaster tiles), a bit per side."""
        pos = adv.pos
        open_steps = steps
        if steps:
            entry = self.memory.failed.get(key)
            failed = entry[1] if entry is not None and entry[0] == state.round else None
            disasters = state.params.disasters
            path = state.path
            tiles = state.tiles
            for side in _MASK_SIDES[steps]:
                target = pos + _STEP[side]
                if (
                    _holds(path, target)
                    or (failed is not None and target in failed)
                    or (disasters and tiles.get(target, 0) & board.DISASTER)
                ):
                    open_steps &= ~(1 << side)
        return open_steps

    def _explore(
        self,
        state: State,
        adv: Adventurer,
        key: Key,
        steps: int,
        open_steps: int,
        can_abandon: bool,
        rng: Any,
    ) -> int:
        """ai.explore_best_space: the best gap in the arrow's order (ai.choose_gap); none,
        and exactly three gaps seen: abandon if possible; else away from the latest city.
        A chosen gap comes back as ``side | (chest_map + 1) << 2`` with chest maps in play
        (chest_map 0: none fits, which drops a map still selected), else as the side."""
        tiles = state.tiles
        pos = adv.pos
        params = state.params
        full = params.gap_reward_full
        per_neighbour = params.gap_reward_per_neighbour
        use_maps = params.chest_maps
        has_maps = bool(use_maps and adv.maps)
        lows: list[int] | None = None  # read at the first gap, as ai_reference asks
        chosen = -1  # the side chosen so far
        chosen_map = 0  # its fitting chest map (1-based; 0: none)
        best = 0
        seen = 0
        for side in _EXPLORE_SIDES[(tiles[pos] >> 4) & 3]:
            if not open_steps >> side & 1:
                continue
            target = pos + _STEP[side]
            if target in tiles:
                continue
            seen += 1
            # exploration.fill_reward: the gap's neighbours besides the origin (a tile)
            count = (
                (target + 1 in tiles)
                + (target + _STRIDE in tiles)
                + (target - 1 in tiles)
                + (target - _STRIDE in tiles)
                - 1
            )
            reward = (full if count == 3 else 0) if full else per_neighbour * count
            # ai.choose_gap: a fitting map or a reward above the bar takes over and sets the bar
            fitting = 0
            if has_maps:
                if lows is None:
                    lows = self.map_lows(adv, key)
                fitting = designer_fits(state, adv, lows, side)
            if fitting or reward > best:
                chosen = side
                chosen_map = fitting
                best = reward
        if chosen >= 0:
            return chosen | (chosen_map + 1) << 2 if use_maps else chosen
        if seen == 3 and can_abandon:
            return _ABANDON
        return _away(pos, adv.latest_city, steps, open_steps, rng)

    def map_lows(self, adv: Adventurer, key: Key) -> list[int]:
        """The orientation bits of the Adventurer's chest maps as the designer's fit test
        left them (``designer_fits``). A map is drawn as it lay in its pile; the maps placed
        or stolen since the last look are dropped, new ones added (matched in order)."""
        maps = adv.maps
        entry = self.memory.maps.get(key)
        if entry is not None and entry[0] == maps:
            return entry[1]
        lows: list[int] = []
        if entry is None:
            lows = [tile & board.ORIENTATION_MASK for tile in maps]
        else:
            seen, old = entry
            i = 0
            for tile in maps:
                j = i
                while j < len(seen) and seen[j] != tile:
                    j += 1
                if j < len(seen):
                    lows.append(old[j])
                    i = j + 1
                else:
                    lows.append(tile & board.ORIENTATION_MASK)
        self.memory.maps[key] = (list(maps), lows)
        return lows

    def select_map(self, state: State, adv: Adventurer, key: Key, side: int, chosen: int) -> int:
        """The chest map (1-based, 0: none) a step into the gap across ``side`` tries first.

        As the designer's ``preferred_tile_num``: explore_best_space's choice (``chosen`` ≥ 0,
        0-based map + 1, or 0 for none) selects a map or none; any other step into a gap
        (``chosen`` < 0) tries the map still selected. A selected map that does not fit stays
        selected (regular.py AdventurerRegular.explore clears it only when placed), turned to
        the arrow of the tile left."""
        selected = self.memory.selected
        if chosen > 0:
            selected[key] = chosen - 1
        elif chosen == 0:
            selected.pop(key, None)
        index = selected.get(key)
        if index is None:
            return 0
        if index >= len(adv.maps):  # its map was stolen: the designer's code would fail here
            del selected[key]
            return 0
        if exploration.placement(state, adv.maps[index], adv.pos, side) is not None:
            del selected[key]  # it will be placed
        else:  # rotate_and_place leaves it turned to the arrow of the tile left
            lows = self.map_lows(adv, key)
            wind = state.tiles[adv.pos] >> 4 & 3
            lows[index] = board.ORIENTATIONS[0 if state.clockwise else 1][lows[index]][wind][side][
                0
            ]
        return index + 1

    def wait_for(
        self, state: State, adv: Adventurer, key: Key, can_wait: bool, loop: int, start: int
    ) -> bool:
        """ai.wait_for: whether a waiting loop waits now (then remembered in the memory)."""
        found = self.next_victim(state, adv, start) if can_wait else -1
        if found < 0:
            return False
        self.memory.waiting[key] = (state.round, loop, found + 1)
        return True

    def next_victim(self, state: State, adv: Adventurer, start: int) -> int:
        """ai.next_victim: the index (over every Adventurer, seat by seat) of the first from
        ``start`` on that is an opponent's here and that this personality would attack now, so
        that it waits to get the offer again (§13.2, §13.5); -1: none. Nobody can be attacked
        on a city (§9)."""
        params = state.params
        pos = adv.pos
        if not params.attacks or state.tiles[pos] & board.CITY:
            return -1
        seat = adv.seat
        index = 0
        for seat_advs in state.advs:
            for other in seat_advs:
                if (
                    index >= start
                    and other.pos == pos
                    and other.seat != seat
                    and (other.pirate or other.chest > 0)
                    and ai.attacks_adventurer(
                        self.personality, adv.chest, other.chest, other.pirate, params.arrest_value
                    )
                ):
                    return index
                index += 1
        return -1

    @staticmethod
    def pirate_target(state: State, adv: Adventurer) -> int:
        """ai.pirate_target over pirate_targets(): the cell of the first most valuable
        target, or -1 when none is worth anything."""
        best_value = 0
        best = -1
        seat = adv.seat
        # classic: only an Adventurer it would attack (ai_reference.pirate_targets)
        floor = adv.chest if state.params.preset == "classic" else -1
        for seat_advs in state.advs:
            for other in seat_advs:
                value = (other.chest + 1) // 2  # ai.half_up
                if value > best_value and value > floor and other.seat != seat:
                    best_value = value
                    best = other.pos
        dropped = state.dropped
        if not dropped:
            return best
        tiles = state.tiles
        if floor >= 0:  # classic: every tile
            for cell, amount in dropped.items():
                if amount > best_value and (adv.pirate or not tiles[cell] & board.DISASTER):
                    best_value = amount
                    best = cell
            return best
        # modern: the tile placed last in each column, columns in the order of their first
        # tile (ai.last_in_each_column, the designer's scan)
        last: dict[int, int] = {}
        for cell in tiles:
            last[cell // _STRIDE] = cell
        for cell in last.values():
            amount = dropped.get(cell, 0)
            if amount > best_value:
                best_value = amount
                best = cell
        return best

    # -- memory ------------------------------------------------------------------------
    def note_failed_exploration(self, state: State, adv: Adventurer, key: Key) -> None:
        """The exploration tried last time from here left the gap empty: avoid it this turn."""
        tried = self.memory.trying.pop(key, None)
        if tried is None:
            return
        round_, pos, gap, then = tried
        if round_ == state.round and adv.pos == pos and gap not in state.tiles:
            entry = self.memory.failed.get(key)
            if entry is None or entry[0] != state.round:
                entry = (state.round, set())
                self.memory.failed[key] = entry
            entry[1].add(gap)
            if then:
                # modern: the call that chose the step goes on (ai.resume)
                self.memory.resume[key] = (round_, pos, then)

    def note_city_visit(self, state: State, adv: Adventurer, key: Key, turn_start: bool) -> None:
        """§13.3: ``k`` is set to 0 by a city visit, which shows as a turn starting on a city.
        Not on an Adventurer's first turn: the initial ones start on the Capital with ``k``
        unset, and so do bought ones: the designer's Trader sets ``k`` for the last Adventurer
        it has *before* the purchase (players_heuristical.py PlayerBeginnerTrader.
        check_buy_adventurer), so a new one explores until its first city visit."""
        if turn_start and adv.pos in state.cities and state.round > max(adv.ready_round, 1):
            self.memory.route[key] = 0

    def skip_dead_route_stop(
        self,
        state: State,
        adv: Adventurer,
        offers: list[Action] | None,
        key: Key,
    ) -> None:
        """On route Agent ``k`` when it is ransacked and cannot be restored (Chest too small):
        it gives no rest, so the route moves on. The original waited for a rest there for
        ever, which can deadlock a game (found by ``bench/cartolan_reliability.py``)."""
        k = self.memory.route.get(key)
        if k is None:
            return
        agents = self.memory.own_agents(state, adv.seat)
        if (
            k < len(agents)
            and agents[k] == adv.pos
            and not state.agents[adv.pos].active
            and not (offers is not None and any(action[0] == "restore" for action in offers))
        ):
            self.memory.route[key] = k + 1

    def advance_route(self, state: State, adv: Adventurer, key: Key) -> None:
        """§13.3: resting at Agent ``k`` makes the next Agent the target."""
        k = self.memory.route.get(key)
        if k is None:
            return
        agents = self.memory.own_agents(state, adv.seat)
        if k < len(agents) and agents[k] == adv.pos:
            self.memory.route[key] = k + 1

    # -- offers ------------------------------------------------------------------------
    def take_offer(
        self, state: State, adv: Adventurer, offers: list[Action], moves_left: bool, key: Key
    ) -> Action | None:
        """The tile actions open now, in the order of §5.6: trade, attacks, restore, rest, and
        the Agent offer after exploring (§13.2–§13.5). ``moves_left``: a wait is legal, which
        the engine offers exactly while its turn-continuation test holds (the designer's
        ``can_move(None)``: in Regular a move is still allowed while at most two are used,
        whichever sides are open)."""
        params = state.params
        personality = self.personality
        rest = None
        for action in offers:
            verb: str = action[0]  # typed: compared as a str
            if verb == "trade":
                # the trade open as a turn starts on a wonder (state.TRADE_AT_TURN_START; read
                # from the turn's progress, which a view shows too): only the Router's
                turn_start = len(state.path) <= 1 and state.down + state.up + state.land == 0
                if not turn_start or ai.trades_as_turn_ends(personality):
                    return action
            elif verb == "restore":
                return action
            elif verb == "attack":
                victim = state.advs[action[1]][action[2]]
                if ai.attacks_adventurer(
                    personality, adv.chest, victim.chest, victim.pirate, params.arrest_value
                ):
                    return action
            elif verb == "attack_agent":
                if ai.attacks_agent(personality):
                    return action
            elif verb == "rest" or (verb == "rest_with" and rest is None):
                # an Agent's rest first; Intrepid Academy's rest with an Adventurer otherwise
                rest = action
            elif verb == "agent":
                wonder = bool(state.tiles[adv.pos] & board.WONDER)
                mine = len(self.memory.own_agents(state, adv.seat))
                if ai.places_agent_after_exploring(
                    personality, mine, params.max_agents, wonder, moves_left
                ):
                    return action
            elif verb == "court" and ai.courts(
                personality, adv.chest, state.dropped.get(adv.pos, 0)
            ):
                return action
        if rest is not None and ai.rests(personality, adv.chest, params.cost_rest):
            if rest[0] == "rest":
                self.advance_route(state, adv, key)
            return rest
        return None

    # -- the city decision ---------------------------------------------------------------
    def decide_city(self, state: State, legal: Sequence[Action], rng: Any) -> Action:
        """§13.2: bank everything; perhaps buy an Adventurer (Advanced: a Manuscript); never
        buy Agents or re-choose maps."""
        if legal[0][0] == "bank":
            # the first of the largest amounts, as max(legal, key=_bank_amount) would give
            best = legal[0]
            most = _bank_amount(best)
            for action in legal:
                amount = _bank_amount(action)
                if amount > most:
                    best = action
                    most = amount
            return best
        buy = _first(legal, "buy_adventurer")
        manuscript = _first(legal, "buy_manuscript")
        if buy is None and manuscript is None:
            return default_action(legal)
        params = state.params
        seat = state.seat
        opponents = [
            Opponent(state.vault[other], sum(a.chest for a in state.advs[other]))
            for other in range(len(state.vault))
            if other != seat
        ]
        vault = state.vault[seat]
        if buy is not None and ai.buys(
            rng, ai.P_REFUSE_ADVENTURER, vault, params.cost_adventurer, opponents, params.margin,
            strictly_more=True,
        ):  # fmt: skip
            if self.follows_route:
                # the designer's Trader/Router restart the route of the last Adventurer they
                # have before the purchase (check_buy_adventurer sets adventurers[-1])
                self.memory.route[adventurer_key(seat, len(state.advs[seat]))] = 0
            return buy
        if manuscript is not None and ai.buys(
            rng, ai.P_REFUSE_MANUSCRIPT, vault, params.cost_tech, opponents, params.margin,
            strictly_more=False,
        ):  # fmt: skip
            return manuscript
        return default_action(legal)


def _bank_amount(action: Action) -> int:
    return int(action[1]) if action[0] == "bank" else -1


def designer_fits(state: State, adv: Adventurer, lows: list[int], side: int) -> int:
    """The designer's players' fit test of the chest maps for the gap across ``side``: the
    last map (1-based, else 0) that passes it. players_heuristical.py calls beginner.py's
    ``rotated_tile_fits`` on each map as it lies in the Chest: that tries the map as it lies,
    then the variant's turns from the orientation matched to the arrow of the tile left, but
    never that orientation itself (its list of rotations starts with a null one, which is
    popped last, and the loop ends as the list empties, before testing it; the arrow is
    matched first only when a tile is placed, in ``rotate_and_place``), and leaves the map
    turned: as it fitted, or matched to the arrow when nothing fitted. ``lows`` holds the
    maps' orientation bits and is turned so. A map can pass this test and not be placeable
    (then the exploration draws from the pile), or fail it and be placeable."""
    wind = state.tiles[adv.pos] >> 4 & 3
    edges = exploration.gap_edges(state, adv.pos + _STEP[side])
    known = edges & 15
    water = edges >> 4
    table = board.ORIENTATIONS[0 if state.clockwise else 1]
    found = 0
    for index in range(len(lows)):
        current = lows[index]
        if current & known == water:
            found = index + 1
            continue
        tried: tuple[int, ...] = table[current][wind][side]
        left = tried[0]  # the arrow-matched map: the null rotation, popped last, never tested
        for low in tried[1:]:
            if low & known == water:
                left = low
                found = index + 1
                break
        lows[index] = left
    return found


def _map_step(actions: list[Action], number: int, side: int, chest_map: int) -> Action | None:
    """The legal step of Adventurer ``number`` across ``side`` with ``chest_map``."""
    for action in actions:
        if action[0] == "move" and action[1] == number and action[2] == side:  # noqa: SIM102
            if action[3] == chest_map:  # typed comparisons, one test at a time
                return action
    return None


def heuristic_players() -> dict[str, HeuristicPlayer]:
    """Fresh players (each with its own memory) by name: explorer, trader, router, pirate."""
    return {name: HeuristicPlayer(name) for name in ai.PERSONALITIES}
