"""Every rule number in one table per preset and mode (rules §2.5, §16 and the binding table).

``modern`` is the designer's latest code (HEAD); ``classic`` the 2020 notebook prose (the seed).
Nothing else in the package holds a rule number.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from functools import lru_cache

from gamecore.games.cartolan import board

PRESETS = ("classic", "modern")
MODES = ("beginner", "regular", "advanced")
#: Modes the engine plays (every mode, for both presets); kept for the players' tests/bench.
IMPLEMENTED_MODES = MODES


@dataclass(frozen=True, slots=True)
class Params:
    preset: str
    mode: str
    margin: int
    max_adventurers: int
    max_agents: int
    max_moves: int
    #: ``initial`` variant: land/upwind moves only while the move total T is below these.
    land_window: int
    upwind_window: int
    #: ``budgetted`` variant: at most this many land / upwind moves, never both kinds.
    land_budget: int
    upwind_budget: int
    #: Empty Chest ("unburdened", classic only): the land / upwind limits become these.
    unburdened_land: int
    unburdened_upwind: int
    exploration_attempts: int
    discover_wonder_water: int
    discover_wonder_land: int
    trade_value: int
    #: classic: each wonder once per Adventurer between city visits; modern: once per turn.
    trade_once_per_expedition: bool
    #: classic: +1 to the owner's trader, +1 kept by the Agent when an opponent trades.
    agent_trade_bonus: bool
    gap_reward_per_neighbour: int
    #: classic: a fixed reward paid only when the gap had all four neighbours.
    gap_reward_full: int
    cost_adventurer: int
    cost_agent_exploring: int
    cost_agent_city: int
    cost_agent_city_with_adventurer: int
    cost_rest: int
    chest_maps: int
    discover_city: int
    arrest_value: int
    arrest_to_vault: bool
    dispossess_bonus: int
    cost_restore: int
    cost_refresh_maps: int
    map_choices: int
    #: ``third``: one roll at 1/3 (modern); ``die``: two Gusting Wind dice differ (classic).
    conflict: str
    domain_radius: int
    gusts: bool
    disasters: bool
    new_adventurers_wait: bool
    complete_map_bonus: int
    loot_choice: bool
    capital_water_moves: bool
    water_pile: int
    land_pile: int
    attacks: bool
    land_exploration: bool
    #: classic Mythical City stands at setup this far East of the Capital.
    mythical_fixed_x: int
    #: Advanced (§11): cards in play, Manuscript price, cards offered per pick, and the
    #: price of an Agent on an existing tile ("+agents").
    cards: bool
    cost_tech: int
    card_choices: int
    cost_agent_existing: int
    #: Binding decision 12 (classic follows the notebook's prose): the player chooses which
    #: unmoved Adventurer moves (b); discards go back only when a pile runs out (d); an
    #: Adventurer may rest at the Agent it placed this turn (e); an empty Chest does not
    #: protect from attack (g); pirates may place Agents (h); Advanced: one Technology card
    #: equipped at a time (j). Travel money and abandoning (f) are options.
    choose_adventurer: bool = False
    recycle_discards: bool = True
    rest_at_new_agent: bool = False
    attack_empty: bool = False
    pirates_place_agents: bool = False
    equip_technology: bool = False
    #: Derived by ``params_for``: the ``initial`` variant's allowance bits (§5.2) by move
    #: total, for an Adventurer without card effects, Chest loaded / Chest empty; past the
    #: end no move is left.
    allow_loaded: tuple[int, ...] = ()
    allow_empty: tuple[int, ...] = ()

    def __reduce__(self) -> tuple[type[Params], tuple[object, ...]]:
        # By value: compiled with mypyc, a frozen dataclass refuses the attribute-by-attribute
        # restore pickle does by default.
        return Params, tuple([getattr(self, field.name) for field in fields(self)])


def _modern(mode: str) -> Params:
    regular = mode != "beginner"
    return Params(
        preset="modern",
        mode=mode,
        margin=15,
        max_adventurers=4,
        max_agents=4,
        max_moves=4,
        land_window=2,
        upwind_window=2,
        land_budget=2,
        upwind_budget=2,
        unburdened_land=2,
        unburdened_upwind=2,
        exploration_attempts=1,
        discover_wonder_water=1,
        discover_wonder_land=1,
        trade_value=1,
        trade_once_per_expedition=False,
        agent_trade_bonus=False,
        gap_reward_per_neighbour=3,
        gap_reward_full=0,
        cost_adventurer=10,
        cost_agent_exploring=1,
        cost_agent_city=3,
        cost_agent_city_with_adventurer=3,
        cost_rest=1,
        chest_maps=2 if regular else 0,
        discover_city=5,
        arrest_value=5,
        arrest_to_vault=False,
        dispossess_bonus=1,
        cost_restore=1,
        cost_refresh_maps=1,
        map_choices=2,
        conflict="third",
        domain_radius=0,
        gusts=False,
        disasters=False,
        new_adventurers_wait=True,
        complete_map_bonus=10,
        loot_choice=True,
        capital_water_moves=True,
        water_pile=60,
        land_pile=30 if regular else 0,
        attacks=regular,
        land_exploration=regular,
        mythical_fixed_x=0,
        cards=mode == "advanced",
        cost_tech=3,
        card_choices=2,
        cost_agent_existing=3,
    )


def _classic(mode: str, players: int) -> Params:
    regular = mode != "beginner"
    return replace(
        _modern(mode),
        preset="classic",
        margin=25,
        max_adventurers=3,
        max_agents=5,
        land_window=2,
        upwind_window=1,
        land_budget=2,
        upwind_budget=1,
        # Unburdened movement stands under the seed's Advanced heading (decision 12a).
        unburdened_land=3 if mode == "advanced" else 2,
        unburdened_upwind=2 if mode == "advanced" else 1,
        exploration_attempts=5,
        discover_wonder_water=5,
        discover_wonder_land=10,
        trade_value=2,
        trade_once_per_expedition=True,
        agent_trade_bonus=True,
        gap_reward_per_neighbour=0,
        gap_reward_full=5,
        cost_agent_exploring=3,
        cost_agent_city=5,
        cost_agent_city_with_adventurer=3,
        chest_maps=0,
        arrest_to_vault=True,
        conflict="die",
        domain_radius=5 if mode == "advanced" else 4,
        gusts=regular,
        disasters=regular,
        new_adventurers_wait=False,
        complete_map_bonus=0,
        loot_choice=False,
        capital_water_moves=False,
        water_pile=30 * players,
        land_pile=15 * players if regular else 0,
        mythical_fixed_x=10,
        choose_adventurer=True,
        recycle_discards=False,
        rest_at_new_agent=True,
        attack_empty=True,
        pirates_place_agents=True,
        equip_technology=mode == "advanced",
    )


@lru_cache(maxsize=64)
def params_for(preset: str, mode: str, players: int) -> Params:
    """The rule numbers of a preset, mode and player count. ``Params`` is frozen, so one
    shared object per combination serves every state (reading a state back from JSON, and a
    player decoding a view, would otherwise rebuild it each time)."""
    params = _classic(mode, players) if preset == "classic" else _modern(mode)
    return replace(
        params,
        allow_loaded=_initial_masks(params.max_moves, params.land_window, params.upwind_window),
        allow_empty=_initial_masks(
            params.max_moves, params.unburdened_land, params.unburdened_upwind
        ),
    )


def _initial_masks(max_moves: int, land_limit: int, upwind_limit: int) -> tuple[int, ...]:
    """Allowance bits by move total T < ``max_moves``: downwind always, upwind while T is
    below the upwind limit, land while below the land limit (§5.2)."""
    return tuple(
        board.ALLOW_DOWN
        | (board.ALLOW_UP if total < upwind_limit else 0)
        | (board.ALLOW_LAND if total < land_limit else 0)
        for total in range(max_moves)
    )


# -- tile tables ---------------------------------------------------------------------------
# Rows: (uc, ua, dc, da, plain count, wonder count), arrow NE (§1.3, §2.1, §2.2).
MODERN_WATER = (
    (1, 1, 1, 1, 15, 0),
    (1, 1, 1, 0, 2, 0),
    (1, 1, 0, 1, 2, 0),
    (1, 1, 0, 0, 1, 0),
    (1, 0, 1, 1, 8, 2),
    (1, 0, 0, 1, 8, 2),
    (0, 1, 1, 1, 8, 2),
    (0, 1, 1, 0, 8, 2),
)
MODERN_LAND = (
    (1, 0, 1, 1, 2, 0),
    (1, 0, 1, 0, 2, 1),
    (1, 0, 0, 1, 1, 1),
    (1, 0, 0, 0, 2, 1),
    (0, 1, 1, 1, 2, 0),
    (0, 1, 1, 0, 1, 1),
    (0, 1, 0, 1, 2, 1),
    (0, 1, 0, 0, 2, 1),
    (0, 0, 1, 1, 2, 1),
    (0, 0, 1, 0, 3, 0),
    (0, 0, 0, 1, 3, 0),
    (0, 0, 0, 0, 0, 1),
)
# The seed's printed tables (art names <uc><ua><dc><da><wonder>). "ttttf x 15 + 8": the 8 are
# the plain tiles laid around the two cities at setup, so 15 go into the pile table.
CLASSIC_WATER = (
    (1, 1, 1, 1, 15, 0),
    (1, 1, 1, 0, 2, 0),
    (1, 1, 0, 1, 2, 0),
    (1, 1, 0, 0, 1, 0),
    (1, 0, 1, 1, 10, 3),
    (1, 0, 0, 1, 10, 3),
    (0, 1, 1, 1, 10, 3),
    (0, 1, 1, 0, 10, 3),
)
CLASSIC_LAND = (
    (1, 0, 1, 1, 2, 1),
    (1, 0, 1, 0, 3, 1),
    (1, 0, 0, 1, 2, 1),
    (0, 1, 1, 1, 2, 1),
    (0, 1, 1, 0, 2, 1),
    (0, 1, 0, 1, 3, 1),
    (0, 0, 1, 1, 4, 2),
    (0, 0, 1, 0, 4, 0),
    (0, 0, 0, 1, 4, 0),
    (0, 0, 0, 0, 6, 0),
    (1, 0, 0, 0, 4, 0),
    (0, 1, 0, 0, 4, 0),
)

CAPITAL = board.make_tile((board.N, board.E, board.S, board.W), board.NE, board.CITY)
MODERN_MYTHICAL = board.make_tile((), board.NE, board.CITY | board.MYTHICAL | board.LAND_BACK)
CLASSIC_MYTHICAL = board.make_tile(
    (board.N, board.E, board.S, board.W), board.NE, board.CITY | board.MYTHICAL
)
PLAIN_WATER = board.make_tile((board.N, board.E, board.S, board.W), board.NE)
#: classic disasters (one per back, Regular): all-water / all-land edges.
WATER_DISASTER = board.make_tile((board.N, board.E, board.S, board.W), board.NE, board.DISASTER)
LAND_DISASTER = board.make_tile((), board.NE, board.DISASTER | board.LAND_BACK)


def table_tiles(table: tuple[tuple[int, ...], ...], land: bool) -> list[int]:
    """Every tile a table lists, arrow NE (a fresh list: every setup shuffles its own)."""
    return list(_table_tiles(table, land))


@lru_cache(maxsize=16)
def _table_tiles(table: tuple[tuple[int, ...], ...], land: bool) -> tuple[int, ...]:
    back = board.LAND_BACK if land else 0
    tiles: list[int] = []
    for uc, ua, dc, da, plain, wonders in table:
        tile = board.from_wind_edges(bool(uc), bool(ua), bool(dc), bool(da), back)
        tiles += [tile] * plain + [tile | board.WONDER] * wonders
    return tuple(tiles)
