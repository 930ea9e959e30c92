"""The match service's public shape: the values it returns and the methods cogs call.

Cogs import from ``service`` only (``from service import MatchService, MatchError, ...``).
Every refusal is a :class:`gamecore.match.MatchError`, a subclass of
:class:`gamecore.contract.IllegalAction`, so one ``except IllegalAction as err`` catches a
rules refusal and a match refusal alike and translates ``illegal.<err.code>`` with
``err.params``. The codes the service raises are listed in ``gamecore.match.MATCH_ERROR_CODES``.

A move is committed to the database before any method returns, so a reply that is lost
never loses a move.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol

from gamecore.contract import Event
from gamecore.match import Match
from service.server_api import ServerAPI
from storage.records import (
    ActionRecord,
    LeaderboardRow,
    NotifySettings,
    PlayerRating,
    RatingPoint,
    UserStats,
)

#: Who took a step: a person (``move``), the game's automatic follow-up (``auto``, e.g.
#: Dungeon Delver's claim), a computer seat (``computer``) or the turn clock (``timeout``).
StepKind = Literal["move", "auto", "computer", "timeout"]


@dataclass(frozen=True, slots=True)
class TurnOutcome:
    """One committed step and what it caused.

    ``match`` is the match after this step (its ``version`` goes into the next button's
    custom_id). ``events`` drive the one-line summary (``event.<game_id>.<kind>``);
    ``notation`` is the canonical notation of the action; ``seat_name`` names who acted.
    ``follow_ups`` are the automatic steps committed right after this one (each its own
    action row); the last follow-up's ``match`` is the newest state.
    """

    match: Match
    seat: int
    seat_name: str
    notation: str
    events: tuple[Event, ...]
    kind: StepKind = "move"
    follow_ups: tuple[TurnOutcome, ...] = ()

    @property
    def final(self) -> Match:
        """The match after this step and all its follow-ups."""
        return self.follow_ups[-1].match if self.follow_ups else self.match

    @property
    def awaits_computer(self) -> bool:
        """True when a computer seat must move next: call ``MatchService.computer_turns``."""
        return self.final.awaits_computer


@dataclass(frozen=True, slots=True)
class TimerOutcome:
    """What firing a turn clock did.

    ``kind``: ``reminder`` (half the time is gone: remind ``seats``), ``expired`` (the
    heuristic player moved for ``seats``; ``steps`` holds those moves and any automatic or
    computer steps after them), ``computer`` (computer seats had been left waiting, e.g. by
    a restart, and were played: ``steps``), ``pause_over`` (a pause ran out: the clock
    runs again), ``holiday`` (the expired people chose automatic holidays: a holiday day
    began for each of ``seats`` instead), or ``none`` (nothing was due any more).
    ``handed_over`` lists seats given to a computer player after two expiries in a row.
    Any kind but ``none`` changed the board when ``steps`` is not empty: redraw it.
    """

    kind: Literal["reminder", "expired", "computer", "pause_over", "holiday", "none"]
    match: Match
    seats: tuple[int, ...] = ()
    steps: tuple[TurnOutcome, ...] = ()
    handed_over: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class TakebackOutcome:
    """What a takeback request or answer did: ``taken`` (the match is back before the
    ``undone`` steps, seat and notation each), ``asked`` (it waits on the board for the
    people in ``match.takeback.waiting``), ``agreed`` (one more yes, others still to answer)
    or ``dropped`` (declined or withdrawn: nothing changes)."""

    kind: Literal["taken", "asked", "agreed", "dropped"]
    match: Match
    undone: tuple[tuple[int, str], ...] = ()


@dataclass(frozen=True, slots=True)
class Viewer:
    """Who names a match, and from where: the person, the server (None: a DM) and channel
    of the request, and whether they can view a channel of that server (``sees_channel``:
    only the front end knows, e.g. from Discord's permissions; the service asks it)."""

    user_id: int
    guild_id: int | None
    channel_id: int | None
    sees_channel: Callable[[int], bool]
    #: Asked from where the bot is absent (a user install): the person's own matches of
    #: their DM with the bot are meant, as if they were there.
    bot_absent: bool = False


@dataclass(frozen=True, slots=True)
class Seen:
    """What one viewer is shown of ``match`` at its version: the game ``view`` the picture
    and the texts are drawn from, and the ``moves`` (canonical notations) the message's
    controls offer, empty when it is not that viewer's decision. Only the service builds
    it, so a message builder formats what the viewer may see and nothing else."""

    match: Match
    view: dict[str, Any]
    moves: tuple[str, ...] = ()
    #: How many follow the match (``/game follow``): shown on its board.
    followers: int = 0


@dataclass(frozen=True, slots=True)
class Hint:
    """A suggested move for the caller (from the game's heuristic computer player)."""

    notation: str
    player: str
    extra: Mapping[str, Any] = field(default_factory=dict)


class MatchServiceAPI(ServerAPI, Protocol):
    """What cogs may call. ``MatchService`` implements it; tests may fake it.

    All ``user_id`` arguments are Discord user ids. ``match_id`` is a short text id.
    Methods raise ``MatchError`` (code ``no_match`` for an unknown id, and the codes listed
    in ``gamecore.match.MATCH_ERROR_CODES``) or the game's ``IllegalAction``.
    """

    async def start(self) -> None:
        """Open the store and load every live match into memory (call once at start-up)."""
        ...

    async def close(self) -> None:
        """Close the store."""
        ...

    # -- creating and seating ----------------------------------------------------------
    async def new_match(
        self,
        game_id: str,
        guild_id: int | None,
        channel_id: int,
        user_id: int,
        options: Mapping[str, Any] | None = None,
        seed: int | None = None,
        *,
        user_name: str = "",
        turn_limit: float | None = None,
        invited: Iterable[int] = (),
        practice: bool | None = None,
        takebacks: bool = True,
        holiday_days: int = 7,
    ) -> Match:
        """A new match hosted by ``user_id``. Solo games start at once (status ``playing``);
        multiplayer games open a lobby with the host in seat 0. ``turn_limit`` in seconds
        (default 24 h; ``0`` turns the clock off; always off for solo games). A chosen
        ``seed`` makes a practice match (rated nowhere, in no statistics) unless ``practice``
        says otherwise (a daily deal's counted attempt: a seed nobody chose). ``invited``: a
        challenge, a lobby only these people may join until the host opens it. ``takebacks``:
        whether a person may ask to take back a step (off for tournament tables and counted
        daily deals); ``holiday_days``: each person's holiday days (``holiday``)."""
        ...

    async def lobby_join(self, match_id: str, user_id: int, user_name: str = "") -> Match:
        """Take a free seat (``lobby_full``, ``already_seated``, ``not_in_lobby``)."""
        ...

    async def lobby_leave(self, match_id: str, user_id: int) -> Match:
        """Give up one's seat (``not_seated``; the host cancels instead: ``host_cannot_leave``)."""
        ...

    async def lobby_add_computer(
        self, match_id: str, user_id: int, player: str | None = None
    ) -> Match:
        """Host adds a computer seat (``player`` from ``game.players()``; default heuristic)."""
        ...

    async def lobby_remove_computer(
        self, match_id: str, user_id: int, seat: int | None = None
    ) -> Match:
        """Host removes a computer seat (the last one when ``seat`` is None)."""
        ...

    async def lobby_start(self, match_id: str, user_id: int) -> Match:
        """Host starts: seat order drawn from the match seed, game set up, clock started."""
        ...

    async def lobby_cancel(self, match_id: str, user_id: int) -> Match:
        """Host cancels the lobby (status ``abandoned``)."""
        ...

    async def lobby_decline(self, match_id: str, user_id: int) -> Match:
        """An invited person declines (``not_invited`` for anyone else)."""
        ...

    async def lobby_open(self, match_id: str, user_id: int) -> Match:
        """The host opens an invite-only lobby to everyone."""
        ...

    async def notify_settings(self, user_ids: Iterable[int]) -> dict[int, NotifySettings]:
        """Each person's ``/notify`` settings (the defaults when never set)."""
        ...

    async def save_notify(self, settings: NotifySettings) -> None:
        """Store one person's ``/notify`` settings."""
        ...

    #: The service's time (Unix seconds; tests move it).
    clock: Callable[[], float]

    async def interval_reminders(self) -> dict[int, float]:
        """Who asked for reminders at an interval (``/notify``): user → seconds."""
        ...

    async def quiet_users(self, match_id: str) -> set[int]:
        """People who asked for no notice for the rest of their turn in the match."""
        ...

    async def first_tip(self, user_id: int, game_id: str) -> bool:
        """True once per person and game: the first-game tip is to be said now."""
        ...

    async def quiet_this_turn(self, match_id: str, user_id: int) -> Match:
        """ "Not for this turn": no ping or reminder for ``user_id`` until their present turn
        is over (``not_your_turn`` when it is not their turn)."""
        ...

    async def end_quiet(self, match_id: str, user_id: int) -> None:
        """Forget "not for this turn" (their turn is over)."""
        ...

    async def ask_takeback(self, match_id: str, user_id: int) -> TakebackOutcome:
        """A seated person asks to take back their last step and every step after it
        (``gamecore.takeback``): taken at once when nobody else acted since, else asked of
        the people who did. Refused (``takebacks_off``, ``takeback_nothing``,
        ``takeback_revealed``, ``takeback_pending``) when the rule does not allow it."""
        ...

    async def answer_takeback(
        self, match_id: str, user_id: int, at_steps: int, *, yes: bool
    ) -> TakebackOutcome:
        """A person the waiting takeback names (asked at ``at_steps``) accepts or declines;
        its asker may withdraw it. Refused: ``takeback_gone``, ``takeback_not_asked``."""
        ...

    async def holiday(
        self,
        match_id: str,
        user_id: int,
        *,
        days: int | None = None,
        back: bool = False,
        auto: bool | None = None,
    ) -> Match:
        """A seated person's holidays: take ``days`` (their clock stops until then), come
        ``back`` early (unused whole days return), or choose ``auto`` (a day starts by
        itself when their clock would run out). Refused: ``no_clock``, ``holiday_days``,
        ``on_holiday``, ``not_on_holiday``."""
        ...

    async def ask_clock(self, match_id: str, user_id: int, *, pause: bool) -> Match:
        """A seated person asks to pause (``pause``) or resume the turn clock; it happens
        once every person seated asked (asking the other way withdraws one's request).
        While paused no reminder or expiry fires; on resume a turn keeps what it had left."""
        ...

    async def rematch(self, match_id: str, user_id: int, user_name: str = "") -> tuple[Match, bool]:
        """The lobby playing a finished multiplayer match again (same options, clock and
        computers, a new seed; the asker hosts, the match's other people are invited and
        it starts once they all joined) and whether this call opened it: one rematch per
        match, a later ask gets the existing one."""
        ...

    # -- playing ------------------------------------------------------------------------
    async def play(
        self, match_id: str, user_id: int, notation: str, expected_version: int | None = None
    ) -> TurnOutcome:
        """Apply the caller's move and commit it, then the game's automatic follow-ups.

        ``expected_version`` (from a button's custom_id) refuses a move made on an old board
        with ``stale_version``. Computer seats are NOT moved here: when
        ``outcome.awaits_computer`` call :meth:`computer_turns`."""
        ...

    async def computer_turns(self, match_id: str, limit: int = 500) -> list[TurnOutcome]:
        """Play computer seats until a person must decide or the game ends; one outcome per
        committed step (automatic follow-ups included in each outcome's ``follow_ups``)."""
        ...

    async def legal_moves(
        self, match_id: str, user_id: int, prefix: str = "", limit: int | None = 25
    ) -> list[str]:
        """At most ``limit`` (default 25, Discord's autocomplete limit; None: all) canonical
        notations of the caller's legal moves matching ``prefix`` (starts-with first, then
        contains; case-insensitive; the game's order within each group). Empty when it is
        not the caller's decision or the match is unknown. Served from memory, cached per
        match version."""
        ...

    async def hint(self, match_id: str, user_id: int) -> Hint:
        """A suggested move for the caller (``not_your_turn``, ``no_hint``)."""
        ...

    async def resign(self, match_id: str, user_id: int, *, reason: str = "resigned") -> Match:
        """Solo: the match ends lost (``reason`` says why). Multiplayer: the seat becomes a
        computer player (the user counts a loss when the match ends); the last person's
        resignation ends the match with a result (``gamecore.match``)."""
        ...

    async def abandon(self, match_id: str, user_id: int) -> Match:
        """Host ends a lobby, a practice match or one with only computers left without a
        result (``not_host``); a started match that counts: the host resigns from it."""
        ...

    async def check_lobby_limits(
        self, host_id: int, invited: Iterable[int] = (), *, guild_id: int | None = None
    ) -> None:
        """Refuse (``too_many_lobbies``, ``invited_often``) a lobby that would ping too much."""
        ...

    async def withdraw_unseen(self, match_id: str) -> Match:
        """Abandon a match nobody has seen yet (a daily deal dealt twice at once)."""
        ...

    # -- reading --------------------------------------------------------------------------
    async def get(self, match_id: str) -> Match:
        """The match (live ones from memory, others from the database; ``no_match``)."""
        ...

    async def release_claims(self) -> int:
        """Give back the turn-clock claims this process holds (a graceful stop)."""
        ...

    async def database_answers(self) -> bool:
        """Whether the database answers a small read now (the bot's readiness)."""
        ...

    async def live_matches(self) -> list[Match]:
        """Every live match (lobby or playing), from memory: e.g. the computer seats to
        resume after a restart."""
        ...

    async def find_matches(self, user_id: int, channel_id: int | None = None) -> list[Match]:
        """The user's live matches (lobby or playing), in ``channel_id`` when given,
        newest first. Served from memory."""
        ...

    def live_versions(self, user_id: int) -> dict[str, int]:
        """The version of each of the user's live matches, read from memory at once (no
        wait): what the user could have seen when a command arrived. ``/play`` binds its
        move to it, so the same command sent many times at once applies once."""
        ...

    def view_for(self, match: Match, user_id: int | None) -> dict[str, Any]:
        """The game view for ``user_id``'s seat, or the public view when the user is not
        seated (or None). In a lobby: ``{"phase": "lobby", ...}``. The ONLY way cogs get views."""
        ...

    def visible_to(self, match: Match, viewer: Viewer) -> bool:
        """The one visibility rule of every path that names a match (commands,
        autocomplete, buttons and menus, whose custom ids anyone can forge): a match means
        something only in its own server (or DM with the bot), and only to someone who holds
        a seat in it or can see its channel; asked from where the bot is absent, only the
        asker's own DM matches."""
        ...

    async def get_visible(self, match_id: str, viewer: Viewer) -> Match:
        """The match ``match_id`` (any case, spaces around ignored) if ``viewer`` may see it
        (``visible_to``), else ``no_match`` as if it did not exist, so ids cannot be probed."""
        ...

    def board_seen(self, match: Match) -> Seen:
        """What the public board of ``match`` shows: a solo player's own view and moves
        (nothing is hidden from anyone else); in a multiplayer match the spectator view and,
        when the game takes moves on the public board (``Registration.public_controls``),
        the moves of the person to move (none while a computer decides)."""
        ...

    def hand_seen(self, match: Match, user_id: int) -> Seen:
        """``user_id``'s private view of ``match`` and their moves (``not_seated``)."""
        ...

    async def check_seated(self, match_id: str, user_id: int) -> Match:
        """The match if ``user_id`` holds a seat in it (``not_seated``)."""
        ...

    async def check_turn(
        self, match_id: str, user_id: int, expected_version: int | None = None
    ) -> Match:
        """The match if it is ``user_id``'s decision on the board drawn at
        ``expected_version``: refused as ``play`` would refuse a move (``stale_version``,
        ``not_seated``, ``not_your_turn``, ``match_over``), nothing played."""
        ...

    def seat_of(self, match: Match, user_id: int | None) -> int | None:
        """The user's seat index in ``match`` or None."""
        ...

    async def actions(self, match_id: str) -> list[ActionRecord]:
        """The action log of a match, in order (``/replay``)."""
        ...

    async def recent_steps(self, match_id: str, count: int) -> list[TurnOutcome]:
        """The last ``count`` steps of a match as its board recalls them, oldest first,
        rebuilt from the action log (so a board's recent steps survive a restart;
        ``service/recent.py`` says what the log cannot tell). Empty for a lobby."""
        ...

    async def public_timeline(self, match_id: str) -> Sequence[tuple[int | None, dict[str, Any]]]:
        """``(seat, public view)`` at the start (seat None) and after every logged step,
        rebuilt from seed, options and the log (the animated ``/replay``; empty for a
        lobby). Spectator views only, so nothing hidden; the caller draws them. The views
        are made on demand, one at a time, each time the timeline is walked."""
        ...

    async def set_board_message(self, match_id: str, message_id: int | None) -> Match:
        """Remember the message that shows the board (does not change the version)."""
        ...

    async def set_board_and_ping(self, match_id: str, board_id: int, ping_id: int | None) -> Match:
        """``set_board_message`` and ``set_ping_message`` in ONE write (a turn ping posts
        the board again below it)."""
        ...

    async def set_ping_message(self, match_id: str, message_id: int | None) -> Match:
        """Remember the match's one turn notice in the channel (None: there is none), so
        the next one deletes it even after a restart (does not change the version)."""
        ...

    # -- turn clocks --------------------------------------------------------------------
    async def due_timers(self, now: float | None = None) -> list[str]:
        """Ids of matches whose reminder or expiry is due at ``now`` (default: the clock),
        and of matches whose computer seat has waited ``COMPUTER_GRACE`` seconds."""
        ...

    async def pause_clocks(self, channel_id: int, seconds: float) -> list[Match]:
        """Move the turn deadlines of the channel's live matches ``seconds`` later; returns
        the matches whose clock moved."""
        ...

    async def fire_timer(self, match_id: str, now: float | None = None) -> TimerOutcome:
        """Send the reminder or play the expired turn (see :class:`TimerOutcome`)."""
        ...

    # -- statistics -------------------------------------------------------------------
    async def stats(self, user_id: int, *, guild_id: int | None = None) -> list[UserStats]:
        """The user's record per game, in all servers (``guild_id=None``) or in one."""
        ...

    async def leaderboard(
        self, game_id: str, limit: int = 10, *, guild_id: int | None = None
    ) -> list[LeaderboardRow]:
        """Best players of a game: most wins, then best win rate, then best score; in all
        servers (``guild_id=None``) or counting only matches played in one server."""
        ...

    async def history(self, user_id: int, limit: int = 10) -> list[Match]:
        """The user's ended matches (finished or abandoned), newest first."""
        ...

    async def ratings(self, user_id: int, *, guild_id: int | None = None) -> list[PlayerRating]:
        """The user's rating per game, in one server or (``guild_id=None``) all servers,
        with the rank among that scope's settled players (gamecore/ratings.py)."""
        ...

    async def rating_board(
        self, game_id: str, limit: int = 10, *, guild_id: int | None = None, settled: bool = True
    ) -> list[PlayerRating]:
        """Highest ratings of a game: settled players ranked, or the provisional ones."""
        ...

    async def rating_history(
        self, user_id: int, game_id: str, *, guild_id: int | None = None
    ) -> list[RatingPoint]:
        """The user's rating after each rated match of a game, oldest first."""
        ...


__all__: Sequence[str] = (
    "ActionRecord",
    "Hint",
    "LeaderboardRow",
    "MatchServiceAPI",
    "NotifySettings",
    "PlayerRating",
    "RatingPoint",
    "Seen",
    "StepKind",
    "TimerOutcome",
    "TurnOutcome",
    "UserStats",
    "Viewer",
)
