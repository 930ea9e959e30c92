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
import signal
import sqlite3
import sys
import threading
import time
from collections.abc import Callable, Mapping
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
from cogs.commands.clock import ClockCog
from cogs.delivery.discord_errors import Classified
from cogs.delivery.notices import note_blocked_thread, note_deleted_thread
from cogs.delivery.panels import Panels
from cogs.delivery.permissions import HOME_CONTEXTS, HOME_INSTALLS, channel_ready
from cogs.delivery.publisher import Publisher
from cogs.delivery.replies import answer_error
from cogs.flows.hands import expiry_note
from i18n import locale_for, t, use_server_language
from i18n.translator import CatalogTranslator
from service import Match, MatchService, MatchServiceAPI, TurnOutcome, event_loop, pars
from service.analysis import PAR_PLAYS
from service.games import list_games
from service.intake import Intake, collecting_tasks, install_task_collector
from service.tournaments import TournamentService
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
from telemetry import (
    GATEWAY_LATENCY,
    HANDLING,
    IN_FLIGHT,
    INTERACTION_ID,
    INTERACTIONS,
    QUEUE_LENGTH,
    ContextFilter,
    Handling,
    JsonFormatter,
    handled,
)
from telemetry.discord_budget import watch as watch_discord_requests
from telemetry.health import HealthServer

DEFAULT_DATABASE_URL = "sqlite:///data/tabletop.db"
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")
LOG_FORMATS = ("text", "json")
#: Seconds a graceful stop (SIGTERM) waits for the interactions and clocks under way; the
#: supervisor's own limit must be longer (deploy/: systemd 45 s, compose 45 s).
DEFAULT_STOP_TIMEOUT = 25.0
#: Interactions one process works on at once before it turns newcomers away at the door
#: (``MAX_IN_FLIGHT``; 0: no bound). A move costs the bot about 1 ms of CPU and moves under
#: way share their commits, so at the 400-800 moves/s one core reaches (docs/scaling.md)
#: 1,000 under way are answered within a few seconds; a process that holds more is far
#: behind, and a player told at once "busy, nothing done" can try again instead of
#: waiting longer still for work that makes everyone later.
DEFAULT_MAX_IN_FLIGHT = 1000
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
    #: The health and metrics endpoint's port (``HEALTH_PORT``); None: no endpoint.
    health_port: int | None = None
    #: Where it listens (``HEALTH_HOST``): this machine only unless told otherwise.
    health_host: str = "127.0.0.1"
    #: ``text`` (discord.py's lines) or ``json`` (one object per line, with match and
    #: interaction ids).
    log_format: str = "text"
    #: Seconds a graceful stop waits for the work under way (``STOP_TIMEOUT``).
    stop_timeout: float = DEFAULT_STOP_TIMEOUT
    #: Interactions under way at once before a newcomer is turned away (``MAX_IN_FLIGHT``).
    max_in_flight: int = DEFAULT_MAX_IN_FLIGHT

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
        port = (environ.get("HEALTH_PORT") or "").strip()
        if port and not (port.isdecimal() and 0 < int(port) < 65536):
            raise SettingsError(f"HEALTH_PORT must be a port number (1-65535), not {port!r}")
        log_format = (environ.get("LOG_FORMAT") or "text").strip().lower() or "text"
        if log_format not in LOG_FORMATS:
            raise SettingsError(f"LOG_FORMAT must be text or json, not {log_format!r}")
        stop = (environ.get("STOP_TIMEOUT") or "").strip()
        try:
            stop_timeout = float(stop) if stop else DEFAULT_STOP_TIMEOUT
        except ValueError:
            stop_timeout = -1.0
        if not 0 <= stop_timeout <= 600:
            raise SettingsError(f"STOP_TIMEOUT must be seconds from 0 to 600, not {stop!r}")
        bound = (environ.get("MAX_IN_FLIGHT") or "").strip()
        if bound and not bound.isdecimal():
            raise SettingsError(
                f"MAX_IN_FLIGHT must be a whole number (0: no bound), not {bound!r}"
            )
        return cls(
            token=(environ.get("DISCORD_TOKEN") or "").strip(),
            database_url=url,
            dev_guild_id=int(guild) if guild else None,
            log_level=level,
            shards=shards,
            health_port=int(port) if port else None,
            health_host=(environ.get("HEALTH_HOST") or "").strip() or "127.0.0.1",
            log_format=log_format,
            stop_timeout=stop_timeout,
            max_in_flight=int(bound) if bound else DEFAULT_MAX_IN_FLIGHT,
        )


class SettingsError(ValueError):
    """A setting the bot cannot run with; the message names it and what it may be."""


class HealthEndpointError(OSError):
    """The health endpoint cannot listen where ``HEALTH_HOST``/``HEALTH_PORT`` say."""


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
        #: Tournaments, opened with the match service (cogs/commands/tournament.py), and a
        #: lock per tournament around opening its tables' threads (cogs/flows/tournaments.py).
        self.tournaments: TournamentService | None = None
        self.tournament_locks: dict[str, asyncio.Lock] = {}
        #: Background runs of computer seats, one per match (see cogs/flows/next_turn.py).
        self.computer_tasks: dict[str, asyncio.Task[None]] = {}
        #: The steps each live match's board shows, oldest first (cogs/flows/boards.py: recall);
        #: a match missing here (after a restart) has its steps rebuilt from the action log.
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
        self.publisher = Publisher(
            self._channel_for,
            self._save_board,
            save_ping=self._save_ping,
            save_board_and_ping=self._save_board_and_ping,
        )
        self.publisher.on_block = self._note_blocked
        self.publisher.on_unblock = self._resume_clocks
        #: Each person's one private panel per match (cogs/flows/hands.py).
        self.panels = Panels()
        self.panels.on_expiry = partial(expiry_note, self)
        #: Every interaction's tasks from its arrival on; closed by a graceful stop.
        self.intake = Intake()
        #: Interactions received whose work has not finished (``settings.max_in_flight``;
        #: the in-flight gauge reads it at each scrape: ``refresh_gauges``).
        self.interactions_under_way = 0
        #: The health and metrics endpoint, when ``HEALTH_PORT`` is set.
        self.health: HealthServer | None = None
        parsers = self._connection.parsers  # the gateway's dispatch table, read per event
        parsers["INTERACTION_CREATE"] = self._receiving(parsers["INTERACTION_CREATE"])

    def _receiving(self, parse: Callable[[Any], None]) -> Callable[[Any], None]:
        """discord.py's INTERACTION_CREATE parser, wrapped: while stopping, the interaction
        is answered "restarting" and nothing else happens; while ``max_in_flight``
        interactions are under way, it is answered "busy" and nothing else happens (load
        shedding at the door: refused before any of its work was done); otherwise every
        task its dispatch starts (command tree, views, listeners) carries its id and
        metrics record in their context and is tracked until done, so a graceful stop can
        wait for it."""

        def receive(data: Any) -> None:
            command = interaction_name(data)
            bound = self.settings.max_in_flight
            if self.intake.closing or 0 < bound <= self.interactions_under_way:
                outcome = "stopping" if self.intake.closing else "shed"
                INTERACTIONS.labels(command, outcome).inc()
                interaction = discord.Interaction(data=data, state=self._connection)
                key = "error.stopping" if self.intake.closing else "error.shed"
                self._track(asyncio.ensure_future(_answer_at_the_door(interaction, key)))
                return
            handling = Handling(command)
            tokens = (INTERACTION_ID.set(int(data["id"])), HANDLING.set(handling))
            try:
                with collecting_tasks() as started:
                    parse(data)
            finally:
                HANDLING.reset(tokens[1])
                INTERACTION_ID.reset(tokens[0])
            if not started:
                handled(handling)
                return
            waiting = set(started)
            self.interactions_under_way += 1

            def done(task: asyncio.Task[Any]) -> None:
                waiting.discard(task)
                if not waiting:
                    self.interactions_under_way -= 1
                    handled(handling)

            for task in waiting.copy():
                self.intake.track(task)
                task.add_done_callback(done)

        return receive

    def _track(self, task: asyncio.Future[Any]) -> None:
        if isinstance(task, asyncio.Task):
            self.intake.track(task)

    def _channel_for(self, channel_id: int, guild_id: int | None) -> discord.PartialMessageable:
        return self.get_partial_messageable(channel_id, guild_id=guild_id)

    async def _save_board(self, match_id: str, message_id: int) -> None:
        await self.service.set_board_message(match_id, message_id)

    async def _save_ping(self, match_id: str, message_id: int | None) -> None:
        await self.service.set_ping_message(match_id, message_id)

    async def _save_board_and_ping(self, match_id: str, board_id: int, ping_id: int | None) -> None:
        await self.service.set_board_and_ping(match_id, board_id, ping_id)

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

    def server_language(self, guild_id: int) -> str | None:
        """The language a server chose for public messages (``/settings``), if known here
        without the database (None: Discord's server language)."""
        kept = self._service.kept_settings(guild_id) if self._service is not None else None
        return str(kept.get("language")) if kept is not None and kept.get("language") else None

    @property
    def serving(self) -> bool:
        """True while the match service is open."""
        return self._service is not None

    async def open_service(self) -> None:
        """Open the match service on the settings' database (``setup_hook`` does, before
        the commands; ``close`` closes it)."""
        self._service = await MatchService.open(
            self.settings.database_url, shards=self.settings.shards
        )

    async def setup_hook(self) -> None:
        install_task_collector(asyncio.get_running_loop())  # interactions' tasks are tracked
        watch_discord_requests(self.http)  # the global rate limit's budget, in the metrics
        if self.settings.health_port is not None:
            self.health = HealthServer(
                self.readiness,
                self.settings.health_host,
                self.settings.health_port,
                before_scrape=self.refresh_gauges,
            )
            try:
                await self.health.start()
            except OSError as err:  # the port is taken, or the address is not this machine's
                where = f"{self.settings.health_host}:{self.settings.health_port}"
                raise HealthEndpointError(f"{where} ({err.strerror or err})") from err
        list_games()  # import every game now, so no first command pays for it
        # fonts, card faces and palettes, in a thread: no first board stalls 0.4-1.3 s on them
        self.warming_up = threading.Thread(
            target=renderer.warm_up, name="renderer-warm-up", daemon=True
        )
        self.warming_up.start()
        await self.open_service()
        use_server_language(self.server_language)
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

    # -- health and a graceful stop --------------------------------------------------
    def gateway_connected(self) -> bool:
        """Every gateway connection of this process's shards is up (and has been ready)."""
        if not self.is_ready() or self.is_closed():
            return False
        if isinstance(self, commands.AutoShardedBot):  # one connection per shard
            shards = self.shards
            return bool(shards) and not any(shard.is_closed() for shard in shards.values())
        return self.ws is not None and self.ws.open

    async def readiness(self) -> dict[str, bool]:
        """``/ready``: taking interactions, the gateway connected, the database answering."""
        return {
            "accepting": not self.intake.closing,
            "gateway": self.gateway_connected(),
            "database": self.serving and await self.service.database_answers(),
        }

    def refresh_gauges(self) -> None:
        """The gauges read from the bot at each scrape: gateway latency per shard, replays,
        interactions under way."""
        IN_FLIGHT.set(self.interactions_under_way)
        pairs = (
            self.latencies
            if isinstance(self, commands.AutoShardedBot)
            else [(self.shard_id or 0, self.latency)]
        )
        for shard_id, latency in pairs:
            if latency == latency and latency != float("inf"):  # nan/inf: not measured yet
                GATEWAY_LATENCY.labels(str(shard_id)).set(latency)
        stats = self.get_cog("StatsCog")
        replays = getattr(stats, "replays", None)
        if replays is not None:
            QUEUE_LENGTH.labels("replays").set(replays.running + replays.waiting)

    async def stop_gracefully(self) -> None:
        """SIGTERM: new interactions are answered "restarting"; the clock sweep under way
        finishes (each fired clock gives its claim back); the interactions under way finish;
        all within ``stop_timeout`` seconds; the clock claims still held are given back;
        then the bot closes and the process exits 0.
        What did not finish in time is cut off as a crash would (a move is committed or
        not, never half) and logged."""
        if self.intake.closing:
            return
        self.intake.close()
        started = time.monotonic()
        timeout = self.settings.stop_timeout
        log.info("stopping: no new interactions; waiting up to %.0f s for those under way", timeout)
        clock = self.get_cog("ClockCog")
        if isinstance(clock, ClockCog) and not await clock.finish(timeout):
            log.warning("stopping: the clock sweep did not finish in time")
        left = await self.intake.drain(max(0.0, timeout - (time.monotonic() - started)))
        if left:
            log.warning("stopping: %d interaction tasks did not finish in time", left)
        else:
            log.info("stopping: nothing under way; closing")
        if self.serving:
            await self.service.release_claims()
        await self.close()

    async def close(self) -> None:
        """Close Discord, then the store (aiosqlite runs a thread that would keep the
        process alive), then the par workers (a par under way finishes first)."""
        if self.health is not None:
            await self.health.stop()
            self.health = None
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
            try:
                if service is not None:
                    await service.close()
            finally:
                await asyncio.to_thread(pars.close_workers)


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
    setup_logging(settings)
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


def setup_logging(settings: Settings) -> None:
    """discord.py's log lines on stderr, or one JSON object per line (``LOG_FORMAT=json``);
    either way every record carries the match and interaction it is about."""
    handler = logging.StreamHandler()
    handler.addFilter(ContextFilter())
    level = getattr(logging, settings.log_level)
    if settings.log_format == "json":
        discord.utils.setup_logging(handler=handler, formatter=JsonFormatter(), level=level)
    else:
        discord.utils.setup_logging(handler=handler, level=level)


def interaction_name(data: Any) -> str:
    """The metrics label of an interaction: the command with its subcommand (``game new``),
    a component's custom id's first two parts (``tt:mv``: cogs/ui/components.py), an
    autocomplete as ``autocomplete play``."""
    kind = data.get("type")
    body = data.get("data") or {}
    if kind in (2, 4):  # application command, autocomplete
        words = [str(body.get("name", "?"))]
        options = body.get("options") or []
        while options and options[0].get("type") in (1, 2):  # subcommand (group)
            words.append(str(options[0].get("name", "?")))
            options = options[0].get("options") or []
        name = " ".join(words)
        return f"autocomplete {name}" if kind == 4 else name
    if kind in (3, 5):  # component, modal
        return ":".join(str(body.get("custom_id", "?")).split(":")[:2])[:40]
    return "other"


async def _answer_at_the_door(interaction: discord.Interaction[Any], key: str) -> None:
    """A private "restarting" or "busy": nothing was done (autocomplete: no choices)."""
    try:
        if interaction.type is discord.InteractionType.autocomplete:
            await interaction.response.autocomplete([])
        else:
            text = t(key, locale_for(interaction, public=False))
            await interaction.response.send_message(text, ephemeral=True)
    except discord.HTTPException:
        log.info("could not answer an interaction turned away at the door (%s)", key)


def run_bot(bot: TabletopBot, token: str) -> None:
    """``bot.run(token)`` (discord.py's), on the bot's event loop (service/event_loop.py)
    rather than asyncio's: logging is set up by ``main``; Ctrl-C stops it quietly."""

    async def runner() -> None:
        loop = asyncio.get_running_loop()
        stopping: list[asyncio.Task[None]] = []  # keeps the stop task referenced
        loop.add_signal_handler(
            signal.SIGTERM, lambda: stopping.append(loop.create_task(bot.stop_gracefully()))
        )
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
    if isinstance(err, HealthEndpointError):
        return (
            f"The health endpoint cannot listen on {err}: choose another HEALTH_PORT "
            "(or HEALTH_HOST), or leave HEALTH_PORT empty."
        )
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
