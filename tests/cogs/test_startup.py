"""Start-up: settings from the environment, the no-token message, localized commands."""

from __future__ import annotations

import re
import subprocess
import sys
import threading
from pathlib import Path

import discord
import pytest
from discord import app_commands

import renderer
from bot import DEFAULT_DATABASE_URL, INVITE_PERMISSIONS, MISSING_TOKEN_HELP, Settings, create_bot
from cogs.delivery.permissions import NEEDED, NEEDED_IN_THREAD
from i18n import t
from storage import ShardFilter
from tests.deadlines import HANG_GUARD

ROOT = Path(__file__).resolve().parents[2]


def test_settings_come_from_the_environment() -> None:
    settings = Settings.from_env(
        {"DISCORD_TOKEN": " abc ", "DEV_GUILD_ID": "123", "LOG_LEVEL": "debug", "DATABASE_URL": ""}
    )
    assert settings == Settings(
        token="abc", database_url=DEFAULT_DATABASE_URL, dev_guild_id=123, log_level="DEBUG"
    )
    assert Settings.from_env({}).dev_guild_id is None


def test_without_a_token_the_bot_explains_how_to_get_one_and_exits(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, str(ROOT / "bot.py")],
        cwd=tmp_path,
        env={"PATH": "/usr/bin:/bin"},
        capture_output=True,
        text=True,
        timeout=HANG_GUARD,
    )
    assert done.returncode != 0
    message = done.stderr.strip()
    assert "\n" not in message  # one paragraph, no traceback
    for needed in (
        "discord.com/developers/applications",
        "Reset Token",
        "DISCORD_TOKEN=",
        ".env.example",
        "applications.commands",
        "bot",
    ):
        assert needed in message
    assert not (tmp_path / "data").exists()  # nothing was created


def test_a_database_url_the_store_cannot_open_is_refused_in_one_line(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, str(ROOT / "bot.py")],
        cwd=tmp_path,
        env={"PATH": "/usr/bin:/bin", "DISCORD_TOKEN": "x", "DATABASE_URL": "mysql://db/x"},
        capture_output=True,
        text=True,
        timeout=HANG_GUARD,
    )
    assert (
        done.returncode == 2 and "postgresql://" in done.stderr and "\n" not in done.stderr.strip()
    )


async def test_commands_are_synced_with_japanese_names(env) -> None:
    tree = env.bot.tree
    names = {c.name for c in tree.get_commands()}
    assert {"game", "play", "hint", "rules", "stats", "leaderboard", "history"} <= names
    translator = tree.translator
    for command in tree.get_commands():
        payload = await command.get_translated_payload(tree, translator)
        japanese = payload["name_localizations"].get("ja")
        assert japanese and re.fullmatch(r"[-_\w]{1,32}", japanese) and japanese == japanese.lower()
        assert payload["description_localizations"].get("ja")
    game = next(c for c in tree.get_commands() if c.name == "game")
    payload = await game.get_translated_payload(tree, translator)
    assert payload["name_localizations"]["ja"] == "ゲーム"
    assert {o["name"] for o in payload["options"]} >= {"new", "show", "resign", "abandon", "list"}
    assert discord.Locale.japanese.value == "ja"
    # and Discord got every command of the tree, each with its Japanese name
    synced = {c["name"]: c for c in env.backend.commands.get(None, {}).values()}
    assert set(synced) == {c.name for c in tree.get_commands()}
    assert synced["game"]["name_localizations"]["ja"] == "ゲーム"


@pytest.mark.parametrize("backend", ["sqlite"], indirect=True)  # the hash lives beside the file
async def test_commands_are_synced_only_when_their_payload_changed(env, make_bot) -> None:
    def puts() -> int:
        return sum(
            1 for r in env.http_requests if r.method == "PUT" and r.path.endswith("/commands")
        )

    assert puts() == 1  # a new database: synced
    await env.bot.close()
    await env.restart_bot(make_bot())
    assert puts() == 1  # the same commands: not synced again
    await env.bot.close()
    changed = make_bot()

    @app_commands.command(name="extra", description="A command added by an update")
    async def extra(interaction) -> None:
        await interaction.response.send_message("extra")

    changed.tree.add_command(extra)
    await env.restart_bot(changed)
    assert puts() == 2  # the payload changed: synced
    guild = env.create_guild("G")
    assert "extra" in guild.add_member(env.create_user("u")).available_commands(
        guild.create_text_channel("c")
    )


def test_shard_settings_from_the_environment() -> None:
    cluster = Settings.from_env({"SHARD_COUNT": "4", "CLUSTER_COUNT": "2", "CLUSTER_ID": "1"})
    assert cluster.shards == ShardFilter(4, frozenset({1, 3}))
    listed = Settings.from_env({"SHARD_COUNT": "6", "SHARD_IDS": "0, 5"}).shards
    assert listed == ShardFilter(6, frozenset({0, 5})) and listed.label == "0,5/6"
    assert Settings.from_env({"SHARD_COUNT": "3"}).shards.ids == {0, 1, 2}
    assert Settings.from_env({}).shards.count == 1
    for wrong in (
        {"SHARD_COUNT": "2", "SHARD_IDS": "2"},
        {"SHARD_COUNT": "two"},
        {"SHARD_COUNT": "4", "CLUSTER_COUNT": "2", "CLUSTER_ID": "2"},
        {"SHARD_COUNT": "4", "SHARD_IDS": "1", "CLUSTER_COUNT": "2"},
    ):
        with pytest.raises(ValueError):
            Settings.from_env(wrong)


async def test_a_cluster_runs_its_shards_and_only_shard_0_syncs_commands(tmp_path) -> None:
    synced = []
    for ids in ({1, 3}, {0, 2}):
        settings = Settings(
            database_url=f"sqlite:///{tmp_path / 'shards.db'}",
            shards=ShardFilter(4, frozenset(ids)),
        )
        bot = create_bot(settings)
        assert isinstance(bot, discord.AutoShardedClient)
        assert (bot.shard_count, bot.shard_ids) == (4, sorted(ids))

        async def sync(ids: set[int] = ids) -> None:
            synced.append(ids)

        bot.sync_commands = sync
        await bot.setup_hook()
        assert bot.service.shards == settings.shards
        # an AutoShardedClient can only close() after connecting: stop the cogs' loops here
        for extension in list(bot.extensions):
            await bot.unload_extension(extension)
        await bot.service.close()
    assert synced == [{0, 2}]
    assert not isinstance(create_bot(Settings()), discord.AutoShardedClient)


def test_the_invite_instructions_name_every_permission_a_channel_needs() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for name in sorted({*NEEDED, *NEEDED_IN_THREAD}):
        assert getattr(INVITE_PERMISSIONS, name), name
        label = t(f"perm.{name}", "en")
        assert label in MISSING_TOKEN_HELP and f"*{label}*" in readme, label


async def test_setup_warms_the_renderer_up_in_a_thread(tmp_path, monkeypatch) -> None:
    """Issue 23 item 6: fonts, card faces and palettes are built at start, off the event loop,
    so the first board of each game does not stall."""
    ran_in = []
    monkeypatch.setattr(renderer, "warm_up", lambda: ran_in.append(threading.current_thread()))
    bot = create_bot(Settings(database_url=f"sqlite:///{tmp_path / 'warm.db'}"))

    async def no_sync() -> None:
        return None

    bot.sync_commands = no_sync
    await bot.setup_hook()
    try:
        assert getattr(bot, "warming_up", None) is not None
        bot.warming_up.join(timeout=HANG_GUARD)
        assert ran_in and ran_in[0] is not threading.main_thread() and ran_in[0].daemon
    finally:
        for extension in list(bot.extensions):
            await bot.unload_extension(extension)
        await bot.service.close()
