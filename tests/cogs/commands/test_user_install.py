"""Solo games where the bot is absent (issue 26 item 11): the app installed on a person's
account, used in a server without the bot or in a group DM.

simcord models no user installs, so the interactions are rewritten as Discord sends them
there: ``authorizing_integration_owners`` names only the user install, the server comes as a
partial ``guild`` the bot has not cached, ``app_permissions`` holds no View Channel or Send
Messages, and a group DM is context 2 with a group channel and no server. The bot is also
denied the server's channel, so any request of its own there would meet Discord's 403 /
50001 Missing Access; the tests check that it makes none, and that it answers every
interaction privately with at most five follow-ups (what Discord allows a user install)."""

from __future__ import annotations

import contextlib
from collections import Counter
from collections.abc import Iterator
from typing import Any

import discord
import pytest
import simcord.interactions

from tests.cogs.discord_world import deny_bot
from tests.cogs.helpers import board_text, japanese, quoted, select_for

pytestmark = pytest.mark.parametrize("backend", ["sqlite"], indirect=True)

#: What an app installed on a person's account may do in a reply where it is no member.
USER_APP_PERMISSIONS = discord.Permissions(
    embed_links=True, attach_files=True, mention_everyone=True, use_external_emojis=True
)
#: Discord's limit of follow-ups per interaction of a user install.
MAX_FOLLOWUPS = 5


#: Discord's channel type of each private place: a group DM, a DM between two people.
PRIVATE_TYPES = {"group_dm": discord.ChannelType.group, "dm": discord.ChannelType.private}


@contextlib.contextmanager
def installed_by_user(monkeypatch: pytest.MonkeyPatch, places: dict[int, str]) -> Iterator[None]:
    """Interactions in the channels of ``places`` come from the app installed on the
    person's account, as Discord marks them: ``"server"`` a server without the bot,
    ``"group_dm"`` / ``"dm"`` a group DM or a DM between people (context 2), ``"both"`` a
    server the bot is in too (both installs named). Every other one: the server install."""
    original = simcord.interactions.base_payload

    def patched(backend: Any, **kwargs: Any) -> Any:
        record, payload = original(backend, **kwargs)
        channel_id, user_id = kwargs["channel_id"], kwargs["user_id"]
        place = places.get(channel_id)
        server_install = {"0": str(kwargs.get("guild_id") or 0)}
        if place in (None, "both"):
            user_install = {"1": str(user_id)} if place else {}
            payload["authorizing_integration_owners"] = server_install | user_install
            return record, payload
        payload["authorizing_integration_owners"] = {"1": str(user_id)}
        payload["app_permissions"] = str(USER_APP_PERMISSIONS.value)
        if place == "server":
            payload["guild"] = {"id": payload["guild_id"], "locale": "en-US", "features": []}
            return record, payload
        member = payload.pop("member")
        for key in ("guild_id", "guild_locale"):
            payload.pop(key)
        payload["user"] = member["user"]
        payload["context"] = 2
        payload["channel"] = {
            "id": str(channel_id),
            "type": PRIVATE_TYPES[place].value,
            "name": "friends",
            "owner_id": str(user_id),
            "recipients": [member["user"]],
        }
        return record, payload

    monkeypatch.setattr(simcord.interactions, "base_payload", patched)
    try:
        yield
    finally:
        monkeypatch.setattr(simcord.interactions, "base_payload", original)


def elsewhere(env: Any) -> tuple[Any, Any, Any]:
    """A server the bot is not in (gone from its cache; its channel denied to it), with
    alice: (server, channel, alice)."""
    server = env.create_guild("Friends")
    channel = server.create_text_channel("chat")
    alice = server.add_member(env.create_user("alice"))
    deny_bot(env, channel, view_channel=True)
    env.bot._connection._remove_guild(env.bot.get_guild(server.id))
    return server, channel, alice


def check_only_answered(env: Any, server: Any, channel: Any) -> None:
    """Nothing of the bot's own reached the place (no post, edit or read: only the
    interaction's answers), and no interaction used more than five follow-ups."""
    own = [
        f"{r.method} {r.path}"
        for r in env.http_requests
        if r.path.startswith((f"/channels/{channel.id}", f"/guilds/{server.id}"))
    ]
    assert own == []
    followups = Counter(
        r.path for r in env.http_requests if r.method == "POST" and r.path.startswith("/webhooks/")
    )
    assert max(followups.values(), default=0) <= MAX_FOLLOWUPS


def private(result: Any) -> str:
    """The interaction's answer, checked to be private (replies and follow-ups)."""
    messages = [m for m in (result.response, *result.followups) if m is not None]
    assert result.ephemeral and all(m.ephemeral for m in messages)
    return "\n".join(str(m.content) for m in messages)


@pytest.mark.parametrize("place", ["server", "group_dm", "dm"])
async def test_a_solo_game_is_started_and_played_where_the_bot_is_absent(
    env, monkeypatch, place: str
) -> None:
    server, channel, alice = elsewhere(env)
    with installed_by_user(monkeypatch, {channel.id: place}):
        started = await alice.slash(channel, "game new", game="cartographer", seed=4)
        (match,) = await env.bot.service.find_matches(alice.id)
        dm = alice.user.dm_channel
        assert match.guild_id is None and match.channel_id == dm.id  # the board's home: the DM
        (board,) = dm.history()
        assert board.id == match.board_message_id and "Cartographer" in board_text(board)
        said = private(started)
        assert f"https://discord.com/channels/@me/{dm.id}/{board.id}" in said
        hint = await alice.slash(channel, "hint")
        move = quoted(private(hint))
        assert move in [c["value"] for c in await alice.autocomplete(channel, "play", "move", "")]
        played = await alice.slash(channel, "play", move=move)
        assert "Played: Turn over " in private(played) and f"(`{move}`)" in private(played)
        assert (await env.bot.service.get(match.id)).steps == 1
        (redrawn,) = dm.history()  # the DM's board shows the move
        assert redrawn.id == board.id and board_text(redrawn) != board_text(board)
        refused = await alice.slash(channel, "game new", game="speiderne")
        assert "a server the bot itself was added to" in private(refused)
        assert len(await env.bot.service.find_matches(alice.id)) == 1
    check_only_answered(env, server, channel)


async def test_a_game_from_elsewhere_takes_clicks_in_the_dm_and_ends(env, monkeypatch) -> None:
    server, channel, alice = elsewhere(env)
    with installed_by_user(monkeypatch, {channel.id: "server"}):
        await alice.slash(channel, "game new", game="dungeon-delver", seed=5)
        (match,) = await env.bot.service.find_matches(alice.id)
        dm = alice.user.dm_channel
        (board,) = dm.history()
        move = (await env.bot.service.legal_moves(match.id, alice.id))[0]
        clicked = await alice.user.select(board, [move], custom_id=select_for(board, move))
        assert clicked.response.id == board.id  # the board in the DM was edited by the click
        assert (await env.bot.service.get(match.id)).steps == 1
        shown = await alice.slash(channel, "game show")  # a fresh board in the DM, linked
        (fresh,) = dm.history()
        assert fresh.id != board.id and f"/@me/{dm.id}/{fresh.id}" in private(shown)
        for _ in range(120):
            hint = await alice.slash(channel, "hint")
            last = await alice.slash(channel, "play", move=quoted(private(hint)))
            if (await env.bot.service.get(match.id)).status != "playing":
                break
        finished = await env.bot.service.get(match.id)
        assert finished.status == "finished"
        assert "Par for this deal" in private(last)  # the end's follow-ups came through
    check_only_answered(env, server, channel)


async def test_answers_where_the_bot_is_absent_in_japanese(env, monkeypatch) -> None:
    server, channel, alice = elsewhere(env)
    with installed_by_user(monkeypatch, {channel.id: "server"}), japanese(monkeypatch, {alice.id}):
        started = await alice.slash(channel, "game new", game="cartographer", seed=4)
        assert "盤面はボットとのDMにあります" in private(started)
        hint = await alice.slash(channel, "hint")
        await alice.slash(channel, "play", move=quoted(private(hint)))
        (board,) = alice.user.dm_channel.history()  # the board in the DM: the player's language
        assert "手番" in board_text(board) and "Turn" not in board_text(board)
        refused = await alice.slash(channel, "game new", game="speiderne")
        assert "ボット自身が追加されたサーバー" in private(refused)
    check_only_answered(env, server, channel)


async def test_a_dm_that_cannot_be_opened_or_written_is_said(env, monkeypatch) -> None:
    from tests.cogs.faults import install  # noqa: PLC0415 - the fault layer only where used

    faults = install(env)
    server, channel, alice = elsewhere(env)
    with installed_by_user(monkeypatch, {channel.id: "server"}):
        faults.fail("POST", "/users/@me/channels", 403, 50007)
        closed = await alice.slash(channel, "game new", game="cartographer")
        assert "cannot open one with you" in private(closed)
        assert await env.bot.service.find_matches(alice.id) == []  # nothing started
        dm = alice.user.dm_channel
        faults.fail("POST", f"/channels/{dm.id}/messages", 403, 50007, times=None)
        unsent = await alice.slash(channel, "game new", game="cartographer")
        (match,) = await env.bot.service.find_matches(alice.id)
        assert f"Your game {match.id} is saved" in private(unsent) and dm.history() == []
    check_only_answered(env, server, channel)


async def test_a_server_with_the_bot_plays_as_ever_for_a_user_install_too(env, monkeypatch) -> None:
    """Both installs named (the bot is in the server, the person added the app too): the
    board is posted in the channel as always."""
    server = env.create_guild("Tabletop")
    channel = server.create_text_channel("games")
    alice = server.add_member(env.create_user("alice"))
    with installed_by_user(monkeypatch, {channel.id: "both"}):
        opened = await alice.slash(channel, "game new", game="cartographer", seed=4)
    assert not opened.ephemeral
    (match,) = await env.bot.service.find_matches(alice.id)
    assert match.guild_id == server.id and match.channel_id == channel.id
    assert [m.id for m in channel.history()] == [match.board_message_id]
