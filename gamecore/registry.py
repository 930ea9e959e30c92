"""Which games exist: every game registers itself where it is defined.

A game module ends with ``register(GAME, information="hidden", chance=True,
pictures="renderer.<game>")``, as OpenSpiel's game files end with ``register_game`` (whose
type also says its information and chance), plus ``presentation=`` when the game declares
controls or texts for the bot (``gamecore.presentation``). What follows from information and
chance is decided here, once: a game of perfect information takes its moves on the public
board (:attr:`Registration.public_controls`); a game with anything hidden or random is
covered by the hidden-information tests and may reveal something with a step, which a
takeback may not cross (``Game.revealed``). A built-in game's module (``gamecore.games.BUILTIN``)
is imported when that game is first asked for, every built-in module when the list of games is;
a game defined elsewhere (a test game, a plug-in) calls :func:`register` itself before it is used.

``pictures`` is the dotted name of the module that draws the game's views: ``renderer`` imports
it on the first picture, so ``gamecore`` never imports drawing code and start-up stays light.
That module defines ``render_board(view) -> bytes``, ``render_hand(view) -> bytes`` and
``palette()`` (builds its caches; see ``renderer.warm_up``).
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import import_module
from typing import Any, Literal, TypeVar

from gamecore.contract import Game, IllegalAction
from gamecore.games import BUILTIN
from gamecore.presentation import Presentation

AnyGame = TypeVar("AnyGame", bound=Game[Any, Any])

#: ``perfect``: every seat sees the whole position (a shuffled pile that is drawn in public,
#: as Cartolan's tiles, is chance, not hidden information); ``hidden``: some seat sees less
#: than the whole (a hand, face-down cards).
Information = Literal["perfect", "hidden"]


@dataclass(frozen=True, slots=True)
class Registration:
    """One registered game, where its picture code lives (None: it has no pictures), and how
    it shows itself to the bot (``gamecore.presentation``)."""

    game: Game[Any, Any]
    pictures: str | None
    presentation: Presentation
    information: Information = "perfect"
    #: The game draws, shuffles or rolls: what comes next is not all in the position.
    chance: bool = False
    #: Where the game is listed: built-in games in ``BUILTIN`` order, then the others in the
    #: order they registered (whichever module happened to be imported first).
    rank: int = 0

    @property
    def public_controls(self) -> bool:
        """Moves are made on the public board: with nothing hidden, every seat may see the
        moves of the seat to move (games with hands take moves on each seat's own hand)."""
        return self.information == "perfect"

    @property
    def secrets(self) -> bool:
        """Something is hidden or random: a step may bring it to light."""
        return self.information == "hidden" or self.chance


_registered: dict[str, Registration] = {}
_builtins_loaded = False


def register(
    game: AnyGame,
    *,
    information: Information,
    chance: bool,
    pictures: str | None = None,
    presentation: Presentation | None = None,
) -> AnyGame:
    """Make ``game`` known by its id; returns it. ``information`` and ``chance``: what the
    game keeps from its seats (see :data:`Information`) and whether it draws or rolls.
    ``presentation``: its controls, option texts and computer turns for the bot (default:
    :class:`Presentation`'s defaults).
    Registering the same game object again updates both; another game under a taken id is
    refused (ValueError)."""
    if not game.id:
        raise ValueError(f"{type(game).__name__} has no id")
    known = _registered.get(game.id)
    if known is not None and known.game is not game:
        raise ValueError(f"game id {game.id!r} is already registered by {known.game!r}")
    rank = known.rank if known is not None else _rank(type(game).__module__)
    if information not in ("perfect", "hidden"):
        raise ValueError(f"{game.id}: information is 'perfect' or 'hidden', not {information!r}")
    _registered[game.id] = Registration(
        game, pictures, presentation or Presentation(game.id), information, chance, rank
    )
    return game


def _rank(module: str) -> int:
    for rank, builtin in enumerate(BUILTIN.values()):
        if module == builtin or module.startswith(builtin + "."):
            return rank
    return len(BUILTIN) + len(_registered)


def unregister(game_id: str) -> None:
    """Forget a game registered with :func:`register` (tests that add a game remove it)."""
    _load_builtins()
    _registered.pop(game_id, None)


def _load_builtins() -> None:
    """Import the built-in game modules once; each registers its game as it loads."""
    global _builtins_loaded
    if _builtins_loaded:
        return
    _builtins_loaded = True
    for module in BUILTIN.values():
        import_module(module)


def registration(game_id: str) -> Registration:
    """The registration of ``game_id``; ``IllegalAction('unknown_game')`` for any other id."""
    found = _registered.get(game_id)
    if found is None and game_id in BUILTIN:
        import_module(BUILTIN[game_id])
        found = _registered.get(game_id)
    if found is None:
        known = ", ".join(game_ids())
        raise IllegalAction("unknown_game", f"no game {game_id!r} (games: {known})", game=game_id)
    return found


def find_game(game_id: str) -> Game[Any, Any] | None:
    """The game with this id, or None when there is none (a front end's free text)."""
    found = _registered.get(game_id)
    if found is None and game_id in BUILTIN:
        import_module(BUILTIN[game_id])
        found = _registered.get(game_id)
    return found.game if found is not None else None


def presentation_of(game_id: str) -> Presentation:
    """How ``game_id`` shows itself to the bot; ``IllegalAction('unknown_game')`` otherwise."""
    return registration(game_id).presentation


def get_game(game_id: str) -> Game[Any, Any]:
    """The game with this id; ``IllegalAction('unknown_game')`` for any other id."""
    return registration(game_id).game


def game_ids() -> tuple[str, ...]:
    """Every registered game id: the built-in games first, then the others in the order
    they were registered."""
    _load_builtins()
    return tuple(entry.game.id for entry in _listed())


def _listed() -> list[Registration]:
    return sorted(_registered.values(), key=lambda entry: entry.rank)


def list_games() -> list[Game[Any, Any]]:
    """Every registered game, in :func:`game_ids` order."""
    _load_builtins()
    return [entry.game for entry in _listed()]
