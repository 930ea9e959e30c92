"""Round trips on the wire of a PostgreSQL store, counted where asyncpg writes them: the
storage tests (one round trip a move), the bot's turn (tests/cogs/test_round_trips_per_turn.py)
and bench/requests.py's figures use it."""

from __future__ import annotations

import struct
from collections.abc import Callable
from typing import Any


class Wire:
    """Counts the round trips the pooled connections of ``store`` (a ``PostgresMatchStore``)
    make: every Sync (extended protocol) or Query (simple protocol) message the client sends
    waits for the server's ReadyForQuery, and every Flush for what came before it (asyncpg
    prepares a statement with Parse, Describe, Flush); and the statements run (Execute or
    Query)."""

    def __init__(self, store: Any) -> None:
        self.trips = 0
        self.statements = 0
        self.transports = [holder._con._transport for holder in store.pool._holders]
        for transport in self.transports:
            transport.write = self._counting(transport.write)

    @property
    def transport(self) -> Any:
        """The transport of a pool of one connection (its ``write`` counts)."""
        (transport,) = self.transports
        return transport

    def _counting(self, write: Callable[[bytes], None]) -> Callable[[bytes], None]:
        def counted(data: bytes) -> None:
            data, at = bytes(data), 0
            while at < len(data):
                kind = data[at : at + 1]
                (length,) = struct.unpack("!i", data[at + 1 : at + 5])
                self.trips += kind in (b"S", b"Q", b"H")
                self.statements += kind in (b"E", b"Q")
                at += 1 + length
            write(data)

        return counted

    def count(self) -> tuple[int, int]:
        """(round trips, statements) since the last count."""
        counted = (self.trips, self.statements)
        self.trips = self.statements = 0
        return counted
