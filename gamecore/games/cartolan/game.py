"""The Cartolan game object: setup, legal actions, apply, status, score (rules §3, §4, §12)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final, cast

from mypy_extensions import mypyc_attr

from gamecore.contract import (
    Event,
    Game,
    IllegalAction,
    OptionSpec,
    Player,
    SimulationAborted,
    Status,
)
from gamecore.games.cartolan import (
    actions,
    advanced,
    board,
    cards,
    draws,
    movement,
    notation,
    presets,
    refusals,
    steps,
    turns,
)
from gamecore.games.cartolan.board import CITY, MOVE_KIND, ORIENTATION_MASK, STEP
from gamecore.games.cartolan.movement import ALLOW_UP, SIDE_BITS, SIDES, SPECIAL, UPWIND_BITS
from gamecore.games.cartolan.presets import params_for
from gamecore.games.cartolan.state import Adventurer, State
from gamecore.games.cartolan.view import build_view, describe_view
from gamecore.rng import Rng

Action = tuple[Any, ...]
#: A computer player that reads the engine state instead of a view (``accepts_state``).
StatePlayer = Callable[[State, Sequence[Action], Any], Action]


def _random_player(_view: object, legal: Sequence[Any], rng: Any) -> Any:
    """Uniformly random among the legal actions, but never abandoning an expedition. It
    reads neither the view nor the state (callers may pass either, or None)."""
    choices = [a for a in legal if a[0] != "abandon"] or list(legal)
    return choices[rng.randrange(len(choices))]


@mypyc_attr(allow_interpreted_subclasses=True)  # tests derive variants of the game
class CartolanGame(Game[State, Action]):
    id = "cartolan"
    name = "Cartolan – Trade Winds"
    #: Hints and expired clocks use the Trader: strongest in modern, second in classic
    #: (docs/games/cartolan-players.md), and its advice is trade, not piracy.
    advisor = "trader"
    min_players = 2
    max_players = 4
    #: A tile or card drawn from its pile or deck (the piles' order is hidden).
    secret_keys = ("piles", "decks", "rng")
    STATE_VERSION = 1
    options = (
        OptionSpec("preset", "classic", presets.PRESETS, "classic: the 2020 rules; modern: HEAD"),
        OptionSpec("mode", "regular", presets.MODES, "beginner, regular or advanced"),
        OptionSpec("movement", "initial", ("initial", "budgetted"), "movement variant (§5.2/5.3)"),
        OptionSpec(
            "exploration",
            "default",
            ("default", "clockwise", "continuous"),
            "tile rotation variant; default: clockwise (classic), continuous (modern)",
        ),
        OptionSpec("mythical", "default", ("default", "on", "off"), "include the Mythical City"),
        OptionSpec(
            "second_adventurer",
            "off",
            ("off", "on"),
            "every player starts with a second Adventurer on the Capital",
        ),
        OptionSpec(
            "travel_money",
            "default",
            ("default", "on", "off"),
            "take wealth from the Vault when leaving a city; default: off (classic), on (modern)",
        ),
        OptionSpec(
            "abandon",
            "default",
            ("default", "on", "off"),
            "abandon an expedition back to a city; default: off (classic), on (modern)",
        ),
    )

    # -- setup ---------------------------------------------------------------------------
    def setup(self, players: int, seed: int, options: Mapping[str, Any] | None = None) -> State:
        opts = self.resolve_options(options)
        if not self.min_players <= players <= self.max_players:
            raise IllegalAction(
                "cartolan_players", "Cartolan is for 2 to 4 players", players=players
            )
        preset, mode = opts["preset"], opts["mode"]
        if opts["exploration"] == "default":
            opts["exploration"] = "clockwise" if preset == "classic" else "continuous"
        if opts["mythical"] == "default":
            wanted = mode != "beginner" and (preset == "modern" or players >= 3)
            opts["mythical"] = "on" if wanted else "off"
        for name in ("travel_money", "abandon"):  # binding decision 12f
            if opts[name] == "default":
                opts[name] = "on" if preset == "modern" else "off"
        state = State()
        state.options = opts
        state.params = params = params_for(preset, mode, players)
        state.players = players
        state.rng = Rng(seed)
        state.vault = [0] * players
        _lay_cities(state)
        _build_piles(state)
        state.order = _turn_order(state)
        state.advs = [[] for _ in range(players)]
        # The seed's set-up lets every player place a second Adventurer (decision 12c).
        starting = 2 if opts["second_adventurer"] == "on" else 1
        for _ in range(starting):
            for seat in state.order:
                state.advs[seat].append(Adventurer(seat, state.cities[0], 1))
        for index in range(starting):
            for seat in state.order:
                turns.refill_maps(state, state.advs[seat][index])
        if params.cards:
            state.decks = cards.initial_decks(preset)
            state.cadre = [-1] * players
            if preset == "classic":
                for index in range(starting):
                    for seat in state.order:
                        advanced.named_adventurer(state, state.advs[seat][index], [])
        state.adv_index = 0
        state.order_pos = 0
        turns.begin_turn(state)
        del params
        return state

    # -- legal actions ---------------------------------------------------------------------
    def legal_actions(self, state: State, player: int) -> list[Action]:
        seat = state.order[state.order_pos]
        if state.over or player != seat:
            return []
        decision = state.decision
        adv = state.advs[seat][state.adv_index]
        if decision == "move":
            return self._move_actions(state, adv)
        if decision == "city":
            return actions.city_actions(state)
        if decision == "relocate":
            return [("relocate", cell) for cell in actions.own_agents(state, adv.seat)] + [
                ("decline",)
            ]
        if decision == "loot":
            seat, index = state.pending["victim"]
            chest = state.advs[seat][index].chest
            half = actions.half_up(chest)
            return [("take", half)] + [("take", k) for k in range(chest, -1, -1) if k != half]
        if decision == "steal":
            seat, index = state.pending["victim"]
            count = len(state.advs[seat][index].maps)
            return [("steal", n) for n in range(1, count + 1)] + [("decline",)]
        if decision == "maps":
            return [("keep", n) for n in range(1, len(state.pending["options"]) + 1)]
        if decision in ("cadre", "character", "manuscript"):
            choices = [("choose", n) for n in range(1, len(state.pending["options"]) + 1)]
            return choices + [("decline",)] if decision == "manuscript" else choices
        if decision == "deposit":
            return advanced.deposit_amounts(state, adv) + [("decline",)]
        if decision == "discovery":
            return [("draw",), ("decline",)]
        if decision == "equip":
            count = len(advanced.equip_choices(adv))
            return [("equip", n) for n in range(1, count + 1)] + [("decline",)]
        if decision == "steal_card":
            seat, index = state.pending["victim"]
            count = len(actions.stealable_cards(state.advs[seat][index]))
            return [("steal_card", n) for n in range(1, count + 1)] + [("decline",)]
        return []

    def _move_actions(self, state: State, adv: Adventurer) -> list[Action]:
        """Steps, gusts and wait while the turn goes on (§5.5), then tile offers, travel
        money, abandon targets and ``end``. The steps, gusts and wait come as one cached
        tuple (``_PREFIXES``)."""
        number = state.adv_index + 1
        pos = adv.pos
        tiles = state.tiles
        tile = tiles[pos]
        low = side_bits = gust_bits = 0
        reachable = 0  # bit set of the sides a step or gust may cross
        if not adv.buffs and not state.budgetted:
            # movement.allowance's common case, inlined
            total = state.down + state.up + state.land
            masks = state.params.allow_empty if adv.chest == 0 else state.params.allow_loaded
            mask = masks[total] if total < len(masks) else 0
        else:
            mask = movement.allowance(state, adv)
        if mask:
            low = movement.tile_low(state, adv) if tile & SPECIAL else tile & ORIENTATION_MASK
            side_bits = SIDE_BITS[low][mask]
            if state.params.gusts and not mask & ALLOW_UP:
                gust_bits = UPWIND_BITS[low]
            reachable = side_bits | gust_bits
        if reachable or (mask and movement.can_continue(state, adv)):
            maps = len(adv.maps)
            gaps = 0  # bit set of the step sides into a gap, only read with chest maps
            if maps:
                for side in SIDES[low][mask]:
                    if pos + STEP[side] not in tiles:
                        gaps |= 1 << side
            if maps < _TABLE_MAPS and number < _TABLE_NUMBERS:
                table = _PREFIXES[maps * _TABLE_NUMBERS + number]
                if not table:
                    table += [None] * 4096
                bits = side_bits << 8 | gaps << 4 | gust_bits
                prefix = table[bits]
                if prefix is None:
                    prefix = table[bits] = _prefix(number, side_bits, gaps, gust_bits, maps)
            else:
                prefix = _prefix(number, side_bits, gaps, gust_bits, maps)
            result = [*prefix]
        else:
            result = []
        if state.fresh and state.params.choose_adventurer:
            result += _other_starts(state, adv)
        if state.offers:
            actions.add_tile_offers(state, adv, tile, result)
        if state.travel_ok:
            vault = state.vault[adv.seat]
            if 0 <= vault < len(_TRAVELS):
                result += _TRAVELS[:vault]
            else:
                result.extend(("travel", k) for k in range(1, vault + 1))
        if state.abandon_ok and not tile & CITY:
            cities = state.cities
            for index in range(len(cities)):
                # A city one legal step away is reached by that step, not abandoned to (§5.7).
                if not reachable & board.side_bit(cities[index] - pos):
                    # state.cities: the Capital, then the Mythical City (no tile lookup)
                    mythical = 1 if index else 0
                    if number < _TABLE_NUMBERS:
                        result.append(_ABANDONS[number][mythical])
                    else:
                        result.append(("abandon", number, _CITY_NAMES[mythical]))
        result.append(_END)
        return result

    # -- play --------------------------------------------------------------------------------
    def play(self, state: State, player: int, action: Any) -> tuple[State, list[Event]]:
        """``action``: a tuple as ``legal_actions`` lists it, its text, or a list (JSON)."""
        action = self.canonical_action(state, action)
        self._check(state, player, action)
        new = state.clone()
        return new, self.apply_in_place(new, player, action, record=True)

    def canonical_action(self, state: State, action: Any) -> Action:
        """The action as ``apply`` executes and records it (``state.last_action``): text is
        parsed, and the short forms without an Adventurer number (``wait``, ``move E``,
        ``gust S``, ``abandon capital``) name the Adventurer moving now, so that the action
        equals the one ``legal_actions`` lists. Whether it is legal is not checked here;
        malformed input is refused."""
        try:
            return self._normalise(state, action)
        except (IndexError, TypeError) as error:
            raise IllegalAction(
                "cartolan_not_offered", f"{action!r} is not an action", move=str(action)
            ) from error

    def simulation_step(
        self, state: State, seat: int, legal: Sequence[Action], player: Player, rng: Any
    ) -> State:
        """The heuristic players read the engine state directly (``accepts_state``: the
        same decisions as from the view, tested) and the step is applied in place: about
        7 times faster for ``simulate`` and ``/simulate``. Other players take the view."""
        if not getattr(player, "accepts_state", False):
            return super().simulation_step(state, seat, legal, player, rng)
        reads_state = cast(StatePlayer, player)  # ``accepts_state``: it takes the State
        self.apply_in_place(state, seat, reads_state(state, legal, rng))
        return state

    def play_out(
        self, state: State, players: Sequence[Player], rngs: Sequence[Any], max_steps: int
    ) -> tuple[State, int]:
        """The contract's loop (same steps, same errors) reading whose turn it is from the
        state instead of building a ``Status`` per step, which cost a third of ``simulate``."""
        steps = 0
        # Per seat, read once: whether the player never buys an Agent in a city (then its
        # city list leaves those purchases out, ``actions.city_actions(agents=False)``).
        no_city_agents = [not getattr(player, "buys_city_agents", True) for player in players]
        movers = list(players)  # lists: compiled, a list is read by index without a lookup
        gens = list(rngs)
        try:
            while not state.over:
                if steps >= max_steps:
                    raise RuntimeError(f"no result after max_steps={max_steps} steps")
                seat = state.order[state.order_pos]
                if state.decision == "city" and no_city_agents[seat]:
                    legal = actions.city_actions(state, agents=False)
                else:
                    legal = self.legal_actions(state, seat)
                if not legal:
                    raise RuntimeError(f"seat {seat} is to move but has no legal action")
                state = self.simulation_step(state, seat, legal, movers[seat], gens[seat])
                steps += 1
        except Exception as exc:
            raise SimulationAborted(steps, exc) from exc
        return state, steps

    def apply_in_place(
        self, state: State, _player: int, action: Action, record: bool = False
    ) -> list[Event]:
        """Simulation fast path: ``action`` must be one of ``legal_actions``; mutates ``state``.
        Events are only built when ``record`` is true (they cost a fifth of the time).

        After the action, a decision with nothing left to choose is left at once: a move
        decision where the (possibly new) Adventurer can do nothing more ends its turn
        (§5.5), so does a city visit with nothing to buy."""
        events: list[Event] | None = [] if record else None
        order = state.order
        state.last_action = action
        state.fresh = False  # begin_turn sets it again for the next Adventurer
        verb: str = action[0]  # typed: compared as a str, not as an object
        adv = state.advs[order[state.order_pos]][state.adv_index]
        if verb == "move":  # the most frequent actions: a direct call
            _move(state, adv, action, events)
        elif verb == "wait":
            _wait(state, adv, action, events)
        else:
            handler = _HANDLERS.get(verb)
            if handler is not None:
                handler(state, adv, action, events)
        if not state.over:
            decision = state.decision
            if decision == "move":
                adv = state.advs[order[state.order_pos]][state.adv_index]
                if not movement.can_continue(state, adv) and not (
                    state.offers and actions.tile_offers(state, adv)
                ):
                    turns.end_turn(state, events)
            elif decision == "city":
                actions.settle_city(state, events)
        return events if events is not None else []

    def _normalise(self, state: State, action: Any) -> Action:
        if isinstance(action, str):
            action = notation.parse_action(action)
        action = tuple(action)
        if (
            not state.over
            and action
            and action[0] in ("move", "wait", "gust", "abandon")
            and action[1] == 0
        ):
            action = (action[0], state.adv_index + 1, *action[2:])
        chosen: tuple[Any, ...] = action
        return chosen

    def _check(self, state: State, player: int, action: Action) -> None:
        """Refuse an action the rules do not offer now (``apply`` checked whose turn it is)."""
        legal = self.legal_actions(state, player)
        if action in legal:
            return
        try:
            refusal = refusals.explain(state, action, legal)
        except (IndexError, TypeError, KeyError, ValueError):
            refusal = IllegalAction(
                "cartolan_not_offered", f"{action!r} is not possible now", move=str(action)
            )
        raise refusal

    # -- status, view, score ---------------------------------------------------------------
    def status(self, state: State) -> Status:
        scores = tuple(float(v) for v in state.vault)
        if state.over:
            return Status(
                "finished",
                winners=state.winners,
                scores=scores,
                detail={"end": state.end_reason, "rounds": state.round},
            )
        return Status(
            "playing",
            to_move=(state.seat,),
            scores=scores,
            detail={"decision": state.decision, "round": state.round},
        )

    def view(self, state: State, viewer: int | None) -> dict[str, Any]:
        return build_view(state, viewer)

    def score(self, state: State) -> dict[str, Any]:
        seats = []
        for seat in range(state.players):
            seats.append(
                {
                    "vault": state.vault[seat],
                    "chests": sum(a.chest for a in state.advs[seat]),
                    "adventurers": len(state.advs[seat]),
                    "agents": len(actions.own_agents(state, seat)),
                    "winner": seat in state.winners,
                }
            )
        return {
            "rounds": state.round,
            "end": state.end_reason or "playing",
            "tiles_placed": state.explored_count,
            "seats": seats,
        }

    def players(self) -> dict[str, Any]:
        found: dict[str, Any] = {"random": _random_player}
        try:
            from gamecore.games.cartolan import players as extra  # noqa: PLC0415 - loaded on first use
        except ImportError:
            return found
        found.update(extra.heuristic_players())  # fresh memories (see Game.players)
        return found

    # -- notation and JSON -----------------------------------------------------------------
    def parse_action(self, text: str) -> Action:
        return notation.parse_action(text)

    def format_action(self, action: Action) -> str:
        return notation.format_action(tuple(action))

    def state_to_dict(self, state: State) -> dict[str, Any]:
        return state.to_dict()

    def state_from_dict(self, data: Mapping[str, Any]) -> State:
        return State.from_dict(dict(data))

    def describe(self, view: dict[str, Any]) -> str:
        return describe_view(view)


# -- prebuilt action tuples ---------------------------------------------------------------
# A move decision's list is assembled from shared (immutable) tuples instead of building
# every tuple at every step.
_TABLE_NUMBERS: Final = 9
_CITY_NAMES: Final[tuple[str, ...]] = ("capital", "mythical")
_END: Final[Action] = ("end",)


def _prefix(number: int, sides: int, gaps: int, gusts: int, maps: int) -> tuple[Action, ...]:
    """The start of a move decision's list: for each side a step may cross (bit set
    ``sides``, N E S W) the step without a chest map and, into a gap (``gaps``), with chest
    map 1..``maps``; then the gusts (classic); then the wait."""
    result: list[Action] = []
    for side in range(4):
        if sides >> side & 1:
            result.append(("move", number, side, 0))
            if gaps >> side & 1:
                result.extend(("move", number, side, m) for m in range(1, maps + 1))
    result.extend(("gust", number, side) for side in range(4) if gusts >> side & 1)
    result.append(("wait", number))
    return tuple(result)


_TABLE_MAPS: Final = 8
#: _PREFIXES[maps * _TABLE_NUMBERS + number][sides << 8 | gaps << 4 | gusts] → ``_prefix(...)``
#: (None until met; a table is only filled with Nones once used): lists, so that no index is
#: boxed for a dict lookup.
_PREFIXES: Final[list[list[tuple[Action, ...] | None]]] = [
    [] for _ in range(_TABLE_MAPS * _TABLE_NUMBERS)
]
#: _ABANDONS[number][0 capital / 1 mythical] → ("abandon", number, name).
_ABANDONS: Final[tuple[tuple[Action, ...], ...]] = tuple(
    tuple(("abandon", number, name) for name in _CITY_NAMES) for number in range(_TABLE_NUMBERS)
)
#: _TRAVELS[:k] → ("travel", 1) .. ("travel", k).
_TRAVELS: Final[tuple[Action, ...]] = tuple(("travel", k) for k in range(1, 65))


# -- applying one action: a handler per verb ---------------------------------------------------

Handler = Callable[[State, Adventurer, Action, turns.Events], None]


def _move(state: State, adv: Adventurer, action: Action, events: turns.Events) -> None:
    if action[1] != state.adv_index + 1:  # classic: another unmoved Adventurer starts
        adv = _switch(state, action[1])
    side = action[2]
    tile = state.tiles[adv.pos]
    low = movement.tile_low(state, adv) if tile & SPECIAL else tile & ORIENTATION_MASK
    steps.do_move(state, adv, side, MOVE_KIND[low][side], action[3], events)


def _switch(state: State, number: int) -> Adventurer:
    """Decision 12b: Adventurer ``number`` (unmoved, offered by ``_other_starts``) moves
    instead of the one proposed."""
    turns.switch_adventurer(state, number - 1)
    state.fresh = False
    return state.advs[state.seat][number - 1]


def _other_starts(state: State, moving: Adventurer) -> list[Action]:
    """classic (decision 12b), before the proposed Adventurer has done anything: the steps,
    gusts and wait of every other Adventurer of the player that may still move this round."""
    result: list[Action] = []
    for index, adv in enumerate(state.advs[moving.seat]):
        if adv is moving or index in state.moved or adv.ready_round > state.round:
            continue
        mask = movement.allowance(state, adv)  # the move counters are still 0
        if not mask:
            continue
        low = movement.tile_low(state, adv)
        side_bits = SIDE_BITS[low][mask]
        gust_bits = UPWIND_BITS[low] if state.params.gusts and not mask & ALLOW_UP else 0
        gaps = 0
        if adv.maps:
            for side in SIDES[low][mask]:
                if adv.pos + STEP[side] not in state.tiles:
                    gaps |= 1 << side
        result += _prefix(index + 1, side_bits, gaps, gust_bits, len(adv.maps))
    return result


def _wait(state: State, adv: Adventurer, action: Action, events: turns.Events) -> None:
    if action[1] != state.adv_index + 1:  # classic: another unmoved Adventurer starts
        adv = _switch(state, action[1])
    steps.do_wait(state, adv, events)


def _end(state: State, _adv: Adventurer, _action: Action, events: turns.Events) -> None:
    if events is not None:
        turns.emit(events, "end_turn", {})
    turns.end_turn(state, events)


def _gust(state: State, adv: Adventurer, action: Action, events: turns.Events) -> None:
    if action[1] != state.adv_index + 1:  # classic: another unmoved Adventurer starts
        adv = _switch(state, action[1])
    steps.do_gust(state, adv, action[2], events)


def _trade(state: State, adv: Adventurer, _action: Action, events: turns.Events) -> None:
    actions.do_trade(state, adv, events)


def _rest(state: State, adv: Adventurer, _action: Action, events: turns.Events) -> None:
    actions.do_rest(state, adv, events)


def _restore(state: State, adv: Adventurer, _action: Action, events: turns.Events) -> None:
    actions.do_restore(state, adv, events)


def _court(state: State, adv: Adventurer, _action: Action, events: turns.Events) -> None:
    actions.do_court(state, adv, events)


def _attack(state: State, adv: Adventurer, action: Action, events: turns.Events) -> None:
    actions.do_attack(state, adv, action, events)


def _agent(state: State, adv: Adventurer, _action: Action, events: turns.Events) -> None:
    params = state.params
    cost = params.cost_agent_exploring if state.offers == 2 else params.cost_agent_existing
    actions.request_agent(state, adv, adv.pos, cost, "chest", events)


def _relocate(state: State, adv: Adventurer, action: Action, events: turns.Events) -> None:
    actions.do_relocate(state, adv, action[1], events)


def _decline(state: State, adv: Adventurer, _action: Action, events: turns.Events) -> None:
    decision = state.decision
    if decision == "relocate":
        actions.do_relocate(state, adv, None, events)
    elif decision == "steal":
        actions.do_steal(state, adv, 0, events)
    elif decision == "steal_card":
        actions.do_steal_card(state, adv, 0, events)
    elif decision == "manuscript":
        advanced.decline_manuscript(state)
    elif decision == "discovery":
        advanced.resolve_discovery(state, adv, False, events)
    elif decision == "equip":
        advanced.equip(state, adv, 0, events)
    else:  # deposit
        state.decision = "move"
        state.pending = {}


def _choose(state: State, _adv: Adventurer, action: Action, events: turns.Events) -> None:
    advanced.choose(state, action[1], events)


def _steal_card(state: State, adv: Adventurer, action: Action, events: turns.Events) -> None:
    actions.do_steal_card(state, adv, action[1], events)


def _draw(state: State, adv: Adventurer, _action: Action, events: turns.Events) -> None:
    advanced.resolve_discovery(state, adv, True, events)


def _equip(state: State, adv: Adventurer, action: Action, events: turns.Events) -> None:
    advanced.equip(state, adv, action[1], events)


def _deposit(state: State, _adv: Adventurer, action: Action, _events: turns.Events) -> None:
    state.decision = "deposit"
    state.pending = {"target": action[1]}


def _give(state: State, adv: Adventurer, action: Action, events: turns.Events) -> None:
    advanced.give(state, adv, action[1], events)


def _rest_with(state: State, adv: Adventurer, action: Action, events: turns.Events) -> None:
    advanced.rest_with(state, adv, action[1], action[2], events)


def _buy_manuscript(state: State, adv: Adventurer, _action: Action, events: turns.Events) -> None:
    advanced.offer_manuscripts(state, adv, events)


def _take(state: State, adv: Adventurer, action: Action, events: turns.Events) -> None:
    actions.do_loot(state, adv, action[1], events)


def _steal(state: State, adv: Adventurer, action: Action, events: turns.Events) -> None:
    actions.do_steal(state, adv, action[1], events)


def _travel(state: State, adv: Adventurer, action: Action, events: turns.Events) -> None:
    steps.do_travel(state, adv, action[1], events)


def _abandon(state: State, adv: Adventurer, action: Action, events: turns.Events) -> None:
    mythical = action[2] == "mythical"
    city = next(c for c in state.cities if bool(state.tiles[c] & board.MYTHICAL) == mythical)
    steps.do_abandon(state, adv, city, events)


def _bank(state: State, adv: Adventurer, action: Action, events: turns.Events) -> None:
    actions.do_bank(state, adv, action[1], events)


def _buy_adventurer(state: State, adv: Adventurer, _action: Action, events: turns.Events) -> None:
    actions.do_buy_adventurer(state, adv, events)


def _buy_agent(state: State, adv: Adventurer, action: Action, events: turns.Events) -> None:
    cost = actions.city_agent_cost(state, adv.seat, action[1])
    actions.request_agent(state, adv, action[1], cost or 0, "vault", events)
    actions.settle_city(state, events)


def _buy_maps(state: State, adv: Adventurer, _action: Action, events: turns.Events) -> None:
    actions.do_buy_maps(state, adv, events)


def _keep(state: State, adv: Adventurer, action: Action, events: turns.Events) -> None:
    actions.do_keep_map(state, adv, action[1], events)


def _done(state: State, _adv: Adventurer, _action: Action, events: turns.Events) -> None:
    turns.end_turn(state, events)


#: verb → what applying it does (a verb not listed changes nothing but the bookkeeping).
_HANDLERS: Final[dict[str, Handler]] = {
    "move": _move,
    "wait": _wait,
    "end": _end,
    "gust": _gust,
    "trade": _trade,
    "rest": _rest,
    "restore": _restore,
    "court": _court,
    "attack": _attack,
    "attack_agent": _attack,
    "agent": _agent,
    "relocate": _relocate,
    "decline": _decline,
    "choose": _choose,
    "steal_card": _steal_card,
    "draw": _draw,
    "equip": _equip,
    "deposit": _deposit,
    "give": _give,
    "rest_with": _rest_with,
    "buy_manuscript": _buy_manuscript,
    "take": _take,
    "steal": _steal,
    "travel": _travel,
    "abandon": _abandon,
    "bank": _bank,
    "buy_adventurer": _buy_adventurer,
    "buy_agent": _buy_agent,
    "buy_maps": _buy_maps,
    "keep": _keep,
    "done": _done,
}


# -- setup helpers -------------------------------------------------------------------------------


def _lay_cities(state: State) -> None:
    """§3: the Capital at (0,0) with four plain water tiles, their wind towards the North-East
    with any number of players (classic: the seed's recommendation, decision 15c); classic
    (§16): the Mythical City stands 10 East, ringed by SW water tiles."""
    params = state.params
    capital = board.cell(0, 0)
    state.tiles[capital] = presets.CAPITAL
    state.cities = [capital]
    for side in range(4):
        state.tiles[capital + board.STEP[side]] = presets.PLAIN_WATER
    if params.preset == "classic" and state.options["mythical"] == "on":
        mythical = board.cell(params.mythical_fixed_x, 0)
        state.tiles[mythical] = presets.CLASSIC_MYTHICAL
        state.cities.append(mythical)
        for side in range(4):
            state.tiles[mythical + board.STEP[side]] = board.with_wind(
                presets.PLAIN_WATER, board.SW
            )


def _sample(state: State, table: list[int], size: int) -> list[int]:
    """Copies of the table, shuffled, the first ``size`` kept (classic: 30/15 per player)."""
    pool: list[int] = []
    while len(pool) < size:
        pool.extend(table)
    draws.shuffle(state.rng, pool)
    return pool[:size]


def _build_piles(state: State) -> None:
    """§2 / §3 step 3 (modern: every listed tile; classic: sampled from the seed's tables)."""
    params = state.params
    regular = params.land_exploration
    if params.preset == "modern":
        water = presets.table_tiles(presets.MODERN_WATER, land=False)
        land = presets.table_tiles(presets.MODERN_LAND, land=True) if regular else []
        if regular and state.options["mythical"] == "on":
            land.append(presets.MODERN_MYTHICAL)
    else:
        water_table = presets.table_tiles(presets.CLASSIC_WATER, land=False)
        land_table = presets.table_tiles(presets.CLASSIC_LAND, land=True)
        disasters = 1 if params.disasters else 0
        water = _sample(state, water_table, params.water_pile - disasters)
        land = _sample(state, land_table, params.land_pile - disasters) if regular else []
        if disasters:
            water.append(presets.WATER_DISASTER)
            land.append(presets.LAND_DISASTER)
    draws.shuffle(state.rng, water)
    draws.shuffle(state.rng, land)
    state.piles = [water, land]
    state.discards = [[], []]


def _turn_order(state: State) -> list[int]:
    """modern: a uniform shuffle (§3.5); classic: from seat 1 ("youngest") round the table,
    each rolls the Gusting Wind die until one rolls "against" and starts (§16)."""
    seats = list(range(state.players))
    if state.params.preset == "modern":
        draws.shuffle(state.rng, seats)
        return seats
    seat = 0
    while draws.below(state.rng, 6) != 0:
        seat = (seat + 1) % state.players
    return seats[seat:] + seats[:seat]
