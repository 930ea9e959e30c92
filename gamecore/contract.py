"""The game contract every game implements (``docs/adding-a-game.md`` walks through it).

A game is a stateless object; all state lives in an immutable-by-contract ``State`` value
that the game creates, advances and encodes. ``apply`` never mutates its input: it returns a
new state, so a failed move (``IllegalAction``) leaves the caller's state untouched.
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, Literal, TypeVar

State = TypeVar("State")
Action = TypeVar("Action")

Result = Literal["playing", "won", "lost", "finished"]

#: Version of the envelope written by :meth:`Game.to_json`; bump a game's own
#: ``STATE_VERSION`` when its state layout changes.
ENVELOPE_VERSION = 1


@dataclass(frozen=True, slots=True)
class SeatRef:
    """Seats a refusal names (indices from 0 in the order of play, e.g. whose turn it is): a
    front end names them as its board does (the Discord bot: badge and name). As plain text
    (the English reason, logs, the CLI) they read "player 2"."""

    seats: tuple[int, ...]

    def __str__(self) -> str:
        return ", ".join(f"player {seat + 1}" for seat in self.seats)


class IllegalAction(Exception):
    """A move that the rules do not allow, with a reason a person can read.

    ``code`` is a stable key (for translation catalogs: ``illegal.<code>``); ``reason`` is the
    English text; ``params`` fill the placeholders of the translated text (a seat is a
    :class:`SeatRef`, never a number, so every text names it as the board does).
    """

    def __init__(self, code: str, reason: str, **params: Any) -> None:
        super().__init__(reason)
        self.code = code
        self.reason = reason
        self.params = params

    def __repr__(self) -> str:
        return f"IllegalAction({self.code!r}, {self.reason!r})"


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened during ``apply``: a kind plus JSON-able data.

    Events drive the move log and the bot's one-line summaries (translated by
    ``event.<game>.<kind>``). They never carry hidden information about other seats.
    """

    kind: str
    data: Mapping[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, **dict(self.data)}


@dataclass(frozen=True, slots=True)
class Status:
    """Where a game stands.

    ``result``: ``playing`` while moves remain; solo games end ``won`` or ``lost``;
    multiplayer games end ``finished`` with ``winners`` (several seats share a tie).
    ``to_move`` lists the seats (0-based) whose decision the game awaits.
    ``scores`` holds one number per seat (for solo games: the game's score for statistics).
    """

    result: Result
    to_move: tuple[int, ...] = ()
    winners: tuple[int, ...] = ()
    scores: tuple[float, ...] = ()
    detail: Mapping[str, Any] = field(default_factory=dict)

    @property
    def over(self) -> bool:
        return self.result != "playing"


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """One option a game accepts at setup (shown in lobbies and `gamecore list`)."""

    name: str
    default: Any
    choices: tuple[Any, ...] = ()
    help: str = ""
    #: For whole-number options: the smallest and largest value accepted.
    low: int | None = None
    high: int | None = None

    def check(self, value: Any) -> None:
        """Refuse a value this option cannot take (``IllegalAction('option_value')``)."""
        if self.choices:
            if value not in self.choices:
                allowed = ", ".join(str(c) for c in self.choices)
                raise IllegalAction(
                    "option_value",
                    f"{self.name} must be one of {allowed}",
                    option=self.name,
                    allowed=allowed,
                )
            return
        if isinstance(self.default, int) and not isinstance(self.default, bool):
            low = self.low if self.low is not None else -(2**63)
            high = self.high if self.high is not None else 2**63
            whole = isinstance(value, int) and not isinstance(value, bool)
            if not whole or not low <= value <= high:
                allowed = f"{self.low}–{self.high}" if self.low is not None else "a whole number"
                raise IllegalAction(
                    "option_value",
                    f"{self.name} must be a whole number in {allowed}",
                    option=self.name,
                    allowed=allowed,
                )


class SimulationAborted(Exception):
    """A simulated game (:meth:`Game.play_out`) stopped by ``error`` after ``steps`` steps."""

    def __init__(self, steps: int, error: Exception) -> None:
        super().__init__(steps, error)
        self.steps = steps
        self.error = error


#: A computer player: (view of its seat, its legal actions, a seeded random.Random) -> action.
Player = Callable[[dict[str, Any], Sequence[Any], Any], Any]


class Game(ABC, Generic[State, Action]):
    """Base class of every game. Subclasses set the descriptor and implement the contract."""

    id: str = ""
    name: str = ""
    min_players: int = 1
    max_players: int = 1
    options: tuple[OptionSpec, ...] = ()
    #: Layout version of this game's state JSON.
    STATE_VERSION: int = 1
    #: The computer player that gives hints and moves for a seat whose clock ran out;
    #: None: the first of ``heuristic``, ``greedy``, ``random`` the game offers.
    advisor: str | None = None
    #: The ``score()`` key a simulation summary shows as its headline distribution
    #: (Cartographer's aces); None: no headline.
    headline_score: str | None = None
    #: Keys of ``state_to_dict`` where the game keeps what is hidden or random (a hand, a
    #: face-down card, a pile, the random generator): a step that changes one of them may
    #: have brought something to light (:meth:`revealed`).
    secret_keys: tuple[str, ...] = ()

    # -- the contract ------------------------------------------------------------------
    @abstractmethod
    def setup(self, players: int, seed: int, options: Mapping[str, Any] | None = None) -> State:
        """A new game for ``players`` seats, fully determined by ``seed`` and ``options``."""

    @abstractmethod
    def legal_actions(self, state: State, player: int) -> list[Action]:
        """Every action ``player`` may take now; empty when it is not their decision."""

    @abstractmethod
    def play(self, state: State, player: int, action: Action) -> tuple[State, list[Event]]:
        """The state after ``player`` takes ``action``, by the game's own rules; raises
        ``IllegalAction`` when the rules refuse it. Called through :meth:`apply`, which has
        already refused a finished game and a seat that is not to move."""

    @abstractmethod
    def view(self, state: State, viewer: int | None) -> dict[str, Any]:
        """JSON-able picture of the game as ``viewer`` may see it (None: a spectator)."""

    @abstractmethod
    def status(self, state: State) -> Status:
        """Playing / won / lost / finished, whose decision it is, scores."""

    @abstractmethod
    def parse_action(self, text: str) -> Action:
        """An action from its notation; raises ``IllegalAction('notation', ...)`` if unreadable."""

    @abstractmethod
    def format_action(self, action: Action) -> str:
        """Canonical notation: ``format_action(parse_action(s))`` is ``s`` made canonical."""

    @abstractmethod
    def state_to_dict(self, state: State) -> dict[str, Any]:
        """The state as plain JSON data (the game's own layout, version ``STATE_VERSION``)."""

    @abstractmethod
    def state_from_dict(self, data: Mapping[str, Any]) -> State:
        """Inverse of :meth:`state_to_dict`."""

    # -- shared behaviour --------------------------------------------------------------
    def apply(self, state: State, player: int, action: Action) -> tuple[State, list[Event]]:
        """The state after ``player`` takes ``action``: the one check, for every game, that
        the game is not over and that ``player`` is to move, then the game's :meth:`play`.
        Raises ``IllegalAction`` (``game_over``, ``not_your_turn`` or the game's refusal)."""
        status = self.status(state)
        if status.over:
            raise IllegalAction(
                "game_over", f"the game is over ({status.result})", result=status.result
            )
        if player not in status.to_move:
            raise IllegalAction(
                "not_your_turn",
                f"it is not your turn ({SeatRef(status.to_move)} to move)",
                to_move=SeatRef(status.to_move),
            )
        return self.play(state, player, action)

    def canonical_action(self, state: State, action: Action) -> Action:  # noqa: ARG002 - games override it
        """The action as ``apply`` executes and records it, for games whose notation has short
        forms that depend on the position (Cartolan's ``wait`` for ``wait 1``). The log keeps
        this form, so it matches ``legal_actions``. Legality is not checked here."""
        return action

    def revealed(self, before: State, after: State) -> bool:
        """Whether the step from ``before`` to ``after`` brought something hidden or random
        to light (a card drawn or shown, a tile or die drawn): a takeback never crosses such
        a step. Asked only of games registered with hidden information or chance. Default:
        any change under :attr:`secret_keys`; a game that names none reveals at every step."""
        if not self.secret_keys:
            return True
        old, new = self.state_to_dict(before), self.state_to_dict(after)
        return any(old.get(key) != new.get(key) for key in self.secret_keys)

    def auto_actions(self, state: State) -> list[Action]:  # noqa: ARG002 - games override it
        """Actions the game takes by itself after a move (Dungeon Delver claims a cleared
        level's reward), each applied for the seat to move as its own logged step, in order.
        Default: none."""
        return []

    def describe(self, view: dict[str, Any]) -> str:
        """The view as plain text for a terminal (``python -m gamecore play``)."""
        return json.dumps(view, indent=2, ensure_ascii=False)

    def score(self, state: State) -> dict[str, Any]:  # noqa: ARG002 - games override it
        """Statistics of a (usually finished) game: what ``simulate`` and ``/stats`` record."""
        return {}

    def simulation_step(
        self, state: State, seat: int, legal: Sequence[Action], player: Player, rng: Any
    ) -> State:
        """One computer step in a simulation, where the runner owns ``state`` and nobody else
        sees it: a game may override this with a faster path that reuses ``state``. The
        default is what the bot does: the seat's view, then the copying :meth:`play`."""
        action = player(self.view(state, seat), legal, rng)
        return self.play(state, seat, action)[0]  # the runner knows ``seat`` is to move

    def play_out(
        self, state: State, players: Sequence[Player], rngs: Sequence[Any], max_steps: int
    ) -> tuple[State, int]:
        """Computer players (one per seat, with their generators) play ``state`` to its end:
        ``(final state, steps played)``. The simulation runner owns ``state``, as for
        :meth:`simulation_step`, which every step goes through. A game may override this
        loop with a faster one that plays exactly the same steps. Any failure, or passing
        ``max_steps``, raises :class:`SimulationAborted` with the steps played before it and
        the failure."""
        steps = 0
        try:
            status = self.status(state)
            while not status.over:
                if steps >= max_steps:
                    raise RuntimeError(f"no result after max_steps={max_steps} steps")
                if not status.to_move:
                    raise RuntimeError("game is playing but no seat is to move")
                seat = status.to_move[0]
                legal = self.legal_actions(state, seat)
                if not legal:
                    raise RuntimeError(f"seat {seat} is to move but has no legal action")
                state = self.simulation_step(state, seat, legal, players[seat], rngs[seat])
                steps += 1
                status = self.status(state)
        except Exception as exc:
            raise SimulationAborted(steps, exc) from exc
        return state, steps

    def players(self) -> dict[str, Player]:
        """Computer players by name; every game offers at least ``random``. Each call gives
        fresh players: a player may remember things within one match (Cartolan's Trader
        remembers its route), so a host keeps one per (match, seat)."""
        return {}

    def default_options(self) -> dict[str, Any]:
        return {spec.name: spec.default for spec in self.options}

    def resolve_options(self, options: Mapping[str, Any] | None) -> dict[str, Any]:
        """Defaults filled in; unknown names or values outside ``choices`` are refused."""
        resolved = self.default_options()
        if not options:
            return resolved
        specs = {spec.name: spec for spec in self.options}
        for name, value in options.items():
            spec = specs.get(name)
            if spec is None:
                raise IllegalAction("option", f"unknown option {name!r}", option=name)
            spec.check(value)
            resolved[name] = value
        return resolved

    def legal_notations(self, state: State, player: int) -> list[str]:
        """Canonical notation of every legal action, sorted."""
        return sorted(self.format_action(a) for a in self.legal_actions(state, player))

    def apply_notation(self, state: State, player: int, text: str) -> tuple[State, list[Event]]:
        """Parse ``text`` and apply it (the path every typed move takes)."""
        return self.apply(state, player, self.parse_action(text))

    def to_json(self, state: State) -> str:
        """Stable, versioned text encoding (what the database stores)."""
        envelope = {
            "envelope": ENVELOPE_VERSION,
            "game": self.id,
            "version": self.STATE_VERSION,
            "state": self.state_to_dict(state),
        }
        return json.dumps(envelope, separators=(",", ":"), sort_keys=True)

    def from_json(self, text: str | bytes) -> State:
        data = json.loads(text)
        if data.get("game") != self.id:
            raise ValueError(f"state belongs to {data.get('game')!r}, not {self.id!r}")
        if data.get("version") != self.STATE_VERSION:
            raise ValueError(
                f"{self.id} state version {data.get('version')} is not {self.STATE_VERSION}"
            )
        return self.state_from_dict(data["state"])
