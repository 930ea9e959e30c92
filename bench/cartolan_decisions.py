"""Cartolan ``modern`` and the designer's code, decision by decision, over the same seeds.

Not a test: ``.venv/bin/python bench/cartolan_decisions.py [--games 2000] [--workers 2]
[--designer PATH]`` (the designer's code as ``bench/cartolan_designer.py`` loads it: fetched
by the operator, never part of this repository).

Both programs play modern Regular four-player games between the Explorer, Trader, Router and
Pirate (seats as ``cartolan_reference.py`` seats them). Each records, for every decision of
every computer player, what it saw and what it chose:

* ``move``: its plan (``route`` to its route Agent, ``home``, ``chase`` a Pirate's target,
  ``explore``), the moves used this turn, how many steps it could take that it does not
  avoid and how many of them lead into gaps, whether it stands on its target; its choice
  (``closer``/``farther`` to the target, ``gap``/``tile`` when exploring, ``wait``,
  ``abandon``, ``end``). A random deviation (§13.1) is counted apart and left out, and so
  is a designer's step or wait made after its turn ended in the same call (its slip, which
  ``modern`` does not follow: it spends the first move of the next turn);
* ``explored``: the pile and the gap's neighbours; whether a tile was placed;
* ``rest``, ``trade``, ``agent`` (placing one after exploring), ``buy`` (an Adventurer),
  ``attack``: the situation (own Agent or not, Chest against the fee, a wonder, moves left,
  the Vault against the cost, ...) and yes or no.

The report gives each side's statistics (ends, rounds, win rates), each personality's
decisions per game, and then, personality by personality starting with the Router, every
situation seen on both sides where the two choose differently beyond 3 standard errors,
the situation met earliest in the games first: the first such line is the first decision
where the two programs part.
"""

from __future__ import annotations

import argparse
import math
import pickle
import random
import sys
import time
from collections import Counter, defaultdict
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import cartolan_designer as designer
from cartolan_reference import reference_order

from gamecore.games.cartolan import GAME, board, exploration
from gamecore.games.cartolan.players import HeuristicPlayer, heuristic_players
from gamecore.games.cartolan.state import State

LINEUP = designer.LINEUP
OPTIONS = {
    "preset": "modern",
    "mode": "regular",
    "movement": "initial",
    "exploration": "continuous",
}
THRESHOLD = 10  # the Adventurer's cost: a Chest this big heads home (§13.1)
MAX_AGENTS = 4
P_DEVIATE = 0.1
#: A difference in a choice's share beyond this many standard errors is reported.
SIGMAS = 3.0
#: A situation is compared when each side met it at least this often.
MIN_SEEN = 30

#: (personality, kind, situation, choice) → [count, sum of rounds]
Tally = dict[tuple[str, str, tuple[Any, ...], str], list[int]]


class Recorder:
    """Counts decisions by (personality, kind, situation, choice), and game statistics."""

    def __init__(self) -> None:
        self.tally: Tally = {}  # a plain dict: recorders travel between processes
        self.games: list[dict[str, Any]] = []
        #: (personality, what) → count over all games: steps, explorations, rests, ...
        self.counts: Counter[tuple[str, str]] = Counter()
        #: round → sums over the games that completed it, of SNAPSHOT's figures (and a count)
        self.rounds: dict[int, list[float]] = {}

    def snapshot(self, round_: int, figures: list[float]) -> None:
        """The table at the end of ``round_``: SNAPSHOT's figures for one game."""
        sums = self.rounds.setdefault(round_, [0.0] * (len(figures) + 1))
        sums[0] += 1
        for index, value in enumerate(figures):
            sums[index + 1] += value

    def note(
        self, who: str, kind: str, situation: tuple[Any, ...], choice: str, round_: int
    ) -> None:
        entry = self.tally.setdefault((who, kind, situation, choice), [0, 0])
        entry[0] += 1
        entry[1] += round_

    def merge(self, other: Recorder) -> None:
        for key, (count, rounds) in other.tally.items():
            entry = self.tally.setdefault(key, [0, 0])
            entry[0] += count
            entry[1] += rounds
        self.games.extend(other.games)
        self.counts.update(other.counts)
        for round_, sums in other.rounds.items():
            mine = self.rounds.setdefault(round_, [0.0] * len(sums))
            for index, value in enumerate(sums):
                mine[index] += value


#: What a round's end snapshot holds (per game, summed; the report prints the means).
SNAPSHOT = (
    "vaults",
    "chests",
    "lead",
    "water left",
    "land left",
    "tiles",
    "agents",
    "Agent wealth",
)


def _snapshot_figures(
    vaults: list[int],
    chests: int,
    water: int,
    land: int,
    tiles: int,
    agents: int,
    agent_wealth: int,
) -> list[float]:
    top = sorted(vaults, reverse=True)
    return [
        float(sum(vaults)),
        float(chests),
        float(top[0] - top[1]),
        float(water),
        float(land),
        float(tiles),
        float(agents),
        float(agent_wealth),
    ]


def towards(before: tuple[int, int], after: tuple[int, int], target: tuple[int, int]) -> str:
    """``closer`` when a step shrinks the taxicab distance to ``target``, else ``farther``."""
    distance = abs(before[0] - target[0]) + abs(before[1] - target[1])
    now = abs(after[0] - target[0]) + abs(after[1] - target[1])
    return "closer" if now < distance else "farther"


#: ``--shuffled``: each seed seats the four in a random order (both programs play seat by
#: seat, so in that order), as modern's shuffled turn order and the designer's own
#: main_sim.py give; otherwise the reference's lineup rotated per seed. Set before the
#: worker processes start (they are forked with it).
SHUFFLED = False


def seating(seed: int) -> list[str]:
    """The personalities by seat for ``seed``."""
    if SHUFFLED:
        names = list(LINEUP)
        random.Random(seed * 7919 + 1).shuffle(names)
        return names
    return [LINEUP[(seed + i) % 4] for i in range(4)]


# -- the designer's side ---------------------------------------------------------------------


class _Rolls:
    """Stands in for ``random`` inside players_heuristical.py: the same generator, and the
    last ``random()`` it drew there (the deviation roll, §13.1)."""

    def __init__(self) -> None:
        self.last: float | None = None

    def random(self) -> float:
        self.last = random.random()
        return self.last

    def __getattr__(self, name: str) -> Any:
        return getattr(random, name)


class DesignerWatch:
    """Hooks on the designer's classes that report each decision to a :class:`Recorder`."""

    def __init__(self, ns: Any) -> None:
        self.ns = ns
        self.recorder = Recorder()
        self.rolls = _Rolls()
        ns.players_heuristical.random = self.rolls
        #: the decision in progress: (player, adventurer, plan, target, deviation pending)
        self.current: list[Any] | None = None
        self.round = 0
        self._install()

    def _install(self) -> None:
        ns, watch = self.ns, self
        beginner, regular, players = ns.beginner, ns.regular, ns.players_heuristical

        def wrap_continue_move(cls: Any) -> None:
            original = cls.continue_move

            def continue_move(self: Any, adventurer: Any) -> Any:
                watch.current = [self, adventurer, *watch.plan(self, adventurer), None]
                watch.rolls.last = None
                try:
                    return original(self, adventurer)
                finally:
                    watch.current = None

            cls.continue_move = continue_move

        for name in (
            "PlayerBeginnerExplorer",
            "PlayerBeginnerTrader",
            "PlayerBeginnerRouter",
            "PlayerRegularPirate",
        ):
            wrap_continue_move(getattr(players, name))

        move = beginner.AdventurerBeginner.move

        def hooked_move(self: Any, compass: str) -> Any:
            # a step the rules allow (it spends a move even if its exploration fails); the
            # designer's players also try steps that are not allowed, which do nothing
            if watch.current and self.can_move(compass):
                if _turn_over(self):
                    watch.count_after_turn(self, "steps")
                    return move(self, compass)
                where = _xy(self.current_tile)
                dx, dy = designer._OFFSETS[compass]
                gap = self.exploration_needed(where[0] + dx, where[1] + dy)
                watch.note_move(
                    watch.move_situation(self), where, (where[0] + dx, where[1] + dy), gap
                )
            return move(self, compass)

        beginner.AdventurerBeginner.move = hooked_move

        wait = beginner.AdventurerBeginner.wait

        def hooked_wait(self: Any) -> Any:
            # the waiting loops (Explorer and Pirate, to attack) wait from continue_move or
            # continue_turn itself; the plans' waits come from move_towards / move_away
            caller = sys._getframe(1).f_code.co_name
            if watch.current and _turn_over(self):
                watch.count_after_turn(self, "waits")
            elif watch.current and caller not in ("continue_move", "continue_turn"):
                watch.note_move(watch.move_situation(self), None, None, False, "wait")
            return wait(self)

        beginner.AdventurerBeginner.wait = hooked_wait

        abandon = beginner.AdventurerBeginner.abandon_expedition

        def hooked_abandon(self: Any, city: Any) -> Any:
            if watch.current:
                watch.note_move(watch.move_situation(self), None, None, False, "abandon")
            return abandon(self, city)

        beginner.AdventurerBeginner.abandon_expedition = hooked_abandon

        explore = beginner.AdventurerBeginner.explore

        def hooked_explore(self: Any, pile: Any, discard: Any, x: int, y: int, compass: str) -> Any:
            edges = self.get_adjoining_edges(x, y)
            neighbours = sum(value is not None for value in edges.values())
            water = sum(value is True for value in edges.values())
            exhausted = not pile.tiles and not discard.tiles
            placed = explore(self, pile, discard, x, y, compass)
            if exhausted:
                return placed
            who = self.player.personality
            watch.recorder.note(
                who,
                "explored",
                (pile.tile_back, neighbours, water, watch.current[2] if watch.current else "-"),
                "placed" if placed else "failed",
                watch.round,
            )
            return placed

        beginner.AdventurerBeginner.explore = hooked_explore

        regular_explore = regular.AdventurerRegular.explore

        def hooked_regular_explore(
            self: Any, pile: Any, discard: Any, x: int, y: int, compass: str
        ) -> Any:
            maps = len(self.chest_tiles)
            placed = regular_explore(self, pile, discard, x, y, compass)
            if placed and len(self.chest_tiles) < maps:
                watch.recorder.note(
                    self.player.personality, "explored", ("map",), "placed", watch.round
                )
            return placed

        regular.AdventurerRegular.explore = hooked_regular_explore

        trade = regular.AdventurerRegular.trade

        def hooked_trade(self: Any, tile: Any) -> Any:
            wealth = self.wealth
            result = trade(self, tile)
            if self.wealth > wealth:
                when = "turn over" if self.turns_moved >= self.game.turn else "in turn"
                watch.recorder.counts[(self.player.personality, f"trade paid ({when})")] += 1
            return result

        regular.AdventurerRegular.trade = hooked_trade

        attack = regular.AdventurerRegular.attack

        def hooked_attack(self: Any, token: Any) -> Any:
            kind = (
                "attacks on Agents"
                if isinstance(token, ns.base.Agent)
                else "attacks on Adventurers"
            )
            if _turn_over(self):
                kind += " after the turn ended"  # the slip's steps and waits attack too
            who = self.player.personality
            watch.recorder.counts[(who, kind)] += 1
            watch.recorder.counts[(who, f"{kind} of the {token.player.personality}")] += 1
            watch.recorder.counts[
                (who, f"{kind} of the {token.player.personality} after a {_how(sys._getframe(1))}")
            ] += 1
            return attack(self, token)

        regular.AdventurerRegular.attack = hooked_attack

    def wrap_player(self, player: Any) -> None:
        """Per-player hooks on the decisions asked through the player."""
        watch = self
        who = player.personality

        def hook(name: str, kind: str, situation: Any) -> None:
            original = getattr(player, name)

            def asked(*args: Any) -> Any:
                seen = situation(*args)
                answer = original(*args)
                watch.recorder.note(who, kind, seen, "yes" if answer else "no", watch.round)
                return answer

            setattr(player, name, asked)

        def rest_situation(adventurer: Any, agent: Any) -> tuple[Any, ...]:
            return (
                "own" if agent.player == adventurer.player else "other",
                adventurer.wealth >= 1,
                watch.route_target_here(player, adventurer),
                _used(adventurer),
            )

        def buy_situation(adventurer: Any, *_: Any) -> tuple[Any, ...]:
            game = adventurer.game
            vault = game.player_wealths[adventurer.player]
            others = [p for p in game.players if p is not player]
            return _buy_situation(
                vault,
                [
                    (game.player_wealths[p], sum(a.wealth for a in game.adventurers[p]))
                    for p in others
                ],
                len(game.adventurers[adventurer.player]),
            )

        def agent_situation(adventurer: Any) -> tuple[Any, ...]:
            return (
                bool(adventurer.current_tile.is_wonder),
                bool(adventurer.can_move(None)),
                len(adventurer.game.agents[player]),
            )

        def trade_situation(adventurer: Any, tile: Any) -> tuple[Any, ...]:
            return ("arrival", tile in adventurer.wonders_visited)

        hook("check_rest", "rest", rest_situation)
        hook("check_buy_adventurer", "buy", buy_situation)
        hook("check_place_agent", "agent", agent_situation)
        hook("check_trade", "trade", trade_situation)

    # -- what a player sees ------------------------------------------------------------------
    def plan(self, player: Any, adventurer: Any) -> tuple[str, tuple[int, int] | None]:
        """The plan continue_move follows and its target cell (None: exploring)."""
        who = player.personality
        game = adventurer.game
        rich = adventurer.wealth >= THRESHOLD
        home = _xy(adventurer.latest_city)
        if who in ("trader", "router"):
            agents = game.agents[player]
            k = player.next_agent_num.get(adventurer)
            if k is not None and k < len(agents):
                if who == "router" or not rich:
                    return "route", _xy(agents[k].current_tile)
                return "home", home
            if rich or (who == "trader" and len(agents) >= MAX_AGENTS):
                return "home", home
            return "explore", None
        if rich:
            return "home", home
        if who == "pirate":
            target = _designer_chase(player, adventurer)
            if target is not None:
                return "chase", target
        return "explore", None

    def move_situation(self, adventurer: Any) -> tuple[Any, ...]:
        player, _adventurer, plan, target, _ = self.current  # type: ignore[misc]
        where = _xy(adventurer.current_tile)
        open_steps = gaps = 0
        for compass, (dx, dy) in designer._OFFSETS.items():
            x, y = where[0] + dx, where[1] + dy
            if adventurer.can_move(compass) and not _avoided(player, x, y):
                open_steps += 1
                gaps += bool(adventurer.exploration_needed(x, y))
        return (plan, _used(adventurer), open_steps, gaps, target == where, target)

    def note_move(
        self,
        situation: tuple[Any, ...],
        before: tuple[int, int] | None,
        after: tuple[int, int] | None,
        gap: bool,
        verb: str = "step",
    ) -> None:
        current = self.current
        assert current is not None
        who = current[0].personality
        deviated = (
            current[4] is None and self.rolls.last is not None and self.rolls.last < P_DEVIATE
        )
        if current[4] is None and self.rolls.last is not None:
            current[4] = True  # the roll was spent on the first action after it
        plan, used, open_steps, gaps, here, target = situation
        self.recorder.note(who, "deviate", (plan,), "yes" if deviated else "no", self.round)
        if deviated:
            return
        if verb == "step":
            assert before is not None and after is not None
            self.recorder.counts[(who, "steps")] += 1
            if plan == "chase":
                whom = _designer_whom(current[0], current[1], target)
                self.recorder.counts[(who, f"chase steps towards the {whom}")] += 1
            if plan == "explore":
                verb = "gap" if gap else "tile"
            else:
                verb = towards(before, after, target)
        self.recorder.note(who, "move", (plan, used, open_steps, gaps, here), verb, self.round)

    def count_after_turn(self, adventurer: Any, what: str) -> None:
        """A step or wait made after the Adventurer's turn ended, in the same call: the
        designer's slip that ``modern`` does not follow (decision 14). It spends a move of the
        next turn (which then starts with a move used: downwind only), so it is counted apart
        and not compared as a decision. move_away_from_tile waits after its random step failed
        and ended the turn; the Pirate's continue_move moves on after a wait ended it."""
        self.recorder.counts[(adventurer.player.personality, f"{what} after the turn ended")] += 1

    def route_target_here(self, player: Any, adventurer: Any) -> bool:
        agents = adventurer.game.agents[player]
        k = getattr(player, "next_agent_num", {}).get(adventurer)
        return (
            k is not None and k < len(agents) and agents[k].current_tile is adventurer.current_tile
        )

    def play(self, seed: int) -> None:
        game = designer.new_game(self.ns, seed, seating(seed))
        for player in game.players:
            self.wrap_player(player)
        while not game.game_over:
            game.turn += 1
            self.round = game.turn
            if game.turn > designer.MAX_ROUNDS:
                raise RuntimeError(f"seed {seed}: still running after {designer.MAX_ROUNDS} rounds")
            if game.play_round():
                break
            agents = [agent for player in game.players for agent in game.agents[player]]
            self.recorder.snapshot(
                game.turn,
                _snapshot_figures(
                    [game.player_wealths[player] for player in game.players],
                    sum(a.wealth for player in game.players for a in game.adventurers[player]),
                    len(game.tile_piles["water"].tiles) + len(game.discard_piles["water"].tiles),
                    len(game.tile_piles["land"].tiles) + len(game.discard_piles["land"].tiles),
                    sum(len(column) for column in game.play_area.values()),
                    len(agents),
                    sum(agent.wealth for agent in agents),
                ),
            )
        for player in game.players:
            who = player.personality
            self.recorder.counts[(who, "adventurers bought")] += len(game.adventurers[player]) - 1
            self.recorder.counts[(who, "agents")] += len(game.agents[player])
        self.recorder.games.append(
            {"end": designer.ending(game), "rounds": game.turn, "winners": designer.winners(game)}
        )


def _xy(tile: Any) -> tuple[int, int]:
    return (tile.tile_position.longitude, tile.tile_position.latitude)


def _how(frame: Any) -> str:
    """What brought the designer's tile actions on: a step or a wait (a waiting loop's, to
    attack, or another)."""
    while frame is not None:
        name = frame.f_code.co_name
        if name == "move":
            return "step"
        if name == "wait":
            caller = frame.f_back
            while caller is not None and caller.f_code.co_name.startswith("hooked_"):
                caller = caller.f_back  # this bench's own hooks
            name = caller.f_code.co_name if caller is not None else ""
            return "loop wait" if name in ("continue_turn", "continue_move") else "wait"
        frame = frame.f_back
    return "?"


def _turn_over(adventurer: Any) -> bool:
    """The Adventurer's turn has ended (the designer's ``end_turn`` counted it)."""
    return bool(adventurer.turns_moved >= adventurer.game.turn)


def _used(adventurer: Any) -> int:
    return int(adventurer.downwind_moves + adventurer.land_moves + adventurer.upwind_moves)


def _avoided(player: Any, x: int, y: int) -> bool:
    return any(spot[0] == x and spot[1] == y for spot in player.locations_to_avoid)


def _half_up(amount: int) -> int:
    return (amount + 1) // 2


def _designer_chase(player: Any, adventurer: Any) -> tuple[int, int] | None:
    """The Pirate's target as players_heuristical.py finds it (Adventurers only; its scan of
    dropped wealth sees one tile per column, which the project corrects)."""
    best, where = 0, None
    for other_player in adventurer.game.players:
        if other_player != player:
            for other in adventurer.game.adventurers[other_player]:
                if best < _half_up(other.wealth):
                    best, where = _half_up(other.wealth), _xy(other.current_tile)
    for column in adventurer.game.play_area.values():
        tile = list(column.values())[-1]
        if best < tile.dropped_wealth:
            best, where = tile.dropped_wealth, _xy(tile)
    return where


def _designer_whom(player: Any, adventurer: Any, target: tuple[int, int]) -> str:
    """Whose Adventurer the Pirate chases at ``target`` (the first most valuable one there),
    or ``dropped`` wealth."""
    game = adventurer.game
    others = [o for p in game.players if p != player for o in game.adventurers[p]]
    best = max((_half_up(o.wealth) for o in others), default=0)
    for other in others:
        if best and _half_up(other.wealth) == best and _xy(other.current_tile) == target:
            return str(other.player.personality)
    return "dropped"


def _project_whom(state: State, names: list[str], target: int) -> str:
    """``_designer_whom`` on the project's state."""
    seat = state.adventurer.seat
    others = [o for s, advs in enumerate(state.advs) if s != seat for o in advs]
    best = max((_half_up(o.chest) for o in others), default=0)
    for other in others:
        if best and _half_up(other.chest) == best and other.pos == target:
            return names[other.seat]
    return "dropped"


def _buy_situation(
    vault: int, opponents: list[tuple[int, int]], adventurers: int
) -> tuple[Any, ...]:
    """What the purchase test reads: the Vault above the cost, ahead by the margin, an
    opponent near a win (§13.2); and how many Adventurers the player has."""
    margin = 15
    ahead = vault > max(o[0] for o in opponents) + margin
    near = any(o[0] + o[1] > margin + vault - THRESHOLD for o in opponents)
    return (vault > THRESHOLD, ahead, near, adventurers)


# -- the project's side ------------------------------------------------------------------------


class _RngWatch:
    """A player's ``random.Random`` with the first ``random()`` of a decision remembered."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.first: float | None = None

    def random(self) -> float:
        value = self.rng.random()
        self.first = value  # the last roll decides a deviation (a failed one rolls again)
        return value

    def __getattr__(self, name: str) -> Any:
        return getattr(self.rng, name)


def project_plan(player: HeuristicPlayer, state: State) -> tuple[str, int | None]:
    """The plan ``_choose_move`` follows after the decision updated the memory."""
    adv = state.adventurer
    seat = adv.seat
    key = seat << 4 | (state.adv_index + 1)
    rich = adv.chest >= THRESHOLD
    home = adv.latest_city
    who = player.personality
    if player.follows_route:
        agents = player.memory.own_agents(state, seat)
        k = player.memory.route.get(key)
        if k is not None and k < len(agents):
            if who == "router" or not rich:
                return "route", agents[k]
            return "home", home
        if rich or (who == "trader" and len(agents) >= MAX_AGENTS):
            return "home", home
        return "explore", None
    if rich:
        return "home", home
    if who == "pirate":
        target = player.pirate_target(state, adv)
        if target >= 0:
            return "chase", target
    return "explore", None


def play_project(seed: int, recorder: Recorder) -> None:
    players = heuristic_players()
    names = seating(seed)
    rngs = [_RngWatch(random.Random(seed * 8 + i)) for i in range(4)]
    state = GAME.setup(4, seed, OPTIONS)
    reference_order(state)  # the designer's: seat by seat
    #: per Adventurer: the plan and target of its last move decision (a continuation keeps them)
    plans: dict[int, tuple[str, int | None]] = {}
    #: per Adventurer: what its last move decision was (a step, a wait, a waiting loop's wait)
    last_moves: dict[int, str] = {}
    while not state.over:
        seat = state.seat
        who = names[seat]
        legal = GAME.legal_actions(state, seat)
        rng = rngs[seat]
        rng.first = None
        player = players[who]
        was_city = state.decision == "city"
        situation = _project_offers(state, legal, player) if state.decision == "move" else None
        key = seat << 4 | (state.adv_index + 1)
        going_on = player.memory.resume.get(key)
        here = (state.round, state.adventurer.pos)
        resuming = going_on is not None and going_on[:2] == here
        tried = player.memory.trying.get(key)
        if tried is not None and tried[:2] == here and tried[2] not in state.tiles and tried[3]:
            # the step tried from here failed: this decision (or, after a tile action such as
            # a rest, the next) goes on with the call that chose it, under that call's plan
            resuming = True
        action = player(state, legal, rng)
        round_ = state.round
        verb = action[0]
        if state.decision == "move":
            kept = plans.get(key) if resuming else None
            noted = _note_project_move(
                recorder, player, state, legal, action, rng, situation, who, names, last_moves, kept
            )
            if verb == "move":
                last_moves[key] = "step"
            elif verb == "wait":
                last_moves[key] = "loop wait" if key in player.memory.waiting else "wait"
            if verb in ("move", "wait", "abandon", "end") or not resuming:
                plans[key] = noted  # a tile action taken on the way keeps the call's plan
        elif was_city and any(a[0] == "buy_adventurer" for a in legal):
            vault = state.vault[seat]
            opponents = [
                (state.vault[o], sum(a.chest for a in state.advs[o])) for o in range(4) if o != seat
            ]
            seen = _buy_situation(vault, opponents, len(state.advs[seat]))
            recorder.note(who, "buy", seen, "yes" if verb == "buy_adventurer" else "no", round_)
        mover = state.adventurer
        before = (len(state.tiles), len(mover.maps)) if verb == "move" else None
        target_gap = (
            state.adventurer.pos + board.STEP[action[2]] not in state.tiles
            if verb == "move"
            else False
        )
        pile_which = None
        neighbours = water_edges = 0
        plan = "-"
        if verb == "move" and target_gap:
            plan = project_plan(player, state)[0]
            cell = state.adventurer.pos + board.STEP[action[2]]
            edges = exploration.gap_edges(state, cell)
            neighbours = exploration.EDGE_COUNT[edges & 15]
            water_edges = exploration.EDGE_COUNT[edges >> 4]
            across = exploration.pile_across(state, state.tiles[state.adventurer.pos], action[2])
            pile_which = "land" if across else "water"
        if verb == "trade":
            turn_start = len(state.path) <= 1 and state.down + state.up + state.land == 0
            recorder.counts[(who, f"trade paid ({'turn over' if turn_start else 'in turn'})")] += 1
        GAME.apply_in_place(state, seat, action)
        if state.round > round_ and not state.over:
            recorder.snapshot(
                round_,
                _snapshot_figures(
                    list(state.vault),
                    sum(a.chest for advs in state.advs for a in advs),
                    len(state.piles[0]) + len(state.discards[0]),
                    len(state.piles[1]) + len(state.discards[1]),
                    len(state.tiles),
                    len(state.agents),
                    sum(agent.wealth for agent in state.agents.values()),
                ),
            )
        if before is not None and target_gap and pile_which is not None:
            placed = len(state.tiles) > before[0]
            if placed and len(mover.maps) < before[1]:
                recorder.note(who, "explored", ("map",), "placed", round_)
            elif not state.over or placed:
                seen = (pile_which, neighbours, water_edges, plan)
                recorder.note(who, "explored", seen, "placed" if placed else "failed", round_)
    for seat, advs in enumerate(state.advs):
        who = names[seat]
        recorder.counts[(who, "adventurers bought")] += len(advs) - 1
        recorder.counts[(who, "agents")] += sum(1 for a in state.agents.values() if a.owner == seat)
    end = (
        "margin"
        if state.end_reason == "margin"
        else ("water" if not state.piles[0] and not state.discards[0] else "land")
    )
    recorder.games.append(
        {"end": end, "rounds": state.round, "winners": [names[s] for s in state.winners]}
    )


def _project_offers(state: State, legal: list[Any], player: HeuristicPlayer) -> dict[str, Any]:
    """The tile offers open in a move decision, each with the situation the designer's
    player would be asked in."""
    adv = state.adventurer
    seen: dict[str, Any] = {}
    used = state.down + state.up + state.land
    for action in legal:
        verb = action[0]
        if verb == "rest":
            agent = state.agents[adv.pos]
            key = adv.seat << 4 | (state.adv_index + 1)
            k = player.memory.route.get(key)
            agents = player.memory.own_agents(state, adv.seat) if player.follows_route else []
            here = k is not None and k < len(agents) and agents[k] == adv.pos
            seen["rest"] = (
                "own" if agent.owner == adv.seat else "other",
                adv.chest >= 1,
                here,
                used,
            )
        elif verb == "agent":
            can_wait = any(a[0] == "wait" for a in legal)
            mine = sum(1 for a in state.agents.values() if a.owner == adv.seat)
            seen["agent"] = (bool(state.tiles[adv.pos] & board.WONDER), can_wait, mine)
        elif verb == "trade":
            turn_start = len(state.path) <= 1 and used == 0
            seen["trade"] = ("turn start", False) if turn_start else ("arrival", False)
        elif verb == "attack":
            victim = state.advs[action[1]][action[2]]
            seen.setdefault("attack", []).append(
                (
                    ("pirate" if victim.pirate else "robbery", _half_up(victim.chest) > adv.chest),
                    action,
                )
            )
    return seen


def _note_project_move(
    recorder: Recorder,
    player: HeuristicPlayer,
    state: State,
    legal: list[Any],
    action: tuple[Any, ...],
    rng: _RngWatch,
    offers: dict[str, Any] | None,
    who: str,
    names: list[str],
    last_moves: dict[int, str],
    kept: tuple[str, int | None] | None = None,
) -> tuple[str, int | None]:
    """Record one move decision; returns its plan and target. ``kept``: the plan and target of
    the decision whose failed step this one goes on from (modern's ``resume``: the designer
    tries it within the same continue_move call, under that call's plan)."""
    round_ = state.round
    verb = action[0]
    offers = offers or {}
    moving = verb in ("move", "wait", "abandon", "end")
    for kind in ("rest", "agent", "trade"):
        # the designer asks each on its own; here one decision offers them in §5.6's order
        if kind in offers and (moving or verb == kind):
            recorder.note(who, kind, offers[kind], "yes" if verb == kind else "no", round_)
    if verb in ("attack", "attack_agent"):
        kind = "attacks on Agents" if verb == "attack_agent" else "attacks on Adventurers"
        recorder.counts[(who, kind)] += 1
        victim = state.agents[state.adventurer.pos].owner if verb == "attack_agent" else action[1]
        recorder.counts[(who, f"{kind} of the {names[victim]}")] += 1
        how = last_moves.get(state.adventurer.seat << 4 | (state.adv_index + 1), "?")
        recorder.counts[(who, f"{kind} of the {names[victim]} after a {how}")] += 1
    adv = state.adventurer
    number = state.adv_index + 1
    plan, target = kept or project_plan(player, state)
    if not moving:
        return plan, target
    key = adv.seat << 4 | number
    if verb == "wait" and key in player.memory.waiting:
        return plan, target  # a waiting loop's wait (to attack), before the roll
    if verb == "end":
        if not any(a[0] in ("move", "wait") for a in legal):
            return plan, target  # no move left: the designer's turn is over (declines offers)
        verb = "wait"  # the designer's wait with no move left ends the turn the same way
    deviated = rng.first is not None and rng.first < P_DEVIATE and verb == "move"
    recorder.note(who, "deviate", (plan,), "yes" if deviated else "no", round_)
    if deviated:
        return plan, target
    entry = player.memory.failed.get(key)
    failed = entry[1] if entry is not None and entry[0] == state.round else set()
    open_steps = gaps = 0
    for step in legal:
        if step[0] == "move" and step[1] == number and step[3] == 0:
            cell = adv.pos + board.STEP[step[2]]
            if cell in state.path or cell in failed:
                continue
            open_steps += 1
            gaps += cell not in state.tiles
    used = state.down + state.up + state.land
    here = target == adv.pos
    if verb == "move":
        recorder.counts[(who, "steps")] += 1
        if plan == "chase":
            assert target is not None
            whom = _project_whom(state, names, target)
            recorder.counts[(who, f"chase steps towards the {whom}")] += 1
        cell = adv.pos + board.STEP[action[2]]
        if plan == "explore":
            verb = "gap" if cell not in state.tiles else "tile"
        else:
            assert target is not None
            verb = towards(board.coords(adv.pos), board.coords(cell), board.coords(target))
    recorder.note(who, "move", (plan, used, open_steps, gaps, here), verb, round_)
    return plan, target


# -- running and reporting -------------------------------------------------------------------


_WATCH: DesignerWatch | None = None


def run(seeds: range, source: str | None) -> tuple[Recorder, Recorder]:
    global _WATCH
    if _WATCH is None:
        _WATCH = DesignerWatch(designer.load(source))
    watch = _WATCH
    watch.recorder = Recorder()
    project = Recorder()
    for seed in seeds:
        watch.play(seed)
        play_project(seed, project)
    return watch.recorder, project


def _run_part(args: tuple[range, str | None]) -> tuple[Recorder, Recorder]:
    return run(*args)


def measure(
    games: int, first_seed: int, workers: int, source: str | None
) -> tuple[Recorder, Recorder]:
    chunk = max(25, games // (workers * 8))
    ranges = [
        range(start, min(start + chunk, first_seed + games))
        for start in range(first_seed, first_seed + games, chunk)
    ]
    theirs, ours = Recorder(), Recorder()
    if workers > 1:
        with ProcessPoolExecutor(workers) as pool:
            parts = list(pool.map(_run_part, [(r, source) for r in ranges]))
    else:
        parts = [run(r, source) for r in ranges]
    for part_theirs, part_ours in parts:
        theirs.merge(part_theirs)
        ours.merge(part_ours)
    return theirs, ours


def summary(games: list[dict[str, Any]]) -> dict[str, tuple[float, float]]:
    """Per figure: mean and standard error (ends in %, rounds, win rates)."""
    n = len(games)
    figures: dict[str, list[float]] = {
        key: [] for key in ("margin", "land", "water", "rounds", *LINEUP)
    }
    for game in games:
        for end in ("margin", "land", "water"):
            figures[end].append(100.0 if game["end"] == end else 0.0)
        figures["rounds"].append(float(game["rounds"]))
        for name in LINEUP:
            figures[name].append(
                game["winners"].count(name) / len(game["winners"]) if game["winners"] else 0.0
            )
    result = {}
    for key, values in figures.items():
        mean = sum(values) / n
        spread = math.sqrt(sum((v - mean) ** 2 for v in values) / max(1, n - 1))
        result[key] = (mean, spread / math.sqrt(n))
    return result


def differences(theirs: Recorder, ours: Recorder, who: str) -> list[tuple[float, str]]:
    """Lines for every situation both met (MIN_SEEN each) where a choice's share differs
    beyond SIGMAS errors, keyed by the mean round the situation was met in."""
    situations: dict[tuple[str, tuple[Any, ...]], dict[str, list[Counter[str]]]] = {}
    rounds: dict[tuple[str, tuple[Any, ...]], list[int]] = defaultdict(lambda: [0, 0])
    for side, recorder in (("designer", theirs), ("project", ours)):
        for (person, kind, situation, choice), (count, total) in recorder.tally.items():
            if person != who:
                continue
            slot = situations.setdefault(
                (kind, situation), {"designer": [Counter()], "project": [Counter()]}
            )
            slot[side][0][choice] += count
            rounds[(kind, situation)][0] += count
            rounds[(kind, situation)][1] += total
    lines = []
    for (kind, situation), sides in situations.items():
        a, b = sides["designer"][0], sides["project"][0]
        na, nb = sum(a.values()), sum(b.values())
        if na < MIN_SEEN or nb < MIN_SEEN:
            continue
        worst = None
        for choice in set(a) | set(b):
            pa, pb = a[choice] / na, b[choice] / nb
            pooled = (a[choice] + b[choice]) / (na + nb)
            error = math.sqrt(max(pooled * (1 - pooled), 1e-9) * (1 / na + 1 / nb))
            z = (pb - pa) / error
            if abs(z) > SIGMAS and (worst is None or abs(z) > abs(worst[3])):
                worst = (choice, pa, pb, z)
        if worst is None:
            continue
        count, total = rounds[(kind, situation)]
        mean_round = total / count
        choice, pa, pb, z = worst
        lines.append(
            (
                mean_round,
                f"  round {mean_round:5.1f}  {kind:8} {situation!s:42} {choice:8}"
                f" designer {pa:6.1%} of {na:6}  project {pb:6.1%} of {nb:6}  ({z:+.1f} errors)",
            )
        )
    return sorted(lines)


def per_game(recorder: Recorder, who: str, games: int) -> dict[str, float]:
    """Decisions per game for one personality: counted choices and the extra counts."""
    found: Counter[str] = Counter()
    for (person, kind, _situation, choice), (count, _) in recorder.tally.items():
        if person == who and kind != "deviate":
            found[f"{kind} {choice}"] += count
    for (person, what), count in recorder.counts.items():
        if person == who:
            found[what] += count
    return {key: value / games for key, value in found.items()}


def frequencies(theirs: Recorder, ours: Recorder, who: str, kind: str, top: int) -> list[str]:
    """The situations and choices of one kind met more or less often per game on one side:
    where one program's player spends its decisions that the other's does not."""
    games_a, games_b = len(theirs.games), len(ours.games)
    found: dict[tuple[Any, ...], list[float]] = {}
    for index, (recorder, games) in enumerate(((theirs, games_a), (ours, games_b))):
        for (person, seen_kind, situation, choice), (count, _) in recorder.tally.items():
            if person == who and seen_kind == kind:
                found.setdefault((situation, choice), [0.0, 0.0])[index] += count / games
    ranked = sorted(found.items(), key=lambda item: -abs(item[1][1] - item[1][0]))[:top]
    return [
        f"  {kind:8} {situation!s:42} {choice:8} designer {a:7.3f}  project {b:7.3f}  ({b - a:+.3f})"
        for (situation, choice), (a, b) in ranked
    ]


def report(theirs: Recorder, ours: Recorder, top: int = 0) -> None:
    designer_stats, project_stats = summary(theirs.games), summary(ours.games)
    print(f"{'':22} {'designer':>16} {'project':>16} {'difference':>18}")
    for key in ("margin", "land", "water", "rounds", *LINEUP):
        (ma, ea), (mb, eb) = designer_stats[key], project_stats[key]
        error = math.hypot(ea, eb)
        print(
            f"{key:22} {ma:9.3f} ±{ea:5.3f} {mb:9.3f} ±{eb:5.3f} {mb - ma:+9.3f} ±{error:5.3f}"
            f" ({(mb - ma) / error if error else 0:+.1f})"
        )
    print("\nat the end of each round (means over the games that completed it; designer / project)")
    print(f"{'round':>5} {'games':>11} " + " ".join(f"{name:>17}" for name in SNAPSHOT))
    for round_ in sorted(set(theirs.rounds) & set(ours.rounds)):
        sums_a, sums_b = theirs.rounds[round_], ours.rounds[round_]
        if min(sums_a[0], sums_b[0]) < 50:
            continue
        cells = " ".join(
            f"{sums_a[i] / sums_a[0]:8.2f} {sums_b[i] / sums_b[0]:8.2f}"
            for i in range(1, len(sums_a))
        )
        print(f"{round_:5} {sums_a[0]:5.0f} {sums_b[0]:5.0f} {cells}")
    games = len(ours.games)
    for who in ("router", "trader", "explorer", "pirate"):
        print(f"\n{who}: per game (designer / project)")
        a, b = per_game(theirs, who, games), per_game(ours, who, games)
        for key in sorted(set(a) | set(b)):
            if max(a.get(key, 0), b.get(key, 0)) >= 0.05:
                print(f"  {key:36} {a.get(key, 0):8.2f} {b.get(key, 0):8.2f}")
        lines = differences(theirs, ours, who)
        print(f"{who}: situations where the choices differ, earliest first ({len(lines)})")
        for _round, line in lines:
            print(line)
        if top:
            print(f"{who}: per game, the situations met most differently often")
            for kind in ("move", "rest", "explored", "trade", "agent"):
                for line in frequencies(theirs, ours, who, kind, top):
                    print(line)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--designer", help="the designer's code (default: CARTOLAN_DESIGNER)")
    parser.add_argument(
        "--top",
        type=int,
        default=0,
        help="list the N situations per kind whose frequency per game differs most",
    )
    parser.add_argument(
        "--shuffled",
        action="store_true",
        help="seat the four in a random order per seed (default: the reference's lineup)",
    )
    parser.add_argument("--save", help="keep both records in this file (pickle)")
    parser.add_argument("--load", help="report the records kept by --save instead of playing")
    args = parser.parse_args()
    global SHUFFLED
    SHUFFLED = args.shuffled
    start = time.perf_counter()
    if args.load:
        with open(args.load, "rb") as kept:
            theirs, ours = pickle.load(kept)
        print(f"modern Regular, {len(ours.games)} games kept in {args.load}")
        report(theirs, ours, args.top)
        return
    theirs, ours = measure(args.games, args.first_seed, args.workers, args.designer)
    if args.save:
        with open(args.save, "wb") as kept:
            pickle.dump((theirs, ours), kept)
    print(
        f"modern Regular, {args.games} games from seed {args.first_seed}, both programs"
        f" ({time.perf_counter() - start:.0f} s, {args.workers} worker(s))"
    )
    report(theirs, ours, args.top)


if __name__ == "__main__":
    main()
