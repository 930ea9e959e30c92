"""``/tournament``: what each command does, and what follows a change the tournament
service made: a thread opened and a match seated for each new table (its board posted in
the thread), the threads of ended tables archived, the tournament's board in its channel
redrawn, and a scheduled event for a start time when the bot may create one.

Every change is the service's (``service/tournaments.py``); this module only turns them
into Discord requests. A Discord request that fails leaves the tournament as it is: the
minute sweep (``sweep``) opens tables still without a thread and archives ended ones, so a
restart or a refused request is caught up."""

from __future__ import annotations

import asyncio
import datetime as dt
import logging
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

import discord

from cogs.delivery import replies
from cogs.delivery.replies import Interaction
from cogs.flows import next_turn
from cogs.flows.boards import redraw_board
from cogs.flows.seasons import award_tournament_winner
from cogs.flows.server_rules import practice, start_rules, turn_clock, with_defaults
from cogs.flows.start import split_clock
from cogs.ui.tournament import TournamentBoard, board_message
from i18n import locale_code, locale_for, t
from service import Match
from service.games import get_game
from service.tournaments import Advance, Tournament, TournamentService, total_rounds

if TYPE_CHECKING:
    from bot import TabletopBot

log = logging.getLogger("tabletop.tournaments")

#: What the bot needs in the tournament's channel to open a thread per table.
THREAD_PERMISSIONS = ("create_public_threads", "send_messages_in_threads")
#: Threads of tables hide after a week without messages (Discord's longest).
THREAD_ARCHIVE_MINUTES: Literal[10080] = 10080
#: What a Discord request may end in that leaves the tournament as it is (a refusal, a
#: server error after discord.py's retries, a rate limit longer than the bot waits).
REFUSED = (discord.HTTPException, discord.RateLimited)
#: A scheduled event without an end gets this long (Discord requires one for an event
#: held outside a voice channel).
EVENT_HOURS = 3


def tournaments_of(bot: TabletopBot) -> TournamentService:
    service = bot.tournaments
    if service is None:
        raise RuntimeError("the tournament service is not open")
    return service


def _locks(bot: TabletopBot) -> dict[str, asyncio.Lock]:
    return bot.tournament_locks


def public_locale(bot: TabletopBot, tm: Tournament) -> str:
    """The server's ``/settings`` language when known here, else Discord's (as boards)."""
    kept = bot.service.kept_settings(tm.guild_id)
    if kept is not None and kept.get("language"):
        return str(kept.get("language"))
    guild = bot.get_guild(tm.guild_id)
    return locale_code(guild.preferred_locale if guild is not None else None)


# -- commands -----------------------------------------------------------------------------
async def create(
    interaction: Interaction,
    *,
    name: str,
    game_id: str,
    fmt: str,
    seats: int,
    rounds: int,
    starts_in: int | None,
    minutes: int,
    parsed_options: dict[str, Any],
) -> None:
    """``/tournament new``: ``parsed_options`` as typed (``clock=`` is the tables' turn
    clock, the rest the game's options, the server's defaults filling the gaps)."""
    turn_limit, options = split_clock(get_game(game_id).max_players, parsed_options)
    locale = locale_for(interaction, public=False)
    channel = interaction.channel
    if interaction.guild_id is None or not isinstance(channel, discord.TextChannel):
        await replies.send(interaction, t("tournament.text_channel", locale), ephemeral=True)
        return
    lacking = [p for p in THREAD_PERMISSIONS if not getattr(interaction.app_permissions, p)]
    if lacking:
        names = ", ".join(t(f"perm.{p}", locale) for p in lacking)
        await replies.send(
            interaction, t("tournament.no_threads", locale, permissions=names), ephemeral=True
        )
        return
    service = tournaments_of(interaction.client)
    # every refusal before the public acknowledgement, so it stays private
    settings = await start_rules(interaction, game_id)
    options = with_defaults(settings, game_id, options)
    service.check_new(interaction.guild_id, game_id, fmt, seats, rounds, minutes)
    get_game(game_id).resolve_options(options)
    await replies.defer(interaction)
    tm = await service.create(
        guild_id=interaction.guild_id,
        channel_id=channel.id,
        host_id=interaction.user.id,
        name=name,
        game_id=game_id,
        fmt=fmt,
        table_size=seats,
        rounds=rounds,
        options=options,
        turn_limit=turn_clock(settings, turn_limit),
        rated=practice(settings) is None,
        starts_in=starts_in * 60.0 if starts_in else None,
        minutes=minutes,
    )
    message = await _send_board(interaction, tm)
    if message is not None:
        await service.set_board(tm.id, message.id)
    if tm.starts_at is not None:
        note = await _schedule_event(interaction, tm)
        await replies.send(interaction, note, ephemeral=True)


async def _schedule_event(interaction: Interaction, tm: Tournament) -> str:
    """A scheduled event for the start time when the bot may create one; what the host
    is told either way (the tournament works the same without it)."""
    locale = locale_for(interaction, public=False)
    guild = interaction.guild
    perms = interaction.app_permissions
    if guild is None or not (perms.manage_events or perms.create_events):
        return t("tournament.event.missing", locale, permission=t("perm.create_events", locale))
    assert tm.starts_at is not None
    start = dt.datetime.fromtimestamp(tm.starts_at, dt.UTC)
    try:
        event = await guild.create_scheduled_event(
            name=tm.name[:100],
            start_time=start,
            end_time=start + dt.timedelta(hours=EVENT_HOURS),
            entity_type=discord.EntityType.external,
            privacy_level=discord.PrivacyLevel.guild_only,
            location=f"#{getattr(interaction.channel, 'name', '')}"[:100],
            description=t(
                "tournament.event.description",
                locale_for(interaction, public=True),
                tournament_id=tm.id,
            ),
        )
    except REFUSED as error:
        log.info("no scheduled event for tournament %s: %s", tm.id, error)
        return t("tournament.event.missing", locale, permission=t("perm.create_events", locale))
    await tournaments_of(interaction.client).set_event(tm.id, event.id)
    return t("tournament.event.created", locale)


async def _send_board(interaction: Interaction, tm: Tournament) -> discord.Message | None:
    return await replies.send_message(interaction, **_board(interaction.client, tm).send_kwargs())


def _board(bot: TabletopBot, tm: Tournament) -> TournamentBoard:
    service = tournaments_of(bot)
    return board_message(
        tm,
        service.standings(tm),
        service.computer_ratings(tm),
        total_rounds(tm.state),
        public_locale(bot, tm),
    )


async def join(interaction: Interaction, tournament_id: str) -> None:
    await replies.defer(interaction, ephemeral=True)
    service = tournaments_of(interaction.client)
    tm = await service.join(
        tournament_id, interaction.guild_id, interaction.user.id, interaction.user.display_name
    )
    locale = locale_for(interaction, public=False)
    await replies.send(interaction, t("tournament.joined", locale, name=tm.name), ephemeral=True)
    await redraw(interaction.client, tm)


async def leave(interaction: Interaction, tournament_id: str) -> None:
    await replies.defer(interaction, ephemeral=True)
    service = tournaments_of(interaction.client)
    tm = await service.leave(tournament_id, interaction.guild_id, interaction.user.id)
    locale = locale_for(interaction, public=False)
    await replies.send(interaction, t("tournament.left", locale, name=tm.name), ephemeral=True)
    await redraw(interaction.client, tm)


async def host_action(
    interaction: Interaction, tournament_id: str, action: str, user: discord.abc.User | None = None
) -> None:
    """One host command: start, drop, readmit, pause, resume, end (the service checks the
    host and the server; a refusal changes nothing)."""
    await replies.defer(interaction, ephemeral=True)
    bot = interaction.client
    service = tournaments_of(bot)
    guild, host = interaction.guild_id, interaction.user.id
    target = user.id if user is not None else 0
    if action == "start":
        advance = await service.begin(tournament_id, guild, host)
    elif action == "drop":
        advance = Advance(await service.drop(tournament_id, guild, host, target))
    elif action == "readmit":
        advance = Advance(await service.readmit(tournament_id, guild, host, target))
    elif action == "pause":
        advance = Advance(await service.pause(tournament_id, guild, host))
    elif action == "resume":
        advance = await service.resume(tournament_id, guild, host)
    else:
        advance = await service.end(tournament_id, guild, host)
    locale = locale_for(interaction, public=False)
    name = user.display_name if user is not None else ""
    await replies.send(
        interaction,
        t(f"tournament.done.{action}", locale, name=name, tournament=advance.tournament.name),
        ephemeral=True,
    )
    await show_advance(bot, advance)


async def clicked(interaction: Interaction, tournament_id: str, action: str) -> None:
    """A button of the board: Join, Leave, or the host's Start."""
    if action == "join":
        await join(interaction, tournament_id)
    elif action == "leave":
        await leave(interaction, tournament_id)
    else:
        await host_action(interaction, tournament_id, "start")


async def show(interaction: Interaction, tournament_id: str) -> None:
    """The board posted again here (it replaces the old one as the board that is kept up)."""
    await replies.defer(interaction)
    service = tournaments_of(interaction.client)
    tm = await service.get(tournament_id, interaction.guild_id)
    message = await _send_board(interaction, tm)
    if message is not None and tm.live:
        await service.set_board(tm.id, message.id)


async def list_open(interaction: Interaction) -> None:
    locale = locale_for(interaction, public=False)
    found = tournaments_of(interaction.client).open_in(interaction.guild_id)
    lines = [
        t(
            "tournament.list_line",
            locale,
            name=x.name,
            tournament_id=x.id,
            status=x.status,
            count=len(x.entrants),
        )
        for x in found
    ]
    await replies.send(
        interaction, "\n".join(lines) or t("tournament.list_none", locale), ephemeral=True
    )


# -- what follows a change ----------------------------------------------------------------
async def show_advance(bot: TabletopBot, advance: Advance) -> None:
    """Open the new tables' threads and redraw the board (ended tables' threads are
    archived by the sweep, once their last board and messages are out)."""
    tm = advance.tournament
    async with _locks(bot).setdefault(tm.id, asyncio.Lock()):
        tm = await open_tables(bot, tm)
    if advance.finished and tm.status == "ended":
        await _announce_winners(bot, tm)
    if tm.event_id is not None and (advance.started or advance.finished):
        await _follow_event(bot, tm, started=advance.started)
    if advance.dropped:
        locale = public_locale(bot, tm)
        names = ", ".join(tm.name_of(u) for u in advance.dropped)
        await _say(bot, tm, t("tournament.dropped.clock", locale, name=names))
    await redraw(bot, tm)


async def _follow_event(bot: TabletopBot, tm: Tournament, *, started: bool) -> None:
    """The scheduled event follows the tournament: active once it started, completed once
    it ended (cancelled when it ended before it started)."""
    guild = bot.get_guild(tm.guild_id)
    if guild is None or tm.event_id is None:
        return
    try:
        event = guild.get_scheduled_event(tm.event_id) or await guild.fetch_scheduled_event(
            tm.event_id
        )
        if started and event.status is discord.EventStatus.scheduled:
            event = await event.start()
        if tm.status == "ended":
            if event.status is discord.EventStatus.active:
                await event.end()
            elif event.status is discord.EventStatus.scheduled:
                await event.cancel()
    except REFUSED as error:  # deleted by someone, or the permission was taken away
        log.info("tournament %s: event %s not updated: %s", tm.id, tm.event_id, error)


async def _announce_winners(bot: TabletopBot, tm: Tournament) -> None:
    """The winners said in the channel, and given the server's tournament winner role when
    it chose one (what stops the bot from giving it is said instead)."""
    locale = public_locale(bot, tm)
    winners = [x for x in tournaments_of(bot).standings(tm) if x.standing.rank == 1]
    names = ", ".join(x.name for x in winners) or "—"
    await _say(bot, tm, t("tournament.finished", locale, name=tm.name, winners=names))
    guild = bot.get_guild(tm.guild_id)
    if guild is None:
        return
    for winner in winners:
        problem = await award_tournament_winner(bot, guild, winner.standing.player, locale)
        if problem is not None:
            await _say(bot, tm, problem)


async def open_tables(bot: TabletopBot, tm: Tournament) -> Tournament:
    """A thread and a started match for every table paired but not seated yet."""
    service = tournaments_of(bot)
    locale = public_locale(bot, tm)
    for table in tm.unseated():
        channel = bot.get_channel(tm.channel_id)
        if not isinstance(channel, discord.TextChannel):
            log.warning("tournament %s: channel %s is gone", tm.id, tm.channel_id)
            return tm
        name = t("tournament.thread", locale, name=tm.name, number=table.number)[:100]
        try:
            thread = await channel.create_thread(
                name=name,
                type=discord.ChannelType.public_thread,
                auto_archive_duration=THREAD_ARCHIVE_MINUTES,
            )
        except REFUSED as error:
            log.warning("tournament %s: no thread for table %s: %s", tm.id, table.number, error)
            return tm
        match = await service.seat_table(tm.id, table.number, thread.id)
        await start_table(bot, match, locale)
        tm = await service.get(tm.id, tm.guild_id)
    return tm


async def start_table(bot: TabletopBot, match: Match, locale: str) -> None:
    """The table's board posted in its thread, and the first turn announced (or the
    computer seats set going)."""
    await redraw_board(bot, match, locale=locale)
    await next_turn.after_step(bot, match, None)


@dataclass(frozen=True, slots=True)
class BoardPlace:
    """A tournament's board as the publisher keeps it: ordered by the tournament's version,
    under a key of its own beside the matches'; it pings nobody."""

    id: str
    version: int
    channel_id: int
    guild_id: int | None
    board_message_id: int | None
    live: bool
    ping_message_id: int | None = None

    @classmethod
    def of(cls, tm: Tournament) -> BoardPlace:
        return cls(
            f"tournament:{tm.id}",
            tm.version,
            tm.channel_id,
            tm.guild_id,
            tm.board_message_id,
            tm.live,
        )


async def redraw(bot: TabletopBot, tm: Tournament) -> None:
    """The tournament's board in its channel, through the publisher's queue: never an older
    version over a newer one; edited, or posted anew when it is gone or an hour old."""
    service = tournaments_of(bot)

    async def build() -> TournamentBoard:
        return _board(bot, tm)

    async def save(message_id: int) -> None:
        await service.set_board(tm.id, message_id)

    try:
        published = await bot.publisher.redraw(BoardPlace.of(tm), build, save_board=save)
    except REFUSED as error:
        log.info("tournament %s: board not shown: %s", tm.id, error)
        return
    if not published.ok:
        log.info("tournament %s: board not shown (%s)", tm.id, published.shown.value)


async def _say(bot: TabletopBot, tm: Tournament, text: str) -> None:
    channel = bot.get_partial_messageable(tm.channel_id, guild_id=tm.guild_id)
    try:
        await channel.send(text, allowed_mentions=discord.AllowedMentions.none())
    except REFUSED as error:
        log.info("tournament %s: line not posted: %s", tm.id, error)


async def table_ended(bot: TabletopBot, match: Match) -> None:
    """The match service's end hook: a tournament table's result recorded, the next round
    or table seated, the board redrawn."""
    if not bot.serving or bot.tournaments is None:
        return
    advance = await bot.tournaments.table_ended(match)
    if advance is not None:
        await show_advance(bot, advance)


async def archive_ended(bot: TabletopBot) -> None:
    """Archive the threads of tables that ended (their last board is out by now)."""
    service = tournaments_of(bot)
    for tm in list(service.open_tournaments()):
        for room in tm.rooms:
            if room.archived or room.thread_id is None or not tm.table(room.number).finished:
                continue
            try:
                thread = bot.get_channel(room.thread_id) or await bot.fetch_channel(room.thread_id)
                if isinstance(thread, discord.Thread):
                    await thread.edit(archived=True)
            except REFUSED as error:
                log.info("tournament %s: thread %s not archived: %s", tm.id, room.thread_id, error)
            await service.mark_archived(tm.id, room.number)


async def sweep(bot: TabletopBot) -> None:
    """Each minute: tables that ended unrecorded (a restart), start times come, arena
    seatings due, tables without a thread yet, ended tables' threads archived."""
    service = tournaments_of(bot)
    for advance in await service.catch_up():
        await show_advance(bot, advance)
    for tm in list(service.open_tournaments()):
        if tm.unseated() and tm.status != "open":
            await show_advance(bot, Advance(tm))
    await archive_ended(bot)
