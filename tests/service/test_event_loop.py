"""The bot's event loop (service/event_loop.py): uvloop where installed, asyncio's loop
otherwise, and the bot's whole turn path works on both."""

from __future__ import annotations

import asyncio
import importlib
import sys

import pytest
import uvloop

from service import MatchService, event_loop


async def _loop_type() -> type:
    return type(asyncio.get_running_loop())


def test_the_bot_runs_on_uvloop_where_it_is_installed() -> None:
    assert issubclass(event_loop.run(_loop_type()), uvloop.Loop)


def test_without_uvloop_it_runs_on_asyncio_s_loop(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "uvloop", None)  # ``import uvloop`` fails, as uninstalled
    try:
        importlib.reload(event_loop)  # the module chooses its loop when imported
        loop_type = event_loop.run(_loop_type())
    finally:
        monkeypatch.undo()
        importlib.reload(event_loop)  # uvloop again, for every later test
    assert not issubclass(loop_type, uvloop.Loop)
    assert issubclass(loop_type, asyncio.BaseEventLoop)


async def _a_match_played(url: str) -> tuple[int, int]:
    service = await MatchService.open(url)
    try:
        match = await service.new_match("dungeon-delver", 1, 2, 3)
        move = (await service.legal_moves(match.id, 3))[0]
        outcome = await service.play(match.id, 3, move, match.version)
    finally:
        await service.close()
    again = await MatchService.open(url)
    try:
        return outcome.match.version, (await again.get(match.id)).version
    finally:
        await again.close()


def test_a_move_is_saved_and_read_back_on_uvloop(database_url: str) -> None:
    """Both stores on uvloop (its sockets are not asyncio's: the PostgreSQL store polls
    its connection's socket before a write)."""
    played, stored = event_loop.run(_a_match_played(database_url))
    assert played == stored == 2
