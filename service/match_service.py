"""The async match service: locking, the live-match cache, and every turn's path.

One turn: lock the match → take it from memory → check version, seat and turn → the
game's ``apply`` → commit state + action + version in one transaction → update memory →
commit the game's automatic follow-ups → return. A refusal changes nothing.

Every live match (lobby or playing) is kept in memory from start-up on, so autocomplete,
legal moves and ``find_matches`` never touch the database; memory is updated only after a
commit succeeds (write-through) and reloaded when a commit is refused as stale.

Several processes may share one PostgreSQL database (docs/scaling.md): each serves the
guilds of its Discord shards (``shards``) and keeps only their matches in memory, runs
only their clocks and computer seats. Other matches are read from the database when
asked for and written with the same version check, so a write from anywhere else is
detected (``stale_version``) and the copy in memory reloaded. A timer is claimed in the
database (``claim_timers``) before it fires, so two processes never fire the same one.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import secrets
import time
import weakref
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Iterable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from gamecore import match as match_logic
from gamecore.contract import Event, Game, IllegalAction
from gamecore.match import DEFAULT_HOLIDAY_DAYS, DEFAULT_TURN_LIMIT, Match, MatchError
from gamecore.ratings import GLOBAL_SCOPE, rated_result
from gamecore.registry import get_game, registration
from gamecore.rng import mix_seed
from gamecore.takeback import (
    TakebackAsk,
    TakebackPlan,
    TakebackRefused,
    mark,
    people_to_ask,
    played_line,
)
from gamecore.takeback import plan as takeback_plan
from gamecore.timeline import public_timeline
from service.api import (
    Hint,
    MatchServiceAPI,
    Seen,
    TakebackOutcome,
    TimerOutcome,
    TurnOutcome,
    Viewer,
)
from service.recent import recent_steps
from service.server import ServerFeatures
from storage import (
    ALL_SHARDS,
    CommitUnknown,
    DuplicateMatch,
    MatchStore,
    NewAction,
    ShardFilter,
    StaleVersion,
    StoreUnavailable,
    TimerSeen,
    open_store,
)
from storage.records import (
    ActionRecord,
    LeaderboardRow,
    NotifySettings,
    PlayerRating,
    RatingPoint,
    UserStats,
)
from telemetry import stage

#: Autocomplete shows at most this many choices (Discord's limit).
MAX_CHOICES = 25
#: Safety net against a game whose automatic actions never stop.
MAX_AUTO_STEPS = 200
#: Seconds a computer seat may wait before the clock task plays it (nobody called
#: ``computer_turns``, or the bot restarted in the middle of them).
COMPUTER_GRACE = 10.0
#: Seconds a process holds the timers it claimed; a process that died frees them after this
#: (its restart, with the same ``owner``, takes them back at once).
TIMER_LEASE = 120.0
#: Open lobbies one person may host at once (each may ping the people it invites).
MAX_OPEN_LOBBIES = 3
#: Invitations (each a ping) one person may receive in ``INVITE_WINDOW`` seconds.
MAX_INVITATIONS = 3
INVITE_WINDOW = 60 * 60
#: Waits before each re-read of a match whose write has an unknown outcome (``_committed``).
UNKNOWN_OUTCOME_PAUSES = (0.0, 0.1, 0.2, 0.3, 0.4)
_ID_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"
#: (person, game) pairs of first-game tips kept in memory before it starts again from empty.
MAX_TOLD = 100_000

log = logging.getLogger("tabletop.service")


def new_match_id(length: int = 6) -> str:
    """A short id people can type (``/replay k3xq7m``): 31^6 ≈ 887 million ids."""
    return "".join(secrets.choice(_ID_ALPHABET) for _ in range(length))


async def _run_hook(hook: Callable[[Match], Awaitable[None]], match: Match) -> None:
    try:
        await hook(match)
    except Exception:
        log.exception("end hook of match %s failed", match.id)


def _no_match(match_id: str) -> MatchError:
    return MatchError(
        "no_match",
        match_logic.MATCH_ERROR_CODES["no_match"].format(match_id=match_id),
        match_id=match_id,
    )


class MatchService(ServerFeatures, MatchServiceAPI):
    """See ``service.api.MatchServiceAPI`` for the contract of each method."""

    def __init__(
        self,
        store: MatchStore,
        clock: Callable[[], float] = time.time,
        seed_source: Callable[[int], int] = secrets.randbits,
        id_source: Callable[[], str] = new_match_id,
        legal_cache_size: int = 4096,
        shards: ShardFilter = ALL_SHARDS,
        owner: str | None = None,
    ) -> None:
        self.store = store
        self.shards = shards
        #: Who claims timers: the same name across restarts of the same shards.
        self.owner = owner or shards.label
        self.clock = clock
        self.seed_source = seed_source
        self.id_source = id_source
        self._live: dict[str, Match] = {}
        self._by_user: dict[int, set[str]] = {}
        self._locks: weakref.WeakValueDictionary[str, asyncio.Lock] = weakref.WeakValueDictionary()
        self._legal: OrderedDict[tuple[str, int, int], list[str]] = OrderedDict()
        self._legal_cache_size = legal_cache_size
        #: (match id, seat) → the computer player of that seat: players may remember things
        #: within a match (``Game.players``), so no two matches or seats share one.
        self._computers: dict[tuple[str, int], tuple[str | None, Any]] = {}
        #: Matches whose last write has an unknown outcome (the database went away in the
        #: middle): read again from the database before anything else uses them.
        self._reload: set[str] = set()
        self._server_memory()
        #: (person, game) pairs known to have been told the game's first-game tip.
        self._told: set[tuple[int, str]] = set()
        #: Matches whose turn clock this process claimed and has not given back yet.
        self._claimed: set[str] = set()
        #: Invited person → when they were invited (this process's guilds; the last hour).
        self._invitations: dict[int, list[float]] = {}
        #: Called with each match that ends (finished or abandoned), in a task of its own
        #: after the commit (a tournament records its table: service/tournaments.py).
        self.end_hooks: list[Callable[[Match], Awaitable[None]]] = []
        self._hook_tasks: set[asyncio.Task[None]] = set()

    @classmethod
    async def open(cls, url: str | None = None, **kwargs: Any) -> MatchService:
        """A started service on the store behind ``url`` (default ``DATABASE_URL``)."""
        service = cls(await open_store(url), **kwargs)
        await service.start()
        return service

    async def start(self) -> None:
        await self.store.open()
        self._live.clear()
        self._by_user.clear()
        self._reload.clear()
        for match in await self.store.live_matches(self.shards):
            self._remember(match)
        await self._prime_ratings(list(self._live.values()))
        await self._load_settings()

    async def close(self) -> None:
        await self.store.close()

    async def database_answers(self) -> bool:
        """One small read from the database (readiness): False when it cannot be reached."""
        try:
            await self.store.user_matches(0, live=True, limit=1)
        except StoreUnavailable:
            return False
        return True

    # -- memory -------------------------------------------------------------------------
    def _lock(self, match_id: str) -> asyncio.Lock:
        lock = self._locks.get(match_id)
        if lock is None:
            lock = asyncio.Lock()
            self._locks[match_id] = lock
        return lock

    def _remember(self, match: Match) -> None:
        """Keep ``match`` in memory when it is live and its guild is ours; else drop it."""
        old = self._live.pop(match.id, None)
        if old is not None:
            for seat in old.seats:
                if seat.user_id is not None:
                    self._by_user.get(seat.user_id, set()).discard(match.id)
        if not match.live or not self.shards.owns(match.guild_id):
            for index in range(len(old.seats) if old is not None else 0):
                self._computers.pop((match.id, index), None)
            return
        self._live[match.id] = match
        for seat in match.seats:
            if seat.user_id is not None and not seat.is_computer:
                self._by_user.setdefault(seat.user_id, set()).add(match.id)

    def _forget(self, match_id: str) -> None:
        """Drop a match from memory (the next use reads it from the database)."""
        old = self._live.get(match_id)
        if old is not None:
            self._remember(replace(old, status="abandoned"))

    async def _load(self, match_id: str) -> Match:
        match = self._live.get(match_id)
        if match is not None and match_id not in self._reload:
            return match
        match = await self.store.load(match_id)
        self._reload.discard(match_id)
        if match is None:
            raise _no_match(match_id)
        self._remember(match)
        return match

    async def _commit(self, before: Match, after: Match, action: NewAction | None = None) -> Match:
        """Write ``after`` if the database still holds ``before``'s version."""
        try:
            with stage("store"):
                await self.store.save(
                    after,
                    before.version,
                    action=action,
                    stats=match_logic.stat_lines(before, after),
                    rating=rated_result(before, after),
                )
        except StaleVersion:  # written elsewhere (another process): take the new version
            self._reload.add(before.id)
            with contextlib.suppress(MatchError):
                await self._load(before.id)
            raise
        except CommitUnknown:  # sent, reply lost: the database says what happened
            self._reload.add(before.id)
            if not await self._committed(after):
                raise
        except StoreUnavailable:  # nothing was sent
            self._reload.add(before.id)
            raise
        self._reload.discard(before.id)
        self._remember(after)
        if before.status == "lobby" and after.status == "playing":
            await self._prime_ratings([after])
        if before.live and not after.live:
            self._ended(after)
        return after

    async def end_hooks_done(self) -> None:
        """Wait for the end hooks under way (a graceful stop, a test)."""
        while self._hook_tasks:
            await asyncio.gather(*self._hook_tasks, return_exceptions=True)

    def _ended(self, match: Match) -> None:
        """Run the end hooks of ``match`` in the background (a failure is logged)."""
        for hook in self.end_hooks:
            task = asyncio.get_running_loop().create_task(_run_hook(hook, match))
            self._hook_tasks.add(task)
            task.add_done_callback(self._hook_tasks.discard)

    async def _prime_ratings(self, matches: list[Match]) -> None:
        """Let the store learn the ratings these matches will update when they end, so that
        end is one write (docs/ratings.md, "Storage"); only a hint, a failure changes nothing."""
        with contextlib.suppress(MatchError):
            await self.store.prime_ratings(matches)

    async def _committed(self, after: Match) -> bool:
        """Whether a write whose reply was lost is in the database: re-read for up to about
        a second (a statement that reached the server finishes there on its own)."""
        for pause in UNKNOWN_OUTCOME_PAUSES:
            await asyncio.sleep(pause)
            try:
                stored = await self.store.load(after.id)
            except StoreUnavailable:
                continue
            if stored is not None and (stored.version, stored.steps, stored.updated_at) == (
                after.version,
                after.steps,
                after.updated_at,
            ):
                return True
        return False

    async def _write_meta(self, before: Match, after: Match) -> None:
        """Board message and clock columns over ``before`` (storage's guard), then memory.
        A stale copy (another process wrote first) is read again and ``StaleVersion`` raised."""
        try:
            await self.store.update_meta(after, before)
        except StaleVersion:
            self._reload.add(before.id)
            with contextlib.suppress(MatchError):
                await self._load(before.id)
            raise
        except StoreUnavailable:
            self._reload.add(before.id)
            raise
        self._remember(after)

    async def _change_meta(
        self, match_id: str, change: Callable[[Match], Match | None]
    ) -> Match | None:
        """Apply ``change`` (None: nothing to do) to the board message or clock columns;
        the caller holds the match's lock. A stale copy is read again and changed once more."""
        for attempt in (1, 2):
            before = await self._load(match_id)
            after = change(before)
            if after is None:
                return None
            try:
                await self._write_meta(before, after)
            except StaleVersion:
                if attempt == 2:
                    raise
                continue
            return after
        return None

    # -- creating and seating -----------------------------------------------------------
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
        holiday_days: int = DEFAULT_HOLIDAY_DAYS,
    ) -> Match:
        """A new match (a solo game starts at once, others open a lobby). ``takebacks``:
        whether a person may ask to take back a step (off for tournament tables, counted
        daily deals and servers that turned takebacks off); ``holiday_days``: each person's
        holiday days in this match."""
        game = get_game(game_id)
        if practice is None:
            practice = seed is not None  # a chosen seed: practice, rated nowhere
        seed = self.seed_source(64) if seed is None else seed
        limit = DEFAULT_TURN_LIMIT if turn_limit is None else turn_limit
        for _ in range(8):
            match = match_logic.open_match(
                game,
                match_id=self.id_source(),
                guild_id=guild_id,
                channel_id=channel_id,
                host_id=user_id,
                host_name=user_name or str(user_id),
                options=options,
                seed=seed,
                now=self.clock(),
                turn_limit=limit,
                practice=practice,
                invited=tuple(invited),
            )
            match = replace(match, takebacks=takebacks, holiday_days=holiday_days)
            try:
                await self.store.create(match)
            except DuplicateMatch:
                continue
            self._remember(match)
            for person in match.invited:
                self._invitations.setdefault(person, []).append(match.created_at)
            return match
        raise RuntimeError("could not draw a free match id")

    async def check_lobby_limits(
        self, host_id: int, invited: Iterable[int] = (), *, guild_id: int | None = None
    ) -> None:
        """Refuse a new lobby of a host who has ``MAX_OPEN_LOBBIES`` open already, or one
        inviting a person invited ``MAX_INVITATIONS`` times within ``INVITE_WINDOW``: each
        lobby and invitation pings someone, so neither may become a way to spam. A server
        may choose other limits (``/settings``: ``max_lobbies``, ``max_invitations``)."""
        # From memory (this process's guilds): the check runs before the command is
        # acknowledged, so it must not wait for the database (the settings are kept too).
        settings = await self.guild_settings(guild_id) if guild_id is not None else None
        most_lobbies = settings.get("max_lobbies") if settings else MAX_OPEN_LOBBIES
        most_invitations = settings.get("max_invitations") if settings else MAX_INVITATIONS
        lobbies = [
            m
            for m in await self.find_matches(host_id)
            if m.status == "lobby" and m.host_id == host_id
        ]
        if len(lobbies) >= most_lobbies:
            raise match_logic.error("too_many_lobbies", count=len(lobbies), limit=most_lobbies)
        now = self.clock()
        for person in invited:
            recent = self._recent_invitations(person, now)
            if len(recent) >= most_invitations:
                raise match_logic.error(
                    "invited_often",
                    person=f"<@{person}>",
                    limit=most_invitations,
                    after=f"<t:{int(recent[0] + INVITE_WINDOW) + 1}:R>",
                )

    def _recent_invitations(self, person: int, now: float) -> list[float]:
        recent = [at for at in self._invitations.get(person, ()) if at > now - INVITE_WINDOW]
        if recent:
            self._invitations[person] = recent
        else:
            self._invitations.pop(person, None)
        return recent

    async def _change(
        self, match_id: str, change: Callable[[Match, Game[Any, Any], float], Match]
    ) -> Match:
        async with self._lock(match_id):
            match = await self._load(match_id)
            game = get_game(match.game_id)
            return await self._commit(match, change(match, game, self.clock()))

    async def lobby_join(self, match_id: str, user_id: int, user_name: str = "") -> Match:
        """Take a seat; the last person of a rematch to accept starts it."""
        match = await self._change(
            match_id,
            lambda m, g, now: match_logic.join(m, g, user_id, user_name or str(user_id), now),
        )
        if match.rematch_of is not None and not match.invited:
            old = await self.store.load(match.rematch_of)
            if old is not None and match_logic.everyone_accepted(match, old):
                match = await self.lobby_start(match.id, match.host_id)
        return match

    async def lobby_decline(self, match_id: str, user_id: int) -> Match:
        return await self._change(match_id, lambda m, _g, now: match_logic.decline(m, user_id, now))

    async def lobby_open(self, match_id: str, user_id: int) -> Match:
        return await self._change(
            match_id, lambda m, _g, now: match_logic.open_to_all(m, user_id, now)
        )

    # -- turn notices -----------------------------------------------------------------
    async def notify_settings(self, user_ids: Iterable[int]) -> dict[int, NotifySettings]:
        wanted = list(dict.fromkeys(user_ids))
        found = await self.store.notify_settings(wanted)
        return {u: found.get(u) or NotifySettings(u) for u in wanted}

    async def save_notify(self, settings: NotifySettings) -> None:
        await self.store.save_notify(settings)

    async def quiet_users(self, match_id: str) -> set[int]:
        return await self.store.quiet_users(match_id)

    async def first_tip(self, user_id: int, game_id: str) -> bool:
        """Whether ``user_id`` is to be told ``game_id``'s first-game tip now: True once
        per person and game, remembered by the store. Asked on every move, so a person
        known to be told is answered from memory (being told never ends): no write, no
        round trip per move."""
        if (user_id, game_id) in self._told:
            return False
        first = await self.store.first_tip(user_id, game_id)
        if len(self._told) >= MAX_TOLD:
            self._told.clear()
        self._told.add((user_id, game_id))
        return first

    async def interval_reminders(self) -> dict[int, float]:
        return await self.store.interval_reminders()

    async def quiet_this_turn(self, match_id: str, user_id: int) -> Match:
        """No notice for ``user_id`` until their present turn in ``match_id`` is over."""
        match = await self._load(match_id)
        match_logic.acting_seat(match, user_id)  # refuses when it is not their turn
        await self.store.set_quiet(match_id, user_id, True)
        return match

    async def end_quiet(self, match_id: str, user_id: int) -> None:
        await self.store.set_quiet(match_id, user_id, False)

    async def ask_clock(self, match_id: str, user_id: int, *, pause: bool) -> Match:
        """Ask to pause (or resume) the match's clock; it happens once every person asked."""
        return await self._change(
            match_id, lambda m, _g, now: match_logic.ask_clock(m, user_id, now, pause=pause)
        )

    # -- holidays ------------------------------------------------------------------------
    async def holiday(
        self,
        match_id: str,
        user_id: int,
        *,
        days: int | None = None,
        back: bool = False,
        auto: bool | None = None,
    ) -> Match:
        def change(match: Match, _game: Game[Any, Any], now: float) -> Match:
            if auto is not None:
                match = match_logic.choose_auto_holiday(match, user_id, auto, now)
            if back:
                return match_logic.end_holiday(match, user_id, now)
            if days is not None or auto is None:
                return match_logic.take_holiday(match, user_id, 1 if days is None else days, now)
            return match

        return await self._change(match_id, change)

    # -- takebacks (gamecore.takeback) ---------------------------------------------------
    async def ask_takeback(self, match_id: str, user_id: int) -> TakebackOutcome:
        async with self._lock(match_id):
            match = await self._load(match_id)
            seat = match_logic.takeback_seat(match, user_id)
            game = get_game(match.game_id)
            found = await self._takeback_plan(match, game, seat)
            people = [None if s.is_computer else s.user_id for s in match.seats]
            waiting = people_to_ask(found.undone, seat, people)
            now = self.clock()
            if not waiting:  # nobody else acted since (computers agree by themselves)
                return await self._take_back(match, game, seat, found, now)
            ask = TakebackAsk(user_id, seat, match.steps, found.undone, waiting)
            after = await self._commit(match, match_logic.ask_takeback(match, ask, now))
            return TakebackOutcome("asked", after, found.undone)

    async def answer_takeback(
        self, match_id: str, user_id: int, at_steps: int, *, yes: bool
    ) -> TakebackOutcome:
        async with self._lock(match_id):
            match = await self._load(match_id)
            now = self.clock()
            answered = match_logic.answer_takeback(match, user_id, at_steps, yes=yes, now=now)
            asked = match.takeback
            assert asked is not None  # answer_takeback refuses a match without one
            ask = answered.takeback
            if ask is None or not ask.settled:
                after = await self._commit(match, answered)
                return TakebackOutcome("dropped" if ask is None else "agreed", after, asked.undone)
            game = get_game(match.game_id)
            found = await self._takeback_plan(match, game, ask.seat)
            return await self._take_back(match, game, ask.seat, found, now)

    async def _takeback_plan(self, match: Match, game: Game[Any, Any], seat: int) -> TakebackPlan:
        """The takeback of ``seat``'s last step, replayed from the log (off the event loop:
        a long match replays for a while), or the rule's refusal."""
        log = [(a.seat, a.notation) for a in await self.store.actions(match.id)]
        try:
            return await asyncio.to_thread(
                takeback_plan,
                game,
                secrets=registration(game.id).secrets,
                players=len(match.seats),
                seed=match.seed,
                options=match.options,
                line=played_line(log),
                seat=seat,
            )
        except TakebackRefused as refused:
            raise match_logic.error(refused.code) from None

    async def _take_back(
        self, match: Match, game: Game[Any, Any], seat: int, found: TakebackPlan, now: float
    ) -> TakebackOutcome:
        """Commit the takeback: the match at the kept position, the marker row in the log."""
        count = len(found.undone)
        after = match_logic.take_back(match, game, found.state, now)
        await self._commit(match, after, NewAction(seat, mark(count)))
        for other in range(len(match.seats)):  # a computer's memory of the line is stale
            self._computers.pop((match.id, other), None)
        return TakebackOutcome("taken", after, found.undone)

    async def rematch(self, match_id: str, user_id: int, user_name: str = "") -> tuple[Match, bool]:
        """The lobby playing a finished match again, and whether this call opened it (a
        second ask, by anyone, gets the existing one)."""
        old = await self._load(match_id)
        for _ in range(8):
            existing = await self.store.find_rematch(match_id)
            if existing is not None:
                return existing, False
            lobby = match_logic.rematch_lobby(
                old,
                match_id=self.id_source(),
                seed=self.seed_source(64),
                now=self.clock(),
                host_id=user_id,
                host_name=user_name or str(user_id),
            )
            try:
                await self.store.create(lobby)
            except DuplicateMatch:  # a taken id, or someone else's rematch won the race
                continue
            self._remember(lobby)
            return lobby, True
        raise RuntimeError("could not draw a free match id")

    async def lobby_leave(self, match_id: str, user_id: int) -> Match:
        return await self._change(match_id, lambda m, _g, now: match_logic.leave(m, user_id, now))

    async def lobby_add_computer(
        self, match_id: str, user_id: int, player: str | None = None
    ) -> Match:
        return await self._change(
            match_id, lambda m, g, now: match_logic.add_computer(m, g, user_id, now, player)
        )

    async def lobby_remove_computer(
        self, match_id: str, user_id: int, seat: int | None = None
    ) -> Match:
        return await self._change(
            match_id, lambda m, _g, now: match_logic.remove_computer(m, user_id, now, seat)
        )

    async def lobby_start(self, match_id: str, user_id: int) -> Match:
        return await self._change(match_id, lambda m, g, now: match_logic.start(m, g, user_id, now))

    async def lobby_cancel(self, match_id: str, user_id: int) -> Match:
        return await self._change(match_id, lambda m, _g, now: match_logic.cancel(m, user_id, now))

    async def resign(self, match_id: str, user_id: int, *, reason: str = "resigned") -> Match:
        return await self._change(
            match_id, lambda m, g, now: match_logic.resign(m, g, user_id, now, reason=reason)
        )

    async def abandon(self, match_id: str, user_id: int) -> Match:
        return await self._change(
            match_id, lambda m, g, now: match_logic.abandon(m, g, user_id, now)
        )

    async def withdraw_unseen(self, match_id: str) -> Match:
        return await self._change(
            match_id, lambda m, _g, now: match_logic.withdraw(m, now, "withdrawn")
        )

    # -- playing ------------------------------------------------------------------------
    async def play(
        self, match_id: str, user_id: int, notation: str, expected_version: int | None = None
    ) -> TurnOutcome:
        async with self._lock(match_id):
            match = await self._load(match_id)
            if match.live:
                match_logic.check_version(match, expected_version)
            seat = match_logic.acting_seat(match, user_id)
            game = get_game(match.game_id)
            action = game.canonical_action(match.state, game.parse_action(notation))
            new_state, events = game.apply(match.state, seat, action)
            outcome = await self._step(match, game, seat, action, new_state, events, "move")
            return await self._with_follow_ups(outcome, game)

    async def _step(
        self,
        match: Match,
        game: Game[Any, Any],
        seat: int,
        action: Any,
        new_state: Any,
        events: Iterable[Event],
        kind: str,
        now: float | None = None,
    ) -> TurnOutcome:
        """Commit one applied action and describe it."""
        now = self.clock() if now is None else now
        after = match_logic.record_step(
            match, game, seat, new_state, now, timed_out=kind == "timeout"
        )
        notation = game.format_action(action)
        await self._commit(match, after, NewAction(seat, notation))
        return TurnOutcome(
            match=after,
            seat=seat,
            seat_name=match.seats[seat].name,
            notation=notation,
            events=tuple(events),
            kind=kind,  # type: ignore[arg-type]
        )

    async def _with_follow_ups(self, outcome: TurnOutcome, game: Game[Any, Any]) -> TurnOutcome:
        """The outcome with the automatic steps committed after it (most steps have none:
        then the outcome itself, not a copy)."""
        steps = await self._auto_steps(outcome.match, game)
        return replace(outcome, follow_ups=tuple(steps)) if steps else outcome

    async def _auto_steps(self, match: Match, game: Game[Any, Any]) -> list[TurnOutcome]:
        """The game's automatic follow-ups (``auto_actions(state)``), each its own step.

        Dungeon Delver: claiming a cleared level's reward (docs/games/dungeon-delver.md, Claim)."""
        steps: list[TurnOutcome] = []
        while match.status == "playing" and len(steps) < MAX_AUTO_STEPS:
            pending = game.auto_actions(match.state)
            if not pending:
                break
            action = pending[0]
            seat = match.to_move[0] if match.to_move else 0
            try:
                new_state, events = game.apply(match.state, seat, action)
            except IllegalAction:  # the person's move is committed: never fail it now
                log.exception("automatic action %r refused in match %s", action, match.id)
                break
            outcome = await self._step(match, game, seat, action, new_state, events, "auto")
            steps.append(outcome)
            match = outcome.match
        return steps

    def _computer(self, match: Match, game: Game[Any, Any], seat: int, player: str | None) -> Any:
        """This seat's own computer player, created on first use."""
        kept = self._computers.get((match.id, seat))
        if kept is not None and kept[0] == player:
            return kept[1]
        players = game.players()
        choose = players[player if player in players else match_logic.computer_name(game)]
        self._computers[(match.id, seat)] = (player, choose)
        return choose

    def _computer_action(
        self, match: Match, game: Game[Any, Any], seat: int, player: str | None
    ) -> Any:
        choose = self._computer(match, game, seat, player)
        legal = game.legal_actions(match.state, seat)
        if len(legal) == 1:
            return legal[0]
        rng = random.Random(mix_seed(match.seed, "computer", match.steps, seat))
        return choose(game.view(match.state, seat), legal, rng)

    async def _computer_step(
        self, match: Match, game: Game[Any, Any], seat: int, kind: str, now: float | None = None
    ) -> TurnOutcome:
        action = self._computer_action(match, game, seat, match.seats[seat].computer)
        try:
            new_state, events = game.apply(match.state, seat, action)
        except IllegalAction:  # a faulty computer player must not stall the match
            log.exception("computer action %r refused in match %s", action, match.id)
            action = game.legal_actions(match.state, seat)[0]
            new_state, events = game.apply(match.state, seat, action)
        outcome = await self._step(match, game, seat, action, new_state, events, kind, now)
        return await self._with_follow_ups(outcome, game)

    async def computer_turns(self, match_id: str, limit: int = 500) -> list[TurnOutcome]:
        async with self._lock(match_id):
            match = await self._load(match_id)
            return await self._computer_turns(match, limit)

    async def _computer_turns(self, match: Match, limit: int = 500) -> list[TurnOutcome]:
        game = get_game(match.game_id)
        outcomes: list[TurnOutcome] = []
        while match.awaits_computer and len(outcomes) < limit:
            seat = next(s for s in match.to_move if match.seats[s].is_computer)
            outcome = await self._computer_step(match, game, seat, "computer")
            outcomes.append(outcome)
            match = outcome.final
        return outcomes

    async def legal_moves(
        self, match_id: str, user_id: int, prefix: str = "", limit: int | None = MAX_CHOICES
    ) -> list[str]:
        match = self._live.get(match_id)
        if match is None or match.status != "playing":
            return []
        seat = match.seat_of(user_id)
        if seat is None or seat not in match.to_move:
            return []
        notations = self._legal_notations(match, seat)
        if limit is None:
            return filter_choices(notations, prefix, len(notations)) if prefix else list(notations)
        return filter_choices(notations, prefix, limit)

    def _legal_notations(self, match: Match, seat: int) -> list[str]:
        key = (match.id, match.version, seat)
        notations = self._legal.get(key)
        if notations is None:
            game = get_game(match.game_id)
            notations = list(
                dict.fromkeys(game.format_action(a) for a in game.legal_actions(match.state, seat))
            )
            self._legal[key] = notations
            if len(self._legal) > self._legal_cache_size:
                self._legal.popitem(last=False)
        return notations

    async def hint(self, match_id: str, user_id: int) -> Hint:
        match = await self._load(match_id)
        seat = match_logic.acting_seat(match, user_id)
        game = get_game(match.game_id)
        if not game.players():
            raise MatchError("no_hint", match_logic.MATCH_ERROR_CODES["no_hint"])
        player = match_logic.computer_name(game)
        action = self._computer_action(match, game, seat, player)
        return Hint(notation=game.format_action(action), player=player)

    # -- reading ------------------------------------------------------------------------
    async def get(self, match_id: str) -> Match:
        return await self._load(match_id)

    async def live_matches(self) -> list[Match]:
        return list(self._live.values())

    async def find_matches(self, user_id: int, channel_id: int | None = None) -> list[Match]:
        found = [self._live[i] for i in self._by_user.get(user_id, ()) if i in self._live]
        if channel_id is not None:
            found = [m for m in found if m.channel_id == channel_id]
        return sorted(found, key=lambda m: (m.updated_at, m.id), reverse=True)

    def live_versions(self, user_id: int) -> dict[str, int]:
        return {i: self._live[i].version for i in self._by_user.get(user_id, ()) if i in self._live}

    def seat_of(self, match: Match, user_id: int | None) -> int | None:
        return match.seat_of(user_id)

    def visible_to(self, match: Match, viewer: Viewer) -> bool:
        if viewer.bot_absent:
            return match.guild_id is None and match.seat_of(viewer.user_id) is not None
        if match.guild_id != viewer.guild_id:
            return False
        if match.seat_of(viewer.user_id) is not None:
            return True
        if match.guild_id is None:  # a DM match: in that DM only
            return match.channel_id == viewer.channel_id
        return viewer.sees_channel(match.channel_id)

    async def get_visible(self, match_id: str, viewer: Viewer) -> Match:
        wanted = match_id.strip().lower()
        match = await self._load(wanted)
        if not self.visible_to(match, viewer):
            raise _no_match(wanted)
        return match

    def _moves_of(self, match: Match, user_id: int | None) -> tuple[str, ...]:
        """The legal moves of ``user_id`` in ``match`` at its version (none when it is not
        their decision)."""
        seat = match.seat_of(user_id)
        if match.status != "playing" or seat is None or seat not in match.to_move:
            return ()
        return tuple(self._legal_notations(match, seat))

    def board_seen(self, match: Match) -> Seen:
        game = get_game(match.game_id)
        if len(match.seats) == 1 and game.max_players == 1:  # a solo board is its player's
            player = match.seats[0].user_id
            return Seen(
                match,
                self.view_for(match, player),
                self._moves_of(match, player),
                self.follower_count(match.id),
            )
        mover = None
        if match.status == "playing" and match.to_move and registration(game.id).public_controls:
            seat = match.seats[match.to_move[0]]
            mover = None if seat.is_computer else seat.user_id
        return Seen(
            match,
            self.view_for(match, None),
            self._moves_of(match, mover),
            self.follower_count(match.id),
        )

    def hand_seen(self, match: Match, user_id: int) -> Seen:
        match_logic.own_seat(match, user_id)
        return Seen(match, self.view_for(match, user_id), self._moves_of(match, user_id))

    async def check_seated(self, match_id: str, user_id: int) -> Match:
        match = await self._load(match_id)
        match_logic.own_seat(match, user_id)
        return match

    async def check_turn(
        self, match_id: str, user_id: int, expected_version: int | None = None
    ) -> Match:
        match = await self._load(match_id)
        match_logic.check_version(match, expected_version)
        match_logic.acting_seat(match, user_id)
        return match

    def view_for(self, match: Match, user_id: int | None) -> dict[str, Any]:
        game = get_game(match.game_id)
        if match.state is None:
            return {
                "phase": "lobby" if match.status == "lobby" else match.status,
                "game": match.game_id,
                "match_id": match.id,
                "host_id": match.host_id,
                "seats": [s.to_dict() for s in match.seats],
                "min_players": game.min_players,
                "max_players": game.max_players,
                "options": dict(match.options),
                "version": match.version,
            }
        return game.view(match.state, match.seat_of(user_id))

    async def actions(self, match_id: str) -> list[ActionRecord]:
        await self._load(match_id)
        return await self.store.actions(match_id)

    async def recent_steps(self, match_id: str, count: int) -> list[TurnOutcome]:
        match = await self._load(match_id)
        if match.state is None:
            return []
        log = [(a.seat, a.notation) for a in await self.store.actions(match_id)]
        game = get_game(match.game_id)
        # the log is replayed from the start: off the event loop, as public_timeline
        return await asyncio.to_thread(recent_steps, game, match, log, count)

    async def public_timeline(self, match_id: str) -> Sequence[tuple[int | None, dict[str, Any]]]:
        match = await self._load(match_id)
        if match.state is None:
            return []
        log = played_line([(a.seat, a.notation) for a in await self.store.actions(match_id)])
        game = get_game(match.game_id)
        # replaying a long match takes a while: off the event loop
        return await asyncio.to_thread(
            public_timeline, game, len(match.seats), match.seed, match.options, log
        )

    async def set_board_message(self, match_id: str, message_id: int | None) -> Match:
        async with self._lock(match_id):
            match = await self._change_meta(
                match_id, lambda m: replace(m, board_message_id=message_id)
            )
            assert match is not None  # the change always writes
            return match

    async def set_board_and_ping(self, match_id: str, board_id: int, ping_id: int | None) -> Match:
        async with self._lock(match_id):
            match = await self._change_meta(
                match_id, lambda m: replace(m, board_message_id=board_id, ping_message_id=ping_id)
            )
            assert match is not None  # the change always writes
            return match

    async def set_ping_message(self, match_id: str, message_id: int | None) -> Match:
        async with self._lock(match_id):
            match = await self._change_meta(
                match_id, lambda m: replace(m, ping_message_id=message_id)
            )
            assert match is not None  # the change always writes
            return match

    # -- turn clocks --------------------------------------------------------------------
    async def due_timers(self, now: float | None = None) -> list[str]:
        """Due timers of our matches, claimed in the database for this process (a timer
        another process holds is left to it). Empty while the database is unreachable."""
        now = self.clock() if now is None else now
        try:
            for match_id in list(self._reload):  # the database may be back: catch up
                await self._load(match_id)
        except StoreUnavailable:
            log.warning("the database is still unreachable; clocks wait")
            return []
        due = []
        for match in self._live.values():
            if match.timer_at is not None:
                due.append((match.timer_at, match.id))
            elif match.awaits_computer:  # e.g. a restart in the middle of computer turns
                due.append((match.updated_at + COMPUTER_GRACE, match.id))
        ids = [match_id for at, match_id in sorted(due) if at <= now]
        if not ids:
            return []
        seen = {match_id: TimerSeen.of(self._live[match_id]) for match_id in ids}
        try:
            claimed = set(await self.store.claim_timers(ids, self.owner, now, TIMER_LEASE, seen))
        except StoreUnavailable:
            log.warning("the database is unreachable; clocks wait")
            return []
        self._claimed.update(claimed)
        # Not taken: another process holds it, or fired it already (our copy is stale).
        self._reload.update(match_id for match_id in ids if match_id not in claimed)
        return [match_id for match_id in ids if match_id in claimed]

    async def pause_clocks(self, channel_id: int, seconds: float) -> list[Match]:
        """Move the turn deadlines of ``channel_id``'s matches ``seconds`` later (the bot could
        not post there meanwhile, so nobody could see whose turn it was)."""
        moved: list[Match] = []
        if seconds <= 0:
            return moved
        clocked = [
            m.id for m in self._live.values() if m.channel_id == channel_id and m.turn_deadline
        ]

        def later(match: Match) -> Match | None:
            if not match.live or match.turn_deadline is None:
                return None
            return replace(match, turn_deadline=match.turn_deadline + seconds)

        for match_id in clocked:
            async with self._lock(match_id):
                match = await self._change_meta(match_id, later)
                if match is not None:
                    moved.append(match)
        return moved

    async def fire_timer(self, match_id: str, now: float | None = None) -> TimerOutcome:
        now = self.clock() if now is None else now
        try:
            return await self._fire_timer(match_id, now)
        except StaleVersion:  # another process moved first: nothing is due any more here
            return TimerOutcome("none", await self._load(match_id))
        finally:
            self._claimed.discard(match_id)
            with contextlib.suppress(StoreUnavailable):
                await self.store.release_timer(match_id, self.owner)

    async def release_claims(self) -> int:
        """Give back every clock claim this process still holds (claimed but not fired, e.g.
        a match whose channel refuses the bot), so that a graceful stop leaves none for
        their lease to end; returns how many. Unreachable database: they lapse instead."""
        held, self._claimed = sorted(self._claimed), set()
        for match_id in held:
            with contextlib.suppress(StoreUnavailable):
                await self.store.release_timer(match_id, self.owner)
        return len(held)

    async def _fire_timer(self, match_id: str, now: float) -> TimerOutcome:
        async with self._lock(match_id):
            match = await self._load(match_id)
            if match.awaits_computer and now >= match.updated_at + COMPUTER_GRACE:
                played = await self._computer_turns(match)
                final = played[-1].final if played else match
                return TimerOutcome("computer", final, steps=tuple(played))
            due = match_logic.clock_due(match, now)
            if due is None:
                return TimerOutcome("none", match)
            if due == "pause_over":
                resumed = match_logic.resume_clock(match, now, ran_out=True)
                return TimerOutcome("pause_over", await self._commit(match, resumed))
            seats = match_logic.expired_seats(match)
            if due == "expiry":
                away = match_logic.auto_holidays(match, now)
                if away is not None:
                    return TimerOutcome("holiday", await self._commit(match, away), seats)
            if due == "reminder":
                reminded = match_logic.mark_reminded(match)
                await self._write_meta(match, reminded)  # stale: another process reminded
                return TimerOutcome("reminder", reminded, seats)
            game = get_game(match.game_id)
            match = match_logic.register_expiry(match, seats)
            steps: list[TurnOutcome] = []
            for seat in seats:
                if match.status != "playing" or seat not in match.to_move:
                    continue
                outcome = await self._computer_step(match, game, seat, "timeout", now)
                steps.append(outcome)
                match = outcome.final
            handed = tuple(s for s in match_logic.seats_to_hand_over(match) if match.live)
            for seat in handed:
                if match.live:
                    match = await self._commit(
                        match, match_logic.hand_to_computer(match, game, seat, now)
                    )
            if match.awaits_computer:
                computer = await self._computer_turns(match)
                steps.extend(computer)
                if computer:
                    match = computer[-1].final
            return TimerOutcome("expired", match, seats, tuple(steps), handed)

    # -- statistics -------------------------------------------------------------------
    async def stats(self, user_id: int, *, guild_id: int | None = None) -> list[UserStats]:
        return await self.store.stats(user_id, guild_id=guild_id)

    async def leaderboard(
        self, game_id: str, limit: int = 10, *, guild_id: int | None = None
    ) -> list[LeaderboardRow]:
        return await self.store.leaderboard(game_id, limit, guild_id=guild_id)

    async def history(self, user_id: int, limit: int = 10) -> list[Match]:
        return await self.store.user_matches(user_id, live=False, limit=limit)

    async def ratings(self, user_id: int, *, guild_id: int | None = None) -> list[PlayerRating]:
        return await self.store.ratings(user_id, _scope(guild_id))

    async def rating_board(
        self, game_id: str, limit: int = 10, *, guild_id: int | None = None, settled: bool = True
    ) -> list[PlayerRating]:
        return await self.store.rating_board(game_id, _scope(guild_id), limit, settled=settled)

    async def rating_history(
        self, user_id: int, game_id: str, *, guild_id: int | None = None
    ) -> list[RatingPoint]:
        return await self.store.rating_history(user_id, game_id, _scope(guild_id))


def _scope(guild_id: int | None) -> int:
    """The ratings scope: one server's, or all servers'."""
    return GLOBAL_SCOPE if guild_id is None else guild_id


def filter_choices(notations: list[str], prefix: str, limit: int = MAX_CHOICES) -> list[str]:
    """Starts-with matches first, then contains, then contains ignoring spaces; in the
    game's order within each group; case-insensitive."""
    typed = " ".join(prefix.lower().split())
    if not typed:
        return notations[:limit]
    compact = typed.replace(" ", "")
    starts: list[str] = []
    contains: list[str] = []
    loose: list[str] = []
    for notation in notations:
        low = notation.lower()
        if low.startswith(typed):
            starts.append(notation)
        elif typed in low:
            contains.append(notation)
        elif compact in low.replace(" ", ""):
            loose.append(notation)
        if len(starts) >= limit:
            break
    return (starts + contains + loose)[:limit]
