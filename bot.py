"""Start-up of the Discord bot: settings, logging, the match service, cogs, and the run loop.

``create_bot(settings)`` builds a fresh, unstarted bot (tests build one per test);
``python bot.py`` (``make run``) reads ``.env`` and runs it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import re
import sqlite3
import sys
import threading
from collections.abc import Mapping
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands
from dotenv import load_dotenv

import renderer
from cogs import DYNAMIC_ITEMS, EXTENSIONS
from cogs.command_sync import sync_if_changed
from cogs.flows.hands import expiry_note
from cogs.ui.discord_errors import Classified
from cogs.ui.notices import note_blocked_thread, note_deleted_thread
from cogs.ui.panels import Panels
from cogs.ui.permissions import HOME_CONTEXTS, HOME_INSTALLS, channel_ready
from cogs.ui.publisher import Publisher
from cogs.ui.replies import answer_error
from i18n.translator import CatalogTranslator
from service import Match, MatchService, MatchServiceAPI, TurnOutcome, event_loop
from service.analysis import PAR_PLAYS
from service.games import list_games
from storage import (
    ALL_SHARDS,
    SYNC_MODES,
    DatabaseInUse,
    SchemaTooNew,
    ShardFilter,
    StoreUnavailable,
    database_path,
    exclusive_use,
    is_postgres_url,
)

DEFAULT_DATABASE_URL = "sqlite:///data/tabletop.db"
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")
#: No request sleeps longer than this on a rate limit (discord.py's smallest allowed value):
#: a longer one raises ``discord.RateLimited``, which the board publisher handles like the
#: hour-old-message cap (30046) by posting a fresh board.
MAX_RATELIMIT_TIMEOUT = 30.0
#: What the bot needs in a channel to host games there (README, docs/operations.md).
INVITE_PERMISSIONS = discord.Permissions(
    view_channel=True,
    send_messages=True,
    send_messages_in_threads=True,
    embed_links=True,
    attach_files=True,
)

#: Shown when ``DISCORD_TOKEN`` is missing: everything a first-time host needs, in one place.
MISSING_TOKEN_HELP = (
    "DISCORD_TOKEN is not set, so the bot cannot log in. To get a token: open "
    "https://discord.com/developers/applications, click 'New Application' and name it; "
    "on the 'Bot' page click 'Reset Token' and copy the token; copy .env.example to .env "
    "and paste the token after DISCORD_TOKEN= ; then invite the bot to your server from "
    "'OAuth2' -> 'URL Generator' with the scopes 'bot' and 'applications.commands' "
    "(permissions: View Channel, Send Messages, Send Messages in Threads, Embed Links, "
    "Attach Files) and open the generated URL. "
    "Run 'make run' again afterwards."
)

log = logging.getLogger("tabletop.bot")


@dataclass(frozen=True, slots=True)
class Settings:
    """What the bot needs from its environment (``.env`` or real environment variables)."""

    token: str = ""
    database_url: str = DEFAULT_DATABASE_URL
    dev_guild_id: int | None = None
    log_level: str = "INFO"
    #: The Discord shards this process runs (docs/scaling.md); default: one process, all.
    shards: ShardFilter = ALL_SHARDS

    @classmethod
    def from_env(
        cls, environ: Mapping[str, str] | None = None, dotenv_path: Path | None = None
    ) -> Settings:
        """Settings from ``environ`` (default ``os.environ``) after loading ``.env`` from the
        working directory; real environment variables win over the file."""
        if environ is None:
            load_dotenv(dotenv_path or Path.cwd() / ".env", override=False)
            environ = os.environ
        guild = (environ.get("DEV_GUILD_ID") or "").strip()
        if guild and not guild.isdecimal():
            raise SettingsError(f"DEV_GUILD_ID must be a server id (digits only), not {guild!r}")
        level = (environ.get("LOG_LEVEL") or "INFO").strip().upper() or "INFO"
        if level not in LOG_LEVELS:
            raise SettingsError(f"LOG_LEVEL must be one of {', '.join(LOG_LEVELS)}, not {level!r}")
        sync = (environ.get("DATABASE_SYNC") or "NORMAL").strip().upper() or "NORMAL"
        if sync not in SYNC_MODES:
            raise SettingsError(f"DATABASE_SYNC must be {' or '.join(SYNC_MODES)}, not {sync!r}")
        url = (environ.get("DATABASE_URL") or "").strip() or DEFAULT_DATABASE_URL
        if not url.startswith(("sqlite://", "postgresql://", "postgres://")):
            raise SettingsError(
                f"DATABASE_URL must be a sqlite:/// or postgresql:// URL, not {redact(url)!r}"
            )
        try:
            shards = ShardFilter.from_env(environ)
        except ValueError as err:
            raise SettingsError(f"Shard settings: {err}") from None
        return cls(
            token=(environ.get("DISCORD_TOKEN") or "").strip(),
            database_url=url,
            dev_guild_id=int(guild) if guild else None,
            log_level=level,
            shards=shards,
        )


class SettingsError(ValueError):
    """A setting the bot cannot run with; the message names it and what it may be."""


def redact(url: str) -> str:
    """``url`` without its password (in the user part or a ``password=`` parameter)."""
    url = re.sub(r"(://[^/@:]*):[^/@]*@", r"\1:***@", url)
    return re.sub(r"(?i)(password=)[^&]*", r"\1***", url)


class TabletopTree(app_commands.CommandTree["TabletopBot"]):
    """Where every slash command's error is answered: a refusal (``IllegalAction``) is
    explained privately; anything else is logged and the user told in one line."""

    async def on_error(
        self, interaction: discord.Interaction[TabletopBot], error: app_commands.AppCommandError
    ) -> None:
        original = error.original if isinstance(error, app_commands.CommandInvokeError) else error
        await answer_error(interaction, original)


class TabletopBot(commands.Bot):
    """The bot: owns the match service for its whole life and closes it on ``close()``."""

    def __init__(self, settings: Settings, **options: Any) -> None:
        intents = discord.Intents.default()
        super().__init__(
            **options,
            command_prefix=commands.when_mentioned,
            intents=intents,
            help_command=None,
            tree_cls=TabletopTree,
            allowed_contexts=HOME_CONTEXTS,
            allowed_installs=HOME_INSTALLS,
            allowed_mentions=discord.AllowedMentions(everyone=False, roles=False, users=True),
            max_ratelimit_timeout=MAX_RATELIMIT_TIMEOUT,
        )
        self.settings = settings
        self._service: MatchServiceAPI | None = None
        #: Background runs of computer seats, one per match (see cogs/flows/next_turn.py).
        self.computer_tasks: dict[str, asyncio.Task[None]] = {}
        #: The steps each live match's board shows, oldest first (cogs/flows/boards.py: recall).
        self.recent_steps: dict[str, list[TurnOutcome]] = {}
        #: Seconds a computer seat waits before each step, so people can follow the board.
        self.computer_delay: float = 2.0
        #: Plays of the same deal per computer player in a solo game's par (docs/analysis.md).
        self.par_plays: int = PAR_PLAYS
        #: ``renderer.warm_up`` running in a daemon thread from ``setup_hook`` on (not an
        #: executor task: nothing waits for it, and shutting down never does).
        self.warming_up: threading.Thread | None = None
        #: Worlds per decision in a review; None: the analysis's defaults (48 solo, 8 multiplayer).
        self.review_samples: int | None = None
        #: Every board redraw and channel message of a match goes through it, in order.
        self.publisher = Publisher(self._channel_for, self._save_board, save_ping=self._save_ping)
        self.publisher.on_block = self._note_blocked
        self.publisher.on_unblock = self._resume_clocks
        #: Each person's one private panel per match (cogs/flows/hands.py).
        self.panels = Panels()
        self.panels.on_expiry = partial(expiry_note, self)

    def _channel_for(self, channel_id: int, guild_id: int | None) -> discord.PartialMessageable:
        return self.get_partial_messageable(channel_id, guild_id=guild_id)

    async def _save_board(self, match_id: str, message_id: int) -> None:
        await self.service.set_board_message(match_id, message_id)

    async def _save_ping(self, match_id: str, message_id: int | None) -> None:
        await self.service.set_ping_message(match_id, message_id)

    async def _note_blocked(self, match: Match, failure: Classified) -> None:
        await note_blocked_thread(self, match, failure)

    async def _resume_clocks(self, channel_id: int, blocked_for: float) -> None:
        """Nobody could see the boards of a channel that refused the bot, so its turn clocks
        get that time back instead of expiring the moment it works again."""
        try:
            await self.service.pause_clocks(channel_id, blocked_for)
        except Exception:
            log.exception("turn clocks of channel %s were not moved on", channel_id)

    async def on_raw_thread_delete(self, payload: discord.RawThreadDeleteEvent) -> None:
        """The matches of a deleted thread pause (no clock fires there) and their players are
        told in the parent channel: once the thread is gone, no request names its parent."""
        gone = [m for m in await self.service.live_matches() if m.channel_id == payload.thread_id]
        for match in gone:
            await self.publisher.channel_gone(match)
        if gone:
            await note_deleted_thread(self, gone, payload.parent_id)

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """Any interaction whose channel grants the bot what it needs lifts a block the
        publisher put on that channel (an admin fixed the permissions)."""
        if interaction.channel_id is not None and channel_ready(interaction):
            self.publisher.unblock(interaction.channel_id)

    @property
    def service(self) -> MatchServiceAPI:
        """The match service, open from ``setup_hook`` until ``close``."""
        if self._service is None:
            raise RuntimeError("the match service is not open")
        return self._service

    @property
    def serving(self) -> bool:
        """True while the match service is open."""
        return self._service is not None

    async def setup_hook(self) -> None:
        list_games()  # import every game now, so no first command pays for it
        # fonts, card faces and palettes, in a thread: no first board stalls 0.4-1.3 s on them
        self.warming_up = threading.Thread(
            target=renderer.warm_up, name="renderer-warm-up", daemon=True
        )
        self.warming_up.start()
        self._service = await MatchService.open(
            self.settings.database_url, shards=self.settings.shards
        )
        await self.tree.set_translator(CatalogTranslator())
        for extension in EXTENSIONS:
            await self.load_extension(extension)
        self.add_dynamic_items(*DYNAMIC_ITEMS)
        if 0 in self.settings.shards.ids:  # one process syncs for all
            await self.sync_commands()
        if self.application_id:
            url = discord.utils.oauth_url(
                self.application_id,
                permissions=INVITE_PERMISSIONS,
                scopes=("bot", "applications.commands"),
            )
            log.info(
                "invite the bot with View Channel, Send Messages, Send Messages in Threads, "
                "Embed Links and Attach Files: %s",
                url,
            )
            # Discord's install link for a person's own account (integration type 1)
            mine = discord.utils.oauth_url(self.application_id, scopes=("applications.commands",))
            log.info(
                "people add the app to their own account (with User Install ticked under "
                "Installation) with: %s&integration_type=1",
                mine,
            )

    async def sync_commands(self) -> None:
        """To the development server at once when ``DEV_GUILD_ID`` is set, else globally
        (global commands can take a while to appear in every server); only when the
        command payload changed since the last sync (``cogs/command_sync.py``)."""
        guild = None
        if self.settings.dev_guild_id:
            guild = discord.Object(id=self.settings.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
        await sync_if_changed(self.tree, self.settings.database_url, guild)

    async def close(self) -> None:
        """Close Discord, then the store: aiosqlite runs a thread that would keep the
        process alive."""
        for task in self.computer_tasks.values():
            task.cancel()
        self.publisher.close()
        self.panels.close()
        for extension in list(self.extensions):
            await self.unload_extension(extension)  # stops the clock loop (cog_unload)
        try:
            await super().close()
        finally:
            service, self._service = self._service, None
            if service is not None:
                await service.close()


class ShardedTabletopBot(TabletopBot, commands.AutoShardedBot):
    """The bot for some of Discord's shards (``SHARD_COUNT`` > 1): one gateway connection
    per shard in this process; other processes run the other shards on the same database."""

    def __init__(self, settings: Settings) -> None:
        super().__init__(
            settings, shard_count=settings.shards.count, shard_ids=sorted(settings.shards.ids)
        )


def create_bot(settings: Settings | None = None) -> TabletopBot:
    """A fresh, unstarted bot (tests create one per test, and one more per restart)."""
    settings = settings or Settings()
    if settings.shards.count > 1:
        return ShardedTabletopBot(settings)
    return TabletopBot(settings)


def main(environ: Mapping[str, str] | None = None) -> int:
    """Runs the bot until it is stopped; returns the exit code. Anything that keeps it from
    starting is told in one line on stderr (no traceback, no password) with a non-zero code,
    so a supervisor sees it and an operator can act on it."""
    try:
        settings = Settings.from_env(environ)
    except SettingsError as err:
        return refuse(f"{err}.")
    if not settings.token:
        return refuse(MISSING_TOKEN_HELP)
    os.umask(0o077)  # the database and any log file hold hidden hands: owner only
    discord.utils.setup_logging(level=getattr(logging, settings.log_level))
    with contextlib.ExitStack() as held:
        try:
            # the database first: its problems are told before Discord is contacted
            if not is_postgres_url(settings.database_url):
                held.enter_context(exclusive_use(database_path(settings.database_url)))
            event_loop.run(_check_database(settings))
        except Exception as err:
            log.debug("the database failed", exc_info=True)  # the traceback, for LOG_LEVEL=DEBUG
            return refuse(database_failure(err, settings.database_url))
        try:
            run_bot(create_bot(settings), settings.token)
        except Exception as err:
            log.debug("the bot failed", exc_info=True)
            return refuse(bot_failure(err, settings.database_url))
    return 0


def run_bot(bot: TabletopBot, token: str) -> None:
    """``bot.run(token)`` (discord.py's), on the bot's event loop (service/event_loop.py)
    rather than asyncio's: logging is set up by ``main``; Ctrl-C stops it quietly."""

    async def runner() -> None:
        async with bot:
            await bot.start(token)

    with contextlib.suppress(KeyboardInterrupt):
        event_loop.run(runner())


async def _check_database(settings: Settings) -> None:
    """Opens (creates, migrates) the database and reads the live matches once, as the bot
    will; a corrupt or unreachable database fails here."""
    service = await MatchService.open(settings.database_url, shards=settings.shards)
    await service.close()


def database_failure(err: Exception, url: str) -> str:
    """One line for the operator: why the database cannot be used, and what to do."""
    where = redact(url)
    reason = _reason(err, url)
    if isinstance(err, DatabaseInUse):
        return (
            f"The database {err.path} is in use by another bot process: stop it first, or "
            "give this one its own DATABASE_URL (several processes need PostgreSQL)."
        )
    if isinstance(err, SchemaTooNew):
        return (
            f"The database {where} was written by a newer version of the bot ({reason}): "
            "run that version, or restore a backup made by this one."
        )
    if is_postgres_url(url):
        return f"Cannot use the PostgreSQL database {where}: {reason}."
    if isinstance(err, sqlite3.DatabaseError) and not isinstance(err, sqlite3.OperationalError):
        return (
            f"The SQLite database {where} is damaged or not a database ({reason}): restore "
            "it from a backup (docs/operations.md, Backups)."
        )
    return (
        f"Cannot create or open the SQLite database {where} ({reason}): check that its "
        "folder is writable by this user and that no other program holds the file."
    )


def bot_failure(err: Exception, url: str) -> str:
    """One line for the operator: why the bot stopped at or after logging in to Discord."""
    reason = _reason(err, url)
    if isinstance(err, discord.LoginFailure):
        return (
            "Discord refused the token (DISCORD_TOKEN): copy a fresh one from the 'Bot' page "
            "of https://discord.com/developers/applications into .env."
        )
    if isinstance(err, StoreUnavailable | sqlite3.Error | SchemaTooNew):
        return database_failure(err, url)
    if isinstance(err, discord.HTTPException | OSError | asyncio.TimeoutError):
        return f"Cannot reach Discord: {reason}."
    return f"The bot stopped: {type(err).__name__}: {reason}."


def _reason(err: Exception, url: str) -> str:
    """The error's own words without a password, on one line."""
    words = err.params.get("detail") if isinstance(err, StoreUnavailable) else None
    text = " ".join(str(words or err).split()).replace(url, redact(url))
    return redact(text).rstrip(".") or type(err).__name__


def refuse(line: str) -> int:
    print(line, file=sys.stderr, flush=True)
    return 2


if __name__ == "__main__":
    code = main()
    if code:
        # nothing left to close can keep a failed start from exiting (a supervisor must
        # see it): a stray non-daemon thread would, at interpreter shutdown
        logging.shutdown()
        os._exit(code)
    sys.exit(code)
