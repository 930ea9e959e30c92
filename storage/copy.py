"""Moving house: copy every match, action, timer and statistic from one database to another
(``python -m storage copy sqlite:///data/tabletop.db postgresql://…``, or back).

The target is migrated first and must be empty: a copy never merges into or overwrites a
database in use. Afterwards the row counts of both sides are compared and every copied
match is replayed from its seed and action log in the target and compared with its stored
state, so a copy that lost or changed anything fails loudly. Stop the bot while copying:
moves made during the copy would not be in the target.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from gamecore.contract import IllegalAction
from gamecore.registry import get_game
from storage import TABLES, MatchStore, store_for


class CopyRefused(Exception):
    """The copy cannot start or did not verify (the message says why)."""


@dataclass(slots=True)
class CopyReport:
    rows: dict[str, int] = field(default_factory=dict)
    replayed: int = 0
    skipped: list[str] = field(default_factory=list)  # matches of games not installed


async def copy_database(
    source_url: str, target_url: str, say: Callable[[str], None] = lambda _text: None
) -> CopyReport:
    """Copy ``source_url`` into the empty ``target_url`` and verify it (``CopyRefused``)."""
    if source_url == target_url:
        raise CopyRefused("the source and the target are the same database")
    source, target = store_for(source_url), store_for(target_url)
    await source.open()
    try:
        await target.open()
        try:
            return await _copy(source, target, say)
        finally:
            await target.close()
    finally:
        await source.close()


async def _copy(source: MatchStore, target: MatchStore, say: Callable[[str], None]) -> CopyReport:
    for table in TABLES:
        if await target.export_rows(table):
            raise CopyRefused(f"the target is not empty (table {table} has rows); nothing copied")
    report = CopyReport()
    for table in TABLES:  # parents first: matches before their actions
        rows = await source.export_rows(table)
        await target.import_rows(table, rows)
        report.rows[table] = len(rows)
        say(f"{table}: {len(rows)} rows copied")
    for table, count in report.rows.items():
        copied = len(await target.export_rows(table))
        if copied != count:
            raise CopyRefused(f"{table}: {count} rows in the source but {copied} in the target")
    for row in await source.export_rows("matches"):
        if row["state"] is None:
            continue
        try:
            game = get_game(row["game_id"])
        except (IllegalAction, ModuleNotFoundError):
            report.skipped.append(row["id"])
            continue
        stored = await target.load(row["id"])
        if stored is None or game.to_json(await target.replay(row["id"])) != game.to_json(
            stored.state
        ):
            raise CopyRefused(f"match {row['id']} does not replay to its state in the target")
        report.replayed += 1
    say(f"{report.replayed} matches replayed from their action logs: every state equal")
    if report.skipped:
        say(f"not replayed (game not installed): {', '.join(report.skipped)}")
    return report
