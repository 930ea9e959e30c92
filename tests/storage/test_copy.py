"""``python -m storage copy``: SQLite → PostgreSQL and back, everything copied and verified,
and never into a database that has data."""

from __future__ import annotations

import asyncio
import subprocess
import sys
from pathlib import Path

import pytest

from service import MatchService, NotifySettings
from storage import TABLES, store_for
from storage.copy import CopyRefused, copy_database
from storage.features.tournaments import TournamentRow
from storage.records import Champion

ROOT = Path(__file__).resolve().parents[2]
HOST, GUEST = 101, 202


async def fill(url: str) -> None:
    """Live, finished and lobby matches, solo and multiplayer, statistics in a server and
    in direct messages, a turn clock claimed by a process."""
    service = MatchService(store_for(url))
    await service.start()
    for index, guild in enumerate((1, None, 2)):
        # the first is rated (no chosen seed), the others are practice
        lobby = await service.new_match("toy-race", guild, 9, HOST, seed=index or None)
        await service.lobby_join(lobby.id, GUEST)
        match = await service.lobby_start(lobby.id, HOST)
        for _ in range(2 + 10 * (index != 1)):  # the second stays unfinished
            if match.status != "playing":
                break
            match = (
                await service.play(match.id, match.seats[match.to_move[0]].user_id, "add 3")
            ).final
    waiting = await service.new_match("toy-race", 1, 9, GUEST)  # an open lobby
    solo = await service.new_match("cartographer", 1, 9, HOST, seed=5)
    for _ in range(3):
        await service.play(solo.id, HOST, (await service.legal_moves(solo.id, HOST))[0])
    await service.store.claim_timers([m.id for m in await service.live_matches()], "0/1", 0.0, 60)
    await service.store.daily_seed(1, "cartographer", "2026-11-25", 2**64 - 3)  # the daily deal
    await service.store.daily_add(solo.id, 1, "cartographer", "2026-11-25", HOST, 5.0)
    await service.save_notify(NotifySettings(GUEST, dm=True, reminders=False))  # /notify
    await service.store.set_quiet(solo.id, HOST, True)
    await service.first_tip(HOST, "cartographer")  # a first-game tip was given
    await service.store.save_deal_par("a1b2", "cartographer", '{"form":1}')  # a deal's par
    await service.change_setting(1, "max_lobbies", 5)  # a server setting
    await service.follow(waiting, GUEST + 1, thread_id=77)  # a follower
    await service.store.add_champion(Champion(1, "toy-race", "2026-10", HOST, 1600, 5, 1.5))
    tournament = TournamentRow("tabcde", 1, "running", '{"id":"tabcde"}', 3, 7.5)
    await service.store.save_tournament(tournament, None)  # a tournament's document
    await service.close()


async def rows(url: str) -> dict[str, list]:
    store = store_for(url)
    await store.open()
    found = {t: sorted(await store.export_rows(t), key=repr) for t in TABLES}
    await store.close()
    return found


async def test_sqlite_to_postgresql_and_back_copies_everything(tmp_path, postgres_url):
    source = f"sqlite:///{tmp_path / 'source.db'}"
    await fill(source)
    original = await rows(source)
    assert all(original[t] for t in TABLES)  # every table has something to copy
    report = await copy_database(source, postgres_url)
    assert report.rows == {t: len(original[t]) for t in TABLES}
    assert report.replayed == 4 and report.skipped == []
    assert await rows(postgres_url) == original
    back = f"sqlite:///{tmp_path / 'back.db'}"
    await copy_database(postgres_url, back)
    assert await rows(back) == original
    # the copy is a working database: the unfinished match goes on where it stopped
    service = MatchService(store_for(postgres_url))
    await service.start()
    (live,) = [m for m in await service.find_matches(HOST) if m.game_id == "toy-race"]
    await service.play(live.id, live.seats[live.to_move[0]].user_id, "add 1")
    await service.close()


async def test_a_target_with_data_is_refused_and_left_alone(tmp_path, postgres_url):
    source = f"sqlite:///{tmp_path / 'source.db'}"
    await fill(source)
    service = MatchService(store_for(postgres_url))
    await service.start()
    await service.new_match("toy-race", 1, 9, 999)
    await service.close()
    before = await rows(postgres_url)
    with pytest.raises(CopyRefused, match="not empty"):
        await copy_database(source, postgres_url)
    assert await rows(postgres_url) == before
    with pytest.raises(CopyRefused, match="same database"):
        await copy_database(source, source)


def test_the_command_line_copies_and_then_refuses(tmp_path, postgres_url):
    source = tmp_path / "cli.db"

    async def solo_games() -> None:  # real games: the command runs in its own process
        service = MatchService(store_for(f"sqlite:///{source}"))
        await service.start()
        for seed in (1, 2):
            match = await service.new_match("dungeon-delver", None, 9, HOST, seed=seed)
            await service.play(match.id, HOST, (await service.legal_moves(match.id, HOST))[0])
        await service.close()

    asyncio.run(solo_games())
    command = [sys.executable, "-m", "storage", "copy", f"sqlite:///{source}", postgres_url]
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "2 matches replayed" in done.stdout and "copy complete" in done.stdout
    again = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert again.returncode == 1 and "not empty" in again.stderr
