"""The tournament service on both stores: a whole Swiss and an arena played through the
match service, standings equal to the matches' rated results, a restart mid-round, and
the refusals (another server, not the host, the bound on open tournaments)."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from gamecore import tournament as rules
from gamecore.ratings import result_of
from gamecore.tournament import place_points
from service import Match, MatchError, MatchService
from service.tournament_model import Advance, Tournament
from service.tournaments import MAX_OPEN_PER_GUILD, TournamentService, standard_places
from storage import ShardFilter, store_for

GUILD, OTHER_GUILD, CHANNEL, HOST = 10, 11, 20, 1
PEOPLE = list(range(101, 110))  # nine people


async def finish(
    service: MatchService, match_id: str, clock=None, sleeper: int | None = None
) -> None:
    """Play the match to its end: each person plays the heuristic's hint, except
    ``sleeper``, who never moves: their clock (``clock``) runs out at each of their turns."""
    for _ in range(2000):
        match = await service.get(match_id)
        if not match.live:
            return
        if match.awaits_computer:
            await service.computer_turns(match_id)
            continue
        seat = match.seats[match.to_move[0]]
        assert seat.user_id is not None
        if seat.user_id == sleeper:
            clock.now = max(clock.now, match.turn_deadline + 1)
            await service.fire_timer(match_id)
            continue
        hint = await service.hint(match_id, seat.user_id)
        await service.play(match_id, seat.user_id, hint.notation, expected_version=match.version)
    raise AssertionError(f"the match did not end (seed {match.seed})")


async def seat_all(tournaments: TournamentService, tid: str) -> list[str]:
    t = await tournaments.get(tid, GUILD)
    ids = []
    for table in t.unseated():
        match = await tournaments.seat_table(tid, table.number, 5000 + table.number)
        assert match.status == "playing" and match.channel_id == 5000 + table.number
        assert not match.takebacks and match.holiday_days == 0  # the tournament's clock rules
        ids.append(match.id)
    return ids


async def play_round(
    matches: MatchService, tournaments: TournamentService, tid: str, **finishing
) -> list[str]:
    """Seat every table of the round, play each to its end (``finish``'s options) and let
    the tournament record it."""
    ids = await seat_all(tournaments, tid)
    for match_id in ids:
        await finish(matches, match_id, **finishing)
        await matches.end_hooks_done()
    return ids


async def new_tournament(
    tournaments: TournamentService,
    *,
    guild_id: int = GUILD,
    name: str = "Cup",
    game_id: str = "speiderne",
    fmt: str = "swiss",
    table_size: int = 2,
    **options,
) -> Tournament:
    """A tournament in ``CHANNEL`` hosted by ``HOST`` (speiderne, Swiss, tables of 2 unless
    said)."""
    return await tournaments.create(
        guild_id=guild_id,
        channel_id=CHANNEL,
        host_id=HOST,
        name=name,
        game_id=game_id,
        fmt=fmt,
        table_size=table_size,
        **options,
    )


async def join_all(tournaments: TournamentService, tid: str, people: list[int]) -> Tournament:
    t = None
    for person in people:
        t = await tournaments.join(tid, GUILD, person, f"p{person}")
    assert t is not None
    return t


async def begun(tournaments: TournamentService, people: list[int], **settings) -> Advance:
    """``new_tournament(**settings)`` with ``people`` entered, begun by the host."""
    t = await new_tournament(tournaments, **settings)
    await join_all(tournaments, t.id, people)
    return await tournaments.begin(t.id, GUILD, HOST)


@pytest.fixture
async def opened():
    """Every match service a test opened, closed however the test ends (an open SQLite
    thread would keep pytest from exiting)."""
    services: list[MatchService] = []
    yield services
    for service in services:
        await service.close()


async def open_service(url: str, clock, opened: list) -> tuple[MatchService, TournamentService]:
    store = store_for(url)
    # Seeds of a sequence of its own for each service a test opens, the same in every run:
    # random ones made a Cartolan table that ran past ``finish``'s 2,000 turns now and then.
    seeds = random.Random(len(opened))
    matches = MatchService(store, clock=clock, seed_source=seeds.getrandbits)
    opened.append(matches)
    await matches.start()
    tournaments = TournamentService(matches)
    await tournaments.start()
    await tournaments.catch_up()

    async def record(match: Match) -> None:
        await tournaments.table_ended(match)

    matches.end_hooks.append(record)
    return matches, tournaments


@pytest.fixture
async def served(backend_url: str, clock, opened) -> tuple[MatchService, TournamentService]:
    """A match service and its tournament service on the test's database."""
    return await open_service(backend_url, clock, opened)


def expected_points(matches: list) -> dict[int, float]:
    """Each person's points from the matches' rated results alone."""
    totals: dict[int, float] = {}
    for match in matches:
        result = result_of(match)
        entrants = result.entrants
        places = standard_places([e.place for e in entrants])
        points = place_points(places)
        for entrant, p in zip(entrants, points, strict=True):
            if entrant.user_id is not None:
                totals[entrant.user_id] = totals.get(entrant.user_id, 0.0) + p
    return totals


async def test_a_whole_swiss_with_a_restart(backend_url: str, clock, opened) -> None:
    matches, tournaments = await open_service(backend_url, clock, opened)
    advance = await begun(tournaments, PEOPLE, name="Autumn cup", table_size=4, rounds=3)
    assert advance.paired
    t = advance.tournament
    played: list = []
    for round_no in (1, 2, 3):
        ids = await seat_all(tournaments, t.id)
        t = await tournaments.get(t.id, GUILD)
        assert t.state.round == round_no
        tables = [x for x in t.state.tables if x.round == round_no]
        assert sorted(p for x in tables for p in x.players) == PEOPLE  # everyone seated
        assert all(len(x.seats) == 4 and 3 <= len(x.players) <= 4 for x in tables)
        for index, match_id in enumerate(ids):
            killed = round_no == 2 and index == 0
            if killed:  # the process dies between the match's end and the tournament's record
                matches.end_hooks.clear()
            await finish(matches, match_id)
            await matches.end_hooks_done()
            if killed:  # a fresh process catches up at start
                matches, tournaments = await open_service(backend_url, clock, opened)
                assert (await tournaments.get(t.id, GUILD)).table(tables[0].number).finished
            played.append(await matches.get(match_id))
    t = await tournaments.get(t.id, GUILD)
    assert t.status == "ended"
    lines = tournaments.standings(t)
    assert {line.standing.player: line.standing.points for line in lines} == expected_points(played)


async def test_refusals(served) -> None:
    _, tournaments = served
    t = await new_tournament(tournaments, table_size=3)
    with pytest.raises(MatchError) as refused:
        await tournaments.join(t.id, OTHER_GUILD, 201, "mallory")
    assert refused.value.code == "no_tournament"
    await tournaments.join(t.id, GUILD, 201, "mallory")
    await tournaments.join(t.id, GUILD, 202, "bob")
    for call in (
        tournaments.begin(t.id, GUILD, 201),
        tournaments.drop(t.id, GUILD, 201, 202),
        tournaments.end(t.id, GUILD, 201),
        tournaments.pause(t.id, GUILD, 201),
    ):
        with pytest.raises(MatchError) as refused:
            await call
        assert refused.value.code == "not_tournament_host"
    # the host takes back an entry before the start: it is gone, not a dropped player
    t = await tournaments.drop(t.id, GUILD, HOST, 202)
    assert t.entrant(202) is None and [p.id for p in t.state.players] == [201]
    with pytest.raises(MatchError) as refused:
        await tournaments.begin(t.id, GUILD, HOST)
    assert refused.value.code == "too_few_entrants"
    for _ in range(MAX_OPEN_PER_GUILD - 1):
        await new_tournament(tournaments, name="More", fmt="arena", table_size=3)
    with pytest.raises(MatchError) as refused:
        await new_tournament(tournaments, name="One too many", table_size=3)
    assert refused.value.code == "too_many_tournaments"


async def test_a_clock_that_hands_the_seat_over_twice_drops_the_person(served, clock) -> None:
    matches, tournaments = served
    t = (await begun(tournaments, PEOPLE[:4], rounds=3, turn_limit=3600)).tournament
    sleeper = PEOPLE[0]
    for round_no in (1, 2):
        await play_round(matches, tournaments, t.id, clock=clock, sleeper=sleeper)
        t = await tournaments.get(t.id, GUILD)
        assert t.entrant(sleeper).handovers == round_no
    assert t.entrant(sleeper).dropped == "clock"
    await seat_all(tournaments, t.id)
    t = await tournaments.get(t.id, GUILD)
    round_three = [x for x in t.state.tables if x.round == 3]
    assert round_three and all(sleeper not in x.players for x in round_three)
    # the host re-admits them: their count starts again, they play from the next round
    t = await tournaments.readmit(t.id, GUILD, HOST, sleeper)
    assert t.entrant(sleeper).dropped == "" and t.entrant(sleeper).handovers == 0
    assert t.state.player(sleeper).active


async def test_pause_holds_the_next_round_until_resumed(served) -> None:
    matches, tournaments = served
    t = (await begun(tournaments, PEOPLE[:4], rounds=2)).tournament
    ids = await seat_all(tournaments, t.id)
    await tournaments.pause(t.id, GUILD, HOST)
    for match_id in ids:
        await finish(matches, match_id)
        await matches.end_hooks_done()
    t = await tournaments.get(t.id, GUILD)
    assert t.status == "paused" and t.state.round == 1 and not t.unseated()
    advance = await tournaments.resume(t.id, GUILD, HOST)
    assert advance.paired and advance.tournament.state.round == 2
    ended = await tournaments.end(t.id, GUILD, HOST)
    assert ended.finished and ended.tournament.status == "ended"
    with pytest.raises(MatchError) as refused:
        await tournaments.join(t.id, GUILD, 999, "late")
    assert refused.value.code == "tournament_over"


async def test_a_round_robin_meets_everyone_once(served) -> None:
    matches, tournaments = served
    settings = {"name": "League", "game_id": "cartolan", "fmt": "robin"}
    t = (await begun(tournaments, PEOPLE[:4], **settings)).tournament
    for _ in range(3):  # the default for 4 people at tables of 2: everyone meets everyone
        await play_round(matches, tournaments, t.id)
    t = await tournaments.get(t.id, GUILD)
    assert t.status == "ended" and t.state.round == 3
    pairs = sorted(tuple(sorted(x.players)) for x in t.state.tables)
    assert pairs == sorted((a, b) for i, a in enumerate(PEOPLE[:4]) for b in PEOPLE[i + 1 : 4])


async def test_a_process_keeps_only_its_shards_tournaments(
    backend_url: str, clock, opened, served
) -> None:
    """Two processes on one database each run the sweep of their own servers' tournaments
    only (a thread opened twice would otherwise be possible)."""
    _, tournaments = served
    guild_on_shard_1 = 1 << 22  # Discord's shard of a guild: (id >> 22) % count
    for guild in (GUILD, guild_on_shard_1):
        await new_tournament(tournaments, guild_id=guild, table_size=3)
    for shard in (0, 1):
        store = store_for(backend_url)
        other = MatchService(store, clock=clock, shards=ShardFilter(2, frozenset({shard})))
        opened.append(other)
        await other.start()
        mine = TournamentService(other)
        await mine.start()
        kept = [t.guild_id for t in mine.open_tournaments()]
        assert kept == [GUILD if shard == 0 else guild_on_shard_1]


async def test_unrated_tables_still_give_places(served) -> None:
    matches, tournaments = served
    t = (await begun(tournaments, PEOPLE[:2], name="Friendly", rounds=1, rated=False)).tournament
    (match_id,) = await seat_all(tournaments, t.id)
    assert (await matches.get(match_id)).practice
    await matches.resign(match_id, PEOPLE[0])  # no draw: who resigned places last
    await finish(matches, match_id)
    await matches.end_hooks_done()
    t = await tournaments.get(t.id, GUILD)
    (table,) = t.state.tables
    assert t.status == "ended" and table.places is not None
    match = await matches.get(match_id)
    entrants = result_of(replace(match, practice=False)).entrants  # the places it gives
    rated = dict(
        zip(
            [e.user_id for e in entrants], standard_places([e.place for e in entrants]), strict=True
        )
    )
    assert [rated[s.player] for s in table.seats] == list(table.places)
    assert sum(s.points for s in rules.standings(t.state)) == 1.0
    assert table.places[[s.player for s in table.seats].index(PEOPLE[0])] == 2


async def test_an_arena_still_open_after_its_length_takes_entries(served, clock) -> None:
    """Its window is counted from its start, however long it waited for entries."""
    _, tournaments = served
    t = await new_tournament(tournaments, name="Blitz", fmt="arena", minutes=5)
    clock.advance(3600)
    await join_all(tournaments, t.id, PEOPLE[:2])
    advance = await tournaments.begin(t.id, GUILD, HOST)
    assert len(advance.tournament.playing()) == 1
    assert advance.tournament.state.config.end == clock.now + 300
