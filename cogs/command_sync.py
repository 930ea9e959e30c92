"""Command sync only when the command payload changed since the last sync.

Discord limits command creates (200 per day per server) and a global sync takes a while
to reach every server, so syncing on every start is wasteful. The payload the tree would
send (translated names and descriptions included) is hashed; the hash of the last sync
is kept per target (global, or a development server) in a small JSON file next to the
database (``<database>.commands.json``). No file (a new database, ``:memory:``) means
sync.
"""

from __future__ import annotations

import hashlib
import json
import logging
from pathlib import Path
from typing import Any

import discord
from discord import app_commands

log = logging.getLogger("tabletop.sync")


async def command_payload(
    tree: app_commands.CommandTree, guild: discord.abc.Snowflake | None
) -> list[dict[str, Any]]:
    """What ``tree.sync(guild=guild)`` would send, built as discord.py builds it (every
    name and description in every locale: the costly part of a start)."""
    commands = tree.get_commands(guild=guild)
    translator = tree.translator
    if translator is not None:
        return [await command.get_translated_payload(tree, translator) for command in commands]
    return [command.to_dict(tree) for command in commands]


def payload_hash(payload: list[dict[str, Any]]) -> str:
    text = json.dumps(payload, sort_keys=True, ensure_ascii=False, default=str)
    return hashlib.sha256(text.encode()).hexdigest()


async def _upsert(
    tree: app_commands.CommandTree,
    guild: discord.abc.Snowflake | None,
    payload: list[dict[str, Any]],
) -> list[Any]:
    """``tree.sync``'s request and errors, with the payload already built (``tree.sync``
    would build it a second time)."""
    client = tree.client
    if client.application_id is None:
        raise app_commands.MissingApplicationID
    try:
        if guild is None:
            return await client.http.bulk_upsert_global_commands(client.application_id, payload)
        return await client.http.bulk_upsert_guild_commands(
            client.application_id, guild.id, payload
        )
    except discord.HTTPException as error:
        if error.status == 400 and error.code == 50035:  # as tree.sync reports it
            raise app_commands.CommandSyncFailure(error, tree.get_commands(guild=guild)) from None
        raise


def state_file(database_url: str) -> Path | None:
    """Where the last synced hashes are kept: next to the SQLite file."""
    path = database_url.removeprefix("sqlite:///")
    if path == database_url or not path or ":memory:" in path:
        return None
    return Path(path).with_name(Path(path).name + ".commands.json")


def _read(file: Path | None) -> dict[str, Any]:
    if file is None or not file.exists():
        return {}
    try:
        data = json.loads(file.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


async def sync_if_changed(
    tree: app_commands.CommandTree, database_url: str, guild: discord.abc.Snowflake | None = None
) -> bool:
    """Sync the commands for ``guild`` (None: globally) when their payload differs from the
    last synced one. Returns whether a sync was made."""
    target = f"guild:{guild.id}" if guild is not None else "global"
    application = str(getattr(tree.client, "application_id", None) or "")
    key = f"{application}:{target}"
    payload = await command_payload(tree, guild)
    digest = payload_hash(payload)
    file = state_file(database_url)
    known = _read(file)
    if known.get(key) == digest:
        log.info("commands unchanged since the last sync (%s): not synced", target)
        return False
    synced = await _upsert(tree, guild, payload)
    log.info("synced %d commands (%s)", len(synced), target)
    if file is not None:
        known[key] = digest
        try:
            file.parent.mkdir(parents=True, exist_ok=True)
            file.write_text(json.dumps(known, indent=1), encoding="utf-8")
        except OSError:
            log.warning("could not remember the synced commands in %s", file, exc_info=True)
    return True
