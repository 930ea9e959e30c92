"""Game-agnostic match logic: seats, lobby, whose turn, permissions, resign, turn clocks.

Pure and synchronous like the rules: every operation takes a :class:`Match` value (and the
time as a number where it matters) and returns a new one, or raises :class:`MatchError`.
The service layer adds locking, persistence and the clock.

Decisions recorded here (see docs/architecture.md):
- The host cannot leave a lobby; they cancel it instead (a lobby always has a host).
- Seat order is drawn at start from the match seed (``mix_seed(seed, "seats")``); the game
  itself is set up with the match seed, so (game, options, seed, actions) replays it.
- Resigning a solo match ends it ``lost``. Resigning a multiplayer match hands the seat to
  a computer player so the others can finish (games cannot drop a seat mid-game); the user
  counts a loss when the match ends. When the last person resigns, the match ends with a
  result: the seats still at the table ranked by the game's scores, the people who resigned
  after them, the first to resign last.
- ``/game abandon`` of a started match that counts (not practice) is the host's
  resignation: a match cannot be erased by its host alone once it counts. Lobbies, practice
  matches and matches with only computers left are abandoned without a result.
- A pause of the clock needs everyone, and runs out by itself (``PAUSE_LIMIT``, or
  ``RESUME_WAIT`` after someone asked to resume); who asked for a pause (every person: a
  pause needs everyone) cannot ask for the next one until ``PAUSE_RENEWAL_WAIT`` after it
  ended, so a pause cannot be renewed at once.
- A holiday is one person's and needs nobody's consent: ``holiday_days`` per person and
  match (``DEFAULT_HOLIDAY_DAYS``, set by the host); while away their clock stops (a turn of
  theirs waits, one that reaches them starts when they are back), the others play on; back
  early gives back the whole days not used; with ``auto`` a holiday day replaces an expiry.
- A takeback (``gamecore.takeback``) undoes the asker's last step and every step after it,
  never across a step that revealed anything, with the consent of every other person who
  acted since; it is one more log row, and a finished match takes none (``takebacks``:
  off for tournament tables, counted daily deals and servers that turned it off).
- Turn clock: per match (default 24 h, off for solo games). A reminder at half time; at
  expiry the heuristic computer player moves for the seat; after two expiries in a row the
  seat is handed to that computer player for good. A move by the person resets the count.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any, Literal

from gamecore.contract import Game, IllegalAction, SeatRef, Status
from gamecore.rng import Rng, mix_seed
from gamecore.takeback import TakebackAsk

#: Default turn clock of multiplayer matches, in seconds.
DEFAULT_TURN_LIMIT = 24 * 60 * 60
#: Expiries in a row after which a seat is handed to a computer player.
EXPIRIES_BEFORE_HANDOVER = 2
#: Computer players tried, in order, when none is named.
PREFERRED_COMPUTERS = ("heuristic", "greedy", "random")
#: A pause of the clock runs out this long after it began.
PAUSE_LIMIT = 7 * 24 * 60 * 60
#: ...or this long after a person asked to resume, whichever comes first.
RESUME_WAIT = 48 * 60 * 60
#: Who asked for a pause may ask for the next one this long after it ended.
PAUSE_RENEWAL_WAIT = 24 * 60 * 60
#: Holiday days each person has per match unless the host sets another number (0–30).
DEFAULT_HOLIDAY_DAYS = 7
MAX_HOLIDAY_DAYS = 30
DAY = 24 * 60 * 60

MatchStatus = Literal["lobby", "playing", "finished", "abandoned"]
LIVE_STATUSES: frozenset[str] = frozenset({"lobby", "playing"})

#: Every code a ``MatchError`` may carry, with its English text (``illegal.<code>``).
MATCH_ERROR_CODES: dict[str, str] = {
    "no_match": "There is no match {match_id}.",
    "not_in_lobby": "This match has already started: open your own with /game new.",
    "lobby_full": "All {max_players} seats are taken: open your own match with /game new.",
    "already_seated": "You already have a seat in this match (Leave gives it up).",
    "not_seated": "You have no seat in this match: open your own with /game new.",
    "not_host": "Only the host ({host}) can do that: ask them, or open your own match with /game new.",
    "host_cannot_leave": "The host cannot leave; cancel the lobby instead.",
    "not_computer": "{seat} is not a computer player: Remove computer removes the last one seated.",
    "no_computer_seated": "No computer player is seated: Add computer seats one.",
    "no_seat": "There is no such seat: this table has {count} seats.",
    "unknown_player": "There is no computer player {player} (players: {players}).",
    "no_computer_player": "This game has no computer player.",
    "not_enough_players": "This game needs at least {min_players} players: wait for more to join, or add a computer player.",
    "not_started": "The match has not started yet: the host starts it with Start.",
    "match_over": "This match is over: /game new starts another.",
    "not_your_turn": "It is not your turn: {to_move} to move; you are told when it is yours.",
    "stale_version": "The board changed before your move; look again and retry.",
    "no_hint": "There is no hint for this position.",
    "store_unavailable": "The game database cannot be reached right now; nothing was changed. Try again in a minute.",
    "not_invited": "This table is by invitation; the host can open it to everyone.",
    "too_many_invites": "{count} invitations do not fit: this game seats at most {max_players}.",
    "cannot_invite": "You cannot invite yourself.",
    "not_rematchable": "Only a finished match of several players can be played again.",
    "not_in_match": "Only the players of that match can ask for a rematch.",
    "store_busy": "The game database is busy; nothing was changed. Try again in a moment.",
    "commit_unknown": "The game database stopped answering while saving; your move may have been saved. Look at the board again in a minute before retrying.",
    "no_clock": "This match has no turn clock to pause.",
    "already_paused": "The clock is paused already; /game resume asks to start it again.",
    "not_paused": "The clock is running; /game pause asks to stop it.",
    "already_asked": "You asked already; the others are asked on the board.",
    "pause_renewal": "You agreed to the last pause, which ended {ended}: you can ask for another from {after}. Until then the clock runs: play on.",
    "too_many_lobbies": "You have {count} open lobbies already (at most {limit}): start or cancel one of them first (/game list shows them).",
    "invited_often": "{person} was invited {limit} times in the last hour already: open the lobby without invite: and tell them where it is, or invite them again {after}.",
    "abandon_counts": "This match counts and you no longer have a seat in it: it plays on without you. Only a match with nobody left but computers can be abandoned.",
    "takebacks_off": "Takebacks are off at this table (tournament tables, counted daily deals and servers that turned them off).",
    "takeback_nothing": "You have no step to take back in this match.",
    "takeback_revealed": "Something hidden or random came to light since your last step (a card, a tile, a draw): it cannot be taken back.",
    "takeback_pending": "A takeback is already waiting for an answer on the board.",
    "takeback_gone": "That takeback is no longer asked: the match moved on or it was answered.",
    "holiday_days": "You have {left} holiday days left in this match: ask for 1 to {left}.",
    "no_holidays": "You have no holiday days left in this match (a tournament table, or a host who set holidays=0, gives none).",
    "on_holiday": "You are on holiday until {until}; /game holiday back:True ends it early.",
    "not_on_holiday": "You are not on holiday in this match.",
    "takeback_not_asked": "Only the players whose steps it undoes answer this takeback.",
}


class MatchError(IllegalAction):
    """A refusal by the match (not the rules): who may act, lobby rules, stale boards.

    A subclass of ``IllegalAction`` so callers translate both with ``illegal.<code>``.
    """


def error(code: str, **params: Any) -> MatchError:
    """The refusal ``code`` of ``MATCH_ERROR_CODES`` with its English text."""
    return MatchError(code, MATCH_ERROR_CODES[code].format(**params), **params)


_error = error


@dataclass(frozen=True, slots=True)
class Seat:
    """A place at the table: a Discord user or a computer player (named as in
    ``Game.players()``). ``name`` is what boards and logs show. A computer that took over a
    person's seat keeps who sat there (``former``) and whether they resigned (ratings:
    a resignation is last place, a seat lost to the clock keeps the seat's result):
    ``resigned`` is 0, or the order of the resignation in the match (1: the first)."""

    user_id: int | None
    computer: str | None
    name: str
    former: int | None = None
    resigned: int = 0

    @property
    def is_computer(self) -> bool:
        return self.computer is not None

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "user_id": self.user_id,
            "computer": self.computer,
            "name": self.name,
        }
        if self.former is not None:
            data["former"] = self.former
            data["resigned"] = self.resigned
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Seat:
        return cls(
            data.get("user_id"),
            data.get("computer"),
            data.get("name", ""),
            data.get("former"),
            int(data.get("resigned", 0)),
        )


@dataclass(frozen=True, slots=True)
class PauseTerms:
    """A pause of the clock: who asked for it, when it runs out by itself (while paused),
    when it ended and whether it ran out (after; the board says so until the next step)."""

    asked_by: tuple[int, ...] = ()
    ends_at: float | None = None
    ended_at: float | None = None
    ran_out: bool = False
    #: The match's ``steps`` when the pause ran out (the board says so while they stay).
    ended_step: int | None = None

    def to_dict(self) -> dict[str, Any]:
        """Only what is set (most matches never pause: ``{}``)."""
        data: dict[str, Any] = {
            "asked_by": list(self.asked_by),
            "ends_at": self.ends_at,
            "ended_at": self.ended_at,
            "ran_out": self.ran_out,
            "ended_step": self.ended_step,
        }
        return {k: v for k, v in data.items() if v not in (None, [], False)}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> PauseTerms:
        return cls(
            tuple(data.get("asked_by", ())),
            data.get("ends_at"),
            data.get("ended_at"),
            bool(data.get("ran_out", False)),
            data.get("ended_step"),
        )


@dataclass(frozen=True, slots=True)
class Holiday:
    """One person's holidays in a match: days ``left``, the present holiday's end
    (``until``; None: not on holiday) and whether a holiday day starts by itself when their
    clock would run out (``auto``)."""

    user_id: int
    left: int
    until: float | None = None
    auto: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {"user_id": self.user_id, "left": self.left, "until": self.until, "auto": self.auto}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Holiday:
        until = data.get("until")
        return cls(
            int(data["user_id"]),
            int(data["left"]),
            None if until is None else float(until),
            bool(data.get("auto", False)),
        )


@dataclass(frozen=True, slots=True)
class Match:
    """One game being hosted: where, who, the game state and the bookkeeping around it.

    ``state`` is the game's own state value (None in a lobby). ``version`` grows with every
    change players can see (lobby changes and steps) and guards against stale boards;
    ``steps`` counts committed actions (the action log's length). Times are Unix seconds.
    """

    id: str
    game_id: str
    guild_id: int | None
    channel_id: int
    host_id: int
    seed: int
    options: Mapping[str, Any] = field(default_factory=dict)
    seats: tuple[Seat, ...] = ()
    state: Any = None
    version: int = 0
    steps: int = 0
    status: MatchStatus = "lobby"
    result: Mapping[str, Any] | None = None
    to_move: tuple[int, ...] = ()
    board_message_id: int | None = None
    #: The match's one turn notice in the channel, deleted when the next one is posted.
    ping_message_id: int | None = None
    created_at: float = 0.0
    updated_at: float = 0.0
    turn_limit: float | None = None
    turn_deadline: float | None = None
    reminded: bool = False
    expiries: tuple[int, ...] = ()
    #: A practice match (the host chose the seed): it counts in no rating.
    practice: bool = False
    #: A lobby's invitations not answered yet; ``invite_only``: only they may join.
    invited: tuple[int, ...] = ()
    invite_only: bool = False
    #: The finished match this lobby plays again (one rematch per match).
    rematch_of: str | None = None
    #: When every person agreed to pause the clock (None: running), and the people who
    #: asked to pause (or, while paused, to resume) so far.
    paused_at: float | None = None
    clock_votes: tuple[int, ...] = ()
    #: The present pause's terms (or the last one's): when it runs out, who asked for it.
    pause: PauseTerms = field(default_factory=lambda: PauseTerms())
    #: Whether a person may ask to take back a step (off for tournament tables, daily deals
    #: and servers that turned it off), and the takeback waiting for consent, if any.
    takebacks: bool = True
    takeback: TakebackAsk | None = None
    #: Holiday days per person (set by the host), and each person's holidays so far (only
    #: people who took one or chose automatic holidays).
    holiday_days: int = DEFAULT_HOLIDAY_DAYS
    holidays: tuple[Holiday, ...] = ()

    def holiday_of(self, user_id: int | None) -> Holiday | None:
        return next((h for h in self.holidays if h.user_id == user_id), None)

    def away_until(self, user_id: int | None, now: float) -> float | None:
        """When the person's present holiday ends (None: not on holiday at ``now``)."""
        found = self.holiday_of(user_id)
        if found is None or found.until is None or found.until <= now:
            return None
        return found.until

    @property
    def live(self) -> bool:
        return self.status in LIVE_STATUSES

    @property
    def awaits_computer(self) -> bool:
        """A computer seat must decide now."""
        return self.status == "playing" and any(self.seats[s].is_computer for s in self.to_move)

    def seat_of(self, user_id: int | None) -> int | None:
        """The seat index of a person (computer seats never belong to anyone)."""
        if user_id is None:
            return None
        for index, seat in enumerate(self.seats):
            if seat.user_id == user_id and not seat.is_computer:
                return index
        return None

    @property
    def timer_at(self) -> float | None:
        """When the clock next needs attention: the reminder, then the expiry (while paused:
        when the pause runs out)."""
        if self.status != "playing" or self.turn_deadline is None or not self.turn_limit:
            return None
        if self.paused_at is not None:
            return self.pause.ends_at
        if not self.reminded:
            return self.turn_deadline - self.turn_limit / 2
        return self.turn_deadline


# -- creating and the lobby ------------------------------------------------------------------
def open_match(
    game: Game[Any, Any],
    *,
    match_id: str,
    guild_id: int | None,
    channel_id: int,
    host_id: int,
    host_name: str,
    options: Mapping[str, Any] | None,
    seed: int,
    now: float,
    turn_limit: float | None = DEFAULT_TURN_LIMIT,
    practice: bool = False,
    invited: tuple[int, ...] = (),
) -> Match:
    """A new match. Solo games (``max_players == 1``) start at once with the clock off;
    the others open a lobby with the host in seat 0. Options are checked by the game."""
    resolved = game.resolve_options(options)
    invited = check_invites(game, host_id, invited)
    match = Match(
        id=match_id,
        game_id=game.id,
        guild_id=guild_id,
        channel_id=channel_id,
        host_id=host_id,
        seed=seed,
        options=resolved,
        seats=(Seat(host_id, None, host_name),),
        created_at=now,
        updated_at=now,
        turn_limit=(turn_limit or None) if game.max_players > 1 else None,
        practice=practice,
        invited=invited if game.max_players > 1 else (),
        invite_only=bool(invited) and game.max_players > 1,
    )
    if game.max_players == 1:
        return _begin(match, game, now)
    return match


def check_invites(game: Game[Any, Any], host_id: int, invited: tuple[int, ...]) -> tuple[int, ...]:
    """The invitations of a new lobby, each once: never the host, and all must fit."""
    invited = tuple(dict.fromkeys(invited))
    if host_id in invited:
        raise _error("cannot_invite")
    if invited and len(invited) + 1 > game.max_players:
        raise _error("too_many_invites", count=len(invited), max_players=game.max_players)
    return invited


def _lobby(match: Match) -> None:
    if match.status != "lobby":
        raise _error("not_in_lobby") if match.live else _error("match_over")


def _host(match: Match, user_id: int) -> None:
    if user_id != match.host_id:  # the refusal names who can act
        host = next((seat.name for seat in match.seats if seat.user_id == match.host_id), "?")
        raise _error("not_host", host=host)


def _touch(match: Match, now: float, **changes: Any) -> Match:
    return replace(match, version=match.version + 1, updated_at=now, **changes)


def join(match: Match, game: Game[Any, Any], user_id: int, name: str, now: float) -> Match:
    """Take a seat (for an invited person: accept the invitation)."""
    _lobby(match)
    if match.seat_of(user_id) is not None:
        raise _error("already_seated")
    if match.invite_only and user_id not in match.invited:
        raise _error("not_invited")
    if len(match.seats) >= game.max_players:
        raise _error("lobby_full", max_players=game.max_players)
    invited = tuple(u for u in match.invited if u != user_id)
    return _touch(match, now, seats=(*match.seats, Seat(user_id, None, name)), invited=invited)


def decline(match: Match, user_id: int, now: float) -> Match:
    """An invited person says no: they are no longer expected (nor, if the table is by
    invitation, allowed: the host can open it)."""
    _lobby(match)
    if user_id not in match.invited:
        raise _error("not_invited")
    return _touch(match, now, invited=tuple(u for u in match.invited if u != user_id))


def open_to_all(match: Match, user_id: int, now: float) -> Match:
    """The host opens an invite-only table to everyone (the invitations stand)."""
    _lobby(match)
    _host(match, user_id)
    return _touch(match, now, invite_only=False)


def people(match: Match) -> tuple[int, ...]:
    """Every person who sat in ``match`` at its end, those whose seat a computer took
    over included, in seat order."""
    found = [s.former if s.is_computer else s.user_id for s in match.seats]
    return tuple(dict.fromkeys(u for u in found if u is not None))


def rematch_lobby(
    old: Match, *, match_id: str, seed: int, now: float, host_id: int, host_name: str
) -> Match:
    """A lobby playing ``old`` again: its options, clock and computers, a new seed (so a
    freshly drawn seat order); the asker hosts it and the other people of ``old`` are
    invited (only they may join until the host opens it)."""
    if old.status != "finished" or len(old.seats) < 2:
        raise _error("not_rematchable")
    persons = people(old)
    if host_id not in persons:
        raise _error("not_in_match")
    computers = tuple(
        Seat(None, s.computer, s.name) for s in old.seats if s.is_computer and s.former is None
    )
    return Match(
        id=match_id,
        game_id=old.game_id,
        guild_id=old.guild_id,
        channel_id=old.channel_id,
        host_id=host_id,
        seed=seed,
        options=dict(old.options),
        seats=(Seat(host_id, None, host_name), *computers),
        created_at=now,
        updated_at=now,
        turn_limit=old.turn_limit,
        invited=tuple(u for u in persons if u != host_id),
        invite_only=True,
        rematch_of=old.id,
        takebacks=old.takebacks,
        holiday_days=old.holiday_days,
    )


def everyone_accepted(lobby: Match, old: Match) -> bool:
    """Every person of ``old`` sits in its rematch ``lobby``."""
    return all(lobby.seat_of(u) is not None for u in people(old))


def leave(match: Match, user_id: int, now: float) -> Match:
    _lobby(match)
    seat = match.seat_of(user_id)
    if seat is None:
        raise _error("not_seated")
    if user_id == match.host_id:
        raise _error("host_cannot_leave")
    return _touch(match, now, seats=match.seats[:seat] + match.seats[seat + 1 :])


def computer_name(game: Game[Any, Any], player: str | None = None) -> str:
    """The computer player to use: ``player`` if the game has it, else the preferred one."""
    players = game.players()
    if not players:
        raise _error("no_computer_player")
    if player is not None:
        if player not in players:
            raise _error("unknown_player", player=player, players=", ".join(players))
        return player
    preferred = (game.advisor, *PREFERRED_COMPUTERS) if game.advisor else PREFERRED_COMPUTERS
    return next((p for p in preferred if p in players), next(iter(players)))


def add_computer(
    match: Match, game: Game[Any, Any], user_id: int, now: float, player: str | None = None
) -> Match:
    _lobby(match)
    _host(match, user_id)
    if len(match.seats) >= game.max_players:
        raise _error("lobby_full", max_players=game.max_players)
    chosen = computer_name(game, player)
    count = sum(1 for s in match.seats if s.is_computer) + 1
    seat = Seat(None, chosen, f"{chosen} {count}")
    return _touch(match, now, seats=(*match.seats, seat))


def remove_computer(match: Match, user_id: int, now: float, seat: int | None = None) -> Match:
    _lobby(match)
    _host(match, user_id)
    if seat is None:
        computers = [i for i, s in enumerate(match.seats) if s.is_computer]
        if not computers:
            raise _error("no_computer_seated")
        seat = computers[-1]
    if not 0 <= seat < len(match.seats):
        raise _error("no_seat", count=len(match.seats))
    if not match.seats[seat].is_computer:
        raise _error("not_computer", seat=SeatRef((seat,)))
    return _touch(match, now, seats=match.seats[:seat] + match.seats[seat + 1 :])


def start(match: Match, game: Game[Any, Any], user_id: int, now: float) -> Match:
    """Host starts the lobby: seats shuffled by the match seed, the game set up."""
    _lobby(match)
    _host(match, user_id)
    if len(match.seats) < game.min_players:
        raise _error("not_enough_players", min_players=game.min_players)
    return _begin(match, game, now)


def seat_order(seed: int, seats: tuple[Seat, ...]) -> tuple[Seat, ...]:
    """The playing order, drawn from the match seed (the same seed gives the same order)."""
    order = list(seats)
    Rng(mix_seed(seed, "seats")).shuffle(order)
    return tuple(order)


def _begin(match: Match, game: Game[Any, Any], now: float) -> Match:
    seats = seat_order(match.seed, match.seats) if len(match.seats) > 1 else match.seats
    state = game.setup(len(seats), match.seed, match.options)
    started = _touch(
        match, now, seats=seats, state=state, status="playing", expiries=(0,) * len(seats)
    )
    return _after_state(started, game.status(state), now)


def cancel(match: Match, user_id: int, now: float) -> Match:
    _lobby(match)
    _host(match, user_id)
    return _touch(
        match, now, status="abandoned", result={"result": "abandoned", "reason": "cancelled"}
    )


# -- playing -----------------------------------------------------------------------------
def acting_seat(match: Match, user_id: int) -> int:
    """The seat through which ``user_id`` may act now, or the reason they may not."""
    if not match.live:
        raise _error("match_over")
    if match.status == "lobby":
        raise _error("not_started")
    seat = match.seat_of(user_id)
    if seat is None:
        raise _error("not_seated")
    if seat not in match.to_move:
        raise _error("not_your_turn", to_move=SeatRef(match.to_move))
    return seat


def own_seat(match: Match, user_id: int) -> int:
    """The seat ``user_id`` holds in ``match`` (a person's: a computer seat is nobody's),
    or ``not_seated``."""
    seat = match.seat_of(user_id)
    if seat is None:
        raise _error("not_seated")
    return seat


def check_version(match: Match, expected_version: int | None) -> None:
    if expected_version is not None and expected_version != match.version:
        raise _error("stale_version")


def _after_state(match: Match, status: Status, now: float) -> Match:
    """Status, result and clock after the state changed."""
    if status.over:
        result: dict[str, Any] = {
            "result": status.result,
            "winners": list(status.winners),
            "scores": list(status.scores),
        }
        end = status.detail.get("end")
        if isinstance(end, str) and end:  # why the game ended, for the finished board
            result["end"] = end
        return replace(
            match,
            status="finished",
            result=result,
            to_move=(),
            turn_deadline=None,
            reminded=False,
        )
    to_move = tuple(status.to_move)
    humans_to_move = any(not match.seats[s].is_computer for s in to_move)
    deadline = now + match.turn_limit if match.turn_limit and humans_to_move else None
    if deadline is not None:  # a person on holiday: their clock starts when they are back
        back = [match.away_until(match.seats[s].user_id, now) for s in to_move]
        start = max((b for b in back if b is not None), default=now)
        deadline += start - now
    return replace(match, to_move=to_move, turn_deadline=deadline, reminded=False)


def record_step(
    match: Match,
    game: Game[Any, Any],
    seat: int,
    new_state: Any,
    now: float,
    *,
    timed_out: bool = False,
) -> Match:
    """The match after ``seat`` took a step leading to ``new_state``.

    A step by the seat's person resets its expiry count; a step forced by the clock keeps it
    (``register_expiry`` counted it)."""
    expiries = match.expiries
    if not timed_out and seat < len(expiries) and expiries[seat]:
        expiries = expiries[:seat] + (0,) + expiries[seat + 1 :]
    stepped = _touch(
        match, now, state=new_state, steps=match.steps + 1, expiries=expiries, takeback=None
    )
    return _after_state(stepped, game.status(new_state), now)


def hand_to_computer(
    match: Match, game: Game[Any, Any], seat: int, now: float, *, resigned: bool = False
) -> Match:
    """The seat's person leaves; a computer player takes over. When no person is left
    (the last resigned or lost the seat to the clock), the match ends with a result
    (``_nobody_left``): leaving a match so would otherwise erase it."""
    old = match.seats[seat]
    player = computer_name(game)
    order = 1 + max((s.resigned for s in match.seats), default=0) if resigned else 0
    seats = (
        match.seats[:seat]
        + (Seat(None, player, f"{old.name} ({player})", old.user_id, order),)
        + match.seats[seat + 1 :]
    )
    handed = _touch(match, now, seats=seats)
    if not any(not s.is_computer for s in seats):
        return _nobody_left(handed, game)
    humans_to_move = any(not seats[s].is_computer for s in handed.to_move)
    if not humans_to_move:
        handed = replace(handed, turn_deadline=None, reminded=False)
    return handed


def _nobody_left(match: Match, game: Game[Any, Any]) -> Match:
    """The match after its last person left: finished, the seats still playing (computers,
    seats lost to the clock) ranked by the game's present scores, then the people who
    resigned, the first to resign last (``gamecore.ratings.result_of`` places them so)."""
    status = game.status(match.state)
    scores = [float(x) for x in status.scores] if status.scores else [0.0] * len(match.seats)
    playing = [i for i, s in enumerate(match.seats) if not s.resigned]
    best = max((scores[i] for i in playing), default=None)
    winners = [i for i in playing if scores[i] == best] if best is not None else []
    order = sorted((s.resigned, i) for i, s in enumerate(match.seats) if s.resigned)
    return replace(
        match,
        status="finished",
        result={
            "result": "resigned",
            "winners": winners,
            "scores": scores,
            "resigned": [i for _, i in order],
        },
        to_move=(),
        turn_deadline=None,
        reminded=False,
    )


def resign(
    match: Match, game: Game[Any, Any], user_id: int, now: float, *, reason: str = "resigned"
) -> Match:
    """See the module docstring: solo ends lost, multiplayer hands the seat to a computer.
    ``reason`` says why a solo match ended (a daily deal's day running out: ``day_over``)."""
    if not match.live:
        raise _error("match_over")
    if match.status == "lobby":
        raise _error("not_started")
    seat = match.seat_of(user_id)
    if seat is None:
        raise _error("not_seated")
    if len(match.seats) == 1:
        return _touch(
            match,
            now,
            status="finished",
            result={"result": "lost", "winners": [], "scores": [], "reason": reason},
            to_move=(),
            turn_deadline=None,
        )
    return hand_to_computer(match, game, seat, now, resigned=True)


def counts(match: Match) -> bool:
    """A started match whose result counts (statistics, ratings, a daily table): not
    practice, and a person still at the table."""
    return match.status == "playing" and not match.practice and bool(_seated_people(match))


def abandon(match: Match, game: Game[Any, Any], user_id: int, now: float) -> Match:
    """The host ends the match without a result; a started match that counts cannot be
    erased so: the host resigns from it instead (the others play on)."""
    if not match.live:
        raise _error("match_over")
    _host(match, user_id)
    if counts(match):
        if match.seat_of(user_id) is None:
            raise _error("abandon_counts")
        return resign(match, game, user_id, now)
    return withdraw(match, now, "host")


def withdraw(match: Match, now: float, reason: str) -> Match:
    """The match ends without a result (abandoned), whatever its state."""
    return _touch(
        match,
        now,
        status="abandoned",
        result={"result": "abandoned", "reason": reason},
        to_move=(),
        turn_deadline=None,
    )


# -- the turn clock ---------------------------------------------------------------------------
ClockDue = Literal["reminder", "expiry", "pause_over"]


def clock_due(match: Match, now: float) -> ClockDue | None:
    """What the clock asks for at ``now``: a reminder, an expiry, the end of a pause, or
    nothing."""
    at = match.timer_at
    if at is None or now < at:
        return None
    if match.paused_at is not None:
        return "pause_over"
    return "expiry" if now >= (match.turn_deadline or 0) else "reminder"


def mark_reminded(match: Match) -> Match:
    """The reminder was sent (not a visible change: the version stays)."""
    return replace(match, reminded=True)


def expired_seats(match: Match) -> tuple[int, ...]:
    """The people whose decision the clock is waiting for."""
    return tuple(s for s in match.to_move if not match.seats[s].is_computer)


def register_expiry(match: Match, seats: tuple[int, ...]) -> Match:
    """Count one more expiry in a row for each of ``seats``."""
    counts = list(match.expiries or (0,) * len(match.seats))
    for seat in seats:
        counts[seat] += 1
    return replace(match, expiries=tuple(counts))


def seats_to_hand_over(match: Match) -> tuple[int, ...]:
    """Seats whose person let the clock run out twice in a row."""
    return tuple(
        i
        for i, count in enumerate(match.expiries)
        if count >= EXPIRIES_BEFORE_HANDOVER and not match.seats[i].is_computer
    )


# -- pausing the clock ------------------------------------------------------------------------
def _seated_people(match: Match) -> tuple[int, ...]:
    return tuple(s.user_id for s in match.seats if s.user_id is not None and not s.is_computer)


def ask_clock(match: Match, user_id: int, now: float, *, pause: bool) -> Match:
    """A person asks to pause (``pause``) or to resume the clock; once every person seated
    has asked, it happens. Asking the other way withdraws one's own request."""
    if match.status != "playing":
        raise _error("match_over" if not match.live else "not_started")
    if match.seat_of(user_id) is None:
        raise _error("not_seated")
    if not match.turn_limit:
        raise _error("no_clock")
    paused = match.paused_at is not None
    if pause == paused:  # the other way round: withdraw my request, if any
        if user_id not in match.clock_votes:
            raise _error("already_paused" if paused else "not_paused")
        return _touch(match, now, clock_votes=tuple(u for u in match.clock_votes if u != user_id))
    if user_id in match.clock_votes:
        raise _error("already_asked")
    last = match.pause
    renewal = None if last.ended_at is None else last.ended_at + PAUSE_RENEWAL_WAIT
    if pause and user_id in last.asked_by and renewal is not None and now < renewal:
        raise _error(
            "pause_renewal",
            ended=f"<t:{int(last.ended_at or 0)}:R>",
            after=f"<t:{int(renewal)}:f>",
        )
    votes = (*match.clock_votes, user_id)
    if any(u not in votes for u in _seated_people(match)):
        if not pause and last.ends_at is not None:  # a resume asked: the pause ends sooner
            last = replace(last, ends_at=min(last.ends_at, now + RESUME_WAIT))
        return _touch(match, now, clock_votes=votes, pause=last)
    if pause:
        terms = PauseTerms(asked_by=votes, ends_at=now + PAUSE_LIMIT)
        return _touch(match, now, paused_at=now, clock_votes=(), pause=terms)
    return resume_clock(match, now)


def resume_clock(match: Match, now: float, *, ran_out: bool = False) -> Match:
    """The clock runs again (everyone asked, or the pause ran out: ``ran_out``): a turn
    keeps what was left of it when the clock stopped (a turn that began during the pause
    gets its whole limit from now)."""
    deadline = match.turn_deadline
    if deadline is not None and match.paused_at is not None and match.turn_limit:
        deadline = now + min(match.turn_limit, max(0.0, deadline - match.paused_at))
    ended = replace(
        match.pause,
        ends_at=None,
        ended_at=now,
        ran_out=ran_out,
        ended_step=match.steps if ran_out else None,
    )
    return _touch(match, now, paused_at=None, clock_votes=(), turn_deadline=deadline, pause=ended)


# -- holidays (per person) ------------------------------------------------------------------
def _with_holiday(match: Match, holiday: Holiday) -> tuple[Holiday, ...]:
    others = tuple(h for h in match.holidays if h.user_id != holiday.user_id)
    return (*others, holiday)


def _holiday_seat(match: Match, user_id: int) -> Holiday:
    if match.status != "playing":
        raise _error("match_over" if not match.live else "not_started")
    own_seat(match, user_id)
    if not match.turn_limit:
        raise _error("no_clock")
    return match.holiday_of(user_id) or Holiday(user_id, match.holiday_days)


def _moves_now(match: Match, user_id: int) -> bool:
    return any(match.seats[s].user_id == user_id for s in expired_seats(match))


def take_holiday(match: Match, user_id: int, days: int, now: float) -> Match:
    """``user_id`` goes on holiday for ``days`` of their days left: their clock stops
    (a turn of theirs waits until they are back, with the time it had left); the others
    play on."""
    holiday = _holiday_seat(match, user_id)
    if match.away_until(user_id, now) is not None:
        raise _error("on_holiday", until=f"<t:{int(holiday.until or 0)}:f>")
    if holiday.left < 1:
        raise _error("no_holidays")
    if not 1 <= days <= holiday.left:
        raise _error("holiday_days", left=holiday.left)
    until = now + days * DAY
    taken = replace(holiday, left=holiday.left - days, until=until)
    deadline = match.turn_deadline
    if deadline is not None and _moves_now(match, user_id):
        deadline += until - now
    return _touch(match, now, holidays=_with_holiday(match, taken), turn_deadline=deadline)


def end_holiday(match: Match, user_id: int, now: float) -> Match:
    """Back early: the whole days not used are given back, a turn of theirs runs again."""
    holiday = _holiday_seat(match, user_id)
    until = match.away_until(user_id, now)
    if until is None:
        raise _error("not_on_holiday")
    unused = int((until - now) // DAY)
    back = replace(holiday, left=holiday.left + unused, until=now)
    deadline = match.turn_deadline
    if deadline is not None and _moves_now(match, user_id):
        deadline = max(now, deadline - (until - now))
    return _touch(match, now, holidays=_with_holiday(match, back), turn_deadline=deadline)


def choose_auto_holiday(match: Match, user_id: int, auto: bool, now: float) -> Match:
    """Whether a holiday day starts by itself when ``user_id``'s clock would run out."""
    holiday = _holiday_seat(match, user_id)
    return _touch(match, now, holidays=_with_holiday(match, replace(holiday, auto=auto)))


def auto_holidays(match: Match, now: float) -> Match | None:
    """At an expiry: every expired person who chose automatic holidays and has a day left
    takes one day (their turn waits a day more); None when nobody did, or when someone
    without it is still expired (the clock acts for them as usual)."""
    people = [match.seats[s].user_id for s in expired_seats(match)]
    holidays = [match.holiday_of(u) for u in people]
    if not people or any(h is None or not h.auto or h.left < 1 for h in holidays):
        return None
    for user_id in people:
        assert user_id is not None
        match = take_holiday(match, user_id, 1, now)
    return match


# -- takebacks (gamecore.takeback) -----------------------------------------------------------
def takeback_seat(match: Match, user_id: int) -> int:
    """The seat through which ``user_id`` may ask for a takeback now, or why not."""
    if match.status != "playing":
        raise _error("match_over" if not match.live else "not_started")
    seat = own_seat(match, user_id)
    if not match.takebacks:
        raise _error("takebacks_off")
    if match.takeback is not None:
        raise _error("takeback_pending")
    return seat


def ask_takeback(match: Match, ask: TakebackAsk, now: float) -> Match:
    """The takeback ``ask`` waits on the board for the people it names."""
    return _touch(match, now, takeback=ask)


def answer_takeback(match: Match, user_id: int, at_steps: int, *, yes: bool, now: float) -> Match:
    """A person named by the waiting takeback (asked when the match had ``at_steps``
    steps) says yes or no; its asker may withdraw it (no). A no drops it."""
    ask = match.takeback
    if ask is None or ask.at_steps != at_steps or match.steps != at_steps or not match.live:
        raise _error("takeback_gone")
    if user_id != ask.by and user_id not in ask.waiting:
        raise _error("takeback_not_asked")
    if not yes or user_id == ask.by:
        return _touch(match, now, takeback=None)
    agreed = tuple(dict.fromkeys((*ask.agreed, user_id)))
    return _touch(match, now, takeback=replace(ask, agreed=agreed))


def take_back(match: Match, game: Game[Any, Any], state: Any, now: float) -> Match:
    """The match back at an earlier ``state``: one more log row (the marker row of
    ``gamecore.takeback.mark``) and a fresh clock for whoever is to move there."""
    back = _touch(match, now, state=state, steps=match.steps + 1, takeback=None)
    return _after_state(back, game.status(state), now)


# -- statistics ---------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class StatLine:
    """One game played by one person, for ``/stats`` and leaderboards."""

    user_id: int
    game_id: str
    won: bool
    score: float | None


def stat_lines(before: Match, after: Match) -> tuple[StatLine, ...]:
    """What the change ``before`` → ``after`` adds to statistics.

    Only a finish counts: every person still seated (solo: ``won``; multiplayer: among the
    winners, ties shared), and a loss for every person whose seat went to a computer
    (resign, clock) on the way. Abandoned and practice matches (the host chose the seed)
    count nothing."""
    if after.practice:
        return ()
    lines: list[StatLine] = []
    if before.live and after.status == "finished":
        for seat in after.seats:
            if seat.is_computer and seat.former is not None:
                lines.append(StatLine(seat.former, after.game_id, False, None))
        result = after.result or {}
        winners = set(result.get("winners", ()))
        scores = list(result.get("scores", ()))
        solo = len(after.seats) == 1
        for index, seat in enumerate(after.seats):
            if seat.user_id is None or seat.is_computer:
                continue
            won = result.get("result") == "won" if solo else index in winners
            score = float(scores[index]) if index < len(scores) else None
            lines.append(StatLine(seat.user_id, after.game_id, won, score))
    return tuple(lines)
