"""``run_bot`` (what ``python bot.py`` runs) turns SIGTERM into the graceful stop and
returns, so ``main`` exits 0. Discord is unreachable here: the bot's ``start`` is replaced
by one that opens the match service, sends the process SIGTERM, and waits to be closed."""

from __future__ import annotations

import asyncio
import os
import signal
from pathlib import Path

import pytest

from bot import Settings, create_bot, run_bot


def test_sigterm_stops_the_bot_and_run_bot_returns(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    bot = create_bot(Settings(database_url=f"sqlite:///{tmp_path}/tabletop.db"))
    seen: list[str] = []

    async def start(token: str) -> None:
        assert token == "token"
        await bot.open_service()
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
