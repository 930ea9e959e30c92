"""One ordered publisher per match: every board redraw and every channel message of a match
goes through here, so Discord's refusals are handled once and in one order.

- **Order.** Redraws of one match are serialized by a lock and carry the match version; a
  redraw never replaces a newer version with an older one, and a redraw that a newer one
  is already waiting behind is skipped (the newer one draws the latest state anyway).
- **Hour-old boards.** Discord caps edits of messages older than an hour (429 / 30046). A
  board older than ``BOARD_FRESH_FOR`` (50 minutes) is never edited: the next redraw posts
  a fresh board and deletes the old one. 30046, a rate limit longer than
  ``max_ratelimit_timeout``, a deleted board (10008) or an archived thread (50083; a new
  message revives an unlocked thread) also lead to a fresh board.
- **Channels that refuse.** After 403 (50001 / 50013) or 404 (10003) the channel is
  *blocked*: nothing is sent there until the back-off (1 minute, doubling up to an hour)
  has passed or an interaction shows the bot has its permissions there again
  (``unblock``). The match itself is untouched; the flows tell the actor privately.
- **Requests Discord counts.** A turn played through an interaction gives its *lane*
  (``cogs.delivery.lanes``): the board and the ping are then sent as that interaction's
  follow-ups, and each message is edited or deleted with the token that sent it while the
  token lives, none of which counts against Discord's global 50 requests/s. Without a
  usable lane (a clock, a computer seat, an expired token, a token Discord refuses) the
  same message goes through the channel, as before.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
from collections.abc import AsyncIterator, Awaitable, Callable, Coroutine
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, Protocol

import discord

from cogs.delivery.discord_errors import Classified, Failure, classify
from cogs.delivery.lanes import Lane, LaneClosed, lane_of

log = logging.getLogger("tabletop.publisher")

#: A board older than this is replaced by a fresh one instead of edited (Discord's cap on
#: edits of messages older than an hour, with ten minutes to spare).
BOARD_FRESH_FOR = 50 * 60.0
#: Back-off of a blocked channel: first wait, and the longest.
BACKOFF_FIRST = 60.0
BACKOFF_MAX = 3600.0
#: A redraw Discord failed for now (5xx, network) is tried again after these pauses.
RETRY_DELAYS: tuple[float, ...] = (2.0, 5.0, 15.0, 60.0)


class Drawable(Protocol):
    """A board message ready to send (``cogs`` ``BoardMessage``)."""

    def send_kwargs(self) -> dict[str, Any]: ...

    def edit_kwargs(self) -> dict[str, Any]: ...

    def with_notice(self, notice: str) -> Drawable:
        """The same board with a turn notice above it (the match's ping)."""
        ...


def pinged(text: str) -> discord.AllowedMentions:
    """Only the people ``text`` mentions (a board below it may name others)."""
    users = [discord.Object(int(found)) for found in re.findall(r"<@!?(\d+)>", text)]
    return discord.AllowedMentions(everyone=False, roles=False, users=users)


class Placed(Protocol):
    """What the publisher shows a board of: a match (``service.Match``), or a tournament's
    board (``cogs.flows.tournaments``), each under its own ``id``."""

    @property
    def id(self) -> str: ...

    @property
    def version(self) -> int: ...

    @property
    def channel_id(self) -> int: ...

    @property
    def guild_id(self) -> int | None: ...

    @property
    def board_message_id(self) -> int | None: ...

    @property
    def ping_message_id(self) -> int | None: ...

    @property
    def live(self) -> bool: ...


class Shown(Enum):
    EDITED = "edited"  # the board message was edited in place
    POSTED = "posted"  # a fresh board message was posted (it is now the board)
    SENT = "sent"  # a plain message was sent
    SKIPPED = "skipped"  # a newer version is shown or on its way: nothing to do
    BLOCKED = "blocked"  # the channel refuses the bot: nothing was sent
    FAILED = "failed"  # Discord failed for now (5xx, network): try again later


@dataclass(frozen=True, slots=True)
class Published:
    shown: Shown
    failure: Classified | None = None
    message_id: int | None = None

    @property
    def ok(self) -> bool:
        return self.shown in (Shown.EDITED, Shown.POSTED, Shown.SENT, Shown.SKIPPED)


@dataclass(slots=True)
class Block:
    """Why and until when a channel is left alone."""

    failure: Classified
    failures: int = 1
    retry_at: float = 0.0
    since: float = 0.0  # when the channel first refused (the publisher's clock)


@dataclass(slots=True)
class _Board:
    message_id: int | None
    posted_at: float | None  # loop time of posting; None = unknown (e.g. after a restart)
    lane: Lane | None = None  # the interaction that sent it (None: the channel)


@dataclass(slots=True)
class _MatchState:
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    wanted: int = -1  # newest version a redraw was asked for
    shown: int = -1  # newest version shown
    board: _Board | None = None
    retry: asyncio.Task[None] | None = None
    latest: tuple[Placed, Callable[[], Awaitable[Drawable]]] | None = None  # newest redraw asked
    drawn: tuple[Placed, Callable[[], Awaitable[Drawable]]] | None = (
        None  # the board shown, to post again
    )
    ping: int | None = None  # the match's one ping in the channel (removed by the next one)
    ping_known: bool = False  # False: not since this process began (the match's saved one)
    ping_lane: Lane | None = None  # the interaction that sent the ping (None: the channel)
    lane: Lane | None = None  # the newest interaction a turn of the match came through
    #: Saves a fresh board's id where the board is not a match's (a tournament's).
    save_board: Callable[[int], Awaitable[Any]] | None = None
    users: int = 0  # redraws and messages under way (waiting for the lock included)


ChannelFor = Callable[[int, int | None], Any]
SaveBoard = Callable[[str, int], Awaitable[Any]]
SavePing = Callable[[str, int | None], Awaitable[Any]]
#: Saves a new board message and the match's ping together (one write): match, board, ping.
SaveBoardAndPing = Callable[[str, int, int | None], Awaitable[Any]]
OnBlock = Callable[[Any, Classified], Awaitable[None]]
OnUnblock = Callable[[int, float], Coroutine[Any, Any, None]]


class Publisher:
    """The bot's publisher (``bot.publisher``): state per match and per channel."""

    def __init__(
        self,
        channel_for: ChannelFor,
        save_board: SaveBoard,
        *,
        clock: Callable[[], float] | None = None,
        fresh_for: float = BOARD_FRESH_FOR,
        save_ping: SavePing | None = None,
        save_board_and_ping: SaveBoardAndPing | None = None,
    ) -> None:
        self._channel_for = channel_for
        self._save_board = save_board
        #: Saves the match's ping (``Match.ping_message_id``), so a restart still removes it.
        self._save_ping = save_ping
        #: A turn ping posts the board again below it: both ids saved in one write.
        self._save_board_and_ping = save_board_and_ping
        self._clock = clock or (lambda: asyncio.get_running_loop().time())
        self.fresh_for = fresh_for
        self._matches: dict[str, _MatchState] = {}
        self._blocks: dict[int, Block] = {}
        #: Called once each time a channel becomes blocked (e.g. a note in a thread's parent).
        self.on_block: OnBlock | None = None
        #: Called with the channel and the seconds it refused the bot, when it works again.
        self.on_unblock: OnUnblock | None = None
        self._tasks: set[asyncio.Task[None]] = set()

    # -- channels ------------------------------------------------------------------------
    def blocked(self, channel_id: int) -> Block | None:
        """The block on ``channel_id`` while it lasts (a due retry counts as unblocked)."""
        block = self._blocks.get(channel_id)
        if block is None or self._clock() >= block.retry_at:
            return None
        return block

    def block_of(self, channel_id: int) -> Block | None:
        """The block on ``channel_id``, due for a retry or not."""
        return self._blocks.get(channel_id)

    def unblock(self, channel_id: int) -> bool:
        """An interaction showed the bot may post in ``channel_id`` again."""
        return self._lift(channel_id)

    def _lift(self, channel_id: int) -> bool:
        """End the block on ``channel_id`` (if any) and tell ``on_unblock`` how long it lasted."""
        block = self._blocks.pop(channel_id, None)
        if block is None:
            return False
        if self.on_unblock is not None:
            blocked_for = self._clock() - block.since
            task = asyncio.get_running_loop().create_task(self.on_unblock(channel_id, blocked_for))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)
        return True

    async def channel_gone(self, match: Placed) -> None:
        """Discord said ``match``'s channel was deleted (a gateway event, not a refused
        request): leave it alone from now on, so its clock pauses like any refusing channel's."""
        await self._blocking(match, Classified(Failure.CHANNEL_GONE, 404, 10003))

    async def _blocking(self, match: Placed, failure: Classified) -> None:
        block = self._blocks.get(match.channel_id)
        if block is None:
            block = self._blocks[match.channel_id] = Block(failure, since=self._clock())
            first = True
        else:
            block.failure, block.failures = failure, block.failures + 1
            first = False
        wait = min(BACKOFF_FIRST * 2 ** (block.failures - 1), BACKOFF_MAX)
        block.retry_at = self._clock() + wait
        log.warning(
            "channel %s of match %s refuses the bot (%s, code %s); next try in %.0f s",
            match.channel_id,
            match.id,
            failure.kind.value,
            failure.code,
            wait,
        )
        if first and self.on_block is not None:
            try:
                await self.on_block(match, failure)
            except Exception:
                log.exception("note about the blocked channel of %s failed", match.id)

    # -- lanes ---------------------------------------------------------------------------
    def lane_for(self, interaction: discord.Interaction[Any], match: Placed) -> Lane | None:
        """The lane of ``interaction`` for ``match``'s channel (None where its follow-ups
        would not be public messages there)."""
        return lane_of(interaction, match.channel_id, self._clock())

    def _usable(self, lane: Lane | None, match: Placed) -> Lane | None:
        if lane is None or lane.channel_id != match.channel_id or self._clock() >= lane.expires_at:
            return None
        return lane

    async def _send(
        self, match: Placed, lane: Lane | None, content: str | None = None, **kwargs: Any
    ) -> tuple[Any, Lane | None]:
        """A new message in ``match``'s channel: through ``lane`` while it is usable (not
        counted by Discord), else (or when Discord refuses the token) through the channel.
        Returns the message and the lane that sent it."""
        lane = self._usable(lane, match)
        if lane is not None:
            try:
                return await lane.send(content, **kwargs), lane
            except (discord.HTTPException, LaneClosed) as error:
                lane.close()
                log.info("lane of %s refused (%s); through the channel", match.id, error)
        channel = self._channel_for(match.channel_id, match.guild_id)
        return await channel.send(content, **kwargs), None

    # -- boards --------------------------------------------------------------------------
    def _state(self, match_id: str) -> _MatchState:
        state = self._matches.get(match_id)
        if state is None:
            state = self._matches[match_id] = _MatchState()
        return state

    def _known(self, match_id: str) -> _MatchState:
        """The state of ``match_id`` for reading: a blank one when none is kept."""
        return self._matches.get(match_id) or _MatchState()

    @contextlib.asynccontextmanager
    async def _using(self, match: Placed) -> AsyncIterator[_MatchState]:
        """The match's state while a redraw or a message is under way; once a match has
        ended and nothing is under way or pending for it, its state is dropped (a process
        that runs for months must not keep every match it ever drew)."""
        state = self._state(match.id)
        state.users += 1
        try:
            yield state
        finally:
            state.users -= 1
            self._forget_if_ended(match, state)

    def _forget_if_ended(self, match: Placed, state: _MatchState) -> None:
        if match.live or state.users or (state.retry is not None and not state.retry.done()):
            return
        if self._matches.get(match.id) is state:
            del self._matches[match.id]

    def holds(self, match_id: str) -> bool:
        """Whether this publisher keeps anything for ``match_id``."""
        return match_id in self._matches

    def redraw_pending(self, match_id: str) -> bool:
        """Whether a redraw of ``match_id`` was asked and is not shown yet (until then the
        publisher keeps the match it will draw)."""
        return self._known(match_id).latest is not None

    async def retried(self, match_id: str) -> None:
        """Until the background retry of the match's board, if one is pending, has ended."""
        retry = self._known(match_id).retry
        if retry is not None:
            await retry

    def adopt(self, match: Placed, message_id: int) -> None:
        """A board posted elsewhere (e.g. as the answer to ``/game new`` or ``/game show``)
        is now the match's board, showing ``match.version``."""
        state = self._state(match.id)
        state.board = _Board(message_id, self._clock())
        state.shown = max(state.shown, match.version)
        state.wanted = max(state.wanted, match.version)
        self._forget_if_ended(match, state)

    def shown_version(self, match_id: str) -> int:
        return self._known(match_id).shown

    def board_id(self, match: Placed) -> int | None:
        """The match's board: the newer of the one this publisher posted and the one the
        match names (snowflakes grow with time; the match may be a copy from before a
        fresh board was posted, or name a board posted by another path)."""
        state = self._known(match.id)
        ours = state.board.message_id if state.board else None
        known = [i for i in (ours, match.board_message_id) if i is not None]
        return max(known) if known else None

    def board_is_fresh(self, match: Placed) -> bool:
        """Whether the current board may still be edited (known to be under 50 minutes;
        a board of unknown age, e.g. after a restart, is tried and replaced on 30046)."""
        board = self._known(match.id).board
        if board is None or board.message_id != self.board_id(match) or board.posted_at is None:
            return True
        return self._clock() - board.posted_at < self.fresh_for

    def _known_fresh(self, match: Placed) -> bool:
        board = self._known(match.id).board
        return (
            board is not None
            and board.posted_at is not None
            and board.message_id == self.board_id(match)
            and self._clock() - board.posted_at < self.fresh_for
        )

    async def redraw(
        self,
        match: Placed,
        build: Callable[[], Awaitable[Drawable]],
        *,
        edit_here: Callable[[Drawable], Awaitable[Any]] | None = None,
        new_board: bool = False,
        lane: Lane | None = None,
        through_interaction: bool = False,
        save_board: Callable[[int], Awaitable[Any]] | None = None,
    ) -> Published:
        """Show ``match`` (at ``match.version``) on its board.

        ``edit_here``: edits the board through the interaction that came from it (one
        request instead of two); ``new_board`` posts a fresh board whatever the age;
        ``lane``: the interaction this turn came through (kept for what follows it);
        ``through_interaction``: the redraw answers an interaction, whose lane (None where
        it has none) replaces the one kept before; ``save_board``: saves a fresh board's id
        where it is not a match's (a tournament's board), kept for later redraws."""
        async with self._using(match) as state:
            if save_board is not None:
                state.save_board = save_board
            if lane is not None or through_interaction:
                state.lane = lane
            if match.version >= state.wanted:
                state.wanted, state.latest = match.version, (match, build)
            async with state.lock:
                if match.version < state.wanted or match.version < state.shown:
                    return Published(Shown.SKIPPED)
                if self.blocked(match.channel_id) is not None:
                    return Published(Shown.BLOCKED, self._blocks[match.channel_id].failure)
                board = await build()
                result = await self._show(match, board, edit_here, new_board)
                if result.ok:
                    state.shown = max(state.shown, match.version)
                    state.drawn = (match, build)
                    if not match.live:  # nobody's turn any more: no ping stays behind
                        await self._drop_ping(match, state)
                    if state.latest is not None and state.latest[0].version <= state.shown:
                        state.latest = None  # only a retry needs it
                elif result.shown is Shown.FAILED:
                    self._retry_later(match, build)
                return result

    def _retry_later(self, match: Placed, build: Callable[[], Awaitable[Drawable]]) -> None:
        """Try a failed redraw again in the background (unless a newer one shows first),
        so the last board shown is the latest even when the last redraw met a 5xx."""
        state = self._state(match.id)
        if state.retry is not None and not state.retry.done():
            return

        async def again() -> None:
            newest = match
            try:
                for pause in RETRY_DELAYS:
                    await asyncio.sleep(pause)
                    newest, drawn = state.latest or (match, build)
                    if state.shown >= newest.version:
                        return
                    result = await self.redraw(newest, drawn)
                    if result.shown is not Shown.FAILED:
                        return
                log.warning(
                    "board of %s still not redrawn after %d tries", match.id, len(RETRY_DELAYS) + 1
                )
            finally:
                state.retry = None
                self._forget_if_ended(newest, state)

        state.retry = asyncio.get_running_loop().create_task(again())

    def close(self) -> None:
        """Stop pending retries (the bot is closing)."""
        for state in self._matches.values():
            if state.retry is not None:
                state.retry.cancel()

    async def _show(
        self,
        match: Placed,
        board: Drawable,
        edit_here: Callable[[Drawable], Awaitable[Any]] | None,
        new_board: bool,
    ) -> Published:
        board_id = self.board_id(match)
        state = self._known(match.id)
        if (
            edit_here is None
            and self._usable(state.lane, match) is not None
            and self._usable(state.board.lane if state.board else None, match) is None
        ):
            # Editing would be a counted request: a fresh board through the lane, and the
            # old one deleted, costs no more (and often nothing: see _remove).
            new_board = True
        if board_id is not None and not new_board and self.board_is_fresh(match):
            try:
                await self._edit(match, board_id, board, edit_here)
                self._lift(match.channel_id)
                return Published(Shown.EDITED, message_id=board_id)
            except (discord.HTTPException, discord.RateLimited) as error:
                failure = classify(error)
                assert failure is not None
                if failure.blocks_channel:
                    await self._blocking(match, failure)
                    return Published(Shown.BLOCKED, failure)
                if failure.kind is Failure.TRANSIENT:
                    log.info("board of %s not redrawn for now: %s", match.id, error)
                    return Published(Shown.FAILED, failure)
                if failure.kind is Failure.REFUSED:
                    raise
                # old, deleted, or in an archived thread: a fresh board
                log.info("board of %s replaced by a fresh one (%s)", match.id, failure.kind.value)
                if failure.kind is Failure.MESSAGE_GONE:
                    board_id = None
        return await self._post_board(match, board, old=board_id)

    async def _edit(
        self,
        match: Placed,
        board_id: int,
        board: Drawable,
        edit_here: Callable[[Drawable], Awaitable[Any]] | None,
    ) -> None:
        """Through the interaction when given and the board is known to be young
        (falling back to the channel when the interaction has expired), else through the
        channel: the interaction webhook would sleep on a 30046 instead of raising."""
        if edit_here is not None and self._known_fresh(match):
            try:
                await edit_here(board)
                return
            except discord.HTTPException as error:
                failure = classify(error)
                if failure is None or failure.kind is not Failure.INTERACTION_GONE:
                    raise
        state = self._known(match.id)
        lane = self._usable(state.board.lane if state.board else None, match)
        if lane is not None and self._known_fresh(match):
            try:
                await lane.edit(board_id, **board.edit_kwargs())
                return
            except discord.HTTPException as error:
                failure = classify(error)
                if failure is None or failure.kind is not Failure.INTERACTION_GONE:
                    raise
                lane.close()
                log.info(
                    "board of %s: its token expired (%s); edited through the channel",
                    match.id,
                    error,
                )
        channel = self._channel_for(match.channel_id, match.guild_id)
        await channel.get_partial_message(board_id).edit(**board.edit_kwargs())

    async def _post_board(
        self,
        match: Placed,
        board: Drawable,
        *,
        old: int | None,
        notice: tuple[str, dict[str, Any]] | None = None,
    ) -> Published:
        """Post ``board`` as the match's board (``old`` deleted). ``notice``: a turn notice
        and its send options (the mentions it may ping): the new board is then also the
        match's ping, saved with it in one write. An old board that was the ping takes the
        ping with it."""
        state = self._state(match.id)
        before = state.board
        kwargs = board.send_kwargs()
        if notice is not None:  # the notice pings whom the ping would have (by default
            text, options = notice  # the people it mentions), the rest of the board nobody
            kwargs = {**board.with_notice(text).send_kwargs(), "allowed_mentions": pinged(text)}
            kwargs.update(options)
        try:
            message, lane = await self._send(match, state.lane, **kwargs)
        except (discord.HTTPException, discord.RateLimited) as error:
            return await self._refused(match, error)
        self._lift(match.channel_id)
        state.board = _Board(message.id, self._clock(), lane)
        old_ping = self._ping_of(match, state)
        if notice is not None:
            state.ping, state.ping_known, state.ping_lane = message.id, True, lane
        elif old_ping is not None and old_ping == old:
            state.ping, state.ping_known, state.ping_lane = None, True, None
        if state.save_board is not None:
            await state.save_board(message.id)
        elif state.ping_known and state.ping != old_ping and self._save_board_and_ping is not None:
            await self._save_board_and_ping(match.id, message.id, state.ping)
        else:
            await self._save_board(match.id, message.id)
        if old is not None and old != message.id:
            owner = before.lane if before is not None and before.message_id == old else None
            await self._remove(match, old, owner)
        return Published(Shown.POSTED, message_id=message.id)

    async def _remove(self, match: Placed, message_id: int, owner: Lane | None = None) -> None:
        """Best effort: the old board (or ping) is deleted, so the channel holds one board
        per match (deleting is not capped for old messages as editing is; a bot may always
        delete its own). Through the token that sent it, or the one whose response it is
        (a click's message), while usable; else through the channel. A refusal is
        harmless: the old board's components answer "out of date"."""
        current = self._known(match.id).lane
        here = current if current is not None and current.original_id == message_id else None
        for lane in dict.fromkeys(filter(None, (owner, here))):
            if self._usable(lane, match) is None:
                continue
            try:
                await lane.delete(message_id)
                return
            except discord.HTTPException as error:
                failure = classify(error)
                if failure is not None and failure.kind is Failure.MESSAGE_GONE:
                    return
                if failure is not None and failure.kind is Failure.INTERACTION_GONE:
                    lane.close()
                log.info("message %s of %s: its token refused (%s)", message_id, match.id, error)
        channel = self._channel_for(match.channel_id, match.guild_id)
        try:
            await channel.get_partial_message(message_id).delete()
        except (discord.HTTPException, discord.RateLimited) as error:
            log.info("old message %s of %s stays (%s)", message_id, match.id, error)

    async def _refused(
        self, match: Placed, error: discord.HTTPException | discord.RateLimited
    ) -> Published:
        failure = classify(error)
        assert failure is not None
        if failure.kind is Failure.THREAD_ARCHIVED:
            # Posting did not revive the thread: it is locked. Treat it as blocked.
            failure = Classified(Failure.NO_PERMISSION, failure.status, failure.code)
        if failure.blocks_channel:
            await self._blocking(match, failure)
            return Published(Shown.BLOCKED, failure)
        if failure.kind is Failure.REFUSED:
            raise error
        log.info("message for %s not sent for now: %s", match.id, error)
        return Published(Shown.FAILED, failure)

    # -- plain messages ------------------------------------------------------------------
    async def say(
        self, match: Placed, content: str, *, ping: bool = False, **kwargs: Any
    ) -> Published:
        """A plain message about ``match`` in its channel, in order with its redraws;
        nothing is sent while the channel is blocked.

        A ``ping`` (a turn notice, a clock note, an invitation) is the match's one ping: it
        is posted as the top line of the board, posted again at the bottom of the channel
        (the old board and the old ping deleted), so the channel keeps one board per match
        at the bottom and no trail of pings. One message, not a ping and a board, is what
        the next notice removes: when its token has expired that removal is the one
        request Discord counts. Where this process has not drawn the board yet (after a
        restart, until the first redraw) the ping is a message of its own."""
        async with self._using(match) as state, state.lock:
            if self.blocked(match.channel_id) is not None:
                return Published(Shown.BLOCKED, self._blocks[match.channel_id].failure)
            if ping:
                on_board = await self._ping_on_board(match, state, content, kwargs)
                if on_board is not None:
                    return on_board
            try:
                message, lane = await self._send(match, state.lane, content, **kwargs)
            except (discord.HTTPException, discord.RateLimited) as error:
                return await self._refused(match, error)
            self._lift(match.channel_id)
            message_id = getattr(message, "id", None)
            if ping:  # the old ping goes; the new one is saved in its place
                await self._drop_ping(match, state, save=False)
                state.ping, state.ping_known, state.ping_lane = message_id, True, lane
                await self._keep_ping(match, state, message_id)
            return Published(Shown.SENT, message_id=message_id)

    async def _ping_on_board(
        self, match: Placed, state: _MatchState, content: str, options: dict[str, Any]
    ) -> Published | None:
        """The ping as the top line of the board shown last, posted again at the bottom of
        the channel (old board and old ping deleted). None when this process has not drawn
        the board (after a restart, from the first redraw on), or has drawn an older one."""
        if state.drawn is None or self.board_id(match) is None:
            return None
        drawn, build = state.drawn
        if drawn.version < state.shown:
            return None  # shown through another path (e.g. adopted): nothing to post again
        old_ping, old_lane = self._ping_of(match, state), state.ping_lane
        old_board = self.board_id(match)
        published = await self._post_board(
            drawn, await build(), old=old_board, notice=(content, options)
        )
        if published.ok and old_ping is not None and old_ping != old_board:
            await self._remove(match, old_ping, old_lane if state.ping_known else None)
        return published

    def _ping_of(self, match: Placed, state: _MatchState) -> int | None:
        """The match's ping: the one this process sent, or before that the saved one."""
        return state.ping if state.ping_known else match.ping_message_id

    async def _drop_ping(self, match: Placed, state: _MatchState, *, save: bool = True) -> None:
        """Delete the match's ping: the one this process sent, or before that, the one the
        match saved (sent before a restart); a ping that is the board itself is only
        forgotten. ``save=False``: a new ping is saved next, over it (so a turn's notice
        costs one metadata write, not two)."""
        ping = self._ping_of(match, state)
        if ping is not None:
            if ping != self.board_id(match):
                await self._remove(match, ping, state.ping_lane if state.ping_known else None)
            state.ping_lane = None
            if save:
                await self._keep_ping(match, state, None)
            else:
                state.ping, state.ping_known = None, True

    async def _keep_ping(self, match: Placed, state: _MatchState, ping: int | None) -> None:
        """Remember ``ping`` as the match's one ping, here and (best effort) in the store."""
        state.ping, state.ping_known = ping, True
        if self._save_ping is None:
            return
        try:
            await self._save_ping(match.id, ping)
        except Exception:  # a ping not saved only outlives a restart: the turn goes on
            log.warning("the ping of %s was not saved", match.id, exc_info=True)
