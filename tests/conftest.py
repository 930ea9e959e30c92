"""Shared fixtures: the databases every test runs on, and the end-to-end bot tests' bot.

Every storage and service test (through ``store`` / ``backend_url``) runs twice: on a SQLite
file and on PostgreSQL. A bot test (through ``database_url``) is about Discord and runs on
SQLite alone, unless marked ``@pytest.mark.postgres``: it touches what the databases could do
differently (a restart's state, timers coming due, statistics, the action log), and runs on
both. The PostgreSQL server is started by the tests themselves (tests/pg_server.py, one per
test process, about a second, ended with that process however it ends), and each test gets
a fresh schema of it.

simcord's plugin builds ``simcord_env`` from ``simcord_bot``. simcord never closes the bot,
so ``env`` does it (an open aiosqlite thread would hang pytest at exit).
"""

from __future__ import annotations

import asyncio
import itertools
import os
from collections.abc import AsyncIterator

import pytest
import pytest_asyncio
from simcord.env import Env

from tests.toys import drop_four

# The test game is known to every test, as a game defined outside the project would be.
drop_four.install()


@pytest.fixture
def database_url(backend_url: str) -> str:
    """The bot's database: SQLite, and PostgreSQL too for a test marked ``postgres``."""
    return backend_url


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "postgres: a bot test that also runs on PostgreSQL (it touches storage)"
    )


def _parametrized(metafunc: pytest.Metafunc, name: str) -> bool:
    for mark in metafunc.definition.iter_markers("parametrize"):
        names = mark.args[0] if mark.args else mark.kwargs.get("argnames", ())
        if name in (names.replace(" ", "").split(",") if isinstance(names, str) else names):
            return True
    return False


@pytest.hookimpl(tryfirst=True)  # before pytest turns the marks into parameters
def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """A bot test runs on SQLite alone unless marked ``postgres`` or given its backends."""
    if (
        "database_url" in metafunc.fixturenames
        and metafunc.definition.get_closest_marker("postgres") is None
        and not _parametrized(metafunc, "backend")
    ):
        metafunc.definition.add_marker(
            pytest.mark.parametrize("backend", ["sqlite"], indirect=True)
        )


def _warm_renderer() -> None:
    """The renderer's start-up warm-up, outside simcord: the bot runs it in a thread from
    ``setup_hook``, and simcord gives a starting bot a fixed 5 s to settle, which a cold
    warm-up (several seconds on a loaded machine) would overrun. Warmed here, the bot's own
    call finds everything cached (a fraction of a millisecond; again after a test cleared
    the renderer's caches)."""
    import renderer  # noqa: PLC0415 - only where a bot is built
    from gamecore.registry import list_games  # noqa: PLC0415 - only where a bot is built

    list_games()
    renderer.warm_up()


@pytest.fixture
def make_bot(database_url: str, monkeypatch: pytest.MonkeyPatch):
    """Builds a fresh, unstarted bot on the test's database (call again for a restart)."""
    from bot import Settings, create_bot  # noqa: PLC0415 - bot (discord, every cog) loads only where a bot is built
    from service import pars  # noqa: PLC0415 - with the bot, only where a bot is built

    _warm_renderer()
    # A finished solo game's par worker runs at the test's own priority: at the lowest, CPU
    # burners beside the suite starve it past simcord's settle timeout (seen: 60 s). The
    # lowest priority itself is tested in tests/storage/test_deal_pars.py.
    monkeypatch.setattr(pars, "LOWEST_PRIORITY", "")

    def make() -> object:
        bot = create_bot(Settings(database_url=database_url))
        # Computer seats move at once: a pause shorter than simcord's settle window would be
        # waited out in real time. Tests of the pause set a long one and advance the clock.
        bot.computer_delay = 0.0
        # A solo game's par plays its deal 40 times instead of 1,000 (the figures are tested
        # in tests/gamecore/test_analysis.py; here only that they are shown).
        bot.par_plays = 40
        bot.review_samples = 4  # and a review deals 4 worlds per decision
        return bot

    return make


@pytest.fixture
def simcord_bot(make_bot):
    return make_bot()


@pytest_asyncio.fixture
async def env(simcord_env) -> AsyncIterator:
    yield simcord_env
    if not simcord_env.bot.is_closed():
        await simcord_env.bot.close()


#: simcord's per-interaction settle timeout, in real seconds, for every test that drives the
#: bot (its default, 5 s, is too short for a render or a simulation on a loaded two-core
#: machine); a test may still set its own with ``@pytest.mark.simcord(settle_timeout=…)``.
SETTLE_TIMEOUT = 60.0


#: How often simcord's settle loop looks again while the bot's tasks are under way, in real
#: seconds (simcord: 0.05). It waits for a task to *end* or this long, so every settle whose
#: tasks went on to a database call or a timer sat out the rest of the 50 ms: a test that
#: advances the clock 16 minutes a turn (a minute loop's database reads at every tick) was
#: idle 90 % of its time. Only the polling changes; what settles and when it has settled
#: are simcord's own checks. simcord takes no option for it: its keyword default is set.
#: (5 ms polled more than it saved; 10 ms costs no more CPU than 50 ms.)
SETTLE_POLL = 0.01

Env._settle_internal.__kwdefaults__["idle"] = SETTLE_POLL


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:  # noqa: ARG001 - pytest hook signature
    for item in items:
        if "simcord_env" not in getattr(item, "fixturenames", ()):
            continue
        marker = item.get_closest_marker("simcord")
        options = dict(marker.kwargs) if marker else {}
        options.setdefault("settle_timeout", SETTLE_TIMEOUT)
        item.add_marker(pytest.mark.simcord(**options), append=False)


# -- databases: SQLite, and PostgreSQL for storage, service and marked bot tests -------------


@pytest.fixture(scope="session")
def postgres_server():
    """One PostgreSQL server per test process (pytest-xdist worker), started on first use."""
    from tests.pg_server import PostgresServer  # noqa: PLC0415 - the PostgreSQL wheel loads only where a server starts

    server = PostgresServer()
    server.start()
    yield server
    server.cleanup()


@pytest.fixture(scope="module")
def stoppable_postgres():
    """A server for one test module alone: its tests stop and start it."""
    from tests.pg_server import PostgresServer  # noqa: PLC0415 - the PostgreSQL wheel loads only where a server starts

    server = PostgresServer()
    server.start()
    yield server
    server.cleanup()


_schemas = itertools.count()


@pytest.fixture
def postgres_url(postgres_server) -> str:
    """A fresh, empty schema of the session's server (a schema costs a millisecond, a
    database half a second); every connection of the URL works in it."""
    schema = f"test_{os.getpid()}_{next(_schemas)}"

    import asyncpg  # noqa: PLC0415 - the PostgreSQL driver loads only where a test uses it

    async def create() -> None:
        conn = await asyncpg.connect(postgres_server.url())
        await conn.execute(f"CREATE SCHEMA {schema}")
        await conn.close()

    asyncio.run(create())
    return f"{postgres_server.url()}&search_path={schema}"


@pytest.fixture(params=["sqlite", "postgres"])
def backend(request: pytest.FixtureRequest) -> str:
    """Which database a test runs on; narrow it with
    ``@pytest.mark.parametrize("backend", ["sqlite"], indirect=True)``."""
    return request.param


@pytest.fixture
def backend_url(backend: str, request: pytest.FixtureRequest, tmp_path) -> str:
    """A fresh database of each backend: ``sqlite:///…`` in the test's folder, or a
    ``postgresql://…`` schema of the session's PostgreSQL server."""
    if backend == "sqlite":
        return f"sqlite:///{tmp_path / 'test.db'}"
    return request.getfixturevalue("postgres_url")


@pytest.fixture
async def store(backend_url: str):
    """An open store of the test's database, each backend in turn (SQLite and PostgreSQL):
    the one ``store`` of the storage, service and process tests."""
    from storage import store_for  # noqa: PLC0415 - the store loads only where a test opens one

    store = store_for(backend_url)
    await store.open()
    yield store
    await store.close()
