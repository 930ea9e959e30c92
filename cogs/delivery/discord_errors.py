"""What a failed Discord request means for the bot, by HTTP status and Discord error code.

Every path that posts or edits asks ``classify(error)`` and acts on the ``Failure`` kind,
so "the bot cannot post here" is handled the same way by a click, a turn clock or a
computer seat. Codes: https://discord.com/developers/docs/topics/opcodes-and-status-codes
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from enum import Enum

import discord


class Failure(Enum):
    """What went wrong, as far as the bot's next step is concerned."""

    #: 403 / 50001: the bot cannot see the channel (View Channel denied, or no access).
    NO_ACCESS = "no_access"
    #: 403 / 50013 (and other 403s): the bot sees the channel but may not do this there.
    NO_PERMISSION = "no_permission"
    #: 404 / 10003: the channel or thread was deleted.
    CHANNEL_GONE = "channel_gone"
    #: 404 / 10008: the message (the board) was deleted.
    MESSAGE_GONE = "message_gone"
    #: 400 / 50083: the thread is archived (a new message revives an unlocked one).
    THREAD_ARCHIVED = "thread_archived"
    #: 429 / 30046, or a rate limit longer than ``max_ratelimit_timeout``: the message is
    #: older than an hour and cannot be edited for now: post a fresh one.
    OLD_MESSAGE = "old_message"
    #: 10062 / 40060 / 50027 / 10015: the interaction expired or was answered already.
    INTERACTION_GONE = "interaction_gone"
    #: 5xx, a short rate limit, a network error: worth trying again later.
    TRANSIENT = "transient"
    #: Anything else Discord refused (a bug of ours, e.g. 50035 invalid form body).
    REFUSED = "refused"


#: Error codes that decide the kind on their own.
CODES: dict[int, Failure] = {
    50001: Failure.NO_ACCESS,
    50013: Failure.NO_PERMISSION,
    10003: Failure.CHANNEL_GONE,
    10008: Failure.MESSAGE_GONE,
    50083: Failure.THREAD_ARCHIVED,
    30046: Failure.OLD_MESSAGE,
    10062: Failure.INTERACTION_GONE,
    40060: Failure.INTERACTION_GONE,
    50027: Failure.INTERACTION_GONE,
    10015: Failure.INTERACTION_GONE,
}
#: Kinds after which posting in the channel is pointless until someone fixes it.
CHANNEL_BLOCKED = frozenset({Failure.NO_ACCESS, Failure.NO_PERMISSION, Failure.CHANNEL_GONE})


@dataclass(frozen=True, slots=True)
class Classified:
    kind: Failure
    status: int
    code: int

    @property
    def blocks_channel(self) -> bool:
        return self.kind in CHANNEL_BLOCKED


def classify(error: BaseException) -> Classified | None:
    """The meaning of ``error``, or ``None`` when it is not a Discord request failure
    (a bug of ours: let it propagate)."""
    if isinstance(error, discord.RateLimited):
        # Raised instead of sleeping longer than max_ratelimit_timeout; on an edit this is
        # in practice the hour-old-message cap (30046), so the same remedy applies.
        return Classified(Failure.OLD_MESSAGE, 429, 0)
    if isinstance(error, discord.HTTPException):
        status, code = int(error.status or 0), int(error.code or 0)
        kind = CODES.get(code)
        if kind is None:
            if status >= 500 or status == 429:
                kind = Failure.TRANSIENT
            elif status == 403:
                kind = Failure.NO_PERMISSION
            elif status == 404:
                kind = Failure.MESSAGE_GONE
            else:
                kind = Failure.REFUSED
        return Classified(kind, status, code)
    if isinstance(error, (asyncio.TimeoutError, OSError, discord.GatewayNotFound)):
        return Classified(Failure.TRANSIENT, 0, 0)
    return None
