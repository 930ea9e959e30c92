"""Shared fixtures for the end-to-end bot tests (simcord; see shared testing-discord.md).

simcord's plugin builds ``simcord_env`` from ``simcord_bot``. simcord never closes the bot,
so ``env`` does it (an open aiosqlite thread would hang pytest at exit).
"""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
import pytest_asyncio

from tests import toygame

# The test game is known to every test, as a game defined outside the project would be.
toygame.install()


@pytest.fixture
def database_url(tmp_path) -> str:  # noqa: ANN001
    return f"sqlite:///{tmp_path / 'bot.db'}"


@pytest.fixture
def make_bot(database_url: str):  # noqa: ANN201
    """Builds a fresh, unstarted bot on the test's database (call again for a restart)."""
    from bot import Settings, create_bot

    def make() -> object:
        bot = create_bot(Settings(database_url=database_url))
        # Computer seats move at once: a pause shorter than simcord's settle window would be
        # waited out in real time. Tests of the pause set a long one and advance the clock.
        bot.computer_delay = 0.0
        return bot

    return make


@pytest.fixture
def simcord_bot(make_bot):  # noqa: ANN001, ANN201
    return make_bot()


@pytest_asyncio.fixture
async def env(simcord_env) -> AsyncIterator:  # noqa: ANN001
    yield simcord_env
    if not simcord_env.bot.is_closed():
        await simcord_env.bot.close()
