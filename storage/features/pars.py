"""The par of a deal (service/pars.py), computed once for every player of it."""

from __future__ import annotations

from storage.sql import Query, SqlBackend

_PAR = Query("SELECT par FROM deal_pars WHERE deal = :deal")
_SAVE_PAR = Query(
    "INSERT INTO deal_pars (deal, game_id, par) VALUES (:deal, :game_id, :par) "
    "ON CONFLICT DO NOTHING"
)


class Pars(SqlBackend):
    async def deal_par(self, deal: str) -> str | None:
        """The stored par of a deal (``deal``: the digest ``service.pars`` names it by)."""
        rows = await self.read(_PAR, deal=deal)
        return str(rows[0][0]) if rows else None

    async def save_deal_par(self, deal: str, game_id: str, par: str) -> None:
        """Store a deal's par; a par stored first (another process) is kept."""
        await self.write(_SAVE_PAR, deal=deal, game_id=game_id, par=par)
