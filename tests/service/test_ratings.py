"""Ratings end to end on both backends: rated and practice matches, resignation, a restart,
and the migration that replays results stored before ratings existed."""

from __future__ import annotations

import itertools

import pytest

from service import MatchService
from storage import PostgresMatchStore, SqliteMatchStore, migrations, store_for
from storage.pg_ratings import RatingPlan

A, B, C = 101, 202, 303
GUILD = 77


def drawn_seeds():
    """64-bit seeds, as the bot draws them (the migration takes short ones for chosen)."""
    counter = itertools.count(1)
    return lambda _bits: (1 << 63) + next(counter)


async def race(
    service: MatchService, people: tuple[int, ...], *, guild=GUILD, seed=None, resign=None
):
    """A toy race among ``people``; ``resign`` gives up at their first turn."""
    lobby = await service.new_match("toy-race", guild, 9, people[0], seed=seed)
    for person in people[1:]:
        await service.lobby_join(lobby.id, person)
    match = await service.lobby_start(lobby.id, people[0])
    while match.status == "playing":
        if match.awaits_computer:
            match = (await service.computer_turns(match.id))[-1].final
            continue
        user = match.seats[match.to_move[0]].user_id
        if user == resign:
            match = await service.resign(match.id, user)
            resign = None
            continue
        match = (await service.play(match.id, user, "add 3")).final
    return match


async def figures(service: MatchService) -> dict:
    return {
        "mine": [await service.ratings(u, guild_id=g) for u in (A, B, C) for g in (None, GUILD)],
        "board": [
            await service.rating_board("toy-race", guild_id=g, settled=s)
            for g in (None, GUILD)
            for s in (True, False)
        ],
        "history": [await service.rating_history(u, "toy-race") for u in (A, B, C)],
    }


async def test_a_finished_match_rates_its_people_in_both_scopes_and_practice_counts_nowhere(
    store, clock
):
    service = MatchService(store, clock=clock, seed_source=drawn_seeds())
    await service.start()
    match = await race(service, (A, B))
    winner = match.seats[match.result["winners"][0]].user_id
    loser = B if winner == A else A
    for guild in (None, GUILD):
        (won,) = await service.ratings(winner, guild_id=guild)
        (lost,) = await service.ratings(loser, guild_id=guild)
        assert (won.rating.shown, lost.rating.shown, won.rating.matches) == (1605, 1395, 1)
        assert won.rank is None and won.rating.provisional  # one match: provisional
    assert await service.ratings(winner, guild_id=GUILD + 1) == []  # another server: nothing
    assert len(await service.rating_history(winner, "toy-race", guild_id=GUILD)) == 1
    before = await figures(service)
    await race(service, (A, B), seed=5)  # a chosen seed: practice
    clock.advance(10)
    lobby = await service.new_match("toy-race", GUILD, 9, A)
    await service.lobby_join(lobby.id, B)
    await service.lobby_start(lobby.id, A)
    await service.abandon(lobby.id, A)  # abandoned: nothing
    assert await figures(service) == before
    provisional = await service.rating_board("toy-race", guild_id=GUILD, settled=False)
    assert [p.user_id for p in provisional] == [winner, loser]
    assert await service.rating_board("toy-race", guild_id=GUILD) == []
    await service.close()
    again = MatchService(store_for(_url(store)), clock=clock, seed_source=drawn_seeds())
    await again.start()  # a restart: the same ratings and tables
    assert await figures(again) == before
    await again.close()


async def test_each_scope_is_rated_from_its_own_ratings(store, clock):
    """In a second server the two people are newcomers there, not across all servers."""
    service = MatchService(store, clock=clock, seed_source=drawn_seeds())
    await service.start()
    await race(service, (A, B))
    await race(service, (A, B), guild=GUILD + 1)
    for person in (A, B):
        (everywhere,) = await service.ratings(person)
        (there,) = await service.ratings(person, guild_id=GUILD + 1)
        assert (everywhere.rating.matches, there.rating.matches) == (2, 1)
        assert there.rating.shown in (1605, 1395)  # a first match between newcomers
    await service.close()


@pytest.mark.parametrize("backend", ["postgres"], indirect=True)
async def test_a_process_learns_the_ratings_when_a_match_starts_or_it_restarts(
    store, clock, monkeypatch
):
    """PostgreSQL: a process that has not seen these people's ratings (a restart) reads
    them when their match starts, or when it finds the match running at its own start, so
    the move that ends the match is one statement that is never refused for a stale belief."""
    refused = []
    learn = RatingPlan.refused
    monkeypatch.setattr(RatingPlan, "refused", lambda *a: refused.append(a) or learn(*a))
    first = MatchService(store, clock=clock, seed_source=drawn_seeds())
    await first.start()
    await race(first, (A, B))  # rating rows exist from here on
    await first.close()
    for restart_mid_match in (False, True):
        service = MatchService(store_for(_url(store)), clock=clock, seed_source=drawn_seeds())
        await service.start()  # a fresh process: it knows no rating yet
        lobby = await service.new_match("toy-race", GUILD, 9, A)
        await service.lobby_join(lobby.id, B)
        match = await service.lobby_start(lobby.id, A)
        if restart_mid_match:
            await service.close()
            service = MatchService(store_for(_url(store)), clock=clock)
            await service.start()
        while match.status == "playing":
            user = match.seats[match.to_move[0]].user_id
            match = (await service.play(match.id, user, "add 3")).final
        await service.close()
    assert refused == []
    await store.open()
    assert {r.rating.matches for u in (A, B) for r in await store.ratings(u, GUILD)} == {3}


async def test_resigning_counts_last_against_a_computer_that_plays_on(store, clock):
    service = MatchService(store, clock=clock, seed_source=drawn_seeds())
    await service.start()
    lobby = await service.new_match("toy-race", GUILD, 9, A)
    await service.lobby_join(lobby.id, B)
    await service.lobby_join(lobby.id, C)
    match = await service.lobby_start(lobby.id, A)
    match = await service.resign(match.id, C)  # C gives up before anyone moved
    while match.status == "playing":
        if match.awaits_computer:
            match = (await service.computer_turns(match.id))[-1].final
        else:
            user = match.seats[match.to_move[0]].user_id
            match = (await service.play(match.id, user, "add 1")).final
    shown = {u: (await service.ratings(u))[0].rating.shown for u in (A, B, C)}
    assert shown[C] < min(shown[A], shown[B])  # last, whatever its computer did
    await service.close()


async def test_the_migration_replays_stored_results_into_the_same_ratings(
    store, clock, monkeypatch
):
    service = MatchService(store, clock=clock, seed_source=drawn_seeds())
    await service.start()
    for people, resign in (((A, B), None), ((B, C, A), C), ((A, C), None), ((C, B), None)):
        await race(service, people, resign=resign)
        clock.advance(60)
    await race(service, (A, B, C), seed=12)  # practice: chosen seed
    live = await figures(service)
    assert any(live["board"])
    await service.close()
    later = await _undo_ratings_migration(store)
    # Only the ratings migration is missing: the store runs it (and records it) again.
    ratings_migration = migrations.ratings_migration(store.dialect)
    every = migrations.for_dialect
    monkeypatch.setattr(
        migrations, "for_dialect", lambda d: tuple(m for m in every(d) if m[0] <= ratings_migration)
    )
    store = store_for(_url(store))
    replayed = MatchService(store, clock=clock)
    await replayed.start()  # migrates again: the stored results are replayed
    assert await figures(replayed) == live
    await _record_versions(store, later)
    await replayed.close()


def _url(store) -> str:
    if isinstance(store, SqliteMatchStore):
        return f"sqlite:///{store.path}"
    assert isinstance(store, PostgresMatchStore)
    return store.url


async def _execute(store, *statements: str) -> list:
    if isinstance(store, SqliteMatchStore):
        rows = []
        for sql in statements:
            async with store.db.execute(sql) as cursor:
                rows += list(await cursor.fetchall())
        return rows
    async with store.pool.acquire() as conn:
        rows = []
        for sql in statements:
            rows += list(await conn.fetch(sql))
        return rows


async def _undo_ratings_migration(store) -> list[int]:
    """The database as if the ratings migration had never run: its tables, column and
    version row gone (the versions after it are taken out too and returned)."""
    first = migrations.ratings_migration(store.dialect)
    await store.open()
    later = [
        r[0]
        for r in await _execute(
            store, f"SELECT version FROM schema_version WHERE version > {first}"
        )
    ]
    await _execute(
        store,
        "DROP TABLE ratings",
        "DROP TABLE rating_history",
        "ALTER TABLE matches DROP COLUMN practice",
        f"DELETE FROM schema_version WHERE version >= {first}",
    )
    await store.close()
    return later


async def _record_versions(store, versions: list[int]) -> None:
    await _execute(store, *(f"INSERT INTO schema_version VALUES ({v})" for v in versions))
