"""Tournaments in a server: the one owner of every tournament change, as the match service
owns every turn (docs/tournaments.md).

A tournament is the pure state of ``gamecore.tournament`` (entrants, tables, places: the
pairing and the standings are computed there) plus what the bot adds around it: the server
and channel, the host, the game's options and clock, the entrants' names, each table's
match and thread, the board message, the scheduled event, and the lines the board says
(who was dropped and why). It is stored as one JSON document under a version guard
(``storage/tournaments.py``), on SQLite or PostgreSQL.

Each table is a normal rated match played in a thread of its own: the Discord layer opens
the thread and calls :meth:`TournamentService.seat_table`; when the match ends (any path:
a move, a computer seat, a clock, a resignation) the match service calls
:meth:`TournamentService.table_ended`, which records the places, drops a person whose clock
handed their seat to a computer a second time, and seats the next round (Swiss, round
robin: when every table of the round has ended) or the next arena table. A crash between
a match's end and its record is caught up by :meth:`TournamentService.catch_up` (start-up
and every sweep), so a table that ended while the bot was down still advances it.

Refusals are ``MatchError`` codes (translated as ``illegal.<code>``), listed in
``TOURNAMENT_ERROR_CODES``. A tournament of another server is ``no_tournament``, as if it
did not exist, so ids cannot be probed.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

from gamecore import tournament as rules
from gamecore.match import Match, MatchError, computer_name
from gamecore.ratings import Rating
from gamecore.registry import get_game
from service.match_service import MatchService, new_match_id
from service.tournament_model import (
    TOURNAMENT_ERROR_CODES,
    Advance,
    Entrant,
    Room,
    StandingLine,
    Tournament,
    advanced,
    computer_ratings_shown,
    drop_entrant,
    from_doc,
    recorded,
    seat_next,
    standard_places,
    to_doc,
    tournament_error,
)
from storage.base import StaleVersion
from storage.features.tournaments import TournamentRow

#: The games a tournament can be played in (multi-seat games with hidden cards).
TOURNAMENT_GAMES = ("speiderne", "cartolan")
#: Tournaments not ended at once per server: more would flood its channels with threads.
MAX_OPEN_PER_GUILD = 3
#: Entrants of one tournament (a round of 64 people is 16 to 32 threads).
MAX_ENTRANTS = 64
#: Rounds of a Swiss or round robin the host may ask for.
MAX_ROUNDS = 12
#: Longest arena window, in minutes (a week).
MAX_ARENA_MINUTES = 7 * 24 * 60
#: Arena: seconds the longest-waiting person waits before computers fill a short table.
ARENA_FILL_AFTER = 120.0


class TournamentService:
    """Every tournament change, on top of the match service (its store, clock, seeds)."""

    def __init__(self, matches: MatchService) -> None:
        self.matches = matches
        self.store = matches.store
        self._open: dict[str, Tournament] = {}
        self._by_match: dict[str, str] = {}
        self._locks: dict[str, asyncio.Lock] = {}

    @property
    def clock(self) -> Callable[[], float]:
        return self.matches.clock

    async def start(self) -> None:
        """Load every tournament not ended (call once the match service is open)."""
        self._open.clear()
        self._by_match.clear()
        for row in await self.store.open_tournaments():
            if self.matches.shards.owns(row.guild_id):  # a server's tournaments: its shard's
                self._keep(from_doc(row.doc, row.version))

    def _keep(self, t: Tournament) -> None:
        """In memory while live, and once ended until its tables' threads are archived."""
        closing = any(not r.archived and r.thread_id is not None for r in t.rooms)
        if t.live or closing:
            self._open[t.id] = t
        else:
            self._open.pop(t.id, None)
        for room in t.rooms:
            if room.match_id is not None:
                if t.live:
                    self._by_match[room.match_id] = t.id
                else:
                    self._by_match.pop(room.match_id, None)

    def _lock(self, tournament_id: str) -> asyncio.Lock:
        return self._locks.setdefault(tournament_id, asyncio.Lock())

    async def _save(self, before: Tournament | None, after: Tournament) -> Tournament:
        after = replace(after, version=(before.version if before else 0) + 1)
        row = TournamentRow(
            after.id, after.guild_id, after.status, to_doc(after), after.version, self.clock()
        )
        try:
            await self.store.save_tournament(row, before.version if before else None)
        except StaleVersion:  # another process wrote first: read it again
            stored = await self.store.load_tournament(after.id)
            if stored is not None:
                self._keep(from_doc(stored.doc, stored.version))
            raise
        self._keep(after)
        return after

    # -- reading ----------------------------------------------------------------------
    async def get(self, tournament_id: str, guild_id: int | None) -> Tournament:
        """The tournament if it belongs to ``guild_id`` (else ``no_tournament``)."""
        key = tournament_id.strip().lower()
        t = self._open.get(key)
        if t is None:
            row = await self.store.load_tournament(key)
            t = from_doc(row.doc, row.version) if row is not None else None
        if t is None or guild_id is None or t.guild_id != guild_id:
            raise tournament_error("no_tournament", tournament_id=tournament_id)
        return t

    def open_in(self, guild_id: int | None) -> list[Tournament]:
        """The server's tournaments not ended (what counts toward its bound)."""
        return [t for t in self._open.values() if t.guild_id == guild_id and t.live]

    def open_tournaments(self) -> list[Tournament]:
        """Every tournament in memory: not ended, or ended with threads still to archive."""
        return list(self._open.values())

    def of_match(self, match_id: str) -> Tournament | None:
        tid = self._by_match.get(match_id)
        return self._open.get(tid) if tid is not None else None

    def standings(self, t: Tournament) -> list[StandingLine]:
        return [
            StandingLine(s, t.name_of(s.player), (t.entrant(s.player) or Entrant(0, "")).dropped)
            for s in rules.standings(t.state)
        ]

    def computer_ratings(self, t: Tournament) -> dict[str, int]:
        return computer_ratings_shown(t.game_id, t.state.config.computers)

    # -- entry ------------------------------------------------------------------------
    async def create(
        self,
        *,
        guild_id: int,
        channel_id: int,
        host_id: int,
        name: str,
        game_id: str,
        fmt: str,
        table_size: int,
        rounds: int = 0,
        options: Mapping[str, Any] | None = None,
        turn_limit: float | None = None,
        starts_in: float | None = None,
        minutes: int = 60,
        rated: bool = True,
    ) -> Tournament:
        """A new tournament open for entries (the host does not enter by creating it)."""
        self.check_new(guild_id, game_id, fmt, table_size, rounds, minutes)
        game = get_game(game_id)
        now = self.clock()
        starts_at = now + starts_in if starts_in else None
        start = starts_at or now
        config = rules.Config(
            format=fmt,  # type: ignore[arg-type]  # checked by Config
            game_id=game_id,
            table_size=table_size,
            seed=self.matches.seed_source(63),
            rounds=rounds if fmt != "arena" else 0,
            computers=(computer_name(game),),
            start=start,
            end=start + minutes * 60.0 if fmt == "arena" else 0.0,
            fill_after=ARENA_FILL_AFTER,
        )
        resolved = game.resolve_options(dict(options or {}))
        t = Tournament(
            id=self._new_id(),
            guild_id=guild_id,
            channel_id=channel_id,
            host_id=host_id,
            name=name,
            game_id=game_id,
            state=rules.State(config),
            options=resolved,
            turn_limit=turn_limit,
            starts_at=starts_at,
            created_at=now,
            rated=rated,
        )
        return await self._save(None, t)

    def check_new(
        self, guild_id: int, game_id: str, fmt: str, table_size: int, rounds: int, minutes: int
    ) -> None:
        """Refuse a tournament that cannot be created (before anything is shown)."""
        if game_id not in TOURNAMENT_GAMES:
            raise tournament_error("tournament_game", games=", ".join(TOURNAMENT_GAMES))
        game = get_game(game_id)
        if not game.min_players <= table_size <= game.max_players or table_size < 2:
            raise tournament_error(
                "tournament_seats",
                game=game_id,
                min_players=max(2, game.min_players),
                max_players=game.max_players,
            )
        if fmt != "arena" and not 0 <= rounds <= MAX_ROUNDS:
            raise tournament_error("tournament_rounds", max_rounds=MAX_ROUNDS)
        if fmt == "arena" and not 5 <= minutes <= MAX_ARENA_MINUTES:
            raise tournament_error("tournament_minutes", max_minutes=MAX_ARENA_MINUTES)
        open_here = self.open_in(guild_id)
        if len(open_here) >= MAX_OPEN_PER_GUILD:
            raise tournament_error("too_many_tournaments", count=MAX_OPEN_PER_GUILD)

    def _new_id(self) -> str:
        while True:
            candidate = "t" + new_match_id(5)
            if candidate not in self._open:
                return candidate

    async def _change(
        self, tournament_id: str, guild_id: int | None, change: Callable[[Tournament], Tournament]
    ) -> Tournament:
        async with self._lock(tournament_id.strip().lower()):
            before = await self.get(tournament_id, guild_id)
            try:
                after = change(before)
            except rules.TournamentError as refused:  # a rule the checks above missed
                raise tournament_error("tournament_refused") from refused
            return await self._save(before, after)

    async def join(
        self, tournament_id: str, guild_id: int | None, user_id: int, name: str
    ) -> Tournament:
        """Enter before the start; the person's rating in the game (all servers) seeds round
        one and breaks the last ties."""
        game_id = (await self.get(tournament_id, guild_id)).game_id
        rated = [r for r in await self.matches.ratings(user_id) if r.game_id == game_id]
        rating = rated[0].rating.shown if rated else Rating().shown

        def change(t: Tournament) -> Tournament:
            if t.status != "open":
                raise tournament_error("tournament_started" if t.live else "tournament_over")
            if t.entrant(user_id) is not None:
                raise tournament_error("already_entered")
            if len(t.entrants) >= MAX_ENTRANTS:
                raise tournament_error("tournament_full", count=MAX_ENTRANTS)
            # before the start the arena's window is not open yet: entering is always allowed
            now = min(self.clock(), t.state.config.start)
            state = rules.add_player(t.state, user_id, rating, now)
            return replace(t, state=state, entrants=(*t.entrants, Entrant(user_id, name)))

        return await self._change(tournament_id, guild_id, change)

    async def leave(self, tournament_id: str, guild_id: int | None, user_id: int) -> Tournament:
        """Before the start: the entry is withdrawn. After: dropped from later rounds
        (tables being played go on)."""

        def change(t: Tournament) -> Tournament:
            entrant = t.entrant(user_id)
            if entrant is None:
                raise tournament_error("not_entered", name=str(user_id))
            if not t.live:
                raise tournament_error("tournament_over")
            if t.status == "open":
                state = rules.remove_player(t.state, user_id)
                return replace(
                    t, state=state, entrants=tuple(e for e in t.entrants if e.user_id != user_id)
                )
            return drop_entrant(t, user_id, "left")

        return await self._change(tournament_id, guild_id, change)

    # -- the host ---------------------------------------------------------------------
    async def _host_change(
        self,
        tournament_id: str,
        guild_id: int | None,
        user_id: int | None,
        change: Callable[[Tournament], Tournament],
    ) -> Tournament:
        def checked(t: Tournament) -> Tournament:
            if user_id is not None and user_id != t.host_id:
                raise tournament_error("not_tournament_host", host=f"<@{t.host_id}>")
            if not t.live:
                raise tournament_error("tournament_over")
            return change(t)

        return await self._change(tournament_id, guild_id, checked)

    async def begin(self, tournament_id: str, guild_id: int | None, user_id: int | None) -> Advance:
        """The host starts (``user_id`` None: the start time came): entries close and the
        first round (arena: the first tables) is paired; its threads are to be opened."""

        def change(t: Tournament) -> Tournament:
            if t.status != "open":
                raise tournament_error("tournament_started")
            if len(t.entrants) < 2:
                raise tournament_error("too_few_entrants")
            now = self.clock()
            state = t.state
            if state.config.format == "arena":
                config = replace(
                    state.config, start=now, end=now + state.config.end - state.config.start
                )
                state = replace(state, config=config)
            return seat_next(replace(t, status="running", state=state), now)

        t = await self._host_change(tournament_id, guild_id, user_id, change)
        return Advance(t, paired=True, started=True)

    async def drop(
        self, tournament_id: str, guild_id: int | None, host_id: int, user_id: int
    ) -> Tournament:
        def change(t: Tournament) -> Tournament:
            entrant = t.entrant(user_id)
            if entrant is None:
                raise tournament_error("not_entered", name=f"<@{user_id}>")
            if entrant.dropped:
                raise tournament_error("already_dropped", name=entrant.name)
            if t.status == "open":  # before the start: the entry is taken back
                state = rules.remove_player(t.state, user_id)
                entrants = tuple(e for e in t.entrants if e.user_id != user_id)
                return replace(t, state=state, entrants=entrants)
            return drop_entrant(t, user_id, "host")

        return await self._host_change(tournament_id, guild_id, host_id, change)

    async def readmit(
        self, tournament_id: str, guild_id: int | None, host_id: int, user_id: int
    ) -> Tournament:
        def change(t: Tournament) -> Tournament:
            entrant = t.entrant(user_id)
            if entrant is None:
                raise tournament_error("not_entered", name=f"<@{user_id}>")
            if not entrant.dropped:
                raise tournament_error("not_dropped", name=entrant.name)
            entrants = tuple(
                replace(e, dropped="", handovers=0) if e.user_id == user_id else e
                for e in t.entrants
            )
            state = rules.readmit_player(t.state, user_id, self.clock())
            return replace(t, entrants=entrants, state=state)

        return await self._host_change(tournament_id, guild_id, host_id, change)

    async def pause(self, tournament_id: str, guild_id: int | None, host_id: int) -> Tournament:
        """No new round or table is seated while paused; the tables being played go on."""

        def change(t: Tournament) -> Tournament:
            if t.status == "open":
                raise tournament_error("tournament_not_started")
            if t.status == "paused":
                raise tournament_error("tournament_paused")
            return replace(t, status="paused")

        return await self._host_change(tournament_id, guild_id, host_id, change)

    async def resume(self, tournament_id: str, guild_id: int | None, host_id: int) -> Advance:
        def change(t: Tournament) -> Tournament:
            if t.status != "paused":
                raise tournament_error("tournament_not_paused")
            return advanced(replace(t, status="running"), self.clock())

        t = await self._host_change(tournament_id, guild_id, host_id, change)
        return Advance(t, paired=bool(t.unseated()), finished=not t.live)

    async def end(self, tournament_id: str, guild_id: int | None, host_id: int) -> Advance:
        """The host ends it: the standings are final as they are; tables still being
        played finish as ordinary rated matches, outside the tournament."""

        def change(t: Tournament) -> Tournament:
            return replace(t, status="ended")

        t = await self._host_change(tournament_id, guild_id, host_id, change)
        return Advance(t, finished=True)

    async def set_board(self, tournament_id: str, message_id: int | None) -> None:
        t = self._open.get(tournament_id)
        if t is None or t.board_message_id == message_id:
            return
        with contextlib.suppress(StaleVersion):
            await self._change(t.id, t.guild_id, lambda t: replace(t, board_message_id=message_id))

    async def set_event(self, tournament_id: str, event_id: int) -> None:
        t = self._open.get(tournament_id)
        if t is not None:
            await self._change(t.id, t.guild_id, lambda t: replace(t, event_id=event_id))

    async def mark_archived(self, tournament_id: str, number: int) -> None:
        t = self._open.get(tournament_id)
        if t is None:
            return

        def change(t: Tournament) -> Tournament:
            return replace(
                t,
                rooms=tuple(
                    replace(r, archived=True) if r.number == number else r for r in t.rooms
                ),
            )

        await self._change(t.id, t.guild_id, change)

    # -- tables -----------------------------------------------------------------------
    async def seat_table(self, tournament_id: str, number: int, thread_id: int) -> Match:
        """The match of table ``number`` in ``thread_id`` (opened by the Discord layer),
        started at once: a normal rated match of the table's people and computers. Asked
        twice (a retry), the first match is returned."""
        async with self._lock(tournament_id):
            t = self._open[tournament_id]
            room = t.room(number)
            if room.match_id is not None:
                return await self.matches.get(room.match_id)
            table = t.table(number)
            people = table.players
            host = people[0]
            matches = self.matches
            match = await matches.new_match(
                t.game_id,
                t.guild_id,
                thread_id,
                host,
                t.options,
                user_name=t.name_of(host),
                turn_limit=t.turn_limit,
                practice=not t.rated,
                # a table's clock is the tournament's: no takebacks, no holidays
                takebacks=False,
                holiday_days=0,
            )
            for person in people[1:]:
                match = await matches.lobby_join(match.id, person, t.name_of(person))
            for seat in table.seats:
                if seat.computer is not None:
                    match = await matches.lobby_add_computer(match.id, host, seat.computer)
            match = await matches.lobby_start(match.id, host)
            rooms = tuple(r for r in t.rooms if r.number != number) + (
                Room(number, thread_id, match.id),
            )
            await self._save(t, replace(t, rooms=tuple(sorted(rooms, key=lambda r: r.number))))
            return match

    async def table_ended(self, match: Match) -> Advance | None:
        """Record the places of a tournament table's finished match and advance the
        tournament (None: not a table, or already recorded)."""
        tid = self._by_match.get(match.id)
        if tid is None or match.live:
            return None
        async with self._lock(tid):
            t = self._open.get(tid)
            if t is None:
                return None
            number = next((r.number for r in t.rooms if r.match_id == match.id), None)
            if number is None or t.table(number).finished:
                return None
            before = t
            t, dropped = recorded(t, number, match, self.clock())
            if t.status == "running":
                t = advanced(t, self.clock())
            after = await self._save(before, t)
            return Advance(
                after,
                dropped=dropped,
                paired=bool(after.unseated()),
                finished=not after.live,
            )

    async def catch_up(self) -> list[Advance]:
        """Tables whose match ended without being recorded (a crash, a restart), arena
        windows and waits that ran out, start times that came: each advanced now."""
        done: list[Advance] = []
        now = self.clock()
        for t in [x for x in self._open.values() if x.live]:
            if t.status == "open" and t.starts_at is not None and t.starts_at <= now:
                try:
                    done.append(await self.begin(t.id, t.guild_id, None))
                except MatchError:  # too few entrants: the host decides
                    continue
                continue
            for room in t.rooms:
                if room.match_id is None or t.table(room.number).finished:
                    continue
                with contextlib.suppress(MatchError):
                    match = await self.matches.get(room.match_id)
                    if not match.live:
                        advance = await self.table_ended(match)
                        if advance is not None:
                            done.append(advance)
            t = self._open.get(t.id, t)
            if t.status == "running" and t.format == "arena":
                async with self._lock(t.id):
                    current = self._open.get(t.id)
                    if current is None:
                        continue
                    after = advanced(current, now)
                    if after != current:
                        after = await self._save(current, after)
                        done.append(
                            Advance(after, paired=bool(after.unseated()), finished=not after.live)
                        )
        return done


total_rounds = rules.total_rounds

__all__ = [
    "MAX_OPEN_PER_GUILD",
    "TOURNAMENT_ERROR_CODES",
    "TOURNAMENT_GAMES",
    "Advance",
    "Entrant",
    "Room",
    "StandingLine",
    "Tournament",
    "TournamentService",
    "standard_places",
    "total_rounds",
]
