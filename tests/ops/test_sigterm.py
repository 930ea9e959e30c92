"""``run_bot`` (what ``python bot.py`` runs) turns SIGTERM into the graceful stop and
returns, so ``main`` exits 0, its par workers ended. Discord is unreachable here: the bot's
``start`` is replaced by one that opens the match service, computes a par, sends the
process SIGTERM, and waits to be closed."""

from __future__ import annotations

import asyncio
import os
import signal
from pathlib import Path

import pytest

from bot import Settings, create_bot, run_bot
from service import pars


def test_sigterm_stops_the_bot_and_run_bot_returns(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    bot = create_bot(Settings(database_url=f"sqlite:///{tmp_path}/tabletop.db"))
    seen: list[str] = []
    monkeypatch.setattr(pars, "LOWEST_PRIORITY", 0)  # the test's priority: burners beside it

    async def start(token: str) -> None:
        assert token == "token"
        await bot.open_service()
        await pars.in_low_priority_process("dungeon-delver", 5, {}, 10)
        assert pars.worker_ids()
        os.kill(os.getpid(), signal.SIGTERM)
        for _ in range(3000):  # a safety deadline (30 s) that only catches a hang
            if bot.is_closed():
                seen.append("closed")
                return
            await asyncio.sleep(0.01)

    monkeypatch.setattr(bot, "start", start)
    previous = signal.getsignal(signal.SIGTERM)
    try:
        run_bot(bot, "token")
    finally:
        signal.signal(signal.SIGTERM, previous)
    assert seen == ["closed"]
    assert bot.intake.closing and not bot.serving  # stopped through stop_gracefully
    assert pars.worker_ids() == set()  # the par workers ended with the bot
