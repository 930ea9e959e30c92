"""The tournament's state: immutable dataclasses that encode to JSON and back.

A tournament is its :class:`Config`, its :class:`Player` list and every :class:`Table` seated
so far (with its result once recorded). Everything else (rounds, standings, who is free) is
derived from these, so the state stored by the bot is exactly what the functions need.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Literal, cast, get_args

Format = Literal["swiss", "arena", "robin"]
FORMATS: tuple[Format, ...] = get_args(Format)


class TournamentError(ValueError):
    """A request the tournament's rules refuse (the state is unchanged); ``reason`` says why
    in a short English sentence for logs and the command line (the bot says it in its own
    words from ``code``)."""

    def __init__(self, code: str, reason: str) -> None:
        super().__init__(reason)
        self.code = code
        self.reason = reason


@dataclass(frozen=True, slots=True)
class Config:
    """What the host chose. ``computers``: the computer players that fill short tables, used
    in turn (never ranked). ``rounds``: Swiss and round robin (0 = the rules' default: for
    round robin enough rounds for everyone to meet everyone once, for Swiss
    :func:`gamecore.tournament.pairing.default_swiss_rounds`). Arena: ``start`` and ``end``
    of the seating window (seconds on any clock the caller uses) and ``fill_after``: seconds
    the longest-waiting player waits before a short table is filled with computers."""

    format: Format
    game_id: str
    table_size: int
    seed: int
    rounds: int = 0
    computers: tuple[str, ...] = ("random",)
    start: float = 0.0
    end: float = 0.0
    fill_after: float = 120.0

    def __post_init__(self) -> None:
        if self.format not in FORMATS:
            raise TournamentError("format", f"format must be one of {', '.join(FORMATS)}")
        if not 2 <= self.table_size <= 12:
            raise TournamentError("table_size", "a table seats 2 to 12")
        if self.rounds < 0:
            raise TournamentError("rounds", "rounds cannot be negative")
        if not self.computers:
            raise TournamentError("computers", "name at least one computer player")
        if self.format == "arena" and self.end <= self.start:
            raise TournamentError("window", "an arena ends after it starts")


@dataclass(frozen=True, slots=True)
class Player:
    """An entrant: ``id`` (a Discord user id in the bot, any int elsewhere), ``rating`` (the
    shown rating when entering: round-one seeding and the last tiebreak), ``active`` (False
    once dropped: skipped by later pairings, still in the standings), ``free_since``
    (arena: when the player last became free to be seated)."""

    id: int
    rating: int = 1500
    active: bool = True
    free_since: float = 0.0


@dataclass(frozen=True, slots=True)
class Seat:
    """One seat of a table: a person (``player``) or a computer (``computer``), never both."""

    player: int | None = None
    computer: str | None = None

    @property
    def is_computer(self) -> bool:
        return self.player is None


@dataclass(frozen=True, slots=True)
class Table:
    """A table: ``number`` (1, 2, … in the order seated, over the whole tournament),
    ``round`` (Swiss and round robin; 0 in an arena), ``seats`` in play order, and once
    the match ends ``places`` (per seat, 1 = first, equal places shared) and ``points``
    (per seat, what the result gave each person; computers get 0). ``seated_at`` and
    ``finished_at``: the clock values passed in (arena), else 0."""

    number: int
    round: int
    seats: tuple[Seat, ...]
    places: tuple[int, ...] | None = None
    points: tuple[float, ...] | None = None
    seated_at: float = 0.0
    finished_at: float = 0.0

    @property
    def finished(self) -> bool:
        return self.places is not None

    @property
    def players(self) -> tuple[int, ...]:
        """The people at the table, in seat order."""
        return tuple(s.player for s in self.seats if s.player is not None)


@dataclass(frozen=True, slots=True)
class Round:
    """A round's tables as :func:`gamecore.tournament.pair_round` proposes them."""

    number: int
    tables: tuple[Table, ...]


@dataclass(frozen=True, slots=True)
class Standing:
    """One person's line of the standings (computers never have one). ``rank`` is shared
    only when every tiebreak is equal. ``opponents_points``: the first tiebreak (the sum,
    over the tables played, of the mean points of the other people at the table);
    ``streak``: arena wins in a row now (two or more: on fire, points doubled)."""

    rank: int
    player: int
    points: float
    opponents_points: float
    rating: int
    played: int
    wins: int
    active: bool
    streak: int = 0


@dataclass(frozen=True, slots=True)
class State:
    """The whole tournament; change it only through the functions of this package."""

    config: Config
    players: tuple[Player, ...] = ()
    tables: tuple[Table, ...] = field(default=())

    def player(self, player_id: int) -> Player:
        for p in self.players:
            if p.id == player_id:
                return p
        raise TournamentError("unknown_player", f"player {player_id} is not in the tournament")

    def with_player(self, player: Player) -> State:
        """The state with ``player`` replacing the entrant of the same id."""
        return replace(
            self, players=tuple(player if p.id == player.id else p for p in self.players)
        )

    @property
    def round(self) -> int:
        """The last round seated (0 before the first)."""
        return max((t.round for t in self.tables), default=0)

    def open_tables(self) -> tuple[Table, ...]:
        return tuple(t for t in self.tables if not t.finished)

    def to_json(self) -> dict[str, Any]:
        """Plain JSON types only (the bot stores this)."""
        c = self.config
        return {
            "config": {
                "format": c.format,
                "game_id": c.game_id,
                "table_size": c.table_size,
                "seed": c.seed,
                "rounds": c.rounds,
                "computers": list(c.computers),
                "start": c.start,
                "end": c.end,
                "fill_after": c.fill_after,
            },
            "players": [[p.id, p.rating, p.active, p.free_since] for p in self.players],
            "tables": [
                {
                    "number": t.number,
                    "round": t.round,
                    "seats": [[s.player, s.computer] for s in t.seats],
                    "places": None if t.places is None else list(t.places),
                    "points": None if t.points is None else list(t.points),
                    "seated_at": t.seated_at,
                    "finished_at": t.finished_at,
                }
                for t in self.tables
            ],
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> State:
        c = data["config"]
        config = Config(
            format=cast(Format, c["format"]),
            game_id=str(c["game_id"]),
            table_size=int(c["table_size"]),
            seed=int(c["seed"]),
            rounds=int(c["rounds"]),
            computers=tuple(str(n) for n in c["computers"]),
            start=float(c["start"]),
            end=float(c["end"]),
            fill_after=float(c["fill_after"]),
        )
        players = tuple(Player(int(i), int(r), bool(a), float(f)) for i, r, a, f in data["players"])
        tables = tuple(
            Table(
                number=int(t["number"]),
                round=int(t["round"]),
                seats=tuple(Seat(p, comp) for p, comp in t["seats"]),
                places=None if t["places"] is None else tuple(int(x) for x in t["places"]),
                points=None if t["points"] is None else tuple(float(x) for x in t["points"]),
                seated_at=float(t["seated_at"]),
                finished_at=float(t["finished_at"]),
            )
            for t in data["tables"]
        )
        return cls(config, players, tables)
