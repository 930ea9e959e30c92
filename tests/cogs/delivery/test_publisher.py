"""The ordered publisher, the error classification and the permission preflight, one layer
below Discord (fake channels answering with discord.py's real exception types)."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Any

import discord
import pytest

from cogs.delivery import permissions
from cogs.delivery import publisher as module
from cogs.delivery.discord_errors import Failure, classify
from cogs.delivery.publisher import BACKOFF_FIRST, BOARD_FRESH_FOR, Publisher, Shown
from cogs.delivery.replies import tolerate
from tests.deadlines import HANG_GUARD


class Response:
    def __init__(self, status: int) -> None:
        self.status = status
        self.reason = "x"


def error(status: int, code: int) -> discord.HTTPException:
    kind = {403: discord.Forbidden, 404: discord.NotFound}.get(status, discord.HTTPException)
    if status >= 500:
        kind = discord.DiscordServerError
    return kind(Response(status), {"code": code, "message": "refused"})


@pytest.mark.parametrize(
    ("status", "code", "kind"),
    [
        (403, 50001, Failure.NO_ACCESS),
        (403, 50013, Failure.NO_PERMISSION),
        (404, 10003, Failure.CHANNEL_GONE),
        (404, 10008, Failure.MESSAGE_GONE),
        (400, 50083, Failure.THREAD_ARCHIVED),
        (429, 30046, Failure.OLD_MESSAGE),
        (404, 10062, Failure.INTERACTION_GONE),
        (502, 0, Failure.TRANSIENT),
        (400, 50035, Failure.REFUSED),
    ],
)
def test_discord_errors_are_classified_by_code(status: int, code: int, kind: Failure) -> None:
    found = classify(error(status, code))
    assert found is not None and found.kind is kind and found.code == code
    assert found.blocks_channel == (
        kind in (Failure.NO_ACCESS, Failure.NO_PERMISSION, Failure.CHANNEL_GONE)
    )


def test_a_long_rate_limit_counts_as_an_old_message_and_bugs_are_not_classified() -> None:
    assert classify(discord.RateLimited(3600.0)).kind is Failure.OLD_MESSAGE
    assert classify(ValueError("ours")) is None


@dataclass
class Board:
    version: int
    notice: str = ""

    def send_kwargs(self) -> dict[str, Any]:
        return {"content": f"{self.notice}\nv{self.version}" if self.notice else f"v{self.version}"}

    def edit_kwargs(self) -> dict[str, Any]:
        return {"content": f"v{self.version}"}

    def with_notice(self, notice: str) -> Board:
        return Board(self.version, notice)


@dataclass
class Match:
    id: str = "m1"
    version: int = 1
    guild_id: int | None = 1
    channel_id: int = 10
    board_message_id: int | None = None
    ping_message_id: int | None = None
    live: bool = True


@dataclass
class Channel:
    """A channel whose next requests fail as told; ``delays`` hold requests back."""

    messages: dict[int, str] = field(default_factory=dict)
    failures: list[discord.HTTPException] = field(default_factory=list)
    delays: list[float] = field(default_factory=list)
    requests: int = 0
    next_id: int = 100
    sent: list[dict[str, Any]] = field(default_factory=list)  # each message's send options

    async def _request(self) -> None:
        self.requests += 1
        if self.delays:
            await asyncio.sleep(self.delays.pop(0))
        if self.failures:
            raise self.failures.pop(0)

    async def send(self, content: str | None = None, **kwargs: Any) -> Any:
        await self._request()
        self.next_id += 1
        self.messages[self.next_id] = content or ""
        self.sent.append(kwargs)
        return discord.Object(id=self.next_id)

    def get_partial_message(self, message_id: int) -> Any:
        channel = self

        class Partial:
            async def edit(self, **kwargs: Any) -> None:
                await channel._request()
                channel.messages[message_id] = kwargs["content"]

            async def delete(self) -> None:
                await channel._request()
                channel.messages.pop(message_id, None)

        return Partial()


class Clock:
    now = 0.0

    def __call__(self) -> float:
        return self.now


def publisher(channel: Channel, saved: dict[str, int], clock: Clock) -> Publisher:
    async def save(match_id: str, message_id: int) -> None:
        saved[match_id] = message_id

    return Publisher(lambda _channel_id, _guild_id: channel, save, clock=clock)


async def test_redraws_are_ordered_and_never_go_back_to_an_older_version() -> None:
    channel, saved, clock = Channel(), {}, Clock()
    pub = publisher(channel, saved, clock)
    first = await pub.redraw(Match(version=1), lambda: _board(1))
    assert first.shown is Shown.POSTED and channel.messages[saved["m1"]] == "v1"
    board = saved["m1"]
    # v2's edit is slow on the network; v3 and a late v2 arrive meanwhile
    # (without the lock, v3's fast edit would land first and v2's would cover it)
    channel.delays = [0.05, 0.0]
    results = await asyncio.gather(
        pub.redraw(Match(version=2, board_message_id=board), lambda: _board(2)),
        pub.redraw(Match(version=3, board_message_id=board), lambda: _board(3)),
        pub.redraw(Match(version=4, board_message_id=board), lambda: _board(4)),
    )
    late = await pub.redraw(Match(version=3, board_message_id=board), lambda: _board(3))
    assert channel.messages[board] == "v4"
    # v3 waited behind v2 and was overtaken by v4 before its turn: skipped, not drawn
    assert [r.shown for r in results] == [Shown.EDITED, Shown.SKIPPED, Shown.EDITED]
    assert late.shown is Shown.SKIPPED and channel.requests == 3
    assert pub.shown_version("m1") == 4


async def _board(version: int) -> Board:
    return Board(version)


async def test_a_ping_rides_on_the_board_posted_again_at_the_bottom() -> None:
    channel, saved, clock = Channel(), {}, Clock()
    pub = publisher(channel, saved, clock)
    await pub.redraw(Match(version=1), lambda: _board(1))
    await pub.say(Match(version=1), "<@1> your turn", ping=True)
    # one message: the ping on top of the board (the old board deleted)
    assert list(channel.messages.values()) == ["<@1> your turn\nv1"]
    await pub.redraw(Match(version=2, board_message_id=saved["m1"]), lambda: _board(2))
    assert list(channel.messages.values()) == ["v2"]  # a redraw shows no old notice
    await pub.say(Match(version=2), "<@2> your turn", ping=True)
    assert list(channel.messages.values()) == ["<@2> your turn\nv2"]  # one board, one ping
    await pub.say(Match(version=2), "a note")  # not a ping: it stays, the board stays put
    await pub.redraw(Match(version=3, live=False), lambda: _board(3))  # over: no ping left
    assert list(channel.messages.values()) == ["v3", "a note"]


async def test_a_ping_on_the_board_pings_only_the_people_it_mentions() -> None:
    channel, saved, clock = Channel(), {}, Clock()
    pub = publisher(channel, saved, clock)
    await pub.redraw(Match(version=1), lambda: _board(1))
    await pub.say(Match(version=1), "<@12> time ran out", ping=True)  # no mentions given
    assert [o.id for o in channel.sent[-1]["allowed_mentions"].users] == [12]
    told = discord.AllowedMentions(users=[discord.Object(34)])
    await pub.say(Match(version=1), "<@34> your turn", ping=True, allowed_mentions=told)
    assert channel.sent[-1]["allowed_mentions"] is told


async def test_a_ping_saved_as_the_board_is_not_deleted_with_the_board_after_a_restart() -> None:
    channel, saved, clock = Channel(), {}, Clock()
    channel.messages[7] = "<@1> your turn\nv1"  # board and ping, posted before a restart
    pub = publisher(channel, saved, clock)
    match = Match(version=1, board_message_id=7, ping_message_id=7)
    await pub.say(match, "<@1> still your turn", ping=True)  # no board drawn here yet
    assert list(channel.messages.values()) == ["<@1> your turn\nv1", "<@1> still your turn"]


async def test_an_hour_old_board_is_replaced_and_deleted() -> None:
    channel, saved, clock = Channel(), {}, Clock()
    pub = publisher(channel, saved, clock)
    await pub.redraw(Match(version=1), lambda: _board(1))
    old = saved["m1"]
    clock.now = BOARD_FRESH_FOR - 1
    assert (
        await pub.redraw(Match(version=2, board_message_id=old), lambda: _board(2))
    ).shown is Shown.EDITED
    clock.now = BOARD_FRESH_FOR + 1
    result = await pub.redraw(Match(version=3, board_message_id=old), lambda: _board(3))
    assert result.shown is Shown.POSTED and saved["m1"] != old
    assert channel.messages[saved["m1"]] == "v3" and old not in channel.messages


@pytest.mark.parametrize("code", [30046, 10008, 50083])
async def test_an_edit_discord_refuses_becomes_a_fresh_board(code: int) -> None:
    channel, saved, clock = Channel(), {}, Clock()
    pub = publisher(channel, saved, clock)
    # a board of unknown age (e.g. after a restart)
    status = {30046: 429, 10008: 404, 50083: 400}[code]
    channel.failures = [error(status, code)]
    result = await pub.redraw(Match(version=4, board_message_id=7), lambda: _board(4))
    assert result.shown is Shown.POSTED and channel.messages[saved["m1"]] == "v4"


async def test_a_refusing_channel_is_left_alone_then_retried_or_unblocked() -> None:
    channel, saved, clock = Channel(), {}, Clock()
    pub = publisher(channel, saved, clock)
    noted: list[tuple[str, Failure]] = []

    async def note(match: Any, failure: Any) -> None:
        noted.append((match.id, failure.kind))

    pub.on_block = note
    channel.failures = [error(403, 50013)]
    assert (await pub.redraw(Match(version=1), lambda: _board(1))).shown is Shown.BLOCKED
    requests = channel.requests
    for version in (2, 3):
        blocked = await pub.redraw(Match(version=version), lambda v=version: _board(v))
        assert blocked.shown is Shown.BLOCKED and blocked.failure.code == 50013
    assert (await pub.say(Match(version=3), "ping")).shown is Shown.BLOCKED
    assert channel.requests == requests  # nothing hammered the channel
    # the back-off is over: one more try, refused again, waits twice as long
    clock.now = BACKOFF_FIRST
    channel.failures = [error(403, 50013)]
    assert (await pub.redraw(Match(version=4), lambda: _board(4))).shown is Shown.BLOCKED
    assert pub.block_of(10).retry_at == BACKOFF_FIRST + 2 * BACKOFF_FIRST
    assert noted == [("m1", Failure.NO_PERMISSION)]
    # an interaction showed the permissions are back
    assert pub.unblock(10)
    assert (await pub.redraw(Match(version=5), lambda: _board(5))).shown is Shown.POSTED


async def test_a_locked_thread_blocks_and_a_transient_failure_does_not() -> None:
    channel, saved, clock = Channel(), {}, Clock()
    pub = publisher(channel, saved, clock)
    channel.failures = [error(400, 50083), error(400, 50083)]  # edit refused, post too
    result = await pub.redraw(Match(version=2, board_message_id=7), lambda: _board(2))
    assert result.shown is Shown.BLOCKED and pub.blocked(10) is not None
    pub.unblock(10)
    channel.failures = [error(503, 0)]
    result = await pub.redraw(Match(version=3, board_message_id=7), lambda: _board(3))
    assert result.shown is Shown.FAILED and pub.blocked(10) is None
    # a later redraw of the same version draws it (nothing was shown)
    assert (
        await pub.redraw(Match(version=3, board_message_id=7), lambda: _board(3))
    ).shown is Shown.EDITED


async def test_an_expired_interaction_edit_falls_back_to_the_channel() -> None:
    channel, saved, clock = Channel(), {}, Clock()
    pub = publisher(channel, saved, clock)
    channel.messages[7] = "v1"

    async def through_interaction(_board: Any) -> None:
        raise error(404, 10062)

    result = await pub.redraw(
        Match(version=2, board_message_id=7), lambda: _board(2), edit_here=through_interaction
    )
    assert result.shown is Shown.EDITED and channel.messages[7] == "v2"


def test_missing_permissions_are_named_in_a_fixed_order() -> None:
    everything = discord.Permissions(
        view_channel=True, send_messages=True, embed_links=True, attach_files=True
    )
    assert permissions.missing(everything, thread=False) == []
    assert permissions.missing(everything, thread=True) == ["send_messages_in_threads"]
    nothing = discord.Permissions.none()
    assert permissions.missing(nothing, thread=False) == list(permissions.NEEDED)
    assert (
        permissions.permission_names(["attach_files", "embed_links"], "ja")
        == "ファイルを添付, 埋め込みリンク"
    )


async def test_a_redraw_that_met_a_server_error_is_tried_again_until_shown(monkeypatch) -> None:
    monkeypatch.setattr(module, "RETRY_DELAYS", (0.01, 0.01, 0.01))
    channel, saved, clock = Channel(), {}, Clock()
    pub = publisher(channel, saved, clock)
    channel.messages[7] = "v1"
    channel.failures = [error(500, 0), error(502, 0)]
    first = await pub.redraw(Match(version=2, board_message_id=7), lambda: _board(2))
    assert first.shown is Shown.FAILED
    await pub.redraw(Match(version=3, board_message_id=7), lambda: _board(3))  # fails too
    assert channel.messages[7] == "v1"
    await asyncio.wait_for(pub.retried("m1"), timeout=HANG_GUARD)  # the background retry
    assert channel.messages[7] == "v3" and pub.shown_version("m1") == 3


async def test_a_reply_lost_to_server_errors_is_skipped_not_reported() -> None:
    async def lost() -> None:
        raise error(503, 0)  # what discord.py raises once its own retries are spent

    async def refused() -> None:
        raise error(403, 50013)

    assert await tolerate(lost()) is None
    with pytest.raises(discord.Forbidden):
        await tolerate(refused())


async def test_an_ended_match_leaves_nothing_behind(monkeypatch) -> None:
    """Issue 21 item 10: a process that runs for months keeps no state for ended matches."""
    monkeypatch.setattr(module, "RETRY_DELAYS", (0.01, 0.01))
    channel, saved, clock = Channel(), {}, Clock()
    pub = publisher(channel, saved, clock)
    await pub.redraw(Match(version=1), lambda: _board(1))
    assert pub.holds("m1") and not pub.redraw_pending("m1")  # no Match kept once shown
    await pub.say(Match(version=1), "your turn")
    await pub.redraw(Match(version=2, board_message_id=saved["m1"], live=False), lambda: _board(2))
    assert channel.messages[saved["m1"]] == "v2" and not pub.holds("m1")
    await pub.say(Match(version=2, live=False), "well played")  # a message after the end
    pub.adopt(Match(id="m2", version=5, live=False), 300)  # /game show of an ended match
    assert not pub.holds("m1") and not pub.holds("m2")
    # the final board met a server error: kept while its retry is pending, dropped after
    channel.failures = [error(502, 0)]
    ended = Match(id="m3", version=9, board_message_id=saved["m1"], live=False)
    assert (await pub.redraw(ended, lambda: _board(9))).shown is Shown.FAILED
    assert pub.holds("m3")
    await asyncio.wait_for(pub.retried("m3"), timeout=HANG_GUARD)
    assert channel.messages[saved["m1"]] == "v9" and not pub.holds("m3")
    assert not any(pub.holds(match_id) for match_id in ("m1", "m2", "m3"))
