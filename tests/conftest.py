"""Shared fixtures for the end-to-end bot tests (simcord; see shared testing-discord.md).

simcord's plugin builds ``simcord_env`` from ``simcord_bot``. simcord never closes the bot,
so ``env`` does it (an open aiosqlite thread would hang pytest at exit).
"""

from __future__ import annotations

import asyncio
import itertools
import os
from collections.abc import AsyncIterator

import asyncpg
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


# -- databases: every test that takes ``database_url`` runs on SQLite and on PostgreSQL ------


@pytest.fixture(scope="session")
def postgres_server():  # noqa: ANN201
    """One PostgreSQL server per test process (pytest-xdist worker), started on first use."""
    from tests.pg_server import PostgresServer

    server = PostgresServer()
    server.start()
    yield server
    server.cleanup()


_schemas = itertools.count()


@pytest.fixture
def postgres_url(postgres_server) -> str:  # noqa: ANN001
    """A fresh, empty schema of the session's server (a schema costs a millisecond, a
    database half a second); every connection of the URL works in it."""
    schema = f"test_{os.getpid()}_{next(_schemas)}"

    async def create() -> None:
        conn = await asyncpg.connect(postgres_server.url())
        await conn.execute(f"CREATE SCHEMA {schema}")
        await conn.close()

    asyncio.run(create())
    return f"{postgres_server.url()}&search_path={schema}"


@pytest.fixture(params=["sqlite", "postgres"])
def backend_url(request: pytest.FixtureRequest, tmp_path) -> str:  # noqa: ANN001
    """A fresh database of each backend: ``sqlite:///…`` in the test's folder, or a
    ``postgresql://…`` schema of the session's PostgreSQL server."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'test.db'}"
    return request.getfixturevalue("postgres_url")
