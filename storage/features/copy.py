"""Every row of a table out, and in unchanged: ``python -m storage copy`` moves a database
from one store to the other (storage/copy.py)."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any

from storage.base import TABLES
from storage.sql import Query, SqlBackend, Tx


@cache
def _select(table: str) -> Query:
    return Query(f"SELECT {', '.join(TABLES[table])} FROM {table}")


@cache
def _insert(table: str) -> Query:
    columns = TABLES[table]
    return Query(
        f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({', '.join(':' + c for c in columns)})"
    )


class Copying(SqlBackend):
    async def export_rows(self, table: str) -> list[dict[str, Any]]:
        """Every row of ``table`` (one of ``TABLES``) as column → value (a copy's source)."""
        return [dict(zip(TABLES[table], r, strict=True)) for r in await self.read(_select(table))]

    async def import_rows(self, table: str, rows: Sequence[dict[str, Any]]) -> None:
        """Insert ``rows`` (from ``export_rows``) unchanged, in one transaction."""
        if not rows:
            return

        async def insert(tx: Tx) -> None:
            await tx.executemany(_insert(table), rows)

        await self.transaction(insert)
