"""Helpers for the end-to-end tests: a world with a guild, a channel and two members, the
components of a message, and Japanese locales (simcord always sends ``en-US``)."""

from __future__ import annotations

import contextlib
import io
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

import pytest
import simcord.components
import simcord.interactions
from PIL import Image

from service import Match, Seat
from telemetry.discord_budget import is_counted

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def playing_match(
    game_id: str,
    seats: tuple[Seat, ...],
    state: Any = None,
    *,
    to_move: int = 0,
    version: int = 1,
    seed: int = 1,
    host_id: int = 100,
) -> Match:
    """A match being played in server 1, channel 2, as the message builders receive it."""
    return Match(
        id="abc234",
        game_id=game_id,
        guild_id=1,
        channel_id=2,
        host_id=host_id,
        seed=seed,
        seats=seats,
        state=state,
        version=version,
        status="playing",
        to_move=(to_move,),
    )


@dataclass
class World:
    guild: Any
    channel: Any
    alice: Any
    bob: Any
    env: Any = None


def make_world(env: Any) -> World:
    guild = env.create_guild("Tabletop")
    channel = guild.create_text_channel("games")
    alice = guild.add_member(env.create_user("alice"))
    bob = guild.add_member(env.create_user("bob"))
    return World(guild, channel, alice, bob, env)


def posts(world: World, channel: Any = None) -> list[str]:
    """The text of every plain message the bot posted in the channel and of every turn notice
    a posted board carried on top (a ping rides on its board), pings deleted since included
    (a channel keeps one ping per match: the next one removes the last), whether posted
    through the channel or as an interaction's follow-up there."""
    where = (channel or world.channel).id
    said = [
        said_in(r.json)
        for r in world.env.http_requests
        if r.method == "POST"
        and request_channel(world.env, r) == where
        and isinstance(r.json, dict)
    ]
    return [text for text in said if text]


def notice(message: Any) -> str:
    """What a message in view says on top: a plain message's content, or the turn notice a
    board carries above its title (a ping rides on its board)."""
    if message.content:
        return str(message.content)
    texts = [c["content"] for c in layout(message) if c.get("type") == 10]
    return texts[0] if texts and not texts[0].startswith("#") else ""


def said_in(payload: dict) -> str:
    """A posted message's content, or the notice above a board's title (its first text)."""
    if payload.get("content"):
        return str(payload["content"])
    texts = [
        c["content"]
        for c in simcord.components.walk_components(payload.get("components") or [])
        if c.get("type") == 10
    ]
    return texts[0] if texts and not texts[0].startswith("#") else ""


def request_channel(env: Any, request: Any) -> int | None:
    """The channel a logged request posts to: ``/channels/{id}/messages``, or an
    interaction's follow-up (``/webhooks/{app}/{token}``) in the interaction's channel."""
    parts = request.path.strip("/").split("/")
    if parts[:1] == ["channels"] and parts[2:] == ["messages"]:
        return int(parts[1])
    if parts[:1] == ["webhooks"] and len(parts) == 3:
        backend = env.backend
        found = backend.interaction_tokens.get(parts[2])
        return None if found is None else int(backend.interactions[found].channel_id)
    return None


#: Buttons and selects (Discord's component types), the parts a person clicks.
INTERACTIVE = {2, 3, 4, 5, 6, 7, 8}


def counted_kinds(requests: Iterable[Any]) -> Counter[str]:
    """The requests Discord counts against the global limit, by kind: method and the
    route's words, ids left out (``POST /channels/messages``); ``requests`` from simcord's
    request log (``env.http_requests``). bench/requests.py counts with it too."""
    counted: Counter[str] = Counter()
    for request in requests:
        if is_counted(request.path):
            words = [p for p in request.path.strip("/").split("/") if not p.isdigit()]
            counted[f"{request.method} /{'/'.join(words)}"] += 1
    return counted


def layout(message: Any) -> list[dict]:
    """Every component of a message, nested ones included (a V2 layout), as raw dicts in order."""
    raw = [
        c if isinstance(c, dict) else c.to_dict()
        for c in getattr(message, "components", None) or []
    ]
    return list(simcord.components.walk_components(raw))


def components(message: Any) -> list[dict]:
    """Every button and select of a message as raw dicts, in order."""
    return [c for c in layout(message) if c.get("type") in INTERACTIVE]


def board_text(message: Any) -> str:
    """All the text of a board, lobby or hand layout (its text displays, in order)."""
    return "\n".join(c["content"] for c in layout(message) if c.get("type") == 10)


def gallery(message: Any) -> list[dict]:
    """The media gallery items of a layout (the board's picture and its alt text)."""
    return [item for c in layout(message) if c.get("type") == 12 for item in c["items"]]


def custom_ids(message: Any) -> list[str]:
    return [c["custom_id"] for c in components(message) if "custom_id" in c]


def select_options(message: Any) -> dict[str, list[str]]:
    """custom_id of each select → its option values."""
    return {
        c["custom_id"]: [o["value"] for o in c["options"]]
        for c in components(message)
        if c.get("type") == 3
    }


def select_for(message: Any, notation: str) -> str:
    """The custom_id of the select that offers ``notation``."""
    for custom_id, values in select_options(message).items():
        if notation in values:
            return custom_id
    raise AssertionError(f"{notation} is not offered on the board")


@contextlib.contextmanager
def japanese(
    monkeypatch: pytest.MonkeyPatch, user_ids: set[int], guild_ids: set[int] = frozenset()
) -> Iterator[None]:
    """Interactions of ``user_ids`` carry locale ``ja``; of ``guild_ids`` guild locale ``ja``."""
    original = simcord.interactions.base_payload

    def patched(backend: Any, **kwargs: Any) -> Any:
        record, payload = original(backend, **kwargs)
        if kwargs.get("user_id") in user_ids:
            payload["locale"] = "ja"
        if kwargs.get("guild_id") in guild_ids:
            payload["guild_locale"] = "ja"
        return record, payload

    monkeypatch.setattr(simcord.interactions, "base_payload", patched)
    try:
        yield
    finally:
        monkeypatch.setattr(simcord.interactions, "base_payload", original)


def assert_png(data: bytes) -> None:
    """``data`` is a complete, readable PNG picture."""

    assert data.startswith(PNG_SIGNATURE)
    with Image.open(io.BytesIO(data)) as picture:
        picture.verify()


async def board_message(env: Any, world: World, match_id: str) -> Any:
    """The match's current board message as the channel shows it."""
    match = await env.bot.service.get(match_id)
    return next(m for m in world.channel.history() if m.id == match.board_message_id)


async def assert_board_png(message: Any) -> None:
    assert [a.filename for a in message.attachments] == ["board.png"]
    (item,) = gallery(message)
    assert item["media"]["url"] in ("attachment://board.png", message.attachments[0].url)
    assert_png(await message.attachments[0].read())


def quoted(text: str) -> str:
    """The first `code` span of a reply (a move in a hint)."""
    return text.split("`")[1]


async def seated_pair(env: Any, world: World, game: str = "drop-four") -> str:
    """A match of ``game`` opened by alice, joined by bob and started, through the service
    (no Discord message yet: ``/game show`` posts the board); its id."""
    service = env.bot.service
    lobby = await service.new_match(
        game, world.guild.id, world.channel.id, world.alice.id, user_name="alice"
    )
    await service.lobby_join(lobby.id, world.bob.id, "bob")
    await service.lobby_start(lobby.id, world.alice.id)
    return str(lobby.id)


async def play_by_hints(env: Any, world: World, match_id: str) -> Any:
    """Alice plays her solo match to the end, each move the one ``/hint`` gives; the last
    ``/play``'s result."""
    for _ in range(120):
        hint = await world.alice.slash(world.channel, "hint")
        played = await world.alice.slash(world.channel, "play", move=quoted(hint.response.content))
        if (await env.bot.service.get(match_id)).status != "playing":
            return played
    raise AssertionError("the game did not end")


async def start(env: Any, world: World, game: str, seed: int | None) -> tuple[str, Any]:
    """``/game new`` by alice: the match id and the board message (a chosen ``seed`` makes
    the match practice: it counts in no statistic)."""
    chosen = {} if seed is None else {"seed": seed}
    result = await world.alice.slash(world.channel, "game new", game=game, **chosen)
    assert result.acknowledged and not result.ephemeral
    (match,) = await env.bot.service.find_matches(world.alice.id, world.channel.id)
    message = result.response.message
    assert match.board_message_id == message.id
    return match.id, message


def no_played_line(result: Any) -> bool:
    """Nothing private stays after a move the board shows: no answer, or only the game's
    first-game tip (said once per person and game, ``cogs/flows/tips.py``)."""
    said = getattr(result, "response", result)  # an interaction's result, or a message
    return said is None or "(This tip is shown once.)" in str(said.content)


def private_text(result: Any) -> str:
    """The text of the caller's private answer: the response itself, or (after a click was
    acknowledged by a silent update of its message) the private follow-up; "" when none."""
    for message in (result.response, *result.followups):
        if message is not None and message.ephemeral:
            return str(message.content)
    return ""


def posted(result: Any) -> Any:
    """The public message an interaction posted (``/game show`` answers privately that the
    board was posted, and posts it as a follow-up)."""
    for message in (result.response, *result.followups):
        if message is not None and not message.ephemeral:
            return message.message
    raise AssertionError("nothing was posted publicly")
