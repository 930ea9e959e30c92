"""Acknowledging and answering interactions, and the one place that turns errors into replies.

10062 (the interaction expired, e.g. a slow network) and 40060 (already acknowledged, e.g. a
double click) are outcomes to log, not errors to raise: the move itself is already saved.

Refusals (``IllegalAction``, and ``MatchError`` which subclasses it) are raised by the flows
and answered here only: by :func:`answer_error`, which the command tree's error handler
(``bot.py``) and :func:`guarded` (every persistent component's callback) call.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Sequence
from typing import TYPE_CHECKING, Any, TypeAlias, TypeVar

import discord

from cogs.delivery.discord_errors import Failure, classify
from cogs.ui.labels import shown_name
from cogs.ui.seats import badge, seat_label
from i18n import has_key, locale_for, t
from service import IllegalAction, Match, SeatRef
from telemetry import acknowledged, note_outcome, stage

if TYPE_CHECKING:
    from bot import TabletopBot

log = logging.getLogger("tabletop.replies")

#: Unknown interaction, already acknowledged, invalid webhook token (older than 15 min).
EXPECTED_ERROR_CODES = frozenset({10062, 40060, 50027})
#: Refusals that come from the database, not from the rules (counted apart in the metrics).
STORE_CODES = frozenset({"store_busy", "store_unavailable", "commit_unknown"})
#: Legal moves quoted after a refused move.
MOVES_IN_REFUSAL = 6

T = TypeVar("T")

#: Any interaction of this bot (commands, components, autocomplete).
Interaction: TypeAlias = "discord.Interaction[TabletopBot]"


class MoveRefused(Exception):
    """A refused move: answered like its ``refusal``, plus the ``moves`` that are possible
    instead (the flow asked the service for them)."""

    def __init__(self, refusal: IllegalAction, moves: Sequence[str] = ()) -> None:
        super().__init__(refusal.reason)
        self.refusal = refusal
        self.moves = tuple(moves)


async def tolerate(call: Awaitable[T]) -> T | None:
    """Await ``call``; an expected Discord refusal (or a server error discord.py already
    retried) is logged and gives ``None``."""
    try:
        return await call
    except discord.HTTPException as error:
        failure = classify(error)
        # 5xx even after discord.py's retries: the reply is lost; answering "something went
        # wrong" through the same webhook would fail the same way.
        if error.code in EXPECTED_ERROR_CODES or (
            failure is not None and failure.kind is Failure.TRANSIENT
        ):
            log.info("interaction reply skipped: %s (%s)", error.text, error.code)
            return None
        raise


#: ``interaction.extras`` key: how the interaction was acknowledged (:data:`ACK_UPDATE`,
#: :data:`ACK_PUBLIC` or :data:`ACK_PRIVATE`), and whether the deferred answer was given.
ACK, ANSWERED = "tabletop.ack", "tabletop.answered"
#: ``interaction.extras`` key: the match the interaction is about (``flows.matches``), so a
#: refusal names its seats as the board does.
MATCH = "tabletop.match"
ACK_UPDATE, ACK_PUBLIC, ACK_PRIVATE = "update", "public", "private"


async def defer(
    interaction: Interaction, *, ephemeral: bool = False, new_message: bool = False
) -> None:
    """Acknowledge now, before any database wait or slow work: a 'thinking' state for
    commands (``ephemeral`` when the answer is private), a silent update for buttons and
    selects (unless their answer is a ``new_message``)."""
    if interaction.response.is_done():
        return
    if interaction.type is discord.InteractionType.component and not new_message:
        interaction.extras[ACK] = ACK_UPDATE
        await tolerate(interaction.response.defer())
    else:
        interaction.extras[ACK] = ACK_PRIVATE if ephemeral else ACK_PUBLIC
        await tolerate(interaction.response.defer(ephemeral=ephemeral, thinking=True))
    acknowledged()


def _edit_kwargs(kwargs: dict[str, Any]) -> dict[str, Any]:
    """``send`` keywords as ``edit_original_response`` takes them (files are attachments)."""
    edit = {k: v for k, v in kwargs.items() if k not in ("file", "files", "wait")}
    if "file" in kwargs:
        edit["attachments"] = [kwargs["file"]]
    elif "files" in kwargs:
        edit["attachments"] = list(kwargs["files"])
    return edit


async def _answer_deferred(
    interaction: Interaction, ephemeral: bool, kwargs: dict[str, Any]
) -> tuple[bool, discord.Message | None]:
    """The first answer after a 'thinking' defer edits the deferred response (a follow-up
    there is deprecated and loses its ephemeral flag). When the answer's privacy differs
    from the defer's, the deferred response says so in one neutral line and the answer
    follows as a real follow-up (a private answer is never shown publicly). Returns whether
    the answer was given, and its message when Discord returned one."""
    interaction.extras[ANSWERED] = True
    private_defer = interaction.extras.get(ACK) == ACK_PRIVATE
    if private_defer == ephemeral:
        return True, await tolerate(interaction.edit_original_response(**_edit_kwargs(kwargs)))
    locale = locale_for(interaction, public=private_defer)
    key = "reply.posted_publicly" if private_defer else "reply.answered_privately"
    await tolerate(interaction.edit_original_response(content=t(key, locale)))
    return False, None


def thinking(interaction: Interaction) -> bool:
    """Deferred with a 'thinking' state whose response was not given yet."""
    return interaction.extras.get(ACK) in (ACK_PUBLIC, ACK_PRIVATE) and not interaction.extras.get(
        ANSWERED
    )


async def settle(interaction: Interaction) -> bool:
    """Answer a 'thinking' response and remove it, so that the interaction's follow-ups are
    messages of their own (public ones stay public): the board and the ping of a turn sent
    through the interaction (``cogs.delivery.lanes``). The answer is an edit (what Discord asks
    for first), gone at once. False when Discord refused either: a follow-up could then
    become the (private) response."""
    interaction.extras[ANSWERED] = True
    if await tolerate(interaction.edit_original_response(content="…")) is None:
        return False
    try:
        await interaction.delete_original_response()
    except discord.HTTPException as error:
        log.info("a settled response stays (%s)", error)
        return False
    return True


async def send(
    interaction: Interaction, content: str | None = None, *, ephemeral: bool, **kwargs: Any
) -> discord.Message | None:
    """Answer the interaction whether or not it was acknowledged already. Private answers
    mention nobody (the text may echo what a user typed). Returns the answer's message when
    it is the deferred response Discord returned (a private panel remembers it)."""
    if ephemeral:
        kwargs.setdefault("allowed_mentions", discord.AllowedMentions.none())
    with stage("reply"):
        return await _send(interaction, content, ephemeral, kwargs)


async def _send(
    interaction: Interaction, content: str | None, ephemeral: bool, kwargs: dict[str, Any]
) -> discord.Message | None:
    if interaction.response.is_done():
        if content is not None:
            kwargs["content"] = content
        if thinking(interaction):
            done, message = await _answer_deferred(interaction, ephemeral, kwargs)
            if done:
                return message
        await tolerate(interaction.followup.send(ephemeral=ephemeral, **kwargs))
    else:
        await tolerate(interaction.response.send_message(content, ephemeral=ephemeral, **kwargs))
    return None


async def send_message(
    interaction: Interaction, content: str | None = None, **kwargs: Any
) -> discord.Message | None:
    """A public answer, returning the message it created (the board message)."""
    with stage("reply"):
        return await _send_message(interaction, content, kwargs)


async def _send_message(
    interaction: Interaction, content: str | None, kwargs: dict[str, Any]
) -> discord.Message | None:
    if interaction.response.is_done():
        if content is not None:
            kwargs["content"] = content
        if thinking(interaction):
            done, answer = await _answer_deferred(interaction, False, kwargs)
            if done:
                return answer
        message: discord.Message | None = await tolerate(
            interaction.followup.send(wait=True, **kwargs)
        )
        return message
    await tolerate(interaction.response.send_message(content, **kwargs))
    return await tolerate(interaction.original_response())


async def withdraw(interaction: Interaction) -> None:
    """Remove a 'thinking' response that nothing answered (the board shows what happened),
    so no private line stays behind."""
    if thinking(interaction):
        interaction.extras[ANSWERED] = True
        await tolerate(interaction.delete_original_response())


async def finish(interaction: Interaction, **kwargs: Any) -> None:
    """Replace the deferred response (e.g. a progress line) with the final answer."""
    interaction.extras[ANSWERED] = True
    await tolerate(interaction.edit_original_response(**kwargs))


def refusal_text(error: IllegalAction, locale: str, match: Match | None = None) -> str:
    """A refusal in the reader's language (the English reason when no key exists). The seats
    it names (``SeatRef``) are named as the board names them: badge and name in ``match``
    (the badge alone without one), never "player 2"; ``{to_move}`` is who is to move."""
    key = f"illegal.{error.code}"
    if has_key(key):
        params = dict(error.params)
        if match is not None and match.status == "playing":
            params.setdefault("to_move", SeatRef(match.to_move))
        return t(key, locale, **{k: _shown(v, locale, match) for k, v in params.items()})
    return shown_name(error.reason)


def _shown(value: Any, locale: str, match: Match | None) -> Any:
    """A refusal's parameter as a person reads it: seats by badge and name, typed text
    escaped."""
    if isinstance(value, SeatRef):
        return " · ".join(
            seat_label(match, seat, locale)
            if match is not None and 0 <= seat < len(match.seats)
            else badge(seat)
            for seat in value.seats
        )
    return shown_name(value) if isinstance(value, str) else value


async def explain_refusal(
    interaction: Interaction, error: IllegalAction, moves: Sequence[str] = ()
) -> None:
    """Tell the actor, privately, why not, and (for a refused move) what they could do."""
    locale = locale_for(interaction, public=False)
    text = refusal_text(error, locale, interaction.extras.get(MATCH))
    if error.code == "stale_version":
        typed = interaction.type is discord.InteractionType.application_command
        text = f"{text} {t('turn.stale_play' if typed else 'turn.stale_hint', locale)}"
    elif moves:
        quoted = ", ".join(f"`{m}`" for m in moves[:MOVES_IN_REFUSAL])
        more = " …" if len(moves) > MOVES_IN_REFUSAL else ""
        text = f"{text}\n{t('turn.possible', locale, moves=quoted + more)}"
    await send(interaction, text, ephemeral=True)


async def report_failure(interaction: Interaction, error: BaseException) -> None:
    """An unexpected error: logged with its traceback, and the user told in one line."""
    log.error("interaction failed", exc_info=error)
    try:
        await send(
            interaction, t("error.generic", locale_for(interaction, public=False)), ephemeral=True
        )
    except discord.HTTPException:
        log.info("could not tell the user about the failure")


async def answer_error(interaction: Interaction, error: BaseException) -> None:
    """The one translation of errors into replies: a refusal is explained privately,
    anything else is logged and the user told that something went wrong."""
    refusal = error.refusal if isinstance(error, MoveRefused) else error
    if isinstance(refusal, IllegalAction):
        if refusal.code in STORE_CODES:
            note_outcome("store", refusal.code)
        else:
            note_outcome("refused")
    else:
        note_outcome("failed")
    if isinstance(error, MoveRefused):
        await explain_refusal(interaction, error.refusal, error.moves)
    elif isinstance(error, IllegalAction):
        await explain_refusal(interaction, error)
    else:
        await report_failure(interaction, error)


async def guarded(interaction: Interaction, work: Awaitable[Any]) -> None:
    """Run a component's work with its errors answered (not Discord's bare "This
    interaction failed"); the counterpart of the command tree's error handler."""
    try:
        await work
    except Exception as error:
        await answer_error(interaction, error)
