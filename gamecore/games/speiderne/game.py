"""The Speiderne ``Game``: the contract wired to the engine, views and players."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gamecore.contract import Event, Game, IllegalAction, OptionSpec, Player, Status
from gamecore.games.speiderne.presentation import SpeidernePresentation
from gamecore.registry import register

from . import engine, views
from .actions import Action, format_action, parse_action
from .players import PLAYERS
from .state import State, state_from_dict, state_to_dict

MAX_ROUNDS_LIMIT = 500


class Speiderne(Game[State, Action]):
    """Stage 1 ("Discoverer") of Samuel Brox's Speiderne, per ``docs/games/speiderne.md``."""

    id = "speiderne"
    name = "Speiderne"
    min_players = 2
    max_players = 6
    #: A card drawn or shown from a hand, a region turned, insurance taken (rules "Views").
    secret_keys = ("hands", "deck", "insurance", "regions", "rng")
    options = (
        OptionSpec(
            "max_rounds",
            60,
            help="the game ends after this round at the latest (1–500)",
            low=1,
            high=MAX_ROUNDS_LIMIT,
        ),
    )
    STATE_VERSION = 1

    def setup(self, players: int, seed: int, options: Mapping[str, Any] | None = None) -> State:
        resolved = self.resolve_options(options)
        if not self.min_players <= players <= self.max_players:
            raise IllegalAction(
                "speiderne_players",
                f"Speiderne is for {self.min_players}–{self.max_players} players",
                min=self.min_players,
                max=self.max_players,
            )
        max_rounds = resolved["max_rounds"]
        if (
            isinstance(max_rounds, bool)
            or not isinstance(max_rounds, int)
            or not 1 <= max_rounds <= MAX_ROUNDS_LIMIT
        ):
            raise IllegalAction(
                "speiderne_max_rounds",
                f"max_rounds must be a whole number from 1 to {MAX_ROUNDS_LIMIT}",
                limit=MAX_ROUNDS_LIMIT,
            )
        return engine.new_state(players, seed, max_rounds)

    def legal_actions(self, state: State, player: int) -> list[Action]:
        return engine.legal_actions(state, player)

    def play(self, state: State, player: int, action: Action) -> tuple[State, list[Event]]:
        return engine.play(state, player, action)

    def view(self, state: State, viewer: int | None) -> dict[str, Any]:
        return views.build_view(state, viewer)

    def status(self, state: State) -> Status:
        data = views.status_dict(state)
        return Status(
            result=data["result"],
            to_move=tuple(data["to_move"]),
            winners=tuple(data["winners"]),
            scores=tuple(data["scores"]),
            detail={"round": state.round, "end": state.end, "pending": views.pending_view(state)},
        )

    def parse_action(self, text: str) -> Action:
        return parse_action(text)

    def format_action(self, action: Action) -> str:
        return format_action(action)

    def state_to_dict(self, state: State) -> dict[str, Any]:
        return state_to_dict(state)

    def state_from_dict(self, data: Mapping[str, Any]) -> State:
        return state_from_dict(data)

    def describe(self, view: dict[str, Any]) -> str:
        return views.describe(view)

    def score(self, state: State) -> dict[str, Any]:
        return {
            "rounds": state.round,
            "end": state.end or "playing",
            "seats": [{"points": p} for p in engine.scores(state)],
        }

    def players(self) -> dict[str, Player]:
        return dict(PLAYERS)


GAME = register(
    Speiderne(),
    information="hidden",
    chance=True,
    pictures="renderer.speiderne",
    presentation=SpeidernePresentation("speiderne"),
)
