"""SQLite and PostgreSQL give the same statistics and leaderboards for the same games."""

from __future__ import annotations

import random

from service import MatchService
from storage import store_for
from tests.service.test_service import play_solo_to_end

PEOPLE = (101, 202, 303, 404, 505)


async def play_the_same_games(service: MatchService) -> None:
    """Seeded multiplayer races and solo games in two servers and in direct messages."""
    rng = random.Random(7)
    for index in range(14):
        guild = (None, 1, 2)[index % 3]
        host, guest = rng.sample(PEOPLE, 2)
        if index % 4 == 3:
            service.seed_source = lambda _bits, index=index: index  # not chosen: it counts
            solo = await service.new_match("toy-solo", guild, 9, host)
            await play_solo_to_end(service, solo.id, host)
            continue
        service.seed_source = lambda _bits, index=index: index
        lobby = await service.new_match("toy-race", guild, 9, host)
        await service.lobby_join(lobby.id, guest)
        match = await service.lobby_start(lobby.id, host)
        while match.status == "playing":
            user = match.seats[match.to_move[0]].user_id
            if index % 5 == 4 and match.steps == 2:
                match = await service.resign(match.id, user)
                break
            outcome = await service.play(match.id, user, f"add {rng.choice((1, 2, 3))}")
            match = outcome.final


async def test_statistics_and_leaderboards_are_equal_on_both_backends(tmp_path, postgres_url):
    results = []
    for url in (f"sqlite:///{tmp_path / 'same.db'}", postgres_url):
        service = MatchService(store_for(url), seed_source=lambda _bits: 4242, id_source=_ids())
        await service.start()
        await play_the_same_games(service)
        figures = {
            "stats": [await service.stats(u) for u in PEOPLE],
            "guild": [await service.stats(u, guild_id=g) for u in PEOPLE for g in (1, 2)],
            "boards": [
                await service.leaderboard(game, guild_id=g)
                for game in ("toy-race", "toy-solo")
                for g in (None, 1, 2)
            ],
            "history": [[m.id for m in await service.history(u)] for u in PEOPLE],
        }
        await service.close()
        results.append(figures)
    sqlite, postgres = results
    assert sum(len(board) for board in sqlite["boards"]) > 10  # the games did count
    assert postgres == sqlite


def _ids():
    counter = iter(range(10**6))
    return lambda: f"m{next(counter):05d}"
