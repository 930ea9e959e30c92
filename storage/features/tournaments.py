"""Tournaments (service/tournaments.py): one row each holding the whole tournament as one
JSON document, written under a version guard (the service owns every change)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from storage.base import StaleVersion
from storage.sql import Query, SqlBackend

_COLUMNS = "id, guild_id, status, doc, version, updated_at"
_INSERT = Query(
    f"INSERT INTO tournaments ({_COLUMNS}) "
    "VALUES (:id, :guild_id, :status, :doc, :version, :updated_at)"
)
_UPDATE = Query(
    "UPDATE tournaments SET status = :status, doc = :doc, version = :version, "
    "updated_at = :updated_at WHERE id = :id AND version = :expected"
)
_LOAD = Query(f"SELECT {_COLUMNS} FROM tournaments WHERE id = :id")
#: Not ended: what the service keeps in memory (and counts toward a server's bound).
_OPEN = Query(f"SELECT {_COLUMNS} FROM tournaments WHERE status <> 'ended' ORDER BY id")


@dataclass(frozen=True, slots=True)
class TournamentRow:
    id: str
    guild_id: int
    status: str
    doc: str
    version: int
    updated_at: float

    @classmethod
    def from_row(cls, row: Any) -> TournamentRow:
        return cls(str(row[0]), int(row[1]), str(row[2]), str(row[3]), int(row[4]), float(row[5]))


class Tournaments(SqlBackend):
    async def save_tournament(self, row: TournamentRow, expected_version: int | None) -> None:
        """Insert (``expected_version`` None) or update the row if the database still holds
        ``expected_version`` (else ``StaleVersion``: another writer came first)."""
        values = {
            "id": row.id,
            "guild_id": row.guild_id,
            "status": row.status,
            "doc": row.doc,
            "version": row.version,
            "updated_at": row.updated_at,
        }
        if expected_version is None:
            await self.write(_INSERT, **values)
        elif await self.write(_UPDATE, **values, expected=expected_version) != 1:
            raise StaleVersion(row.id, expected_version)

    async def load_tournament(self, tournament_id: str) -> TournamentRow | None:
        rows = await self.read(_LOAD, id=tournament_id)
        return TournamentRow.from_row(rows[0]) if rows else None

    async def open_tournaments(self) -> list[TournamentRow]:
        """Every tournament not ended, by id."""
        return [TournamentRow.from_row(r) for r in await self.read(_OPEN)]
