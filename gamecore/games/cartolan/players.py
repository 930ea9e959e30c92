"""Cartolan's heuristic computer players Explorer, Trader, Router and Pirate (rules §13).

``heuristic_players()`` gives fresh players by name; ``PLAYERS`` (merged by
``CartolanGame.players()``) holds one set. A player is ``(view, legal_actions, rng) -> action``
where ``rng`` is a ``random.Random`` or a ``gamecore.rng.Rng`` (only ``random()`` and
``choice()`` are used).

Input: the seat's view (``GAME.view``), or — the documented faster input for simulations and
benchmarks — the engine ``State`` itself, read only. A view is first rebuilt into the same
shape (:mod:`gamecore.games.cartolan.ai_view`), so both inputs give the same decisions. The
rules themselves are the pure functions of :mod:`gamecore.games.cartolan.ai_heuristics`.

Memory: §13 keeps two things across calls that neither the view nor the state carries: the
Trader/Router route index ``k`` (per Adventurer, across turns) and the cells where an
exploration failed this turn (avoided afterwards). A player keeps them in a small dict keyed
by (seat, Adventurer number) and forgets everything when the round or the number of tiles
goes down (a new game). Without that memory (e.g. a fresh player for every call) the players
still answer legally; the route then starts again at the first Agent each time and only the
cells visited this turn (``path``) are avoided.

Every decision the engine offers gets an answer: what these rules do not reason about falls
back to a harmless default (decline, done, end, or else the first legal action), and so does
an error inside a rule — unless ``STRICT`` is set, as the tests do, to surface it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from gamecore.games.cartolan import ai_heuristics as ai
from gamecore.games.cartolan import board, exploration
from gamecore.games.cartolan.ai_heuristics import GapOption, Move, Opponent
from gamecore.games.cartolan.ai_view import state_from_view
from gamecore.games.cartolan.presets import Params

Action = tuple[Any, ...]
Key = tuple[int, int]

#: Raise errors from the decision rules instead of falling back (the tests set it).
STRICT = False

_SIDE_LETTERS = "nesw"
_COORDS = board.coords
_STEP = board.STEP
_STRIDE = board.STRIDE
_WIND_NAMES = board.WIND_NAMES


def threshold(params: Params) -> int:
    """§13.1: the Chest at which a player heads home: the Adventurer's cost, or in modern
    Advanced the Manuscript's cost (classic Advanced sells no Manuscripts, binding decision 9)."""
    if params.mode == "advanced" and params.preset == "modern":
        return getattr(params, "cost_tech", params.cost_adventurer)
    return params.cost_adventurer


def own_agents(state: Any, seat: int) -> list[int]:
    """The player's Agent list in the engine's order (``api.own_agents``: sorted by cell)."""
    return sorted(cell for cell, agent in state.agents.items() if agent.owner == seat)


def default_action(legal: Sequence[Action]) -> Action:
    """A harmless answer to any decision: decline, leave, end the turn, else the first."""
    for verb in ("decline", "done", "end"):
        for action in legal:
            if action[0] == verb:
                return action
    return legal[0]


def _first(legal: Sequence[Action], verb: str) -> Action | None:
    for action in legal:
        if action[0] == verb:
            return action
    return None


def _is_named(state: Any, city: int, name: str) -> bool:
    """Whether ``city`` is the one an ``abandon`` action names (``capital`` / ``mythical``)."""
    return bool(state.tiles.get(city, 0) & board.MYTHICAL) == (name == "mythical")


class _Memory:
    """What one player remembers across calls within a game (see the module docstring)."""

    __slots__ = ("clock", "route", "failed", "trying", "_disasters")

    def __init__(self) -> None:
        self.clock = (0, 0)
        #: (seat, number) → Trader/Router route index k (absent: not set yet, §13.3)
        self.route: dict[Key, int] = {}
        #: (seat, number) → (round, cells where an exploration failed this turn)
        self.failed: dict[Key, tuple[int, set[int]]] = {}
        #: (seat, number) → (round, position, gap cell) of the exploration just tried
        self.trying: dict[Key, tuple[int, int, int]] = {}
        #: (number of tiles, disaster cells among them): rescanned only when tiles are added
        self._disasters: tuple[int, set[int]] = (-1, set())

    def disasters(self, tiles: dict[int, int]) -> set[int]:
        """Known disaster tiles, which the players avoid (§13.1, classic Regular)."""
        if self._disasters[0] != len(tiles):
            found = {cell for cell, tile in tiles.items() if tile & board.DISASTER}
            self._disasters = (len(tiles), found)
        return self._disasters[1]

    def sync(self, state: Any) -> None:
        """Forget everything when time runs backwards: that is a new game."""
        clock = (state.round, len(state.tiles))
        if clock[0] < self.clock[0] or clock[1] < self.clock[1]:
            self.route.clear()
            self.failed.clear()
            self.trying.clear()
        self.clock = clock


class HeuristicPlayer:
    """One §13 personality: ``explorer``, ``trader``, ``router`` or ``pirate``.

    The Pirate exists for Regular and Advanced (§13.5); in Beginner, where nobody can attack,
    it plays as the Explorer.
    """

    #: Accepts the engine ``State`` in place of the view (the faster input, module docstring).
    accepts_state = True

    def __init__(self, personality: str) -> None:
        if personality not in ai.PERSONALITIES:
            raise ValueError(f"unknown personality {personality!r}")
        self.personality = personality
        self.memory = _Memory()

    def __repr__(self) -> str:
        return f"HeuristicPlayer({self.personality!r})"

    def __call__(self, view: Any, legal: Sequence[Action], rng: Any) -> Action:
        if not legal:
            raise ValueError("a computer player needs at least one legal action")
        try:
            state = state_from_view(view) if isinstance(view, dict) else view
            self.memory.sync(state)
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

    # -- dispatch ----------------------------------------------------------------------
    def decide(self, state: Any, legal: Sequence[Action], rng: Any) -> Action:
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
            return rng.choice(list(legal))
        # card choices and anything newer: uniformly at random among the offers (§13.6)
        choices = [a for a in legal if a[0] not in ("decline", "done", "end")]
        return rng.choice(choices) if choices else default_action(legal)

    # -- the move decision ---------------------------------------------------------------
    def decide_move(self, state: Any, legal: Sequence[Action], rng: Any) -> Action:
        adv = state.adventurer
        key = (state.seat, state.adv_index + 1)
        self._note_failed_exploration(state, adv, key)
        if self.personality in ("trader", "router"):
            self._note_city_visit(state, adv, key)
        scan = _scan(legal)
        if self.personality in ("trader", "router"):
            self._skip_dead_route_stop(state, adv, scan, key)
        if scan.offers:
            offer = self.take_offer(state, adv, scan, key)
            if offer is not None:
                return offer
        move = ai.decide_move(self.personality, self.move_context(state, adv, scan, key), rng)
        return self._to_action(state, adv, legal, move, key)

    def _note_failed_exploration(self, state: Any, adv: Any, key: Key) -> None:
        tried = self.memory.trying.pop(key, None)
        if tried is None:
            return
        round_, pos, gap = tried
        if round_ == state.round and adv.pos == pos and gap not in state.tiles:
            entry = self.memory.failed.get(key)
            if entry is None or entry[0] != state.round:
                entry = (state.round, set())
                self.memory.failed[key] = entry
            entry[1].add(gap)

    def _note_city_visit(self, state: Any, adv: Any, key: Key) -> None:
        """§13.3: ``k`` is set to 0 by every city visit and for bought Adventurers; both show as
        a turn starting on a city (the initial Adventurers start there with ``k`` unset)."""
        at_turn_start = len(state.path) <= 1 and state.down + state.up + state.land == 0
        if at_turn_start and adv.pos in state.cities and (state.round > 1 or key[1] > 1):
            self.memory.route[key] = 0

    def take_offer(self, state: Any, adv: Any, scan: _Scan, key: Key) -> Action | None:
        """The tile actions open now, in the order of §5.6: trade, attacks, restore, rest, and
        the Agent offer after exploring (§13.2–§13.5)."""
        params = state.params
        personality = self.personality
        rest = None
        for action in scan.offers:
            verb = action[0]
            if verb == "trade" or verb == "restore":
                return action
            if verb == "attack":
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
                moves_left = bool(scan.sides) or scan.gusts
                wonder = bool(state.tiles[adv.pos] & board.WONDER)
                mine = len(own_agents(state, adv.seat))
                if ai.places_agent_after_exploring(
                    personality, mine, params.max_agents, wonder, moves_left
                ):
                    return action
            elif verb == "court" and ai.courts(personality, adv.chest, state.dropped.get(adv.pos, 0)):
                return action
        if rest is not None and ai.rests(personality, adv.chest, params.cost_rest):
            if rest[0] == "rest":
                self._advance_route(state, adv, key)
            return rest
        return None

    def _skip_dead_route_stop(self, state: Any, adv: Any, scan: _Scan, key: Key) -> None:
        """On route Agent ``k`` when it is ransacked and cannot be restored (Chest too small):
        it gives no rest, so the route moves on. The original waited for a rest there for
        ever, which can deadlock a game (found by ``bench/cartolan_reliability.py``)."""
        k = self.memory.route.get(key)
        if k is None:
            return
        agents = own_agents(state, adv.seat)
        if (
            k < len(agents)
            and agents[k] == adv.pos
            and not state.agents[adv.pos].active
            and not any(action[0] == "restore" for action in scan.offers)
        ):
            self.memory.route[key] = k + 1

    def _advance_route(self, state: Any, adv: Any, key: Key) -> None:
        """§13.3: resting at Agent ``k`` makes the next Agent the target."""
        k = self.memory.route.get(key)
        if k is None:
            return
        agents = own_agents(state, adv.seat)
        if k < len(agents) and agents[k] == adv.pos:
            self.memory.route[key] = k + 1

    def move_context(self, state: Any, adv: Any, scan: _Scan, key: Key) -> _LazyContext:
        return _LazyContext(self, state, adv, scan, key)

    def _victim_here(self, state: Any, adv: Any) -> bool:
        """An opponent's Adventurer here that this personality would attack, so that it waits to
        get the offer again (§13.2, §13.5). Nobody can be attacked on a city (§9)."""
        params = state.params
        pos = adv.pos
        if not params.attacks or state.tiles[pos] & board.CITY:
            return False
        for seat, seat_advs in enumerate(state.advs):
            if seat == adv.seat:
                continue
            for other in seat_advs:
                if other.pos != pos or not (other.pirate or other.chest > 0):
                    continue
                if ai.attacks_adventurer(
                    self.personality, adv.chest, other.chest, other.pirate, params.arrest_value
                ):
                    return True
        return False

    def _to_action(
        self, state: Any, adv: Any, legal: Sequence[Action], move: Move, key: Key
    ) -> Action:
        number = state.adv_index + 1
        if move.kind == "step" and move.direction is not None:
            side = _SIDE_LETTERS.index(move.direction)
            action: Action = ("move", number, side, move.chest_map or 0)
            if action not in legal:
                action = ("move", number, side, 0)
            if action in legal:
                target = adv.pos + _STEP[side]
                if target not in state.tiles:
                    self.memory.trying[key] = (state.round, adv.pos, target)
                return action
        if move.kind == "abandon":
            for action in legal:
                if action[0] == "abandon" and _is_named(state, adv.latest_city, action[2]):
                    return action
        if move.kind != "end" and ("wait", number) in legal:
            return ("wait", number)
        return ("end",) if ("end",) in legal else default_action(legal)

    # -- the city decision ---------------------------------------------------------------
    def decide_city(self, state: Any, legal: Sequence[Action], rng: Any) -> Action:
        """§13.2: bank everything; perhaps buy an Adventurer (Advanced: a Manuscript); never
        buy Agents or re-choose maps."""
        if legal[0][0] == "bank":
            return max(legal, key=lambda a: a[1] if a[0] == "bank" else -1)
        params = state.params
        seat = state.seat
        opponents = [
            Opponent(state.vault[other], sum(a.chest for a in state.advs[other]))
            for other in range(len(state.vault))
            if other != seat
        ]
        vault = state.vault[seat]
        buy = _first(legal, "buy_adventurer")
        if buy is not None and ai.buys(
            rng, ai.P_REFUSE_ADVENTURER, vault, params.cost_adventurer, opponents, params.margin,
            strictly_more=True,
        ):  # fmt: skip
            return buy
        manuscript = _first(legal, "buy_manuscript")
        cost_tech = getattr(params, "cost_tech", 3)
        if manuscript is not None and ai.buys(
            rng, ai.P_REFUSE_MANUSCRIPT, vault, cost_tech, opponents, params.margin,
            strictly_more=False,
        ):  # fmt: skip
            return manuscript
        return default_action(legal)


class _lazy:  # noqa: N801 - used like functools.cached_property
    """``functools.cached_property`` without its lock (Python 3.11 takes one on every first
    read): computes on first read, then the instance attribute hides the descriptor."""

    def __init__(self, compute: Any) -> None:
        self.compute = compute
        self.name = compute.__name__

    def __get__(self, instance: Any, owner: type) -> Any:
        value = self.compute(instance)
        instance.__dict__[self.name] = value
        return value


class _LazyContext:
    """``ai_heuristics.MoveInputs`` read from the game; the costlier fields are computed on
    first use, as most moves need only a few of them (a player heading home never looks at
    gaps or targets)."""

    def __init__(self, player: HeuristicPlayer, state: Any, adv: Any, scan: _Scan, key: Key):
        self._player = player
        self._state = state
        self._adv = adv
        self._scan = scan
        self._key = key
        self._gaps: dict[str, GapOption] | None = None
        params = state.params
        # the cheap fields at once
        self.position = _COORDS(adv.pos)
        self.chest: int = adv.chest
        self.threshold = threshold(params)
        self.max_agents: int = params.max_agents
        self.legal_steps = frozenset([_SIDE_LETTERS[side] for side in scan.sides])
        self.turn_start = len(state.path) <= 1 and state.down + state.up + state.land == 0
        self.arrow = _WIND_NAMES[(state.tiles[adv.pos] >> 4) & 3]
        self.latest_city = _COORDS(adv.latest_city)
        self.use_maps = bool(params.chest_maps and adv.maps)
        self.route_index = player.memory.route.get(key)
        if not scan.abandon:
            self.__dict__["can_abandon"] = False

    @_lazy
    def avoid(self) -> frozenset[ai.Pos]:
        """This turn's path, failed explorations and known disasters; only the four
        neighbouring cells are ever looked up, so only they are checked."""
        state = self._state
        memory = self._player.memory
        path = state.path
        entry = memory.failed.get(self._key)
        failed = entry[1] if entry is not None and entry[0] == state.round else ()
        disasters = memory.disasters(state.tiles) if state.params.disasters else ()
        origin = self._adv.pos
        return frozenset(
            [
                _COORDS(cell)
                for cell in (origin + 1, origin + _STRIDE, origin - 1, origin - _STRIDE)
                if cell in path or cell in failed or cell in disasters
            ]
        )

    @_lazy
    def can_abandon(self) -> bool:
        state = self._state
        city = self._adv.latest_city
        return any(_is_named(state, city, name) for name in self._scan.abandon)

    @_lazy
    def own_agents(self) -> tuple[ai.Pos, ...]:
        return tuple([_COORDS(cell) for cell in own_agents(self._state, self._adv.seat)])

    @_lazy
    def pirate_targets(self) -> tuple[tuple[ai.Pos, int], ...]:
        return _pirate_targets(self._state, self._adv) if self._state.params.attacks else ()

    @_lazy
    def victim_here(self) -> bool:
        return self._scan.can_wait and self._player._victim_here(self._state, self._adv)

    def gap_options(self) -> dict[str, GapOption]:
        if self._gaps is None:
            state, adv = self._state, self._adv
            origin = adv.pos
            use_maps = self.use_maps
            found = {}
            for side in self._scan.sides:
                target = origin + _STEP[side]
                if target in state.tiles:
                    continue
                letter = _SIDE_LETTERS[side]
                reward = exploration.fill_reward(state, target, origin)
                fitting = _fitting_map(state, adv, side) if use_maps else None
                found[letter] = GapOption(letter, reward, fitting)
            self._gaps = found
        return self._gaps


class _Scan:
    """One pass over the legal actions of a move decision: what the rules need from them."""

    __slots__ = ("sides", "gusts", "can_wait", "abandon", "offers")

    def __init__(self) -> None:
        self.sides: list[int] = []  # plain steps (without a chest map)
        self.gusts = False
        self.can_wait = False
        self.abandon: list[str] = []  # cities an abandon may go to
        self.offers: list[Action] = []  # tile actions open now


_NOT_OFFERS = frozenset(("move", "wait", "gust", "abandon", "travel", "end"))


def _scan(legal: Sequence[Action]) -> _Scan:
    scan = _Scan()
    for action in legal:
        verb = action[0]
        if verb == "move":
            if action[3] == 0:
                scan.sides.append(action[2])
        elif verb not in _NOT_OFFERS:
            scan.offers.append(action)
        elif verb == "wait":
            scan.can_wait = True
        elif verb == "abandon":
            scan.abandon.append(action[2])
        elif verb == "gust":
            scan.gusts = True
    return scan


def _fitting_map(state: Any, adv: Any, side: int) -> int | None:
    """The first chest map (1-based) that would fit across ``side`` (§10.5), if any."""
    for number, tile in enumerate(adv.maps, start=1):
        if exploration.placement(state, tile, adv.pos, side) is not None:
            return number
    return None


def _pirate_targets(state: Any, adv: Any) -> tuple[tuple[ai.Pos, int], ...]:
    """§13.5: opponents' Adventurers (half their Chest, rounded up), then tiles with dropped
    wealth. The original's scan of Agents looked only at its own Agents (it has none), so
    Agents are attacked when met but never sought out. Wealth on a classic disaster tile is a
    target only for a pirate: anyone else entering it loses its own Chest there (§16), and
    chasing it led non-pirates round in circles for ever."""
    targets = [
        (_COORDS(other.pos), ai.half_up(other.chest))
        for seat, seat_advs in enumerate(state.advs)
        if seat != adv.seat
        for other in seat_advs
    ]
    tiles = state.tiles
    targets += [
        (_COORDS(cell), amount)
        for cell, amount in state.dropped.items()
        if adv.pirate or not tiles[cell] & board.DISASTER
    ]
    return tuple(targets)


def heuristic_players() -> dict[str, HeuristicPlayer]:
    """Fresh players (each with its own memory) by name: explorer, trader, router, pirate."""
    return {name: HeuristicPlayer(name) for name in ai.PERSONALITIES}


#: Merged into ``GAME.players()`` by the engine.
PLAYERS: dict[str, HeuristicPlayer] = heuristic_players()
