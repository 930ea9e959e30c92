"""The designer's own Cartolan code, run headless as binding decision 14's reference plays it.

Not a test, and nothing of the designer's code is in this repository: the operator fetches
github.com/Delwddrylliwr/cartolan (CC-BY-NC) and points ``--designer`` (or the
``CARTOLAN_DESIGNER`` environment variable) at it: a checkout, or a bare git directory (its
HEAD is unpacked into a temporary directory). ``bench/cartolan_decisions.py`` plays it.

:func:`load` imports it with its printing silenced and the corrections decision 14's
reference plays with, each installed as a wrapper around the designer's own methods:

* the avoid list keeps the gap whose exploration failed (the designer records the last
  direction its loop looked at instead);
* decision 8: an abandoning player stops moving (the designer moves on from the city);
  a chest map may be stolen into an empty Chest (the designer needs one map already);
* decision 4: the exploration that places the last tile of a pile pays the map bonus into the
  Vault and the game ends after the margin is checked;
* a Trader/Router on its route Agent, ransacked and not restorable with its Chest, moves on
  to the next Agent (the designer waited for a rest that never came);
* two things that would stop a run: a chest refill from an empty pile draws nothing (the
  designer's loop never ends), and a selected chest map that was stolen is forgotten (an
  index error).

:func:`play` plays one modern Regular game (movement ``initial``, exploration
``continuous``, the Mythical City in; Explorer/Trader/Router/Pirate seated as
``cartolan_reference.py`` seats them) from ``random.seed(seed)``.
"""

from __future__ import annotations

import io
import os
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path
from types import ModuleType, SimpleNamespace
from typing import Any

#: Where the operator's fetch puts the repository (a bare git directory); any checkout works.
DEFAULT_SOURCE = "/work/.mirror/Delwddrylliwr+cartolan/repo"
LINEUP = ("explorer", "trader", "router", "pirate")
MODULES = ("base", "beginner", "regular", "advanced", "game", "game_config", "utils")
#: A game still running after this many rounds is stopped (none did in 26,000 games).
MAX_ROUNDS = 400

_LOADED: SimpleNamespace | None = None


def source_path(given: str | None = None) -> Path:
    return Path(given or os.environ.get("CARTOLAN_DESIGNER") or DEFAULT_SOURCE)


def _unpack(source: Path) -> Path:
    """A directory holding the designer's Python files and tile tables."""
    if (source / "players_heuristical.py").exists():
        return source
    if not (source / "HEAD").exists():
        raise SystemExit(f"no designer's code at {source} (a checkout or a bare git directory)")
    into = Path(tempfile.mkdtemp(prefix="cartolan_designer_"))
    archive = subprocess.run(
        ["git", f"--git-dir={source}", "archive", "HEAD", "*.py", "*.csv"],
        check=True,
        capture_output=True,
    ).stdout
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(into, filter="data")
    return into


def _silent(*_args: Any, **_kwargs: Any) -> None:
    """Replaces ``print`` inside the designer's modules (it logs every step)."""


def load(source: str | None = None) -> SimpleNamespace:
    """Import the designer's modules once per process, corrections installed."""
    global _LOADED
    if _LOADED is not None:
        return _LOADED
    folder = _unpack(source_path(source))
    sys.path.insert(0, str(folder))
    modules: dict[str, ModuleType] = {}
    for name in (*MODULES, "players_heuristical"):
        module = __import__(name)
        module.print = _silent  # type: ignore[attr-defined]
        modules[name] = module
    ns = SimpleNamespace(folder=folder, **modules)
    _correct(ns)
    _LOADED = ns
    return ns


def _correct(ns: SimpleNamespace) -> None:
    beginner, regular, players = ns.beginner, ns.regular, ns.players_heuristical
    adventurer_beginner = beginner.AdventurerBeginner
    adventurer_regular = regular.AdventurerRegular

    # which step each Adventurer tried last (the avoid-list correction reads it)
    original_move = adventurer_beginner.move

    def move(self: Any, compass_point: str) -> bool:
        self.last_try = (self.current_tile.tile_position, compass_point)
        return bool(original_move(self, compass_point))

    adventurer_beginner.move = move

    # avoid list: the failed gap itself (explore_best_space returns False only then)
    for cls in (players.PlayerBeginnerExplorer, players.PlayerRegularExplorer):
        original_explore = cls.explore_best_space

        def explore_best_space(self: Any, adventurer: Any, _orig: Any = original_explore) -> Any:
            before = len(self.locations_to_avoid)
            result = _orig(self, adventurer)
            if result is False and len(self.locations_to_avoid) == before + 1:
                position, compass = adventurer.last_try
                dx, dy = _OFFSETS[compass]
                self.locations_to_avoid[-1] = [position.longitude + dx, position.latitude + dy]
            return result

        cls.explore_best_space = explore_best_space

    # decision 8: an abandon ends the player's moving
    original_abandon = adventurer_beginner.abandon_expedition

    def abandon_expedition(self: Any, city_tile: Any) -> Any:
        self.abandoned = True
        return original_abandon(self, city_tile)

    adventurer_beginner.abandon_expedition = abandon_expedition
    original_away = players.PlayerBeginnerExplorer.move_away_from_tile

    def move_away_from_tile(self: Any, adventurer: Any, tile: Any) -> Any:
        if getattr(adventurer, "abandoned", False):
            adventurer.abandoned = False
            return True
        return original_away(self, adventurer, tile)

    players.PlayerBeginnerExplorer.move_away_from_tile = move_away_from_tile

    # decision 8: a chest map may be stolen into an empty Chest (a stand-in map for the test)
    original_attack = adventurer_regular.attack

    def attack(self: Any, token: Any) -> Any:
        if self.chest_tiles:
            return original_attack(self, token)
        stand_in = object()
        self.chest_tiles.append(stand_in)
        try:
            return original_attack(self, token)
        finally:
            self.chest_tiles.remove(stand_in)

    adventurer_regular.attack = attack

    # decision 4: the last tile of a pile pays the map bonus; the turn ends there
    original_explore_tile = adventurer_beginner.explore

    def explore(
        self: Any, tile_pile: Any, discard_pile: Any, longitude: int, latitude: int, compass: str
    ) -> bool:
        game = self.game
        back = tile_pile.tile_back
        if not game.tile_piles[back].tiles and not game.discard_piles[back].tiles:
            # the designer's own "complete map" branch (an empty pile): the game is over
            self.turns_moved = game.turn
            game.game_over = True
            return False
        placed = bool(
            original_explore_tile(self, tile_pile, discard_pile, longitude, latitude, compass)
        )
        if placed and not game.tile_piles[back].tiles and not game.discard_piles[back].tiles:
            game.player_wealths[self.player] += game.value_complete_map
            self.turns_moved = game.turn  # the game ends after this turn (margin first)
        return placed

    adventurer_beginner.explore = explore

    # the chest map selected, if stolen meanwhile, is forgotten
    original_regular_explore = adventurer_regular.explore

    def regular_explore(self: Any, *args: Any) -> Any:
        if isinstance(self.preferred_tile_num, int) and self.preferred_tile_num >= len(
            self.chest_tiles
        ):
            self.preferred_tile_num = None
        return original_regular_explore(self, *args)

    adventurer_regular.explore = regular_explore

    # a refill from an empty pile draws nothing (the water/land alternation as the designer's)
    def choose_tiles(self: Any, num_tiles: int) -> list[Any]:
        piles = self.game.tile_piles
        chosen = []
        for number in range(num_tiles):
            pile = piles[list(piles.keys())[number % len(piles)]]
            if pile.tiles:
                chosen.append(pile.tiles.pop())
        return chosen

    adventurer_regular.choose_tiles = choose_tiles

    # the route moves on past its own ransacked Agent that the Chest cannot restore
    original_route = players.PlayerBeginnerTrader.continue_move

    def route_move(self: Any, adventurer: Any, _orig: Any = None) -> Any:
        agents = adventurer.game.agents[self]
        k = self.next_agent_num.get(adventurer)
        if k is not None and k < len(agents):
            agent = agents[k]
            if (
                agent.current_tile is adventurer.current_tile
                and agent.is_dispossessed
                and adventurer.wealth < adventurer.cost_agent_restore
            ):
                self.next_agent_num[adventurer] = k + 1
        return (_orig or original_route)(self, adventurer)

    players.PlayerBeginnerTrader.continue_move = route_move
    original_router = players.PlayerBeginnerRouter.continue_move

    def router_move(self: Any, adventurer: Any) -> Any:
        return route_move(self, adventurer, original_router)

    players.PlayerBeginnerRouter.continue_move = router_move


_OFFSETS = {"n": (0, 1), "e": (1, 0), "s": (0, -1), "w": (-1, 0)}


def new_game(ns: SimpleNamespace, seed: int, names: list[str] | None = None) -> Any:
    """A modern Regular game set up as the designer's ``main_game`` does, seeded."""
    import random  # noqa: PLC0415 - the designer's code draws from the module's generator

    random.seed(seed)
    names = names or [LINEUP[(seed + i) % 4] for i in range(4)]
    classes = {
        "explorer": ns.players_heuristical.PlayerRegularExplorer,
        "trader": ns.players_heuristical.PlayerRegularTrader,
        "router": ns.players_heuristical.PlayerRegularRouter,
        "pirate": ns.players_heuristical.PlayerRegularPirate,
    }
    players = [classes[name](name) for name in names]
    for player in players:
        player.personality = player.name
    base = ns.base
    game = ns.game.GameRegular(players, "initial", "continuous")
    water, north_east = base.TileEdges(True, True, True, True), base.WindDirection(True, True)
    game.CITY_TYPE(game, north_east, water, True, True).place_tile(0, 0)
    for x, y in ((0, 1), (1, 0), (0, -1), (-1, 0)):
        base.Tile(game, "water", base.WindDirection(True, True), water, False).place_tile(x, y)
    cwd = os.getcwd()
    os.chdir(ns.folder)  # the tile tables are read from the working directory
    try:
        game.setup_tile_pile("water")
        game.setup_tile_pile("land")
    finally:
        os.chdir(cwd)
    land = base.TileEdges(False, False, False, False)
    game.tile_piles["land"].tiles.append(
        game.CITY_TYPE(game, base.WindDirection(True, True), land, False, True)
    )
    for pile in game.tile_piles.values():
        random.shuffle(pile.tiles)
    for player in players:
        game.ADVENTURER_TYPE(game, player, game.cities[0])
    return game


def play(seed: int, source: str | None = None) -> dict[str, Any]:
    """One game to its end: how it ended, its rounds, the winners' personalities."""
    ns = load(source)
    game = new_game(ns, seed)
    while not game.game_over:
        game.turn += 1
        if game.turn > MAX_ROUNDS:
            raise RuntimeError(f"seed {seed}: still running after {MAX_ROUNDS} rounds")
        if game.play_round():
            break
    return {"end": ending(game), "rounds": game.turn, "winners": winners(game)}


def ending(game: Any) -> str:
    """``margin``, ``water`` or ``land`` (the pile whose tiles ran out)."""
    if game.win_type == "wealth difference":
        return "margin"
    for back, pile in game.tile_piles.items():
        if not pile.tiles and not game.discard_piles[back].tiles:
            return str(back)
    return "margin"


def winners(game: Any) -> list[str]:
    """The personalities with the largest Vault (a tie shares the win, decision 1)."""
    top = max(game.player_wealths.values())
    return [player.name for player in game.players if game.player_wealths[player] == top]
