"""The tests' own PostgreSQL (tests/pg_server.py): a server that cannot start says why, in
the server's own words (issue 21 item 1: initdb's error text used to be swallowed)."""

from __future__ import annotations

import pytest

from tests.pg_server import PostgresError, PostgresServer


def test_a_server_that_cannot_start_shows_its_own_error() -> None:
    server = PostgresServer(settings=("no_such_setting=1",))
    try:
        with pytest.raises(PostgresError) as failed:
            server.start()
    finally:
        server.cleanup()
    text = str(failed.value)
    assert text.startswith("pg_ctl exited 1")
    assert 'unrecognized configuration parameter "no_such_setting"' in text  # the server's log
