"""Tournaments played through the bot at simulated time (simcord's virtual clock): a whole
Swiss of nine people with computers filling tables of four, three rounds, each table in a
thread of its own, a restart mid-round; an arena; and the hostile cases (another server,
not the host, the bound on open tournaments)."""

from __future__ import annotations

from typing import Any

import discord
import pytest

from gamecore.ratings import result_of
from gamecore.tournament import place_points
from service import MatchService
from service.tournaments import MAX_OPEN_PER_GUILD, standard_places
from storage import store_for
from tests.cogs.discord_world import deny_bot

PEOPLE = ("alice", "bob", "carol", "dave", "erin", "frank", "grace", "heidi", "ivan")


def people(env: Any, count: int) -> tuple[Any, Any, list[Any]]:
    guild = env.create_guild("Tabletop")
    channel = guild.create_text_channel("tournaments")
    members = [guild.add_member(env.create_user(name)) for name in PEOPLE[:count]]
    return guild, channel, members


def thread_handle(channel: Any, thread_id: int) -> Any:
    return next(t for t in channel.threads if t.id == thread_id)


def archived(channel: Any, thread_id: int) -> bool:
    meta = thread_handle(channel, thread_id)._channel.thread_metadata
    return bool(meta and meta.archived)


async def play_out(
    env: Any, channel: Any, members: list[Any], match_id: str, thread_id: int, *, typed: bool
) -> Any:
    """The people of the match play it to its end (the first of their legal moves): with
    /play in its thread when ``typed`` (computer seats then move by themselves), else
    straight through the match service (a board redrawn per move would make a whole
    Swiss take minutes), its end hook then run as the bot runs it."""
    service = env.bot.service
    by_id = {m.id: m for m in members}
    thread = thread_handle(channel, thread_id)
    for _ in range(1000):
        match = await service.get(match_id)
        if not match.live:
            await service.end_hooks_done()
            return match
        if match.awaits_computer:
            assert not typed  # computers moved before the last call returned
            await service.computer_turns(match_id)
            continue
        user_id = match.seats[match.to_move[0]].user_id
        move = (await service.legal_moves(match_id, user_id))[0]
        if typed:
            await by_id[user_id].slash(thread, "play", move=move, match=match_id)
        else:
            await service.play(match_id, user_id, move, expected_version=match.version)
    raise AssertionError("the match did not end")


async def finish(service: MatchService, match_id: str) -> Any:
    """Play the match to its end on ``service`` alone (no bot, no end hooks)."""
    for _ in range(1000):
        match = await service.get(match_id)
        if not match.live:
            return match
        if match.awaits_computer:
            await service.computer_turns(match_id)
            continue
        user_id = match.seats[match.to_move[0]].user_id
        move = (await service.legal_moves(match_id, user_id))[0]
        await service.play(match_id, user_id, move, expected_version=match.version)
    raise AssertionError("the match did not end")


def points_of(matches: list[Any]) -> dict[int, float]:
    """Each person's points from the rated results of the matches alone."""
    totals: dict[int, float] = {}
    for match in matches:
        entrants = result_of(match).entrants
        for entrant, p in zip(
            entrants, place_points(standard_places([e.place for e in entrants])), strict=True
        ):
            if entrant.user_id is not None:
                totals[entrant.user_id] = totals.get(entrant.user_id, 0.0) + p
    return totals


def tables_of(env: Any, tid: str, round_no: int) -> list[tuple[int, str, int]]:
    (tm,) = [t for t in env.bot.tournaments.open_tournaments() if t.id == tid]
    return [
        (t.number, tm.room(t.number).match_id, tm.room(t.number).thread_id)
        for t in tm.state.tables
        if t.round == round_no
    ]


# The whole Swiss and the arena run on both databases: their tables are rated matches and
# their standings are read back after a restart (tests/service/test_tournaments.py holds the
# faster cases: kill -9 between a table's end and its record, refusals, shards).
@pytest.mark.postgres  # a tournament and its rated tables stored, and read back after a restart
async def test_a_whole_swiss_through_the_bot(env, make_bot, database_url) -> None:
    guild, channel, members = people(env, 9)
    alice = members[0]
    created = await alice.slash(
        channel,
        "tournament new",
        name="Autumn cup",
        game="speiderne",
        format="swiss",
        seats=4,
        rounds=3,
    )
    assert not created.ephemeral and "Autumn cup" in created.response.embeds[0].title
    (tm,) = env.bot.tournaments.open_in(guild.id)
    for member in members:
        joined = await member.slash(channel, "tournament join", tournament=tm.id)
        assert joined.ephemeral and "Autumn cup" in joined.response.content
    await alice.slash(channel, "tournament start", tournament=tm.id)
    played = []
    for round_no in (1, 2, 3):
        tables = tables_of(env, tm.id, round_no)
        assert len(tables) == 3 and all(match_id and thread for _, match_id, thread in tables)
        for number, _match_id, thread_id in tables:
            thread = thread_handle(channel, thread_id)
            assert thread.name == f"Autumn cup – table {number}"
            assert thread.history()  # the table's board is in its thread
        board = channel.history()[0]  # the tournament's board, edited in place
        assert f"Round {round_no} of 3" in board.embeds[0].description
        for index, (_, match_id, thread_id) in enumerate(tables):
            if round_no == 2 and index == len(tables) - 1:
                # The bot is down while the round's last table ends (its moves committed by
                # another process, as by one killed before its end hooks ran): after the
                # restart, that end still advances the tournament.
                await env.bot.close()
                offline = MatchService(store_for(database_url))
                await offline.start()
                played.append(await finish(offline, match_id))
                await offline.close()
                await env.restart_bot(make_bot())
                continue
            typed = round_no == 1 and index == 0  # one whole table through /play, the rest faster
            played.append(await play_out(env, channel, members, match_id, thread_id, typed=typed))
        await env.advance_time(61)  # the minute sweep archives the ended tables' threads
        assert all(archived(channel, thread_id) for _, _, thread_id in tables)
    tm = await env.bot.tournaments.get(tm.id, guild.id)
    assert tm.status == "ended"
    lines = env.bot.tournaments.standings(tm)
    assert {x.standing.player: x.standing.points for x in lines} == points_of(played)
    # the ratings are the matches' own: every person played three rated matches
    for member in members:
        (rating,) = [
            r for r in await env.bot.service.ratings(member.id) if r.game_id == "speiderne"
        ]
        assert rating.rating.matches == 3
    board = channel.history()[0]
    assert "final standings" in board.embeds[0].description
    picture = board.attachments[0]
    assert picture.filename == "standings.png" and picture.description.startswith(
        "Standings of Autumn cup"
    )
    assert any("Autumn cup is over. Winner:" in m.content for m in channel.history())


async def test_strangers_and_members_cannot_do_what_is_not_theirs(env) -> None:
    guild, channel, members = people(env, 3)
    alice, bob = members[0], members[1]
    other = env.create_guild("Elsewhere")
    elsewhere = other.create_text_channel("general")
    mallory = other.add_member(env.create_user("mallory"))
    await alice.slash(
        channel, "tournament new", name="Cup", game="speiderne", format="swiss", seats=3
    )
    (tm,) = env.bot.tournaments.open_in(guild.id)
    refused = await mallory.slash(elsewhere, "tournament join", tournament=tm.id)
    assert refused.ephemeral and f"no tournament {tm.id} in this server" in refused.response.content
    board = channel.history()[0]  # the board's buttons: Join, Leave, the host's Start
    joined = await bob.click(board, custom_id=f"tt:tn:{tm.id}:join")
    assert joined.followups[-1].ephemeral and "You entered Cup" in joined.followups[-1].content
    refused = await bob.click(board, custom_id=f"tt:tn:{tm.id}:start")
    assert refused.followups[-1].ephemeral and "Only the host" in refused.followups[-1].content
    await members[2].slash(channel, "tournament join", tournament=tm.id)
    for command, extra in (
        ("tournament start", {}),
        ("tournament end", {}),
        ("tournament pause", {}),
        ("tournament drop", {"player": members[2]}),
    ):
        refused = await bob.slash(channel, command, tournament=tm.id, **extra)
        assert refused.ephemeral and "Only the host" in refused.response.content, command
    assert (await env.bot.tournaments.get(tm.id, guild.id)).status == "open"
    for index in range(MAX_OPEN_PER_GUILD - 1):
        await alice.slash(
            channel,
            "tournament new",
            name=f"More {index}",
            game="speiderne",
            format="arena",
            seats=2,
        )
    refused = await bob.slash(
        channel, "tournament new", name="Too many", game="speiderne", format="swiss", seats=3
    )
    assert refused.ephemeral
    assert f"already has {MAX_OPEN_PER_GUILD} open tournaments" in refused.response.content
    assert len(env.bot.tournaments.open_in(guild.id)) == MAX_OPEN_PER_GUILD


class Clock:
    """The match service's clock, moved by the test (the bot's minute loop runs on
    simcord's virtual time)."""

    def __init__(self) -> None:
        self.now = 1_800_000_000.0


@pytest.mark.postgres  # an arena's seating and streaks stored between tables
async def test_an_arena_through_the_bot(env) -> None:
    clock = Clock()
    env.bot.service.clock = lambda: clock.now
    guild, channel, members = people(env, 3)
    alice = members[0]
    await alice.slash(
        channel,
        "tournament new",
        name="Blitz",
        game="speiderne",
        format="arena",
        seats=2,
        minutes=5,
    )
    (tm,) = env.bot.tournaments.open_in(guild.id)
    winner_role = guild.create_role("Arena winner")
    await env.bot.service.change_setting(guild.id, "tournament_winner_role", winner_role.id)
    for member in members:
        await member.slash(channel, "tournament join", tournament=tm.id)
    await alice.slash(channel, "tournament start", tournament=tm.id)
    tm = await env.bot.tournaments.get(tm.id, guild.id)
    assert len(tm.playing()) == 1  # two seated at once, the third waits for a partner
    clock.now += 121
    await env.advance_time(61)  # the longest waiter waited 2 minutes: seated with a computer
    tm = await env.bot.tournaments.get(tm.id, guild.id)
    assert len(tm.playing()) == 2
    assert any(s.computer for t in tm.playing() for s in t.seats)
    played: dict[int, Any] = {}
    end = tm.state.config.end
    while tm.live:
        for table in tm.playing():
            room = tm.room(table.number)
            typed = not played  # the first table through /play, the others through the service
            played[table.number] = await play_out(
                env, channel, members, room.match_id, room.thread_id, typed=typed
            )
        clock.now = min(clock.now + 60, end + 1)
        await env.advance_time(61)
        tm = await env.bot.tournaments.get(tm.id, guild.id)
    assert clock.now > end and len(played) >= 3
    assert len(played) == len(tm.state.tables)  # nobody seated after the window closed
    for table in tm.state.tables:  # every table's order is its match's rated order
        rated = result_of(played[table.number]).entrants
        person = {e.user_id: e.place for e in rated if e.user_id is not None}
        computer = [e.place for e in rated if e.user_id is None]
        match_places = [person[s.player] if s.player else computer.pop() for s in table.seats]
        for a in range(len(table.seats)):
            for b in range(len(table.seats)):
                ahead_here = table.places[a] < table.places[b]
                assert ahead_here == (match_places[a] < match_places[b])
    winners = [x.standing.player for x in env.bot.tournaments.standings(tm) if x.standing.rank == 1]
    for member in members:  # the server's tournament winner role, given to the winners only
        has_role = winner_role.id in env.backend.get_member(guild.id, member.id).role_ids
        assert has_role == (member.id in winners)
    await env.advance_time(61)
    assert all(archived(channel, tm.room(t.number).thread_id) for t in tm.state.tables)
    assert "final standings" in channel.history()[0].embeds[0].description


async def test_a_start_time_is_announced_by_an_event_and_kept(env) -> None:
    clock = Clock()
    env.bot.service.clock = lambda: clock.now
    guild, channel, members = people(env, 4)
    alice = members[0]
    made = await alice.slash(
        channel,
        "tournament new",
        name="Evening cup",
        game="speiderne",
        format="swiss",
        seats=2,
        rounds=1,
        **{"start-in": 30},
    )
    assert made.followups[-1].ephemeral
    assert made.followups[-1].content == "A scheduled event announces the start."
    (event,) = env.backend.get_guild(guild.id).scheduled_events.values()
    assert event.name == "Evening cup"
    (tm,) = env.bot.tournaments.open_in(guild.id)
    assert tm.event_id == event.id
    for member in members:
        await member.slash(channel, "tournament join", tournament=tm.id)
    clock.now += 30 * 60 + 1
    await env.advance_time(61)  # the minute sweep starts it at its time
    tm = await env.bot.tournaments.get(tm.id, guild.id)
    assert tm.status == "running" and len(tm.playing()) == 2
    assert event.status == 2  # the scheduled event is under way (1 scheduled, 2 active)
    assert all(tm.room(t.number).thread_id for t in tm.playing())

    # The host's commands, each said on the board
    bob = members[1]

    async def board_says() -> str:  # the board kept up to date (/tournament show moves it)
        kept = (await env.bot.tournaments.get(tm.id, guild.id)).board_message_id
        return next(m for m in channel.history() if m.id == kept).embeds[0].description

    done = await alice.slash(channel, "tournament drop", tournament=tm.id, player=bob)
    assert done.ephemeral and "bob is left out of the later rounds" in done.response.content
    assert "bob: left out of later rounds by the host." in await board_says()
    await alice.slash(channel, "tournament readmit", tournament=tm.id, player=bob)
    assert "bob: left out" not in await board_says()
    await alice.slash(channel, "tournament pause", tournament=tm.id)
    assert "Paused by the host" in await board_says()
    await alice.slash(channel, "tournament resume", tournament=tm.id)
    assert "Paused by the host" not in await board_says()
    shown = await bob.slash(channel, "tournament show", tournament=tm.id)
    assert not shown.ephemeral and "Evening cup" in shown.response.embeds[0].title
    ended = await alice.slash(channel, "tournament end", tournament=tm.id)
    assert "the standings are final" in ended.response.content
    assert "Over: final standings." in await board_says()
    assert event.status == 3  # and completed
    assert any("Evening cup is over. Winner:" in m.content for m in channel.history())

    # Without Create Events (nor Manage Events) the host is told; the tournament is made
    me = env.bot.get_guild(guild.id).me
    bot_role = next(r for r in me.roles if r.managed)
    allowed = discord.Permissions(bot_role.permissions.value)
    allowed.update(manage_events=False, create_events=False)
    env.backend.edit_role(guild.id, bot_role.id, {"permissions": allowed.value})
    made = await alice.slash(
        channel,
        "tournament new",
        name="Late cup",
        game="cartolan",
        format="robin",
        seats=3,
        **{"start-in": 60},
    )
    assert made.followups[-1].content.startswith(
        "No scheduled event announces the start: I lack Create Events"
    )
    assert len(env.backend.get_guild(guild.id).scheduled_events) == 1
    (late,) = env.bot.tournaments.open_in(guild.id)  # the first one ended above
    assert late.name == "Late cup" and late.event_id is None


async def test_a_clock_that_gives_the_seat_away_twice_drops_the_player(env) -> None:
    clock = Clock()
    env.bot.service.clock = lambda: clock.now
    guild, channel, members = people(env, 3)
    alice, sleeper = members[0], members[2]
    await alice.slash(
        channel,
        "tournament new",
        name="Night cup",
        game="speiderne",
        format="swiss",
        seats=2,
        rounds=3,
        options="clock=1h",
    )
    (tm,) = env.bot.tournaments.open_in(guild.id)
    for member in members:
        await member.slash(channel, "tournament join", tournament=tm.id)
    await alice.slash(channel, "tournament start", tournament=tm.id)
    service = env.bot.service
    for round_no in (1, 2):
        for _, match_id, _thread_id in tables_of(env, tm.id, round_no):
            for _ in range(500):
                match = await service.get(match_id)
                if not match.live:
                    break
                if match.awaits_computer:
                    await service.computer_turns(match_id)
                    continue
                user_id = match.seats[match.to_move[0]].user_id
                if user_id == sleeper.id:  # asleep: the bot's minute loop finds the clock run out
                    clock.now = max(clock.now, match.turn_deadline + 1)
                    await env.advance_time(61)
                    continue
                move = (await service.legal_moves(match_id, user_id))[0]
                await service.play(match_id, user_id, move, expected_version=match.version)
            await service.end_hooks_done()
    said = "carol"
    assert any(
        f"{said}: left out of later rounds (their clock gave their seat to a computer twice)."
        in m.content
        for m in channel.history()
    )
    tm = await env.bot.tournaments.get(tm.id, guild.id)
    round_three = [t for t in tm.state.tables if t.round == 3]
    assert round_three and all(sleeper.id not in t.players for t in round_three)
    kept = next(m for m in channel.history() if m.id == tm.board_message_id)
    assert f"{said}: left out of later rounds" in kept.embeds[0].description


async def test_the_server_s_settings_apply_to_tournaments(env) -> None:
    guild, channel, members = people(env, 2)
    alice = members[0]
    await env.bot.service.change_setting(guild.id, "games", ["cartolan"])
    refused = await alice.slash(
        channel, "tournament new", name="Cup", game="speiderne", format="swiss", seats=2
    )
    assert refused.ephemeral and not env.bot.tournaments.open_in(guild.id)
    await env.bot.service.change_setting(guild.id, "language", "ja")
    await env.bot.service.change_setting(guild.id, "rated", False)
    made = await alice.slash(
        channel, "tournament new", name="Cup", game="cartolan", format="swiss", seats=2
    )
    assert "スイス式" in made.response.embeds[0].description  # the server's language
    (tm,) = env.bot.tournaments.open_in(guild.id)
    assert not tm.rated  # the server turned ratings off: its tables are practice


async def test_a_board_discord_refuses_changes_nothing_else(env) -> None:
    guild, channel, members = people(env, 2)
    alice, bob = members
    await alice.slash(
        channel, "tournament new", name="Cup", game="speiderne", format="swiss", seats=2
    )
    (tm,) = env.bot.tournaments.open_in(guild.id)
    deny_bot(env, channel, view_channel=True)  # an admin locks the bot out of the channel
    joined = await bob.slash(channel, "tournament join", tournament=tm.id)
    assert joined.ephemeral and "You entered Cup" in joined.response.content
    tm = await env.bot.tournaments.get(tm.id, guild.id)
    assert [e.name for e in tm.entrants] == ["bob"]  # the entry counts; the board waits
