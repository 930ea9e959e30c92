"""``/daily`` end to end (simcord) under a controlled clock: the same secret deal for a
server, played in a DM; one counted attempt a day; a table per server; the share line and
streaks across midnight and a restart; the seed absent from every reply, message, log line
and autocomplete while the day runs, and shown the next day."""

from __future__ import annotations

import datetime as dt
import json
import logging
from dataclasses import dataclass
from typing import Any

import pytest

from tests.cogs.helpers import layout, quoted

#: 2026-11-25 10:00 UTC.
START = dt.datetime(2026, 11, 25, 10, 0, tzinfo=dt.UTC).timestamp()
DAY = "2026-11-25"


@dataclass
class Clock:
    now: float = START


def texts_of(message: Any) -> list[str]:
    """Everything a person can read in a message: content, embeds, a layout's components
    (texts, alt texts, labels), attachment descriptions."""
    found = [message.content or "", json.dumps(layout(message), ensure_ascii=False)]
    found += [json.dumps(embed.to_dict(), ensure_ascii=False) for embed in message.embeds]
    found += [a.description or "" for a in message.attachments]
    return found


def result_texts(result: Any) -> list[str]:
    messages = [m for m in (result.response, *result.followups) if m is not None]
    return [text for m in messages for text in texts_of(m)]


async def play_daily_in_dm(env: Any, user: Any, match_id: str, seen: list[str]) -> Any:
    """Hint then play in the DM until the match ends; every reply is kept in ``seen``."""
    for _ in range(120):
        hint = await user.slash("hint")
        played = await user.slash("play", move=quoted(hint.response.content))
        seen += result_texts(hint) + result_texts(played)
        if (await env.bot.service.get(match_id)).status != "playing":
            return played
    raise AssertionError("the daily game did not end")


@pytest.mark.postgres  # one counted attempt a day and the streaks, kept in the database
async def test_daily_deal_secret_counted_once_tabled_per_server_with_streaks(
    env, make_bot, caplog
) -> None:
    caplog.set_level(logging.DEBUG)
    clock = Clock()
    env.bot.service.clock = lambda: clock.now
    guild = env.create_guild("Tabletop")
    channel = guild.create_text_channel("games")
    alice = guild.add_member(env.create_user("alice"))
    bob = guild.add_member(env.create_user("bob"))
    other = env.create_guild("Elsewhere")
    elsewhere_channel = other.create_text_channel("games")
    carol = other.add_member(env.create_user("carol"))
    seen: list[str] = []

    first = await alice.slash(channel, "daily", game="cartographer")
    seen += result_texts(first)
    assert first.ephemeral and "counted attempt" in first.response.embeds[0].description
    store = env.bot.service.store
    seed = await store.daily_seed(guild.id, "cartographer", DAY, 0)
    (match,) = await env.bot.service.find_matches(alice.id)
    assert match.seed == seed and match.guild_id is None  # played in the DM, nobody else sees it
    assert match.channel_id == alice.user.dm_channel.id
    assert not match.takebacks  # a counted attempt is played as dealt: no takebacks
    assert channel.history() == []  # nothing about the deal in the server's channel
    last = await play_daily_in_dm(env, alice.user, match.id, seen)
    said = "\n".join(result_texts(last))
    assert "Par for this deal" in said and f"daily {DAY}" in said and "🔥1" in said
    share = said.split("```")[1]
    assert "🟩" in share or "⬛" in share
    assert not match.practice  # the counted attempt counts in /stats like any game
    stats = await alice.user.slash("stats")
    assert "1 played" in stats.response.embeds[0].fields[0].value
    # A second /daily the same day is practice; bob's first counts; carol's server has its own deal.
    again = await alice.slash(channel, "daily", game="cartographer")
    seen += result_texts(again)
    assert "practice" in again.response.embeds[0].description
    (second,) = await env.bot.service.find_matches(alice.id)
    assert second.practice and second.seed == seed
    assert second.takebacks  # practice: a solo takeback with nothing revealed is harmless
    table = again.response.embeds[0].fields[0].value
    # Today's table says who played, not how: results wait for the day's end.
    assert table.count(f"<@{alice.id}>") == 1 and "played" in table and "moves" not in table
    for_bob = await bob.slash(channel, "daily", game="cartographer")
    seen += result_texts(for_bob)
    assert "counted attempt" in for_bob.response.embeds[0].description
    (bobs,) = await env.bot.service.find_matches(bob.id)
    assert bobs.seed == seed
    elsewhere = await carol.slash(elsewhere_channel, "daily", game="cartographer")
    seen += result_texts(elsewhere)
    assert await store.daily_seed(other.id, "cartographer", DAY, 0) != seed
    assert f"<@{alice.id}>" not in elsewhere.response.embeds[0].fields[0].value
    # In the bot's DMs: one deal for everybody, apart from every server's.
    dana = env.create_user("dana")
    in_dm = await dana.slash("daily", game="cartographer")
    seen += result_texts(in_dm)
    assert "counted attempt" in in_dm.response.embeds[0].description
    (danas,) = await env.bot.service.find_matches(dana.id)
    assert danas.seed == await store.daily_seed(0, "cartographer", DAY, 0) != seed
    seen += [text for m in dana.dm_channel.history() for text in texts_of(m)]
    # The seed is secret while the day runs: /replay waits, and nothing shows the number.
    early = await alice.user.slash("replay", id=match.id)  # in the DM, where the match is
    seen += result_texts(early)
    assert "once the day is over" in early.response.content
    for actor in (alice, bob):
        for name, option in (("review", "id"), ("play", "move")):
            choices = await actor.autocomplete(channel, name, option, "")
            seen += [json.dumps(choices)]
    seen += [text for m in channel.history() for text in texts_of(m)]
    for person in (alice, bob, carol):
        seen += [text for m in person.user.dm_channel.history() for text in texts_of(m)]
    seen += [
        json.dumps(env.bot.service.view_for(match, alice.id))
    ]  # what the pictures are drawn from
    seen += [record.getMessage() for record in caplog.records]
    assert not [text for text in seen if str(seed) in text]

    # After midnight (UTC), and after a restart: yesterday's deal with its seed and par, the
    # streak carried over, a new deal today.
    clock.now = START + 15 * 3600  # 01:00 the next day
    await env.restart_bot(make_bot())
    env.bot.service.clock = lambda: clock.now
    nextday = await alice.slash(channel, "daily", game="cartographer")
    embed = nextday.response.embeds[0]
    assert "counted attempt" in embed.description
    yesterday = embed.fields[1].value
    assert f"seed {seed}" in yesterday and "Par:" in yesterday and f"<@{alice.id}>" in yesterday
    assert embed.footer.text == "Your streak: 2 day(s) in a row"
    assert await store.daily_seed(guild.id, "cartographer", "2026-11-26", 0) != seed
    later = await alice.user.slash("replay", id=match.id)
    assert f"--seed {seed}" in later.response.embeds[0].description


@pytest.mark.parametrize("backend", ["sqlite"], indirect=True)
async def test_daily_says_so_when_the_dm_cannot_be_opened_or_written(env) -> None:
    from tests.cogs.faults import install  # noqa: PLC0415 - the fault layer only where used

    faults = install(env)
    guild = env.create_guild("Tabletop")
    channel = guild.create_text_channel("games")
    alice = guild.add_member(env.create_user("alice"))
    bob = guild.add_member(env.create_user("bob"))
    faults.fail("POST", "/users/@me/channels", 403, 50007)
    closed = await alice.slash(channel, "daily", game="dungeon-delver")
    assert closed.ephemeral and "cannot send you a direct message" in closed.response.content
    assert await env.bot.service.find_matches(alice.id) == []  # nothing started, nothing counted
    faults.fail("POST", f"/channels/{bob.user.dm_channel.id}/messages", 403, 50007, times=None)
    unsent = await bob.slash(channel, "daily", game="dungeon-delver")
    text = unsent.response.embeds[0].description
    assert "counted attempt" in text and "could not be sent to your DM" in text
    (match,) = await env.bot.service.find_matches(bob.id)
    assert match.id in text  # /game show id:… in the DM, once allowed
