"""The heuristic players on hand-built engine positions and in whole seeded games (§13)."""

from __future__ import annotations

import random

import pytest

from gamecore.games.cartolan import GAME, ai_reference, board, presets, turns
from gamecore.games.cartolan import players as heuristics
from gamecore.games.cartolan.players import HeuristicPlayer, adventurer_key, heuristic_players
from gamecore.games.cartolan.state import Agent, State
from tests.gamecore.cartolan.helpers import Steady

CAPITAL = board.cell(0, 0)


@pytest.fixture(autouse=True)
def strict(monkeypatch):
    monkeypatch.setattr(heuristics, "STRICT", True)


def new(mode: str = "regular", preset: str = "modern", players: int = 2) -> State:
    return GAME.setup(players, 11, {"preset": preset, "mode": mode})


def place(state: State, x: int, y: int, *, chest: int = 0, maps: bool = False) -> None:
    """Put the moving Adventurer on (x, y) at the start of its turn."""
    adv = state.adventurer
    adv.pos = board.cell(x, y)
    adv.chest = chest
    if not maps:
        adv.maps = []
    state.path = [adv.pos]
    state.down = state.up = state.land = 0
    state.travel_ok = False
    state.offers = 0


def decide(name: str, state: State, rng=None):
    legal = GAME.legal_actions(state, state.seat)
    return GAME.format_action(HeuristicPlayer(name)(state, legal, rng or Steady()))


def test_explorer_heads_for_the_best_unexplored_gap():
    state = new("beginner")
    place(state, 0, 1)
    # gaps: (1,1) and (-1,1) each border one tile besides the origin (reward 3), (0,2) none;
    # the NE arrow orders e, n, w, s, so east wins the tie
    assert decide("explorer", state) == "move 1 E"


def test_explorer_uses_a_fitting_chest_map():
    state = new("regular")
    place(state, 0, 1, maps=True)
    state.adventurer.maps = [board.make_tile((board.N, board.E, board.S, board.W))]
    assert decide("explorer", state).endswith("map 1")


def test_explorer_and_trader_go_home_with_a_full_chest():
    for name in ("explorer", "trader", "pirate"):
        state = new("regular")
        place(state, 0, 1, chest=10)
        assert decide(name, state) == "move 1 S", name


def test_explorer_avoids_cells_already_visited_this_turn():
    state = new("beginner")
    place(state, 0, 1)
    state.path = [board.cell(1, 1), board.cell(0, 1)]
    state.tiles[board.cell(1, 1)] = board.make_tile((board.N, board.E, board.S, board.W))
    # east is now a known tile on the path; the best gap left is west
    assert decide("explorer", state) == "move 1 W"


def _explored_here(state: State, x: int, y: int, wonder: bool, moves_used: int) -> None:
    tile = board.make_tile(
        (board.N, board.E, board.S, board.W), flags=board.WONDER if wonder else 0
    )
    state.tiles[board.cell(x, y)] = tile
    place(state, x, y, chest=3)
    state.down = moves_used
    state.offers = 2  # just explored: the Agent offer is open


def test_trader_places_agents_on_new_wonders_only():
    state = new("regular")
    _explored_here(state, 0, 2, wonder=True, moves_used=1)
    assert decide("trader", state) == "agent"
    plain = new("regular")
    _explored_here(plain, 0, 2, wonder=False, moves_used=1)
    assert decide("trader", plain) != "agent"
    assert decide("explorer", state) != "agent"


def test_router_places_an_agent_when_the_exploration_used_its_last_move():
    state = new("regular")
    _explored_here(state, 0, 2, wonder=False, moves_used=4)
    assert decide("router", state) == "agent"
    early = new("regular")
    _explored_here(early, 0, 2, wonder=False, moves_used=1)
    assert decide("router", early) != "agent"


def test_router_places_no_agent_while_two_moves_are_used_even_with_no_side_open():
    """The designer's Router places when ``not can_move(None)``; in Regular that still allows
    a move while at most two are used, whichever sides are open ("an extra opportunity to
    retreat"), as the engine's turn-continuation test does: no Agent yet."""
    state = new("regular")
    _explored_here(state, 0, 2, wonder=False, moves_used=2)
    state.tiles[board.cell(0, 2)] = board.make_tile((board.S, board.W), board.NE)
    legal = GAME.legal_actions(state, state.seat)
    assert not [action for action in legal if action[0] == "move"]  # both downwind sides land
    assert ("agent",) in legal
    assert decide("router", state) != "agent"


def _meet(state: State, victim_chest: int, victim_pirate: bool, own_chest: int = 0) -> None:
    spot = board.cell(0, 1)
    place(state, 0, 1, chest=own_chest)
    other = state.advs[1 - state.seat][0]
    other.pos = spot
    other.chest = victim_chest
    other.pirate = victim_pirate
    state.offers = 1  # just arrived: tile actions open


def test_pirate_attacks_a_rich_opponent_and_others_do_not():
    state = new("regular")
    _meet(state, victim_chest=6, victim_pirate=False)
    victim = 1 - state.seat
    assert decide("pirate", state) == f"attack {victim + 1}.1"
    assert not decide("explorer", state).startswith("attack")
    poorer = new("regular")
    _meet(poorer, victim_chest=6, victim_pirate=False, own_chest=3)
    assert not decide("pirate", poorer).startswith("attack")


def test_explorer_arrests_pirates_while_its_chest_is_small():
    state = new("regular")
    _meet(state, victim_chest=0, victim_pirate=True, own_chest=4)
    assert decide("explorer", state).startswith("attack")
    rich = new("regular")
    _meet(rich, victim_chest=0, victim_pirate=True, own_chest=5)
    assert not decide("explorer", rich).startswith("attack")


def test_pirate_waits_to_attack_again():
    state = new("regular")
    _meet(state, victim_chest=6, victim_pirate=False)
    state.offers = 0  # the offer closed (e.g. the attack failed): a wait re-opens it
    assert decide("pirate", state) == "wait 1"


def test_pirate_waits_for_a_victim_in_each_loop_then_moves_on():
    """The designer's Pirate waits once at the start of its turn, once at the start of its
    move and once more before moving on (§13.5); when every attack fails it then moves,
    rather than waiting out its turn (the old behaviour)."""
    state = new("regular")
    _meet(state, victim_chest=6, victim_pirate=False)
    state.offers = 0  # no offer open: each wait brings the attack offer back
    pirate = HeuristicPlayer("pirate")
    rng = Steady()

    def after_a_failed_attack() -> str:
        action = GAME.format_action(pirate(state, GAME.legal_actions(state, state.seat), rng))
        if action == "wait 1":
            state.down += 1  # the wait used a move; the attack it offered failed
        return action

    assert [after_a_failed_attack() for _ in range(3)] == ["wait 1"] * 3
    assert after_a_failed_attack().startswith("move 1 ")


def test_pirate_in_beginner_plays_as_the_explorer():
    state = new("beginner")
    place(state, 0, 1)
    other = state.advs[1 - state.seat][0]
    other.pos = board.cell(0, -1)
    other.chest = 9  # a rich target, but Beginner has no attacks: explore instead
    assert decide("pirate", state) == decide("explorer", state) == "move 1 E"


def test_pirate_attacks_opponents_agents():
    state = new("regular")
    place(state, 0, 1)
    state.agents[board.cell(0, 1)] = Agent(1 - state.seat, wealth=2)
    state.offers = 1
    assert decide("pirate", state) == "attack agent"
    assert decide("trader", state) != "attack agent"


def test_rest_rules():
    state = new("regular")
    place(state, 0, 1)
    state.agents[board.cell(0, 1)] = Agent(state.seat)
    state.offers = 1
    assert decide("trader", state) == "rest"
    assert decide("router", state) == "rest"
    # the Explorer rests only with a coin in its Chest, even at its own Agent
    assert decide("explorer", state) != "rest"
    state.adventurer.chest = 1
    assert decide("explorer", state) == "rest"


def test_always_trades_at_wonders():
    state = new("regular")
    place(state, 0, 1)
    state.tiles[board.cell(0, 1)] |= board.WONDER
    state.down = 1  # just arrived
    state.offers = 1
    for name in ("explorer", "trader", "router", "pirate"):
        assert decide(name, state) == "trade"


def test_only_the_router_takes_the_trade_open_as_its_turn_starts_on_a_wonder():
    """The designer's Router trades after the move that ended its turn, when the list of
    wonders traded at has just been cleared; the engine offers that trade as the next turn
    starts there. The other players never trade then."""
    for name in ("explorer", "trader", "router", "pirate"):
        state = new("regular")
        place(state, 0, 1)
        state.tiles[board.cell(0, 1)] |= board.WONDER
        turns.begin_turn(state)
        assert ("trade",) in GAME.legal_actions(state, state.seat)
        assert (decide(name, state) == "trade") == (name == "router"), name


def _at_city(vault: int, chest: int) -> State:
    state = new("regular")
    seat = state.seat
    state.vault[seat] = vault
    state.adventurer.chest = chest
    state.decision = "city"
    state.pending = {"banked": chest == 0, "purchases": True}
    return state


def test_city_banks_everything_then_buys_or_leaves():
    state = _at_city(vault=5, chest=7)
    assert decide("explorer", state) == "bank 7"
    rich = _at_city(vault=11, chest=0)
    assert decide("trader", rich) == "buy adventurer"

    class Refuses(Steady):
        def random(self) -> float:
            return 0.0

    assert decide("trader", rich, Refuses()) == "done"


def test_loot_takes_half_and_steal_takes_a_map():
    state = new("regular")
    victim = 1 - state.seat
    state.advs[victim][0].chest = 7
    state.decision = "loot"
    state.pending = {"victim": (victim, 0)}
    assert decide("pirate", state) == "take 4"
    state.decision = "steal"
    assert decide("pirate", state).startswith("steal")


def test_relocation_is_declined():
    state = new("regular")
    seat = state.seat
    for x in range(1, 5):
        cell = board.cell(x, 5)
        state.tiles[cell] = board.make_tile((board.N, board.E, board.S, board.W))
        state.agents[cell] = Agent(seat)
    state.decision = "relocate"
    state.pending = {"target": board.cell(0, 1), "cost": 1, "source": "chest", "back": "move"}
    assert decide("router", state) == "decline"


def test_trader_follows_its_route_after_a_city_visit():
    state = new("regular")
    seat = state.seat
    far = board.cell(0, -3)
    for y in (-2, -3):
        state.tiles[board.cell(0, y)] = board.make_tile((board.N, board.E, board.S, board.W))
    state.agents[far] = Agent(seat)
    state.round = 3
    place(state, 0, 0)  # a turn that starts on the Capital: k = 0
    trader = HeuristicPlayer("trader")
    legal = GAME.legal_actions(state, seat)
    assert GAME.format_action(trader(state, legal, Steady())) == "move 1 S"
    assert trader.memory.route[adventurer_key(seat, 1)] == 0


def route_agents(state, seat: int, first_active: bool = True) -> None:
    """Two Agents of ``seat`` on open water at (0, -3) (route Agent 0) and (0, 3)."""
    for y in (-3, 3):
        cell = board.cell(0, y)
        state.tiles[cell] = board.make_tile((board.N, board.E, board.S, board.W))
        state.agents[cell] = Agent(seat, active=first_active or y != -3)


def test_resting_at_the_route_agent_moves_on_to_the_next():
    state = new("regular")
    seat = state.seat
    route_agents(state, seat)
    place(state, 0, -3)
    state.offers = 1
    trader = HeuristicPlayer("trader")
    trader.memory.route[adventurer_key(seat, 1)] = 0
    trader.memory.sync(state)
    legal = GAME.legal_actions(state, seat)
    assert GAME.format_action(trader(state, legal, Steady())) == "rest"
    assert trader.memory.route[adventurer_key(seat, 1)] == 1  # next: the Agent at (0, 3)


def test_a_ransacked_route_agent_that_cannot_be_restored_is_skipped():
    state = new("regular")
    seat = state.seat
    route_agents(state, seat, first_active=False)
    place(state, 0, -3)  # on route Agent 0, ransacked, with an empty Chest: no restore
    state.offers = 1
    router = HeuristicPlayer("router")
    router.memory.route[adventurer_key(seat, 1)] = 0
    router.memory.sync(state)
    legal = GAME.legal_actions(state, seat)
    router(state, legal, Steady())
    assert router.memory.route[adventurer_key(seat, 1)] == 1
    # with a coin to restore it, it restores instead and keeps the stop
    state.adventurer.chest = 1
    router.memory.route[adventurer_key(seat, 1)] = 0
    legal = GAME.legal_actions(state, seat)
    assert GAME.format_action(router(state, legal, Steady())) == "restore"
    assert router.memory.route[adventurer_key(seat, 1)] == 0


def test_only_pirates_chase_wealth_on_disaster_tiles():
    state = new("regular", "classic")
    place(state, 0, 1)
    disaster = board.cell(3, 1)
    state.tiles[disaster] = board.make_tile(
        (board.N, board.E, board.S, board.W), flags=board.DISASTER
    )
    state.dropped[disaster] = 40
    adv = state.adventurer
    assert ai_reference.pirate_targets(state, adv) == ((_xy(state, 1 - state.seat), 0),)
    assert HeuristicPlayer.pirate_target(state, adv) == -1
    adv.pirate = True
    assert ((3, 1), 40) in ai_reference.pirate_targets(state, adv)
    assert HeuristicPlayer.pirate_target(state, adv) == disaster


def test_modern_pirate_sees_dropped_wealth_only_where_the_designer_scans():
    """modern: dropped wealth is a target only on the tile placed last in its column (the
    designer's scan, decision 14); classic looks at every tile."""
    state = new("regular")
    place(state, 1, 0)  # the opponent's Adventurer waits on the Capital with an empty Chest
    under = board.cell(0, 1)  # column 0 was laid (0, 0), (0, 1), (0, -1): not the last
    state.dropped[under] = 4
    adv = state.adventurer
    assert ai_reference.pirate_targets(state, adv) == ((_xy(state, 1 - state.seat), 0),)
    assert HeuristicPlayer.pirate_target(state, adv) == -1
    assert decide("pirate", state) == "move 1 N"  # no target: it explores the best gap
    last = board.cell(0, -1)
    state.dropped[last] = 3
    assert HeuristicPlayer.pirate_target(state, adv) == last
    assert decide("pirate", state) == "move 1 W"  # towards (0, -1), the larger offset x
    state.tiles[board.cell(0, -2)] = presets.PLAIN_WATER  # now (0, -2) is the last one
    assert HeuristicPlayer.pirate_target(state, adv) == -1
    classic = new("regular", "classic")
    place(classic, 1, 0)
    classic.dropped[under] = 4
    assert HeuristicPlayer.pirate_target(classic, classic.adventurer) == under


def _xy(state: State, seat: int) -> tuple[int, int]:
    return board.coords(state.advs[seat][0].pos)


@pytest.mark.parametrize(("preset", "mode"), [("modern", "regular"), ("classic", "advanced")])
def test_view_and_state_inputs_decide_alike(preset: str, mode: str):
    """Fed the view or the state, the players take the same actions through a game."""
    state = GAME.setup(3, 4, {"preset": preset, "mode": mode})
    names = ("pirate", "trader", "router")
    by_view, by_state = heuristic_players(), heuristic_players()
    rngs_view = [random.Random(seat) for seat in range(3)]
    rngs_state = [random.Random(seat) for seat in range(3)]
    steps = 0
    while not state.over and steps < 400:
        seat = state.seat
        legal = GAME.legal_actions(state, seat)
        from_view = by_view[names[seat]](GAME.view(state, seat), legal, rngs_view[seat])
        from_state = by_state[names[seat]](state, legal, rngs_state[seat])
        assert from_view == from_state, (steps, GAME.format_action(from_view))
        state, _ = GAME.apply(state, seat, from_state)
        steps += 1
    assert steps > 100


def test_a_fresh_player_per_call_still_plays_legally():
    state = GAME.setup(2, 9, {"preset": "modern", "mode": "regular"})
    rng = random.Random(9)
    for _ in range(300):
        if state.over:
            break
        legal = GAME.legal_actions(state, state.seat)
        action = HeuristicPlayer("router")(GAME.view(state, state.seat), legal, rng)
        state, _ = GAME.apply(state, state.seat, action)


def test_unknown_decisions_get_a_default_answer(monkeypatch):
    player = HeuristicPlayer("explorer")
    monkeypatch.setattr(heuristics, "STRICT", False)
    legal = [("choose_card", 1), ("choose_card", 2)]
    assert player({"broken": True}, legal, Steady()) in legal
    assert heuristics.default_action([("x",), ("decline",)]) == ("decline",)


def test_thresholds_per_preset():
    """§13.1 with binding decision 10: the Adventurer's cost, in modern Advanced 3."""
    assert heuristics.threshold(new("regular").params) == 10
    assert heuristics.threshold(new("beginner", "classic").params) == 10
    assert heuristics.threshold(new("advanced").params) == 3
    assert heuristics.threshold(new("advanced", "classic").params) == 10


def test_advanced_card_choices_and_manuscripts():
    state = new("advanced")
    assert state.decision == "cadre"
    assert decide("explorer", state).startswith("choose")
    city = new("advanced")
    city.vault[city.seat] = 5
    city.decision = "city"
    city.pending = {"banked": True, "purchases": True}
    legal = GAME.legal_actions(city, city.seat)
    if ("buy_manuscript",) in legal:
        assert decide("trader", city) == "buy manuscript"


def test_registered_with_the_game():
    found = GAME.players()
    for name in ("explorer", "trader", "router", "pirate"):
        assert name in found


COMBOS = [(p, m) for p in presets.PRESETS for m in presets.IMPLEMENTED_MODES]


@pytest.mark.parametrize(("preset", "mode"), COMBOS)
def test_heuristic_games_finish(preset: str, mode: str) -> None:
    """Seeded games of 2–4 heuristic players end with a winner, without any error."""
    names = ("explorer", "trader", "router", "pirate")
    games = 24
    for seed in range(games):
        count = 2 + seed % 3
        seats = [names[(seed + i) % 4] for i in range(count)]
        players = heuristic_players()
        rngs = [random.Random(seed * 7 + i) for i in range(count)]
        state = GAME.setup(count, seed, {"preset": preset, "mode": mode})
        steps = 0
        while not state.over:
            seat = state.seat
            legal = GAME.legal_actions(state, seat)
            GAME.apply_in_place(state, seat, players[seats[seat]](state, legal, rngs[seat]))
            steps += 1
            assert steps < 50_000, (preset, mode, seed)
        status = GAME.status(state)
        assert status.result == "finished" and status.winners


@pytest.mark.parametrize(("preset", "mode"), COMBOS)
def test_every_decision_of_random_games_gets_a_legal_answer(preset: str, mode: str) -> None:
    """Random players reach decisions the heuristics never cause themselves (relocations,
    map re-choices, deposits...): at every step each heuristic must answer legally too."""
    random_player = GAME.players()["random"]
    kinds: set[str] = set()
    for seed in range(4):
        count = 2 + seed % 3
        state = GAME.setup(count, 100 + seed, {"preset": preset, "mode": mode})
        rng = random.Random(seed)
        lineup = heuristic_players()
        steps = 0
        while not state.over and steps < 3000:
            seat = state.seat
            legal = GAME.legal_actions(state, seat)
            kinds.add(state.decision)
            for player in lineup.values():
                assert player(state, legal, rng) in legal
            GAME.apply_in_place(state, seat, random_player(None, legal, rng))
            steps += 1
    assert "move" in kinds


@pytest.mark.parametrize(("preset", "chased"), [("classic", False), ("modern", True)])
def test_classic_pirate_chases_only_an_adventurer_it_would_attack(preset: str, chased: bool):
    """Two classic Pirates (Chests 6 and 4) chased each other for ever without attacking
    (reliability run, classic Advanced seed 1699); modern keeps the original's chase."""
    state = GAME.setup(2, 3, {"preset": preset, "mode": "regular"})
    adv = state.adventurer
    other = state.advs[1 - state.seat][0]
    adv.chest, other.chest = 6, 4
    other.pos = board.cell(3, 3)
    expected = other.pos if chased else -1
    assert HeuristicPlayer.pirate_target(state, adv) == expected
    targets = dict(ai_reference.pirate_targets(state, adv))
    assert (targets[(3, 3)] > 0) is chased
    other.chest = 14  # half is 7, above its own 6: worth chasing in both presets
    assert HeuristicPlayer.pirate_target(state, adv) == other.pos


class _Deviating:
    """An rng that would always deviate, towards the last side offered; counts its draws."""

    def __init__(self) -> None:
        self.draws = 0

    def random(self) -> float:
        self.draws += 1
        return 0.0

    def choice(self, items):
        self.draws += 1
        return items[-1]


def _fail_the_exploration(player, state: State, rng):
    """The Explorer (Chest 10, heading home from (2,1) on a SW arrow: west first, then south)
    steps west into the gap (1,1); the exploration fails there (the move is used, the gap stays
    empty, the tile's actions are offered again); what does it do next?"""
    first = GAME.format_action(player(state, GAME.legal_actions(state, state.seat), Steady()))
    assert first == "move 1 W"
    state.down = 1
    state.offers = 1
    return GAME.format_action(player(state, GAME.legal_actions(state, state.seat), rng))


def _heading_home_beside_a_gap(preset: str) -> State:
    state = new("regular", preset)
    sw = board.make_tile((board.N, board.E, board.S, board.W), board.WIND_NAMES.index("SW"))
    state.tiles[board.cell(2, 1)] = sw
    state.tiles[board.cell(2, 0)] = sw
    place(state, 2, 1, chest=10)
    return state


@pytest.mark.parametrize("by_rules", [False, True], ids=["fast", "specification"])
def test_modern_step_that_fails_goes_on_with_the_next_preference(by_rules):
    """modern: after a failed step into a gap, move_towards goes on with its second choice in
    the same call (the designer's players_heuristical.py): no new random deviation, no new plan."""
    player = HeuristicPlayer("explorer")
    decide = player
    if by_rules:

        def decide(state, legal, rng):
            return ai_reference.decide_move(player, state, legal, rng)

    rng = _Deviating()
    assert _fail_the_exploration(decide, _heading_home_beside_a_gap("modern"), rng) == "move 1 S"
    assert rng.draws == 0


def test_classic_step_that_fails_decides_afresh():
    """classic: the next move is decided again, random deviation first (here west, into the
    gap again: a deviation does not look at the avoid list)."""
    rng = _Deviating()
    state = _heading_home_beside_a_gap("classic")
    assert _fail_the_exploration(HeuristicPlayer("explorer"), state, rng) == "move 1 W"
    assert rng.draws > 0
