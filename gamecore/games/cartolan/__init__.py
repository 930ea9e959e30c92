"""Cartolan – Trade Winds (rules: ``docs/games/cartolan.md``), one engine with two presets.

``GAME`` is the :class:`CartolanGame`. Presets ``classic`` (2020 prose) and ``modern`` (HEAD),
modes ``beginner``, ``regular`` and ``advanced``.

API for computer players (read-only; never mutate a state you did not copy):

* ``GAME.legal_actions(state, seat)`` / ``GAME.apply(state, seat, action)``; actions are
  tuples (see ``notation.py``), ``GAME.format_action`` gives their text.
* ``GAME.apply_in_place(state, seat, action, record=False)``: simulation fast path, mutates
  ``state``, trusts that ``action`` is legal (copy first with ``state.clone()``) and builds
  events only with ``record=True``.
* On a ``State``: ``state.seat`` (who decides), ``state.decision`` (``move``, ``city``,
  ``relocate``, ``loot``, ``steal``, ``maps``; Advanced ``cadre``, ``character``,
  ``manuscript``, ``deposit``, ``discovery``, ``steal_card``; ``over``), ``state.adventurer`` (the moving one),
  ``state.advs[seat][i]`` (``pos``, ``chest``, ``pirate``, ``maps``, ``latest_city``,
  ``traded``), ``state.agents`` (cell → ``owner``, ``wealth``, ``active``), ``state.vault``,
  ``state.tiles`` (cell → tile int), ``state.down/up/land`` (move counters),
  ``state.params`` (every rule number of the preset), ``state.rested``, ``state.cities``,
  ``state.pending`` (the open decision's details), Advanced ``adv.cards``/``adv.buffs``,
  ``state.cadre``, ``state.decks``.
* Helpers for players: ``board`` (``coords``, ``cell``, ``STEP``), ``movement``
  (water paths, distances, ``legal_steps``), ``exploration`` (tile offers); players read
  them, never change a state they did not copy.
* Views: ``view["tiles"]`` entries are shared, read-only dicts (copy one to change it);
  ``view.tile_entry_ints(entry)`` gives its ``(cell, tile)`` ints without decoding, or
  ``None`` for a plain dict (a view read back from JSON).
* ``GAME.score(state)`` → ``{"rounds", "end", "tiles_placed", "seats": [{"vault", ...}]}``.
* ``GAME.players()``: fresh heuristic players (``players.heuristic_players()``) and ``random``.
"""

from __future__ import annotations

from gamecore.games.cartolan import native

# Before any other submodule loads: the mypyc-compiled modules when built and fresh (see native).
native.activate(__path__)

from gamecore.games.cartolan.game import CartolanGame  # noqa: E402
from gamecore.games.cartolan.presentation import PRESENTATION  # noqa: E402
from gamecore.registry import register  # noqa: E402

GAME = register(
    CartolanGame(),
    information="perfect",
    chance=True,
    pictures="renderer.cartolan",
    presentation=PRESENTATION,
)

__all__ = ["GAME", "CartolanGame"]
