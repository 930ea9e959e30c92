"""The match service end to end on a real SQLite file: games through ``play``, lobbies,
computer seats, turn clocks, statistics, restarts and views."""

from __future__ import annotations

import pytest

from gamecore.contract import IllegalAction
from gamecore.registry import get_game
from service import MatchError, MatchService, Viewer, filter_choices
from storage import store_for
from tests.toys.race import Race

HOST, GUEST, OTHER = 101, 202, 303
DAY = 24 * 60 * 60


async def play_solo_to_end(
    service: MatchService, match_id: str, user: int, use_hints: bool = False
):
    outcomes = []
    match = await service.get(match_id)
    while match.status == "playing":
        moves = await service.legal_moves(match_id, user)
        assert moves, "a playing solo match always offers a move"
        move = (await service.hint(match_id, user)).notation if use_hints else moves[0]
        outcome = await service.play(match_id, user, move, expected_version=match.version)
        outcomes.append(outcome)
        match = outcome.final
    return match, outcomes


async def test_a_seeded_solo_game_through_play_with_automatic_claims(service, store):
    match = await service.new_match("toy-solo", 1, 2, HOST, seed=99, user_name="Ann")
    assert match.status == "playing" and match.seats[0].name == "Ann"
    final, outcomes = await play_solo_to_end(service, match.id, HOST)
    assert final.status == "finished"
    autos = [f for o in outcomes for f in o.follow_ups]
    assert autos and all(f.kind == "auto" and f.notation.startswith("claim") for f in autos)
    assert all(o.kind == "move" for o in outcomes)
    # every step, automatic or not, is its own action row, and the log replays exactly
    log = await service.actions(match.id)
    assert len(log) == final.steps == len(outcomes) + len(autos)
    assert [a.step for a in log] == list(range(1, final.steps + 1))
    game = get_game("toy-solo")
    assert game.to_json(await store.replay(match.id)) == game.to_json(final.state)
    assert match.practice and await service.stats(HOST) == []  # a chosen seed: practice
    assert await service.leaderboard("toy-solo") == []
    assert [m.id for m in await service.history(HOST)] == [match.id]
    assert await service.find_matches(HOST) == []
    with pytest.raises(MatchError) as err:
        await service.play(match.id, HOST, "step 1")
    assert err.value.code == "match_over"


async def test_same_seed_same_game(service):
    first = await service.new_match("toy-solo", 1, 2, HOST, seed=5)
    second = await service.new_match("toy-solo", 1, 2, GUEST, seed=5)
    one, _ = await play_solo_to_end(service, first.id, HOST)
    two, _ = await play_solo_to_end(service, second.id, GUEST)
    assert [a.notation for a in await service.actions(first.id)] == [
        a.notation for a in await service.actions(second.id)
    ]
    assert one.state == two.state


async def test_refusals_change_nothing(service):
    match = await service.new_match("toy-solo", 1, 2, HOST, seed=1)
    with pytest.raises(IllegalAction) as err:
        await service.play(match.id, HOST, "jump 3")
    assert err.value.code == "notation"
    with pytest.raises(MatchError) as err:
        await service.play(match.id, GUEST, "step 1")
    assert err.value.code == "not_seated"
    with pytest.raises(MatchError) as err:
        await service.play("nope", HOST, "step 1")
    assert err.value.code == "no_match"
    with pytest.raises(MatchError) as err:
        await service.play(match.id, HOST, "step 1", expected_version=match.version + 3)
    assert err.value.code == "stale_version"
    assert await service.get(match.id) == match
    assert await service.actions(match.id) == []


async def test_lobby_to_finish_with_a_computer_seat(service):
    lobby = await service.new_match("toy-race", 1, 2, HOST, user_name="Host")
    assert lobby.status == "lobby"
    assert service.view_for(lobby, None)["phase"] == "lobby"
    lobby = await service.lobby_join(lobby.id, GUEST, "Guest")
    with pytest.raises(MatchError) as err:
        await service.lobby_start(lobby.id, GUEST)
    assert err.value.code == "not_host"
    await service.lobby_add_computer(lobby.id, HOST, "heuristic")
    match = await service.lobby_start(lobby.id, HOST)
    assert match.status == "playing" and len(match.seats) == 3
    assert {m.id for m in await service.find_matches(GUEST, channel_id=2)} == {match.id}
    assert await service.find_matches(GUEST, channel_id=3) == []
    turns = 0
    while match.status == "playing":
        turns += 1
        assert turns < 40
        if match.awaits_computer:
            steps = await service.computer_turns(match.id)
            assert steps and all(
                s.kind == "computer" and s.seat_name.startswith("heuristic") for s in steps
            )
            match = steps[-1].final
            continue
        user = match.seats[match.to_move[0]].user_id
        waiting = GUEST if user == HOST else HOST
        assert await service.legal_moves(match.id, waiting) == []
        assert await service.legal_moves(match.id, user, "2") == ["add 2"]
        assert await service.legal_moves(match.id, user, limit=2) == ["add 1", "add 2"]
        assert await service.legal_moves(match.id, user, limit=None) == ["add 1", "add 2", "add 3"]
        match = (await service.play(match.id, user, "add 1", match.version)).final
    winners = match.result["winners"]
    for user in (HOST, GUEST):
        (record,) = await service.stats(user)
        assert record.won == (match.seat_of(user) in winners)
    board = await service.leaderboard("toy-race")
    assert {row.user_id for row in board} == {HOST, GUEST}


async def test_views_hide_seats_from_outsiders(service):
    lobby = await service.new_match("toy-race", 1, 2, HOST)
    await service.lobby_join(lobby.id, GUEST)
    match = await service.lobby_start(lobby.id, HOST)
    assert service.view_for(match, OTHER)["viewer"] is None
    assert service.view_for(match, None)["viewer"] is None
    assert service.view_for(match, GUEST)["viewer"] == match.seat_of(GUEST)


async def test_resign_and_abandon(service):
    lobby = await service.new_match("toy-race", 1, 2, HOST)
    await service.lobby_join(lobby.id, GUEST)
    match = await service.lobby_start(lobby.id, HOST)
    handed = await service.resign(match.id, GUEST)
    assert handed.seats[match.seat_of(GUEST)].is_computer
    assert await service.stats(GUEST) == []  # counted when the match ends
    with pytest.raises(MatchError) as err:
        await service.abandon(match.id, GUEST)
    assert err.value.code == "not_host"
    # The match counts: the host's abandon is their resignation, the last one: it ends.
    ended = await service.abandon(match.id, HOST)
    assert ended.status == "finished" and ended.result["result"] == "resigned"
    assert await service.find_matches(HOST) == []
    for user in (HOST, GUEST):
        (record,) = await service.stats(user)
        assert (record.played, record.lost) == (1, 1)
    practice = await service.new_match("toy-race", 1, 2, HOST, seed=5)
    await service.lobby_join(practice.id, GUEST)
    await service.lobby_start(practice.id, HOST)
    assert (await service.abandon(practice.id, HOST)).status == "abandoned"
    solo = await service.new_match("toy-solo", 1, 2, HOST)
    lost = await service.resign(solo.id, HOST)
    assert lost.result["result"] == "lost"
    solo_record = [r for r in await service.stats(HOST) if r.game_id == "toy-solo"]
    assert [r.lost for r in solo_record] == [1]


async def test_turn_clock_reminds_plays_and_hands_over(service, clock):
    lobby = await service.new_match("toy-race", 1, 2, HOST, turn_limit=DAY)
    await service.lobby_join(lobby.id, GUEST)
    match = await service.lobby_start(lobby.id, HOST)
    sleeper = match.seats[match.to_move[0]].user_id
    awake = GUEST if sleeper == HOST else HOST
    assert await service.due_timers() == []
    clock.advance(DAY / 2)
    assert await service.due_timers() == [match.id]
    reminder = await service.fire_timer(match.id)
    assert reminder.kind == "reminder" and reminder.seats == match.to_move
    assert reminder.match.version == match.version
    assert await service.due_timers() == []
    assert (await service.fire_timer(match.id)).kind == "none"
    for round_number in (1, 2):
        clock.advance(DAY)
        expired = await service.fire_timer(match.id)
        assert expired.kind == "expired"
        assert expired.steps[0].kind == "timeout" and expired.steps[0].notation == "add 3"
        match = expired.match
        if round_number == 1:
            assert expired.handed_over == ()
            user = match.seats[match.to_move[0]].user_id
            assert user == awake
            match = (await service.play(match.id, awake, "add 1")).final
    assert expired.handed_over == (expired.steps[0].seat,)
    assert match.seat_of(sleeper) is None
    assert match.seats[match.to_move[0]].user_id == awake  # the computer moved for the seat
    assert await service.stats(sleeper) == []  # counted when the match ends
    while match.status == "playing":
        match = (await service.play(match.id, awake, "add 1")).final
        if match.awaits_computer:
            match = (await service.computer_turns(match.id))[-1].final
    (record,) = await service.stats(sleeper)
    assert record.lost == 1


async def test_paused_clocks_keep_their_time_and_the_store_keeps_it(backend_url, clock):
    first = MatchService(store_for(backend_url), clock=clock)
    await first.start()
    lobby = await first.new_match("toy-race", 1, 2, HOST, turn_limit=DAY)
    await first.lobby_join(lobby.id, GUEST)
    match = await first.lobby_start(lobby.id, HOST)
    elsewhere = await first.new_match("toy-solo", 1, 3, HOST, seed=5)
    assert await first.pause_clocks(2, 0) == []
    (moved,) = await first.pause_clocks(2, 3600)  # the channel refused the bot for an hour
    assert moved.id == match.id and moved.turn_deadline == match.turn_deadline + 3600
    clock.advance(DAY / 2)
    assert await first.due_timers() == []  # the reminder moved by the hour too
    clock.advance(3600)
    assert await first.due_timers() == [match.id]
    await first.close()
    second = MatchService(store_for(backend_url), clock=clock)  # a restart keeps it
    await second.start()
    assert (await second.get(match.id)).turn_deadline == match.turn_deadline + 3600
    assert (await second.get(elsewhere.id)).turn_deadline is None
    await second.close()


async def test_restart_resumes_every_live_match(backend_url, clock):
    first = MatchService(store_for(backend_url), clock=clock)
    await first.start()
    match = await first.new_match("toy-solo", 1, 2, HOST, seed=11)
    outcome = await first.play(match.id, HOST, (await first.legal_moves(match.id, HOST))[0])
    await first.set_board_message(match.id, 555)
    await first.close()
    second = MatchService(store_for(backend_url), clock=clock)
    await second.start()
    resumed = await second.get(match.id)
    assert resumed.state == outcome.final.state and resumed.board_message_id == 555
    assert await second.legal_moves(match.id, HOST) == await first.legal_moves(match.id, HOST)
    assert [m.id for m in await second.find_matches(HOST)] == [match.id]
    await second.close()


async def test_hint_suggests_a_legal_move(service):
    lobby = await service.new_match("toy-race", 1, 2, HOST)
    await service.lobby_join(lobby.id, GUEST)
    match = await service.lobby_start(lobby.id, HOST)
    user = match.seats[match.to_move[0]].user_id
    hint = await service.hint(match.id, user)
    assert (hint.notation, hint.player) == ("add 3", "heuristic")
    other = GUEST if user == HOST else HOST
    with pytest.raises(MatchError) as err:
        await service.hint(match.id, other)
    assert err.value.code == "not_your_turn"


def test_filter_choices_orders_and_limits():
    notations = [f"move {i} {c}" for i in range(10) for c in "abc"]
    assert filter_choices(notations, "") == notations[:25]
    assert filter_choices(notations, "MOVE 1") == ["move 1 a", "move 1 b", "move 1 c"]
    assert filter_choices(["a x", "x a", "b"], "x")[:2] == ["x a", "a x"]
    assert filter_choices(["explore 2 7H"], "explore27h") == ["explore 2 7H"]
    assert filter_choices(notations, "zzz") == []


async def test_cartographer_through_the_service(service, store):
    match = await service.new_match("cartographer", 1, 2, HOST, seed=2024)
    assert service.view_for(match, HOST) == get_game("cartographer").view(match.state, 0)
    final, outcomes = await play_solo_to_end(service, match.id, HOST)
    assert final.status == "finished" and final.result["result"] in ("won", "lost")
    game = get_game("cartographer")
    assert game.to_json(await store.replay(match.id)) == game.to_json(final.state)


async def test_dungeon_delver_claims_automatically(service, store):
    game = get_game("dungeon-delver")
    claims = 0
    for seed in range(8):
        match = await service.new_match("dungeon-delver", 1, 2, HOST, seed=seed)
        final, outcomes = await play_solo_to_end(service, match.id, HOST, use_hints=True)
        assert final.status == "finished"
        for outcome in outcomes:
            for follow in outcome.follow_ups:
                assert follow.kind == "auto" and follow.notation.startswith("claim")
                claims += 1
            # after each move and its follow-ups no reward is left unclaimed
            if outcome.final.status == "playing":
                assert not game.auto_actions(outcome.final.state)
        assert game.to_json(await store.replay(match.id)) == game.to_json(final.state)
    assert claims > 0


async def test_the_clock_task_plays_computer_seats_left_waiting(service, clock):
    lobby = await service.new_match("toy-race", 1, 2, HOST, turn_limit=0)
    await service.lobby_add_computer(lobby.id, HOST)
    match = await service.lobby_start(lobby.id, HOST)
    if not match.awaits_computer:  # the host sits first: move, then the computer waits
        match = (await service.play(match.id, HOST, "add 1")).final
    assert match.awaits_computer
    assert await service.due_timers() == []  # nobody has forgotten it yet
    clock.advance(30)
    assert await service.due_timers() == [match.id]
    fired = await service.fire_timer(match.id)
    assert fired.kind == "computer" and fired.steps
    assert not fired.match.awaits_computer
    assert await service.due_timers() == []


async def test_faulty_automatic_or_computer_actions_never_fail_a_committed_move(
    service, monkeypatch
):
    solo = get_game("toy-solo")
    monkeypatch.setattr(type(solo), "auto_actions", lambda _self, _state: [("claim", 99)])
    match = await service.new_match("toy-solo", 1, 2, HOST, seed=3)
    outcome = await service.play(match.id, HOST, "step 1")
    assert outcome.follow_ups == () and outcome.final.steps == 1
    race = get_game("toy-race")
    monkeypatch.setattr(
        type(race), "players", lambda _self: {"heuristic": lambda _v, _legal, _r: 7}
    )
    lobby = await service.new_match("toy-race", 1, 2, HOST)
    await service.lobby_add_computer(lobby.id, HOST)
    match = await service.lobby_start(lobby.id, HOST)
    if not match.awaits_computer:
        match = (await service.play(match.id, HOST, "add 1")).final
    (step,) = await service.computer_turns(match.id)
    assert step.notation == "add 1"  # the first legal move instead of the illegal 7


async def test_a_short_form_is_logged_as_the_move_it_stands_for(service, store):
    """Cartolan's ``wait`` (no Adventurer number) is executed as ``wait 1`` and logged so,
    matching what legal_actions lists and what a replay of the log needs."""
    lobby = await service.new_match("cartolan", 1, 2, HOST, user_name="Host")
    await service.lobby_add_computer(lobby.id, HOST, "trader")
    match = await service.lobby_start(lobby.id, HOST)
    for _ in range(20):
        if not match.awaits_computer:
            break
        match = (await service.computer_turns(match.id))[-1].final
    moves = await service.legal_moves(match.id, HOST, limit=None)
    assert "wait 1" in moves and "wait" not in moves
    await service.play(match.id, HOST, "wait", match.version)
    logged = [record.notation for record in await store.actions(match.id)]
    assert "wait 1" in logged and "wait" not in logged


class _Remembering:
    """A computer player with memory: notes every total it is shown."""

    seen: list[tuple[int, int]] = []  # (id of the player, total), across all players

    def __call__(self, view: dict, _legal: list, _rng) -> int:
        _Remembering.seen.append((id(self), view["total"]))
        return 1


async def test_each_match_and_seat_keeps_its_own_computer_player(service, monkeypatch):
    """Players may remember a match (Cartolan's routes): two matches played turn about never
    share one, and one seat keeps the same player from move to move."""
    monkeypatch.setattr(Race, "players", lambda _self: {"heuristic": _Remembering()})
    monkeypatch.setattr(_Remembering, "seen", [])
    matches = []
    for start in (0, 2):
        lobby = await service.new_match("toy-race", 1, 2, HOST, {"start": start})
        await service.lobby_add_computer(lobby.id, HOST, "heuristic")
        await service.lobby_add_computer(lobby.id, HOST, "heuristic")
        matches.append(await service.lobby_start(lobby.id, HOST))
    for _ in range(6):  # one action per match in turn: each seat moves twice, none wins
        for match in matches:
            current = await service.get(match.id)
            if current.awaits_computer:
                await service.computer_turns(match.id, limit=1)
            else:
                await service.play(match.id, HOST, "add 1")
    players: dict[int, list[int]] = {}
    for player, total in _Remembering.seen:
        players.setdefault(player, []).append(total)
    assert len(players) == 4  # two computer seats in each of two matches
    for totals in players.values():
        assert len(totals) >= 2 and totals == sorted(totals)  # kept, and one match only


async def test_statistics_per_server_and_for_all_servers(service):
    """A finished match counts in its server's leaderboard and in the global one only."""
    for guild in (1, 5):
        service.seed_source = lambda _bits: 99  # the same deal, not chosen by the player
        match = await service.new_match("toy-solo", guild, 2, HOST)
        await play_solo_to_end(service, match.id, HOST)
    (everywhere,) = await service.stats(HOST)
    (here,) = await service.stats(HOST, guild_id=5)
    assert (everywhere.played, here.played) == (2, 1)
    assert await service.stats(HOST, guild_id=9) == []
    assert [r.played for r in await service.leaderboard("toy-solo")] == [2]
    assert [r.played for r in await service.leaderboard("toy-solo", guild_id=1)] == [1]
    assert await service.leaderboard("toy-solo", guild_id=9) == []


async def test_the_public_timeline_rebuilds_every_step_from_the_log(service):
    match = await service.new_match("toy-solo", 1, 2, HOST, seed=99)
    final, _ = await play_solo_to_end(service, match.id, HOST)
    timeline = await service.public_timeline(match.id)
    game = get_game("toy-solo")
    assert len(timeline) == final.steps + 1 and timeline[0][0] is None
    assert [seat for seat, _ in timeline[1:]] == [a.seat for a in await service.actions(match.id)]
    assert timeline[-1][1] == game.view(final.state, None)


async def test_what_a_board_and_a_hand_show_and_the_checks_before_a_redraw(service):
    """The service decides what a message shows (``board_seen``, ``hand_seen``) and makes
    the checks a click needs before anything is drawn (``check_turn``, ``check_seated``),
    so the Discord layer only formats."""
    solo = await service.new_match("toy-solo", 1, 2, HOST, seed=5)
    seen = service.board_seen(solo)  # a solo board is its player's: their view and moves
    assert seen.view == service.view_for(solo, HOST)
    assert list(seen.moves) == await service.legal_moves(solo.id, HOST, limit=None)
    lobby = await service.new_match("toy-race", 1, 2, HOST)
    await service.lobby_join(lobby.id, GUEST)
    match = await service.lobby_start(lobby.id, HOST)
    board = service.board_seen(match)  # multiplayer: the spectator's view and, as nothing
    mover = match.seats[match.to_move[0]].user_id  # is hidden in the race, the mover's moves
    assert board.view["viewer"] is None and board.moves == ("add 1", "add 2", "add 3")
    waiting = GUEST if mover == HOST else HOST
    hand = service.hand_seen(match, mover)
    assert hand.view["viewer"] == match.seat_of(mover) and hand.moves == ("add 1", "add 2", "add 3")
    assert service.hand_seen(match, waiting).moves == ()
    assert await service.check_turn(match.id, mover, match.version) == match
    assert await service.check_seated(match.id, waiting) == match
    refusals = [
        (service.check_turn(match.id, mover, match.version - 1), "stale_version"),
        (service.check_turn(match.id, waiting, match.version), "not_your_turn"),
        (service.check_turn(match.id, OTHER), "not_seated"),
        (service.check_seated(match.id, OTHER), "not_seated"),
    ]
    for call, code in refusals:
        with pytest.raises(MatchError) as err:
            await call
        assert err.value.code == code
    with pytest.raises(MatchError) as err:
        service.hand_seen(match, OTHER)
    assert err.value.code == "not_seated"


async def test_a_match_is_visible_in_its_server_to_its_players_and_channel_only(service):
    """The visibility rule every path that names a match goes through (custom ids can be
    forged): a seat, or a view of the match's channel (Discord's answer, asked through
    ``sees_channel``), in the match's own server; a DM match in that DM only."""
    match = await service.new_match("toy-solo", 1, 2, HOST, seed=5)
    dm = await service.new_match("toy-solo", None, 9, GUEST, seed=5)

    def asker(user, guild, channel, sees=()):
        return Viewer(user, guild, channel, lambda channel_id: channel_id in sees)

    assert service.visible_to(match, asker(HOST, 1, 7))  # a seat, from any channel
    assert service.visible_to(match, asker(OTHER, 1, 7, sees={2}))  # can view its channel
    assert not service.visible_to(match, asker(OTHER, 1, 2))  # cannot view it
    assert not service.visible_to(match, asker(HOST, 5, 2, sees={2}))  # another server
    assert service.visible_to(dm, asker(OTHER, None, 9))  # in that DM
    assert not service.visible_to(dm, asker(OTHER, None, 8))
    away = Viewer(GUEST, 5, 3, lambda _channel: True, bot_absent=True)  # a user install
    assert service.visible_to(dm, away) and not service.visible_to(match, away)
    assert await service.get_visible(f" {match.id.upper()} ", asker(HOST, 1, 2)) == match
    for wanted, who in ((match.id, asker(OTHER, 1, 2)), ("zzzzzz", asker(HOST, 1, 2))):
        with pytest.raises(MatchError) as err:
            await service.get_visible(wanted, who)
        assert err.value.code == "no_match" and err.value.params["match_id"] == wanted
